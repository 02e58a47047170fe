"""A class at once, a smoke test: three students' browsers fetch, at the same moment, every file
the service worker stores (the app's offline set, like a first visit) from the project's server
(tools/site/serve.py, as `make serve`) and from Python's own server as the teacher's guide gives it
for a class (bench_class.CLASS_SERVER; the guide's line is checked to be that one). No request
may fail and every file must arrive whole: each response is decompressed and checked against the
sha256 in the site's precache.json. Not timing: `make bench-class` (part of `make bench`) loads
and times a class of 30."""

from __future__ import annotations

from pathlib import Path

import bench_class
import pytest

pytestmark = pytest.mark.browser  # needs the built site (make test-site), as test_site_serve.py


@pytest.mark.parametrize("server", ["serve", "http.server-class"])
def test_every_student_gets_every_byte(site_dir, server):
    r = bench_class.run(site_dir, clients=3, connections=6, timeout=240, server=server, verify=True)
    assert r["finished"], "the run ran out of time"
    assert r["failures"] == []
    assert r["requests"] == 3 * r["files"]
    assert len(set(r["per_student_bytes"])) == 1  # each got exactly the same bytes
    if server == "serve":
        assert r["per_student_bytes"][0] < r["raw_bytes"] / 2  # sent compressed


def test_the_list_is_the_service_workers(site_dir):
    listed = {path for path, _size, _sha in bench_class.file_list(site_dir)}
    worker = (site_dir / "service-worker.js").read_text("utf-8")
    stored = [path for path in listed if f'"url":"{path}"' in worker]  # Workbox's manifest entries
    assert len(stored) == len(listed) - 2  # all but the worker itself and version.json
    assert {"app.html", "apps/live.html", "apps/live.js", "static/pyodide/pyodide.asm.wasm",
            "static/pyodide/pyodide-lock.json"} <= listed
    assert not any(p.endswith((".gz", ".br")) for p in listed)


def test_the_guide_gives_the_class_server_that_was_measured():
    guide = (Path(__file__).resolve().parents[2] / "docs" / "teacher-guide.md").read_text("utf-8")
    assert bench_class.CLASS_SERVER.format(port=8000, bind="") in guide
