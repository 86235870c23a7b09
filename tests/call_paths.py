"""The paths of calls through knlib's modules, for TESTS ONLY (``test_one_direction.py``).

Run as a program with ``KNLIB_PURE=1`` (compiled modules call each other without Python
frames, so only the pure modules show every call). It plays random deals of every game,
follows each ``apply`` (with and without narration), the reading of each result and a
solve of late positions, and prints, as JSON, every distinct path seen: the knlib modules
on the call stack from the entry point down, each run of frames in one module counted
once (``["knlib.engine.state", "knlib.engine.ends"]``), with what was being followed.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import knlib

#: Paths seen: path -> the first thing followed that took it.
Paths = dict[tuple[str, ...], str]


def module_of(frame: FrameType) -> str | None:
    """The knlib module a frame runs in, or None for any other code."""
    name = frame.f_globals.get("__name__", "")
    return name if name == "knlib" or name.startswith("knlib.") else None


def path_of(frame: FrameType, entry: FrameType) -> tuple[str, ...]:
    """The knlib modules on the stack from just below ``entry`` down to ``frame``, each
    run of one module once (other code between them is skipped)."""
    found: list[str] = []
    f: FrameType | None = frame
    while f is not None and f is not entry:
        m = module_of(f)
        if m is not None and (not found or found[-1] != m):
            found.append(m)
        f = f.f_back
    return tuple(reversed(found))


def follow(what: str, call: Callable[[], Any], paths: Paths) -> Any:
    """Run ``call()`` and add every path its calls take to ``paths``."""
    entry = sys._getframe()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and module_of(frame) is not None:
            paths.setdefault(path_of(frame, entry), what)

    sys.setprofile(profile)
    try:
        return call()
    finally:
        sys.setprofile(None)


def play(paths: Paths, deals: int) -> None:
    """Random deals of every game and table size, each action followed through apply."""
    for game in sorted(knlib.GAMES):
        for players in sorted(knlib.ruleset(game).procedure.players):
            for i in range(deals):
                log = i % 2 == 1
                d = knlib.new_deal(game, seed=i, players=players)
                if log:
                    d = type(d).from_game(d.get_game(), log=True)
                rng = random.Random(i)
                while not d.is_over:
                    act = rng.choice(d.legal_actions())
                    follow(f"apply {act} in {game} ({players} players, seed {i}, "
                           f"log={log})", lambda d=d, act=act: d.apply(act), paths)
                follow(f"the result of {game} seed {i}", lambda d=d: d.result, paths)


def solve(paths: Paths, deals: int) -> None:
    """Solves of late positions (four cards a hand left) of the games the solver plays."""
    from knlib.analysis import solve as solve_deal

    for game in ("knueffeln", "styrivolt", "karnoeffel"):
        for seed in range(deals):
            d = knlib.new_deal(game, seed=seed)
            rng = random.Random(seed)
            while not d.is_over and not (
                    d.phase == "play" and not d.current_trick
                    and max(len(d.hands[s]) for s in d.active) <= 4):
                acts = [a for a in d.legal_actions() if a.kind != "down"] or d.legal_actions()
                d.apply(rng.choice(acts))
            if not d.is_over:
                follow(f"solve {game} seed {seed}", lambda d=d: solve_deal(d), paths)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    paths: Paths = {}
    play(paths, deals)
    solve(paths, deals)
    json.dump([[list(p), what] for p, what in sorted(paths.items())], sys.stdout)


if __name__ == "__main__":
    main()
