"""Simulation speed (issues 6 and 11): whole deals per second, random and rule-based,
through the numpy fast path and through the public deal API.

Run: .venv/bin/python benchmarks/bench_sim.py [deals]

* fast path: ``knlib.sim.simulate(game, n, players=...)`` (numpy, 50,000 deals a batch):
  each deal's pack order and random numbers from its own seed, as ``knlib.new_deal`` shuffles
  (a generator seeded per deal, then the shuffles read off its words at once), deal in
  packets, turn-ups, the Ten and Ole exchanges, then every trick of every deal at once;
* public API: ``knlib.new_deal(game, seed=i)`` and ``deal.apply(player.choose(deal))``
  until ``deal.is_over``, with :class:`knlib.players.bots.RandomPlayer` or
  :class:`knlib.players.bots.RulePlayer` in every seat (``simulate(..., fast=False)`` does the same
  and records each deal).

Figures are deals per second on one core, best of three runs, in CPU time of this process
(``time.process_time``) and in wall time (``time.perf_counter``); on a busy shared machine
the wall figure is lower; the load average is printed with them. Targets: random play in the
fast path >= 200,000 deals/s and rule-based players >= 5,000 deals/s (issue 6); the fast
path no slower than before its rules were read from the engine's tables, and RulePlayer
through the public API >= 8,000 deals/s (issue 11).
"""

from __future__ import annotations

import os
import sys
import time

import knlib
import knlib.accel
from knlib.players.bots import RandomPlayer, RulePlayer
from knlib.sim import simulate


def timed(fn, runs: int = 3) -> tuple[float, float]:
    """Best CPU and wall seconds of ``runs`` calls."""
    cpu, wall = [], []
    for _ in range(runs):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return min(cpu), min(wall)


def api_loop(game: str, n: int, make) -> None:
    players = [make(s) for s in range(4)]
    for i in range(n):
        d = knlib.new_deal(game, seed=i, dealer=i % 4)
        while not d.is_over:
            d.apply(players[d.to_move].choose(d))


def recorded(game: str, n: int, player) -> list[list]:
    """The actions ``player`` chooses in every seat of the deals of :func:`api_loop`."""
    out = []
    for i in range(n):
        d = knlib.new_deal(game, seed=i, dealer=i % 4)
        moves = []
        while not d.is_over:
            moves.append(player.choose(d))
            d.apply(moves[-1])
        out.append(moves)
    return out


def replay(game: str, moves: list[list]) -> None:
    """The deals of :func:`api_loop` again, each action given (as the loop asks for the
    legal actions at every step): what the deal API costs without the player."""
    for i, actions in enumerate(moves):
        d = knlib.new_deal(game, seed=i, dealer=i % 4)
        for a in actions:
            d.legal_actions()
            d.apply(a)


def row(what: str, n: int, cpu: float, wall: float, target: str = "") -> None:
    print(f"{what:<52} {n:>9,} {n / cpu:>12,.0f} {n / wall:>13,.0f}  {target}")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    n_api = max(2_000, n // 50)
    simulate("knueffeln", 5_000, players=["rules"] * 4)  # build the tables once
    simulate("knueffeln", 5_000)
    import numpy

    print("$ .venv/bin/python benchmarks/bench_sim.py " + " ".join(sys.argv[1:]))
    print(f"CPython {sys.version.split()[0]}, numpy {numpy.__version__}, one core, "
          f"best of 3 runs; load average {os.getloadavg()[0]:.1f} at the start")
    print(f"{'compiled' if knlib.accelerated() else 'pure Python'} engine "
          f"({knlib.accel.status()})")
    print(f"{'what':<52} {'deals':>9} {'CPU deals/s':>12} {'wall deals/s':>13}  target")
    for players, label, target in (
        (["random"] * 4, "random, fast path", ">= 200,000"),
        (["random-cards"] * 4, "random cards (no drehen), fast path", ""),
        (["rules"] * 4, "rule-based, fast path", ">= 5,000"),
        (["rules", "random"] * 2, "rule-based v random, fast path", ""),
    ):
        m = n if "rule" not in label else n // 4
        cpu, wall = timed(lambda p=players, m=m: simulate("knueffeln", m, players=p, seed=1,
                                                          progress=False))
        row(label, m, cpu, wall, target)
    for game in ("knueffeln-hattstedt", "styrivolt"):
        cpu, wall = timed(lambda g=game: simulate(g, n, seed=1, progress=False))
        row(f"random, fast path, {game}", n, cpu, wall)
    cpu, wall = timed(lambda: api_loop("knueffeln", n_api, lambda s: RandomPlayer(s)))
    row("random (RandomPlayer), public API", n_api, cpu, wall)
    cpu, wall = timed(lambda: api_loop("knueffeln", n_api,
                                       lambda s: RandomPlayer(s, drehen=False)))
    row("random cards (RandomPlayer drehen=False), public API", n_api, cpu, wall)
    rp = RulePlayer()
    cpu, wall = timed(lambda: api_loop("knueffeln", n_api, lambda s: rp))
    row("rule-based (RulePlayer), public API", n_api, cpu, wall, ">= 8,000")
    moves = recorded("knueffeln", n_api, rp)
    cpu, wall = timed(lambda: replay("knueffeln", moves))
    row("  the same deals' actions replayed (the API's share)", n_api, cpu, wall)
    cpu, wall = timed(lambda: simulate("knueffeln", n_api, players=["rules"] * 4, seed=1,
                                       fast=False, progress=False))
    row("rule-based, simulate(fast=False) with records", n_api, cpu, wall)
