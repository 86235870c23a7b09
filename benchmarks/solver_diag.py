"""Where the solver player gains and loses against the sampling player (issue 12, item 6).

Run:
    .venv/bin/python benchmarks/solver_diag.py disagree deals out.jsonl [shadow] [--start=A]
    .venv/bin/python benchmarks/solver_diag.py duplicate deals out.jsonl [config ...]
    .venv/bin/python benchmarks/solver_diag.py compare old.jsonl new.jsonl
    .venv/bin/python benchmarks/solver_diag.py report out.jsonl

``disagree``: the match of ``bench_solver_player.py`` (deal ``i``: seed 40000 + i, dealer
``i % 4``, ``SolverPlayer()`` on side ``i % 2``), and at every decision of a solver seat
with a choice, in the play phase, the choice a ``SamplingPlayer(samples=48)`` would make
there. Each decision where the two differ is classed by kind (a card; a lead where a
card could go face down; see or run; stop or play on) and, when the solver player
decided it exactly, played on to the end twice from the same point, once after each
choice, by fresh players seeded alike: which choice did better. With a ``shadow`` (a
name in ``CONFIGS``, instead of ``sampling48``) the other choice is that player's, and
every early decision (before the exact phase) where the two differ is played on both
ways instead; the report then splits the decisions by the cards in the largest hand (9
in the first trick).

``duplicate``: each deal is played twice, the solver side on side 0 and then on side 1,
by each named configuration (``CONFIGS``), so that all of them meet the same deals and
the luck of the cards cancels for the most part. One line per (deal, config, side);
resumable.

``compare``: two match files of ``bench_solver_player.py`` (the same seeded deals, two
versions of the solver player) deal by deal: the deals only one of them won.

``report``: the tables of either file (shares with Wilson 95% intervals,
``knlib.sim.Proportion``).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import knlib
from knlib.analysis.player import SolverPlayer
from knlib.players.bots import SamplingPlayer
from knlib.sim import Proportion

sys.path.insert(0, str(Path(__file__).parent))
from bench_solver_player import Session16Player  # noqa: E402

FIRST_SEED = 40_000

#: Solver-side players by name (the opponents are always ``SamplingPlayer(samples=48)``).
CONFIGS: dict[str, Callable[[str], Any]] = {
    "solver": lambda seed: Session16Player(seed=seed),
    "solver-e512": lambda seed: Session16Player(seed=seed, early_samples=512),
    "blend1": lambda seed: Session16Player(seed=seed, blend=1.0),
    "blend1-e512": lambda seed: Session16Player(seed=seed, blend=1.0, early_samples=512),
    "exact3": lambda seed: Session16Player(seed=seed, exact_cards=3),
    "exact3-e512": lambda seed: Session16Player(seed=seed, exact_cards=3, early_samples=512),
    "exact7": lambda seed: Session16Player(seed=seed, exact_cards=7, max_nodes=20_000),
    "samples24": lambda seed: Session16Player(seed=seed, samples=24),
    "samples48": lambda seed: Session16Player(seed=seed, samples=48),
    "sampling128": lambda seed: SamplingPlayer(samples=128, seed=seed),
    "sampling512": lambda seed: SamplingPlayer(samples=512, seed=seed),
    "sampling48": lambda seed: SamplingPlayer(samples=48, seed=seed),
}


def table_of(i: int, side: int, config: str, tag: str = "") -> list[Any]:
    make = CONFIGS[config]
    return [make(f"{i}:{s}{tag}") if s % 2 == side
            else SamplingPlayer(samples=48, seed=f"{i}:{s}{tag}") for s in range(4)]


def new(i: int) -> Any:
    return knlib.new_deal("knueffeln", seed=FIRST_SEED + i, dealer=i % 4)


def finish(d: Any, ps: list[Any]) -> Any:
    while not d.is_over:
        d.apply(ps[d.to_move].choose(d))
    return d.result


def kind_of(acts: list[Any]) -> str:
    kinds = {a.kind for a in acts}
    if "see" in kinds or "run" in kinds:
        return "see/run"
    if "stop" in kinds or "play on" in kinds:
        return "stop/play on"
    if "down" in kinds:
        return "lead (face down possible)"
    return "card"


def disagree(deals: int, path: Path, shadow_config: str = "sampling48", start: int = 0) -> None:
    done = set()
    if path.exists():
        done = {json.loads(x)["deal"] for x in path.read_text().splitlines() if x.strip()}
    every = shadow_config != "sampling48"
    with path.open("a") as f:
        for i in range(start, deals):
            if i in done:
                continue
            side = i % 2
            ps = table_of(i, side, "solver")
            shadow = {s: CONFIGS[shadow_config](f"{i}:{s}:shadow") for s in range(4)}
            d = new(i)
            rows = []
            t0 = time.process_time()
            step = 0
            while not d.is_over:
                p = ps[d.to_move]
                acts = d.legal_actions()
                if (isinstance(p, SolverPlayer) and len(acts) > 1
                        and d.phase not in ("exchange", "dealer's choice")):
                    exact = p.exact(d)
                    a = p.choose(d)
                    # with a shadow, the exact phase is the same player: not asked there
                    b = a if every and exact else shadow[d.to_move].choose(d)
                    row: dict[str, Any] = {"kind": kind_of(acts), "exact": exact,
                                           "cards": max(len(d.hands[s]) for s in d.active),
                                           "same": a == b, "solver": str(a), "sampling": str(b)}
                    if a != b and exact != every:
                        out = []
                        for c in (a, b):
                            e = d.copy()
                            e.apply(c)
                            r = finish(e, table_of(i, side, "solver", f":b{step}"))
                            out.append((r.winner == side, r.payments[side]))
                        row["solver_branch"], row["sampling_branch"] = out
                    rows.append(row)
                    d.apply(a)
                else:
                    d.apply(p.choose(d))
                step += 1
            r = d.result
            f.write(json.dumps({"deal": i, "solver_side": side, "solver_won": r.winner == side,
                                "payment_to_solver_seat": r.payments[side],
                                "cpu_s": round(time.process_time() - t0, 2),
                                "decisions": rows}) + "\n")
            f.flush()
            done.add(i)
            if len(done) % 10 == 0:
                print(f"{len(done)} deals", flush=True)
    report(path)


def duplicate(deals: int, path: Path, configs: list[str]) -> None:
    done = set()
    if path.exists():
        for x in path.read_text().splitlines():
            if x.strip():
                r = json.loads(x)
                done.add((r["deal"], r["config"], r["solver_side"]))
    with path.open("a") as f:
        for i in range(deals):
            for c in configs:
                for side in (0, 1):
                    if (i, c, side) in done:
                        continue
                    t0 = time.process_time()
                    r = finish(new(i), table_of(i, side, c))
                    f.write(json.dumps({"deal": i, "config": c, "solver_side": side,
                                        "solver_won": r.winner == side,
                                        "payment_to_solver_seat": r.payments[side],
                                        "kind": r.kind,
                                        "cpu_s": round(time.process_time() - t0, 2)}) + "\n")
                    f.flush()
            if (i + 1) % 10 == 0:
                print(f"{i + 1} deals", flush=True)
    report(path)


def report(path: Path) -> None:
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    if rows and "decisions" in rows[0]:
        won = sum(r["solver_won"] for r in rows)
        print(f"{len(rows)} deals: solver side won {Proportion(won, len(rows))}; mean payment "
              f"{sum(r['payment_to_solver_seat'] for r in rows) / len(rows):+.2f}; "
              f"CPU {sum(r['cpu_s'] for r in rows):.0f} s")
        n: Counter[tuple[str, bool]] = Counter()
        diff: Counter[tuple[str, bool]] = Counter()
        gain: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
        for r in rows:
            for x in r["decisions"]:
                n[x["kind"], x["exact"]] += 1
                diff[x["kind"], x["exact"]] += not x["same"]
                if "solver_branch" in x:
                    (sw, sp), (bw, bp) = x["solver_branch"], x["sampling_branch"]
                    g = gain[x["kind"]]
                    g[0] += 1
                    g[1] += sw and not bw
                    g[2] += bw and not sw
                    g[3] += sp
                    g[4] += bp
        print(f"{'decision kind':<28}{'phase':<9}{'count':>7}{'differ':>8}")
        for (k, ex), c in sorted(n.items()):
            print(f"{k:<28}{'exact' if ex else 'early':<9}{c:>7}{diff[k, ex]:>8}")
        print("decisions where the two differ, each played on after both choices:")
        print(f"{'decision kind':<28}{'pairs':>6}{'solver only':>13}{'sampling only':>15}"
              f"{'payment: solver':>17}{'sampling':>10}")
        for k, g in sorted(gain.items()):
            print(f"{k:<28}{g[0]:>6}{g[1]:>13}{g[2]:>15}{g[3]:>17}{g[4]:>10}")
        cards: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
        for r in rows:
            for x in r["decisions"]:
                g = cards[x.get("cards", 0)]
                g[0] += 1
                g[1] += not x["same"]
                if "solver_branch" in x:
                    (sw, _), (bw, _) = x["solver_branch"], x["sampling_branch"]
                    g[2] += 1
                    g[3] += sw and not bw
                    g[4] += bw and not sw
        print("by the cards in the largest hand (the shadow's choice in the 'other' columns):")
        print(f"{'cards':>6}{'decisions':>11}{'differ':>8}{'played on':>11}{'solver only':>13}"
              f"{'other only':>12}")
        for c, g in sorted(cards.items(), reverse=True):
            print(f"{c:>6}{g[0]:>11}{g[1]:>8}{g[2]:>11}{g[3]:>13}{g[4]:>12}")
        return
    by: dict[str, dict[tuple[int, int], dict[str, Any]]] = defaultdict(dict)
    for r in rows:
        by[r["config"]][r["deal"], r["solver_side"]] = r
    common = set.intersection(*(set(v) for v in by.values())) if by else set()
    deals = {d for d, _ in common}
    pairs = {d for d in deals if (d, 0) in common and (d, 1) in common}
    print(f"{len(pairs)} deals played both ways by every configuration "
          f"({len(common)} games each):")
    print(f"{'config':<16}{'games won':<48}{'mean pay':>9}{'both':>6}{'one':>5}{'none':>6}"
          f"{'CPU/deal':>10}")
    for c, v in by.items():
        games = [v[k] for k in common if k[0] in pairs]
        won = sum(g["solver_won"] for g in games)
        pay = sum(g["payment_to_solver_seat"] for g in games) / max(len(games), 1)
        both = sum(v[d, 0]["solver_won"] and v[d, 1]["solver_won"] for d in pairs)
        none = sum(not v[d, 0]["solver_won"] and not v[d, 1]["solver_won"] for d in pairs)
        cpu = sum(g["cpu_s"] for g in games) / max(len(games), 1)
        print(f"{c:<16}{str(Proportion(won, len(games))):<48}{pay:>+9.2f}{both:>6}"
              f"{len(pairs) - both - none:>5}{none:>6}{cpu:>9.2f}s")
    # the single-sided form: deal i with the solver side on side i % 2 only
    print("one game a deal (solver side i % 2, as in the match):")
    for c, v in by.items():
        games = [v[d, d % 2] for d in pairs]
        print(f"  {c:<16}{Proportion(sum(g['solver_won'] for g in games), len(games))}")


def compare(old: Path, new: Path) -> None:
    a = {r["deal"]: r for r in map(json.loads, old.read_text().splitlines()) if r}
    b = {r["deal"]: r for r in map(json.loads, new.read_text().splitlines()) if r}
    common = sorted(set(a) & set(b))
    won_a = sum(a[i]["solver_won"] for i in common)
    won_b = sum(b[i]["solver_won"] for i in common)
    only_a = sum(a[i]["solver_won"] and not b[i]["solver_won"] for i in common)
    only_b = sum(b[i]["solver_won"] and not a[i]["solver_won"] for i in common)
    print(f"{len(common)} deals in both files")
    print(f"  {old}: {Proportion(won_a, len(common))}")
    print(f"  {new}: {Proportion(won_b, len(common))}")
    print(f"  won by the first only {only_a}, by the second only {only_b}; of those "
          f"{only_a + only_b} deals the second won {Proportion(only_b, only_a + only_b)}")
    for f, rows in ((old, a), (new, b)):
        kinds = Counter((rows[i]["kind"], rows[i]["solver_won"]) for i in common)
        print(f"  {f}: " + ", ".join(f"{k} {'won' if w else 'lost'} {n}"
                                     for (k, w), n in sorted(kinds.items())))


if __name__ == "__main__":
    print("$ .venv/bin/python benchmarks/solver_diag.py " + " ".join(sys.argv[1:]), flush=True)
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    needs = {"disagree": 3, "duplicate": 3, "compare": 3, "report": 2}
    if len(sys.argv) <= needs.get(cmd, 0) or cmd not in needs:
        raise SystemExit(__doc__)
    if cmd == "disagree":
        rest = [a for a in sys.argv[4:] if not a.startswith("--start=")]
        first = [int(a.split("=")[1]) for a in sys.argv[4:] if a.startswith("--start=")]
        disagree(int(sys.argv[2]), Path(sys.argv[3]), *(rest[:1] or ["sampling48"]),
                 start=(first or [0])[0])
    elif cmd == "duplicate":
        duplicate(int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4:] or list(CONFIGS))
    elif cmd == "compare":
        compare(Path(sys.argv[2]), Path(sys.argv[3]))
    elif cmd == "report":
        report(Path(sys.argv[2]))

