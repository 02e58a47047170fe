/* The site's service worker. A template: tools/site/offline.py fills in VERSION and FILES and writes
 * it over JupyterLite's own service-worker.js, under that name, so that JupyterLite's pages (which
 * always register "service-worker.js?enableCache=…" at the site's root) register this one.
 *
 * It does what JupyterLite's does — answers the heartbeat, hands api/drive and api/stdin requests to
 * the page over the "/sw-api.v1" BroadcastChannel — and keeps the whole site for offline use:
 *
 * - It stores every file of its build (FILES: path, bytes, sha256) in the cache "sixnimmt-<VERSION>",
 *   each checked against its sha256; a file unchanged since an earlier build is copied from that
 *   build's cache. When all are in, the cache is marked complete.
 * - On a first visit it takes over at once, as JupyterLite's worker does (its routes serve that very
 *   visit), and stores the files once a page asks (offline.js asks when the page's Python is ready,
 *   so as not to slow the start); stopped midway, it carries on where it stopped later.
 * - A newer build's worker stores everything while installing, then waits until the pages of the
 *   older build are closed, and takes over for the pages opened after.
 * - Every page, and every frame and worker it starts, is served by one source for its whole life
 *   (its "pin"): one build's cache, or the network. A page opened while the server has this build,
 *   or while the server cannot be reached, gets this build (files not stored yet come from the
 *   server, which has this build; offline, before this build is all stored, the last complete
 *   build); a page opened while the server has another build comes from the network, whole, while
 *   that build's worker installs. A newer worker that takes over serves the pages already open
 *   from what they started with.
 * - An older build's cache is deleted once no open page uses it and this build's is complete.
 *
 * (A newer worker does not take over pages that are open: the browser would hand it the pages only
 * once the old worker has no request under way, and a page running Python asks the worker for files
 * every moment, so new pages would wait for it.)
 *
 * docs/site.md, "Offline after one visit", says why it replaces JupyterLite's worker.
 */
"use strict";

const VERSION = "@@VERSION@@";
const FILES = /*@@FILES@@*/[];

const PREFIX = "sixnimmt-";
const CACHE = PREFIX + VERSION;
const META = "sixnimmt-meta";
const NET = "network";
const ROOT = new URL("./", self.location.href);
const STATE_KEY = new URL("__sixnimmt__/state", ROOT).href;
const DONE_KEY = new URL("__sixnimmt__/complete", ROOT).href;
const VERSION_URL = new URL("version.json", ROOT).href;
const CHECK_MS = 2000;         // how long a page being opened waits to learn the server's build
const LANES = 4;               // files fetched at once while storing
const RETRY_MS = 30000;        // after a failed try, wait this long before storing again
const PIN_GRACE_MS = 60000;    // a page being opened is not among the clients yet: keep its pin
const BYTES = FILES.reduce((sum, f) => sum + f[1], 0);
const channel = new BroadcastChannel("/sw-api.v1");

function isActive() {
  // A worker still installing, or one just replaced, has an old view: it must not write or delete.
  const reg = self.registration;
  if (self.serviceWorker) return reg.active === self.serviceWorker;
  return reg.active !== null && !reg.installing && !reg.waiting;  // browsers without it: play safe
}

// ---- state shared by this build's worker and the next ----------------------------------------------
// {builds: versions that have been active, oldest first; pins: {clientId: [version or NET, time]}}
let state = { builds: [], pins: {} };

async function readState() {
  const saved = await caches.match(STATE_KEY, { cacheName: META });
  return saved ? await saved.json() : { builds: [], pins: {} };
}

const completeBuilds = new Set();
const loaded = readState().then((s) => { state = s; }).then(() => isComplete(VERSION)).catch(() => {});
let saving = Promise.resolve();

function save() {
  if (!isActive()) return saving;
  const text = JSON.stringify(state);
  saving = saving.then(async () => (await caches.open(META)).put(STATE_KEY, new Response(text))).catch(() => {});
  return saving;
}

function pin(id, source) {
  if (!id || (state.pins[id] && state.pins[id][0] === source)) return saving;
  state.pins[id] = [source, Date.now()];
  return save();
}

