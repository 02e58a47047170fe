// The app's live lessons (apps/live.html, the app page's lesson frame): Python in a worker that page
// starts (live-worker.mjs), the widgets drawn by ipywidgets' own front end — its models and views,
// @jupyter-widgets/base and controls — with no JupyterLab and no kernel. Each comm's messages travel
// as JSON text (sixnimmt_core/widgets/pagecomm.py). live.html loads this module once Python is up and
// hands it the worker and the messages that came before (attach).
// <body data-stage>: load → start (Python is up) → draw (the lesson is on the page); data-failed names
// a start that failed (the app page then says so in the learner's words).
import { ManagerBase } from "@jupyter-widgets/base-manager";
import * as base from "@jupyter-widgets/base";
import * as controls from "@jupyter-widgets/controls";
import { Widget } from "@lumino/widgets";
import "@jupyter-widgets/controls/css/widgets-base.css";  // the variables: JupyterLab's light theme (live.html)

const MODULES = { "@jupyter-widgets/base": base, "@jupyter-widgets/controls": controls };

class Manager extends ManagerBase {
  loadClass(className, moduleName) {
    const module = MODULES[moduleName];
    return module && module[className] ? Promise.resolve(module[className])
      : Promise.reject(new Error(`no widget class ${moduleName}.${className}`));
  }
  _create_comm() { return Promise.reject(new Error("widgets are made in Python")); }
  _get_comm_info() { return Promise.resolve({}); }
}

const manager = new Manager();
const comms = new Map(), pending = new Map();
let sent = 0, worker = null;
function toPython(type, comm_id, data, callbacks, buffers) {
  const msg_id = "page-" + (++sent);
  if (callbacks) pending.set(msg_id, callbacks);
  worker.postMessage({ text: JSON.stringify({ type, comm_id, data: data || {}, msg_id }), buffers: buffers || [] });
  return msg_id;
}

// One of Python's comms, as ipywidgets' front end expects it (IClassicComm).
class Comm {
  constructor(id, target) { this.comm_id = id; this.target_name = target; this.onMsg = this.onClose = null; }
  open() { return ""; }
  send(data, callbacks, metadata, buffers) { return toPython("comm_msg", this.comm_id, data, callbacks, buffers); }
  close(data) { return toPython("comm_close", this.comm_id, data); }
  on_msg(cb) { this.onMsg = cb; }
  on_close(cb) { this.onClose = cb; }
}

async function fromPython(m, buffers) {
  const msg = { content: { comm_id: m.comm_id, target_name: m.target_name, data: m.data },
                metadata: m.metadata, buffers, parent_header: { msg_id: m.parent } };
  const comm = comms.get(m.comm_id);
  if (m.type === "comm_open") {
    const opened = new Comm(m.comm_id, m.target_name);
    comms.set(m.comm_id, opened);
    await manager.handle_comm_open(opened, msg);
  } else if (m.type === "comm_msg") {
    comm?.onMsg?.(msg);
  } else if (m.type === "comm_close") {
    comms.delete(m.comm_id);
    comm?.onClose?.(msg);
  } else if (m.type === "idle") {  // Python has handled one of ours: ipywidgets counts these to throttle
    const callbacks = pending.get(m.msg_id);
    pending.delete(m.msg_id);
    callbacks?.iopub?.status?.({ content: { execution_state: "idle" }, parent_header: { msg_id: m.msg_id } });
  } else if (m.type === "display") {
    const view = await manager.create_view(await manager.get_model(m.model_id));
    Widget.attach(view.luminoWidget, document.getElementById("live"));
    window.liveMarks.drawn = performance.timeOrigin + performance.now();
    document.body.dataset.stage = "draw";
  }
}

// Messages are handled in order: a model is made (comm_open) before its first update is applied.
let order = Promise.resolve();
function fromWorker(event) {
  const d = event.data || {};
  if (typeof d.text === "string") {
    const buffers = (d.buffers || []).map(b => new DataView(b.buffer || b));
    order = order.then(() => fromPython(JSON.parse(d.text), buffers)).catch(e => console.error(e));
  } else if (d.mark) {
    window.liveMarks[d.mark] = d.at;
  } else if (d.stage) {
    document.body.dataset.stage = d.stage;
  } else if (d.failed) {
    console.error(d.words);
    window.liveFailed(d.failed);  // e.g. ValueError: start data that is not the app page's
  }
}

// The worker live.html started, and what it said before this module was loaded.
export function attach(started, inbox) {
  window.liveMarks.front = performance.timeOrigin + performance.now();
  worker = started;
  worker.onmessage = fromWorker;
  for (const event of inbox.splice(0)) fromWorker(event);
}
