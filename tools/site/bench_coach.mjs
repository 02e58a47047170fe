// The Coach's latency in the browser's Python: tools/bench_coach.py's positions timed in Pyodide under
// Node, from the site's own Pyodide copy (read only). The repository is mounted read only at /repo
// (the engine is pure Python: it imports from the source tree as the site's wheel would).
// Prints one JSON line: median, p10, p90, min, max (ms), deals sampled (median), n.
//   node tools/site/bench_coach.mjs build/cache/pyodide-core REPO_DIR [POSITIONS] [FIXED_DEALS]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const core = resolve(process.argv[2] || "build/cache/pyodide-core");
const repo = resolve(process.argv[3] || ".");
const n = Number(process.argv[4] || 30);
const fixed = Number(process.argv[5] || 0); // >0: that many deals, no time budget (the same work as CPython's)
const { loadPyodide } = await import(pathToFileURL(`${core}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${core}/` });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
try {
  const out = py.runPython(`
import json, sys
sys.dont_write_bytecode = True  # the mount is read only for us: no __pycache__ in the tree
sys.path.insert(0, "/repo/tools")
sys.path.insert(0, "/repo")
import bench_coach
bench_coach.latency(3)  # warm up: imports, first calls
kw = {"samples": ${fixed}, "budget": None} if ${fixed} else {}
json.dumps(bench_coach.summary(bench_coach.latency(${n}, **kw)))
`);
  console.log(out);
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
