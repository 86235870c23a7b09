"""What the setup of a deal settles for its play: the stock, the cards face up on the
table, the exchanges made, the seating and the trick targets.

These change only before the play (the five-player dealer's choice and the exchanges,
:mod:`.exchanges`), so a :class:`~knlib.engine.state.State` keeps them together in one
:class:`Setting`, which every copy of a state in play shares: ``clone()`` copies one
reference instead of a dozen. During the setup the state changes its own setting in place and a
copy gets its own; once the play has begun a change (a sampled stock, say) replaces the
setting with a changed :meth:`~Setting.copy` instead. Only the state changes a setting;
others read its fields through the state's public properties (``state.stock``,
``state.seating``, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..compiled import by_slots
from ..seats import Seating

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Setting", "FIELDS"]

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
        setting = Setting()
        setting.stock = game.stock
        # Cards lying face up on the table, out of play (turn-ups, exchanged cards, Olen).
        setting.table, setting.up = game.table, game.turn_ups_left
        setting.obtained, setting.exchanges = _NONE, ()
        setting.bottom_seen = False
        setting.solo = None
        setting.size = setting.march_len = 0
        seat = setting.seat = game.seating
        target = game.proc.target
        setting.target = (target, target)
        setting.directors = seat.firsts if game.directors else ()
        return setting

    def seat_at(self, game: Game, seat: Seating, first_target: int) -> None:
        """Seat the players (``first_target``: the tricks side 0 needs)."""
        self.seat = seat
        self.target = (first_target, game.proc.target)
        # Karniffel: the first player of each team after the dealer directs it (seed 002,
        # 'Preliminaries' names a director per team; who it is: DEAL_QUESTIONS 'director').
        self.directors = seat.firsts if game.directors else ()

    def __reduce__(self) -> tuple[Any, ...]:
        return by_slots(self, FIELDS)

    def copy(self) -> Setting:
        new = Setting()
        new.stock, new.table, new.up, new.obtained = self.stock, self.table, self.up, self.obtained
        new.exchanges, new.bottom_seen, new.solo = self.exchanges, self.bottom_seen, self.solo
        new.seat, new.target, new.directors = self.seat, self.target, self.directors
        new.size, new.march_len = self.size, self.march_len
        return new
