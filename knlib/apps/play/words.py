"""The table in words, as the reader's seat sees it: where the deal stands
(:meth:`TableWords.status`), the trick so far and what the reader is asked to do now
(:meth:`TableWords.prompt`). A part of :class:`knlib.apps.play.table.Table`; the
terminal and the notebook widget show these words. :class:`Coached` is the coach's hint or
review in words (:func:`hint_words`, :func:`review_words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ...cards import Card
from ...engine.deal import Deal
from ...engine.scoring import Session
from ...errors import RulesError
from ...i18n import amount_text, ntr, tr
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


# -- the coach in words ---------------------------------------------------------------------

#: How many of the best options a hint lists.
HINT_OPTIONS = 3


@dataclass(frozen=True)
class Coached:
    """The coach's hint (``judgement``, a :class:`~knlib.course.coach.Judgement`) or review
    (``review``, a :class:`~knlib.course.coach.DealReview`) in words: ``text`` for the
    terminal, ``html`` for the notebook."""

    text: str
    html: str
    judgement: Any = None
    review: Any = None


def _html(lines: Sequence[str], css: str) -> str:
    head, *rest = lines
    return (f'<div class="{css}"><b>{escape(head)}</b>'
            + "".join(f"<br>{escape(x)}" for x in rest) + "</div>")


def hint_words(judgement: Any) -> Coached:
    """The hint: how it was judged, the reason, and the best options with their expected
    payments in cents and their wins."""
    from ...course.coach_words import cents_text, option_words

    j = judgement
    deal = j.deal
    lines = [tr("Hint, from the cards you can see ({count} layouts of the cards you cannot "
                "see, each played to the end):", count=j.layouts), j.reason()]
    for c in j.choices[:HINT_OPTIONS]:
        lines.append(tr("{option}: {cents} on average, the deal won in {wins} of {count}",
                        option=capitalized(option_words(deal, c.action)),
                        cents=cents_text(c.cents), wins=c.wins, count=j.layouts))
    return Coached("\n".join(lines), _html(lines, "knlib-hint"), judgement=j)


def review_words(review: Any) -> Coached:
    """The review: each decision of the reader, costliest first, with its trick, its cost,
    the reason and, where the solver answered, the values with all cards face up."""
    decisions = review.costliest()
    n = decisions[0].judgement.layouts if decisions else 0
    lines = [tr("Review of your decisions, costliest first (each judged from the cards you "
                "could see, over {count} layouts of the cards you could not see):", count=n)]
    if not decisions:
        lines.append(tr("You had no decision with more than one choice in this deal."))
    for r in decisions:
        where = (tr("Before the first trick") if r.trick == 0 else
                 tr("Trick {number}", number=r.trick))
        line = tr("{where}, cost {cost}: {reason}", where=where, cost=amount_text(r.cost),
                  reason=r.reason())
        if r.face_up is not None:
            best, made = r.face_up
            line += " " + tr("(If all the cards were face up: {best} with best play, {made} "
                             "after your choice.)", best=amount_text(best, sign=True),
                             made=amount_text(made, sign=True))
        lines.append(line)
    if not review.complete:
        lines.append(tr("The review stopped at its time limit: the later decisions are not "
                        "in it."))
    return Coached("\n".join(lines), _html(lines, "knlib-review"), review=review)
