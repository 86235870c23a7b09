"""The compact position the solver searches: bitmask hands and small integers.

:class:`Kit` holds what one rule set and one choice of suits decide about tricks, read
from the engine's own tables: :class:`~knlib.rules.tricks.FastTable` (or, where options need
the slow path, :meth:`~knlib.games.Ruleset.ahead_sequence`), the first-trick rule
(:meth:`~knlib.games.Ruleset.check_first_trick`) and each card's strength.

:class:`Position` is a :class:`~knlib.Deal` in its play phase reduced to what decides the
rest of the deal: the hands as bitmasks of card indices, the trick in progress, tricks
won, the accepted turns, the march and the payments (from the game's
:attr:`~knlib.games.Ruleset.stakes` and :func:`knlib.games.stakes.payments`). The
deal-level flow it follows (a side's target of tricks, the Jann or vol, the march,
Stýrivolt's lone crosses) is read from the deal's :class:`~knlib.games.procedure.Procedure`;
the tests check it against the Deal itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import ALL_CARDS
from ..counts import shown
from ..engine.deal import Deal
from ..engine.scoring import payments
from ..errors import RulesError
from ..games import ChainRuleset, Ruleset
from ..i18n import tr
from ..kinds import PLAY_PHASES, Phase, ResultKind
from ..players.player import seat_to_move
from ..rules.tricks import FastTable, fast_table
from ..sources import S000_FIVE

__all__ = ["Kit", "kit", "Position", "position", "cards_of", "PLAY_PHASES", "OUTCOMES"]

#: The ways a deal can end, as Result.kind names them.
OUTCOMES = tuple(ResultKind)


class Kit:
    """Trick tables of one rule set under one choice of suits, on the solver's own card
    numbers.

    The solver numbers the cards of the pack from the weakest to the strongest
    (:meth:`Ruleset.strength`, then the card's index): ``cards[i]`` is the card index
    (:attr:`Card.index`) of number ``i`` and ``local[card index]`` its number (-1 for a card
    not in the pack). Hands are bitmasks of these numbers, so the lowest bit of a hand is
    its weakest card.

    ``chain``: the chain rule (Knüffeln, Stýrivolt) with ``beats[ahead << 6 | card]``;
    otherwise a winner order (``lead_rank``, ``rank[led << 6 | card]``), both read from
    the engine's :class:`~knlib.rules.tricks.FastTable`. ``slow``: neither table applies (a
    non-default ties option) and tricks are decided by the rule set itself.
    ``takes[c]`` / ``beaten[c]``: masks of the cards that ``c`` takes the lead from, and
    of the cards that take the lead from ``c`` when it is ahead (as led for winner-order
    games); ``rel[c]`` holds both (``takes | beaten << 64``).
    """

    def __init__(self, rules: Ruleset, chosen: tuple[str, ...]) -> None:
        self.rules = rules
        self.chosen = chosen
        table: FastTable | None = fast_table(rules, chosen)
        self.table = table
        self.slow = table is None
        self.chain = isinstance(rules, ChainRuleset) and table is not None
        power = {c.index: rules.strength(c, chosen) for c in rules.pack}
        self.cards = sorted(power, key=lambda i: (power[i], i))
        self.local = [-1] * 52
        for i, c in enumerate(self.cards):
            self.local[c] = i
        self.size = len(self.cards)
        self.pack_mask = (1 << self.size) - 1
        self.strength = [power[c] for c in self.cards]
        beats = bytearray(64 * 64)
        self.rank = [0] * (64 * 64)
        self.lead_rank = [0] * 64
        if table is not None:
            for x, gx in enumerate(self.cards):
                self.lead_rank[x] = table.lead_rank[gx]
                for c, gc in enumerate(self.cards):
                    beats[x << 6 | c] = table.beats[gx * 52 + gc] if self.chain else 0
                    self.rank[x << 6 | c] = table.rank[gx * 52 + gc]
        #: bytes, not bytearray: compiled code (``make accel``) reads bytes natively.
        self.beats = bytes(beats)
        self._memo: dict[tuple[int, ...], int] = {}
        takes = [0] * self.size
        beaten = [0] * self.size
        for x in range(self.size):
            for c in range(self.size):
                if c != x and self.ahead((x, c)) == 1:
                    beaten[x] |= 1 << c  # c takes the lead from x when x is ahead
                    takes[c] |= 1 << x
        self.takes = takes
        self.beaten = beaten
        self.rel = [t | b << 64 for t, b in zip(takes, beaten, strict=True)]
        #: ``differ[c << 6 | d]``: the cards that tell ``c`` and ``d`` apart (one of the two
        #: takes it, or is taken by it, and the other not); ``c`` and ``d`` stand in the
        #: same relation to a set of cards exactly when none of them is in this mask.
        self.differ = [0] * (64 * 64)
        for c in range(self.size):
            for d in range(self.size):
                self.differ[c << 6 | d] = (takes[c] ^ takes[d]) | (beaten[c] ^ beaten[d])
        # Twins: cards that stand in the same relation to every other card of the pack
        # and take neither each other (two duds of one suit); ``twin[c]`` is the weakest.
        self.twin = list(range(self.size))
        for c in range(self.size):
            for x in range(c):
                if self.twin[x] != x:
                    continue
                m = ~(1 << x | 1 << c)
                if (takes[c] & m == takes[x] & m and beaten[c] & m == beaten[x] & m
                        and not takes[c] >> x & 1 and not takes[x] >> c & 1):
                    self.twin[c] = x
                    break
        #: One card of a class in a hand's name before it is interned (see
        #: :meth:`knlib.analysis.classes.CardClasses.hand`): a 4-bit count at its twin.
        self.unit = [1 << 4 * t for t in self.twin]
        self.ban_lead, self.ban_follow = self._first_trick_bans()

    def ahead(self, trick: tuple[int, ...]) -> int:
        """Place of the card ahead in a (partial) trick of card numbers."""
        if self.chain:
            beats = self.beats
            a, w = trick[0], 0
            for i in range(1, len(trick)):
                if beats[a << 6 | trick[i]]:
                    a, w = trick[i], i
            return w
        if not self.slow:
            led = trick[0] << 6
            rank = self.rank
            best, w = self.lead_rank[trick[0]], 0
            for i in range(1, len(trick)):
                r = rank[led | trick[i]]
                if r > best:
                    best, w = r, i
            return w
        hit = self._memo.get(trick)
        if hit is None:
            cards = [ALL_CARDS[self.cards[i]] for i in trick]
            hit = self._memo[trick] = self.rules.ahead_sequence(cards, self.chosen)[-1]
        return hit

    def mask(self, cards: Any) -> int:
        """The bitmask of some cards (Card objects)."""
        local = self.local
        return sum(1 << local[c.index] for c in cards)

    def _first_trick_bans(self) -> tuple[int, int]:
        """Cards that may not be led / not played at all to the first trick, as masks,
        asked of the rule set's own first-trick check."""
        lead = follow = 0
        pack = self.rules.pack
        local = self.local
        for card in pack:
            try:
                self.rules.check_first_trick([card], self.chosen)
            except RulesError:
                lead |= 1 << local[card.index]
        free = [c for c in pack if not lead >> local[c.index] & 1][:2]
        for card in pack:
            led = free[0] if free[0] is not card else free[1]
            try:
                self.rules.check_first_trick([led, card], self.chosen)
            except RulesError:
                follow |= 1 << local[card.index]
        return lead, follow


