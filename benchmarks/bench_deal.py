"""Whole-deal speed (issue 3): random legal playouts through the public API.

Run: .venv/bin/python benchmarks/bench_deal.py [deals]

Each deal is ``knlib.new_deal(game, seed=i, players=p)``, then
``deal.apply(rng.choice(deal.legal_actions()))`` until ``deal.is_over``, then the payments
are read from ``deal.result``. Two policies:

* uniform: every legal action equally likely. A random leader often leads face down and a
  random answer often runs, so Bohmstedt deals are short (about 2.6 tricks);
* no drehen: the same, but a face-down lead is drawn again until it is a plain card (so
  exchanges, Jann decisions and marches stay random): full-length deals, about 7.4 tricks.

Figures are deals per second on one core, best of three runs, in CPU time of this process
(``time.process_time``) and in wall time (``time.perf_counter``); on a busy shared machine
the wall figure is lower.
"""

from __future__ import annotations

import random
import sys
import time

import knlib


def run(n: int, game: str, players: int, drehen: bool) -> tuple[float, float, float]:
    rng = random.Random(1)
    choice = rng.choice
    new_deal = knlib.new_deal
    tricks = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for i in range(n):
        d = new_deal(game, seed=i, players=players)
        while not d.is_over:
            acts = d.legal_actions()
            a = choice(acts)
            if not drehen:
                while a.kind == "down":
                    a = choice(acts)
            d.apply(a)
        tricks += len(d.tricks)
        assert sum(d.result.payments) == 0
    c1, w1 = time.process_time(), time.perf_counter()
    return n / (c1 - c0), n / (w1 - w0), tricks / n


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    run(500, "knueffeln", 4, True)  # warm the trick tables
    print(f"CPython {sys.version.split()[0]}, one core, {n:,} deals per run, best of 3")
    print(f"{'policy':<10} {'game':<20} {'pl':>2} {'CPU deals/s':>12} {'wall deals/s':>13} "
          f"{'tricks/deal':>11}")
    cases = [("knueffeln", 4), ("knueffeln", 5), ("knueffeln-hattstedt", 4),
             ("knueffeln-1924", 4), ("styrivolt", 4), ("karniffel", 4), ("karnoeffel", 4)]
    for drehen in (True, False):
        for game, players in cases:
            if not drehen and knlib.engine.deal.PROCEDURES[game].drehen is None:
                continue
            runs = [run(n, game, players, drehen) for _ in range(3)]
            cpu = max(r[0] for r in runs)
            wall = max(r[1] for r in runs)
            print(f"{'uniform' if drehen else 'no drehen':<10} {game:<20} {players:>2} "
                  f"{cpu:>12,.0f} {wall:>13,.0f} {runs[0][2]:>11.1f}")
