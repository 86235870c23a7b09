"""What a deal leaves behind: its tricks and its result.

:class:`Trick` is an immutable tuple with named fields, cheap to make in bulk;
:class:`Result` says how a deal ended and who pays whom.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..compiled import mypyc_attr
from ..rules.stakes import payments
from .kinds import ResultKind
from .narration import result_reason
from .setting import SettingFields

if TYPE_CHECKING:
    from .state import State

__all__ = ["Trick", "Result", "settle", "Settled"]

_new = object.__new__


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


@mypyc_attr(native_class=False)  # filled in at once through its __dict__ (settle)
@dataclass(frozen=True)
class Result:
    """How a deal ended and who pays whom.

    ``kind`` (a :class:`~knlib.engine.kinds.ResultKind`) is 'game' (a side reached its
    tricks), 'jann' (first five straight, then stop; Stýrivolt's vol), 'march' (all tricks
    after playing on), 'failed march' (also when the opponents ran from a card led face
    down during it: ``ran_away``), 'run' (the opponents ran from a card led face down) or
    'conceded' (a Karniffel director gave up). ``value`` is the stake one payment
    carries; ``payments`` has one amount per seat in ``unit``, positive for what the seat
    receives, summing to zero. ``reason`` says it in words (written when first read, so
    that a playout that never reads it does no narration work).
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
    #: Writes the reason: a text, or a function of no arguments giving it.
    words: str | Callable[[], str] = field(repr=False, compare=False)

    @property
    def reason(self) -> str:
        """Why the deal ended so and who pays what, in one sentence."""
        words = self.words
        if not isinstance(words, str):
            words = words()
            object.__setattr__(self, "words", words)
        return words

    def __str__(self) -> str:
        return self.reason

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                          if f.repr)
        return f"Result({shown}, reason={self.reason!r})"


def settle(state: State, kind: ResultKind, side: int, ran: bool) -> Result:
    """The result of a deal that has ended, won by ``side`` (``ran``: the opponents ran
    from a face-down lead): its value by the game's stakes and the payments
    (:mod:`knlib.engine.scoring`)."""
    game = state._game
    st = game.stakes
    lone = False
    crosses = 0
    if game.proc.lone_crosses and (kind == ResultKind.JANN or kind == ResultKind.MARCH):
        # Stýrivolt: a vol / all nine by one partner alone (styrivolt.md, 'End of a deal').
        lone = len({t.winner for t in state._tricks}) == 1
        crosses = (1 if kind == ResultKind.JANN else 2) if lone else 0
    value = st.value(kind, state._turns, lone)
    sides = state._set.seat.sides
    # A frozen dataclass sets each field through object.__setattr__; one made for every
    # deal fills its fields at once instead (the same fields, the same frozen value).
    result = _new(Result)
    result.__dict__.update(
        winner=side, winners=sides[side], tricks=state._won, kind=kind,
        jann=kind == ResultKind.JANN, march_attempted=state._march >= 0,
        march_made=kind == ResultKind.MARCH, turns_accepted=state._turns,
        ran_away=ran, conceded=kind == ResultKind.CONCEDED,
        lone=lone, crosses=crosses, value=value, unit=st.unit,
        payments=payments(game.players, sides, side, value, st.pays),
        words=partial(result_reason, game, state._set.seat.sides, state._set.solo, state._won,
                      state._turns, kind, side, value, lone, crosses, ran))
    return result


#: How a deal ended, until its result is settled: (kind, winning side, ran from a face-down
#: lead).
Ending = tuple[ResultKind, int, bool]


class Settled(SettingFields):
    """The result of a state's deal (a base of :class:`~knlib.engine.state.State`): the
    state keeps how the deal ended (``_end``) and settles the :class:`Result` when it is
    first read, so that a copy played to its end and dropped unread does no settling.
    (State, Settled, SettingFields: one line of bases, as mypyc's compiled classes need.)"""

    __slots__ = ()

    _end: Result | Ending | None

    @property
    def _result(self) -> Result | None:
        end = self._end
        if isinstance(end, tuple):
            end = settle(self, *end)  # type: ignore[arg-type]
            self._end = end  # type: ignore[misc]
        return end
