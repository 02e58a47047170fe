// Play-outs per second of the engine and of the fast core (sixnimmt_core/players/playout.py) in Pyodide under
// Node, from the site's own Pyodide copy (read only): tools/bench_coach.py's ``playouts`` run in the
// browser's Python. The repository is mounted read only at /repo.
// Prints one JSON line: {variant: [[engine/s, core/s], …], …}.
//   node tools/bench_playouts_pyodide.mjs build/cache/pyodide-core REPO_DIR [ROUNDS] [VARIANTS]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const core = resolve(process.argv[2] || "build/cache/pyodide-core");
const repo = resolve(process.argv[3] || ".");
const rounds = Number(process.argv[4] || 3);
const variants = (process.argv[5] || "base,tactics,professional,open").split(",");
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
json.dumps({v: bench_coach.playouts(v, rounds=${rounds}) for v in ${JSON.stringify(variants)}})
`);
  console.log(out);
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
