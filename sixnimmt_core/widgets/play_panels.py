"""The panels of Play's table as HTML: the scores, the result, a hand's end, the story, the cards laid,
the draft's hands and the Coach's note. Each draws what a :class:`~sixnimmt_core.teaching.playflow.TurnFlow`
(or the Coach's :class:`~sixnimmt_core.teaching.playflow.CoachNote`) says, in the flow's language."""

from __future__ import annotations

from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.events import HandEnded, Marker, MatchEnded
from sixnimmt_core.engine.rules import Choosing, Rules
from sixnimmt_core.teaching.playflow import CoachNote, TurnFlow
from sixnimmt_core.widgets._common import WIDGETS, cards_words, chips, esc, panel
from sixnimmt_core.words import heads_words, join, text

STORY_LINES = 30  # the most narration lines shown at once

COACH = "coach"  # the Coach's and the levels' words


def line(inner: str) -> str:
    """One short line on a slim panel (light ground, dark ink: any theme)."""
    return panel(f"<p>{inner}</p>", "snt-slim")


def match_words(rules: Rules, players: int, lang: str = "en") -> str:
    """When the match ends, in words ("when a player has 66 or more"; Tournament: its hands)."""
    return rules.match_end_words(players, lang)


def seat_name(flow: TurnFlow, seat: int) -> str:
    """A seat as the table names it: 'Anna (you)' for the one person, 'Bot B' for a bot."""
    base = flow.names[seat]
    if seat in flow.humans:
        return text("seat.you", flow.lang, domain=WIDGETS, name=base) if len(flow.humans) == 1 else base
    return text("seat.bot", flow.lang, domain=WIDGETS, name=base)


def laid_html(flow: TurnFlow) -> str:
    """Cards laid this turn and not yet placed: face down until the reveal (face up in Open); '' for none."""
    t = flow.folded
    laid = [(s, c) for s, c in enumerate(t.laid) if c]
    if not laid:
        return ""
    shown, lang = t.revealed, flow.lang
    parts = "".join(f'<span class="snt-laiditem">{esc(seat_name(flow, s))}: '
                    f"{chips(c, face_down=not shown, lang=lang)}</span>" for s, c in laid)
    what = text("laid.lowest" if shown and flow.game.rules.choosing != Choosing.OPEN
              else "laid.seats" if shown else "laid.down", lang, domain=WIDGETS)
    return panel(f'<div class="snt-laid" aria-label="{esc(text("laid.aria", lang, domain=WIDGETS))}">'
                 f"<b>{esc(text('strip.laid', lang, domain=WIDGETS))}</b> <span>({esc(what)})</span>{parts}</div>", "snt-slim")


def draft_hands_html(flow: TurnFlow) -> str:
    """The draft: every seat's cards taken so far (all face up)."""
    lang = flow.lang
    rows = "".join(f"<tr><td>{esc(seat_name(flow, s))}</td>"
                   f"<td>{chips(sorted(h), empty=text('draft.none_yet', lang, domain=WIDGETS), lang=lang)}</td></tr>"
                   for s, h in enumerate(flow.game.hands))
    return panel(f"<p><b>{esc(text('draft.taken', lang, domain=WIDGETS))}</b> ({esc(text('draft.taken.why', lang, domain=WIDGETS))})</p>"
                 f'<table class="snt-seats">{rows}</table>')


def story_html(flow: TurnFlow, seat: int | None) -> str:
    """The story since ``seat`` last answered (None: its last lines); '' when there is nothing to tell."""
    lines = flow.since(seat) if seat is not None else flow.lines[max(0, len(flow.lines) - STORY_LINES):]
    more = len(lines) > STORY_LINES
    lines = lines[-STORY_LINES:]
    items = "".join(f'<li{" class=snt-you" if seat is not None and e.seat == seat else ""}>{esc(t)}</li>'
                    for e, t in lines if not isinstance(e, Marker))
    if not items:
        return ""
    fresh = seat is not None and flow.seen.get(seat, 0)
    head = text("story.since" if fresh else "story.head", flow.lang, domain=WIDGETS)
    latest = " " + esc(text("story.latest", flow.lang, domain=WIDGETS)) if more else ""
    return panel(f"<p><b>{esc(head)}</b>{latest}</p>"
                 f'<ol class="snt-lines" tabindex="0" aria-label="{esc(head)}" aria-live="polite">{items}</ol>')


