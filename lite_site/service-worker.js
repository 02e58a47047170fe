/* The site's service worker: Workbox's precaching composed with JupyterLite's own worker.
 * tools/site/workbox.mjs (workbox-build's injectManifest) fills in the precache manifest (the globs
 * of lite_site/site.toml [offline], each file with its sha256) and the version; tools/site/offline.py
 * writes it under JupyterLite's name, service-worker.js, which JupyterLite's pages register.
 *
 * JupyterLite's worker (build/service-worker.js, as JupyterLite 0.8.6 ships it) is imported last: it
 * answers the heartbeat and hands api/drive and api/stdin to the page (the kernel's files and input).
 * This worker's listeners come first and stop the event where Workbox answers it: JupyterLite's
 * fetch listener sees only what Workbox leaves (its routes; the rest it passes to the network), and
 * its install and activate never run (they would take over from an open page of the build before).
 *
 * Workbox does the caching: the app's files in one precache keyed by their revision (a new build's
 * worker stores its files beside the old ones while it installs, takes over once the old build's
 * pages are closed, then deletes what its manifest no longer names: a page is served one build,
 * whole), and the rest of the site (the notebooks' own interface) stored when first fetched.
 * What Workbox does not do is here, each in a few lines:
 * - on a first visit the worker takes over at once and stores the app only when a page asks
 *   (offline.js asks once Python is ready, so as not to slow the start); what the visit itself
 *   fetches is stored as it passes (Workbox's repair of the precache);
 * - a stored page or script whose bytes are not the build's (page script or the kernel overwrote it)
 *   is not served: it is fetched again, checked by the browser against the same sha256 (SRI);
 * - a page can ask how much of the build is stored.
 */
"use strict";

importScripts("@@WORKBOX@@/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "@@WORKBOX@@/", debug: false });
// Every module is loaded now: a worker may import scripts only while it starts.
const { PrecacheController, PrecacheRoute, cleanupOutdatedCaches } = workbox.precaching;
const { Router } = workbox.routing;
const { CacheFirst, NetworkFirst } = workbox.strategies;
const { ExpirationPlugin } = workbox.expiration;

const VERSION = "@@VERSION@@";
const MANIFEST = self.__WB_MANIFEST;
const ROOT = new URL("./", self.location.href);

// ---- a stored page or script is served only if its bytes are the build's ------------------------
// Checked: what starts the app (pages, scripts, its configuration). Not checked: Pyodide's wasm, the
// standard library and the wheels (8 MB; Pyodide checks each wheel's sha256 itself when it loads it).
const CHECKED = /\.(html|m?js|json|css)$/;

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

const onlyTheBuildsBytes = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (!cachedResponse) return null;
    const want = precache.getIntegrityForCacheKey(request.url);
    if (!want || !CHECKED.test(new URL(request.url).pathname)) return cachedResponse;
    const got = await sha256(await cachedResponse.clone().arrayBuffer());
    return got === want ? cachedResponse : null;  // null: fetched again (and stored again) by Workbox
  },
};

const precache = new PrecacheController({ cacheName: "sixnimmt-precache", plugins: [onlyTheBuildsBytes] });
precache.addToCacheList(MANIFEST);

// ---- routes: the precache, then the rest of the site as it is fetched --------------------------------
const router = new Router();
// A query never changes a static file (JupyterLite adds ?_=…, ?kernel=…).
router.registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [/.*/], directoryIndex: "index.html" }));

