"""The table in words, as the reader's seat sees it: the trick so far and what the reader
is asked to do now (:class:`ReaderWords`, a part of the play controller
:class:`knbook.play.session.PlaySession`; the terminal and the page show these words); a
line of the table's story in plain words, in the language of the moment it is read
(:func:`event_text`; a move in words is :mod:`knlib.engine.move_words`'s).
:class:`Coached` is the coach's hint or review in words (:func:`hint_words`,
:func:`review_words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from knlib.engine.deal import Deal
from knlib.engine.move_words import card_text, done_text
from knlib.engine.scoring import Session, format_amount
from knlib.errors import RulesError
from knlib.games import Ruleset
from knlib.kinds import Phase
from knlib.players.talk import quoted
from knlib.rules.dealing import seat_word

from ..i18n import amount_text, marked, ntr, tr

#: The head of the line that shows the reader the truthful table talk for their hand.
TRUTHFUL = marked("Your truthful line would be:")


def chosen_words(rules: Ruleset, chosen: Sequence[str]) -> str:
    """'Chosen suit: Hearts' for one suit, 'Chosen suits: Hearts and Spades' for two."""
    return ntr("Chosen suit: {suits}", "Chosen suits: {suits}", len(chosen),
               suits=rules.chosen_text(tuple(chosen)))


class ReaderWords:
    """The words of a :class:`~knbook.play.session.PlaySession` for the reader's seat."""

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
        if phase == Phase.EXCHANGE:
            pend = d.pending_exchange
            assert pend is not None
            _, give, opts = pend
            return tr("You may exchange {card} for {cards}, or keep it.",
                      card=card_text(self.rules, give),
                      cards=tr(" or ").join(card_text(self.rules, o) for o in opts))
        if phase == Phase.ANSWER:
            return tr("A card has been led face down: see it (the game is worth one stake "
                      "more) or run?")
        side = d.side_of(self.reader)
        if phase == Phase.JANN and side is not None:
            return tr("Your side has won the first {count} tricks: a {jann}. Stop and take "
                      "it, or play on for the {march}?", count=d.tricks_won[side],
                      jann=d.rules.procedure.jann_word, march=d.rules.procedure.march_word)
        if phase == Phase.DEALER:
            return tr("You are the dealer: play alone with the stock, or sit out?")
        return tr("Your lead.") if not d.current_trick else tr("Your turn to play to the "
                                                                "trick.")


def capitalized(text: str) -> str:
    """The text with its first letter in upper case (a name at the start of a line)."""
    return text[:1].upper() + text[1:]


def seat_text(name: str, *, by_reader: bool, partner: bool) -> str:
    """A seat as the reader knows it: 'you' (``by_reader``), 'your partner North'
    (``partner``), or its ``name``."""
    if by_reader:
        return tr("you")
    if partner:
        return tr("your partner {name}", name=name)
    return name


# -- the story in words ---------------------------------------------------------------------

#: The kinds of line a seat says or does, told with the seat first.
SEAT_LINES = ("talk", "call", "remark", "action")


def speaker_text(event: Any) -> str:
    """Who said or did a line of the story (:class:`~knbook.play.story.Event`) as the reader
    knows the seat, with a capital ('You', 'Your partner North', 'East'); '' for a line of
    the table."""
    e = event
    if e.kind not in SEAT_LINES or e.truthful or e.deal is None or e.seat is None:
        return ""
    # One seat's name as a person reads it (what deal.names gives for every seat).
    name = seat_word(e.deal.get_game().names[e.seat])
    return capitalized(seat_text(name, by_reader=e.by_reader, partner=e.partner))


def tricks_won_text(event: Any) -> str:
    """A trick event's (:class:`~knbook.play.story.Event`) tricks won so far, side by
    side: 'North-South 3, East-West 1'."""
    return ", ".join(f"{event.deal.side_name(side)} {count}"
                     for side, count in enumerate(event.won))


def deal_started_text(rules: Ruleset, deal: Deal, number: int) -> str:
    """'Deal 1: South deals. Chosen suits: Hearts and Spades; turn-ups ♥9 ♠10.'"""
    ups = " ".join(card_text(rules, c) for c in deal.turn_ups)
    return (tr("Deal {number}: {dealer} deals.", number=number,
               dealer=deal.names[deal.dealer])
            + " " + chosen_words(rules, deal.chosen)
            + (tr("; turn-ups {cards}", cards=ups) if ups else "") + ".")


def result_text(deal: Deal) -> str:
    """A finished deal's result and payments: '… Payments: South +€0.10, …'."""
    res = deal.result
    assert res is not None
    names = deal.names
    pays = ", ".join(f"{names[s]} {format_amount(res.unit, p, sign=True)}"
                     for s, p in enumerate(res.payments))
    return f"{res.reason} " + tr("Payments: {payments}.", payments=pays)


def advice_words(advice: Any) -> Any:
    """The coach's hint or review in the current language (a :class:`Coached` is worded
    again from its judgement or review; any other advice is its own words)."""
    if isinstance(advice, Coached):
        if advice.judgement is not None:
            return hint_words(advice.judgement)
        if advice.review is not None:
            return review_words(advice.review)
    return advice


def event_text(event: Any) -> str:
    """A line of the table's story (:class:`~knbook.play.story.Event`) in plain words, in
    the current language, as the terminal and the book's transcripts show it: 'North
    plays ♠3.', 'West: “kommt” (I can take it)', a trick with who won it and why, card by
    card."""
    e = event
    if e.kind == "action" and e.action is not None and e.rules is not None:
        return done_text(e.rules, e.action, speaker_text(e), by_reader=e.by_reader,
                         seen=e.seen)
    expl = e.explanation if e.kind == "trick" else None
    if expl is not None:
        names = list(e.names)
        played = ", ".join(f"{n} {card_text(e.rules, c)}"
                           for n, c in zip(names, expl.cards, strict=True))
        # The first line says who won and why; the card-by-card reasoning follows ("why?").
        return (tr("Trick {number}: {played}.", number=e.number, played=played)
                + f" {expl.summary(names)} " + tr("Tricks: {tricks}.", tricks=tricks_won_text(e))
                + "\n" + tr("Why?") + "\n" + str(expl))
    if e.kind == "deal" and e.deal is not None and e.rules is not None:
        return deal_started_text(e.rules, e.deal, e.number)
    if e.kind == "result" and e.deal is not None:
        return result_text(e.deal)
    if e.advice is not None:
        return str(advice_words(e.advice).text)
    if e.truthful:
        return f"{tr(TRUTHFUL)} {quoted(e.words)} ({e.gloss})"
    who = speaker_text(e)
    if who:  # talk, a call, a remark
        return f"{who}: {quoted(e.words)} ({e.gloss})"
    if e.mark is not None and e.sheet is not None:  # a mark on the score sheet
        return e.sheet.text(e.mark)
    return ""


# -- the coach in words ---------------------------------------------------------------------

#: How many of the best options a hint lists.
HINT_OPTIONS = 3


@dataclass(frozen=True)
class Coached:
    """The coach's hint (``judgement``, a :class:`~knbook.course.coach.Judgement`) or review
    (``review``, a :class:`~knbook.course.coach.DealReview`) in words: ``text`` for the
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
    from ..course.coach_words import cents_text, option_words

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
