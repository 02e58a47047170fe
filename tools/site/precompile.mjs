// Run tools/site/precompile_wheels.py inside Pyodide under Node: the browser's own Python makes
// the bytecode shipped to the browser. With a fourth folder, the standard library zip of the core
// (python_stdlib.zip, sources only) is compiled into it too. What the site.toml's [trim] table
// names is left out (--config, by default lite_site/site.toml beside this tool; --config none: nothing,
// for the project's own wheel).
//   node tools/site/precompile.mjs [--config SITE_TOML|none] PYODIDE_CORE_DIR IN_WHEELS_DIR OUT_WHEELS_DIR [OUT_STDLIB_DIR]
import { mkdirSync, rmSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
let args = process.argv.slice(2);
let config = resolve(here, "../../lite_site/site.toml");
if (args[0] === "--config") {
  config = args[1] === "none" ? null : resolve(args[1]);
  args = args.slice(2);
}
const [core, src, dst, stdlibDst] = args.map((p) => resolve(p));
if (!dst) {
  console.error("usage: node precompile.mjs [--config SITE_TOML] PYODIDE_CORE_DIR IN_DIR OUT_DIR [OUT_STDLIB_DIR]");
  process.exit(2);
}
for (const dir of stdlibDst ? [dst, stdlibDst] : [dst]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
const { loadPyodide } = await import(pathToFileURL(`${core}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${core}/` });
const mounts = [["/tools", here], ["/in", src], ["/out", dst], ...(config ? [["/config", dirname(config)]] : [])];
if (stdlibDst) mounts.push(["/core", core], ["/stdlib-out", stdlibDst]);
for (const [mount, dir] of mounts) {
  py.FS.mkdirTree(mount);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, mount);
}
try {
  py.runPython(`
import sys
sys.path.insert(0, "/tools")
import precompile_wheels
precompile_wheels.main([${config ? `"--config", "/config/${basename(config)}", ` : ""}"/in", "/out"${stdlibDst ? ', "/core/python_stdlib.zip", "/stdlib-out/python_stdlib.zip"' : ""}])
`);
} catch (e) {
  // Python's traceback only (Node would print the minified runtime's source line first).
  console.error(String(e.message ?? e));
  process.exit(1);
}
