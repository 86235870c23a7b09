"""Whole-deal speed (issues 3 and 11): random legal playouts through the public API, the
benchmark's own cost, and a state's copy plus one action.

Run: .venv/bin/python benchmarks/bench_deal.py [deals]        (playouts, harness, clone)
     .venv/bin/python benchmarks/bench_deal.py [deals] clone  (the clone table only)

Playouts: each deal is ``knlib.new_deal(game, seed=i, players=p)``, then
``deal.apply(rng.choice(deal.legal_actions()))`` until ``deal.is_over``, then the payments
are read from ``deal.result``. Two policies:

* uniform: every legal action equally likely. A random leader often leads face down and a
  random answer often runs, so Bohmstedt deals are short (about 2.6 tricks);
* no drehen: the same, but a face-down lead is drawn again until it is a plain card (so
  exchanges, Jann decisions and marches stay random): full-length deals, about 7.4 tricks.

Harness: the part of a playout that is the benchmark's own or the standard library's,
timed alone for the no-drehen Knüffeln deal: ``random.Random(seed)`` and the shuffle of a
52-card pack (both inside ``new_deal``), and the ``rng.choice`` calls of the loop (as many
as a deal makes). No engine could play deals faster than this harness runs.

Clone + apply: ``state.clone()`` (``Deal.copy()`` is the same) and one legal action, on
states taken from random deals at every point of the play, as deal analysis and the
sampling players use them.

Figures are per second on one core, best of three runs, in CPU time of this process
(``time.process_time``) and in wall time (``time.perf_counter``); on a busy shared machine
the wall figure is lower.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import knlib
from knlib.engine.deal import PROCEDURES


def run(n: int, game: str, players: int, drehen: bool) -> tuple[float, float, float, float]:
    """Deals per second (CPU, wall), tricks and random draws per deal."""
    rng = random.Random(1)
    choice = rng.choice
    new_deal = knlib.new_deal
    tricks = draws = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for i in range(n):
        d = new_deal(game, seed=i, players=players)
        while not d.is_over:
            acts = d.legal_actions()
            a = choice(acts)
            draws += 1
            if not drehen:
                while a.kind == "down":
                    a = choice(acts)
                    draws += 1
            d.apply(a)
        tricks += len(d.tricks)
        assert sum(d.result.payments) == 0
    c1, w1 = time.process_time(), time.perf_counter()
    return n / (c1 - c0), n / (w1 - w0), tricks / n, draws / n


def harness(n: int, draws: float) -> float:
    """Deals per second of the harness alone: a seeded generator, a shuffle of 52 cards and
    ``draws`` choices among ten items per deal."""
    rng = random.Random(1)
    choice = rng.choice
    items = list(range(10))
    k = round(draws)
    c0 = time.process_time()
    for i in range(n):
        r = random.Random(i)
        r.shuffle(list(range(52)))
        for _ in range(k):
            choice(items)
    return n / (time.process_time() - c0)


def positions(game: str, players: int, n: int, seed: int = 7) -> list[tuple[Any, Any]]:
    """``n`` (state, legal action) pairs from random deals, at every point of the play."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    i = 0
    while len(out) < n:
        d = knlib.new_deal(game, seed=10_000 + i, players=players)
        i += 1
        while not d.is_over:
            acts = d.legal_actions()
            if d.phase in ("play", "answer", "Jann"):
                out.append((d.copy(), rng.choice(acts)))
            d.apply(rng.choice(acts))
    return out[:n]


def clone_apply(pairs: list[tuple[Any, Any]], rounds: int) -> tuple[float, float]:
    """Clones (alone) and clone + apply per second, CPU time."""
    c0 = time.process_time()
    for _ in range(rounds):
        for state, _a in pairs:
            state.clone()
    c1 = time.process_time()
    for _ in range(rounds):
        for state, a in pairs:
            state.clone().apply(a)
    c2 = time.process_time()
    k = rounds * len(pairs)
    return k / (c1 - c0), k / (c2 - c1)


CASES = [("knueffeln", 4), ("knueffeln", 5), ("knueffeln-hattstedt", 4), ("knueffeln-1924", 4),
         ("styrivolt", 4), ("karniffel", 4), ("karnoeffel", 4)]


def playout_table(n: int) -> None:
    print(f"{'policy':<10} {'game':<20} {'pl':>2} {'CPU deals/s':>12} {'wall deals/s':>13} "
          f"{'tricks/deal':>11}")
    draws = 0.0
    for drehen in (True, False):
        for game, players in CASES:
            if not drehen and PROCEDURES[game].drehen is None:
                continue
            runs = [run(n, game, players, drehen) for _ in range(3)]
            cpu = max(r[0] for r in runs)
            wall = max(r[1] for r in runs)
            if not drehen and (game, players) == ("knueffeln", 4):
                draws = runs[0][3]
            print(f"{'uniform' if drehen else 'no drehen':<10} {game:<20} {players:>2} "
                  f"{cpu:>12,.0f} {wall:>13,.0f} {runs[0][2]:>11.1f}")
    cap = max(harness(n, draws) for _ in range(3))
    print(f"harness of the no-drehen Knüffeln playout (Random(seed), shuffle, {draws:.1f} "
          f"choices a deal): {cap:,.0f} deals/s CPU")


def clone_table(n: int) -> None:
    print(f"{'clone + apply':<20} {'pl':>2} {'clones/s':>12} {'clone+apply/s':>14}")
    for game, players in CASES:
        pairs = positions(game, players, 2000)
        rounds = max(1, n // 2000)
        runs = [clone_apply(pairs, rounds) for _ in range(3)]
        print(f"{game:<20} {players:>2} {max(r[0] for r in runs):>12,.0f} "
              f"{max(r[1] for r in runs):>14,.0f}")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    only_clone = len(sys.argv) > 2 and sys.argv[2] == "clone"
    run(500, "knueffeln", 4, True)  # warm the trick tables
    print(f"CPython {sys.version.split()[0]}, one core, {n:,} deals per run, best of 3")
    if not only_clone:
        playout_table(n)
    clone_table(max(n, 20_000))
