// The yardstick of `make bench-site`: a bare Pyodide start from the site's own copy, under Node —
// load the runtime, run `import sys`. Prints the seconds it took as JSON. With a second argument,
// that standard library zip in place of the site's (bench.py: npm's own, sources only).
//   node tools/site/bare_pyodide.mjs build/site/static/pyodide [python_stdlib.zip]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const core = resolve(process.argv[2] || "build/site/static/pyodide");
const stdLibURL = process.argv[3] ? resolve(process.argv[3]) : undefined;
const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(`${core}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${core}/`, stdLibURL });
py.runPython("import sys");
console.log(JSON.stringify({ seconds: (performance.now() - t0) / 1000, python: py.runPython("sys.version") }));
