"""What happened at the table, as values: :class:`Event` lines (the deal, the table talk,
every action, every trick with its explanation, the result, the score, the hint and the
review) in the order they happened, kept by a :class:`Story` for the reader's seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from knlib.cards import Card
from knlib.engine.deal import Action, Deal
from knlib.engine.kinds import ActionKind
from knlib.engine.scoring import format_amount
from knlib.games import Ruleset
from knlib.rules.tricks import TrickExplanation, explain_trick

from ..i18n import tr
from .reader_words import TRUTHFUL, capitalized, card_text, chosen_words, event_text

__all__ = ["Event", "Story", "seat_words", "TRUTHFUL"]

@dataclass(frozen=True)
class Event:
    """One line of the table's story, as values: ``kind`` is 'deal', 'talk', 'call',
    'remark', 'action', 'trick', 'result', 'score', 'hint' or 'review'; ``seat`` who (None
    for the table). The faces put it into words: :func:`~.reader_words.event_text` (the
    terminal and the book's transcripts; :attr:`text`), and
    :func:`knbook.tools.play_view.event_html` (the page)."""

    kind: str
    seat: int | None
    #: A line already in words: the deal, the result, the score.
    line: str = ""
    #: For talk and calls: the claim is false for the speaker's hand (never shown in a game).
    bluff: bool = False
    #: For talk, calls and remarks: the words said, and their gloss (what they mean).
    words: str = ""
    gloss: str = ""
    #: For talk: the reader's truthful line for their hand (shown, never said).
    truthful: bool = False
    #: For talk, calls, remarks and actions: the seat as the reader knows it, with a capital
    #: ('You', 'Your partner North', 'East').
    who: str = ""
    #: For an action: the action, the reader's own or not, the card an answer 'see' turned
    #: up, and the game (which writes the cards).
    action: Action | None = None
    by_reader: bool = False
    seen: Card | None = None
    rules: Ruleset | None = None
    #: For a trick: its number, its explanation, the players in play order, and each side's
    #: name with the tricks it has won.
    number: int = 0
    explanation: TrickExplanation | None = None
    names: tuple[str, ...] = ()
    tricks: tuple[tuple[str, int], ...] = ()
    #: For a hint or a review: the coach's words (a value with ``text`` and ``html``).
    advice: Any = None

    @property
    def text(self) -> str:
        """The event in plain words (:func:`~.reader_words.event_text`)."""
        return event_text(self)

    def __str__(self) -> str:
        return self.text


def seat_words(deal: Deal, reader: int | None, seat: int) -> str:
    """``seat`` as the ``reader`` knows it: 'you', 'your partner North', or the seat's
    name (its name alone at a table of computer players only, ``reader=None``)."""
    if seat == reader:
        return tr("you")
    if reader is None:
        return deal.names[seat]
    mine, theirs = deal.side_of(reader), deal.side_of(seat)
    if mine is not None and mine == theirs:
        return tr("your partner {name}", name=deal.names[seat])
    return f"{deal.names[seat]}"


class Story:
    """The table's story for the reader at ``reader`` (None: nobody reads), as
    :attr:`events`; :attr:`first` is where the present deal's story begins."""

    def __init__(self, reader: int | None) -> None:
        self.reader = reader
        self.events: list[Event] = []
        self.first = 0

    def say(self, kind: str, seat: int | None, line: str) -> None:
        """One line of the story already in words (the deal, the result, the score)."""
        self.events.append(Event(kind, seat, line))

    def advised(self, kind: str, seat: int | None, advice: Any) -> None:
        """The coach's hint or review (``advice``: a value with ``text`` and ``html``)."""
        self.events.append(Event(kind, seat, advice=advice))

    def speak(self, kind: str, deal: Deal, seat: int, words: str, english: str,
              bluff: bool = False) -> None:
        """What a player says at the table: 'North: “kommt” (I can take it)'."""
        who = capitalized(seat_words(deal, self.reader, seat))
        self.events.append(Event(kind, seat, bluff=bluff, words=words, gloss=english, who=who))

    def truthful(self, words: str, english: str) -> None:
        """The reader's truthful table talk for their hand (shown small, never said)."""
        self.events.append(Event("talk", self.reader, words=words, gloss=english,
                                 truthful=True))

    def remark(self, deal: Deal, seat: int, words: str, gloss: str) -> None:
        """A remark a player makes with an action ('North: “een vör de Jann!” (…)')."""
        who = capitalized(seat_words(deal, self.reader, seat))
        self.events.append(Event("remark", seat, words=words, gloss=gloss, who=who))

    def deal_started(self, deal: Deal, rules: Ruleset, number: int) -> None:
        """The present deal begins: its number, the dealer, the chosen suits, the turn-ups."""
        self.first = len(self.events)
        ups = " ".join(card_text(rules, c) for c in deal.turn_ups)
        self.say("deal", None, tr("Deal {number}: {dealer} deals.",
                                  number=number, dealer=deal.names[deal.dealer])
                 + " " + chosen_words(rules, deal.chosen)
                 + (tr("; turn-ups {cards}", cards=ups) if ups else "") + ".")

    def retold(self) -> None:
        """The present deal's story is forgotten, to be told again from its start."""
        del self.events[self.first:]

    def action(self, deal: Deal, rules: Ruleset, seat: int, act: Action,
               answered_down: bool) -> None:
        """``seat`` took ``act`` (``answered_down``: it answered a card led face down; the
        deal has already applied it)."""
        who = capitalized(seat_words(deal, self.reader, seat))
        seen = deal.current_trick[0][1] if act.kind == ActionKind.SEE and answered_down \
            else None
        self.events.append(Event("action", seat, who=who, action=act,
                                 by_reader=seat == self.reader, seen=seen, rules=rules))

    def trick_closed(self, deal: Deal, rules: Ruleset) -> None:
        """The trick just closed: its explanation, the players, and the tricks won."""
        t = deal.tricks[-1]
        self.events.append(Event(
            "trick", t.winner, rules=rules, number=t.number,
            explanation=explain_trick(rules, t.cards, deal.chosen),
            names=tuple(deal.names[s] for s in t.seats),
            tricks=tuple((deal.side_name(i), k) for i, k in enumerate(deal.tricks_won))))

    def result(self, deal: Deal) -> None:
        """The finished deal's result and payments."""
        res = deal.result
        assert res is not None
        pays = ", ".join(f"{deal.names[s]} {format_amount(res.unit, p, sign=True)}"
                         for s, p in enumerate(res.payments))
        self.say("result", None, f"{res.reason} " + tr("Payments: {payments}.",
                                                         payments=pays))
