"""Store the slow simulations of the chapter 'Questions answered by simulation'.

The chapter runs its fast simulations live, in seconds. Matches involving the sampling
player take minutes (about 0.2 s of CPU a deal at its default strength), so they are
played here, with fixed seeds, and stored in ``book/play/data/matches.json``; the chapter
plots them and replays the first deals of each to show they still come out the same.

Every match is Knüffeln (Bohmstedt) with four players, side 0 (South and North) against
side 1 (West and East), through the public deal API: deal ``i`` is
``knlib.sim.match_deal(match, i, first_seed, samples)``, which plays
``knlib.new_deal('knueffeln', seed=first_seed + i, dealer=i % 4)`` with
``knlib.sim.match_players(match, i, samples)``. The file holds no
timings and no dates, so running this again gives the same file.

Usage: .venv/bin/python tools/run_simulations.py [--deals 2000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "book" / "play" / "data" / "matches.json"
def match(kind: str, deals: int, first_seed: int, samples: int, jobs: int) -> dict:
    """Play a match in ``jobs`` processes, each a slice of the deals."""
    from knlib.sim import match_record, match_rows

    chunks = [(k * deals // jobs, (k + 1) * deals // jobs) for k in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(match_rows, [kind] * jobs, [first_seed] * jobs,
                              [samples] * jobs, [a for a, _ in chunks], [b for _, b in chunks]))
    return match_record(kind, first_seed, samples, [x for p in parts for x in p])


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals of each main match")
    ap.add_argument("--curve-deals", type=int, default=1000,
                    help="deals of each point of the strength curve (samples 1, 4, 16)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    args = ap.parse_args(argv)
    import knlib

    matches = [match("rules-v-random", args.deals, 20_000, 48, args.jobs)]
    print(f"rules v random: {matches[-1]['side0_win_rate']:.1%}", flush=True)
    for samples in (1, 4, 16):
        matches.append(match("sampling-v-rules", args.curve_deals, 40_000, samples, args.jobs))
        print(f"sampling({samples}) v rules: {matches[-1]['side0_win_rate']:.1%}", flush=True)
    matches.append(match("sampling-v-rules", args.deals, 30_000, 48, args.jobs))
    print(f"sampling(48) v rules: {matches[-1]['side0_win_rate']:.1%}", flush=True)
    data = {
        "about": "Knüffeln (Bohmstedt) matches between knlib's computer players, side 0 "
                 "(South, North) against side 1 (West, East), through the public deal API. "
                 "Deal i: knlib.new_deal('knueffeln', seed=first_seed + i, dealer=i % 4). "
                 "winners: the winning side of each deal; kinds: g game, j Jann, m march, "
                 "f failed march, r ran from a face-down lead; payments_seat0: cents to South.",
        "made_by": "tools/run_simulations.py",
        "knlib_version": knlib.__version__,
        "matches": matches,
    }
    out = args.out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