_KITS: dict[tuple[Any, tuple[str, ...]], Kit] = {}


def kit(rules: Ruleset, chosen: tuple[str, ...]) -> Kit:
    """The (cached) Kit of a rule set and chosen suits."""
    key = (rules.key, tuple(sorted(chosen)))
    hit = _KITS.get(key)
    if hit is None:
        hit = _KITS[key] = Kit(rules, chosen)
    return hit


@dataclass
class Position:
    """A play-phase deal as the solver sees it (all cards face up).

    ``trick`` holds the card indices of the trick in progress and ``trick_seats`` who played
    them; ``won`` the tricks of side 0 and side 1; ``lone`` the one seat that has won
    every trick so far (-1 if none or several; Stýrivolt's crosses); ``march`` the side
    playing for the march or -1; ``turns`` the accepted turns; ``phase`` 'play', 'answer'
    or 'jann' as in :attr:`Deal.phase`.
    """

    kit: Kit
    n: int
    side: list[int]
    nxt: list[int]
    sides: tuple[tuple[int, ...], ...]
    hands: list[int]
    trick: list[int]
    trick_seats: list[int]
    to_move: int
    won: list[int]
    ntricks: int
    lone: int
    march: int
    turns: int
    phase: Phase
    target: int
    jann: bool
    lone_crosses: bool
    march_len: int
    drehen: bool
    payoff: dict[tuple[ResultKind, int, bool], int]
    turn_payoff: dict[tuple[ResultKind, int, bool], int]
    stakes: Any = None

    def value_of(self, kind: ResultKind, winner: int, lone: bool = False) -> int:
        """What one member of side 0 receives when the deal ends so."""
        return self.payoff[(kind, winner, lone)]

    def worth(self, side: int, kind: ResultKind, winner: int, lone: bool = False) -> int:
        """What one member of ``side`` receives when the deal ends so (the sides are
        equal, so what one side's member receives, the other's pays)."""
        v = self.payoff[(kind, winner, lone)]
        return v if side == 0 else -v

    def levels(self, march: int | None = None) -> list[int]:
        """The payments side 0 can still receive under best play, ascending. A side with
        a trick can lose only the game (it stops rather than fail in a march); a march
        (``march``: the marching side, default the position's) is made or fails."""
        march = self.march if march is None else march
        out = set()
        for (kind, winner, _lone), v in self.payoff.items():
            maker = winner if kind != ResultKind.FAILED_MARCH else 1 - winner
            if march >= 0:
                if kind in (ResultKind.MARCH, ResultKind.FAILED_MARCH) and maker == march:
                    out.add(v)
                continue
            if kind in (ResultKind.JANN, ResultKind.MARCH) and self.won[1 - maker]:
                continue
            if kind not in (ResultKind.GAME, ResultKind.JANN, ResultKind.MARCH):
                continue
            out.add(v)
        return sorted(out)

    def copy(self) -> Position:
        return replace(self, hands=list(self.hands), trick=list(self.trick),
                       trick_seats=list(self.trick_seats), won=list(self.won))


