"""A plain exhaustive minimax through the public deal API, for TESTS ONLY: the oracle
that the analysis front ends (hints, reviews, puzzles, the solver player) are checked
against on small late-game positions. It is deliberately naive (no pruning, no table)
and is never shipped: knlib's one solver is :func:`knlib.analysis.solve`."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import knlib
from knlib import Deal
from knlib.kinds import PLAY_PHASES, Phase


def _payments(deal: Deal) -> tuple[int, ...]:
    """The payments under best play for both sides from ``deal``: each mover picks the
    action whose best-play payments are largest for itself (the first of equals)."""
    if deal.is_over:
        return deal.result.payments
    mover = deal.to_move
    best = None
    for a in deal.legal_actions():
        d = deal.copy()
        d.apply(a)
        p = _payments(d)
        if best is None or p[mover] > best[mover]:
            best = p
    return best


def _value(deal: Deal, seat: int) -> int:
    return _payments(deal)[seat]


@dataclass
class Oracle:
    value: int
    values: dict = field(default_factory=dict)
    line: list = field(default_factory=list)


def oracle(deal: Deal) -> Oracle:
    """The exhaustive answer in the solver's contract: values for the side to move."""
    mover = deal.to_move
    values = {}
    for a in deal.legal_actions():
        d = deal.copy()
        d.apply(a)
        values[a] = _value(d, mover)
    value = max(values.values())
    line = []
    d = deal.copy()
    while not d.is_over:
        m = d.to_move
        best, bv = None, None
        for a in d.legal_actions():
            c = d.copy()
            c.apply(a)
            v = _value(c, m)
            if bv is None or v > bv:
                best, bv = a, v
        line.append(best)
        d.apply(best)
    return Oracle(value, values, line)


def late_position(game: str, seed: int, cards_left: int = 3, rng_seed: int = 0,
                  players: list | None = None) -> Deal | None:
    """A deal of ``game`` played by rule-based players (or ``players``) until each hand
    holds ``cards_left`` cards at the start of a trick, in the play phase; None if the
    deal ended first."""
    from knlib.players.bots import RulePlayer

    rp = RulePlayer()
    players = players or [rp] * 4
    d = knlib.new_deal(game, seed=seed, dealer=seed % 4)
    rng = random.Random(rng_seed)
    while not d.is_over:
        if (d.phase == Phase.PLAY and not d.current_trick
                and max(len(d.hands[s]) for s in d.active) <= cards_left):
            return d
        p = players[d.to_move % len(players)]
        a = p.choose(d) if rng.random() < 0.8 else rng.choice(d.legal_actions())
        d.apply(a)
    return None


@dataclass
class OracleEntry:
    action: object
    seat: int
    before: int
    after: int
    changed: bool


def oracle_review(deal: Deal, start: int = 0) -> list[OracleEntry]:
    """The review contract, exhaustively: each play-phase decision of ``deal``'s history
    from action ``start`` on, with the best-play value for the decider before and after
    it (small endings only)."""
    import json

    data = json.loads(deal.to_json())
    history = data["history"]
    data["history"] = []
    d = Deal.from_json(json.dumps(data))
    out = []
    for i, (seat, text) in enumerate(history):
        if i >= start and d.phase in PLAY_PHASES:
            o = oracle(d)
            a = knlib.Action(text)
            out.append(OracleEntry(a, seat, o.value, o.values[a], o.values[a] != o.value))
        d.apply(text, seat)
    return out


def tail_review(deal: Deal, cards: int = 2) -> list[OracleEntry]:
    """:func:`oracle_review` of the decisions taken once every hand held at most
    ``cards`` cards: a quick stand-in for a whole review in tests of the words."""
    import json

    data = json.loads(deal.to_json())
    history = data["history"]
    data["history"] = []
    d = Deal.from_json(json.dumps(data))
    start = len(history)
    for i, (seat, text) in enumerate(history):
        if (d.phase in PLAY_PHASES
                and max(len(d.hands[s]) for s in d.active) <= cards):
            start = i
            break
        d.apply(text, seat)
    return oracle_review(deal, start)
