"""What happened at the table, as values: :class:`Event` lines (the deal, the table talk,
every action, every trick, the result, the score, the hint and the review) in the order
they happened, kept by a :class:`Story` for the reader's seat, and put into words when
they are read (:mod:`.reader_words`), in the language of that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from knlib.cards import Card
from knlib.engine.deal import Action, Deal, Trick
from knlib.engine.scoring import ScoreMark, Session
from knlib.games import Ruleset
from knlib.kinds import ActionKind
from knlib.rules.tricks import TrickExplanation, explain_trick

from .reader_words import TRUTHFUL, event_text, seat_text, speaker_text

__all__ = ["Event", "Story", "seat_words", "is_partner", "TRUTHFUL"]

@dataclass(frozen=True)
class Event:
    """One line of the table's story, as values: ``kind`` is 'deal', 'talk', 'call',
    'remark', 'action', 'trick', 'result', 'score', 'hint' or 'review'; ``seat`` who (None
    for the table). Nothing in it is in words but what a player says: the faces word it
    when it is read, in the language of that moment: :func:`~.reader_words.event_text`
    (the terminal and the book's transcripts; :attr:`text`), and
    :func:`knbook.tools.play_view.event_html` (the page)."""

    kind: str
    seat: int | None
    #: A mark on the score sheet, and the session whose sheet words it.
    mark: ScoreMark | None = None
    sheet: Session | None = field(default=None, compare=False)
    #: For talk and calls: the claim is false for the speaker's hand (never shown in a game).
    bluff: bool = False
    #: For talk, calls and remarks: the words said, and their gloss (what they mean), both
    #: as the player said them.
    words: str = ""
    gloss: str = ""
    #: For talk: the reader's truthful line for their hand (shown, never said).
    truthful: bool = False
    #: For talk, calls, remarks and actions: the seat is the reader's own, or the reader's
    #: partner's (when it was said or done).
    by_reader: bool = False
    partner: bool = False
    #: For an action: the action, the card an answer 'see' turned up, and the game (which
    #: writes the cards).
    action: Action | None = None
    seen: Card | None = None
    rules: Ruleset | None = None
    #: For a deal's start, its number at the table; for a trick, its number in the deal.
    number: int = 0
    #: The deal the line is about: the seats' names, the dealer, the chosen suits, the
    #: turn-ups, the sides and the result are read from it when the line is worded (none
    #: of them changes once the deal has begun, the sides once the play has begun).
    deal: Deal | None = field(default=None, compare=False)
    #: For a trick: the trick, and the tricks each side had won with it.
    trick: Trick | None = None
    won: tuple[int, ...] = ()
    #: For a hint or a review: the coach's words (a value with ``text`` and ``html``).
    advice: Any = None

    @property
    def who(self) -> str:
        """For talk, a call, a remark or an action: the seat as the reader knows it, with a
        capital ('You', 'Your partner North', 'East'); '' for any other line."""
        return speaker_text(self)

    @property
    def names(self) -> tuple[str, ...]:
        """For a trick: the players in play order ('North', 'East', ...)."""
        if self.trick is None or self.deal is None:
            return ()
        names = self.deal.names
        return tuple(names[s] for s in self.trick.seats)

    @property
    def explanation(self) -> TrickExplanation | None:
        """For a trick: its explanation, card by card, in the current language."""
        if self.trick is None or self.deal is None or self.rules is None:
            return None
        return explain_trick(self.rules, self.trick.cards, self.deal.chosen)

    @property
    def text(self) -> str:
        """The event in plain words (:func:`~.reader_words.event_text`)."""
        return event_text(self)

    def __str__(self) -> str:
        return self.text


def seat_words(deal: Deal, reader: int | None, seat: int) -> str:
    """``seat`` as the ``reader`` knows it: 'you', 'your partner North', or the seat's
    name (its name alone at a table of computer players only, ``reader=None``)."""
    return seat_text(deal.names[seat], by_reader=seat == reader,
                     partner=is_partner(deal, reader, seat))


def is_partner(deal: Deal, reader: int | None, seat: int) -> bool:
    """Whether ``seat`` is the partner of the ``reader`` (another seat of the reader's side)."""
    if reader is None or seat == reader:
        return False
    mine = deal.side_of(reader)
    return mine is not None and mine == deal.side_of(seat)


class Story:
    """The table's story for the reader at ``reader`` (None: nobody reads), as
    :attr:`events`; :attr:`first` is where the present deal's story begins."""

    def __init__(self, reader: int | None) -> None:
        self.reader = reader
        self.events: list[Event] = []
        self.first = 0

    def scored(self, mark: ScoreMark, sheet: Session) -> None:
        """A mark on the session's score sheet (worded by the sheet when read)."""
        self.events.append(Event("score", None, mark=mark, sheet=sheet))

    def advised(self, kind: str, seat: int | None, advice: Any) -> None:
        """The coach's hint or review (``advice``: a value with ``text`` and ``html``)."""
        self.events.append(Event(kind, seat, advice=advice))

    def speak(self, kind: str, deal: Deal, seat: int, words: str, english: str,
              bluff: bool = False) -> None:
        """What a player says at the table: 'North: “kommt” (I can take it)'."""
        self.events.append(Event(kind, seat, bluff=bluff, words=words, gloss=english,
                                 deal=deal, by_reader=seat == self.reader,
                                 partner=is_partner(deal, self.reader, seat)))

    def truthful(self, words: str, english: str) -> None:
        """The reader's truthful table talk for their hand (shown small, never said)."""
        self.events.append(Event("talk", self.reader, words=words, gloss=english,
                                 truthful=True))

    def remark(self, deal: Deal, seat: int, words: str, gloss: str) -> None:
        """A remark a player makes with an action ('North: “een vör de Jann!” (…)')."""
        self.speak("remark", deal, seat, words, gloss)

    def deal_started(self, deal: Deal, rules: Ruleset, number: int) -> None:
        """The present deal begins: its number, the dealer, the chosen suits, the turn-ups."""
        self.first = len(self.events)
        self.events.append(Event("deal", None, rules=rules, number=number, deal=deal))

    def retold(self) -> None:
        """The present deal's story is forgotten, to be told again from its start."""
        del self.events[self.first:]

    def action(self, deal: Deal, rules: Ruleset, seat: int, act: Action,
               answered_down: bool) -> None:
        """``seat`` took ``act`` (``answered_down``: it answered a card led face down; the
        deal has already applied it)."""
        seen = deal.current_trick[0][1] if act.kind == ActionKind.SEE and answered_down \
            else None
        self.events.append(Event("action", seat, action=act, seen=seen, rules=rules, deal=deal,
                                 by_reader=seat == self.reader,
                                 partner=is_partner(deal, self.reader, seat)))

    def trick_closed(self, deal: Deal, rules: Ruleset) -> None:
        """The trick just closed: the trick, and the tricks each side has won."""
        t = deal.tricks[-1]
        self.events.append(Event("trick", t.winner, rules=rules, number=t.number, deal=deal,
                                 trick=t, won=tuple(deal.tricks_won)))

    def result(self, deal: Deal) -> None:
        """The finished deal's result and payments."""
        assert deal.result is not None
        self.events.append(Event("result", None, deal=deal))
