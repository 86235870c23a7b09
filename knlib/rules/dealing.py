"""How a game is dealt: shuffle, cut, deal, turn-ups, by the game's procedure.

Each game's :class:`~knlib.games.procedure.Procedure` (:attr:`knlib.games.Ruleset.procedure`)
holds everything a deal needs beyond the trick rules. :func:`lay_out` turns a pack order
into hands, turn-ups and stock by that procedure; :func:`shuffled` makes the seeded pack
order.

Pack order convention: index 0 is the top card, the last card is the bottom of the
pack. Dealing takes cards from the top.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from ..cards import Card
from ..counts import shown
from ..errors import RulesError
from ..games.procedure import Procedure
from ..i18n import marked, tr
from ..seats import clockwise, forehand
from .shuffle import seeded, shuffled

__all__ = [
    "Layout",
    "shuffled",
    "seeded",
    "lay_out",
    "deal_order",
    "seat_names",
    "seat_word",
    "check_dealer",
    "check_seed",
    "check_names",
    "OLE_CARDS",
    "OLE_TAKER_RANKS",
    "BOTTOM_OLEN_MAX",
    "CUTTER_LOOKS",
    "FIRST_TRICK_BANNED_RANK",
    "SOLO_TARGET",
]

# -- sources ---------------------------------------------------------------------------------

#: The five Olen of the Knüffeln games (seed 000, 'The Cards and their Ranking').
OLE_CARDS: frozenset[Card] = frozenset(Card(c) for c in ("H2", "C4", "S8", "H9", "D9"))
#: Who may take an Ole, as ranks in order of right: the Queen of its suit, then the King
#: while she sleeps (seed 000, 'The Deal and Exchange'; seed 001, 'Exchanging').
OLE_TAKER_RANKS: tuple[int, int] = (12, 13)
#: At most this many Olen are taken from the bottom of the stock (seed 000, 'The Deal and
#: Exchange': "Up to three Olen from the bottom of the stock can be exchanged").
BOTTOM_OLEN_MAX = 3
#: The cutter looks at this many cards at the bottom of the pack (seed 001, 'Preliminaries':
#: "the three lowest cards"; seed 000, 'Early 20th century versions': "the bottom three").
CUTTER_LOOKS = 3
#: The chosen card that a game's first-trick rule (``Procedure.first_trick``) keeps out of
#: the first trick: the Seven (seed 002, 'Chosen suits'; seed 003, 'The «Trump» Suit';
#: seed 004, 'How to Play').
FIRST_TRICK_BANNED_RANK = 7
#: Tricks the five-player dealer playing alone needs (seed 000, 'Five-Player Knüffeln':
#: "The dealer needs at least four tricks to win"); the four opponents need the target.
SOLO_TARGET = 4


_SEAT_NAMES = {
    2: ("South", "North"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-West", "North-East", "East"),
    6: ("South", "South-West", "North-West", "North", "North-East", "South-East"),
}
#: The default seat names, marked for the catalogue: a reader sees them in the current
#: language (:func:`seat_word`); the names in a deal stay these English ones.
_SEAT_WORDS = (marked("South"), marked("West"), marked("North"), marked("East"),
               marked("North-West"), marked("North-East"), marked("South-West"),
               marked("South-East"))


def seat_word(name: str) -> str:
    """A seat's name as a person reads it: a default name in the current language ('Nord'
    for 'North', 'Platz 5' for 'Seat 5'); a name a player was given stays as it is."""
    if name in _SEAT_WORDS:
        return tr(name)
    if name.startswith("Seat ") and name[5:].isdigit():
        return tr("Seat {number}", number=name[5:])
    return name


def seat_names(n: int) -> tuple[str, ...]:
    """Default names of the seats, clockwise from seat 0 (seed 000's example: S, W, N, E)."""
    return _SEAT_NAMES.get(n) or tuple(f"Seat {i}" for i in range(n))


def check_dealer(dealer: object, n: int) -> int:
    """The dealer's seat, 0 to n-1; anything else (True, "1", 4 of 4) is a RulesError."""
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise RulesError(tr("dealer {dealer} is not a seat: seats are 0 to {last}",
                            dealer=shown(dealer), last=n - 1))
    return dealer


def check_seed(seed: object) -> int | str | None:
    """A deal number: None (a fresh random deal), a whole number or a text. The same
    deal number gives the same deal; lists, floats and True are refused."""
    if seed is None or (isinstance(seed, int | str) and not isinstance(seed, bool)):
        return seed
    raise RulesError(tr("deal number (seed) {seed} is not a whole number or a text: the same "
                        "number always gives the same shuffle, so it must be exact",
                        seed=shown(seed)))


def check_names(names: object, n: int) -> tuple[str, ...]:
    """Players' names, one text per seat in seat order; None gives the default seat names."""
    if names is None:
        return seat_names(n)
    if isinstance(names, str) or not isinstance(names, list | tuple):
        raise RulesError(tr("names {names} must be a list of {n} texts, one per seat",
                            names=shown(names), n=n))
    if len(names) != n or not all(isinstance(x, str) and x.strip() for x in names):
        raise RulesError(tr("names {names} must be {n} non-empty texts, one per seat of "
                            "this {n}-player table", names=shown(list(names)), n=n))
    return tuple(names)


def deal_order(n: int, dealer: int, *, dealer_sits_out: bool = False) -> tuple[int, ...]:
    """The seats that receive cards, in dealing order: forehand (left of dealer) first.

    In five-player Knüffeln the dealer deals to the other four only (seed 000,
    'Five-Player Knüffeln')."""
    return clockwise(forehand(dealer, n), n, n - 1 if dealer_sits_out else n)


@dataclass
class Layout:
    """The table after the deal, before any exchange."""

    hands: list[list[Card]]
    #: Every card turned to find the chosen suits, in order (face-up cards for Karnöffel).
    turned: list[Card]
    #: The turn-ups lying face up on the table (Bernhard: one per suit).
    turn_ups: list[Card]
    #: Bernhard: turn-ups returned to the stock.
    returned: list[Card]
    #: The undealt cards, top first, bottom last.
    stock: list[Card]
    #: 1924, 1938: Olen from the cutter's bottom three cards, face up on the table.
    table_olen: list[Card]
    chosen: tuple[str, ...] | None
    #: Why the same dealer must deal again (None when the deal stands).
    redeal: str | None = None


_PLANS: dict[tuple[str, int, int], tuple[tuple[int, ...], tuple[Any, ...], int]] = {}


def _plan(proc: Procedure, n: int, dealer: int) -> tuple[tuple[int, ...], tuple[Any, ...], int]:
    """How a procedure deals at a table: the receivers in dealing order, for each seat the
    cards it gets as positions in the pack (an ``itemgetter``; None for a dealer who sits
    out), and how many cards are dealt. Packets of ``size`` go round the receivers from
    forehand, each seat's packets one after the other in its hand."""
    key = (proc.game, n, dealer)
    hit = _PLANS.get(key)
    if hit is None:
        five = proc.dealer_sits_out(n)
        receivers = deal_order(n, dealer, dealer_sits_out=five)
        places: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for size in proc.packets:
            for seat in receivers:
                places[seat].extend(range(pos, pos + size))
                pos += size
        getters = tuple(
            None if not p else itemgetter(*p) if len(p) > 1 else (lambda d, i=p[0]: (d[i],))
            for p in places)
        hit = _PLANS[key] = (receivers, getters, pos)
    return hit


def lay_out(proc: Procedure, deck: list[Card], n: int, dealer: int) -> Layout:
    """Deal a pack order by the game's procedure."""
    receivers, getters, dealt = _plan(proc, n, dealer)
    rest = deck
    table_olen: list[Card] = []
    if proc.table_olen:
        # The cutter looks at the bottom three cards; Olen go face up on the table
        # (seed 001, 'Preliminaries'; seed 000, 'Early 20th century versions').
        bottom = rest[-CUTTER_LOOKS:][::-1]  # bottom card first
        table_olen = [c for c in bottom if c in OLE_CARDS]
        if table_olen:
            rest = [c for c in rest if c not in table_olen]
    hands: list[list[Card]] = [[] if g is None else list(g(rest)) for g in getters]
    rest = rest[dealt:]
    if proc.chosen_by == "face_up":
        # The first card dealt to each player is face up; the lowest gives the chosen suit,
        # the first dealt on a tie (seed 003, 'Deal'; seed 004, 'How to Play').
        face = [hands[s][0] for s in receivers]
        low = min(range(len(face)), key=lambda i: (face[i].rank, i))
        return Layout(hands, face, face, [], rest, [], (face[low].suit,))
    turned: list[Card] = []
    i = 0
    while True:
        if i >= len(rest):
            return Layout(hands, turned, turned, [], [], table_olen, None,
                          redeal=f"the cards ran out before a second suit showed "
                          f"({' '.join(str(c) for c in turned)})")
        card = rest[i]
        i += 1
        turned.append(card)
        if len(turned) >= 2 and card.suit != turned[0].suit:
            break
        if proc.max_same_suit is not None and len(turned) == proc.max_same_suit:
            return Layout(hands, turned, turned, [], rest[i:], table_olen, None,
                          redeal=f"{proc.max_same_suit} turn-ups of one suit")
    stock = rest[i:]
    chosen = (turned[0].suit, turned[-1].suit)
    turn_ups = list(turned)
    returned: list[Card] = []
    if proc.keep_highest and len(turned) > 2:
        # Of several turn-ups of one suit the higher (highest) stays face up and the rest
        # go back to the stock (seed 001, 'Preliminaries'); "higher" read as natural rank.
        same = turned[:-1]
        keep = max(same, key=lambda c: c.rank)
        returned = [c for c in same if c is not keep]
        turn_ups = [keep, turned[-1]]
        stock = returned + stock
    return Layout(hands, turned, turn_ups, returned, stock, table_olen, chosen)
