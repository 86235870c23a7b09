"""The solver player (issue 12, item 6): decision time, and a match against the sampling
player, with a Wilson 95% interval.

Run:
    .venv/bin/python benchmarks/bench_solver_player.py times [deals] [name=value ...]
    .venv/bin/python benchmarks/bench_solver_player.py match [deals] [results.jsonl] \
        [--start=A] [--stop=B] [name=value ...]
    .venv/bin/python benchmarks/bench_solver_player.py summary results.jsonl

``times``: every decision of ``SolverPlayer()`` (default strength; or ``name=value``) in
seeded Knüffeln deals against ``SamplingPlayer(samples=48)``, timed one by one (CPU time
of the process, ``time.process_time``, as the machine is shared): median, 95th
percentile, maximum, and how many were solved exactly. Target: median at most 1 s.

``match``: deal ``i`` is ``new_deal('knueffeln', seed=40000 + i, dealer=i % 4)``; the
solver players (``SolverPlayer(seed=(i, seat))``) hold side ``i % 2`` (South and North for
even ``i``, West and East for odd ``i``), sampling players (``SamplingPlayer(samples=48,
seed=(i, seat))``) the other side. One line per deal is appended to the results file
(resumable: deals already there are skipped), and the running share won by the solver
side, with its Wilson interval (``knlib.sim.Proportion``), is printed every 10 deals.
Target: at least 55% of 2,000 deals. ``--start=A --stop=B`` plays only deals ``A`` to
``B - 1`` (two processes on two halves may share one file: each skips what is there);
``name=value`` arguments are passed to ``SolverPlayer`` (``exact_cards=7 max_nodes=20000``;
``None`` for None), to match another configuration on the same deals.

``summary``: the share of a results file, the mean payment to a solver-side player (with
its 95% interval, ``knlib.sim.Mean``), how the deals ended, and the CPU time.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import knlib
import knlib.accel
from knlib.analysis.player import SolverPlayer
from knlib.players.bots import SamplingPlayer
from knlib.sim import Mean, Proportion

FIRST_SEED = 40_000


def table_of(i: int, make: Any, tag: str = "") -> list:
    """The four players of deal ``i``: ``make(seed)`` on side ``i % 2``, sampling players
    on the other, each seeded ``f"{i}:{seat}{tag}"``."""
    return [make(f"{i}:{s}{tag}") if s % 2 == i % 2
            else SamplingPlayer(samples=48, seed=f"{i}:{s}{tag}") for s in range(4)]


def players_of(i: int, config: dict[str, Any] | None = None) -> list:
    return table_of(i, lambda seed: SolverPlayer(seed=seed, **(config or {})))


def play(i: int, config: dict[str, Any] | None = None) -> dict:
    ps = players_of(i, config)
    d = knlib.new_deal("knueffeln", seed=FIRST_SEED + i, dealer=i % 4)
    t0 = time.process_time()
    while not d.is_over:
        d.apply(ps[d.to_move].choose(d))
    r = d.result
    side = i % 2
    return {"deal": i, "solver_side": side, "winner": r.winner, "solver_won": r.winner == side,
            "kind": r.kind, "payment_to_solver_seat": r.payments[side],
            "cpu_s": round(time.process_time() - t0, 2)}


def times(deals: int, config: dict[str, Any] | None = None) -> None:
    cpu, exact = [], 0
    ahead: list[float] = []  # the decisions of the first tricks looked ahead
    for i in range(deals):
        ps = players_of(i, config)
        d = knlib.new_deal("knueffeln", seed=FIRST_SEED + i, dealer=i % 4)
        while not d.is_over:
            p = ps[d.to_move]
            if isinstance(p, SolverPlayer) and len(d.legal_actions()) > 1:
                exact += p.exact(d) and d.phase not in ("exchange", "dealer's choice")
                looks = bool(p.lookahead) and not p.exact(d) and d.phase == "play"
                t = time.process_time()
                a = p.choose(d)
                cpu.append(time.process_time() - t)
                if looks:
                    ahead.append(cpu[-1])
            else:
                a = p.choose(d)
            d.apply(a)
    q = statistics.quantiles(cpu, n=20)
    print(f"{SolverPlayer(**(config or {}))!r}: {len(cpu)} decisions with a choice in {deals} "
          f"deals, {exact} solved exactly")
    print(f"  CPU time: median {statistics.median(cpu) * 1000:.0f} ms, mean "
          f"{statistics.mean(cpu) * 1000:.0f} ms, 95th percentile {q[18] * 1000:.0f} ms, "
          f"max {max(cpu):.2f} s   (target: median <= 1 s)")
    if ahead:
        print(f"  of which {len(ahead)} looked ahead (the first tricks): median "
              f"{statistics.median(ahead) * 1000:.0f} ms, max {max(ahead):.2f} s")


def rows_of(path: Path) -> list[dict]:
    """A results file's deals, each once (the first line of a deal, should two processes
    have played it)."""
    rows: dict[int, dict] = {}
    for x in path.read_text().splitlines():
        if x.strip():
            r = json.loads(x)
            rows.setdefault(r["deal"], r)
    return list(rows.values())


def summary(path: Path) -> Proportion:
    rows = rows_of(path)
    won = sum(r["solver_won"] for r in rows)
    return Proportion(won, len(rows))


def value_of(text: str) -> Any:
    """A ``name=value`` argument's value: a whole number, a number, None or the text."""
    if text == "None":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def done_in(path: Path) -> set[int]:
    """The deals already in a results file."""
    if not path.exists():
        return set()
    return {json.loads(x)["deal"] for x in path.read_text().splitlines() if x.strip()}


