"""How long a lesson deal (knbook.tools.lesson.LessonTool) takes to answer in pure
Python, as the page's Pyodide runs it (issue 24, item 4: each step about a second).

For each lesson: the start (the computer plays up to the reader's first decision), then
at each decision one refused choice (a choice the lesson judges worse, answered with
feedback, the deal unchanged) where there is one, and the lesson's own choice (judged,
played, and the computer's answers up to the reader's next decision).

Usage:
    KNLIB_PURE=1 python benchmarks/bench_lesson_tool.py
    node tests/pyodide/run_knlib.mjs KNLIB_WHEEL benchmarks/bench_lesson_tool.py
        (under Pyodide in Node; the wheel from tools/build_lite_wheels.py)
"""

from __future__ import annotations

import platform
import time

import knlib.accel
from knbook.course.lesson_run import judge
from knbook.tools.lesson import LESSON_IDS, LessonTool


def main() -> None:
    print(f"{platform.python_implementation()} {platform.python_version()}, compiled "
          f"modules: {bool(knlib.accel.accelerated())}")
    slowest = 0.0
    for lesson_id in LESSON_IDS:
        t0 = time.perf_counter()
        tool = LessonTool(lesson=lesson_id)
        tool.view()
        start = time.perf_counter() - t0
        steps: list[float] = []
        refused: list[float] = []
        while tool.expected():
            run = tool.run
            wrong = [a for a in run.deal.legal_actions()
                     if a not in judge(run.deal, run.current.thumb).good]
            if wrong:
                t0 = time.perf_counter()
                tool.answer(str(wrong[0]))
                refused.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            tool.answer(tool.expected())
            steps.append(time.perf_counter() - t0)
        slowest = max(slowest, start, *steps, *refused)
        print(f"{lesson_id:16s} start {start:.3f}s  steps max {max(steps):.3f}s  "
              f"refused max {max(refused, default=0.0):.3f}s  ({len(steps)} decisions)")
    print(f"slowest answer {slowest:.3f}s")


if __name__ == "__main__":
    main()
