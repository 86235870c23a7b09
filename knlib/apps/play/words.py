"""The table in words, as the reader's seat sees it: where the deal stands
(:meth:`TableWords.status`), the trick so far and what the reader is asked to do now
(:meth:`TableWords.prompt`). A part of :class:`knlib.apps.play.table.Table`; the
terminal and the notebook widget show these words.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...engine.deal import Deal
from ...engine.scoring import Session
from ...errors import RulesError
from ...i18n import ntr, tr
from ...rules.games import Ruleset


def chosen_words(rules: Ruleset, chosen: Sequence[str]) -> str:
    """'Chosen suit: Hearts' for one suit, 'Chosen suits: Hearts and Spades' for two."""
    return ntr("Chosen suit: {suits}", "Chosen suits: {suits}", len(chosen),
               suits=rules.chosen_text(tuple(chosen)))


class TableWords:
    """The words of a :class:`~knlib.apps.play.table.Table` for the reader's seat."""

    deal: Deal
    rules: Ruleset
    seat: int | None
    session: Session

    @property
    def reader(self) -> int:
        """The reader's seat (a RulesError at a table of computer players only)."""
        if self.seat is None:
            raise RulesError(tr("nobody reads at this table: computer players sit in every "
                                "seat"))
        return self.seat

    # -- views ------------------------------------------------------------------------------
    def current_trick_text(self) -> str:
        d = self.deal
        cur = d.current_trick
        if not cur:
            return ""
        shown = []
        for i, (s, c) in enumerate(cur):
            if i == 0 and d.current_face_down and s != self.seat:
                shown.append(tr("{seat} (face down)", seat=d.names[s]))
            else:
                shown.append(f"{d.names[s]} {card_text(self.rules, c)}")
        return tr("Trick {number} so far: {cards}", number=len(d.tricks) + 1,
                  cards=", ".join(shown))

    def prompt(self) -> str:
        """What the reader is asked to do now."""
        d = self.deal
        if d.is_over:
            return tr("The deal is over.")
        if d.to_move != self.seat:
            return tr("{seat} is to act.", seat=d.to_move_text())
        phase = d.phase
        if phase == "exchange":
            pend = d.pending_exchange
            assert pend is not None
            _, give, opts = pend
            return tr("You may exchange {card} for {cards}, or keep it.",
                      card=card_text(self.rules, give),
                      cards=tr(" or ").join(card_text(self.rules, o) for o in opts))
        if phase == "answer":
            return tr("A card has been led face down: see it (the game is worth one stake "
                      "more) or run?")
        side = d.side_of(self.reader)
        if phase == "Jann" and side is not None:
            return tr("Your side has won the first {count} tricks: a {jann}. Stop and take "
                      "it, or play on for the {march}?", count=d.tricks_won[side],
                      jann=d.proc.jann_word, march=d.proc.march_word)
        if phase == "dealer's choice":
            return tr("You are the dealer: play alone with the stock, or sit out?")
        return tr("Your lead.") if not d.current_trick else tr("Your turn to play to the "
                                                                "trick.")


def capitalized(text: str) -> str:
    """The text with its first letter in upper case (a name at the start of a line)."""
    return text[:1].upper() + text[1:]


def card_text(rules: Ruleset, card: Card | None) -> str:
    """A card as the game writes it (German suit symbols for the German-suited games)."""
    if card is None:
        return "?"
    return card.german_symbol if rules.german else card.symbol
