// Run one of tools/bench_coach.py's measurements in the browser's Python: Pyodide under Node, from the
// site's own Pyodide copy (read only). The repository is mounted read only at /repo (the engine is pure
// Python: it imports from the source tree as the site's wheel would). The Python given is run with
// bench_coach imported; its last expression, a JSON text, is printed as one line.
//   node tools/site/pyodide_bench.mjs build/cache/pyodide-core REPO_DIR PYTHON
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const core = resolve(process.argv[2] || "build/cache/pyodide-core");
const repo = resolve(process.argv[3] || ".");
const code = process.argv[4];
const { loadPyodide } = await import(pathToFileURL(`${core}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${core}/` });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
try {
  py.runPython(`
import sys
sys.dont_write_bytecode = True  # the mount is read only for us: no __pycache__ in the tree
sys.path.insert(0, "/repo/tools")
sys.path.insert(0, "/repo")
import bench_coach
`);
  console.log(py.runPython(code));
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
