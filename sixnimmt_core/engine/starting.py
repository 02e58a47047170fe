"""Starting a hand: the deal (shuffled, given or replayed), a Tournament's sheets, and the draft
(Logic, Tournament). A part of :class:`~sixnimmt_core.engine.game.Game`: it reads and changes the
game's state, declared in ``state.State``."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sixnimmt_core.engine.answers import is_card, is_cards, shown
from sixnimmt_core.engine.decisions import Decision, DraftDecision
from sixnimmt_core.engine.errors import CorruptLog, IllegalAction, Say, SixNimmtError
from sixnimmt_core.engine.events import Dealt, Drafted, HandStarted, LaidOut, RowsStarted, Sheets
from sixnimmt_core.engine.options import Dealing
from sixnimmt_core.engine.phases import START_TURN
from sixnimmt_core.engine.state import Deal, State
from sixnimmt_core.engine.table import ROWS, check_rows

_DRAFTED = Dealing.DRAFT  # a module-level name: an enum member read as Dealing.DRAFT costs more


class HandStart(State):
    """The steps that start a hand (``Game`` inherits them)."""

    __slots__ = ()

    # ---- starting a hand ----------------------------------------------------------------------
    def _start_hand(self) -> None:
        self._reset_hand()
        self.hand_no += 1
        self.turn = 0
        self.marker = self.rules.start_seat
        if self._record:
            self._log(HandStarted, hand=self.hand_no)
        if self.rules.sheets and self.hand_no > 1:
            self._hand_from_sheets()
        elif self.rules.dealing == _DRAFTED:
            self.draft_table = list(self.deck)
            if self._record:
                self._log(LaidOut, cards=list(self.draft_table))
            self._drafter = self.rules.start_seat
            self._ask_draft()
            return
        else:
            self._deal_cards()
        self._after = START_TURN

    def _deal_cards(self) -> None:
        given = False  # a fixed Deal (an example's table), not shuffled: the log says so
        if self._chance:
            logged = self._chance.popleft()
            self._install_deal(Deal(logged.hands, logged.rows), exact=True)
            given = logged.given is True
        elif self._deal is not None:
            deal, self._deal = self._deal, None
            self._install_deal(deal, exact=False)
            given = True
        else:
            r = self.rng.random
            deck = self.deck
            keys = [r() for _ in deck]  # one random key per card, a stable sort by them
            deck = [deck[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
            n, size = self.players, self.rules.hand_size
            hands = [sorted(deck[i * size:(i + 1) * size]) for i in range(n)]
            rest = deck[n * size:]
            rows: list[list[int]] = []
            i = 0
            while len(rows) < ROWS:
                card = rest[i]
                i += 1
                for row in rows:
                    if row[0] == card:  # a twin among the starters: stack it, draw another
                        row.append(card)
                        break
                else:
                    rows.append([card])
            self.hands, self.rows, self.undealt = hands, rows, rest[i:]
        if self._record:
            data: dict[str, Any] = {"hands": [list(h) for h in self.hands], "rows": [list(r) for r in self.rows]}
            if given:  # written only when true, so the logs of shuffled deals stay as they were
                data["given"] = True
            self._log(Dealt, **data)

    def _install_deal(self, deal: Deal, exact: bool) -> None:
        """Check an explicit or replayed deal against the deck, then lay it out.

        :raises IllegalAction: (``CorruptLog`` for a replayed deal) hands or rows this deck cannot deal."""
        err = CorruptLog if exact else IllegalAction
        hands, rows = deal.hands, deal.rows
        n = self.players
        if not (isinstance(hands, list) and len(hands) == n and all(is_cards(h) for h in hands)):
            raise err(Say("deal.hands", n=n), "deal")
        if not (isinstance(rows, list) and len(rows) == ROWS and all(is_cards(r) and r for r in rows)):
            raise err(Say("deal.rows", rows=ROWS), "deal")
        sizes = {len(h) for h in hands}
        size = self.rules.hand_size
        if len(sizes) != 1 or not 1 <= sizes.pop() <= size:
            raise err(Say("deal.sizes", size=size), "deal")
        try:
            check_rows(rows, self.rules.twins)
        except SixNimmtError as exc:
            raise err(Say("deal.table", why=exc), exc.rule) from None
        used = Counter(c for group in (hands, rows) for cards in group for c in cards)
        deck = Counter(self.deck)
        extra = used - deck
        if extra:
            raise err(Say("deal.extra", cards=repr(sorted(extra.elements()))), "deal")
        self.hands = [sorted(h) for h in hands]
        self.rows = [list(r) for r in rows]
        self.undealt = sorted((deck - used).elements())

    def _hand_from_sheets(self) -> None:
        n = self.players
        k = self.hand_no - 1
        self.holders = [(s - k) % n for s in range(n)]  # sheets pass to the left each hand
        self.hands = [sorted(self.sheets[h]) for h in self.holders]
        self.rows = [list(r) for r in self.sheet_rows]
        self.undealt = []
        if self._record:
            self._log(Sheets, hand=self.hand_no, holders=list(self.holders),
                      hands=[list(h) for h in self.hands], rows=[list(r) for r in self.rows])

    # ---- the draft (Logic, Tournament) --------------------------------------------------------
    def _ask_draft(self) -> None:
        size = self.rules.hand_size
        if all(len(h) == size for h in self.hands):
            self.rows = [[c] for c in sorted(self.draft_table)]
            self.draft_table = []
            for h in self.hands:
                h.sort()
            if self._record:
                self._log(RowsStarted, rows=[list(r) for r in self.rows])
            if self.rules.sheets:
                self.sheets = [list(h) for h in self.hands]
                self.sheet_rows = [list(r) for r in self.rows]
                self.holders = list(range(self.players))
            self._after = START_TURN
            return
        self.pending = [DraftDecision(self._drafter, tuple(self.draft_table))]

    def _on_draft(self, d: Decision, card: object) -> None:
        if not is_card(card) or card not in self.draft_table:
            raise IllegalAction(Say("draft.not_there", card=shown(card)), "draft")
        self.draft_table.remove(card)
        self.hands[d.seat].append(card)
        if self._record:
            self._log(Drafted, d.seat, card=card)
        self._drafter = (d.seat + 1) % self.players
        self.pending = []
        self._ask_draft()