function ours(url, request) {  // GET only: api/drive and api/stdin are POSTs, JupyterLite's
  return request.method === "GET" && url.href.startsWith(ROOT.href) &&
    !/\/(service-worker\.js|version\.json|precache\.json|api\/service-worker-heartbeat)$/.test(url.pathname) &&
    !url.pathname.startsWith(ROOT.pathname + "handouts/") &&  // printed from the server, not stored
    !url.pathname.startsWith(ROOT.pathname + "class/");  // the class server's live answers (tables, saved games): never stored
}
// Files named by their content (JupyterLite's chunks; the lessons' frames, in a folder named by
// theirs): one copy is right for ever.
const HASHED = /\.[0-9a-f]{7,20}\.(js|css|woff2?)$|\/frames\/[0-9a-f]{16}\/[^/]+\.json$/;
router.registerRoute(new workbox.routing.Route(({ url, request }) => ours(url, request) && HASHED.test(url.pathname),
  new CacheFirst({ cacheName: "sixnimmt-runtime-hashed", plugins: [new ExpirationPlugin({ maxEntries: 600 })] })));
router.registerRoute(new workbox.routing.Route(({ url, request }) => ours(url, request),
  new NetworkFirst({ cacheName: "sixnimmt-runtime", networkTimeoutSeconds: 4,
                     plugins: [new ExpirationPlugin({ maxEntries: 600 })] })));

self.addEventListener("fetch", (event) => {
  const answer = router.handleRequest({ event, request: event.request });
  if (!answer) return;  // JupyterLite's worker's
  event.respondWith(answer);
  event.stopImmediatePropagation();
});

// ---- install, activate ----------------------------------------------------------------------------
self.addEventListener("install", (event) => {
  event.stopImmediatePropagation();
  if (!self.registration.active) {
    self.skipWaiting();  // the first visit: take over at once, store when a page asks
    return;
  }
  precache.install(event);  // a newer build: store it all now, then wait for the old pages to close
});

self.addEventListener("activate", (event) => {
  event.stopImmediatePropagation();
  cleanupOutdatedCaches();
  // The entries of the build before (and of none), gone; then this build serves the pages.
  event.waitUntil(precache.activate(event).then(() => self.clients.claim()));
});

// ---- a page asks: how much of this build is stored; store the rest ----------------------------------
let storing = null;

async function missing() {
  const cache = await caches.open(precache.strategy.cacheName);
  const have = new Set((await cache.keys()).map((request) => request.url));
  return precache.getCachedURLs().filter((url) => !have.has(precache.getCacheKeyForURL(url)));
}

async function storeOne(event, url) {
  // Through Workbox's precache strategy, as a page's fetch of a missing entry is (checked against
  // the entry's sha256 and stored): first through the browser's HTTP cache — the page has often just
  // fetched the file — then, if that copy is not this build's, from the server.
  const cacheKey = precache.getCacheKeyForURL(url);
  const integrity = precache.getIntegrityForCacheKey(cacheKey);
  for (const cache of ["default", "reload"]) {
    const request = new Request(url, { integrity, cache, credentials: "same-origin" });
    try {
      await Promise.all(precache.strategy.handleAll({ event, request, params: { cacheKey, integrity } }));
      return;
    } catch (error) {
      if (cache === "reload") throw error;
    }
  }
}

async function storeAll(event) {
  const todo = await missing();
  const lane = async () => {
    while (todo.length) await storeOne(event, todo.shift());
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage({ sixnimmt: "complete", version: VERSION });
  }
}

async function status() {
  const files = precache.getCachedURLs().length;
  const stored = files - (await missing()).length;
  return { sixnimmt: "status", version: VERSION, stored, files, complete: stored === files };
}

function isActive() {
  return self.serviceWorker ? self.registration.active === self.serviceWorker : !self.registration.installing;
}

self.addEventListener("message", (event) => {
  if (!event.data || event.data.sixnimmt !== "status") return;
  if (event.data.store && !storing && isActive()) {
    storing = storeAll(event)
      .catch((error) => console.warn("sixnimmt: storing the site for offline use stopped:", error))
      .finally(() => { storing = null; });
  }
  if (storing) event.waitUntil(storing);
  event.waitUntil(status().then((answer) => (event.ports[0] || event.source).postMessage(answer)));
});

// ---- JupyterLite's own worker, as it ships: its listeners after these ---------------------------------
importScripts("build/service-worker.js");
