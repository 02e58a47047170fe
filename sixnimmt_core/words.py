"""Explanations are data (a message key and its values); this is the one place that makes words.

Every event class has a key (``events.Placed.key`` is ``"event.placed"``); the narrator picks that
key or one beside it (``"event.placed.low"``) and fills it with the event's values. Every other
language of the source documents (Czech, Slovak, Romanian) can be added as another catalogue
under ``MESSAGES`` without touching the rules.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # placement
        "place.closest": "{card} goes after {end} in row {row}: {why}.",
        "place.closest.only": "{card} goes after {end} in row {row}: it is the only row end below {card}.",
        "place.sixth": "{card} would go after {end} in row {row}, but that row already holds 5 cards: "
        "{card} is its sixth card, so its player takes the 5 cards and {card} starts the row "
        "(rule 3, full row).",
        "place.low": "{card} is lower than every row end ({ends}): its player chooses a row, takes "
        "all its cards, and {card} starts that row (rule 4, lowest card).",
        "place.twin": "{card} is the twin of the end card of row {row}: it is laid on it, and the row "
        "does not grow (Twins).",
        "place.two.closest": "{card} goes {spot} (difference {diff}){why}.",
        "place.two.sixth": "{card} goes {spot} (difference {diff}){why} — as "
        "that row's sixth card: its player takes the 5 cards and {card} starts the row.",
        "spot.right": "after {end} in row {row}",
        "spot.left": "before {end}, at the left end of row {row}",
        "place.two.nowhere": "{card} fits no row on either side (every row has a left end below it "
        "and a right end above it): its player takes a row of their choice, as in the base game.",
        "place.two.tie": "{card} is equally near to {tied}: the rules don't say; this edition lets "
        "the player choose (a ruling).",
        # a wrong place, in a few words (the row trainer)
        "why_not.higher": ": {end} is higher than {card}, and a row grows upwards",
        "why_not.lower": ": {end} is lower than {card}, and a row grows downwards on its left",
        "why_not.farther": ": {card} could go there (difference {diff}), but another place is closer",
        # events
        "event.hand_started": "Hand {hand} begins.",
        "event.dealt": "The cards are shuffled and dealt: {hand_size} to each player; {starters} start "
        "the four rows.",
        "event.dealt.given": "The example's table: {rows}. {hands}.",
        "given.row": "row {row} holds {cards}",
        "given.hand": "{name} holds {cards}",
        "event.dealt.twins": "{stacked}: twins among the starting cards are stacked and more cards are "
        "drawn until four rows have started.",
        "event.laid_out": "All {count} cards are laid face up for the draft (Logic).",
        "event.drafted": "{name} takes {card} from the table.",
        "event.drafted.first": "The draft begins (Logic): {name} takes {card} from the table; then each "
        "player in turn takes one card, until everyone has {hand_size}.",
        "event.rows_started": "The {count} cards left over start the rows: {starters}.",
        "event.sheets": "Hand {hand}: each player plays the selection on the sheet they hold ({who}).",
        "event.chose": "{name} chooses {count_words} face down.",
        "event.chose.open": "{name} lays {cards} face up.",
        "event.chose.all": "Everyone lays {count_words} face down.",
        "event.chose.some": "{names} each lay {count_words} face down.",
        "event.revealed": "The cards are revealed: {cards}. They are placed lowest first.",
        "event.revealed.refined": "The cards are revealed: {cards}. The player with the lowest card "
        "places both of theirs, in the order they choose; then the next lowest.",
        "event.ordered": "{name} places {first} first, then {second}.",
        "event.ordered.matters": "{name} places {first} first, then {second} — the order matters: "
        "the other way round, {card} would {instead}.",
        "instead.low": "be lower than every row end",
        "instead.nowhere": "fit no row",
        "instead.choice": "wait for its player's choice",
        "instead.sixth": "be the sixth card of row {row}",
        "instead.row": "go to row {row}",
        "event.played": "{name} lays {cards} and places {them} at once.",
        "event.passed": "{name} has no cards and passes.",
        "event.placed": "{name}: {reason}",
        "event.chose_row": "{name}: {reason} {name} chooses row {row} ({row_cards} — {heads}).",
        "event.placed.low": "{name}: {card} starts row {row}.",
        "event.placed.stack": "{names} played twins: the two {card}s are placed together as one stack "
        "(it counts as one card). {reason}",
        "event.placed.chosen": "{name}: {card} goes {spot}, where the player chose.",
        "event.placed.chosen.sixth": "{name}: {card} goes {spot}, where the player chose — as that row's "
        "sixth card: its player takes the 5 cards and {card} starts the row.",
        "event.chose_spot": "{name}: {reason} {name} chooses to put {card} {spot}.",
        "event.took": "{name} takes row {row}: {cards} — {heads}.",
        "event.took.shared": "{names} played twins and share row {row}: {cards} — {heads}, "
        "{share} each (half, rounded up).",
        "event.split": "{name} keeps {to_hand} in hand and puts {to_pile} on the penalty pile.",
        "event.marker": "The start marker passes to {name}.",
        "event.hand_ended": "The hand is over. Penalties this hand: {scores}. Totals: {totals}.",
        "event.match_ended": "The match is over ({why}). {winners} with the fewest points.",
        "event.match_ended.selections": "Per selection of cards, what each player scored with it: "
        "{table}.",
        # a lesson's own step (teach.Rulebook)
        "event.rulebook": "The rulebook's words, from {source}{rebuilt}: “{text}”",
        "event.rulebook.rebuilt": " (its picture is lost: this table is rebuilt to fit the text)",
        # the parts events' sentences are made of
        "count.card": "a card",
        "count.cards": "{n} cards",
        "pronoun.it": "it",
        "pronoun.them": "them",
        "seat.cards": "{name} {cards}",
        "seat.value": "{name} {value}",
        "sheets.holder": "{name} plays {holder}'s",
        "selection.row": "{sheet}'s cards: {scores}",
        # bits
        "why.closest": "{higher_words}of {lower} the closest below {card} is {end} (rule 2, "
        "smallest difference)",
        "why.two.nearest": "; the other places are farther: {others}",
        "side.right": "after",
        "side.left": "before",
        "nothing": "nothing",
        "wins": "{names} wins",
        "win": "{names} win",
    }
}


def say(key: str, lang: str = "en", **values: Any) -> str:
    """The message ``key`` in ``lang`` (English when missing) filled with ``values``."""
    catalogue = MESSAGES.get(lang) or MESSAGES["en"]
    template = catalogue.get(key) or MESSAGES["en"][key]
    return template.format(**values)


def join(items: list[Any] | tuple[Any, ...], lang: str = "en") -> str:
    """'8', '8 and 24', '8, 24 and 69'."""
    words = [str(i) for i in items]
    if not words:
        return say("nothing", lang)
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def explain_placement(p: Any, lang: str = "en") -> str:
    """Words for a :class:`~sixnimmt_core.table.Placement`."""
    if p.two_sided:
        return _explain_two_sided(p, lang)
    row = None if p.row is None else p.row + 1
    if p.rule == "low":
        return say("place.low", lang, card=p.card, ends=join(list(p.ends), lang))
    if p.rule == "twin":
        return say("place.twin", lang, card=p.card, row=row)
    end = p.ends[p.row]
    if p.rule == "sixth":
        return say("place.sixth", lang, card=p.card, end=end, row=row)
    higher = sorted(e for e in p.ends if e > p.card)
    lower = sorted(e for e in p.ends if e < p.card)
    if len(lower) == 1:
        return say("place.closest.only", lang, card=p.card, end=end, row=row)
    higher_words = ""
    if higher:
        verb = "is" if len(higher) == 1 else "are"
        higher_words = f"{join(higher, lang)} {verb} higher than {p.card}, and "
    why = say("why.closest", lang, higher_words=higher_words, lower=join(lower, lang), card=p.card, end=end)
    return say("place.closest", lang, card=p.card, end=end, row=row, why=why)


def _spot_words(s: Any, lang: str) -> str:
    return f"{say('side.' + s.side, lang)} {s.end} in row {s.row + 1} (difference {s.diff})"


def _explain_two_sided(p: Any, lang: str) -> str:
    if p.rule == "nowhere":
        return say("place.two.nowhere", lang, card=p.card)
    if p.rule == "tie":
        return say("place.two.tie", lang, card=p.card, tied=join([_spot_words(s, lang) for s in p.tied], lang))
    row = p.row + 1
    left, right = p.ends[p.row]
    if p.rule == "twin":
        return say("place.twin", lang, card=p.card, row=row)
    chosen = next(s for s in p.candidates if s.row == p.row and s.side == p.side)
    others = [s for s in p.candidates if s is not chosen]
    why = say("why.two.nearest", lang, others=join([_spot_words(s, lang) for s in others], lang)) if others else ""
    key = "place.two.sixth" if p.rule == "sixth" else "place.two.closest"
    return say(key, lang, card=p.card, spot=spot_words(p.side, chosen.end, row, lang), diff=chosen.diff, why=why)


def why_not(p: Any, row: int, side: str = "right", lang: str = "en") -> str:
    """Why a place is wrong for a :class:`~sixnimmt_core.table.Placement`, in a few words, or ''."""
    wrong = p.wrong_place(row, side)
    if wrong is None:
        return ""
    key, end = wrong
    return say("why_not." + key, lang, card=p.card, end=end, diff=abs(p.card - end))


def spot_words(side: str, end: int, row: int, lang: str = "en") -> str:
    """'after 62 in row 2', 'before 80, at the left end of row 1' (``row`` counted from 1)."""
    return say("spot." + side, lang, end=end, row=row)


def heads_words(n: int, lang: str = "en") -> str:
    """'1 head', '7 heads'."""
    return f"{n} head" if n == 1 else f"{n} heads"
