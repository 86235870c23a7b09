"""A whole deal: dealing, exchanges, tricks, Jann and march, drehen und sehen, the result.

:func:`new_deal` deals by the game's procedure (:mod:`knlib.dealing`); a :class:`Deal`
is a state machine in the OpenSpiel manner: ``legal_actions()``, ``apply(action)``,
``is_over``, ``result``. Actions are interned :class:`Action` objects with a stable
text ("play S3", "lead face down H2", "see", "run", "exchange H10 for HQ", "pass",
"stop", "play on", "play alone", "sit out", "concede"); ``apply`` takes either.

An illegal action raises :class:`~knlib.RulesError` naming the value and the rule,
and leaves the deal exactly as it was. ``to_json()`` / ``Deal.from_json()`` store the
pack order and the actions and rebuild by replay.

Rules, with their sources, are cited where the code applies them; where the sources
are silent or disagree the reading used is in :data:`DEAL_QUESTIONS`, which
``knlib.open_questions(game)`` includes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from ..cards import ALL_CARDS, Card, parse_suits, suit_name
from ..errors import RulesError
from ..rules.dealing import (
    OLE_CARDS,
    PROCEDURES,
    S000_DEAL,
    S000_DREHEN,
    S000_EARLY,
    S000_FIVE,
    S000_PLAY,
    S001_EXCH,
    S002_PRELIM,
    S003_PLAY,
    STY_DEAL,
    STY_END,
    Layout,
    Procedure,
    check_dealer,
    check_names,
    check_seed,
    lay_out,
    seat_names,
    shuffled,
)
from ..rules.games import OpenQuestion, Ruleset, ruleset
from ..rules.tricks import fast_table
from .scoring import SCORING_OPTIONS, SCORING_QUESTIONS, STAKES, Stakes, format_amount, payments

__all__ = [
    "Action",
    "Trick",
    "Result",
    "Deal",
    "new_deal",
    "action",
    "check_players",
    "side_name",
    "deal_questions",
    "DEAL_QUESTIONS",
    "random_playout",
]


# -- actions ------------------------------------------------------------------------------------


class Action(str):
    """One move: an interned string with its meaning, e.g. ``Action('play S3')``.

    An Action is its canonical text ('play S3', 'lead face down H2', 'see', 'run',
    'exchange H10 for HQ', 'pass', 'stop', 'play on', 'play alone', 'sit out', 'concede'),
    so it compares equal to that string, hashes like it and goes into JSON as it is;
    ``"stop" in deal.legal_actions()`` works. ``kind`` is 'play', 'down' (lead face down),
    'see', 'run', 'exchange', 'pass', 'stop', 'play on', 'play alone', 'sit out' or
    'concede'; ``card`` is the card played or given, ``other`` the card received in an
    exchange. There is one object per text.
    """

    _interned: dict[str, Action] = {}

    kind: str
    card: Card | None
    other: Card | None

    def __new__(cls, text: str | Action) -> Action:
        return cls.parse(text)

    @classmethod
    def _make(cls, kind: str, text: str, card: Card | None = None,
              other: Card | None = None) -> Action:
        a = str.__new__(cls, text)
        for k, v in (("kind", kind), ("card", card), ("other", other)):
            object.__setattr__(a, k, v)
        cls._interned[text] = a
        return a

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (str(self),))

    @property
    def text(self) -> str:
        """The canonical text, as a plain string."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Action({str.__str__(self)!r})"

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Strict parsing; case and spacing are free, cards as :func:`~knlib.parse_card`
        reads them ('play ♥10' is 'play H10')."""
        if text.__class__ is Action:
            return text  # type: ignore[return-value]
        if not isinstance(text, str):
            raise RulesError(f"{text!r} is not an action: give an Action or its text, "
                             "e.g. 'play S3'")
        hit = cls._interned.get(text)
        if hit is not None:
            return hit
        words = text.strip().split()
        low = [w.lower() for w in words]
        norm = " ".join(low)
        if norm in _SIMPLE:
            return _SIMPLE[norm]
        try:
            if len(low) == 2 and low[0] == "play":
                return PLAY[Card(words[1]).index]
            if len(low) == 4 and low[:3] == ["lead", "face", "down"]:
                return DOWN[Card(words[3]).index]
            if len(low) == 4 and low[0] == "exchange" and low[2] == "for":
                return exchange_action(Card(words[1]), Card(words[3]))
        except RulesError as err:
            raise RulesError(f"{text!r} is not an action: {err}") from None
        raise RulesError(
            f"{text!r} is not an action: the actions are 'play S3', 'lead face down H2', "
            "'see', 'run', 'exchange H10 for HQ', 'pass', 'stop', 'play on', 'play alone', "
            "'sit out' and 'concede'"
        )


#: "play X" and "lead face down X" for every card, by card index.
PLAY: list[Action] = [Action._make("play", f"play {c}", c) for c in ALL_CARDS]
DOWN: list[Action] = [Action._make("down", f"lead face down {c}", c) for c in ALL_CARDS]
SEE = Action._make("see", "see")
RUN = Action._make("run", "run")
PASS = Action._make("pass", "pass")
STOP = Action._make("stop", "stop")
PLAY_ON = Action._make("play on", "play on")
ALONE = Action._make("play alone", "play alone")
SIT_OUT = Action._make("sit out", "sit out")
CONCEDE = Action._make("concede", "concede")
_SIMPLE = {a.text: a for a in (SEE, RUN, PASS, STOP, PLAY_ON, ALONE, SIT_OUT, CONCEDE)}


def exchange_action(give: Card, get: Card) -> Action:
    """The interned action 'exchange GIVE for GET'."""
    text = f"exchange {give} for {get}"
    return Action._interned.get(text) or Action._make("exchange", text, give, get)


def action(text: str | Action) -> Action:
    """Parse an action from its text (a passing Action is returned as it is)."""
    return Action.parse(text)


# -- tricks and results ---------------------------------------------------------------------------


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

    ``kind`` is 'game' (a side reached its tricks), 'jann' (first five straight, then
    stop; Stýrivolt's vol), 'march' (all tricks after playing on), 'failed march' (also
    when the opponents ran from a card led face down during it: ``ran_away``), 'run'
    (the opponents ran from a card led face down) or 'conceded' (a Karniffel director
    gave up). ``value`` is the stake one payment carries; ``payments`` has one
    amount per seat in ``unit``, positive for what the seat receives, summing to zero.
    """

    winner: int
    winners: tuple[int, ...]
    tricks: tuple[int, ...]
    kind: str
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


# -- helpers ------------------------------------------------------------------------------------


def check_players(rules: Ruleset, players: int | None) -> int:
    """The number of players, checked against the game's procedure."""
    proc = PROCEDURES[rules.id]
    if players is None:
        return proc.players[0]
    if isinstance(players, bool) or not isinstance(players, int) or players not in proc.players:
        allowed = " or ".join(str(p) for p in proc.players)
        raise RulesError(f"{players!r} players cannot play {rules.title}: it is for {allowed} "
                         f"({proc.players_source})")
    return players


def side_name(seats: Sequence[int], names: Sequence[str], n: int) -> str:
    """'North-South', 'East-West', 'South', or names joined with 'and'."""
    if n == 4 and len(seats) == 2 and {names[s] for s in seats} == {"North", "South"}:
        return "North-South"
    if n == 4 and len(seats) == 2 and {names[s] for s in seats} == {"East", "West"}:
        return "East-West"
    ns = [names[s] for s in seats]
    return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + " and " + ns[-1]


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


# Phases.
P_DEALER, P_EXCHANGE, P_PLAY, P_ANSWER, P_JANN, P_OVER = range(6)
_PHASE_NAMES = ("dealer's choice", "exchange", "play", "answer", "Jann", "over")

_new_trick = tuple.__new__


def _table_for(rules: Ruleset, chosen: tuple[str, ...]) -> Any:
    """The trick engine's precomputed table (cached on the rule set by fast_table)."""
    key = tuple(sorted(chosen))
    table = rules._fast.get(key)
    return table if table is not None else fast_table(rules, chosen)


#: Seating per (players, dealer, kind): active seats from forehand, sides, side of each
#: seat, next seat. Shared between deals; never changed in place.
_SEATING: dict[tuple[int, int, str], tuple[Any, ...]] = {}


