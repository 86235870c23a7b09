"""Seats round the table: who is next, who is opposite, which side a seat plays for.

Seats are numbered 0 to n-1 clockwise; play and the deal pass clockwise, to the left
(seed 000, 'The Players': partners sit opposite each other; 'The Play': clockwise).
Tables have 2, 4, 5 or 6 seats, so seats stay plain ints and these small functions take
the table size: :func:`next_seat`, :func:`forehand`, :func:`cutter`, :func:`opposite`,
:func:`team_of`, :func:`clockwise`. :class:`Seating` is who takes part in a deal, who
partners whom and the order of play, for one kind of table (:func:`seating`).

>>> next_seat(3, 4), forehand(0, 4), cutter(0, 4), opposite(1, 4)
(0, 1, 3, 3)
>>> seating(4, 0, "teams").sides
((0, 2), (1, 3))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .compiled import by_fields

__all__ = ["next_seat", "forehand", "cutter", "opposite", "team_of", "clockwise",
           "Seating", "seating", "SEATING_KINDS"]

def next_seat(seat: int, n: int, k: int = 1) -> int:
    """The seat ``k`` places to the left (clockwise) of ``seat`` at a table of ``n``."""
    return (seat + k) % n


def forehand(dealer: int, n: int) -> int:
    """The dealer's left-hand neighbour, who receives the first cards and leads."""
    return (dealer + 1) % n


def cutter(dealer: int, n: int) -> int:
    """The dealer's right-hand neighbour, who cuts (seed 000, 'The Deal and Exchange')."""
    return (dealer - 1) % n


def opposite(seat: int, n: int) -> int:
    """The seat across the table: a partner at four seats (seed 000, 'The Players')."""
    return (seat + n // 2) % n


def team_of(seat: int, n: int) -> int:
    """Team 0 or 1 at a table of two teams sitting alternately (partners opposite at
    four, every other seat at six; one player a side at two)."""
    return seat % 2


def clockwise(start: int, n: int, count: int | None = None) -> tuple[int, ...]:
    """``count`` seats (default all ``n``) clockwise from ``start``."""
    return tuple((start + i) % n for i in range(n if count is None else count))


#: The kinds of table :func:`seating` knows: two teams; the five-player table before the
#: dealer's choice (four receivers, no sides yet), with the dealer alone against four, or
#: with the dealer sitting out (seed 000, 'Five-Player Knüffeln').
SEATING_KINDS = ("teams", "five", "solo", "sit out")


@dataclass(frozen=True)
class Seating:
    """Who plays a deal and with whom, for one table, dealer and kind of table.

    ``active``: the seats taking part, clockwise from forehand. ``sides``: the members of
    side 0 and side 1 (empty before the five-player dealer chooses). ``side[s]``: the
    side of seat ``s`` (-1 if not playing). ``nxt[s]``: the next active seat after ``s``
    in play order (-1 if none). ``firsts``: the first member of each side after the
    dealer (a Karniffel team's director).
    """

    active: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    side: tuple[int, ...]
    nxt: tuple[int, ...]
    firsts: tuple[int, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)  # (compiled, it cannot be unpickled field by field)

    def next_opponent(self, seat: int) -> int:
        """The first seat after ``seat`` in play order that plays for the other side."""
        side, nxt = self.side, self.nxt
        s = nxt[seat]
        while side[s] == side[seat]:
            s = nxt[s]
        return s


_SEATINGS: dict[tuple[int, int, str], Seating] = {}


def seating(n: int, dealer: int, kind: str = "teams") -> Seating:
    """The (shared, immutable) :class:`Seating` of a table of ``n`` with this dealer.

    Two teams sit alternately, one player a side at two (seed 000, 'The Players'). In
    five-player Knüffeln the dealer deals to the other four; playing alone the dealer is
    side 0 against the other four; sitting out, the four play as two teams of opposite
    players (seed 000, 'Five-Player Knüffeln')."""
    key = (n, dealer, kind)
    hit = _SEATINGS.get(key)
    if hit is not None:
        return hit
    if kind not in SEATING_KINDS:
        raise ValueError(f"seating kind {kind!r}: one of {', '.join(SEATING_KINDS)}")
    first = forehand(dealer, n)
    sides: tuple[tuple[int, ...], ...]
    if kind == "five":
        active = clockwise(first, n, n - 1)
        sides = ()
    elif kind == "solo":
        active = clockwise(first, n)
        sides = ((dealer,), tuple(s for s in active if s != dealer))
    elif kind == "sit out":
        active = clockwise(first, n, n - 1)
        sides = ((active[0], active[2]), (active[1], active[3]))
    else:
        active = clockwise(first, n)
        sides = tuple(tuple(s for s in range(n) if team_of(s, n) == t) for t in (0, 1))
    side = [-1] * n
    for i, members in enumerate(sides):
        for s in members:
            side[s] = i
    nxt = [-1] * n
    if sides:
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
    firsts = tuple(next(s for s in active if side[s] == i) for i in range(len(sides)))
    hit = _SEATINGS[key] = Seating(active, sides, tuple(side), tuple(nxt), firsts)
    return hit
