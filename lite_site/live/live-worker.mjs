// The app's Python (started by apps/live.js): Pyodide in this worker with only what the lessons
// import — the engine's wheel, ipywidgets, comm, traitlets, segno — not IPython, not a kernel.
// It runs one thing, sixnimmt_core.widgets.apps.start_encoded(data), the page's start data given as
// data (a string), and passes the widgets' messages between Python and the page (pagecomm.py).
import { loadPyodide } from "../static/pyodide/pyodide.mjs";

const indexURL = new URL("../static/pyodide/", import.meta.url).href;
const waiting = [];
let receive = null;

self.onmessage = (event) => {
  if (typeof event.data?.start === "string") start(event.data.start);
  else if (receive) receive(event.data.text, event.data.buffers || []);
  else waiting.push(event.data);
};

async function start(data) {
  try {
    const lock = await (await fetch(indexURL + "pyodide-lock.json")).json();
    // ipywidgets' metadata names IPython; the app imports none of it (pagecomm.without_ipython).
    lock.packages.ipywidgets.depends = lock.packages.ipywidgets.depends.filter(d => d !== "ipython");
    const py = await loadPyodide({ indexURL, packageBaseUrl: indexURL, lockFileContents: lock, packages: ["sixnimmt"] });
    postMessage({ stage: "start" });
    const pagecomm = py.pyimport("sixnimmt_core.widgets.pagecomm");
    pagecomm.without_ipython();
    const post = (text, buffers) => { const list = buffers.toJs(); buffers.destroy(); postMessage({ text, buffers: list }); };
    const comms = pagecomm.PageComms(post).install();
    const app = py.pyimport("sixnimmt_core.widgets.apps").start_encoded(data);
    comms.show(app);
    receive = (text, buffers) => comms.receive(text, buffers);
    for (const m of waiting.splice(0)) receive(m.text, m.buffers || []);
  } catch (error) {
    postMessage({ failed: error.type || error.name || "Error", words: String(error.message || error) });  // type: Python's
  }
}
