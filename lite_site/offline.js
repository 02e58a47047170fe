/* Offline support, loaded by every page of the site (a template: tools/site/offline.py fills in
 * JupyterLite's version and writes it to the site's root as offline.js).
 *
 * Registers the site's service worker (service-worker.js, which keeps the whole site for offline use;
 * docs/site.md), asks it to store the site once the page is started — when <html> gets
 * data-python="ready" (the learning app sets it), else 15 s after the page loaded — and tells when
 * this browser holds all of it: the <html> element gets
 * data-offline="ready" and data-offline-version="<build>", and the window an event "sixnimmt-offline"
 * whose detail says {version, stored, files}; meanwhile data-offline-stored says "stored/files".
 */
(function () {
  "use strict";
  var sw = navigator.serviceWorker;
  var html = document.documentElement;
  if (!sw || !document.currentScript) {
    html.dataset.offline = "unavailable";
    return;
  }
  // The very address JupyterLite's pages register, so that there is one worker, not two that fight.
  var script = new URL("service-worker.js?enableCache=false", document.currentScript.src).href;
  // JupyterLite's pages unregister every service worker when "<worker address>-version" in
  // localStorage is missing or differs from their version, and register theirs again: offline that
  // fails, and the site would stop working offline from the second visit on. The worker is this
  // build's own, made for this JupyterLite: record that before their code looks.
  try {
    localStorage.setItem(script + "-version", "@@JUPYTERLITE_VERSION@@");
  } catch (e) { /* storage disabled: JupyterLite's check then fails the same way for itself */ }
  html.dataset.offline = "installing";

  var store = false;

  function ask(worker) {
    return new Promise(function (resolve) {
      var reply = new MessageChannel();
      reply.port1.onmessage = function (event) { resolve(event.data); };
      worker.postMessage({ sixnimmt: "status", store: store }, [reply.port2]);
      setTimeout(function () { resolve(null); }, 10000);
    });
  }

  var polling = null;

  function show() {
    // Ask the active worker until its build is all here (asking also keeps it at work).
    return sw.ready.then(function (registration) {
      return registration.active && ask(registration.active);
    }).then(function (status) {
      if (!status) return;
      html.dataset.offlineStored = status.stored + "/" + status.files;
      if (!status.complete) {
        if (!polling) polling = setTimeout(function () { polling = null; show(); }, 3000);
        return;
      }
      html.dataset.offline = "ready";
      html.dataset.offlineVersion = status.version;
      window.dispatchEvent(new CustomEvent("sixnimmt-offline", { detail: status }));
    });
  }

  function startStoring() {
    if (store) return;
    store = true;
    show();
  }

  if (window === window.top) {
    if (html.dataset.python === "ready") startStoring();
    new MutationObserver(function () {
      if (html.dataset.python === "ready") startStoring();
    }).observe(html, { attributes: true, attributeFilter: ["data-python"] });
    window.addEventListener("load", function () { setTimeout(startStoring, 15000); });
  }

  sw.addEventListener("message", function (event) {
    if (event.data && event.data.sixnimmt === "complete") show();
  });
  sw.addEventListener("controllerchange", show);
  sw.register(script).then(function (registration) {
    if (window === window.top) registration.update().catch(function () { /* offline */ });
  }, function () {
    html.dataset.offline = "unavailable";
  });
  show();
  if (window === window.top && navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(function () { /* not granted: the browser may evict it */ });
  }
})();