def match(deals: int, path: Path, start: int = 0, stop: int | None = None,
          config: dict[str, Any] | None = None) -> None:
    t0 = time.perf_counter()
    with path.open("a") as f:
        for i in range(start, deals if stop is None else min(stop, deals)):
            if i in done_in(path):  # read again: another process may share the file
                continue
            row = play(i, config)
            if config:
                row["config"] = config
            f.write(json.dumps(row) + "\n")
            f.flush()
            done = done_in(path)
            if len(done) % 10 == 0 or len(done) == deals:
                print(f"{len(done)} deals: solver side won {summary(path)}; "
                      f"{time.perf_counter() - t0:.0f} s this run", flush=True)


if __name__ == "__main__":
    print("$ .venv/bin/python benchmarks/bench_solver_player.py " + " ".join(sys.argv[1:]),
          flush=True)
    print(f"CPython {sys.version.split()[0]}, one process; Knüffeln (Bohmstedt), 4 players",
          flush=True)
    print(f"{'compiled' if knlib.accelerated() else 'pure Python'} solver "
          f"({knlib.accel.status()})", flush=True)
    cmd = sys.argv[1] if len(sys.argv) > 1 else "times"
    flags = {a[2:].split("=")[0]: int(a.split("=")[1]) for a in sys.argv[2:]
             if a.startswith("--")}
    config = {k: value_of(v) for k, _, v in (a.partition("=") for a in sys.argv[2:]
                                               if "=" in a and not a.startswith("--"))}
    plain = [a for a in sys.argv[2:] if "=" not in a]
    if cmd == "times":
        times(int(plain[0]) if plain else 10, config)
    elif cmd == "match":
        n = int(plain[0]) if plain else 2_000
        out = Path(plain[1] if len(plain) > 1 else "solver_match.jsonl")
        if config:
            print(f"solver side: {SolverPlayer(**config)!r}", flush=True)
        match(n, out, flags.get("start", 0), flags.get("stop"), config)
        print(f"solver side v sampling side: {summary(out)}   (target >= 55% of 2,000)")
    elif cmd == "summary":
        path = Path(sys.argv[2])
        rows = rows_of(path)
        print(f"solver side v sampling side: {summary(path)}")
        print(f"payment to a solver-side player, cents a deal: "
              f"{Mean.of([r['payment_to_solver_seat'] for r in rows])}")
        ends = Counter((r["kind"], "won" if r["solver_won"] else "lost") for r in rows)
        print("how the deals ended (for the solver side): "
              + ", ".join(f"{k} {w} {n}" for (k, w), n in sorted(ends.items())))
        print(f"CPU time {sum(r['cpu_s'] for r in rows):,.0f} s for {len(rows):,} deals")
    else:
        raise SystemExit(f"unknown command {cmd!r}: times, match or summary")
