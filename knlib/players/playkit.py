"""The rule facts the vectorised play reads, as numpy arrays, derived once per rule set
from the engine's own tables (:class:`PlayKit`, :func:`play_kit`).

Nothing here states a rule a second time: the seats come from :func:`knlib.seats.seating`
(sides, next seat, the answerer of a face-down lead, trick size), the procedure from
:attr:`knlib.games.Ruleset.procedure` (hand size, target, Jann and march, drehen, lone
crosses), the stakes and payments from :attr:`knlib.games.Ruleset.stakes`
(:meth:`~knlib.games.stakes.Stakes.value`) and :func:`~knlib.games.stakes.payments`,
the result kinds from the engine's :class:`~knlib.kinds.ResultKind`, and the
trick engine's answers from the one relation (:class:`~knlib.players.card_facts.CardFacts`: the
beats table, each card's strength and its takers, per choice of suits). numpy is
imported only when a kit is built.
"""

from __future__ import annotations

from typing import Any

from ..cards import SUITS
from ..errors import RulesError
from ..games import ChainRuleset, Ruleset
from ..games.procedure import Procedure
from ..games.stakes import payments
from ..kinds import ResultKind
from ..rules.tricks import fast_table
from ..seats import seating
from .card_facts import card_facts

__all__ = ["KINDS", "SEATS", "RANDOM", "RANDOM_CARDS", "RULES", "SCRIPT", "FORCED",
           "PlayKit", "play_kit", "why_not_playable"]

#: The result kinds, in the order of the codes the arrays hold (the engine's words).
KINDS: tuple[str, ...] = tuple(k.value for k in ResultKind)
K_GAME, K_JANN, K_MARCH, K_FAILED, K_RUN = (KINDS.index(k) for k in (
    ResultKind.GAME, ResultKind.JANN, ResultKind.MARCH, ResultKind.FAILED_MARCH, ResultKind.RUN))
PH_PLAY, PH_ANSWER, PH_JANN, PH_OVER = range(4)

#: Who decides for a seat: a uniformly random legal action; random cards without the
#: stakes (no face-down lead, always see); the rule-based habits; the next number of a
#: script of uniforms (any legal action); a decision given from outside (a candidate
#: action of the sampling player, see :class:`Forced`).
RANDOM, RANDOM_CARDS, RULES, SCRIPT, FORCED = range(5)

#: The fast path plays tables of this many seats (two teams of two).
SEATS = 4


def _np() -> Any:
    import numpy

    return numpy


def why_not_playable(rules: Ruleset, players: int = SEATS) -> str | None:
    """None if the vectorised play covers this rule set at a table of ``players``, else
    why not: it plays four seats in two teams, any card at any time (no first-trick rule,
    no director to concede), drehen on any lead or none, and decides tricks by the chain
    rule's precomputed table (the default ties option)."""
    proc = rules.procedure
    if players != SEATS or SEATS not in proc.players:
        return f"the fast path plays {SEATS} players"
    if proc.first_trick is not None or proc.directors:
        return f"the fast path does not play {rules.title}'s first-trick rule or directors"
    if proc.drehen not in (None, "any"):
        return f"the fast path does not play {rules.title}'s drehen ({proc.drehen})"
    if not isinstance(rules, ChainRuleset) or fast_table(rules, SUITS[:rules.n_chosen]) is None:
        return "the fast path needs the trick engine's precomputed table (default ties option)"
    return None


