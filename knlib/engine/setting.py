"""What the setup of a deal settles for its play: the stock, the cards face up on the
table, the exchanges made, the seating and the trick targets.

These change only before the play (the five-player dealer's choice and the exchanges,
:mod:`.exchanges`), so a :class:`~knlib.engine.state.State` keeps them together in one
:class:`Setting`, which every copy of a state in play shares: ``clone()`` copies one
reference instead of a dozen. During the setup a state changes its own setting in place
(``state._set.stock = ...``) and a copy gets its own; once the play has begun a change (a
sampled stock, say) replaces the setting with a changed :meth:`~Setting.copy` instead.
:class:`SettingFields` reads the fields under the state's own names (``state._stock``,
``state._seat``, ...).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..seats import Seating

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Setting", "SettingFields", "FIELDS"]

_new = object.__new__
_NONE: frozenset[Card] = frozenset()

#: The fields of a :class:`Setting`.
FIELDS = ("stock", "table", "up", "obtained", "exchanges", "bottom_seen", "solo", "seat",
          "target", "directors", "size", "march_len")


class Setting:
    """The stock (top first), the cards face up on the table and out of play (``table``),
    the turn-ups still there (``up``), the cards obtained in exchanges, the exchanges made
    (seat, card given, card taken), whether the dealer has looked at the card now at the
    bottom of the stock (seed 000, 'The Deal and Exchange'), the five-player dealer's
    choice (``solo``: None before it and in the other games), the seating, each side's
    trick target, the Karniffel directors, and once the play begins the trick size and the
    number of tricks a march needs."""

    __slots__ = FIELDS

    stock: tuple[Card, ...]
    table: tuple[Card, ...]
    up: tuple[Card, ...]
    obtained: frozenset[Card]
    exchanges: tuple[tuple[int, Card, Card], ...]
    bottom_seen: bool
    solo: bool | None
    seat: Seating
    target: tuple[int, int]
    directors: tuple[int, ...]
    size: int
    march_len: int

    @classmethod
    def dealt(cls, game: Game) -> Setting:
        """The setting of ``game`` as dealt, before any exchange."""
        st = _new(cls)
        st.stock = game.stock
        # Cards lying face up on the table, out of play (turn-ups, exchanged cards, Olen).
        st.table, st.up = game.table, game.turn_ups_left
        st.obtained, st.exchanges = _NONE, ()
        st.bottom_seen = False
        st.solo = None
        st.size = st.march_len = 0
        seat = st.seat = game.seating
        target = game.proc.target
        st.target = (target, target)
        st.directors = seat.firsts if game.directors else ()
        return st

    def seat_at(self, game: Game, seat: Seating, first_target: int) -> None:
        """Seat the players (``first_target``: the tricks side 0 needs)."""
        self.seat = seat
        self.target = (first_target, game.proc.target)
        # Karniffel: the first player of each team after the dealer directs it (seed 002,
        # 'Preliminaries' names a director per team; who it is: DEAL_QUESTIONS 'director').
        self.directors = seat.firsts if game.directors else ()

    def copy(self) -> Setting:
        new = Setting.__new__(Setting)
        for name in FIELDS:
            setattr(new, name, getattr(self, name))
        return new


def _field(name: str) -> Any:
    """The read-only property ``state._<name>``: ``state._set.<name>``."""
    return property(attrgetter("_set." + name), doc=f"The setting's {name}.")


class SettingFields:
    """The fields of a state's :class:`Setting` under the state's own names (a mix-in of
    :class:`~knlib.engine.state.State`)."""

    __slots__ = ()

    _set: Setting

    _stock: tuple[Card, ...] = _field("stock")
    _table: tuple[Card, ...] = _field("table")
    _up: tuple[Card, ...] = _field("up")
    _obtained: frozenset[Card] = _field("obtained")
    _exchanges: tuple[tuple[int, Card, Card], ...] = _field("exchanges")
    _bottom_seen: bool = _field("bottom_seen")
    _solo: bool | None = _field("solo")
    _seat: Seating = _field("seat")
    _target: tuple[int, int] = _field("target")
    _directors: tuple[int, ...] = _field("directors")
    _size: int = _field("size")
    _march_len: int = _field("march_len")
