"""Run one of tools/bench_coach.py's measurements in the browser: the built site's own Pyodide and engine
wheel, in a page of a freshly launched headless Chromium served from 127.0.0.1 (as the learner's browser
runs the Coach), where tools/site/pyodide_bench.mjs runs them under Node.

The page loads Pyodide from the site (static/pyodide/), installs the site's sixnimmt wheel from the same
place, writes tools/bench_coach.py into the page's file system and runs the Python given with
``bench_coach`` imported; its last expression, a JSON text, is printed as one line. Python runs on the
page's main thread, as in the bare-Pyodide yardstick of bench.py; the app runs it in a worker, which
does not change how fast it computes.

    python tools/site/pyodide_browser.py build/site PYTHON
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import serve
from bench_browser import launch_chromium, same_origin

ROOT = Path(__file__).resolve().parents[2]
PAGE = """<!doctype html><meta charset="utf-8"><title>Coach benchmark</title>
<script type="module" src="__coach_bench.mjs"></script>"""
SCRIPT = """const here = (path) => new URL(path, location.href).href;
try {
  const { loadPyodide } = await import(here("./static/pyodide/pyodide.mjs"));
  const py = await loadPyodide({ indexURL: here("./static/pyodide/") });
  await py.loadPackage(here("./static/pyodide/WHEEL"));
  py.FS.mkdirTree("/bench");
  py.FS.writeFile("/bench/bench_coach.py", await (await fetch(here("./__bench_coach.py"))).text());
  py.runPython("import sys\\nsys.path.insert(0, '/bench')\\nimport bench_coach");
  window.benchResult = String(py.runPython(await (await fetch(here("./__bench_code.py"))).text()));
} catch (e) {
  window.benchError = String(e.message ?? e);
}"""


def run(site: Path, code: str, timeout_s: float = 900) -> str:
    """``code``'s JSON text, run in the site's Pyodide in headless Chromium; raises on an error in
    the page or on any request that left 127.0.0.1."""
    from playwright.sync_api import sync_playwright

    wheel = sorted((site / "static" / "pyodide").glob("sixnimmt-*.whl"))
    if not wheel:
        raise FileNotFoundError(f"no sixnimmt wheel in {site}/static/pyodide: build the site (`make site`)")
    script = SCRIPT.replace("WHEEL", wheel[-1].name)
    bench = (ROOT / "tools" / "bench_coach.py").read_text(encoding="utf-8")
    off_origin: list[str] = []
    with serve.Background(site) as url, sync_playwright() as pw:
        url = url.rstrip("/")
        browser = launch_chromium(pw)
        page = browser.new_context().new_page()
        page.on("request", lambda r: None if same_origin(r.url, url) else off_origin.append(r.url))
        for path, body, kind in (("__coach_bench.html", PAGE, "text/html"),
                                 ("__coach_bench.mjs", script, "text/javascript"),
                                 ("__bench_coach.py", bench, "text/plain"),
                                 ("__bench_code.py", code, "text/plain")):
            page.route(f"{url}/{path}", _serving(body, kind))
        page.goto(f"{url}/__coach_bench.html")
        page.wait_for_function("() => window.benchResult !== undefined || window.benchError !== undefined",
                               timeout=timeout_s * 1000, polling=500)
        error = page.evaluate("() => window.benchError")
        result = page.evaluate("() => window.benchResult")
        browser.close()
    if off_origin:
        raise RuntimeError(f"the page asked for other hosts: {off_origin[:3]}")
    if error is not None:
        raise RuntimeError(f"in the page: {error}")
    return result


def _serving(body: str, kind: str):
    """A route handler that answers with ``body``."""
    return lambda route: route.fulfill(body=body, content_type=kind)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    out = run(Path(args[0]), args[1])
    json.loads(out)  # a JSON text, or the caller gets an error
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
