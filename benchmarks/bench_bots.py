"""Computer players (issue 6): decision time of the sampling player, and how often each
player's side wins, with Wilson 95% intervals.

Run: .venv/bin/python benchmarks/bench_bots.py [deals] [samples]

1. Decision time of ``SamplingPlayer(samples=S)`` (default strength: S = 48): every
   decision of South and North in seeded Knüffeln deals against the rule-based player,
   timed one by one (wall time, ``time.perf_counter``, and CPU time); mean, median, 95th
   percentile and maximum. Target: at most 1 s per decision at the default strength.
2. Rule-based side (South and North) against random players (East and West): ``deals``
   seeded deals (default 2,000) through the public deal API, the dealer rotating
   (``knlib.sim.match_deal('rules-v-random', i, 20000)``); the share won by the
   rule-based side. Target: at least 75%. The same over 200,000 deals through the fast
   path.
3. Sampling side against the rule-based side, the same way
   (``match_deal('sampling-v-rules', i, 30000, samples)``; default 2,000 deals; this is
   the slow one, about 0.2 s of CPU a deal). Target: at least 55%.

Parts 2 and 3 play exactly the deals that ``tools/run_simulations.py`` stores for the book
(``book/play/data/matches.json``), so their figures are the book's.
"""

from __future__ import annotations

import statistics
import sys
import time

import knlib
from knlib.players.bots import RulePlayer, SamplingPlayer
from knlib.sim import Proportion, match_deal, simulate


def decision_times(samples: int, deals: int) -> tuple[list[float], list[float]]:
    rp = RulePlayer()
    wall, cpu = [], []
    for i in range(deals):
        sp = SamplingPlayer(samples=samples, seed=i)
        d = knlib.new_deal("knueffeln", seed=10_000 + i, dealer=i % 4)
        while not d.is_over:
            if d.to_move % 2 == 0:
                w0, c0 = time.perf_counter(), time.process_time()
                a = sp.choose(d)
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
            else:
                a = rp.choose(d)
            d.apply(a)
    return wall, cpu


def side_wins(match: str, deals: int, seed0: int, samples: int = 48) -> Proportion:
    """Side 0's wins in ``deals`` deals of a match (knlib.sim.match_deal: the same deals
    as tools/run_simulations.py stores for the book)."""
    wins = sum(match_deal(match, i, seed0, samples).result.winner == 0 for i in range(deals))
    return Proportion(wins, deals)


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms"


if __name__ == "__main__":
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    samples = int(sys.argv[2]) if len(sys.argv) > 2 else 48
    print("$ .venv/bin/python benchmarks/bench_bots.py " + " ".join(sys.argv[1:]))
    print(f"CPython {sys.version.split()[0]}, one core; Knüffeln (Bohmstedt), 4 players")
    simulate("knueffeln", 1_000, players=["rules"] * 4)  # build the tables once

    wall, cpu = decision_times(samples, 20)
    q = statistics.quantiles(wall, n=20)
    print(f"\n1. SamplingPlayer(samples={samples}) decision time over {len(wall)} decisions "
          f"(20 deals):")
    print(f"   wall: mean {ms(statistics.mean(wall))}, median {ms(statistics.median(wall))}, "
          f"95th percentile {ms(q[18])}, max {ms(max(wall))}   (target <= 1 s)")
    print(f"   CPU:  mean {ms(statistics.mean(cpu))}, max {ms(max(cpu))}")

    t0 = time.perf_counter()
    p = side_wins("rules-v-random", deals, 20_000)
    print(f"\n2. rule-based side v random side, {deals:,} deals, public API, seed 20000+i:")
    print(f"   rule-based side won {p}   (target >= 75%; {time.perf_counter() - t0:.0f} s)")
    r = simulate("knueffeln", 200_000, players=["rules", "random"] * 2, seed=1, progress=False)
    print(f"   fast path, 200,000 deals, seed 1: rule-based side won {r.win_rate(0)}")

    t0 = time.perf_counter()
    p = side_wins("sampling-v-rules", deals, 30_000, samples)
    print(f"\n3. sampling side (samples={samples}) v rule-based side, {deals:,} deals, "
          "public API, seed 30000+i:")
    print(f"   sampling side won {p}   (target >= 55%; {time.perf_counter() - t0:.0f} s)")
