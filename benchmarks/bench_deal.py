"""Whole-deal speed (issue 3): random legal playouts through the public API.

Run: .venv/bin/python benchmarks/bench_deal.py

Each deal is ``knlib.new_deal(game, seed=i)``, then ``deal.apply(rng.choice(deal.legal_actions()))``
until ``deal.is_over``; the result (payments) is read at the end. Two policies:

* uniform: every legal action equally likely (so a random leader often leads face down and a
  random answer often runs, which ends deals early);
* cards only: random card plays, passes every exchange, plays on after a Jann, never leads
  face down: full-length deals (about nine tricks), the harder case.
"""

from __future__ import annotations

import random
import sys
import time

import knlib


def uniform(n: int, game: str = "knueffeln", players: int | None = None) -> tuple[float, float]:
    rng = random.Random(1)
    new_deal = knlib.new_deal
    choice = rng.choice
    tricks = 0
    start = time.perf_counter()
    for i in range(n):
        d = new_deal(game, seed=i, players=players)
        while not d.is_over:
            d.apply(choice(d.legal_actions()))
        tricks += len(d.tricks)
        assert sum(d.result.payments) == 0
    return n / (time.perf_counter() - start), tricks / n


def cards_only(n: int, game: str = "knueffeln", players: int | None = None) -> tuple[float, float]:
    rng = random.Random(2)
    new_deal = knlib.new_deal
    choice = rng.choice
    tricks = 0
    start = time.perf_counter()
    for i in range(n):
        d = new_deal(game, seed=i, players=players)
        while not d.is_over:
            acts = d.legal_actions()
            plays = [a for a in acts if a.kind == "play"]
            if plays:
                d.apply(choice(plays))
            else:  # exchanges: pass; Jann: play on; five-player dealer: sit out or alone
                d.apply(acts[-1] if acts[-1].kind in ("pass", "play on") else choice(acts))
        tricks += len(d.tricks)
        assert sum(d.result.payments) == 0
    return n / (time.perf_counter() - start), tricks / n


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    uniform(500), cards_only(500)  # warm the tables
    print(f"CPython {sys.version.split()[0]}, one core, {n:,} deals each")
    for label, fn in (("uniform random actions", uniform), ("cards only, full length", cards_only)):
        for game, players in (("knueffeln", 4), ("knueffeln", 5), ("knueffeln-hattstedt", 4)):
            best = max(fn(n, game, players) for _ in range(3))
            print(f"{label:<25} {game:<20} {players}p  {best[0]:>9,.0f} deals/s  "
                  f"({best[1]:.1f} tricks per deal)")