def _seating(n: int, dealer: int, kind: str) -> tuple[Any, ...]:
    key = (n, dealer, kind)
    hit = _SEATING.get(key)
    if hit is not None:
        return hit
    d = dealer
    if kind == "five":  # before the five-player dealer's choice: the four receivers
        active = tuple((d + 1 + i) % n for i in range(n - 1))
        sides: tuple[tuple[int, ...], ...] = ()
    elif kind == "solo":
        active = tuple((d + 1 + i) % n for i in range(n))
        sides = ((d,), tuple(s for s in active if s != d))
    elif kind == "sit out":
        active = tuple((d + 1 + i) % n for i in range(n - 1))
        sides = ((active[0], active[2]), (active[1], active[3]))
    else:
        active = tuple((d + 1 + i) % n for i in range(n))
        sides = ((0,), (1,)) if n == 2 else (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
    side = [-1] * n
    for i, members in enumerate(sides):
        for s in members:
            side[s] = i
    nxt = [-1] * n
    if sides:
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
    # The first player of each team after the dealer (a Karniffel team's director).
    firsts = [next(s for s in active if side[s] == i) for i in range(len(sides))]
    hit = _SEATING[key] = (active, sides, side, nxt, firsts)
    return hit


# -- the deal -----------------------------------------------------------------------------------


class Deal:
    """One deal of one game, from the deal to the settlement. Build it with
    :func:`new_deal`, :meth:`Deal.from_hands` or :meth:`Deal.from_json`."""

    __slots__ = (
        "rules", "proc", "stakes", "players", "dealer", "deck", "seed", "cut", "redeals",
        "names", "chosen", "turned", "turn_ups", "returned", "table_olen", "history",
        "exchanges", "_hands", "_stock", "_table", "_up", "_obtained", "_phase",
        "_to_move", "_legal", "_log", "_stages", "_stage_i", "_low_k", "_pending",
        "_bottom_taken", "_bottom_done", "_table_i", "_solo", "_five", "_active", "_next",
        "_side", "sides", "_target", "_directors", "_ban", "_ban_all", "_fast", "_size",
        "_march_len", "_trick", "_tseats", "_face_down", "_tricks", "_won", "_streak",
        "_march", "_turns", "_turns_side", "_result", "_drehen", "_pacts", "_tidx",
        "_pending_lows", "_turn_in_march",
    )

    def __init__(self, rules: Ruleset, players: int, dealer: int, deck: Sequence[Card], *,
                 seed: Any = None, cut: int = 0, redeals: Iterable[Iterable[Card]] = (),
                 names: Sequence[str] | None = None, log: bool = False,
                 _layout: Layout | None = None) -> None:
        proc = PROCEDURES[rules.id]
        self.rules = rules
        self.proc = proc
        self.stakes: Stakes = STAKES[rules.id]
        self.players = n = players
        self.dealer = dealer
        self.deck = tuple(deck)
        self.seed = seed
        self.cut = cut
        self.redeals = tuple(tuple(r) for r in redeals) if redeals else ()
        self.names = check_names(names, n)
        self._log: list[str] | None = [] if log else None
        layout = _layout or lay_out(proc, list(self.deck), n, dealer)
        if layout.chosen is None:
            raise RulesError(f"this pack order gives a redeal ({layout.redeal}), not a deal "
                             f"({proc.chosen_source})")
        self.chosen: tuple[str, ...] = layout.chosen
        self.turned = tuple(layout.turned)
        self.turn_ups = tuple(layout.turn_ups)
        self.returned = tuple(layout.returned)
        self.table_olen = tuple(layout.table_olen)
        self._hands = layout.hands
        self._stock = layout.stock
        face_up = proc.chosen_by == "face_up"
        #: Cards lying face up on the table, out of play (turn-ups, exchanged cards, Olen).
        self._table: list[Card] = [] if face_up else list(self.turn_ups) + list(self.table_olen)
        self._up: list[Card] = [] if face_up else list(self.turn_ups)
        self._obtained: set[Card] = set()
        self.history: list[tuple[int, Action]] = []
        self.exchanges: list[tuple[int, Card, Card]] = []
        self._five = rules.id == "knueffeln" and n == 5
        self._solo: bool | None = None
        self._drehen = proc.drehen
        # May a side playing for the march lead face down? (option 'drehen_in_march')
        self._turn_in_march = rules.options.get("drehen_in_march", "forbidden") == "legal"
        self._fast = _table_for(rules, self.chosen)
        if proc.first_trick:
            sevens = frozenset(Card.of(s, 7) for s in self.chosen)
            self._ban: frozenset[Card] | None = sevens
            self._ban_all = proc.first_trick == "no_seven"
        else:
            self._ban, self._ban_all = None, False
        # Play state.
        self._trick: list[Card] = []
        self._tidx: list[int] = []
        self._tseats: list[int] = []
        self._pacts: list[list[Action]] = []
        self._face_down = False
        self._tricks: list[Trick] = []
        self._won = [0, 0]
        self._streak = -1
        self._march = -1
        self._march_len = 0
        self._turns = 0
        self._turns_side = [0, 0]
        self._result: Result | None = None
        self._size = 0
        self._pending: tuple[str, int, Card, list[Card]] | None = None
        self._to_move: int | None = None
        self._legal: list[Action] = []
        self._set_sides("five" if self._five else "normal", proc.target)
        self._stages = _stages(proc, self._five)
        self._stage_i = 0
        self._low_k = -1
        self._pending_lows: list[tuple[int, int, int, Card]] = []
        self._bottom_taken = 0
        self._bottom_done = False
        self._table_i = 0
        self._phase = P_EXCHANGE
        if self._log is not None:
            self._log_deal(layout)
        self._advance()

    def _set_sides(self, kind: str, first_target: int) -> None:
        self._active, self.sides, self._side, self._next, firsts = _seating(
            self.players, self.dealer, kind)
        self._target = [first_target, self.proc.target]
        # Karniffel: the first player of each team after the dealer directs it (seed 002,
        # 'Preliminaries' names a director per team; who it is: DEAL_QUESTIONS 'director').
        self._directors = firsts if self.proc.directors else []

    # -- public state ---------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.rules.id

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._phase == P_OVER

    @property
    def phase(self) -> str:
        """'dealer's choice', 'exchange', 'play', 'answer' (see or run), 'Jann' or 'over'."""
        return _PHASE_NAMES[self._phase]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, indexed by seat (the five-player dealer holds the
        stock only when playing alone)."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards face down, top first (the bottom card last)."""
        return tuple(self._stock)

    @property
    def table(self) -> tuple[Card, ...]:
        """Cards face up on the table and out of play: turn-ups not taken, the Tens (dogs,
        Banners) given for them, and the cutter's table Olen (1924, 1938) or the Queens
        (Kings) given for them. A Queen given for an Ole from the bottom of the stock is not
        here: she goes to the top of the stock (seed 000, 'The Deal and Exchange', does not
        say where; this keeps the stock's size)."""
        return tuple(self._table)

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs of the trick in progress (a face-down lead included)."""
        return tuple(zip(self._tseats, self._trick, strict=True))

    @property
    def current_face_down(self) -> bool:
        """True while the led card of the current trick lies face down, unanswered."""
        return self._phase == P_ANSWER

    @property
    def active(self) -> tuple[int, ...]:
        """The seats taking part in the play, clockwise from forehand."""
        return self._active

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def solo(self) -> bool | None:
        """Five-player Knüffeln: True if the dealer plays alone, False if sitting out, None
        before the choice (and in every other game)."""
        return self._solo

    @property
    def directors(self) -> tuple[int, ...]:
        """Karniffel: the director of each side (seed 002, 'Preliminaries')."""
        return tuple(self._directors)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._won)

    @property
    def turns_accepted(self) -> int:
        return self._turns

    @property
    def marching(self) -> int | None:
        """The side playing for the march, or None."""
        return self._march if self._march >= 0 else None

    @property
    def value(self) -> int:
        """What the deal is worth so far: the basic game plus the accepted turns."""
        return self.stakes.value("game", self._turns)

    @property
    def result(self) -> Result | None:
        """The result once the deal is over (None before)."""
        return self._result

    @property
    def pending_exchange(self) -> tuple[int, Card, tuple[Card, ...]] | None:
        """During the exchanges: (seat, the card it may give, the cards it may take)."""
        if self._phase != P_EXCHANGE or self._pending is None:
            return None
        _, seat, give, options = self._pending
        return seat, give, tuple(options)

    def side_of(self, seat: int) -> int | None:
        """The side index of a seat (None for a five-player dealer sitting out, or before
        the five-player dealer has chosen)."""
        s = self._side[seat]
        return None if s < 0 else s

    def side_name(self, side: int) -> str:
        if self._solo and side == 1:
            return "the four opponents"
        return side_name(self.sides[side], self.names, self.players)

    def _verb(self, side: int, verb: str) -> str:
        """The verb agreeing with a side's name: 'North-South win', 'Hilmar wins'."""
        if len(self.sides[side]) > 1:
            return verb
        return "has" if verb == "have" else verb + "s"

    def _verb_for(self, side: int) -> Callable[[str], str]:
        return lambda verb: self._verb(side, verb)

    def legal_actions(self) -> list[Action]:
        """The actions the player to move may take (a fresh list; empty when over)."""
        return self._legal[:]

    def to_move_text(self) -> str:
        if self._to_move is None:
            return "nobody"
        return f"{self.names[self._to_move]} (seat {self._to_move})"

    # -- applying actions -----------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply one action of the player to move (``seat``, if given, must be that player,
        or for 'concede' the director of that player's team). An illegal action raises
        RulesError saying why and changes nothing."""
        if action.__class__ is not Action:
            action = Action.parse(action)
        if seat is not None:
            self._check_seat(action, seat)
        if action not in self._legal:
            raise RulesError(self._why(action))
        kind = action.kind
        if kind == "play":
            self._play(action)
        elif kind == "down":
            self._lead_down(action)
        elif kind == "see" or kind == "run":
            self._answer(action)
        elif kind == "exchange" or kind == "pass":
            self._exchange(action)
        elif kind == "stop" or kind == "play on":
            self._jann_choice(action)
        elif kind == "concede":
            self._concede()
        else:
            self._dealer_choice(action)

    def _check_seat(self, action: Action, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise RulesError(f"seat {seat!r} is not a seat: seats are 0 to {self.players - 1}")
        if self._phase == P_OVER:
            raise RulesError(self._why(action))
        if seat == self._to_move:
            return
        if action is CONCEDE and self._directors and seat == self._director_of(self._to_move):
            return
        raise RulesError(
            f"{self.names[seat]} (seat {seat}) may not act now: it is "
            f"{self.to_move_text()}'s turn ({self._doing()}); play goes clockwise "
            f"({self.proc.play_source})"
        )

    def _director_of(self, seat: int | None) -> int:
        if seat is None or self._side[seat] < 0:
            return -1
        return self._directors[self._side[seat]]

    def _doing(self) -> str:
        p = self._phase
        if p == P_DEALER:
            return "to choose 'play alone' or 'sit out'"
        if p == P_EXCHANGE and self._pending:
            _, _, give, _ = self._pending
            return f"to exchange {self._sym(give)} or pass"
        if p == P_ANSWER:
            return "to see or run"
        if p == P_JANN:
            return "to stop or play on"
        return "to lead" if not self._trick else "to play to the trick"

    def _log_add(self, line: str) -> None:
        if self._log is not None:
            self._log.append(line[:1].upper() + line[1:])

    def _sym(self, card: Card) -> str:
        return card.german_symbol if self.rules.german else card.symbol

    # -- setup: dealer's choice and exchanges ---------------------------------------------------
    def _advance(self) -> None:
        """Find the next decision of the setup, or start the play."""
        while self._stage_i < len(self._stages):
            stage = self._stages[self._stage_i]
            if stage == "dealer":
                if self._solo is None:
                    self._phase = P_DEALER
                    self._to_move = self.dealer
                    self._legal = [ALONE, SIT_OUT]
                    return
            elif stage == "low":
                if self._next_low():
                    return
            elif stage == "bottom":
                if self._next_bottom():
                    return
            elif stage == "table" and self._next_table():
                return
            self._stage_i += 1
        self._start_play()

    def _offer(self, what: str, seat: int, give: Card, options: list[Card]) -> None:
        self._phase = P_EXCHANGE
        self._pending = (what, seat, give, options)
        self._to_move = seat
        self._legal = [exchange_action(give, o) for o in options] + [PASS]

    def _next_low(self) -> bool:
        # Seed 000, 'The Deal and Exchange': a holder of a chosen Ten may exchange it for that
        # suit's turn-up, or any turn-up of the first chosen suit when more were turned;
        # seed 001, 'Exchanging': a dog (chosen Five); seed 002, 'Preliminaries': a Banner.
        # In turn from forehand, each of the holder's chosen suits in order (DEAL_QUESTIONS
        # 'exchange_order').
        if self._low_k < 0:
            # The queue of (place from forehand, suit order, seat, card): who holds a chosen
            # low card. Hands do not change the low cards during this stage.
            # (Sets: a Card compares through Python-level slots, so `in list` is slow.)
            queue = []
            rank = self.proc.low_rank or 0
            lows = [Card.of(suit, rank) for suit in self.chosen]
            for i, seat in enumerate(self._active):
                held = set(self._hands[seat])
                for j, low in enumerate(lows):
                    if low in held:
                        queue.append((i, j, seat, low))
            queue.sort()
            self._pending_lows = queue
            self._low_k = 0
        queue = self._pending_lows
        while self._low_k < len(queue):
            _, _, seat, low = queue[self._low_k]
            options = [c for c in self._up if c.suit == low.suit]
            if options:
                self._offer("low", seat, low, options)
                return True
            self._low_k += 1
        return False

    def _ole_right(self, ole: Card) -> tuple[int | None, Card | None, str]:
        """Who may take an Ole: the holder of the Queen of its suit, or of the King if the
        Queen is sleeping (seed 000, 'The Deal and Exchange'; seed 001, 'Exchanging').
        Sleeping means in the stock in Bernhard's game (seed 001: "(i.e. in the stock)");
        today, held by no player (option 'sleeping_queen'). A Queen or King obtained by an
        exchange may not be used (no double exchange)."""
        suit = ole.suit
        if self.proc.ole_queen_chosen and suit not in self.chosen:
            return None, None, (f"{suit_name(suit)} is not a chosen suit, and only a chosen "
                                f"Queen may take an Ole ({S001_EXCH})")
        queen, king = Card.of(suit, 12), Card.of(suit, 13)
        holder = self._holder(queen)
        if holder is not None:
            if queen in self._obtained:
                return None, None, (f"{self.names[holder]} got the Queen of its suit by an "
                                    "exchange, and a double exchange is not allowed")
            return holder, queen, ""
        # No player holds the Queen. Face up on the table (a turn-up, or given for an earlier
        # table Ole) she is not sleeping where sleeping means "in the stock".
        in_stock_only = (self.proc.queen_sleeps_in_stock
                         or self.rules.options.get("sleeping_queen") == "in_stock")
        if in_stock_only and queen not in self._stock:
            where = (S001_EXCH if self.proc.queen_sleeps_in_stock
                     else f"{S000_DEAL}; option 'sleeping_queen'")
            return None, None, ("the Queen of its suit lies face up on the table, not in the "
                                f"stock, so she is not sleeping and the King does not inherit "
                                f"({where})")
        # She is sleeping, and the King inherits the right.
        kholder = self._holder(king)
        if kholder is not None and king not in self._obtained:
            return kholder, king, "sleeping"
        if kholder is not None:
            return None, None, ("the Queen of its suit is sleeping and the King was obtained by "
                                "an exchange (no double exchange)")
        return None, None, "neither the Queen nor the King of its suit is held by a player"

    def _holder(self, card: Card) -> int | None:
        for s, h in enumerate(self._hands):
            if card in h:
                return s
        return None

    def _next_bottom(self) -> bool:
        # Seed 000, 'The Deal and Exchange': the bottom card of the stock; if an Ole, the
        # Queen (King) may take it; if taken, the next bottom card; up to three Olen.
        if self._bottom_done or self._bottom_taken >= 3 or not self._stock:
            return False
        card = self._stock[-1]
        if card not in OLE_CARDS:
            self._log_add("The dealer looks at the bottom card of the stock: not an Ole.")
            self._bottom_done = True
            return False
        holder, which, why = self._ole_right(card)
        if holder is None or which is None:
            self._log_add(f"The bottom card of the stock is {self._sym(card)}, an Ole, shown to "
                          f"all; nobody may take it: {why}.")
            self._bottom_done = True
            return False
        note = " (the Queen is sleeping, so the King inherits the right)" if why else ""
        self._log_add(f"The bottom card of the stock is {self._sym(card)}, an Ole, shown to all: "
                      f"{self.names[holder]} may exchange {self._sym(which)} for it{note}.")
        self._offer("bottom", holder, which, [card])
        return True

    def _next_table(self) -> bool:
        # Seed 001, 'Exchanging': a chosen Queen may take an Ole the cutter laid on the table
        # (the King if she sleeps); Olen not taken stay on the table, out of play.
        while self._table_i < len(self.table_olen):
            ole = self.table_olen[self._table_i]
            holder, which, why = self._ole_right(ole)
            if holder is not None and which is not None:
                note = " (the Queen is sleeping, so the King inherits the right)" if why else ""
                self._log_add(f"{self.names[holder]} may exchange {self._sym(which)} for the Ole "
                              f"{self._sym(ole)} on the table{note}.")
                self._offer("table", holder, which, [ole])
                return True
            self._log_add(f"The Ole {self._sym(ole)} stays on the table: {why}.")
            self._table_i += 1
        return False

    def _exchange(self, act: Action) -> None:
        assert self._pending is not None
        what, seat, give, _ = self._pending
        self.history.append((seat, act))
        self._pending = None
        if act is PASS:
            if what == "low":
                self._low_k += 1
                self._log_add(f"{self.names[seat]} keeps {self._sym(give)}.")
            elif what == "bottom":
                self._bottom_done = True
                self._log_add(f"{self.names[seat]} keeps {self._sym(give)}; the Ole "
                              f"{self._sym(self._stock[-1])} stays in the stock.")
            else:
                ole = self.table_olen[self._table_i]
                self._table_i += 1
                self._log_add(f"{self.names[seat]} keeps {self._sym(give)}; the Ole "
                              f"{self._sym(ole)} stays on the table.")
            self._advance()
            return
        get = act.other
        assert get is not None
        hand = self._hands[seat]
        hand[hand.index(give)] = get
        self._obtained.add(get)
        self.exchanges.append((seat, give, get))
        if what == "low":
            self._up.remove(get)
            self._table[self._table.index(get)] = give
            self._low_k += 1
            word = self.proc.low_word
            self._log_add(f"{self.names[seat]} exchanges the {word} {self._sym(give)} for the "
                          f"turn-up {self._sym(get)}.")
        elif what == "bottom":
            self._stock.pop()
            self._stock.insert(0, give)
            self._bottom_taken += 1
            self._log_add(f"{self.names[seat]} exchanges {self._sym(give)} for the Ole "
                          f"{self._sym(get)} from the bottom of the stock.")
        else:
            self._table[self._table.index(get)] = give
            self._table_i += 1
            self._log_add(f"{self.names[seat]} exchanges {self._sym(give)} for the Ole "
                          f"{self._sym(get)} from the table.")
        self._advance()

    def _dealer_choice(self, act: Action) -> None:
        # Seed 000, 'Five-Player Knüffeln': the dealer may look at the whole stock and play
        # alone with it, or sit out.
        d = self.dealer
        self.history.append((d, act))
        if act is ALONE:
            self._solo = True
            self._hands[d] = self._stock
            self._stock = []
            # The dealer needs four tricks, the four opponents five.
            self._set_sides("solo", 4)
            self._log_add(f"{self.names[d]} looks at the stock ({len(self._hands[d])} cards) "
                          "and plays alone against the other four: the dealer needs four "
                          f"tricks, the opponents five ({S000_FIVE}).")
        else:
            self._solo = False
            self._set_sides("sit out", self.proc.target)
            self._log_add(f"{self.names[d]} looks at the stock and sits out: "
                          f"{self.side_name(0)} play against {self.side_name(1)}.")
        self._advance()

    # -- play ----------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self._phase = P_PLAY
        self._pending = None
        self._size = len(self._active)
        self._march_len = min(map(len, [self._hands[s] for s in self._active]))
        self._pacts = [[PLAY[c.index] for c in h] for h in self._hands]
        # The player second to the dealer's right leads a solo (seed 000, 'Five-Player
        # Knüffeln'); otherwise forehand (seed 000, 'The Play'; seed 002; seed 003, 'Play').
        leader = (self.dealer - 2) % self.players if self._solo else self._active[0]
        self._log_add(f"{self.names[leader]} leads to the first trick.")
        self._to_move = leader
        self._set_lead()

    def _turn_allowed(self, seat: int) -> bool:
        if self._drehen is None or (self._march >= 0 and not self._turn_in_march):
            # No drehen in Hattstedt (seed 000, 'Modern Knüffeln'); during a march only under
            # the option drehen_in_march='legal' (seed 000, 'Drehen und Sehen').
            return False
        if self._drehen == "any":
            return True
        # Bernhard: after the team has won two tricks, again after four (seed 000, 'Early
        # 20th century versions').
        side = self._side[seat]
        t, won = self._turns_side[side], self._won[side]
        return (t == 0 and won >= 2) or (t == 1 and won >= 4)

    def _set_lead(self) -> None:
        # Any card may be led (seed 000, 'The Play'), but for the first-trick rules.
        seat: int = self._to_move  # type: ignore[assignment]
        acts = self._pacts[seat]
        if self._ban is not None and not self._tricks:
            ban = self._ban
            acts = [a for a in acts if a.card not in ban]
        if self._drehen is not None and self._turn_allowed(seat):
            acts = acts + [DOWN[c.index] for c in self._hands[seat]]
        if self._directors:
            acts = acts + [CONCEDE]
        self._legal = acts

    def _set_follow(self, seat: int) -> None:
        # Any card may be played: no duty to follow suit (seed 000, 'The Play').
        acts = self._pacts[seat]
        if self._ban_all and not self._tricks:
            ban = self._ban
            acts = [a for a in acts if a.card not in ban]  # type: ignore[operator]
        if self._directors:
            acts = acts + [CONCEDE]
        self._legal = acts

    def _play(self, act: Action) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        card: Card = act.card  # type: ignore[assignment]
        self.history.append((seat, act))
        pacts = self._pacts[seat]
        i = pacts.index(act)  # hands and their play actions are kept in the same order
        del pacts[i]
        del self._hands[seat][i]
        trick = self._trick
        trick.append(card)
        self._tidx.append(card.index)
        self._tseats.append(seat)
        if len(trick) < self._size:
            nxt = self._next[seat]
            self._to_move = nxt
            if self._ban is None and not self._directors:
                self._legal = self._pacts[nxt]
            else:
                self._set_follow(nxt)
        else:
            self._end_trick()

    def _lead_down(self, act: Action) -> None:
        # Drehen: the leader plays the first card face down, an offer to raise the game
        # value (seed 000, 'Drehen und Sehen').
        seat: int = self._to_move  # type: ignore[assignment]
        card: Card = act.card  # type: ignore[assignment]
        self.history.append((seat, act))
        pacts = self._pacts[seat]
        i = pacts.index(PLAY[card.index])
        del pacts[i]
        del self._hands[seat][i]
        self._trick.append(card)
        self._tidx.append(card.index)
        self._tseats.append(seat)
        self._face_down = True
        # The next opponent in play order answers for the team (DEAL_QUESTIONS 'who_answers').
        side = self._side[seat]
        s = self._next[seat]
        while self._side[s] == side:
            s = self._next[s]
        self._phase = P_ANSWER
        self._to_move = s
        self._legal = [SEE, RUN]
        self._log_add(f"{self.names[seat]} leads a card face down (drehen); "
                      f"{self.names[s]} answers for {self.side_name(self._side[s])}.")

    def _answer(self, act: Action) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self.history.append((seat, act))
        leader = self._tseats[0]
        lside = self._side[leader]
        if act is RUN and self._march >= 0:
            # Running ends the play, and the march has failed (seed 000, 'Drehen und Sehen':
            # the opponents "could then end the play by running, causing the march to
            # fail"; 'The Play': the marching side pays what the march would have won).
            self._log_add(f"{self.names[seat]} runs: the {self.proc.march_word} of "
                          f"{self.side_name(lside)} has failed.")
            self._finish("failed march", 1 - lside)
            return
        if act is RUN:
            # They run: the deal is conceded at the value so far (seed 000, 'Drehen und Sehen').
            self._log_add(f"{self.names[seat]} runs: {self.side_name(1 - lside)} "
                          f"{self._verb(1 - lside, 'concede')} the deal.")
            self._finish("run", lside)
            return
        # They see: the card is turned up and the game is worth one basic stake more.
        self._turns += 1
        self._turns_side[lside] += 1
        self._log_add(f"{self.names[seat]} sees: the card is {self._sym(self._trick[0])}; "
                      f"{_plural(self._turns, 'accepted turn')} so far.")
        self._phase = P_PLAY
        nxt = self._next[leader]
        self._to_move = nxt
        self._set_follow(nxt)

    def _end_trick(self) -> None:
        cards, seats = self._trick, self._tseats
        table = self._fast
        if table is not None:
            w = table.winner(self._tidx)
        else:
            w = self.rules.ahead_sequence(cards, self.chosen)[-1]
        winner = seats[w]
        number = len(self._tricks) + 1
        self._tricks.append(_new_trick(Trick, (number, seats[0], tuple(cards), tuple(seats),
                                               winner, self._face_down)))
        self._trick = []
        self._tidx = []
        self._tseats = []
        self._face_down = False
        side = self._side[winner]
        won = self._won
        won[side] += 1
        if number == 1:
            self._streak = side
        elif self._streak != side:
            self._streak = -1
        if self._log is not None:
            played = ", ".join(f"{self.names[s]} {self._sym(c)}"
                               for s, c in zip(seats, cards, strict=True))
            self._log_add(f"Trick {number}: {played}; {self.names[winner]} wins with "
                             f"{self._sym(cards[w])} ({self.side_name(0)} {won[0]}, "
                             f"{self.side_name(1)} {won[1]}).")
        if self._march >= 0:
            # Once committed to the march a side must win every trick (seed 000, 'The Play').
            if side != self._march:
                self._finish("failed march", side)
            elif number == self._march_len:
                self._finish("march", side)
            else:
                self._to_move = winner
                self._set_lead()
            return
        if won[side] >= self._target[side]:
            if self.proc.jann and self._streak == side:
                # A Jann (vol): stop and take it, or lead to the next trick for the march.
                self._phase = P_JANN
                self._to_move = winner
                self._legal = [STOP, PLAY_ON]
                self._log_add(f"{self.side_name(side)} {self._verb(side, 'have')} won the first "
                              f"{_plural(won[side], 'trick')}: a {self.proc.jann_word}. "
                              f"{self.names[winner]} decides: stop, or play on for the "
                              f"{self.proc.march_word}.")
                return
            self._finish("game", side)
            return
        if number >= self._march_len:  # pragma: no cover - the targets always end the deal
            raise AssertionError("the hands ran out before the deal was decided")
        self._to_move = winner
        self._set_lead()

    def _jann_choice(self, act: Action) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self.history.append((seat, act))
        side = self._side[seat]
        if act is STOP:
            self._log_add(f"{self.names[seat]}: we stop.")
            self._finish("jann", side)
            return
        self._march = side
        self._phase = P_PLAY
        self._log_add(f"{self.names[seat]}: we play on for the {self.proc.march_word} "
                      f"(all {self._march_len} tricks).")
        self._set_lead()

    def _concede(self) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        director = self._director_of(seat)
        self.history.append((director, CONCEDE))
        side = self._side[seat]
        self._log_add(f"{self.names[director]}, director of {self.side_name(side)}, concedes "
                      f"({S002_PRELIM}).")
        self._finish("conceded", 1 - side)

    def _finish(self, kind: str, side: int) -> None:
        st = self.stakes
        ran = self._phase == P_ANSWER  # the opponents ran from a face-down lead
        lone = False
        crosses = 0
        if self.proc.lone_crosses and kind in ("jann", "march"):
            # Stýrivolt: a vol / all nine by one partner alone (styrivolt.md, 'End of a deal').
            lone = len({t.winner for t in self._tricks}) == 1
            crosses = (1 if kind == "jann" else 2) if lone else 0
        value = st.value(kind, self._turns, lone)
        pays = payments(self.players, self.sides, side, value, st.pays)
        won = tuple(self._won)
        wname, lname = self.side_name(side), self.side_name(1 - side)
        v, lv = self._verb_for(side), self._verb_for(1 - side)
        score = f"{won[side]}-{won[1 - side]}"
        if kind == "game":
            what = f"{wname} {v('win')} {score}"
        elif kind == "jann":
            what = (f"{wname} {v('win')} with a {self.proc.jann_word} ({score}, the first "
                    f"{_plural(won[side], 'trick')})")
        elif kind == "march":
            what = f"{wname} {v('make')} the {self.proc.march_word} ({score})"
        elif kind == "failed march" and ran:
            what = (f"{wname} ran from a card led face down during the "
                    f"{self.proc.march_word}: {lname} {lv('fail')} in it, and {wname} "
                    f"{v('win')} at {score}")
        elif kind == "failed march":
            what = (f"{lname} {lv('fail')} in the {self.proc.march_word}: {wname} "
                    f"{v('take')} a trick and {v('win')} ({score})")
        elif kind == "run":
            what = f"{lname} ran from a card led face down: {wname} {v('win')} at {score}"
        else:
            what = f"{lname} {lv('concede')}: {wname} {v('win')} at {score}"
        extra = []
        if self._turns:
            extra.append(_plural(self._turns, "accepted turn"))
        if lone:
            extra.append("made by one partner alone: " + ("a cross" if crosses == 1
                                                          else "a double cross"))
        amount = format_amount(st.unit, value)
        if self._solo:
            how = (f"the dealer receives {amount} from each opponent" if side == 0
                   else f"the dealer pays each opponent {amount}")
        elif st.pays == "each_winner":
            how = f"each loser pays each winner {amount}"
        elif st.unit in ("cents", "Pf"):
            how = f"each loser pays one winner {amount}"
        else:
            how = f"{wname} {v('score')} {amount}"
        reason = what + (f" ({'; '.join(extra)})" if extra else "") + f": {how}."
        self._result = Result(
            winner=side,
            winners=self.sides[side],
            tricks=won,
            kind=kind,
            jann=kind == "jann",
            march_attempted=self._march >= 0,
            march_made=kind == "march",
            turns_accepted=self._turns,
            ran_away=ran,
            conceded=kind == "conceded",
            lone=lone,
            crosses=crosses,
            value=value,
            unit=st.unit,
            payments=pays,
            reason=reason,
        )
        self._phase = P_OVER
        self._to_move = None
        self._legal = []
        self._log_add(reason)

    # -- why an action is illegal ---------------------------------------------------------------
    def _why(self, act: Action) -> str:
        p = self._phase
        who = self.to_move_text()
        if p == P_OVER:
            return f"'{act}' comes too late: the deal is over. {self._result}"
        kind = act.kind
        if p == P_DEALER:
            return (f"'{act}' is not possible now: {who}, the dealer, first chooses 'play alone' "
                    f"or 'sit out' after looking at the stock ({S000_FIVE})")
        if p == P_EXCHANGE:
            assert self._pending is not None
            what, seat, give, options = self._pending
            if kind == "exchange":
                if act.card is not give:
                    return (f"'{act}' is not possible now: the exchange on offer is "
                            f"{who}'s {self._sym(give)}, not {self._sym(act.card)}"  # type: ignore[arg-type]
                            f" ({self._exchange_source(what)}); exchanges come one at a time and "
                            "each card may be exchanged only once")
                return (f"'{act}' is not possible: {self._sym(give)} may be exchanged only for "
                        f"{' or '.join(self._sym(o) for o in options)} "
                        f"({self._exchange_source(what)})")
            return (f"'{act}' is not possible now: the exchanges come first; {who} may "
                    f"exchange {self._sym(give)} for "
                    f"{' or '.join(self._sym(o) for o in options)} or pass "
                    f"({self._exchange_source(what)})")
        if p == P_ANSWER:
            return (f"'{act}' is not possible now: a card has been led face down and {who} "
                    f"must answer 'see' or 'run' ({S000_DREHEN})")
        if p == P_JANN:
            return (f"'{act}' is not possible now: {self.side_name(self._side[self._to_move])} "  # type: ignore[index]
                    f"have a {self.proc.jann_word}; {who} chooses 'stop' or 'play on' "
                    f"({self.proc.jann_source})")
        # P_PLAY
        seat: int = self._to_move  # type: ignore[assignment]
        hand = self._hands[seat]
        card = act.card
        if kind in ("play", "down") and card not in hand:
            assert card is not None
            name = card.german_name if self.rules.german else card.name
            return (f"{who} does not hold {self._sym(card)} ({name}): a player plays a card "
                    f"from their own hand ({self.proc.play_source}), which holds "
                    f"{' '.join(self._sym(c) for c in hand) or 'nothing'}")
        if kind == "play":
            assert card is not None
            if not self._tricks and self._ban is not None and card in self._ban:
                try:
                    self.rules.check_first_trick([*self._trick, card] if self._trick else [card],
                                                 self.chosen)
                except RulesError as err:
                    return f"'{act}' is not allowed: {err}"
                return f"'{act}' is not allowed in the first trick ({self.proc.first_trick_source})"
        if kind == "down":
            if self._drehen is None:
                return (f"'{act}' is not allowed: {self.rules.title} has no drehen, so no card "
                        f"may be led face down ({self.proc.drehen_source})")
            if self._trick:
                return (f"'{act}' is not allowed: only the player on lead may lead face down, "
                        f"and {who} is playing to a trick already led ({S000_DREHEN})")
            if self._march >= 0 and not self._turn_in_march:
                return (f"'{act}' is not allowed: under the option "
                        "drehen_in_march='forbidden' no card is led face down during a march; "
                        "a team 'would never' turn then, as the opponents could run and the "
                        f"march would fail ({S000_DREHEN})")
            side = self._side[seat]
            return (f"'{act}' is not allowed: {self.side_name(side)} "
                    f"{self._verb(side, 'have')} won {_plural(self._won[side], 'trick')} and "
                    f"turned {self._turns_side[side]} "
                    "times; Bernhard allows a first turn once a team has won two tricks and a "
                    f"second once it has won four ({S000_EARLY})")
        if kind in ("see", "run"):
            return f"'{act}' answers a card led face down, and none is waiting ({S000_DREHEN})"
        if kind in ("exchange", "pass"):
            return (f"'{act}' is not possible: the exchanges are over and the play has begun "
                    f"({S000_DEAL})")
        if kind in ("stop", "play on"):
            return (f"'{act}' is not possible: stop or play on is chosen only by a side that "
                    f"has won the first {self.proc.target} tricks ({S000_PLAY})")
        if kind == "concede":
            return (f"'{act}' is not possible: only the director of a Karniffel team concedes "
                    f"({S002_PRELIM})")
        if kind in ("play alone", "sit out"):
            return (f"'{act}' is not possible: only the dealer of five-player Knüffeln chooses, "
                    f"before the exchanges ({S000_FIVE})")
        return f"'{act}' is not possible now: {who} is {self._doing()}"

    def _exchange_source(self, what: str) -> str:
        if what == "low":
            return self.proc.low_source
        if what == "bottom":
            return self.proc.bottom_source
        return self.proc.table_source

    # -- logging --------------------------------------------------------------------------------
    def _log_deal(self, layout: Any) -> None:
        n, d, names = self.players, self.dealer, self.names
        proc = self.proc
        for r in self.redeals:
            self._log_add(f"{names[d]} deals; the turn-ups {' '.join(self._sym(c) for c in r)} "
                          f"give no second suit: the cards are thrown in and {names[d]} deals "
                          f"again ({proc.chosen_source}).")
        cutter = (d - 1) % n
        cut = (f"{names[d]} shuffles and {names[cutter]} cuts" if proc.cut
               else f"{names[d]} shuffles (no cut)")
        self._log_add(f"{cut}.")
        if self.table_olen:
            k = len(self.table_olen)
            self._log_add(f"{names[cutter]} looks at the bottom three cards: "
                          f"{'the Ole' if k == 1 else 'the Olen'} "
                          f"{' '.join(self._sym(c) for c in self.table_olen)} "
                          f"{'goes' if k == 1 else 'go'} face up on the table "
                          f"({proc.table_source.split(':')[0]}).")
        elif proc.table_olen:
            self._log_add(f"{names[cutter]} looks at the bottom three cards: no Ole.")
        each = sum(proc.packets)
        packets = (f"in packets of {proc.packets[0]}" if proc.packets[0] > 1
                   else "one at a time")
        to = "the other four players" if self._five else "each player"
        self._log_add(f"{names[d]} deals {each} cards to {to}, {packets}, starting with "
                      f"{names[(d + 1) % n]}.")
        if proc.chosen_by == "face_up":
            low = next(c for c in self.turn_ups if c.suit == self.chosen[0])
            self._log_add(f"Face-up cards: {' '.join(self._sym(c) for c in self.turn_ups)}; the "
                          f"lowest, {self._sym(low)}, makes {suit_name(self.chosen[0])} the "
                          f"chosen suit.")
        else:
            chosen = self.rules.chosen_text(self.chosen)
            self._log_add(f"Turn-ups: {' '.join(self._sym(c) for c in self.turned)}; the chosen "
                          f"suits are {chosen}. The stock has {len(self._stock)} cards.")
            if self.returned:
                self._log_add(f"Of the turn-ups of one suit the highest stays up; "
                              f"{' '.join(self._sym(c) for c in self.returned)} "
                              f"{'goes' if len(self.returned) == 1 else 'go'} back to the stock.")

    @property
    def log(self) -> list[str]:
        """The deal so far in plain English, one line per event (rebuilt by replay)."""
        if self._log is not None:
            return list(self._log)
        return self._replay(log=True)._log or []

    def _replay(self, *, log: bool = False) -> Deal:
        d = Deal(self.rules, self.players, self.dealer, self.deck, seed=self.seed, cut=self.cut,
                 redeals=self.redeals, names=self.names, log=log)
        for seat, act in self.history:
            d.apply(act, seat)
        return d

    def copy(self) -> Deal:
        """An independent copy of the deal in its present state."""
        new = Deal.__new__(Deal)
        for name in Deal.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        new._hands = [list(h) for h in self._hands]
        new._stock = list(self._stock)
        new._table = list(self._table)
        new._up = list(self._up)
        new._obtained = set(self._obtained)
        new.history = list(self.history)
        new.exchanges = list(self.exchanges)
        new._trick = list(self._trick)
        new._tidx = list(self._tidx)
        new._tseats = list(self._tseats)
        new._pacts = [list(p) for p in self._pacts]
        new._legal = list(self._legal)
        new._tricks = list(self._tricks)
        new._won = list(self._won)
        new._turns_side = list(self._turns_side)
        new._log = None if self._log is None else list(self._log)
        return new

    def with_hidden(self, hands: Sequence[Iterable[Card]], stock: Iterable[Card],
                    face_down_lead: Card | None = None) -> Deal:
        """A copy in which the cards nobody can see are placed differently: new hands, a new
        stock and, while a face-down lead is unanswered, a new face-down card. For players
        that sample what they cannot see (:mod:`knlib.bots`). The same cards stay in play,
        and each hand and the stock keep their sizes."""
        new_hands = [list(h) for h in hands]
        new_stock = list(stock)
        old = [c for h in self._hands for c in h] + list(self._stock)
        new = [c for h in new_hands for c in h] + new_stock
        if face_down_lead is not None:
            if self._phase != P_ANSWER:
                raise RulesError("no card lies face down: there is no face-down lead to replace")
            old.append(self._trick[0])
            new.append(face_down_lead)
        sizes_old = [len(h) for h in self._hands] + [len(self._stock)]
        sizes_new = [len(h) for h in new_hands] + [len(new_stock)]
        if sizes_new != sizes_old or sorted(c.index for c in new) != sorted(c.index for c in old):
            raise RulesError("a hidden deal must hold the same unseen cards, with each hand and "
                             "the stock keeping its size")
        world = self.copy()
        world._hands = new_hands
        world._stock = new_stock
        if self._pacts:
            world._pacts = [[PLAY[c.index] for c in h] for h in new_hands]
            if self._phase == P_PLAY and self._to_move is not None:
                # The seat to move may now hold other cards: its legal actions follow them.
                if self._trick:
                    world._set_follow(self._to_move)
                else:
                    world._set_lead()
        if face_down_lead is not None:
            world._trick[0] = face_down_lead
            world._tidx[0] = face_down_lead.index
        return world

    # -- serialisation --------------------------------------------------------------------------
    def to_json(self) -> str:
        """The deal as JSON: game, options, players, dealer, seed, the pack order as dealt,
        and every action with its seat. :meth:`from_json` rebuilds it by replay."""
        seed = self.seed if isinstance(self.seed, int | str) else None
        data = {
            "knlib": "deal",
            "version": 1,
            "game": self.rules.id,
            "options": dict(self.rules.options),
            "players": self.players,
            "dealer": self.dealer,
            "seed": seed,
            "cut": self.cut,
            "redeals": [[str(c) for c in r] for r in self.redeals],
            "deck": [str(c) for c in self.deck],
            "history": [[s, a.text] for s, a in self.history],
        }
        if self.names != seat_names(self.players):
            data["names"] = list(self.names)
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Deal:
        """Rebuild a deal from :meth:`to_json` output."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise RulesError(f"not a knlib deal in JSON: {err}") from None
        if not isinstance(data, dict) or data.get("knlib") != "deal":
            raise RulesError("not a knlib deal in JSON: the 'knlib': 'deal' marker is missing")
        try:
            rules = ruleset(data["game"], **data.get("options", {}))
            players = check_players(rules, data["players"])
            dealer = check_dealer(data["dealer"], players)
            deck = _check_deck(rules, data["deck"])
            redeals = [[Card(c) for c in r] for r in data.get("redeals", [])]
            deal = cls(rules, players, dealer, deck, seed=data.get("seed"),
                       cut=int(data.get("cut", 0)), redeals=redeals, names=data.get("names"))
            history = data.get("history", [])
        except (KeyError, TypeError) as err:
            raise RulesError(f"not a knlib deal in JSON: missing or bad field {err}") from None
        for i, entry in enumerate(history):
            try:
                seat, act = entry
                deal.apply(act, seat)
            except (TypeError, ValueError) as err:
                raise RulesError(f"action {i + 1} of the stored history, {entry!r}, does not "
                                 f"replay: {err}") from None
        return deal

    @classmethod
    def from_hands(cls, game: str | Ruleset, hands: Sequence[Iterable[str | Card] | None], *,
                   dealer: int = 0, turn_ups: Iterable[str | Card] | None = None,
                   chosen: str | Iterable[str] | None = None,
                   stock: Iterable[str | Card] | None = None,
                   names: Sequence[str] | None = None, **options: str) -> Deal:
        """A deal with given hands, for examples and the book.

        ``hands`` is indexed by seat, each hand in the order dealt (for the Karnöffel games
        the first card is the face-up one). The five-player dealer's hand is empty (None).
        ``turn_ups`` gives every card turned for the chosen suits, in order (Bernhard:
        including those returned to the stock); or give ``chosen`` and the first free card
        of each suit is turned. ``stock`` orders the cards left (top first); Bernhard's
        cutter's Olen are the Olen among the last three. The pack order is then dealt by the
        game's procedure, and a RulesError says if it does not give these hands. ``names``
        names the seats in the log ('Hilmar', 'Marius')."""
        rules = ruleset(game, **options)
        proc = PROCEDURES[rules.id]
        n = check_players(rules, len(hands))
        dealer = check_dealer(dealer, n)
        five = rules.id == "knueffeln" and n == 5
        parsed: list[list[Card]] = []
        for seat, h in enumerate(hands):
            cards = rules.check_cards(h) if h is not None else []
            if five and seat == dealer:
                if cards:
                    raise RulesError("in five-player Knüffeln the dealer is dealt no cards "
                                     f"({S000_FIVE}); give None for seat {dealer}")
            elif len(cards) != proc.hand_size:
                raise RulesError(f"seat {seat} has {len(cards)} cards; {rules.title} deals "
                                 f"{proc.hand_size} to each player ({proc.deal_source})")
            parsed.append(cards)
        used = [c for h in parsed for c in h]
        if len(set(used)) != len(used):
            dup = next(c for c in used if used.count(c) > 1)
            raise RulesError(f"{dup} is in two hands: a pack holds each card once")
        # Where each dealt card lies in the pack: packets in turn from forehand.
        receivers = [s for s in ((dealer + 1 + i) % n for i in range(n))
                     if not (five and s == dealer)]
        top: list[Card] = []
        taken = [0] * n
        for size in proc.packets:
            for s in receivers:
                top += parsed[s][taken[s]:taken[s] + size]
                taken[s] += size
        rest = [c for c in rules.pack if c not in set(used)]
        turned: list[Card] = []
        if proc.chosen_by == "turn_ups":
            if turn_ups is not None:
                turned = rules.check_cards(turn_ups)
            elif chosen is not None:
                suits = rules.check_chosen(chosen)
                for suit in suits:
                    card = next((c for c in rest if c.suit == suit and c not in OLE_CARDS
                                 and c.rank != proc.low_rank), None)
                    card = card or next((c for c in rest if c.suit == suit), None)
                    if card is None:
                        raise RulesError(f"no card of {suit_name(suit)} is left to turn up")
                    turned.append(card)
            else:
                raise RulesError(f"give turn_ups or chosen: {rules.title} finds its chosen "
                                 f"suits by turn-ups ({proc.chosen_source})")
            bad = [c for c in turned if c in set(used)]
            if bad:
                raise RulesError(f"{bad[0]} cannot be turned up: it is in a hand")
        rest = [c for c in rest if c not in set(turned)]
        if stock is not None:
            order = rules.check_cards(stock)
            if sorted(order) != sorted(rest):
                raise RulesError("the stock must hold exactly the cards not dealt or turned up: "
                                 f"{' '.join(str(c) for c in rest)}")
        else:
            # Keep Olen away from the bottom, so that no Ole exchange happens unless asked.
            order = [c for c in rest if c in OLE_CARDS] + [c for c in rest if c not in OLE_CARDS]
        deck = top + turned + order
        deal = cls(rules, n, dealer, deck, names=names)
        if proc.chosen_by == "turn_ups" and list(deal.turned) != turned:
            raise RulesError(f"the turn-ups {' '.join(str(c) for c in turned)} do not follow the "
                             f"procedure ({proc.chosen_source}); it turns "
                             f"{' '.join(str(c) for c in deal.turned)}")
        if chosen is not None and deal.chosen != parse_suits(chosen):
            raise RulesError(f"these cards give the chosen suit(s) {''.join(deal.chosen)}, not "
                             f"{''.join(parse_suits(chosen))} ({proc.chosen_source})")
        return deal

    # -- display --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return (f"<Deal {self.rules.id!r} players={self.players} dealer={self.dealer} "
                f"chosen={''.join(self.chosen)!r} tricks={len(self._tricks)} "
                f"phase={self.phase!r}>")

    def __str__(self) -> str:
        lines = [f"{self.rules.title}: {self.names[self.dealer]} deals; chosen "
                 f"{self.rules.chosen_text(self.chosen)}; turn-ups "
                 f"{' '.join(self._sym(c) for c in self.turn_ups)}"]
        for s in range(self.players):
            lines.append(f"  {self.names[s]:<11} {' '.join(self._sym(c) for c in self._hands[s])}")
        for t in self._tricks:
            lines.append(f"  trick {t.number}: " + " ".join(
                f"{self.names[s][0]}:{self._sym(c)}" for s, c in zip(t.seats, t.cards,
                                                                     strict=True))
                + f" -> {self.names[t.winner]}")
        lines.append(f"  {self._result}" if self._result else f"  {self.to_move_text()} to act")
        return "\n".join(lines)


