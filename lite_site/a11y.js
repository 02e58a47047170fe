// The notebooks' pages (JupyterLab 4 / Notebook 7 as JupyterLite 0.8 ships them) fail axe-core in a
// few places of JupyterLab's own, and a screen reader stumbles on the same places. This repairs them
// where they are drawn, with words the page already has, until JupyterLab fixes them:
// - the cells' list is a "feed", whose items must be "article"s (the cells carry their name already);
// - a cell's editor is a text box without a name: it takes its cell's name ("Code Cell Content");
// - a heading's collapse button has no words: it takes its heading's;
// - the logo is a link without words: it takes the logo's name;
// - the skip link has tabindex="1" (it jumps ahead of the page's order): 0 keeps it first anyway;
// - a toolbar's <jp-button> says aria-pressed="false" on its host, which has no role (the button
//   inside it has): a button that is not pressed needs no such word;
// - an ipywidgets slider's handle (role=slider) has no name: it takes its slider's label, as the
//   app page does for its lessons.
(() => {
  "use strict";
  const repair = () => {
    for (const cell of document.querySelectorAll(".jp-WindowedPanel-viewport[role=feed] > .jp-Cell:not([role])")) {
      cell.setAttribute("role", "article");
    }
    for (const box of document.querySelectorAll(".jp-Cell .cm-content[role=textbox]:not([aria-label])")) {
      const name = box.closest(".jp-Cell").getAttribute("aria-label");
      if (name) box.setAttribute("aria-label", name);
    }
    for (const button of document.querySelectorAll("button.jp-collapseHeadingButton:not([aria-label])")) {
      const heading = button.closest(".jp-Cell")?.querySelector("h1, h2, h3, h4, h5, h6");
      if (heading) button.setAttribute("aria-label", heading.textContent.replace(/¶\s*$/, "").trim());
    }
    const logo = document.getElementById("jp-NotebookLogo");
    if (logo && !logo.hasAttribute("aria-label")) logo.setAttribute("aria-label", "JupyterLite");
    for (const link of document.querySelectorAll(".skip-link")) if (link.tabIndex > 0) link.tabIndex = 0;
    for (const host of document.querySelectorAll("jp-button[aria-pressed=false]:not([role])")) host.removeAttribute("aria-pressed");
    for (const handle of document.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])")) {
      const label = handle.closest(".widget-slider").querySelector(".widget-label")?.textContent.trim();
      if (label) handle.setAttribute("aria-label", label);
    }
  };
  let queued = false;
  new MutationObserver(() => {  // at most once a frame, however many cells change
    if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; repair(); }); }
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
