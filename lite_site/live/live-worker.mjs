// The app's Python (started by apps/live.html as soon as the page opens): Pyodide in this worker with
// only what the lessons import — the engine's wheel, ipywidgets, comm, traitlets, segno — not IPython,
// not a kernel. It loads at once; when the lessons' modules are imported it asks the page for the
// start data ({need: "start"}: where the learner is by then) and runs one thing,
// sixnimmt_core.widgets.apps.start_encoded(data), the data given as data (a string); then it passes the
// widgets' messages between Python and the page (pagecomm.py).
import { loadPyodide } from "../static/pyodide/pyodide.mjs";

// When each part of the start is done (epoch ms), for the benchmark's breakdown (tools/site/bench.py).
const mark = (name) => postMessage({ mark: name, at: performance.timeOrigin + performance.now() });
mark("worker");
const indexURL = new URL("../static/pyodide/", import.meta.url).href;
const waiting = [];
let receive = null, startData = null;

self.onmessage = (event) => {
  if (typeof event.data?.start === "string") startData?.(event.data.start);
  else if (receive) receive(event.data.text, bytes(event.data.buffers));
  else waiting.push(event.data);
};

// A message's binary parts (a file the learner opens) as bytes, for Python (JsProxy.to_bytes()).
function bytes(buffers) {
  return (buffers || []).map(b => ArrayBuffer.isView(b) ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array(b));
}

async function start() {
  try {
    // The packages' list, fetched beside Pyodide's own files (loadPyodide takes it as a promise).
    // ipywidgets' metadata names IPython; the app imports none of it (pagecomm.without_ipython).
    const lock = fetch(indexURL + "pyodide-lock.json").then(r => r.json()).then((lock) => {
      lock.packages.ipywidgets.depends = lock.packages.ipywidgets.depends.filter(d => d !== "ipython");
      return lock;
    });
    const py = await loadPyodide({ indexURL, packageBaseUrl: indexURL, lockFileContents: lock, packages: ["sixnimmt"] });
    mark("pyodide");
    postMessage({ stage: "start" });
    const pagecomm = py.pyimport("sixnimmt_core.widgets.pagecomm");
    pagecomm.without_ipython();
    const post = (text, buffers) => { const list = buffers.toJs(); buffers.destroy(); postMessage({ text, buffers: list }); };
    const comms = pagecomm.PageComms(post).install();
    const apps = py.pyimport("sixnimmt_core.widgets.apps");
    mark("imports");
    const data = await new Promise((resolve) => { startData = resolve; postMessage({ need: "start" }); });
    const app = apps.start_encoded(data);
    mark("app");
    comms.show(app);
    receive = (text, buffers) => comms.receive(text, buffers);
    for (const m of waiting.splice(0)) receive(m.text, bytes(m.buffers));
  } catch (error) {
    postMessage({ failed: error.type || error.name || "Error", words: String(error.message || error) });  // type: Python's
  }
}
start();
