/* The site's service worker, on Workbox. tools/site/workbox.mjs (workbox-build's injectManifest)
 * fills in the precache manifest — the learning app's files, each with its sha256 — and the version,
 * and tools/site/offline.py writes it over JupyterLite's own service-worker.js, under that name, so
 * that JupyterLite's pages (which register "service-worker.js?enableCache=…") register this one.
 *
 * Workbox does the caching: the app's files in one precache keyed by their revision (a new build's
 * worker stores its files beside the old ones while it installs, takes over once the old build's
 * pages are closed, and then deletes what its manifest no longer names: a page is served one build,
 * whole), and everything else on the site (the notebooks' own interface) stored when first fetched.
 * What Workbox does not do stays here, in a few lines each:
 * - JupyterLite's routes: the heartbeat, and api/drive and api/stdin handed to the page over the
 *   "/sw-api.v1" BroadcastChannel (the kernel reads files and input through them);
 * - on a first visit the worker takes over at once (JupyterLite's routes serve that very visit) and
 *   stores the app only when a page asks (offline.js asks once Python is ready, so as not to slow
 *   the start); what the visit itself fetches is stored as it passes (Workbox's repair of the precache);
 * - a stored page or script whose bytes are not the build's (page script or the kernel overwrote it)
 *   is not served: it is fetched again, checked by the browser against the same sha256 (SRI);
 * - a page can ask how much of the build is stored.
 */
"use strict";

importScripts("@@WORKBOX@@/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "@@WORKBOX@@/", debug: false });
// Every module is loaded now: a worker may import scripts only while it starts.
const { PrecacheController, PrecacheRoute, cleanupOutdatedCaches } = workbox.precaching;
const { registerRoute } = workbox.routing;
const { CacheFirst, NetworkFirst } = workbox.strategies;
const { ExpirationPlugin } = workbox.expiration;

const VERSION = "@@VERSION@@";
const MANIFEST = self.__WB_MANIFEST;
const ROOT = new URL("./", self.location.href);
const channel = new BroadcastChannel("/sw-api.v1");

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

// ---- JupyterLite's own routes -----------------------------------------------------------------------
async function relay(request, url) {
  const message = await request.json();
  message.requestId = message.requestId ?? crypto.randomUUID();
  message.pathname = url.pathname;
  return new Promise((resolve) => {
    const listen = (event) => {
      const reply = event.data;
      if (reply.browsingContextId === message.browsingContextId && reply.requestId === message.requestId) {
        channel.removeEventListener("message", listen);
        resolve(new Response(JSON.stringify(reply.response)));
      }
    };
    channel.addEventListener("message", listen);
    channel.postMessage(message);
  });
}

function jupyterLite(url) {
  return url.pathname.endsWith("/api/service-worker-heartbeat") || url.pathname.includes("/api/drive") ||
    url.pathname.includes("/api/stdin/");
}

// Before Workbox's router: these never reach a cache.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !jupyterLite(url)) return;
  event.respondWith(url.pathname.endsWith("/api/service-worker-heartbeat")
    ? new Response("ok") : relay(event.request, url));
});

// ---- routes: the precache, then the rest of the site as it is fetched --------------------------------
// A query never changes a static file (JupyterLite adds ?_=…, ?kernel=…; the app ?sixnimmt=…).
registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [/.*/], directoryIndex: "index.html" }));

function ours(url, request) {
  return request.method === "GET" && url.href.startsWith(ROOT.href) && !jupyterLite(url) &&
    !/\/(service-worker\.js|version\.json|precache\.json)$/.test(url.pathname) &&
    !url.pathname.startsWith(ROOT.pathname + "handouts/") &&  // printed from the server, not stored
    !url.pathname.startsWith(ROOT.pathname + "class/");  // the class server's live answers (tables, saved games): never stored
}
// Files named by their content (JupyterLite's chunks; the lessons' frames, in a folder named by
// theirs): one copy is right for ever.
const HASHED = /\.[0-9a-f]{7,20}\.(js|css|woff2?)$|\/frames\/[0-9a-f]{16}\/[^/]+\.json$/;
registerRoute(({ url, request }) => ours(url, request) && HASHED.test(url.pathname),
  new CacheFirst({ cacheName: "sixnimmt-runtime-hashed", plugins: [new ExpirationPlugin({ maxEntries: 600 })] }));
registerRoute(({ url, request }) => ours(url, request),
  new NetworkFirst({ cacheName: "sixnimmt-runtime", networkTimeoutSeconds: 4,
                     plugins: [new ExpirationPlugin({ maxEntries: 600 })] }));

// ---- install, activate ----------------------------------------------------------------------------
self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    self.skipWaiting();  // the first visit: take over at once, store when a page asks
    return;
  }
  precache.install(event);  // a newer build: store it all now, then wait for the old pages to close
});

self.addEventListener("activate", (event) => {
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
