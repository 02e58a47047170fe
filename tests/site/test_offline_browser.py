"""Offline after one visit, and a new deployment replacing the old one, in Chromium.

The built site is served by the project's own server app (serve.make_app, as `make serve`) on one
port of 127.0.0.1 whose folder the test can swap — for a second build, or for nothing at all (every
request answered 503 and recorded: the network is gone). A visit online; the browser goes offline
and the server down; a reload starts the app from the service worker's cache and a mouse click on a
widget changes the lesson. Then a changed build on the same origin: visited online it is shown at
once, whole; a page left open on the old build keeps its build; the old build's cache goes.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import threading
import time
from contextlib import contextmanager
from urllib.parse import unquote

import offline
import pytest
import serve
import site_harness
from app_driver import lesson, mouse_click, wait_app, wait_step
from site_harness import RequestLog, recorded_context, screenshot
from waitress.server import create_server

pytestmark = pytest.mark.browser

MARK = '<meta name="sixnimmt-test-build" content="{}">'
STORED_MS = 180_000  # the whole site into the cache, after the app is live


class Deployment:
    """The project's server app for one site folder at a time, or down (503 for everything)."""

    def __init__(self):
        self.app = None
        self.paths: list[str] = []  # every request, up or down
        self.while_down: list[str] = []
        self.lock = threading.Lock()

    def serve(self, root) -> None:
        self.app = serve.make_app(root)

    def down(self) -> None:
        self.app = None

    def __call__(self, environ, start_response):
        app = self.app
        with self.lock:
            self.paths.append(environ.get("PATH_INFO", ""))
        if app is None:
            with self.lock:
                self.while_down.append(environ.get("PATH_INFO", ""))
            start_response("503 Service Unavailable", [("Content-Type", "text/plain"), ("Content-Length", "5")])
            return [b"down\n"]
        return app(environ, start_response)


@pytest.fixture
def deployment():
    dep = Deployment()
    server = create_server(dep, host="127.0.0.1", port=0, threads=8, ident="sixnimmt-site")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield dep, f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)


def link_or_copy(src, dst):
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


@pytest.fixture(scope="module")
def second_build(site_dir, tmp_path_factory):
    """The built site as a new deployment: the same files but for a mark in the app page and in
    the lesson frame's page, then the offline step again (new version, list and worker)."""
    out = tmp_path_factory.mktemp("deploy") / "site"
    shutil.copytree(site_dir, out, copy_function=link_or_copy)  # offline.write never edits in place
    for page in ("app.html", "apps/live.html"):
        text = (out / page).read_text("utf-8")
        offline.write(out / page, text.replace("<head>", "<head>\n" + MARK.format("second"), 1))
    offline.add_offline(out)
    return out


def version(site) -> str:
    return json.loads((site / "version.json").read_text())["version"]


def wait_stored(page, build: str) -> None:
    """Until the app page says this browser holds the whole build (offline.js's readiness signal)."""
    page.wait_for_function(
        "v => document.documentElement.dataset.offline === 'ready'"
        " && document.documentElement.dataset.offlineVersion === v", arg=build, timeout=STORED_MS)


ASK_STATUS = """navigator.serviceWorker.ready.then(reg => new Promise(done => {
    const reply = new MessageChannel();
    reply.port1.onmessage = (event) => done(event.data);
    reg.active.postMessage({sixnimmt: "status"}, [reply.port2]);
}))"""


def caches(page) -> list[str]:
    return page.evaluate("caches.keys()")


def mark(frame_or_page) -> str | None:
    return frame_or_page.evaluate(
        "(document.querySelector('meta[name=sixnimmt-test-build]') || {}).content || null")


def click_next_step(page) -> None:
    frame = lesson(page)
    wait_step(frame, 1)
    mouse_click(page, frame.locator(".snt-stepper .snt-next"))
    wait_step(frame, 2)


def go_offline(context, dep) -> None:
    context.set_offline(True)
    dep.down()
    dep.while_down.clear()


def only_update_checks(paths: list[str]) -> list[str]:
    """What reached the server, apart from the browser's own check for a new worker (Chromium
    sends it even when the page is emulated offline): the worker and the scripts it imports
    (Workbox's, in their versioned folder, and JupyterLite's own worker)."""
    return [p for p in paths if p not in ("/service-worker.js", "/build/service-worker.js") and not p.startswith("/workbox-v")]


