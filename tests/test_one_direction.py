"""An action followed through ``apply``, and a position through ``solve``, passes each
module once, in one direction (issue 28, "Done when").

``call_paths.py`` runs random deals of every game and table size (each action through
``apply``, with and without narration, and each result read) and solves of late
positions, in the pure build, and records every path of calls through knlib's modules.

* Each module once: no path visits a module twice (no module calls another that calls
  back into it, as state → explain → drehen → state once did).
* One direction: the calls between modules, over all the paths, form no cycle, so one
  order of the modules holds for every call (if the state calls the narration, nothing
  the narration calls ever calls the state).

The direction is that of the calls, not of the imports: a call through a protocol or a
stored function runs against an import arrow without going back (the narration reads
the state's public properties through ``StateView``; a result's reason is a function of
the narration that the state stored in it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from call_paths import Paths, follow

HERE = Path(__file__).resolve().parent


def faults(path: tuple[str, ...]) -> list[str]:
    """The modules one path visits more than once."""
    return [f"{m} is visited twice" for m in sorted(set(path)) if path.count(m) > 1]


def call_cycle(paths: Iterable[tuple[str, ...]]) -> list[str]:
    """A cycle in the calls between modules over all ``paths`` (each call a step from a
    module to the next in a path), as the modules around it; [] if there is none."""
    calls: dict[str, set[str]] = {}
    for path in paths:
        for a, b in pairwise(path):
            calls.setdefault(a, set()).add(b)
    done: set[str] = set()
    stack: list[str] = []

    def visit(m: str) -> list[str]:
        if m in stack:
            return stack[stack.index(m):] + [m]
        if m in done:
            return []
        stack.append(m)
        for n in sorted(calls.get(m, ())):
            if found := visit(n):
                return found
        stack.pop()
        done.add(m)
        return []

    for m in sorted(calls):
        if found := visit(m):
            return found
    return []


@cache
def traced() -> list[tuple[tuple[str, ...], str]]:
    """The paths ``call_paths.py`` records, in a fresh pure interpreter."""
    env = {**os.environ, "KNLIB_PURE": "1"}
    out = subprocess.run([sys.executable, str(HERE / "call_paths.py"), "4"], env=env,
                         capture_output=True, text=True, check=True, timeout=600).stdout
    return [(tuple(path), what) for path, what in json.loads(out)]


def test_every_path_passes_each_module_once():
    bad = [f"{' > '.join(path)} ({what}): {'; '.join(faults(path))}"
           for path, what in traced() if faults(path)]
    assert not bad, "\n".join(bad)


def test_the_calls_between_modules_go_one_way():
    cycle = call_cycle(path for path, _ in traced())
    assert not cycle, " → ".join(cycle)


@pytest.mark.parametrize("steps", [
    # the play, the end of a trick, the exchanges, drehen, the settling, the narration
    ("knlib.engine.state", "knlib.engine.ends"),
    ("knlib.engine.state", "knlib.rules.tricks"),
    ("knlib.engine.state", "knlib.engine.exchanges"),
    ("knlib.engine.state", "knlib.engine.drehen"),
    ("knlib.engine.state", "knlib.games.stakes"),
    ("knlib.engine.state", "knlib.engine.narration"),
    # the solver: the position, the search, the trick count and the moves
    ("knlib.analysis.solver", "knlib.analysis.position"),
    ("knlib.analysis.solver", "knlib.analysis.search", "knlib.analysis.count",
     "knlib.analysis.plays"),
    ("knlib.analysis.solver", "knlib.analysis.search", "knlib.analysis.count",
     "knlib.analysis.endgame"),
])
def test_the_paths_cover_the_play_and_the_search(steps):
    assert any(path[:len(steps)] == steps for path, _ in traced()), steps


def test_a_call_back_into_a_module_is_caught():
    # Two made-up knlib modules: a calls b, and b calls back into a.
    a: dict = {"__name__": "knlib.fake_a"}
    b: dict = {"__name__": "knlib.fake_b"}
    exec("def inner():\n    return 1\n"
         "def outer():\n    return call_b()\n", a)
    exec("def middle():\n    return call_a()\n", b)
    a["call_b"], b["call_a"] = b["middle"], a["inner"]
    paths: Paths = {}
    assert follow("a → b → a", a["outer"], paths) == 1
    back = ("knlib.fake_a", "knlib.fake_b", "knlib.fake_a")
    assert back in paths
    assert faults(back) == ["knlib.fake_a is visited twice"]


def test_calls_that_go_both_ways_are_caught():
    # Each path is fine alone; together, state calls ends and ends calls state.
    paths = [("knlib.engine.state", "knlib.engine.ends"),
             ("knlib.engine.deal", "knlib.engine.ends", "knlib.engine.state")]
    assert call_cycle(paths) == ["knlib.engine.ends", "knlib.engine.state",
                                 "knlib.engine.ends"]
    assert call_cycle(paths[:1]) == []
