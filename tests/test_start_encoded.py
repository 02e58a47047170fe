"""start_encoded: what the app's lesson frame runs, from the app page's start data (no browser)."""

from __future__ import annotations

import base64
import json

import pytest

from sixnimmt_core.widgets import apps


def encode(value) -> str:
    raw = value if isinstance(value, bytes) else json.dumps(value).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_round_trip_of_what_the_page_sends():
    sent = ["lesson=turn&step=3&lang=cs", "sixnimmt-abc123", "http://127.0.0.1:8000/app.html"]
    assert apps.decode_start(encode(sent)) == tuple(sent)
    word = ["lesson=cards&lang=ro", "sixnimmt-ășțî", "https://example.org/6/app.html"]  # UTF-8 survives
    assert apps.decode_start(encode(word)) == tuple(word)


def test_start_encoded_starts_the_app_at_the_route(monkeypatch):
    monkeypatch.setattr("sixnimmt_core.widgets.browser.connect", lambda app, channel: None)
    app = apps.start_encoded(encode(["lesson=turn&lang=en", "sixnimmt-abcd", "http://127.0.0.1/app.html"]))
    assert app.route.lesson == "turn"
    assert app.page == "http://127.0.0.1/app.html"


@pytest.mark.parametrize("data", [
    "", "abc\"", "a'b", "a b", "a+b/c=", "x" * 4097,  # not base64url
    "a",  # base64 of no whole byte
    encode(b"\xff\xfe"),  # not UTF-8
    encode(b"not json"),
    encode({"route": "x"}), encode(["a", "b"]), encode(["a", "b", "c", "d"]), encode(["a", 2, "c"]),
    encode("abc"), encode(None),
])
def test_anything_else_is_refused_and_starts_nothing(data, monkeypatch):
    started = []
    monkeypatch.setattr(apps, "start", lambda *a: started.append(a))
    with pytest.raises(ValueError):
        apps.start_encoded(data)
    assert not started


@pytest.mark.parametrize("page, kept", [
    ("http://127.0.0.1:8000/app.html", True), ("https://example.org/a/app.html?x=1", True),
    ("javascript:alert(1)", False), ("data:text/html,x", False), ("//evil.example/app.html", False),
    ('https://e.org/"><img src=x onerror=alert(1)>', False), ("https://e.org/a'b", False),
    ("https://e.org/a b", False), ("https://e.org/a\\b", False), ("", False),
])
def test_the_page_address_is_an_http_address_without_markup(page, kept):
    assert apps.safe_page(page) == (page if kept else "")


def test_a_deeply_nested_start_is_refused_before_parsing(monkeypatch):
    """Start data of 4,096 characters holds 3,072 bytes: as brackets, enough to overflow the
    browser's stack in json.loads and kill Python. Only [route, channel, page] is let through."""
    deep = base64.urlsafe_b64encode(b"[" * 3000 + b"]" * 3000).decode().rstrip("=")
    monkeypatch.setattr(apps.json, "loads", lambda *_a, **_k: pytest.fail("json.loads reached"))
    with pytest.raises(ValueError, match="nested"):
        apps.decode_start(deep[:4096])
    monkeypatch.undo()
    ok = base64.urlsafe_b64encode(json.dumps(["lesson=turn", "sixnimmt-abcdef", ""]).encode()).decode().rstrip("=")
    assert apps.decode_start(ok) == ("lesson=turn", "sixnimmt-abcdef", "")