def test_the_manifest_makes_the_app_installable(browser, site_dir):
    dep = Deployment()
    dep.serve(site_dir)
    server = create_server(dep, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.effective_port}"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "/app.html")
        cdp = context.new_cdp_session(page)
        found = cdp.send("Page.getAppManifest")
        assert found["url"] == url + "/manifest.webmanifest" and not found["errors"]
        assert found["manifest"]["startUrl"] == url + "/app.html"
        assert found["manifest"]["display"] == "kStandalone"
        errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
        assert errors <= {"in-incognito"}  # a test context is a private window; nothing else is missing
    finally:
        context.close()
        server.close()
        thread.join(timeout=5)


def stop_workers(context, page) -> None:
    """What the browser does to an idle service worker after half a minute."""
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    cdp.detach()


@contextmanager
def visited_once(browser, site_dir, deployment, fragment: str = "lesson=turn"):
    """A browser that has visited the app once, online, until all of it is stored: yields the
    deployment, the request log, the browser context and the app's page; closes the context."""
    dep, url = deployment
    dep.serve(site_dir)
    log = RequestLog(origin=url)
    context = recorded_context(browser, log)
    try:
        page = context.new_page()
        page.goto(f"{url}/app.html#{fragment}")
        wait_app(page)
        wait_stored(page, version(site_dir))
        # and the frames of the language in use, fetched (and kept by the worker) after the handover
        page.wait_for_function("() => (document.documentElement.dataset.framesKept || '') !== ''", timeout=30_000)
        yield dep, log, context, page
    finally:
        context.close()


def test_the_app_starts_offline_after_one_visit(browser, site_dir, deployment):
    with visited_once(browser, site_dir, deployment) as (dep, log, context, page):
        status = page.locator("#offline-status")  # the learner sees it too
        assert status.is_visible() and status.inner_text() == "Ready to use offline"
        page.set_viewport_size({"width": 360, "height": 740})  # and on a phone, inside the bottom bar
        box, bar = status.bounding_box(), page.locator("footer").bounding_box()
        assert status.is_visible() and box["width"] > 100
        assert bar["x"] <= box["x"] and box["x"] + box["width"] <= bar["x"] + bar["width"]
        page.set_viewport_size({"width": 1280, "height": 800})
        # The next visit, online, with the worker stopped meanwhile: everything comes from the
        # cache. (While it starts the worker, Chromium may also ask the server for the page itself,
        # and then drops the answer: the worker's is used.)
        stop_workers(context, page)
        dep.paths.clear()
        assert page.reload().from_service_worker
        wait_app(page)
        assert [p for p in only_update_checks(dep.paths) if p != "/app.html"] == []

        go_offline(context, dep)
        served = []
        context.on("response", lambda r: served.append(r))
        page.reload()
        frame = wait_app(page)
        click_next_step(page)
        assert frame.locator(".snt-app").is_visible()
        screenshot(page, "offline-app")
        assert only_update_checks(dep.while_down) == []
        from_cache = {r.url.split("/", 3)[3].split("?")[0] for r in served if r.from_service_worker}
        assert {"app.html", "apps/live.html", "static/pyodide/pyodide.asm.wasm"} <= from_cache
        assert not log.off_origin()


def test_the_walkthroughs_step_offline_before_python(browser, site_dir, deployment):
    """After one visit in Czech, offline: a link into another walkthrough of that language opens
    its frames from the browser's store, before Python has taken over, and Next steps them."""
    with visited_once(browser, site_dir, deployment, "lesson=turn&lang=cs") as (dep, _log, context, page):
        base = page.url.split("/app.html")[0]
        assert page.evaluate("() => document.documentElement.dataset.framesKept") == "cs"
        go_offline(context, dep)
        served = []
        context.on("response", lambda r: served.append(r))
        page.goto("about:blank")
        page.goto(base + "/app.html#lesson=variants&pick=twins&step=4&lang=cs")
        page.wait_for_function(
            "() => { const d = document.getElementById('preview').contentDocument;"
            " const p = d && d.querySelector('.snt-stepper .snt-steppos .snt-pos');"
            " return p && p.textContent.startsWith('krok 4 z') && document.documentElement.dataset.live !== 'yes'; }",
            timeout=15_000)
        still = page.frame_locator("#preview")
        mouse_click(page, still.locator(".snt-stepper .snt-next"))
        page.wait_for_function("() => location.hash === '#lesson=variants&pick=twins&step=5&lang=cs'")
        assert any(r.url.endswith("/variants-twins.cs.json") and r.from_service_worker for r in served)
        assert only_update_checks(dep.while_down) == []


