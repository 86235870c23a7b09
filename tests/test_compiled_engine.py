"""The compiled engine agrees with the pure one, deal for deal (issue 12's condition for an
optional accelerator: "a test checks that the two agree").

When knlib's engine runs compiled (``make accel``: mypyc, from the same sources), every
game is played here twice: in this process (compiled) and in a child process that runs
the pure modules (``KNLIB_PURE=1``, :mod:`knlib.accel`).
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
from knlib.players.bots import RulePlayer

ROOT = Path(__file__).resolve().parent.parent

#: Seeded deals of each game and way of playing (a tenth under KNLIB_QUICK).
DEALS = examples(2000)

#: The child process: knlib's pure modules (``KNLIB_PURE=1``), then :func:`deals` as JSON.
PURE_CHILD = """
import json, sys
sys.path.insert(0, {tests!r})
import knlib
assert not knlib.accelerated()
import test_compiled_engine as t
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
        for players in knlib.new_deal(game).rules.procedure.players:
            for how in ("random", "rules"):
                out[f"{game} {players} {how}"] = [_play(game, players, s, how)
                                                  for s in range(n)]
    return out


def _compiled() -> bool:
    """Whether the engine and the rule-based player run compiled here."""
    import knlib.engine.state
    import knlib.players.rule_player

    modules = (knlib.engine.state, knlib.players.rule_player)
    return knlib.accelerated() and not any(str(m.__file__).endswith(".py") for m in modules)


@pytest.mark.skipif(not _compiled(), reason="knlib's engine runs pure Python here (make accel)")
def test_compiled_and_pure_engines_play_the_same_deals():
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


def test_setting_copy_keeps_every_field() -> None:
    """``Setting.copy`` names its fields one by one (compiled code has no ``__slots__`` to
    loop over): a field added to FIELDS but not to the copy is unset in the copy, and reading
    it fails here, pure or compiled."""
    from knlib.engine.setting import FIELDS

    for game in ("knueffeln", "knueffeln-1924", "karniffel", "karnoeffel"):
        deal = knlib.new_deal(game, seed=3)
        original = deal._setting
        copy = original.copy()
        assert copy is not original
        for name in FIELDS:
            assert getattr(copy, name) == getattr(original, name), (game, name)
