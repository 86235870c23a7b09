"""Deal analysis (issue 12): how fast ``knlib.analysis.solve`` is, and what each technique
buys.

Run: .venv/bin/python benchmarks/bench_solve.py [deals] [max_positions] [points] [parts]

``parts`` (default ``line,every,techniques,reuse``) chooses the sections below; ``breakdown``
adds, for each point, where a value-and-line solve spends its time (section 4).

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
4. Breakdown (``breakdown``): for the same value-and-line solves, the null-window tests
   of the value and of the line, the payment levels tested, the line's share of the
   time, the positions searched (trick starts) and the table's hits and entries. The
   tests are counted by wrapping :meth:`knlib.analysis.search.Search.test` here, so the
   library carries no counters.
5. Review (``review``, or ``review-best``): ``deals`` whole Knüffeln deals, each played to
   its end through the public API by the book's sampling-v-rules match players
   (``knlib.sim.matches.match_deal``: ``SamplingPlayer(48)`` for North-South,
   ``RulePlayer`` for East-West; deal ``i``: seed 70000 + i), reviewed with
   ``knlib.analysis.review(deal, progress=False)``: CPU time a deal, median and 95th
   percentile, and the decisions reviewed. ``review-best`` also reads every entry's
   ``.best`` (each action that kept the value, searched when read). A review in which
   one solve searches more than ``max_positions`` trick starts is stopped and counted
   as over the cap. Target: median <= 10 s.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

import knlib
import knlib.accel
from knlib.analysis import Options, TranspositionTable, solve
from knlib.analysis import search as search_module
from knlib.analysis import solver as solver_module
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


def points(deals: int, cap: int, which: list[int], modes: list[str]) -> None:
    opts = Options(max_nodes=cap)
    names = {3: "start of trick 3", 2: "start of trick 2", 1: "opening lead"}
    for trick in which:
        for every, what in ((False, "value and line"), (True, "every value")):
            if ("every" if every else "line") not in modes:
                continue
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
                ("no null windows (one full window)", Options(null_window=False)),
                ("no unrolled trick loop (nor direct last two tricks)",
                 Options(unrolled=False))]
    for name, o in variants:
        o = Options(**{**o.__dict__, "max_nodes": cap})
        times, over = [], 0
        for d in deals:
            t, b = timed(d, o)
            times.append(t)
            over += b
        note = f" ({over} over the cap)" if over else ""
        print(f"  {name:<52} total {fmt(sum(times)):>9}  median "
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


class Tally:
    """Counts the null-window tests of :meth:`Search.test` (by payment level to side 0,
    value and line apart) and the time of the line."""

    def __init__(self) -> None:
        self.tests: Counter[str] = Counter()
        self.levels: Counter[int] = Counter()
        self.line_time = 0.0
        self.in_line = False
        test = search_module.Search.test
        line = solver_module.Solver.line
        tally = self

        def counted_test(s: Any, alpha: int, beta: int, only: int,
                         march: bool) -> tuple[int, int]:
            tally.tests["line" if tally.in_line else "value"] += 1
            if not tally.in_line:
                tally.levels[beta if beta - alpha == 1 else 0] += 1
            return test(s, alpha, beta, only, march)

        def timed_line(s: Any, deal: Any, r: Any) -> Any:
            tally.in_line = True
            t = time.process_time()
            try:
                return line(s, deal, r)
            finally:
                tally.line_time += time.process_time() - t
                tally.in_line = False

        solver_module.Solver.line = timed_line  # type: ignore[method-assign]
        #: The compiled Search (``make accel``) cannot be wrapped: its tests are not counted.
        self.counts = True
        try:
            search_module.Search.test = counted_test  # type: ignore[method-assign]
        except (TypeError, AttributeError):
            self.counts = False


def breakdown(deals: int, cap: int, which: list[int]) -> None:
    names = {3: "start of trick 3", 2: "start of trick 2", 1: "opening lead"}
    tally = Tally()
    for trick in which:
        rows = []
        for seed in range(deals):
            tally.tests.clear()
            tally.levels.clear()
            tally.line_time = 0.0
            tt = TranspositionTable()
            deal = at_trick(seed, trick)
            t = time.process_time()
            try:
                sol = solve(deal, tt=tt, options=Options(max_nodes=cap))
                _ = sol.line
                nodes, over = sol.nodes, False
            except Budget:
                nodes, over = cap, True
            rows.append((time.process_time() - t, tally.line_time, tally.tests["value"],
                         tally.tests["line"], dict(tally.levels), nodes, tt.hits, len(tt),
                         over))
        total = sum(r[0] for r in rows)
        med = statistics.median
        levels: Counter[int] = Counter()
        for r in rows:
            levels.update(r[4])
        times = [r[0] for r in rows]
        if not tally.counts:
            print("(the compiled search's null-window tests are not counted: 0 below)")
        print(f"{names[trick]}: {deals} deals, {sum(r[8] for r in rows)} over the cap; "
              f"value and line median {fmt(med(times))}, 95th {fmt(pct(times, 0.95))}, "
              f"max {fmt(max(times))}; "
              f"line {sum(r[1] for r in rows) / total:.0%} of the time; null-window tests "
              f"a solve: value median {med(r[2] for r in rows)} (max "
              f"{max(r[2] for r in rows)}), line median {med(r[3] for r in rows)}; "
              f"levels tested (value, all deals): {dict(sorted(levels.items()))}; "
              f"positions median {med(r[5] for r in rows):.0f}, 95th "
              f"{pct([r[5] for r in rows], 0.95):.0f}; table hits median "
              f"{med(r[6] for r in rows):.0f}, entries median {med(r[7] for r in rows):.0f}",
              flush=True)


def reviews(deals: int, cap: int, read_best: bool) -> None:
    from knlib.analysis import review
    from knlib.sim.matches import match_deal

    times, sizes, over, changed = [], [], 0, 0
    for i in range(deals):
        deal = match_deal("sampling-v-rules", i, 70000)
        t = time.process_time()
        note = ""
        try:
            r = review(deal, progress=False, options=Options(max_nodes=cap))
            if read_best:
                _ = [e.best for e in r]
            sizes.append(len(r))
            changed += len(r.changed)
            note = f"{len(r)} decisions, {len(r.changed)} changed"
        except Budget:
            over += 1
            note = "over the cap"
        times.append(time.process_time() - t)
        print(f"  deal {i}: {len(deal.tricks)} tricks, {times[-1]:.2f} s; {note}", flush=True)
    note = f"; {over} of {deals} over the cap (lower bounds)" if over else ""
    what = "review and every .best" if read_best else "review"
    print(f"{what}: median {fmt(statistics.median(times))}, 95th {fmt(pct(times, 0.95))}, "
          f"max {fmt(max(times))}; decisions a deal median "
          f"{statistics.median(sizes) if sizes else 0}; {changed} changed in all{note}",
          flush=True)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    cap = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    which = [int(x) for x in sys.argv[3].split(",")] if len(sys.argv) > 3 else [3, 2, 1]
    parts = sys.argv[4].split(",") if len(sys.argv) > 4 else ["line", "every", "techniques",
                                                               "reuse"]
    print("$ .venv/bin/python benchmarks/bench_solve.py " + " ".join(sys.argv[1:]))
    print(f"CPython {sys.version.split()[0]}; CPU time of one process; Knüffeln, {deals} "
          "seeded deals; load average at the start "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}:")
    print(f"{'compiled' if knlib.accelerated() else 'pure Python'} ({knlib.accel.status()})")
    modes = [m for m in ("line", "every") if m in parts]
    if modes:
        points(deals, cap, which, modes)
    if "techniques" in parts:
        print("What each technique buys (10 deals from the start of trick 4):")
        techniques(cap)
    if "reuse" in parts:
        print("Reuse of the transposition table (10 deals, trick 4 to the end, best line):")
        reuse()
    if "breakdown" in parts:
        print("Where a value-and-line solve spends its time:")
        breakdown(deals, cap, which)
    for part in ("review", "review-best"):
        if part in parts:
            print(f"Whole-deal reviews ({deals} deals, sampling-v-rules players):")
            reviews(deals, cap, part == "review-best")
    print(f"load average at the end {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
