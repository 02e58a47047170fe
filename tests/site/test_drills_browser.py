"""The variants lesson's "Try it" drills in the built app, in Chromium, used as a person uses them:
for every variant, one right and one wrong answer clicked with the mouse, the feedback's words on
screen and in view, nothing covering a button, the stepper's Next and Back still in view at
1280×800 with the drill beside it; one variant in Czech, one on a phone. One page: Python starts
once for all of it. The drill is shown by the lesson's "Try it ✎" switch (the tour alone until then).

The answers are worked out here with the same drill and seed as the app (sixnimmt_core.teaching.drills), so
the test knows which button is right; the drill's own tests (tests/test_drills.py) prove that the
right answers are right, by hand."""

from __future__ import annotations

import re

import pytest
from app_driver import axe_serious, controls_covered, mouse_click, open_app
from site_harness import screenshot

from sixnimmt_core.engine.rules import variant_name
from sixnimmt_core.teaching.drills import KINDS, Drill, Judged

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def inside(box, size) -> bool:
    return bool(box) and box["x"] >= -0.5 and box["y"] >= -0.5 and \
        box["x"] + box["width"] <= size["width"] + 0.5 and box["y"] + box["height"] <= size["height"] + 0.5


def show(page, frame, variant: str, lang: str):
    """Go to the variant's lesson by its link; press "Try it" if its drill is not shown yet (the tour is
    shown alone until then); wait until the drill is drawn; the drill's locator."""
    page.evaluate("(f) => { location.hash = f; }", f"lesson=variants&pick={variant}&lang={lang}")
    drill = frame.locator(".snt-app .snt-lesson-variants .snt-drill").filter(
        has=frame.locator(".snt-dhead", has_text=variant_name(variant, lang)))
    drill.wait_for(state="attached", timeout=60_000)
    if not drill.is_visible():
        mouse_click(page, frame.locator(".snt-app .snt-lesson-variants .snt-trytoggle"))
    drill.wait_for(state="visible", timeout=60_000)
    return drill


# the answers a drill offers now: a place's answer is its drawn row's button, the others are under the question
ANSWERS = ".snt-dtable button:enabled, .snt-danswers button:enabled"


def click_answer(page, drill, label: str) -> None:
    button = drill.locator(ANSWERS).filter(has_text=re.compile("^" + re.escape(label) + "$"))
    assert button.count() == 1, f"no one button {label!r}"
    mouse_click(page, button)


def feedback_said(page, drill, css: str, verdict: str, words: str, size) -> str:
    """Wait for the feedback panel; check its words and that it can be read in full, in view."""
    panel = drill.locator(f".snt-dfeedback {css}", has_text=verdict)
    panel.wait_for(state="visible", timeout=60_000)
    panel.scroll_into_view_if_needed()
    text = " ".join(panel.inner_text().split())
    assert words in text, (words, text)
    assert inside(panel.bounding_box(), size), "the feedback is not wholly in view"
    return text


def right_then_wrong(page, frame, variant: str, lang: str, size) -> None:
    """Answer the drill's first question right and its second wrong, with the mouse."""
    d = Drill(variant, seed=1)  # the app's drill: the same variant and seed
    drill = show(page, frame, variant, lang)
    q = d.question
    best = q.best
    click_answer(page, drill, best.label.words(lang))
    said = " ".join(Judged(q, best).words(lang).split())
    feedback_said(page, drill, ".snt-ok", "Správně." if lang == "cs" else "Right.", said[:60], size)
    assert controls_covered(frame) == [], variant
    mouse_click(page, drill.locator("button.snt-dnew"))
    q2 = d.next()
    wrong = next(a for a in q2.answers if not a.right)
    # the new question is drawn: its buttons are live (the answered question's are all disabled)
    drill.locator(ANSWERS).first.wait_for(timeout=60_000)
    click_answer(page, drill, wrong.label.words(lang))
    judged = Judged(q2, wrong)
    css = ".snt-warn" if judged.verdict == "allowed" else ".snt-bad"
    verdict = {"en": {"allowed": "Allowed, not the advice.", "wrong": "Not quite."},
               "cs": {"allowed": "Povoleno, ale nedoporučuje se.", "wrong": "Ne tak docela."}}[lang][judged.verdict]
    feedback_said(page, drill, css, verdict, " ".join(judged.words(lang).split())[:60], size)
    assert controls_covered(frame) == [], variant
    score = {"en": "Score: 1 of 2", "cs": "Skóre: 1 z 2"}[lang]
    assert drill.locator(".snt-pos").inner_text() == score


def test_every_variant_s_drill_right_and_wrong_by_mouse(page, site_url):
    page.set_viewport_size(LAPTOP)
    frame = open_app(page, site_url, "lesson=variants&pick=base&lang=en")
    for variant in KINDS:
        right_then_wrong(page, frame, variant, "en", LAPTOP)
        # the tour beside the drill keeps its Next and Back in view, uncovered
        for control in (".snt-stepper .snt-next", ".snt-stepper .snt-back"):
            box = frame.locator(control).first.bounding_box()
            assert inside(box, LAPTOP), f"{variant}: {control} is out of view"
        if variant in ("professional", "twins"):
            screenshot(page, f"drill-{variant}")
            assert axe_serious(frame) == [], variant  # axe-core: nothing serious with the drill open
    right_then_wrong(page, frame, "professional", "cs", LAPTOP)  # the lesson again, in Czech
    assert frame.locator(".snt-drill .snt-dhead", has_text="Vyzkoušej si to").count() >= 1
    page.set_viewport_size(PHONE)  # on a phone the drill lies under the tour
    right_then_wrong(page, frame, "hand", "cs", PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
