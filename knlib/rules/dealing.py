"""How each game is dealt: shuffle, cut, deal, turn-ups, and the data of its procedure.

A :class:`Procedure` holds, for one game, everything a deal needs beyond the trick
rules: how many may play, whether the pack is cut, the packets, how the chosen
suits are found, which exchanges exist, whether cards may be led face down
(*drehen*), how many tricks win and whether a Jann and march exist. Every field
cites its source. :func:`lay_out` turns a pack order into hands, turn-ups and
stock by that procedure; :func:`shuffled` makes the seeded pack order.

Pack order convention: index 0 is the top card, the last card is the bottom of the
pack. Dealing takes cards from the top.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from operator import itemgetter
from typing import Any

from ..cards import Card
from ..compiled import by_fields
from ..counts import shown
from ..errors import RulesError
from ..i18n import marked, tr
from ..seats import clockwise, forehand
from ..sources import (
    S000_DEAL,
    S000_DREHEN,
    S000_EARLY,
    S000_FIVE,
    S000_PLAY,
    S000_PLAYERS,
    S001_BONUS,
    S001_EXCH,
    S001_PLAYING,
    S001_PRELIM,
    S001_RAISE,
    S002_AIM,
    S002_PRELIM,
    S003_DEAL,
    S003_PLAY,
    S003_TRUMP,
    S004_HOW,
    STY_DEAL,
    STY_END,
)
from ..sources import (
    S000_HATTSTEDT as S000_HATT,
)
from .shuffle import seeded, shuffled

__all__ = [
    "Procedure",
    "Layout",
    "PROCEDURES",
    "procedure",
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


@dataclass(frozen=True)
class Procedure:
    """The deal procedure of one game; each rule with its source."""

    game: str
    #: Allowed numbers of players, the default first.
    players: tuple[int, ...]
    players_source: str
    #: Whether the player on the dealer's right cuts after the shuffle.
    cut: bool
    cut_source: str
    #: Cards given to each player per round of dealing, e.g. (3, 3, 3).
    packets: tuple[int, ...]
    deal_source: str
    #: "turn_ups" (turn cards after the deal until two suits show) or "face_up"
    #: (the first card dealt to each player is face up; the lowest gives the suit).
    chosen_by: str
    chosen_source: str
    #: With this many turn-ups of one suit the same dealer deals again; None = no limit.
    max_same_suit: int | None = None
    #: Bernhard: of several same-suit turn-ups the highest stays up, the rest go back.
    keep_highest: bool = False
    #: The chosen card exchanged for its suit's turn-up: Ten (10), dog (5) or Banner (10).
    low_rank: int | None = None
    low_word: str = "Ten"
    low_source: str = ""
    #: Today: Olen at the bottom of the stock for Queens (Kings if she sleeps).
    bottom_olen: bool = False
    bottom_source: str = ""
    #: 1924, 1938: the cutter's bottom three cards; Olen among them go face up on the table.
    table_olen: bool = False
    table_source: str = ""
    #: Only a chosen Queen (King) may take an Ole (Bernhard, seed 001).
    ole_queen_chosen: bool = False
    #: The King inherits the Queen's right to an Ole only while she sleeps *in the stock*
    #: (seed 001, 'Exchanging': "'sleeping' (i.e. in the stock)"), not while she lies face
    #: up on the table. False: the rule set's option 'sleeping_queen' decides.
    queen_sleeps_in_stock: bool = False
    #: None, "any" (on any lead) or "bernhard" (after 2 tricks won, again after 4).
    drehen: str | None = None
    drehen_source: str = ""
    #: Tricks a side needs to win the deal.
    target: int = 5
    target_source: str = ""
    #: Whether a side that wins the first `target` tricks may stop (Jann, vol) or play on.
    jann: bool = False
    jann_source: str = ""
    jann_word: str = "Jann"
    march_word: str = "march"
    #: First-trick rule: None, "no_seven_lead" (a chosen Seven may not be led) or
    #: "no_seven" (the chosen Seven may not be played at all).
    first_trick: str | None = None
    first_trick_source: str = ""
    #: Karniffel: each team's director may concede.
    directors: bool = False
    directors_source: str = ""
    #: Stýrivolt: crosses for a vol or all nine made by one partner alone.
    lone_crosses: bool = False
    #: Where the source says each player in turn, clockwise, plays a card of their choice.
    play_source: str = S000_PLAY
    #: At this many players the dealer is dealt no cards and chooses to play alone against
    #: the others or to sit out (five-player Knüffeln); None: never.
    dealer_sits_out_at: int | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)  # (compiled, it cannot be unpickled field by field)

    @property
    def hand_size(self) -> int:
        return sum(self.packets)

    def dealer_sits_out(self, players: int) -> bool:
        """Whether the dealer sits out a deal at this many players and chooses to play
        alone or not (seed 000, 'Five-Player Knüffeln')."""
        return players == self.dealer_sits_out_at


#: Today's deal, which the other Knüffeln games vary field by field.
_KNUEFFELN = Procedure(
    game="knueffeln",
    players=(4,),
    players_source=S000_PLAYERS,
    cut=True,
    cut_source=f"{S000_DEAL}: " + marked("the player to dealer's right cuts"),
    packets=(3, 3, 3),
    deal_source=f"{S000_DEAL}: " + marked("9 cards to each player in 3 packets of 3"),
    chosen_by="turn_ups",
    chosen_source=f"{S000_DEAL}: " + marked(
        "turn two; if the same suit a third and, if necessary, a fourth"),
    max_same_suit=4,
    low_rank=10,
    low_word="Ten",
    low_source=f"{S000_DEAL}: " + marked(
        "a chosen Ten for that suit's turn-up (any turn-up of the first chosen suit when more "
        "than one was turned)"),
    bottom_olen=True,
    bottom_source=f"{S000_DEAL}: " + marked(
        "an Ole at the bottom of the stock for the Queen of its suit (the King if she sleeps), up "
        "to three Olen"),
    drehen="any",
    drehen_source=f"{S000_DREHEN}: " + marked("a team may turn whenever they are on lead"),
    target=5,
    target_source=f"{S000_PLAY}: " + marked("the first team to win 5 of the 9 tricks"),
    jann=True,
    jann_source=f"{S000_PLAY}: " + marked(
        "the first five tricks in a row are a Jann; leading to the sixth commits to the march"),
)

PROCEDURES: dict[str, Procedure] = {
    "knueffeln": replace(
        _KNUEFFELN,
        game="knueffeln",
        players=(4, 5),
        players_source=f"{S000_PLAYERS}; {S000_FIVE}",
        dealer_sits_out_at=5,
    ),
    "knueffeln-hattstedt": replace(
        _KNUEFFELN,
        game="knueffeln-hattstedt",
        drehen=None,
        drehen_source=f"{S000_HATT}: " + marked("there is no Drehen und Sehen"),
    ),
    "knueffeln-1924": replace(
        _KNUEFFELN,
        game="knueffeln-1924",
        cut_source=f"{S000_DEAL}; {S001_PRELIM} (who cuts: see the open questions)",
        deal_source=f"{S001_PRELIM}: " + marked(
            "nine cards to each player, in three packets of three"),
        chosen_source=f"{S001_PRELIM}: " + marked(
            "turn until a different suit appears; four of one suit: redeal"),
        keep_highest=True,
        low_rank=5,
        low_word="dog",
        low_source=f"{S001_EXCH}: " + marked(
            "a dog (chosen Five) for the chosen upcard of its suit") + f"; {S000_EARLY}",
        bottom_olen=False,
        table_olen=True,
        table_source=f"{S001_PRELIM}: " + marked(
            "the cutter looks at the three lowest cards and places any Olen face up on the "
            "table") + f"; {S001_EXCH}: " + marked(
            "a chosen Queen (the King if she sleeps in the stock) may take one")
        + f"; {S000_EARLY}",
        ole_queen_chosen=True,
        queen_sleeps_in_stock=True,
        drehen="bernhard",
        drehen_source=f"{S000_EARLY}: " + marked(
            "only after the team has won two tricks, and again after four") + f"; {S001_RAISE}",
        target_source=f"{S001_PLAYING}: " + marked("the first team to make five tricks"),
        jann_source=f"{S001_BONUS}: " + marked(
            "a jann is the first five tricks in a row; a march all nine"),
    ),
    "knueffeln-1938": replace(
        _KNUEFFELN,
        game="knueffeln-1938",
        low_source=f"{S000_EARLY}: " + marked(
            "in Grünberg's version the Tens are exchanged, as in the modern game")
        + f"; {S000_DEAL}",
        # The cutter's Olen, like the ranked unchosen suits, are an early 20th-century
        # difference that names neither author (DEAL_QUESTIONS 'gruenberg_exchanges').
        bottom_olen=False,
        table_olen=True,
        table_source=f"{S000_EARLY}: " + marked(
            "the cutter places the bottom three cards face up; Olen among them for the Queens "
            "of the same suits (the Kings if the Queens are 'sleeping' in the stock)")
        + f"; {S001_PRELIM} (only the Olen lie face up)",
        queen_sleeps_in_stock=True,
    ),
    "styrivolt": Procedure(
        game="styrivolt",
        players=(4,),
        players_source=f"{STY_DEAL} [S: Parlett]",
        cut=False,
        cut_source=f"{STY_DEAL}: " + marked("shuffled between deals but not cut [S: Parlett]"),
        packets=(3, 3, 3),
        deal_source=f"{STY_DEAL}: " + marked(
            "nine cards each, dealt in threes; twelve in the stock [S: Parlett]"),
        chosen_by="turn_ups",
        chosen_source=f"{STY_DEAL}: " + marked(
            "the Knüffeln procedure on the twelve-card stock [A]"),
        max_same_suit=4,
        target=5,
        target_source=f"{STY_DEAL}: " + marked(
            "the first side to win five of the nine tricks [S: Parlett]"),
        jann=True,
        jann_source=f"{STY_END}: " + marked(
            "the vol (first five tricks) may play on for all nine [S: Parlett]"),
        jann_word="vol",
        march_word="all nine",
        lone_crosses=True,
        play_source=f"{STY_DEAL}: " + marked(
            "play clockwise, no duty to follow suit [S: Parlett; A]"),
        drehen_source=f"{STY_END}: " + marked("no source reports a face-down lead [A]"),
    ),
    "karniffel": Procedure(
        game="karniffel",
        players=(4, 6),
        players_source=f"{S002_PRELIM}: " + marked("four or six players in two teams"),
        cut=True,
        cut_source=f"{S002_PRELIM}: " + marked("offered to rearhand for cutting"),
        packets=(1, 1, 1, 1, 1),
        deal_source=f"{S002_PRELIM}: " + marked(
            "five cards to each player (one at a time: see the open questions)"),
        chosen_by="turn_ups",
        chosen_source=f"{S002_PRELIM}: " + marked(
            "turn two; if the same suit, more until a different suit appears"),
        max_same_suit=None,
        low_rank=10,
        low_word="Banner",
        low_source=f"{S002_PRELIM}: " + marked("a Banner (chosen Ten) for the upcard of its suit"),
        target=3,
        target_source=f"{S002_AIM}: " + marked("three or more tricks"),
        first_trick="no_seven_lead",
        first_trick_source="seed 002, 'Chosen suits': " + marked(
            "a chosen Seven may not be led to the first trick"),
        directors=True,
        directors_source=f"{S002_PRELIM}: " + marked("a director in each team may concede"),
        play_source="seed 002, 'Playing': " + marked(
            "forehand leads; there are no constraints on play"),
        drehen_source="seed 002, 'Playing': " + marked("no face-down lead is described"),
    ),
    "karnoeffel": Procedure(
        game="karnoeffel",
        players=(4,),
        players_source=f"{S003_DEAL}: " + marked("four players as partners"),
        cut=False,
        cut_source=f"{S003_DEAL}: " + marked("no cut is mentioned"),
        packets=(1, 1, 1, 1, 1),
        deal_source=f"{S003_DEAL}: " + marked(
            "five cards to each player, one at a time, the first face up"),
        chosen_by="face_up",
        chosen_source=f"{S003_DEAL}: " + marked(
            "the lowest face-up card, the first dealt on a tie"),
        target=3,
        target_source=f"{S003_PLAY}: " + marked("a majority of the five tricks"),
        first_trick="no_seven_lead",
        first_trick_source=f"{S003_TRUMP}: " + marked(
            "the Devil cannot be led to the first trick"),
        play_source=f"{S003_PLAY}: " + marked(
            "each other player in clockwise order plays any card"),
        drehen_source=f"{S003_PLAY}: " + marked("no face-down lead is described"),
    ),
    "karnoeffel-2024": Procedure(
        game="karnoeffel-2024",
        players=(2, 4),
        players_source=f"{S004_HOW}: " + marked("two players or two teams"),
        cut=False,
        cut_source=f"{S004_HOW}: " + marked("no cut is mentioned"),
        packets=(1, 1, 1, 1, 1),
        deal_source=f"{S004_HOW}: " + marked("five cards to each player, one face up"),
        chosen_by="face_up",
        chosen_source=f"{S004_HOW}: " + marked(
            "the lowest face-up card, the first dealt on a tie"),
        target=3,
        target_source=f"{S004_HOW}: " + marked("the first to win three tricks"),
        first_trick="no_seven",
        first_trick_source=f"{S004_HOW}: " + marked(
            "the Devil may not be played on the first trick") + "; rules/README.md, reading 8",
        play_source=f"{S004_HOW}: " + marked("each player plays one card per trick, clockwise"),
        drehen_source=f"{S004_HOW}: " + marked("no face-down lead is described"),
    ),
}


def procedure(game: str) -> Procedure:
    return PROCEDURES[game]


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
