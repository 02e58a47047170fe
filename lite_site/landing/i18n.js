// The site's words in the edition's languages, shared by the landing page and the app page
// (tools/site/landing.py inlines this file into both). The words come from the catalogues
// sixnimmt_core/locale/<lang>/LC_MESSAGES/site.po, compiled and embedded at build time as
// <script id="site-words" type="application/json">: {lang: {name, plural, words: {key: text or
// [plural forms]}}}, English first. An element with data-t="key" shows that message; with
// data-ta="aria-label=key title=key" its attributes do. A {name} in a message is filled from the
// values given, else {game} by the game's name, else by the element's child with data-slot="name"
// (kept, so a slot can hold markup or another message).
const SITE = JSON.parse(document.getElementById("site-words").textContent);
const LANGS = Object.keys(SITE);
const LANG_STORE = "sixnimmt-lang";
const PLURAL = {};
// Each language's plural rule, a function written at build time (tools/site/landing.py): no eval.
for (const l of LANGS) PLURAL[l] = PLURAL_RULES[l] || (n => +(n != 1));
let lang = LANGS[0];

function langOf(hash) {
  const l = new URLSearchParams((hash || "").replace(/^#/, "")).get("lang");
  return LANGS.includes(l) ? l : null;
}
function storedLang() {
  try { const l = localStorage.getItem(LANG_STORE); return LANGS.includes(l) ? l : null; } catch (e) { return null; }
}
function browserLang() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = String(tag).toLowerCase().split(/[-_.]/)[0];
    if (LANGS.includes(code)) return code;
  }
  return null;
}
// The fragment's lang=, else the choice kept in this browser, else the browser's languages, else English.
function chosenLang(hash) { return langOf(hash) || storedLang() || browserLang() || LANGS[0]; }
function keepLang(l) { try { localStorage.setItem(LANG_STORE, l); } catch (e) { /* private mode: no memory */ } }

function t(key, values, n) {
  let s = SITE[lang].words[key];
  if (s === undefined || s === "") s = SITE[LANGS[0]].words[key];
  if (s === undefined) return key;
  if (Array.isArray(s)) s = s[Math.min(Math.max(PLURAL[lang](n), 0), s.length - 1)];
  const v = Object.assign({ game: SITE[lang].words.game }, values || {});
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in v ? String(v[k]) : m));
}
function fill(el, text) {
  if (!el._slots) el._slots = Object.fromEntries([...el.querySelectorAll(":scope > [data-slot]")].map(s => [s.dataset.slot, s]));
  const parts = text.split(/\{(\w+)\}/);
  el.replaceChildren(...parts.map((p, i) => (i % 2 ? el._slots[p] || "{" + p + "}" : p)).filter(p => p !== ""));
}
function translate(root) {
  for (const el of root.querySelectorAll("[data-t]")) fill(el, t(el.dataset.t));
  for (const el of root.querySelectorAll("[data-ta]")) {
    for (const pair of el.dataset.ta.split(/\s+/)) {
      const [attr, key] = pair.split("=");
      el.setAttribute(attr, t(key));
    }
  }
}
// The switch: a link per language, each by its own name (lang= in the fragment: a link a person can
// share or open in a new tab); choosing one is kept in this browser.
function langLinks(list, hrefOf) {
  list.replaceChildren(...LANGS.map(l => {
    const li = document.createElement("li"), a = document.createElement("a");
    a.lang = l; a.hreflang = l; a.textContent = SITE[l].name; a.dataset.lang = l;
    a.href = hrefOf(l);
    if (l === lang) a.setAttribute("aria-current", "true");
    a.addEventListener("click", () => keepLang(l));
    li.append(a);
    return li;
  }));
}
// Elements with data-only-lang="xx" (a language's own notebooks) show in that language only; a
// language that has none of them shows the English ones.
function showOnly(l) {
  const own = [...document.querySelectorAll("[data-only-lang]")];
  const shown = own.some(e => e.dataset.onlyLang === l) ? l : LANGS[0];
  for (const e of own) e.hidden = e.dataset.onlyLang !== shown;
}
function showLang(l) {
  lang = l;
  document.documentElement.lang = l;
  translate(document);
  showOnly(l);
}
