"""How long "Play against the computer" (knbook.tools.play.PlayTool) takes to answer
in pure Python, as the page's Pyodide runs it (issue 24, item 3).

For each table (seed), a reader plays a whole Knüffeln deal at random through the tool;
before each of the reader's decisions in the play it asks for a hint (exact with all
cards face up from APP_EXACT_CARDS cards on, else the sampling player's guess); at the
end it asks for the analysis. Timed: the start (the computer players move first), each
reader's action with the computer players' answers, the hints of both kinds, and the
analysis.

Usage:
    KNLIB_PURE=1 python benchmarks/bench_play_tool.py [OPPONENTS] [TABLES]
        (OPPONENTS: random, rules, sampling (the tool's default) or solver; TABLES: 10)
    node tests/pyodide/run_knlib.mjs KNLIB_WHEEL benchmarks/bench_play_tool.py
        (under Pyodide in Node; the wheel from tools/build_lite_wheels.py)
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import knlib.accel
from knbook.tools.play import COMMANDS, PlayTool
from knlib.analysis.advice import APP_EXACT_CARDS


def figure(name: str, xs: list[float]) -> str:
    xs = sorted(xs)
    if not xs:
        return f"{name:34s} n=  0"
    return (f"{name:34s} n={len(xs):3d} median {statistics.median(xs):6.3f}s  "
            f"90% {xs[int(0.9 * (len(xs) - 1))]:6.3f}s  max {max(xs):6.3f}s")


def main(opponents: str = "sampling", tables: int = 10) -> None:
    acts: list[float] = []
    exact: list[float] = []
    guess: list[float] = []
    analyse: list[float] = []
    start: list[float] = []
    for seed in range(tables):
        t0 = time.perf_counter()
        tool = PlayTool(seed=seed, opponents=opponents)
        start.append(time.perf_counter() - t0)
        rng = random.Random(seed)
        while not tool.table.deal.is_over:
            d = tool.table.deal
            if d.phase == "play" and tool.table.legal_actions():
                t0 = time.perf_counter()
                tool.answer("hint")
                took = time.perf_counter() - t0
                assert tool.message == "", tool.message
                (exact if len(d.hands[0]) <= APP_EXACT_CARDS else guess).append(took)
            shown = [a for a in tool.view().enabled_actions() if a.split()[0] not in COMMANDS]
            t0 = time.perf_counter()
            tool.answer(rng.choice(shown))
            acts.append(time.perf_counter() - t0)
            assert tool.message == "", tool.message
        t0 = time.perf_counter()
        tool.answer("analyse")
        analyse.append(time.perf_counter() - t0)
    print(f"opponents={opponents}, tables 0-{tables - 1}, Python {sys.version.split()[0]} "
          f"on {sys.platform}, compiled modules: {knlib.accel.accelerated()}")
    print(figure("start (computer players first)", start))
    print(figure("reader's action + their answers", acts))
    print(figure(f"hint, exact (<= {APP_EXACT_CARDS} cards)", exact))
    print(figure(f"hint, a guess (> {APP_EXACT_CARDS} cards)", guess))
    print(figure("analyse this deal", analyse))


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["sampling"]), *(int(a) for a in sys.argv[2:3]))