function pinned(id) {
  return id && state.pins[id] ? state.pins[id][0] : undefined;
}

async function isComplete(build) {
  if (!completeBuilds.has(build) && (await caches.match(DONE_KEY, { cacheName: PREFIX + build }))) {
    completeBuilds.add(build);
  }
  return completeBuilds.has(build);
}

async function lastComplete() {
  // The newest earlier build whose cache is complete: offline, before this build's is.
  for (const build of [...state.builds].reverse()) {
    if (build !== VERSION && (await isComplete(build))) return build;
  }
  return undefined;
}

// ---- storing this build, checked file by file --------------------------------------------------------
let stored = 0;
let storing = null;
let failedAt = 0;

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function entry(body, type, sha) {
  return new Response(body, {
    headers: { "content-type": type || "application/octet-stream", "x-sixnimmt-sha256": sha,
               "x-sixnimmt-build": VERSION },
  });
}

async function storeOne(cache, older, key, sha) {
  const have = await cache.match(key);
  if (have && have.headers.get("x-sixnimmt-sha256") === sha) return;
  for (const name of older) {
    const old = await caches.match(key, { cacheName: name });
    if (old && old.headers.get("x-sixnimmt-sha256") === sha) {
      await cache.put(key, entry(await old.arrayBuffer(), old.headers.get("content-type"), sha));
      return;
    }
  }
  // First through the browser's HTTP cache (the page has often just fetched the file), then, if that
  // copy is of another build, from the server itself.
  for (const mode of ["default", "reload"]) {
    const response = await fetch(key, { cache: mode });
    if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await sha256(body)) === sha) {
      await cache.put(key, entry(body, response.headers.get("content-type"), sha));
      return;
    }
  }
  throw new Error(`${key} is not the file of build ${VERSION}: the site changed meanwhile`);
}

async function dropLeftovers() {
  // Caches of builds that never became active: what failed installs left.
  for (const name of await caches.keys()) {
    const build = name.slice(PREFIX.length);
    if (name.startsWith(PREFIX) && name !== META && build !== VERSION && !state.builds.includes(build)) {
      await caches.delete(name);
    }
  }
}

async function storeAll() {
  await loaded;
  if (await isComplete(VERSION)) return;
  const cache = await caches.open(CACHE);
  const older = [];
  for (const build of [...state.builds].reverse()) {
    if (build !== VERSION && (await isComplete(build))) older.push(PREFIX + build);
  }
  let next = 0;
  stored = 0;
  const lane = async () => {
    while (next < FILES.length) {
      const [path, , sha] = FILES[next++];
      await storeOne(cache, older, new URL(path, ROOT).href, sha);
      stored += 1;
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  await cache.put(DONE_KEY, new Response(JSON.stringify({ version: VERSION, files: FILES.length, bytes: BYTES })));
  completeBuilds.add(VERSION);
  await tidy();
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage({ sixnimmt: "complete", version: VERSION });
  }
}

let asked = false;

function keepStoring(event) {
  // Every event while storing keeps the worker alive; a failed try is taken up again later.
  if (completeBuilds.has(VERSION) || !isActive()) return;
  if (asked && !storing && Date.now() - failedAt > RETRY_MS) {
    storing = storeAll().catch((error) => {
      failedAt = Date.now();
      console.warn("sixnimmt: storing the site for offline use stopped:", error);
    }).finally(() => { storing = null; });
  }
  if (storing && event) event.waitUntil(storing);
}

// ---- install and activate ----------------------------------------------------------------------------
async function tidy() {
  if (!isActive()) return;
  const alive = new Set((await self.clients.matchAll({ type: "all", includeUncontrolled: true })).map((c) => c.id));
  const now = Date.now();
  for (const [id, [, time]] of Object.entries(state.pins)) {
    if (!alive.has(id) && now - time > PIN_GRACE_MS) delete state.pins[id];
  }
  const keep = new Set([VERSION, ...Object.values(state.pins).map(([source]) => source)]);
  if (!(await isComplete(VERSION))) keep.add(await lastComplete());
  // Only builds that have been active: a newer one may be installing into its cache right now.
  for (const build of state.builds) {
    if (!keep.has(build)) {
      await caches.delete(PREFIX + build);
      completeBuilds.delete(build);
    }
  }
  state.builds = state.builds.filter((b) => keep.has(b));
  await save();
}

self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    self.skipWaiting();  // the first visit: take over at once, store when asked
    event.waitUntil(loaded.then(dropLeftovers));
  } else {
    event.waitUntil(loaded.then(dropLeftovers).then(storeAll));  // then wait for the old pages to close
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await loaded;
    state = await readState();  // as the worker before this one left it
    // Pages open before any worker of the site controlled them came from the server, which had
    // this build (it has just sent this worker).
    const now = Date.now();
    for (const client of await self.clients.matchAll({ type: "all", includeUncontrolled: true })) {
      if (!(client.id in state.pins)) state.pins[client.id] = [VERSION, now];
    }
    state.builds = state.builds.filter((b) => b !== VERSION).concat([VERSION]);
    await save();
    await self.clients.claim();
  })());
});

