// Run tools/site/precompile_wheels.py inside Pyodide under Node: the browser's own Python makes
// the bytecode shipped to the browser. With a fourth folder, the standard library zip of the core
// (python_stdlib.zip, sources only) is compiled into it too.
//   node tools/site/precompile.mjs PYODIDE_CORE_DIR IN_WHEELS_DIR OUT_WHEELS_DIR [OUT_STDLIB_DIR]
import { mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [core, src, dst, stdlibDst] = process.argv.slice(2).map((p) => resolve(p));
if (!dst) {
  console.error("usage: node precompile.mjs PYODIDE_CORE_DIR IN_DIR OUT_DIR [OUT_STDLIB_DIR]");
  process.exit(2);
}
for (const dir of stdlibDst ? [dst, stdlibDst] : [dst]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(`${core}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${core}/` });
const mounts = [["/tools", here], ["/in", src], ["/out", dst]];
if (stdlibDst) mounts.push(["/core", core], ["/stdlib-out", stdlibDst]);
for (const [mount, dir] of mounts) {
  py.FS.mkdirTree(mount);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, mount);
}
py.runPython(`
import sys
sys.path.insert(0, "/tools")
import precompile_wheels
precompile_wheels.main(["/in", "/out"${stdlibDst ? ', "/core/python_stdlib.zip", "/stdlib-out/python_stdlib.zip"' : ""}])
`);
