"""The compiled engine agrees with the pure one, deal for deal (issue 12's condition for an
optional accelerator: "a test checks that the two agree").

When knlib's engine runs compiled (mypyc, from the same sources), every game is played
here twice: in this process (compiled) and in a child process that imports knlib from its
``.py`` sources only (``KNLIB_PURE=1`` and a finder that never loads a compiled file).
Seeded random legal playouts and :class:`RulePlayer` deals must give the same actions, the
same payments and the same result in both. Without compiled modules the test is skipped
(the rest of the suite then tests the pure engine).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from budget import examples

import knlib
from knlib.compiled import compiled_modules
from knlib.players.bots import RulePlayer

ROOT = Path(__file__).resolve().parent.parent

#: Seeded deals of each game and way of playing (a tenth under KNLIB_QUICK).
DEALS = examples(2000)

#: The child process: knlib from its sources only, then :func:`deals` as JSON.
PURE_CHILD = """
import importlib.util, json, os, sys

class Sources:
    # Finds every knlib module in its .py source, never in a compiled file.
    def find_spec(self, name, path=None, target=None):
        if name != "knlib" and not name.startswith("knlib."):
            return None
        for folder in (path or sys.path):
            base = os.path.join(folder, name.rpartition(".")[2])
            init = os.path.join(base, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(
                    name, init, submodule_search_locations=[base])
            if os.path.isfile(base + ".py"):
                return importlib.util.spec_from_file_location(name, base + ".py")
        return None

sys.meta_path.insert(0, Sources())
sys.path.insert(0, {tests!r})
import test_compiled_engine as t
from knlib.compiled import compiled_modules
assert not compiled_modules(), compiled_modules()
print(json.dumps(t.deals(int(sys.argv[1]))))
"""


def _play(game: str, players: int, seed: int, how: str) -> list[object]:
    """One deal: its actions, payments and result kind."""
    d = knlib.new_deal(game, seed=seed, players=players, dealer=seed % players)
    rng = random.Random(seed)
    rp = RulePlayer()
    acts: list[str] = []
    while not d.is_over:
        if how == "random":
            legal = d.legal_actions()
            a = legal[int(rng.random() * len(legal))]
        else:
            a = rp.choose(d)
        acts.append(str(a))
        d.apply(a)
    return [" / ".join(acts), list(d.result.payments), str(d.result.kind)]


def deals(n: int) -> dict[str, list[list[object]]]:
    """``n`` seeded deals of every game and table size, played at random and by
    RulePlayer in every seat."""
    out = {}
    for game in knlib.GAMES:
        for players in knlib.new_deal(game).proc.players:
            for how in ("random", "rules"):
                out[f"{game} {players} {how}"] = [_play(game, players, s, how)
                                                  for s in range(n)]
    return out


def _compiled() -> list[str]:
    import knlib.engine.state  # noqa: F401  (the engine and players this test plays)
    import knlib.players.rule_player  # noqa: F401

    return compiled_modules()


@pytest.mark.skipif(not _compiled(), reason="knlib's engine runs pure Python here")
def test_compiled_and_pure_engines_play_the_same_deals():
    assert "knlib.engine.state" in _compiled()
    here = deals(DEALS)
    env = {**os.environ, "KNLIB_PURE": "1", "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-c", PURE_CHILD.format(tests=str(ROOT / "tests")), str(DEALS)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    pure = json.loads(child.stdout)
    assert pure.keys() == here.keys()
    for key in here:
        for seed, (a, b) in enumerate(zip(here[key], pure[key], strict=True)):
            assert a == b, f"{key}, seed {seed}: compiled {a} != pure {b}"