_STAGES: dict[tuple[str, bool], tuple[str, ...]] = {}


def _stages(proc: Procedure, five: bool) -> tuple[str, ...]:
    hit = _STAGES.get((proc.game, five))
    if hit is not None:
        return hit
    stages = []
    if five:
        stages.append("dealer")
    if proc.low_rank:
        stages.append("low")
    if proc.bottom_olen and not five:
        # No bottom-of-stock exchange in the five-player game (seed 000, 'Five-Player').
        stages.append("bottom")
    if proc.table_olen:
        stages.append("table")
    _STAGES[(proc.game, five)] = out = tuple(stages)
    return out


def _check_deck(rules: Ruleset, deck: Iterable[str | Card]) -> list[Card]:
    cards = rules.check_cards(deck)
    if len(cards) != len(rules.pack):
        raise RulesError(f"a pack order must hold all {len(rules.pack)} cards of the "
                         f"{rules.title} pack, got {len(cards)} ({rules.pack_source})")
    return cards


def new_deal(game: str | Ruleset, *, seed: Any = None, players: int | None = None,
             dealer: int = 0, deck: Iterable[str | Card] | None = None,
             names: Sequence[str] | None = None, **options: str) -> Deal:
    """Shuffle (seeded), cut and deal by the game's procedure; the same seed gives the same
    deal. ``deck`` deals a given pack order instead (top first; no shuffle or cut).

    Four turn-ups of one suit (Karniffel: running out of cards) mean the same dealer deals
    again (seed 000, 'The Deal and Exchange'); the thrown-in turn-ups are kept in
    ``deal.redeals``. Keyword options go to :func:`knlib.ruleset`."""
    rules = ruleset(game, **options) if options or not isinstance(game, Ruleset) else game
    n = check_players(rules, players)
    dealer = check_dealer(dealer, n)
    seed = check_seed(seed)
    names = check_names(names, n)
    if deck is not None:
        return Deal(rules, n, dealer, _check_deck(rules, deck), seed=seed, names=names)
    proc = PROCEDURES[rules.id]
    rng = random.Random(seed)
    redeals: list[list[Card]] = []
    while True:
        cards, cut = shuffled(rules.pack, rng, proc.cut)
        layout = lay_out(proc, cards, n, dealer)
        if layout.chosen is not None:
            break
        redeals.append(layout.turned)
        if len(redeals) > 1000:  # pragma: no cover - probability nil
            raise RulesError("a thousand redeals in a row")
    return Deal(rules, n, dealer, cards, seed=seed, cut=cut, redeals=redeals, names=names,
                _layout=layout)