def scores_html(flow: TurnFlow) -> str:
    """Each seat's cards in hand, pile and heads this hand (and in a match, the total so far)."""
    g, lang = flow.game, flow.lang
    scores = g.scores()
    match = not flow.one_hand
    head = "<tr>" + "".join(f"<th>{esc(text(k, lang, domain=WIDGETS))}</th>" for k in ("seats.player", "scores.in_hand",
                                                                      "seats.pile", "seats.this_hand"))
    head += f"<th>{esc(text('seats.total', lang, domain=WIDGETS))}</th></tr>" if match else "</tr>"
    rows = []
    for s in range(flow.players):
        pile = g.piles[s]
        total = f'<td class="snt-num">{g.totals[s] + (0 if g.over else scores[s])}</td>' if match else ""
        rows.append(f"<tr><td>{esc(seat_name(flow, s))}</td><td class=\"snt-num\">{len(g.hands[s])}</td>"
                    f"<td>{cards_words(len(pile), lang)}, {heads_words(total_heads(pile), lang)}</td>"
                    f'<td class="snt-num">{scores[s]}</td>{total}</tr>')
    hand = text("scores.hand_turn", lang, domain=WIDGETS, hand=g.hand_no, turn=g.turn) if g.turn \
        else text("scores.hand_no", lang, domain=WIDGETS, hand=g.hand_no)
    return panel(f'<p><b>{esc(text("scores.title", lang, domain=WIDGETS))}</b> — {esc(hand)}</p><table class="snt-seats" '
                 f'aria-label="{esc(text("scores.aria", lang, domain=WIDGETS))}">{head}{"".join(rows)}</table>')


def result_html(flow: TurnFlow, new_game: str) -> str:
    """The game's end: who won, the points, and "press ``new_game``" (the New game button's name)."""
    g, lang = flow.game, flow.lang
    if not g.over:
        return panel(f"<p>{esc(text('play.no_decision', lang, domain=WIDGETS))}</p>")
    totals = g.totals
    best = min(totals)
    order = sorted(range(flow.players), key=lambda s: (totals[s], s))
    rows = "".join(
        f'<tr class="{"snt-best" if totals[s] == best else ""}"><td>{"★ " if totals[s] == best else ""}'
        f'{esc(seat_name(flow, s))}</td><td class="snt-num">{totals[s]}</td></tr>' for s in order)
    winners = [flow.names[s] for s in g.winners()]
    over = text("result.hand" if flow.one_hand else "result.match", lang, n=len(winners), domain=WIDGETS, names=join(winners, lang), heads=heads_words(best, lang))
    ending = next((t for e, t in reversed(flow.lines) if isinstance(e, (MatchEnded, HandEnded))), "")
    hand_cards = (" " + text("result.double", lang, domain=WIDGETS) if g.rules.hand_cards_double else "")
    again = text("result.again", lang, domain=WIDGETS, button="\0")  # the button's name in bold
    before, _, after = esc(again).partition("\0")
    return panel(
        f'<div class="snt-title">{esc(over)}</div>'
        f"<p>{esc(ending)}{esc(hand_cards)}</p>"
        f'<table class="snt-seats" aria-label="{esc(text("result.aria", lang, domain=WIDGETS))}"><tr>'
        f'<th>{esc(text("seats.player", lang, domain=WIDGETS))}</th><th>{esc(text("result.points", lang, domain=WIDGETS))}</th></tr>{rows}</table>'
        f"<p>{before}<b>{esc(new_game)}</b>{after}</p>", "snt-ok", "status")


def hand_over_html(flow: TurnFlow, e: HandEnded) -> str:
    """In a match: hand ``e`` ended since this seat's last move: say so, with the scores."""
    lang = flow.lang
    rows = "".join(f'<tr><td>{esc(seat_name(flow, s))}</td><td class="snt-num">{e.scores[s]}</td>'
                   f'<td class="snt-num">{e.totals[s]}</td></tr>' for s in range(flow.players))
    return panel(
        f'<div class="snt-title">{esc(text("hand.over", lang, domain=WIDGETS, hand=e.hand, next=flow.game.hand_no))}</div>'
        f'<table class="snt-seats" aria-label="{esc(text("hand.over.aria", lang, domain=WIDGETS, hand=e.hand))}"><tr>'
        f'<th>{esc(text("seats.player", lang, domain=WIDGETS))}</th><th>{esc(text("seats.this_hand", lang, domain=WIDGETS))}</th>'
        f'<th>{esc(text("seats.total", lang, domain=WIDGETS))}</th></tr>{rows}</table>'
        f"<p>{esc(text('hand.over.ends', lang, domain=WIDGETS, ends=match_words(flow.game.rules, flow.players, lang)))}</p>",
        "snt-warn", "status")


def coach_html(note: CoachNote, lang: str) -> str:
    """The Coach's panel: the advice and what matters, its best answers under "details"; a single
    answer's cost in one line."""
    items = "".join(f"<li>{esc(said)}</li>" for said in note.lines)
    listing = (f'<ol class="snt-lines snt-coachnote" tabindex="0" aria-label="{esc(text("coach.aria", lang, domain=WIDGETS))}">'
               f"{items}</ol>")
    if note.only:
        return panel(f"<p><b>{esc(text('coach.label', lang, domain=WIDGETS))}</b> — {esc(note.about)}</p>{listing}", "snt-warn")
    return panel(f'<p class="snt-say"><b>{esc(text("coach.label", lang, domain=WIDGETS))}</b> — {esc(note.advice)}</p>'
                 f"<p>{esc(note.why)}</p>"
                 f"<details><summary>{esc(text('details', lang, domain=COACH))}</summary><p>{esc(note.about)}</p>"
                 f"{listing}</details>", "snt-warn")