def _payoffs(deal: Deal, turns: int,
             lone_crosses: bool) -> dict[tuple[ResultKind, int, bool], int]:
    stakes = deal.rules.stakes
    member = deal.sides[0][0]
    kinds = [ResultKind.GAME, ResultKind.RUN, ResultKind.CONCEDED]
    if stakes.jann is not None:
        kinds.append(ResultKind.JANN)
    if stakes.march is not None:
        kinds += [ResultKind.MARCH, ResultKind.FAILED_MARCH]
    out = {}
    for kind in kinds:
        lone_kind = lone_crosses and kind in (ResultKind.JANN, ResultKind.MARCH)
        for lone in (False, True) if lone_kind else (False,):
            value = stakes.value(kind, turns, lone)
            for winner in (0, 1):
                pays = payments(deal.players, deal.sides, winner, value, stakes.pays)
                out[(kind, winner, lone)] = pays[member]
    return out


def position(deal: Any) -> Position:
    """The compact position of a Deal in its play phase; a RulesError names what is not
    solvable (not a Deal, not in the play phase, over, or not two equal sides)."""
    if not isinstance(deal, Deal):
        raise RulesError(tr("{value} is not a deal: solve takes a knlib.Deal (or a State) in "
                            "its play phase (knlib.new_deal(...), then the exchanges)",
                            value=shown(deal)))
    if deal.is_over:
        raise RulesError(tr("the deal is over ({result}): there is nothing left to solve; "
                            "knlib.analysis.review(deal) goes over a played deal",
                            result=str(deal.result)))
    if deal.phase not in PLAY_PHASES:
        raise RulesError(tr("the deal is in its {phase} phase, not the play: best play with "
                            "all cards face up starts once the exchanges are over",
                            phase=repr(str(deal.phase))), source=deal.rules.procedure.deal_source)
    sides = deal.sides
    if len(sides) != 2 or len(sides[0]) != len(sides[1]):
        raise RulesError(tr("{game} with {players} players, {side0} against {side1}, is not "
                            "two equal sides: the five-player solo pays each of the four "
                            "opponents and cannot be solved as two sides", game=deal.rules.title,
                            players=deal.players, side0=deal.side_name(0),
                            side1=deal.side_name(1)), source=S000_FIVE)
    rules = deal.rules
    k = kit(rules, deal.chosen)
    active = deal.active
    n = deal.players
    side = [-1] * n
    nxt = [-1] * n
    for i, s in enumerate(active):
        side[s] = deal.side_of(s)  # type: ignore[assignment]
        nxt[s] = active[(i + 1) % len(active)]
    tricks = deal.tricks
    current = deal.current_trick
    in_trick = {s for s, _ in current}
    # Each active seat plays one card to each trick: its hand at the start of the play.
    march_len = min(len(deal.hands[s]) + len(tricks) + (s in in_trick) for s in active)
    winners = {t.winner for t in tricks}
    lone = winners.pop() if len(winners) == 1 else -1
    proc = deal.rules.procedure
    turns = deal.turns_accepted
    marching = deal.marching
    pay = _payoffs(deal, turns, proc.lone_crosses)
    return Position(
        kit=k,
        n=n,
        side=side,
        nxt=nxt,
        sides=sides,
        hands=[k.mask(h) for h in deal.hands],
        trick=[k.local[c.index] for _, c in current],
        trick_seats=[s for s, _ in current],
        to_move=seat_to_move(deal),
        won=list(deal.tricks_won),
        ntricks=len(tricks),
        lone=lone,
        march=-1 if marching is None else marching,
        turns=turns,
        phase=deal.phase,
        target=proc.target,
        jann=proc.jann,
        lone_crosses=proc.lone_crosses,
        march_len=march_len,
        drehen=proc.drehen is not None,
        payoff=pay,
        turn_payoff=_payoffs(deal, turns + 1, proc.lone_crosses),
        stakes=deal.rules.stakes,
    )


def cards_of(mask: int) -> list[int]:
    """The card numbers in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
