"""Trick engine speed (issue 2): the fast path in tricks/second, and explain_trick latency.

Run: .venv/bin/python benchmarks/bench_tricks.py
"""

from __future__ import annotations

import random
import time

import knlib
from knlib.rules.tricks import fast_table


def fast_path(game: str, chosen: str, n: int = 1_000_000) -> float:
    rules = knlib.ruleset(game)
    rng = random.Random(1)
    pack = [c.index for c in rules.pack]
    size = 4
    tricks = [rng.sample(pack, size) for _ in range(n)]
    table = fast_table(rules, chosen)
    assert table is not None
    start = time.perf_counter()
    table.winners(tricks)
    return n / (time.perf_counter() - start)


def explain_latency(n: int = 2000) -> float:
    rng = random.Random(2)
    pack = [str(c) for c in knlib.pack("knueffeln")]
    tricks = [rng.sample(pack, 4) for _ in range(n)]
    knlib.explain_trick("knueffeln", tricks[0], "HS")  # warm the role table
    start = time.perf_counter()
    for t in tricks:
        knlib.explain_trick("knueffeln", t, "HS")
    return (time.perf_counter() - start) / n * 1000


def checked_api(n: int = 100_000) -> float:
    rng = random.Random(3)
    pack = [str(c) for c in knlib.pack("knueffeln")]
    tricks = [rng.sample(pack, 4) for _ in range(n)]
    start = time.perf_counter()
    for t in tricks:
        knlib.trick_winner("knueffeln", t, "HS")
    return n / (time.perf_counter() - start)


if __name__ == "__main__":
    for game, chosen in [("knueffeln", "HS"), ("karniffel", "SD"), ("karnoeffel-2024", "H")]:
        rate = fast_path(game, chosen)
        print(f"fast path, {game:<16} {rate:>12,.0f} tricks/s (4 cards, one core)")
    print(f"trick_winner with full input checks {checked_api():>12,.0f} tricks/s")
    print(f"explain_trick                       {explain_latency():>12.3f} ms per 4-card trick")
