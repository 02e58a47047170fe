"""The live lessons' comms (sixnimmt_core/widgets/pagecomm.py): ipywidgets' messages to the page as
JSON text, the page's messages back to the widgets, and ipywidgets importable with no IPython."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import comm
import ipywidgets as w
import pytest

from sixnimmt_core.widgets import pagecomm


@pytest.fixture
def sent():
    """The messages Python posts to the page (parsed), while PageComms is ipywidgets' comm factory."""
    before = comm.create_comm, comm.get_comm_manager
    out: list[dict] = []
    comms = pagecomm.PageComms(lambda text, buffers: out.append({**json.loads(text), "buffers": buffers})).install()
    yield out, comms
    comm.create_comm, comm.get_comm_manager = before


def test_a_new_widget_is_opened_on_the_page_with_its_state(sent):
    out, _ = sent
    button = w.Button(description="Next", tooltip="")
    opened = [m for m in out if m["type"] == "comm_open" and m["comm_id"] == button.model_id]
    assert len(opened) == 1
    assert opened[0]["target_name"] == "jupyter.widget"
    assert opened[0]["data"]["state"]["description"] == "Next"
    assert opened[0]["data"]["state"]["_model_name"] == "ButtonModel"
    assert opened[0]["metadata"]["version"].startswith("2.")  # ipywidgets 8's protocol


def test_a_change_in_python_is_sent_as_an_update(sent):
    out, _ = sent
    button = w.Button(description="Next", tooltip="")
    out.clear()
    button.description = "Další"
    assert [(m["type"], m["comm_id"], m["data"]) for m in out] == [
        ("comm_msg", button.model_id, {"method": "update", "state": {"description": "Další"}, "buffer_paths": []})]


def test_a_change_on_the_page_reaches_python_and_is_answered(sent):
    out, comms = sent
    box = w.Text(value="")
    seen = []
    box.observe(lambda change: seen.append(change["new"]), "value")
    out.clear()
    comms.receive(json.dumps({"type": "comm_msg", "comm_id": box.model_id, "msg_id": "page-7",
                              "data": {"method": "update", "state": {"value": "row 2"}, "buffer_paths": []}}))
    assert box.value == "row 2" and seen == ["row 2"]
    # ipywidgets echoes the page's update, naming the page's message; then the page hears "handled"
    assert out[-1] == {"type": "idle", "msg_id": "page-7", "parent": "", "buffers": []}
    assert all(m["parent"] == "page-7" for m in out[:-1])


def test_a_click_on_the_page_runs_the_buttons_handlers(sent):
    _, comms = sent
    button = w.Button(description="Play 34", tooltip="")
    clicks = []
    button.on_click(lambda b: clicks.append(b.description))
    comms.receive(json.dumps({"type": "comm_msg", "comm_id": button.model_id, "msg_id": "page-1",
                              "data": {"method": "custom", "content": {"event": "click"}}}))
    assert clicks == ["Play 34"]


def test_a_file_opened_on_the_page_arrives_as_its_bytes(sent):
    """A file the learner opens travels as a binary part of the message (FileUpload's content)."""
    _, comms = sent
    upload = w.FileUpload(accept=".json", multiple=False, tooltip="")
    state = {"value": [{"name": "game.json", "type": "application/json", "size": 9, "last_modified": 0}]}
    comms.receive(json.dumps({"type": "comm_msg", "comm_id": upload.model_id, "msg_id": "page-2",
                              "data": {"method": "update", "state": state, "buffer_paths": [["value", 0, "content"]]}}),
                  [b'{"v": 2}\n'])
    assert upload.value[0]["name"] == "game.json"
    assert bytes(upload.value[0]["content"]) == b'{"v": 2}\n'


@pytest.mark.parametrize("text", ["not json", "[]", '{"type": "comm_msg"}', '{"type": "exec", "comm_id": "x"}',
                                  '{"type": "comm_msg", "comm_id": 7}'])
def test_anything_else_from_the_page_changes_nothing(sent, text):
    out, comms = sent
    box = w.Text(value="kept")
    out.clear()
    comms.receive(text)
    assert box.value == "kept" and out == []


def test_show_asks_the_page_to_draw_the_widget(sent):
    out, comms = sent
    box = w.VBox([w.HTML("6 nimmt!")])
    out.clear()
    comms.show(box)
    assert out == [{"type": "display", "model_id": box.model_id, "parent": "", "buffers": []}]


def test_ipywidgets_imports_and_draws_where_ipython_is_absent():
    """The browser's app loads no IPython: with every IPython import refused, ipywidgets still
    imports once without_ipython() has run, and a widget still opens its comm."""
    code = textwrap.dedent("""
        import importlib.abc, json, sys
        class NoIPython(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name == "IPython" or name.startswith("IPython."):
                    raise ImportError("no IPython here")
        sys.meta_path.insert(0, NoIPython())
        from sixnimmt_core.widgets import pagecomm
        assert "ipywidgets" not in sys.modules  # the widgets package imports nothing at once
        pagecomm.without_ipython()
        out = []
        pagecomm.PageComms(lambda text, buffers: out.append(json.loads(text))).install()
        import ipywidgets
        ipywidgets.Button(description="Next", tooltip="")
        print(sorted({m["type"] for m in out}))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['comm_open']"
