"""Benchmark the built site on a cold cache: bytes on the wire and seconds to the first widget.

Serves the site with the server `make serve` uses, counting every response's bytes on the server
side (the page's own counters miss the kernel worker's downloads), and drives a freshly launched
headless Chromium (cold HTTP and code caches) to the first notebook: Run All, then wait for the
first rendered widget. Prints the median of --runs runs, a timeline of what took the time and
the largest files sent; writes the figures to build/bench-site.json.

    python tools/site/bench.py build/site [--runs 3] [--notebook 01_cards.ipynb]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import tomllib
from pathlib import Path

import serve

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "site"))

from site_harness import (  # noqa: E402
    launch_chromium,
    open_notebook,
    run_all_cells,
    same_origin,
    wait_for_widget,
)

TARGET_SECONDS = 8.0
TARGET_MB = 15.0


def first(hits, pred):
    return next((h for h in hits if pred(h.path)), None)


def last(hits, pred):
    found = [h for h in hits if pred(h.path)]
    return found[-1] if found else None


def kind(path: str) -> str:
    if path.endswith(".whl"):
        return "Python wheels"
    if path.startswith("/static/pyodide/"):
        return "Pyodide core"
    if path.startswith(("/build/", "/extensions/")) or path.endswith((".js", ".css")):
        return "app code (JS, CSS, fonts)"
    return "pages, config, notebooks"


def by_kind(hits) -> dict[str, int]:
    sums: dict[str, int] = {}
    for h in hits:
        sums[kind(h.path)] = sums.get(kind(h.path), 0) + h.nbytes
    return dict(sorted(sums.items(), key=lambda kv: -kv[1]))


def one_run(site: Path, notebook: str, on_import: list[str]) -> dict:
    from playwright.sync_api import sync_playwright

    tally = serve.Tally()
    off_origin: list[str] = []
    with serve.Background(site, tally=tally) as url, sync_playwright() as pw:
        url = url.rstrip("/")
        browser = launch_chromium(pw)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.on("request", lambda r: None if same_origin(r.url, url) else off_origin.append(r.url))
        page = context.new_page()
        t0 = time.monotonic()
        open_notebook(page, url, notebook)
        t_cells = time.monotonic() - t0
        run_all_cells(page)
        page.wait_for_function(
            "() => /\\[\\d+\\]/.test(document.querySelector('.jp-CodeCell .jp-InputPrompt')"
            "?.textContent || '')", timeout=120_000)
        t_first_cell = time.monotonic() - t0
        wait_for_widget(page, timeout_ms=120_000)
        t_widget = time.monotonic() - t0
        hits = tally.snapshot()
        browser.close()
    rel = [h for h in hits if h.t - t0 <= t_widget + 0.05]
    for h in hits:
        h.t -= t0
    wheels_on_import = tuple(f"/static/pyodide/{n.replace('-', '_')}-" for n in on_import)
    kernel_ready = first(rel, lambda p: p.startswith(wheels_on_import))
    milestones = {
        "notebook cells on screen": t_cells,
        "app code loaded (last /build/ or /extensions/ file)":
            getattr(last(rel, lambda p: p.startswith(("/build/", "/extensions/"))), "t", None),
        "pyodide.mjs requested (kernel worker starts)":
            getattr(first(rel, lambda p: p.endswith("/pyodide.mjs")), "t", None),
        "pyodide.asm.wasm sent": getattr(first(rel, lambda p: p.endswith(".wasm")), "t", None),
        "last kernel wheel sent": getattr(
            last(rel, lambda p: p.endswith(".whl") and not p.startswith(wheels_on_import)),
            "t", None),
        "kernel ready (runs cell 1: its imports fetch their wheels)":
            kernel_ready.t if kernel_ready else t_first_cell,
        "cell 1 done": t_first_cell,
        "first widget on screen": t_widget,
    }
    return {
        "seconds_to_widget": t_widget,
        "seconds_to_kernel": milestones["kernel ready (runs cell 1: its imports fetch their wheels)"],
        "bytes_to_widget": sum(h.nbytes for h in rel),
        "requests_to_widget": len(rel),
        "milestones": milestones,
        "by_kind": by_kind(rel),
        "largest": sorted(((h.nbytes, h.path, h.encoding or "identity") for h in rel),
                          reverse=True)[:12],
        "off_origin": off_origin,
        "encodings": sorted({h.encoding or "identity" for h in rel}),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--notebook", help="default: the first of notebooks/ by name")
    ap.add_argument("--json", type=Path, default=ROOT / "build" / "bench-site.json")
    args = ap.parse_args(argv)
    notebook = args.notebook or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))[0]
    cfg = tomllib.loads((ROOT / "lite_site" / "site.toml").read_text())
    load_before = os.getloadavg()[0]
    runs, failures = [], 0
    for i in range(args.runs):
        try:
            runs.append(one_run(args.site, notebook, cfg["lock"]["on_import"]))
        except Exception as e:  # a run that times out is reported, the others still count
            failures += 1
            print(f"bench-site: run {i + 1} failed: {type(e).__name__}: {e}", file=sys.stderr)
    if not runs:
        return 1
    med = sorted(runs, key=lambda r: r["seconds_to_widget"])[len(runs) // 2]

    print(f"\nSite benchmark: {notebook} in the Notebook view, cold cache, headless Chromium, "
          f"{len(runs)} run(s); the median run in detail.")
    each = ", ".join(f"{r['seconds_to_widget']:.1f}" for r in runs)
    print(f"  first widget : {statistics.median(r['seconds_to_widget'] for r in runs):5.1f} s "
          f"(runs: {each}; "
          f"target < {TARGET_SECONDS:.0f} s)")
    print(f"  kernel ready : {statistics.median(r['seconds_to_kernel'] for r in runs):5.1f} s")
    print(f"  on the wire  : {med['bytes_to_widget'] / 1e6:5.1f} MB in {med['requests_to_widget']} "
          f"responses until the widget (target < {TARGET_MB:.0f} MB; counted by the server; "
          f"encodings {', '.join(med['encodings'])})")
    print(f"  machine      : {os.cpu_count()} cores, load average {load_before:.1f} before the runs "
          f"(anything above ~0.5 means other work shared the cores and slowed the figures)")
    print("  timeline (seconds from navigation):")
    for name, t in med["milestones"].items():
        print(f"    {'  -  ' if t is None else f'{t:5.1f}'}  {name}")
    print("  bytes by kind:")
    for name, nbytes in med["by_kind"].items():
        print(f"    {nbytes / 1e6:6.2f} MB  {name}")
    print("  largest responses:")
    for nbytes, path, enc in med["largest"]:
        print(f"    {nbytes / 1e6:6.2f} MB  {path}  ({enc})")
    off = sorted({u for r in runs for u in r["off_origin"]})
    print(f"  requests to other origins: {len(off)}" + (f" {off}" if off else ""))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(
        {"notebook": notebook, "load_average": load_before, "runs": runs}, indent=1))
    print(f"  (all runs in {args.json})")
    return 1 if off or failures else 0


if __name__ == "__main__":
    sys.exit(main())
