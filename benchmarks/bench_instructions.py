"""Load-free speed figures (issue 11): instructions per unit of work, counted by valgrind's
callgrind, for the engine's hot paths. Unlike seconds, instruction counts do not depend on
what else the machine is running, so they compare two versions of the code fairly.

Run: .venv/bin/python benchmarks/bench_instructions.py [work ...]

Each work is timed by running this script under ``valgrind --tool=callgrind`` twice, once
doing the set-up alone and once the set-up and ``n`` units, and dividing the difference of
the two totals by ``n`` (so imports, the set-up and the interpreter's start cost nothing):

* ``clone``: ``state.clone().apply(action)`` on the 2,000 Knüffeln states of
  ``bench_deal.py`` (every point of the play);
* ``uniform`` and ``nodrehen``: a random legal playout of a whole Knüffeln deal as in
  ``bench_deal.py`` (the harness included);
* ``uniform_r`` and ``nodrehen_r``: the same playouts drawing each action by
  ``acts[int(rng.random() * len(acts))]`` instead of ``rng.choice(acts)`` (bench_deal.py's
  ``pick="random"``);
* ``harness``: the harness of the no-drehen playout alone (``Random(seed)``, the shuffle
  of 52 cards, 38 choices);
* ``floor`` and ``floor_r``: the floor of the no-drehen playout (bench_deal.py's
  :func:`floor`: seeding, knlib's shuffle and cut, one draw from a list of each length the
  deals drew from, no engine), drawing by ``rng.choice`` and by ``rng.random``;
* ``new_deal``: ``knlib.new_deal("knueffeln", seed=i)`` (shuffle, cut, deal, the state at
  its first decision); ``state``: that last part alone, ``Deal.from_game(game)`` on games
  made in the set-up (the hands, the setting, the first exchange offer);
* ``rules``: a whole Knüffeln deal through the API with :class:`RulePlayer` in every
  seat, as in ``bench_sim.py``; ``replay``: the same deals' actions replayed (the API's
  share).

With no argument, every work. Needs ``valgrind`` on the PATH; a figure is per unit.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

#: Units of each work per measured run (enough to swamp the set-up's noise).
UNITS = {"clone": 20_000, "uniform": 1_000, "nodrehen": 1_000, "uniform_r": 1_000,
         "nodrehen_r": 1_000, "harness": 1_000, "floor": 1_000, "floor_r": 1_000,
         "new_deal": 2_000, "state": 2_000, "rules": 500, "replay": 500}


def _setup(work: str) -> Callable[[int], None]:
    """The set-up of ``work``, returning a function that does ``n`` units of it."""
    if work == "clone":
        from bench_deal import positions

        pairs = positions("knueffeln", 4, 2000)
        pairs[0][0].clone().apply(pairs[0][1])

        def clones(n: int) -> None:
            k = len(pairs)
            for j in range(n):
                state, a = pairs[j % k]
                state.clone().apply(a)
        return clones
    if work in ("uniform", "nodrehen", "uniform_r", "nodrehen_r"):
        from bench_deal import run

        drehen, pick = work.startswith("uniform"), "random" if work.endswith("_r") else "choice"
        run(50, "knueffeln", 4, drehen, pick)
        return lambda n: run(n, "knueffeln", 4, drehen, pick) and None
    if work in ("floor", "floor_r"):
        from bench_deal import floor, run

        pick = "random" if work == "floor_r" else "choice"
        sizes: list[list[int]] = []
        run(UNITS[work], "knueffeln", 4, False, pick, sizes)
        floor(sizes[:50], pick)
        return lambda n: floor(sizes[:n], pick) and None
    if work in ("new_deal", "state"):
        import knlib
        from knlib.engine.deal import Deal
        from knlib.engine.game import new_game

        games = [new_game("knueffeln", seed=i) for i in range(UNITS[work])]
        Deal.from_game(games[0])
        knlib.new_deal("knueffeln", seed=0)
        if work == "state":
            return lambda n: [Deal.from_game(g) for g in games[:n]] and None
        return lambda n: [knlib.new_deal("knueffeln", seed=i) for i in range(n)] and None
    if work == "harness":
        from bench_deal import harness

        return lambda n: harness(n, 38) and None
    from bench_sim import api_loop, recorded, replay

    from knlib.players.bots import RulePlayer

    rp = RulePlayer()
    api_loop("knueffeln", 20, lambda s: rp)
    if work == "rules":
        return lambda n: api_loop("knueffeln", n, lambda s: rp)
    # The actions are recorded in the set-up of both runs, so only the replay counts.
    moves = recorded("knueffeln", UNITS["replay"], rp)
    return lambda n: replay("knueffeln", moves[:n])


def _count(work: str, n: int) -> int:
    """Instructions of this script doing the set-up of ``work`` and ``n`` units."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--inner", work, str(n)],
                       check=True, capture_output=True)
        with open(out) as f:
            text = f.read()
    m = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
    assert m, "callgrind wrote no total"
    return int(m.group(1))


def main(works: list[str]) -> None:
    # The modules the works run, imported here to say whether they run compiled (the
    # counted runs import the same ones).
    import knlib.accel
    import knlib.players.bots  # noqa: F401

    print(f"{'compiled' if knlib.accelerated() else 'pure Python'} engine "
          f"({knlib.accel.status()})", flush=True)
    for work in works or list(UNITS):
        if work not in UNITS:
            raise SystemExit(f"unknown work {work!r}: one of {', '.join(UNITS)}")
        n = UNITS[work]
        per = (_count(work, n) - _count(work, 0)) / n
        print(f"{work:<10} {per:>12,.0f} instructions per unit ({n:,} units)", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:
        do = _setup(sys.argv[2])
        units = int(sys.argv[3])
        if units:
            do(units)
    else:
        main(sys.argv[1:])
