"""What a deal leaves behind: its tricks and its result.

:class:`Trick` is an immutable tuple with named fields, cheap to make in bulk;
:class:`Result` says how a deal ended and who pays whom.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from ..cards import Card
from .kinds import ResultKind

__all__ = ["Trick", "Result"]


class Trick(tuple):  # type: ignore[type-arg]
    """A completed trick: its number (1-9), leader, cards in play order, who played each,
    the winning seat, and whether the lead was face down (drehen, then seen).

    An immutable tuple ``(number, leader, cards, seats, winner, face_down)`` with named
    fields, cheap to make in bulk."""

    __slots__ = ()

    def __new__(cls, number: int, cards: tuple[Card, ...], seats: tuple[int, ...],
                winner: int, face_down: bool = False) -> Trick:
        return tuple.__new__(cls, (number, seats[0], cards, seats, winner, face_down))

    number: int = property(itemgetter(0))  # type: ignore[assignment]
    leader: int = property(itemgetter(1))  # type: ignore[assignment]
    cards: tuple[Card, ...] = property(itemgetter(2))  # type: ignore[assignment]
    seats: tuple[int, ...] = property(itemgetter(3))  # type: ignore[assignment]
    winner: int = property(itemgetter(4))  # type: ignore[assignment]
    face_down: bool = property(itemgetter(5))  # type: ignore[assignment]

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (self[0], self[2], self[3], self[4], self[5])

    @property
    def winning_card(self) -> Card:
        return self.cards[self.seats.index(self.winner)]

    def __repr__(self) -> str:
        played = " ".join(f"{s}:{c}" for s, c in zip(self.seats, self.cards, strict=True))
        return f"<Trick {self.number}: {played} -> {self.winner}>"


@dataclass(frozen=True)
class Result:
    """How a deal ended and who pays whom.

    ``kind`` (a :class:`~knlib.engine.kinds.ResultKind`) is 'game' (a side reached its
    tricks), 'jann' (first five straight, then stop; Stýrivolt's vol), 'march' (all tricks
    after playing on), 'failed march', 'run' (the opponents ran from a card led face
    down) or 'conceded' (a Karniffel director gave up). ``value`` is the stake one payment
    carries; ``payments`` has one amount per seat in ``unit``, positive for what the seat
    receives, summing to zero.
    """

    winner: int
    winners: tuple[int, ...]
    tricks: tuple[int, ...]
    kind: ResultKind
    jann: bool
    march_attempted: bool
    march_made: bool
    turns_accepted: int
    ran_away: bool
    conceded: bool
    #: Stýrivolt: the vol or all nine was made by one partner alone (a cross, double cross).
    lone: bool
    crosses: int
    value: int
    unit: str
    payments: tuple[int, ...]
    reason: str

    def __str__(self) -> str:
        return self.reason
