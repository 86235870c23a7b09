"""How long the coach's review of a whole deal takes (knbook.course.coach.review_deal).

    KNLIB_PURE=1 .venv/bin/python benchmarks/review.py [DEALS] [LAYOUTS]

Each deal is four-player Knüffeln (Bohmstedt), deal number 1 to DEALS, played by the
rule-based habits (RulePlayer) at every seat; the review is of seat 0, with LAYOUTS
layouts per decision (default: the review's own, knbook.course.coach.REVIEW_LAYOUTS).
Prints the decisions reviewed and the seconds of each review, then the median and the
slowest. KNLIB_PURE=1 runs the pure-Python modules, as the page's Pyodide does (Pyodide
runs the same code about three times slower than CPython on this kind of work).
"""

from __future__ import annotations

import statistics
import sys
import time

from knbook.course.coach import REVIEW_LAYOUTS, review_deal
from knlib.engine.deal import new_deal
from knlib.players.bots import RulePlayer


def played(number: int) -> object:
    """Deal ``number`` played to its end by the rule-based habits."""
    habits = RulePlayer()
    deal = new_deal("knueffeln", seed=number)
    while not deal.is_over:
        deal.apply(habits.choose(deal))
    return deal


def main(deals: int = 10, layouts: int = REVIEW_LAYOUTS) -> None:
    times = []
    for number in range(1, deals + 1):
        deal = played(number)
        start = time.perf_counter()
        review = review_deal(deal, 0, layouts=layouts)
        seconds = time.perf_counter() - start
        times.append(seconds)
        face_up = sum(r.face_up is not None for r in review.decisions)
        print(f"deal {number}: {len(review.decisions)} decisions ({face_up} with face-up "
              f"values), {seconds:.2f} s")
    median = statistics.median(times)
    print(f"{deals} deals, {layouts} layouts per decision: median {median:.2f} s, "
          f"slowest {max(times):.2f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
