"""Whole-deal speed (issues 3 and 11): random legal playouts through the public API, the
benchmark's own cost, and a state's copy plus one action.

Run: .venv/bin/python benchmarks/bench_deal.py [deals]        (playouts, harness, clone)
     .venv/bin/python benchmarks/bench_deal.py [deals] clone  (the clone table only)

Playouts: each deal is ``knlib.new_deal(game, seed=i, players=p)``, then
``deal.apply(rng.choice(deal.legal_actions()))`` until ``deal.is_over``, then the payments
are read from ``deal.result``. Two policies:

* uniform: every legal action equally likely. A random leader often leads face down and a
  random answer often runs, so Bohmstedt deals are short (about 2.6 tricks);
* no drehen: the same, but a face-down lead is drawn again until it is a plain card (so
  exchanges, Jann decisions and marches stay random): full-length deals, about 7.4 tricks.

Pick: how the loop draws an action from ``acts = deal.legal_actions()``.

* ``choice``: ``rng.choice(acts)``, as up to session 16 (three Python-level calls of the
  standard library per draw: ``choice``, ``_randbelow``, ``getrandbits``);
* ``random``: ``acts[int(rng.random() * len(acts))]`` (one C call per draw), added in
  session 16. It is still a uniform random legal playout (each of ``len(acts)`` actions
  equally likely, up to the 2**-53 granularity of a float); it draws other actions than
  ``choice`` from the same generator, so the deals played differ, not their kind. The
  table gives both for four-player Knüffeln.

Harness: the part of a playout that is the benchmark's own or the standard library's,
timed alone for the no-drehen Knüffeln deal: ``random.Random(seed)`` and the shuffle of a
52-card pack (both inside ``new_deal``), and the ``rng.choice`` calls of the loop (as many
as a deal makes). No engine could play deals faster than this harness runs.

Floor (:func:`floor`, session 16): the same idea measured on the deals themselves. The
lengths of the lists of legal actions every deal drew from are recorded; the floor then
does, per deal and without any engine, the seeding, shuffle and cut of the pack (knlib's
own shuffle, the cheapest known with the same pack orders) and one draw, by the same pick,
from a list of each recorded length. It is the work any CPython engine needs through this
loop besides its own, so it bounds the deals per second of any engine from above.

Clone + apply: ``state.clone()`` (``Deal.copy()`` is the same) and one legal action, on
2,000 states taken from random deals at every point of the play (as deal analysis and the
sampling players use them), ten times ``deals`` of each per run.

Figures are per second on one core, best of three runs, in CPU time of this process
(``time.process_time``) and in wall time (``time.perf_counter``); on a busy shared machine
the wall figure is lower.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import knlib
import knlib.accel
from knlib.kinds import PLAY_PHASES
from knlib.rules.shuffle import seeded, shuffled


def run(n: int, game: str, players: int, drehen: bool, pick: str = "choice",
        sizes: list[list[int]] | None = None) -> tuple[float, float, float, float]:
    """Deals per second (CPU, wall), tricks and random draws per deal. ``pick``: how an
    action is drawn from the list of legal actions, ``"choice"`` (``rng.choice(acts)``) or
    ``"random"`` (``acts[int(rng.random() * len(acts))]``, see the module's docstring).
    ``sizes``, if given, receives each deal's list of the lengths drawn from."""
    rng = random.Random(1)
    choice = rng.choice
    rand = rng.random
    by_random = pick == "random"
    new_deal = knlib.new_deal
    tricks = draws = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for i in range(n):
        d = new_deal(game, seed=i, players=players)
        seen: list[int] = []
        while not d.is_over:
            acts = d.legal_actions()
            a = acts[int(rand() * len(acts))] if by_random else choice(acts)
            draws += 1
            if sizes is not None:
                seen.append(len(acts))
            if not drehen:
                while a.kind == "down":
                    a = acts[int(rand() * len(acts))] if by_random else choice(acts)
                    draws += 1
                    if sizes is not None:
                        seen.append(len(acts))
            d.apply(a)
        tricks += len(d.tricks)
        assert sum(d.result.payments) == 0
        if sizes is not None:
            sizes.append(seen)
    c1, w1 = time.process_time(), time.perf_counter()
    return n / (c1 - c0), n / (w1 - w0), tricks / n, draws / n


def harness(n: int, draws: float) -> float:
    """Deals per second of the harness alone: a seeded generator, a shuffle of 52 cards and
    ``draws`` choices among ten items per deal."""
    rng = random.Random(1)
    choice = rng.choice
    items = list(range(10))
    k = round(draws)
    c0 = time.process_time()
    for i in range(n):
        r = random.Random(i)
        r.shuffle(list(range(52)))
        for _ in range(k):
            choice(items)
    return n / (time.process_time() - c0)


def floor(sizes: list[list[int]], pick: str = "choice") -> float:
    """Deals per second of the floor: what any engine's playout through this loop must do
    besides the engine's own work, with no engine. For each deal of ``sizes`` (the lengths
    of the lists of legal actions that :func:`run` drew from, in order): the deal's
    generator seeded with the deal number, the shuffle and cut of a 52-card pack
    (knlib's, :func:`knlib.rules.shuffle.shuffled`, draw for draw the standard library's:
    the cheapest known way to the same pack order), and one draw by ``pick`` from a list of
    each recorded length. The few deals thrown in and dealt again are not repeated."""
    rng = random.Random(1)
    choice = rng.choice
    rand = rng.random
    by_random = pick == "random"
    lists = {k: list(range(k)) for k in {k for s in sizes for k in s}}
    pack = tuple(range(52))
    c0 = time.process_time()
    for i, seen in enumerate(sizes):
        shuffled(pack, seeded(i), True)
        for k in seen:
            acts = lists[k]
            if by_random:
                acts[int(rand() * len(acts))]
            else:
                choice(acts)
    return len(sizes) / (time.process_time() - c0)


def positions(game: str, players: int, n: int, seed: int = 7) -> list[tuple[Any, Any]]:
    """``n`` (state, legal action) pairs from random deals, at every point of the play."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    i = 0
    while len(out) < n:
        d = knlib.new_deal(game, seed=10_000 + i, players=players)
        i += 1
        while not d.is_over:
            acts = d.legal_actions()
            if d.phase in PLAY_PHASES:
                out.append((d.copy(), rng.choice(acts)))
            d.apply(rng.choice(acts))
    return out[:n]


def clone_apply(pairs: list[tuple[Any, Any]], rounds: int) -> tuple[float, float]:
    """Clones (alone) and clone + apply per second, CPU time."""
    c0 = time.process_time()
    for _ in range(rounds):
        for state, _a in pairs:
            state.clone()
    c1 = time.process_time()
    for _ in range(rounds):
        for state, a in pairs:
            state.clone().apply(a)
    c2 = time.process_time()
    k = rounds * len(pairs)
    return k / (c1 - c0), k / (c2 - c1)


CASES = [("knueffeln", 4), ("knueffeln", 5), ("knueffeln-hattstedt", 4), ("knueffeln-1924", 4),
         ("styrivolt", 4), ("karniffel", 4), ("karnoeffel", 4)]


def playout_table(n: int) -> None:
    print(f"{'policy':<10} {'pick':<7} {'game':<20} {'pl':>2} {'CPU deals/s':>12} "
          f"{'wall deals/s':>13} {'tricks/deal':>11}")
    draws = 0.0
    for drehen in (True, False):
        for game, players in CASES:
            if not drehen and knlib.ruleset(game).procedure.drehen is None:
                continue
            for pick in ("choice", "random") if (game, players) == ("knueffeln", 4) else (
                    "choice",):
                runs = [run(n, game, players, drehen, pick) for _ in range(3)]
                cpu = max(r[0] for r in runs)
                wall = max(r[1] for r in runs)
                if not drehen and (game, players) == ("knueffeln", 4) and pick == "choice":
                    draws = runs[0][3]
                print(f"{'uniform' if drehen else 'no drehen':<10} {pick:<7} {game:<20} "
                      f"{players:>2} {cpu:>12,.0f} {wall:>13,.0f} {runs[0][2]:>11.1f}")
    cap = max(harness(n, draws) for _ in range(3))
    print(f"harness of the no-drehen Knüffeln playout (Random(seed), shuffle, {draws:.1f} "
          f"choices a deal): {cap:,.0f} deals/s CPU")
    for drehen in (True, False):
        for pick in ("choice", "random"):
            sizes: list[list[int]] = []
            run(n, "knueffeln", 4, drehen, pick, sizes)
            best = max(floor(sizes, pick) for _ in range(3))
            print(f"floor of the {'uniform' if drehen else 'no-drehen'} Knüffeln playout, "
                  f"pick {pick}: {best:,.0f} deals/s CPU")


def clone_table(n: int) -> None:
    """``n`` clones and ``n`` clone + apply per run, on 2,000 states of each game."""
    print(f"{'clone + apply':<20} {'pl':>2} {'clones/s':>12} {'clone+apply/s':>14}")
    for game, players in CASES:
        pairs = positions(game, players, 2000)
        rounds = max(1, n // len(pairs))
        runs = [clone_apply(pairs, rounds) for _ in range(3)]
        print(f"{game:<20} {players:>2} {max(r[0] for r in runs):>12,.0f} "
              f"{max(r[1] for r in runs):>14,.0f}")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    only_clone = len(sys.argv) > 2 and sys.argv[2] == "clone"
    run(500, "knueffeln", 4, True)  # warm the trick tables
    print(f"CPython {sys.version.split()[0]}, one core, {n:,} deals per run, best of 3")
    print(f"{'compiled' if knlib.accelerated() else 'pure Python'} engine "
          f"({knlib.accel.status()})")
    if not only_clone:
        playout_table(n)
    clone_table(10 * n)