def active_build(context) -> str | None:
    """The build of the service worker now active (asked inside the workers themselves)."""
    for worker in context.service_workers:
        try:
            found = worker.evaluate("self.registration.active === self.serviceWorker ? VERSION : null")
        except Exception:  # a worker that has just stopped
            continue
        if found:
            return found
    return None


def cache_keys(site) -> set[str]:
    """The precache's keys of a build, as Workbox makes them (url?__WB_REVISION__=revision), read
    from the manifest Workbox wrote into its worker."""
    text = (site / "service-worker.js").read_text("utf-8")
    entries = json.loads(re.search(r"const MANIFEST = (\[.*?\]);", text, re.S).group(1))
    return {e["url"] + (f"?__WB_REVISION__={e['revision']}" if e.get("revision") else "") for e in entries}


STORED_KEYS = """caches.open("sixnimmt-precache").then(c => c.keys())
    .then(keys => keys.map(k => k.url.slice(location.origin.length + 1)))"""


def test_a_new_deployment_replaces_the_old_whole(browser, site_dir, second_build, deployment):
    """Workbox's way: the new build's worker stores the new build beside the old while the old
    build's pages are open; every page is served one build, whole; once they are closed the new
    build takes over and the old build's entries go."""
    dep, url = deployment
    first, second = version(site_dir), version(second_build)
    assert first != second
    changed = cache_keys(site_dir) - cache_keys(second_build)
    assert changed, "the second build changes no precached file"
    dep.serve(site_dir)
    log = RequestLog(origin=url)
    context = recorded_context(browser, log)
    try:
        old = context.new_page()
        old.goto(url + "/app.html#lesson=turn")
        wait_app(old)
        wait_stored(old, first)
        assert mark(old) is None

        # The new build goes up. While a page of the old one is open, a new visit gets the old
        # build, whole — the app and its frame — and the new build's worker installs meanwhile.
        dep.serve(second_build)
        new = context.new_page()
        new.goto(url + "/app.html#lesson=turn")
        wait_app(new)
        assert mark(new) is None and mark(lesson(new)) is None
        click_next_step(new)
        click_next_step(old)  # and the old page still works

        # Once the pages are closed, the new build's worker (all stored while installing) takes
        # over; the next visit gets the new build, whole, and the old build's entries are gone.
        old.close()
        new.close()
        deadline = time.monotonic() + 120
        while active_build(context) != second:
            assert time.monotonic() < deadline, "the new build's worker never took over"
            time.sleep(0.5)
        page = context.new_page()
        page.goto(url + "/app.html#lesson=turn")
        wait_app(page)
        wait_stored(page, second)
        assert mark(page) == "second" and mark(lesson(page)) == "second"
        stored = set(page.evaluate(STORED_KEYS))
        assert stored == cache_keys(second_build)
        assert not stored & changed

        # Offline, the new build starts from its cache.
        go_offline(context, dep)
        page.reload()
        wait_app(page)
        assert mark(page) == "second" and mark(lesson(page)) == "second"
        click_next_step(page)
        assert only_update_checks(dep.while_down) == []
        assert not log.off_origin()
    finally:
        context.close()


OVERWRITE = """async () => {
    const cache = await caches.open("sixnimmt-precache");
    const key = (await cache.keys()).find(k => new URL(k.url).pathname === "/app.html");
    await cache.put(key, new Response("<!doctype html><title>replaced</title><p id=replaced>not the app",
                                      {headers: {"content-type": "text/html"}}));
    return key.url;
}"""


def test_a_stored_page_overwritten_by_script_is_not_served(browser, site_dir, deployment):
    """Script on the site's origin can write into the offline cache; the worker checks a stored
    page's bytes against the build's sha256 and fetches the page again instead (and stores it again)."""
    dep, url = deployment
    dep.serve(site_dir)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "/app.html#lesson=turn")
        wait_app(page)
        wait_stored(page, version(site_dir))
        key = page.evaluate(OVERWRITE)
        page.reload()
        wait_app(page)
        assert page.locator("#replaced").count() == 0
        repaired = page.evaluate("k => caches.match(k).then(r => r.text())", key)
        assert "replaced" not in repaired and "lesson-data" in repaired
    finally:
        context.close()


