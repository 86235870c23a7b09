"""What a deal leaves behind: its tricks and its result.

:class:`Trick` is an immutable tuple with named fields, cheap to make in bulk;
:class:`Result` says how a deal ended and who pays whom. The state makes both through
:func:`made_trick` and :func:`made_result`, the one marked place where speed skips their
constructors.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from operator import itemgetter
from typing import Any, Final

from ..cards import Card
from ..compiled import mypyc_attr
from ..kinds import ResultKind

__all__ = ["Trick", "Result", "Ending", "made_trick", "made_result"]


@mypyc_attr(native_class=False)  # a tuple
class Trick(tuple):
    """A completed trick: its number (1-9), leader, cards in play order, who played each,
    the winning seat, and whether the lead was face down (drehen, then seen).

    An immutable tuple ``(number, leader, cards, seats, winner, face_down)`` with named
    fields, cheap to make in bulk."""

    __slots__ = ()

    def __new__(cls, number: int, cards: tuple[Card, ...], seats: tuple[int, ...],
                winner: int, face_down: bool = False) -> Trick:
        return tuple.__new__(cls, (number, seats[0], cards, seats, winner, face_down))

    # The fields' types; the fields themselves are C-level item getters, fast to read,
    # set below (_TRICK_FIELDS).
    number: int
    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int
    face_down: bool

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self[0], self[2], self[3], self[4], self[5])

    @property
    def winning_card(self) -> Card:
        return self.cards[self.seats.index(self.winner)]

    def __repr__(self) -> str:
        played = " ".join(f"{s}:{c}" for s, c in zip(self.seats, self.cards, strict=True))
        return f"<Trick {self.number}: {played} -> {self.winner}>"


#: The fields of a :class:`Trick`, in its order.
_TRICK_FIELDS = ("number", "leader", "cards", "seats", "winner", "face_down")
for _i, _name in enumerate(_TRICK_FIELDS):
    setattr(Trick, _name, property(itemgetter(_i), doc=f"The trick's {_name}."))


@mypyc_attr(native_class=False)  # filled in at once through its __dict__ (made_result)
@dataclass(frozen=True)
class Result:
    """How a deal ended and who pays whom.

    ``kind`` (a :class:`~knlib.kinds.ResultKind`) is 'game' (a side reached its
    tricks), 'jann' (first five straight, then stop; Stýrivolt's vol), 'march' (all tricks
    after playing on), 'failed march' (also when the opponents ran from a card led face
    down during it: ``ran_away``), 'run' (the opponents ran from a card led face down) or
    'conceded' (a Karniffel director gave up). ``value`` is the stake one payment
    carries; ``payments`` has one amount per seat in ``unit``, positive for what the seat
    receives, summing to zero. ``reason`` says it in words, in the current language each
    time it is read (written only when read, so that a playout that never reads it does no
    narration work).
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
    #: Writes the reason: a text, or a function of no arguments giving it in the current
    #: language.
    words: str | Callable[[], str] = field(repr=False, compare=False)

    @property
    def reason(self) -> str:
        """Why the deal ended so and who pays what, in one sentence, in the current
        language (written anew at each reading: a reason read in German reads in English
        once the language is English)."""
        words = self.words
        return words if isinstance(words, str) else words()

    def __str__(self) -> str:
        return self.reason

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                          if f.repr)
        return f"Result({shown}, reason={self.reason!r})"


#: How a deal ended, until its result is settled: (kind, winning side, ran from a face-down
#: lead).
Ending = tuple[ResultKind, int, bool]


# -- SPEED SHORTCUTS: the one place where a value is made without calling its class ------------
# A state makes a Trick for every trick and a Result for every deal it ends; these make the
# same values as ``Trick(...)`` and ``Result(...)`` without the Python-level __new__ and the
# frozen dataclass's field-by-field object.__setattr__ (tests/test_engine_values.py checks
# that they equal the values the constructors make).

_object_new: Final = object.__new__

#: ``made_trick((number, leader, cards, seats, winner, face_down))`` is
#: ``Trick(number, cards, seats, winner, face_down)`` (``leader`` is ``seats[0]``), made
#: by ``tuple.__new__`` directly (a C call, no Python frame).
made_trick: Final = partial(tuple.__new__, Trick)


def made_result(values: dict[str, Any]) -> Result:
    """``Result(**values)``, filled in at once through its ``__dict__`` (the same fields,
    the same frozen value; a dict, not keywords, so that the call builds no second one)."""
    result = _object_new(Result)
    result.__dict__.update(values)
    return result