// ---- fetch ---------------------------------------------------------------------------------------
function keyOf(url) {
  // Static files: a query never changes the file (JupyterLite adds ?_=…, ?path=…, ?kernel=…).
  return url.origin + (url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname);
}

function withoutHash(address) {
  return address.split("#")[0];
}

async function serverBuild() {
  // Which build does the server have? undefined: offline, or no answer in time.
  try {
    const response = await fetch(VERSION_URL, { cache: "no-store", signal: AbortSignal.timeout(CHECK_MS) });
    if (response.ok) return (await response.json()).version;
  } catch (e) { /* offline, or too slow */ }
  return undefined;
}

async function parentSource(request) {
  // A frame takes the source of the page it is in (the page that asked for it).
  if (!["iframe", "frame"].includes(request.destination) || !request.referrer) return undefined;
  const parent = withoutHash(request.referrer);
  const found = new Set();
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    if (withoutHash(client.url) === parent && pinned(client.id)) found.add(pinned(client.id));
  }
  return found.size === 1 ? [...found][0] : undefined;
}

async function pageSource(request) {
  const parent = await parentSource(request);
  if (parent) return parent;
  const server = await serverBuild();
  if (server === undefined && !(await isComplete(VERSION))) return (await lastComplete()) ?? VERSION;
  if (server === undefined || server === VERSION) return VERSION;
  self.registration.update().catch(() => {});  // the server's build: its worker
  return NET;
}

async function sourceOf(event) {
  await loaded;
  const request = event.request;
  if (request.mode === "navigate") {
    const source = await pageSource(request);
    event.waitUntil(pin(event.resultingClientId, source).then(tidy));
    return source;
  }
  const source = pinned(event.clientId) ?? VERSION;
  if (event.resultingClientId) event.waitUntil(pin(event.resultingClientId, source));  // a worker
  return source;
}

async function serve(event, url) {
  const source = await sourceOf(event);
  // This build while it is still being stored: the server has it, go there straight.
  if (source !== NET && (source !== VERSION || completeBuilds.has(VERSION))) {
    const hit = await caches.match(keyOf(url), { cacheName: PREFIX + source });
    if (hit) return hit;
  }
  return fetch(event.request);
}

async function relay(request, url) {
  // JupyterLite's kernel asks the page for files (api/drive) and input (api/stdin) through here.
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/api/service-worker-heartbeat") {
    event.respondWith(new Response("ok"));
  } else if (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")) {
    event.respondWith(relay(request, url));
  } else if (request.method === "GET" && url.href.startsWith(ROOT.href)) {
    event.respondWith(serve(event, url));
  } else {
    return;
  }
  keepStoring(event);
});

// ---- what a page may ask: is this build all here, and where does this page come from? ----------
self.addEventListener("message", (event) => {
  if (!event.data || event.data.sixnimmt !== "status") return;
  if (event.data.store) asked = true;
  event.waitUntil((async () => {
    await loaded;
    const answer = { sixnimmt: "status", version: VERSION, complete: await isComplete(VERSION),
                     stored, files: FILES.length, bytes: BYTES,
                     source: (event.source && pinned(event.source.id)) || null };
    (event.ports[0] || event.source).postMessage(answer);
    await tidy();
  })());
  keepStoring(event);
});
