"""Deal analysis (issue 12): how fast ``knlib.analysis.solve`` is, and what each technique
buys.

Run: .venv/bin/python benchmarks/bench_solve.py [deals] [max_positions] [points]

1. ``deals`` seeded Knüffeln deals (default 50; seeds 0, 1, ...; exchanges at random,
   then random cards face up) solved at three fixed points: the start of trick 3, the
   start of trick 2 and the opening lead (``points``, default ``3,2,1``). Two times for
   each, CPU time of one process (``time.process_time``), median and 95th percentile:

   * **value and line**: ``solve(deal)`` returns ``.value`` and ``.line``; the exact
     values of the other actions are searched only when ``.values`` is read (what a
     hint and the solver player's line need);
   * **every value**: a fresh ``solve(deal, line=False).values``: the exact value of
     every legal action, cards face up and face down (what a full analysis needs).

   A solve that searches more than ``max_positions`` trick starts (default 2,000,000)
   is stopped and counted as taking at least the time it ran ("over the cap"), so the
   percentiles are lower bounds when any solve hits the cap. Targets: trick 3 median
   <= 50 ms, 95th <= 0.5 s; trick 2 <= 0.2 s / 3 s; opening lead <= 2 s / 15 s.
2. What each technique buys: the first 10 deals from the start of trick 4, every value,
   solved with one technique switched off at a time (``knlib.analysis.Options``).
3. Reuse of the transposition table: every position from the start of trick 4 to the
   end of 10 deals played along the best line, solved in turn (every value) with one
   shared table and with a fresh table each time.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import knlib
from knlib.analysis import Options, TranspositionTable, solve
from knlib.analysis.search import Budget


def at_trick(seed: int, trick: int) -> knlib.Deal:
    """Seeded deal at the start of ``trick`` (1 = the opening lead)."""
    rng = random.Random(seed)
    deal = knlib.new_deal("knueffeln", seed=seed)
    while deal.phase != "play":
        deal.apply(rng.choice(deal.legal_actions()))
    while len(deal.tricks) < trick - 1 or deal.current_trick:
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.kind == "play"]))
    return deal


def timed(deal: knlib.Deal, options: Options, every: bool = True) -> tuple[float, bool]:
    """CPU time of one solve: every value (``every``), or the value and the line."""
    t = time.process_time()
    try:
        if every:
            _ = solve(deal, options=options, line=False).values
        else:
            _ = solve(deal, options=options).line
        over = False
    except Budget:
        over = True
    return time.process_time() - t, over


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def fmt(t: float) -> str:
    return f"{t * 1000:.0f} ms" if t < 1 else f"{t:.2f} s"


def points(deals: int, cap: int, which: list[int]) -> None:
    opts = Options(max_nodes=cap)
    names = {3: "start of trick 3", 2: "start of trick 2", 1: "opening lead"}
    for trick in which:
        for every, what in ((False, "value and line"), (True, "every value")):
            times, over = [], 0
            for seed in range(deals):
                t, o = timed(at_trick(seed, trick), opts, every)
                times.append(t)
                over += o
            note = f"; {over} of {deals} over the cap (lower bounds)" if over else ""
            print(f"{names[trick]:<18} {what:<15} median {fmt(statistics.median(times)):>9}  "
                  f"95th {fmt(pct(times, 0.95)):>9}  max {fmt(max(times)):>9}{note}",
                  flush=True)


def techniques(cap: int) -> None:
    deals = [at_trick(seed, 4) for seed in range(10)]
    variants = [("all on", Options()), ("no transposition table", Options(tt=False)),
                ("no equivalent cards", Options(equivalence=False)),
                ("no move ordering", Options(ordering=False)),
                ("no quick tricks", Options(quick_tricks=False)),
                ("no null windows (one full window)", Options(null_window=False))]
    for name, o in variants:
        o = Options(**{**o.__dict__, "max_nodes": cap})
        times, over = [], 0
        for d in deals:
            t, b = timed(d, o)
            times.append(t)
            over += b
        note = f" ({over} over the cap)" if over else ""
        print(f"  {name:<36} total {fmt(sum(times)):>9}  median "
              f"{fmt(statistics.median(times)):>9}{note}", flush=True)


def reuse() -> None:
    lines = []
    for seed in range(10):
        d = at_trick(seed, 4)
        positions = [d.copy()]
        for act in solve(d).line:
            d.apply(act)
            if not d.is_over:
                positions.append(d.copy())
        lines.append(positions)
    for name, shared in (("one shared table", True), ("a fresh table each solve", False)):
        t = time.process_time()
        for positions in lines:
            tt = TranspositionTable()
            for p in positions:
                _ = solve(p, tt=tt if shared else None, line=False).values
        print(f"  {name:<36} {fmt(time.process_time() - t):>9} for "
              f"{sum(map(len, lines))} positions", flush=True)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    cap = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    which = [int(x) for x in sys.argv[3].split(",")] if len(sys.argv) > 3 else [3, 2, 1]
    print("$ .venv/bin/python benchmarks/bench_solve.py " + " ".join(sys.argv[1:]))
    print(f"CPython {sys.version.split()[0]}; CPU time of one process; Knüffeln, {deals} "
          "seeded deals:")
    points(deals, cap, which)
    print("What each technique buys (10 deals from the start of trick 4):")
    techniques(cap)
    print("Reuse of the transposition table (10 deals, trick 4 to the end, best line):")
    reuse()


if __name__ == "__main__":
    main()