def test_the_app_asks_for_nothing_the_offline_set_lacks(browser, site_dir, deployment):
    """Every file the learning app fetches (no service worker in the way) is in the precache, and
    the precache is at most 10 MB as sent (brotli, as the project's server sends it)."""
    dep, url = deployment
    dep.serve(site_dir)
    listed = {path for path, _size, _sha in json.loads((site_dir / "precache.json").read_text())["files"]}
    context = browser.new_context(service_workers="block")
    asked = []
    context.on("request", lambda r: asked.append(r.url))
    try:
        page = context.new_page()
        page.goto(url + "/app.html#lesson=turn")
        wait_app(page)
        click_next_step(page)
        page.goto(url + "/app.html#lesson=play&lang=cs")
        wait_app(page)
    finally:
        context.close()
    paths = {a[len(url) + 1:].split("?")[0].split("#")[0] for a in asked if a.startswith(url + "/")}
    # frames/: the walkthroughs' frames are stored for the language in use when it is first used
    # (test_the_walkthroughs_step_offline_before_python), not in the precache
    missing = sorted(p for p in paths - listed if not p.startswith(("api/drive", "api/stdin", "frames/"))
                     and p not in ("version.json", "service-worker.js"))
    assert not missing, f"not in the precache (lite_site/site.toml [offline]): {missing}"
    sent = 0
    for path in listed:
        file = site_dir / unquote(path)
        br = file.with_name(file.name + ".br")
        sent += (br if br.is_file() else file).stat().st_size
    assert sent <= 10_000_000, f"the offline set is {sent / 1e6:.2f} MB as sent"


def tiny_site(root):
    """A built site in miniature: JupyterLite's config and one app page, the app, a file with
    compressed copies, JupyterLite's own worker."""
    (root / "repl").mkdir(parents=True)
    (root / "jupyter-lite.json").write_text('{"jupyter-config-data": {"appVersion": "0.8.6"}}')
    (root / "repl" / "index.html").write_text(
        '<html><head><title>REPLite</title><meta charset="utf-8">'
        '<script>import("../config-utils.js")</script></head><body></body></html>')
    (root / "app.html").write_text('<html><head><meta charset="utf-8"></head><body></body></html>')
    (root / "index.html").write_text("<html><head></head><body></body></html>")
    (root / "data.json").write_text("{}")
    for ext in (".gz", ".br"):
        (root / ("data.json" + ext)).write_bytes(b"x")
        (root / ("app.html" + ext)).write_bytes(b"stale")
    (root / "service-worker.js").write_text("/* JupyterLite's */")
    (root / "build").mkdir()
    (root / "build" / "service-worker.js").write_text('const broadcast = new BroadcastChannel("/sw-api.v1");')
    (root / "class.html").write_text("<html><head></head><body>needs the class server</body></html>")
    (root / "manifest.webmanifest").write_text('{"name": "JupyterLite", "start_url": "./lab"}')
    return root


TINY = {"globPatterns": ["*.html", "repl/*", "data.json", "offline.js", "icon.svg"], "globIgnores": ["class.html"]}