def random_playout(deal: Deal, rng: random.Random) -> Deal:
    """Play a deal to its end with uniformly random legal actions."""
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# -- open questions -------------------------------------------------------------------------------

_Q = tuple[str, str, str, str]

_CUT: _Q = ("cut_point", "Where is the pack cut?",
            "At a random point (seeded) leaving at least one card in each part; a cut cannot "
            "change the odds of a well-shuffled pack.", S000_DEAL)
_ORDER: _Q = ("exchange_order", "In what order are the exchanges made? Seed 000 describes the "
              "Olen from the bottom of the stock first and the Ten exchanges second, but its "
              "no-double-exchange rule (a Queen or King got for a Ten may not take an Ole) only "
              "matters if the Tens go first.",
              "The Ten exchanges first, in turn from forehand (each holder's first chosen suit "
              "first), then the Olen from the bottom of the stock.", S000_DEAL)
_JANN_WHO: _Q = ("jann_decision", "Who decides whether a side with a Jann stops or plays on?",
                 "The winner of the fifth trick, who is on lead: leading to the sixth trick "
                 "commits the side. The choice is an explicit 'stop' or 'play on'.", S000_PLAY)
_ANSWER: _Q = ("who_answers", "Who sees or runs for the opponents when a card is led face down?",
               "The next opponent in play order (the leader's left-hand opponent with four "
               "players; the dealer when a defender leads in the five-player solo). The face-up "
               "card is then played to by the next player as usual.", S000_DREHEN)