class PlayKit:
    """What the vectorised play of one rule set reads, as numpy arrays, each derived from
    the engine's own tables (see the module's docstring). Per choice of suits (``cid``,
    an index into ``pairs``): ``beats[cid, ahead, card]``, ``strength[cid, card]`` and
    ``takers[cid, card]`` (a bit mask), padded with a 53rd entry so that the index -1 (no
    card) reads as 'nothing'."""

    def __init__(self, rules: Ruleset) -> None:
        np = _np()
        why = why_not_playable(rules)
        if why is not None:
            raise RulesError(why)
        self.rules = rules
        proc: Procedure = rules.procedure
        self.proc = proc
        self.stakes = rules.stakes
        # -- the seats: two teams, play passing clockwise --------------------------------
        table = seating(SEATS, 0)
        self.side = np.array(table.side, dtype=np.int64)
        self.nxt = np.array(table.nxt, dtype=np.int64)
        self.size = len(table.active)
        #: after[seat, k]: the seat k places after ``seat`` in the order of play.
        after = [[s] for s in range(SEATS)]
        for row in after:
            while len(row) < self.size:
                row.append(table.nxt[row[-1]])
        self.after = np.array(after, dtype=np.int64)
        #: Who sees or runs when ``seat`` leads face down: the next opponent in play order.
        self.answerer = np.array([table.next_opponent(s) for s in range(SEATS)], dtype=np.int64)
        #: The first seat to lead, by dealer.
        self.forehand = np.array([seating(SEATS, d).active[0] for d in range(SEATS)],
                                 dtype=np.int64)
        # -- the procedure ------------------------------------------------------------------
        self.hand_size = proc.hand_size
        self.target = proc.target
        self.jann = proc.jann
        self.drehen = proc.drehen == "any"
        self.lone_counts = proc.lone_crosses
        # -- the stakes and payments: value[kind, lone] + accepted turns * turn -------------
        self.value = np.zeros((len(KINDS), 2), dtype=np.int64)
        stakes = self.stakes
        for k, kind in enumerate(KINDS):
            if kind in (ResultKind.JANN, ResultKind.MARCH, ResultKind.FAILED_MARCH) and (
                    stakes.jann is None):
                continue
            for lone in (0, 1):
                self.value[k, lone] = stakes.value(kind, 0, bool(lone))
        self.turn = stakes.value(ResultKind.GAME, 1) - stakes.value(ResultKind.GAME, 0)
        #: pay[winner, seat]: what each seat receives per unit of the deal's value.
        self.pay = np.array([payments(SEATS, table.sides, w, 1, stakes.pays) for w in (0, 1)],
                            dtype=np.int64)
        # -- the trick engine, per choice of suits ---------------------------------------------
        n_chosen = rules.n_chosen
        self.pairs = _choices(n_chosen)
        c = len(self.pairs)
        self.beats = np.zeros((c, 53, 53), dtype=bool)
        self.strength = np.zeros((c, 53), dtype=np.int64)
        self.takers = np.zeros((c, 53), dtype=np.uint64)
        self.pair_id = np.full((len(SUITS),) * n_chosen, -1, dtype=np.int64)
        for k, suits in enumerate(self.pairs):
            for order in _orders(suits):
                self.pair_id[order] = k
            t = card_facts(rules, tuple(SUITS[x] for x in suits))
            assert t.beats is not None
            self.beats[k, :52, :52] = np.frombuffer(t.beats, dtype=np.uint8).reshape(52, 52) != 0
            self.strength[k, :52] = t.strength
            self.takers[k, :52] = np.array(t.takers, dtype=np.uint64)
        self.bit = np.zeros(53, dtype=np.uint64)
        self.bit[:52] = np.uint64(1) << np.arange(52, dtype=np.uint64)
        self.index = np.arange(53, dtype=np.int64)
        self.pack = np.array([c.index for c in rules.pack], dtype=np.int64)
        self.pack_bits = np.uint64(sum(1 << c.index for c in rules.pack))


def _choices(n: int) -> list[tuple[int, ...]]:
    """The choices of ``n`` suits (indices into SUITS), each in suit order."""
    from itertools import combinations

    return list(combinations(range(len(SUITS)), n))


def _orders(suits: tuple[int, ...]) -> list[tuple[int, ...]]:
    from itertools import permutations

    return list(permutations(suits))


_KITS: dict[Any, PlayKit] = {}


def play_kit(rules: Ruleset) -> PlayKit:
    """The cached :class:`PlayKit` of a rule set."""
    kit = _KITS.get(rules.key)
    if kit is None:
        kit = _KITS[rules.key] = PlayKit(rules)
    return kit