def test_the_offline_step_versions_the_site_by_its_content(tmp_path):
    site = tiny_site(tmp_path / "site")
    (site / "handouts" / "en").mkdir(parents=True)
    (site / "handouts" / "en" / "rules.pdf").write_bytes(b"%PDF-1.4 printed, not stored")
    first = offline.add_offline(site, TINY)
    app = (site / "app.html").read_text()
    assert app.index('<meta charset="utf-8">') < app.index('<script src="offline.js" defer>') < app.index("</head>")
    assert '<link rel="manifest" href="manifest.webmanifest">' in app
    repl = (site / "repl" / "index.html").read_text()
    assert '<script src="../offline.js" defer></script>' in repl and repl.count('rel="manifest"') == 1
    assert not (site / "app.html.gz").exists()  # stale copies of rewritten files are gone
    assert (site / "data.json.gz").exists()
    listed = json.loads((site / "precache.json").read_text())
    paths = [path for path, _size, _sha in listed["files"]]
    assert listed["version"] == first == version(site)
    assert "data.json" in paths and "offline.js" in paths and "icon.svg" in paths and "app.html" in paths
    assert not [p for p in paths if p.endswith((".gz", ".br")) or p in ("service-worker.js", "version.json")]
    assert not [p for p in paths if p.startswith("handouts/")]  # printed from the server, not stored
    assert "class.html" not in paths  # globIgnores: needs the class server
    assert "build/service-worker.js" in paths  # JupyterLite's worker, which the site's imports
    library = [p for p in paths if p.startswith("workbox-v")]
    assert any(p.endswith("/workbox-sw.js") for p in library)
    assert any(p.endswith("/workbox-precaching.prod.js") for p in library)
    worker = (site / "service-worker.js").read_text()
    assert worker.rstrip().endswith('importScripts("build/service-worker.js");')  # its listeners after the site's
    assert f'const VERSION = "{first}";' in worker and "@@" not in worker and "self.__WB_MANIFEST" not in worker
    data = hashlib.sha256(b"{}").digest()
    assert '"url":"data.json"' in worker.replace(" ", "")
    assert f"sha256-{base64.b64encode(data).decode()}" in worker  # each entry with its sha256
    assert '"0.8.6"' in (site / "offline.js").read_text()
    found = json.loads((site / "manifest.webmanifest").read_text())
    assert found["start_url"] == "./app.html" and found["icons"][0]["src"] == "./icon.svg"

    assert offline.add_offline(site, TINY) == first  # again: nothing changes, no tag twice
    assert (site / "app.html").read_text() == app
    (site / "data.json").write_text('{"changed": true}')
    assert offline.add_offline(site, TINY) != first
    (site / "data.json").unlink()
    with pytest.raises(ValueError, match="data.json"):  # a glob that matches nothing stops the build
        offline.add_offline(site, TINY)
    (site / "data.json").write_text("{}")
    (site / "build" / "service-worker.js").write_text("/* not JupyterLite's */")
    with pytest.raises(ValueError, match="sw-api"):  # the worker imports JupyterLite's, or nothing
        offline.add_offline(site, TINY)


def test_the_notebooks_work_offline_once_opened(browser, site_dir, deployment):
    """The notebooks' interface is not in the precache: it is stored as it is fetched, so a
    notebook opened (and run) once online opens and runs again with the network gone."""
    url = deployment[1]
    with visited_once(browser, site_dir, deployment, "lesson=cards") as (dep, log, context, _page):
        notebook = site_harness.notebook_paths()[0]
        nb = context.new_page()
        site_harness.open_notebook(nb, url, notebook)
        site_harness.run_all_cells(nb)
        site_harness.wait_for_widget(nb)

        go_offline(context, dep)
        nb.reload()
        nb.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        site_harness.run_all_cells(nb)
        site_harness.wait_for_widget(nb)
        assert site_harness.error_outputs(nb) == []
        assert only_update_checks(dep.while_down) == []
        assert not log.off_origin()


RELAY = """async () => {
    const channel = new BroadcastChannel("/sw-api.v1");  // the page's end, as JupyterLite's pages hold it
    const seen = [];
    channel.onmessage = (event) => {
        seen.push(event.data);
        channel.postMessage({browsingContextId: event.data.browsingContextId, requestId: event.data.requestId,
                             response: {answered: event.data.pathname}});
    };
    const post = (path, body) => fetch(path, {method: "POST", body: JSON.stringify(body)}).then(r => r.json());
    const drive = await post("api/drive.v1", {browsingContextId: "page-1", method: "readdir", path: "/"});
    const stdin = await post("api/stdin/kernel", {browsingContextId: "page-1", requestId: "r-7"});
    const heartbeat = await fetch("/api/service-worker-heartbeat").then(r => r.text());
    channel.close();
    return {drive, stdin, heartbeat, seen};
}"""


def test_the_worker_hands_jupyterlites_drive_and_stdin_to_the_page(browser, site_dir, deployment):
    """JupyterLite's own worker, imported by the site's, answers its routes as it ships: the kernel's
    api/drive and api/stdin POSTs go to the page over the /sw-api.v1 channel and the page's answer
    comes back; the heartbeat says ok. None of them reaches the server."""
    dep, url = deployment
    dep.serve(site_dir)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "/index.html")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        dep.paths.clear()
        found = page.evaluate(RELAY)
        assert found["drive"] == {"answered": "/api/drive.v1"} and found["stdin"] == {"answered": "/api/stdin/kernel"}
        assert found["heartbeat"] == "ok"
        drive, stdin = found["seen"]
        assert drive["method"] == "readdir" and drive["browsingContextId"] == "page-1" and drive["requestId"]
        assert stdin["requestId"] == "r-7"  # the kernel's own id kept
        assert [p for p in dep.paths if "/api/" in p] == []
    finally:
        context.close()