_FIVE_QS: tuple[_Q, ...] = (
    ("five_dealer_when", "When does the five-player dealer choose to play alone: before or after "
     "the Ten exchanges?",
     "Right after the turn-ups, before any exchange; a solo dealer then exchanges a chosen Ten "
     "from the stock in turn, last.", S000_FIVE),
    ("five_partners", "When the dealer sits out, who partners whom?",
     "The players opposite each other among the four: forehand with the third player from "
     "the dealer; forehand leads.", S000_FIVE),
    ("five_march_8", "With an 8-card dealer's stock no 9th trick can be played. How many tricks "
     "make the opponents' march?",
     "All the tricks that can be played: eight, as for the dealer.", S000_FIVE),
    ("five_drehen", "May cards be led face down in the five-player game?",
     "Yes: the payments are 'as usual ... plus 10 cents for each accepted turn'.", S000_FIVE),
)

#: Deal-level open questions per game: (topic, question, default reading, source).
DEAL_QUESTIONS: dict[str, tuple[_Q, ...]] = {
    "knueffeln": (_CUT, _ORDER, _JANN_WHO, _ANSWER) + _FIVE_QS,
    "knueffeln-hattstedt": (
        _CUT, _ORDER, _JANN_WHO,
        ("hattstedt_deal", "Does Hattstedt deal and exchange as Bohmstedt does?",
         "Yes: seed 000 lists no difference there.", "seed 000, 'Modern Knüffeln'"),
    ),
    "knueffeln-1938": (
        _CUT, _JANN_WHO, _ANSWER,
        ("gruenberg_exchanges", "Did Grünberg's game have the cutter's bottom three cards? "
         "Seed 000 lists them among the early 20th-century differences, next to the ranked "
         "unchosen suits, and names neither Bernhard nor Grünberg for either (it names "
         "Bernhard for the Fives and for when to drehen, Grünberg for the Tens and for his "
         "scale of payments).",
         "Yes, as for the unchosen suits, whose higher cards beat lower ones in 1938 too: "
         "the two differences that name no author are read alike. As in "
         "Bernhard's game the cutter looks at the bottom three cards and lays any Olen face "
         "up on the table, where the Queen of an Ole's suit may take it (any suit: seed 000 "
         "says 'the Queens of the same suits'; 'a chosen Queen' is Bernhard's), or the King "
         "if the Queen is 'sleeping' in the stock; a Queen given lies on the table. The Ten "
         "exchanges come first, and no Ole is taken from the bottom of the stock, as it is "
         "today.",
         f"{S000_EARLY}; rules/README.md, reading 5; seed 001, 'Preliminaries' and "
         "'Exchanging'"),
        ("gruenberg_drehen", "When may Grünberg's players turn? Only Bernhard's restriction is "
         "reported.", "On any lead, as today.", S000_EARLY),
    ),
    "knueffeln-1924": (
        _CUT, _JANN_WHO, _ANSWER,
        ("cutter", "Who cuts? Seed 001 says 'rearhand (the player to the left)'; seed 000 has "
         "the player to the dealer's right cut in today's game.",
         "The player to the dealer's right (rearhand in its usual sense).",
         "seed 001, 'Preliminaries'; seed 000, 'The Deal and Exchange'"),
        ("turn_up_kept", "Of several turn-ups of one suit 'the higher (or highest)' stays up: "
         "higher by what order?", "By natural rank, Ace high, Two low.",
         "seed 001, 'Preliminaries'"),
        ("table_ole_queen", "Must the Queen that takes an Ole from the table be of a chosen suit? "
         "Seed 001 says 'a chosen Queen'; seed 000 says 'the Queens of the same suits'.",
         "Yes, a chosen Queen (or King); Olen of unchosen suits stay on the table.",
         f"{S001_EXCH}; {S000_EARLY}"),
        ("dog_double_exchange", "May a Queen or King got for a dog take an Ole from the table?",
         "No, as seed 000 rules for a Queen or King got for a Ten. The King inherits only when "
         "the Queen is 'sleeping' in the stock, as seed 001 defines it; a Queen face up on the "
         "table (a turn-up, or given for another table Ole) is not.", f"{S001_EXCH}; {S000_DEAL}"),
        ("bernhard_turns", "How often may a team lead face down in Bernhard's game?",
         "The first time once it has won two tricks, a second time once it has won four: at "
         "most twice per team per deal.", S000_EARLY),
    ),
    "styrivolt": (
        ("chosen_suits", "How are the two chosen suits found? Not in the accessible sources.",
         "The Knüffeln procedure on the twelve-card stock: turn until two suits show, at most "
         "four; four of one suit and the same dealer deals again.", f"{STY_DEAL} [A]"),
        ("first_lead", "Who leads first, and which way does the deal pass?",
         "Forehand (left of dealer) leads; the deal passes to the left.", f"{STY_DEAL} [A]"),
        ("vol_decision", "Who decides to play on after a vol?",
         "The winner of the fifth trick, with an explicit 'stop' or 'play on'.",
         f"{STY_END} [A]"),
    ),
    "karniffel": (
        _CUT,
        ("karniffel_packets", "How are the five cards dealt?",
         "One at a time, from forehand; the source gives no packets.", S002_PRELIM),
        ("karniffel_no_second_suit", "What if the cards run out before a second suit shows?",
         "The same dealer deals again, as in Knüffeln.", S002_PRELIM),
        ("banner_choice", "When several turn-ups of the first suit show, which may the Banner "
         "take?", "Any of them, as a Ten may in Knüffeln.",
         f"{S002_PRELIM}; {S000_DEAL} (by analogy)"),
        ("director", "Who is each team's director, and when may he concede?",
         "The first player of each team after the dealer (forehand, and the player after "
         "forehand); he may concede during the play whenever a member of his team is to move. "
         "Conceding loses the stake.", S002_PRELIM),
        ("karniffel_end", "Is play continued after a team has three tricks?",
         "No: the deal ends when a team has three tricks.", "seed 002, 'Aim' and 'Scoring'"),
    ),
    "karnoeffel": (
        ("karnoeffel_end", "Seed 003 continues 'until all cards have been played'; is the deal "
         "over at three tricks?",
         "The deal ends at three tricks: with no bonus for more, the result is the same.",
         S003_PLAY),
        ("karnoeffel_cut", "Is the pack cut?", "No cut: the source mentions none.",
         "seed 003, 'Deal'"),
    ),
    "karnoeffel-2024": (
        ("karnoeffel_cut", "Is the pack cut?", "No cut: the source mentions none.",
         "seed 004, 'How to Play'"),
        ("team_deal", "With two teams, who sits where and who leads?",
         "Partners sit opposite; cards are dealt one at a time from forehand, the dealer's "
         "left, who leads first.", "seed 004, 'How to Play'"),
    ),
}


def deal_questions(game: str | Ruleset) -> list[OpenQuestion]:
    """The deal- and scoring-level open questions of a game, with the readings used."""
    gid = ruleset(game).id
    out = [OpenQuestion(game=gid, topic=t, question=q, default=d, source=s)
           for t, q, d, s in DEAL_QUESTIONS.get(gid, ()) + SCORING_QUESTIONS.get(gid, ())]
    for o in SCORING_OPTIONS.get(gid, ()):
        out.append(OpenQuestion(
            game=gid, topic=o.name, question=o.question,
            default=f"{o.default}: {o.choices[o.default]}", source=o.source, option=o.name,
            alternatives=tuple(f"{k}: {v}" for k, v in o.choices.items() if k != o.default)))
    return out
