"""Values of the wrong type at the public entry points get a RulesError, never a TypeError,
with the pure sources and with the compiled modules of `make accel` alike.

Compiled code (mypyc) checks each argument against its annotation where it is called, so a
public function whose annotation is narrower than what it checks itself would raise
TypeError before its own check: these cases were found that way (session 17), and some of
them (a number for a list of cards, a list as an option's choice) also escaped the pure
sources. Run as a program, this file prints the cases that fail, as JSON.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import knlib
from knlib.analysis import solve
from knlib.analysis.advice import hint
from knlib.analysis.player import SolverPlayer
from knlib.cards import Card
from knlib.engine import Observer
from knlib.errors import RulesError
from knlib.players.bots import RandomPlayer, RulePlayer, SamplingPlayer

#: Values of every kind a caller might pass by mistake.
WRONG: tuple[object, ...] = (None, 5, 2.5, [1], ("S3",), {"a": 1}, b"S3", True, object(), "",
                             "zz", -1, 10**30)


def _calls(v: Any) -> dict[str, Callable[[], object]]:
    """Each public entry point called with ``v`` in one argument (the others valid)."""
    return {
        "new_deal(game)": lambda: knlib.new_deal(v),
        "new_deal(seed)": lambda: knlib.new_deal("knueffeln", seed=v),
        "new_deal(players)": lambda: knlib.new_deal("knueffeln", players=v),
        "new_deal(dealer)": lambda: knlib.new_deal("knueffeln", dealer=v),
        "Deal.apply": lambda: knlib.new_deal("knueffeln", seed=1).apply(v),
        "State.clone().apply": lambda: knlib.new_deal("knueffeln", seed=2).clone().apply(v),
        "Card": lambda: Card(v),
        "trick_winner(cards)": lambda: knlib.trick_winner("knueffeln", v, "HS"),
        "trick_winner(chosen)": lambda: knlib.trick_winner("knueffeln", ["D4", "S3"], v),
        "explain_trick(cards)": lambda: knlib.explain_trick("knueffeln", v, "HS"),
        "Session(dealer)": lambda: knlib.Session("knueffeln", dealer=v),
        "Session(seed)": lambda: knlib.Session("knueffeln", seed=v),
        "ruleset(option)": lambda: knlib.ruleset("knueffeln", ties=v),
        "Deal.from_hands(hands)": lambda: knlib.Deal.from_hands("knueffeln", v),
        "Deal.from_hands(dealer)": lambda: knlib.Deal.from_hands(
            "knueffeln", ["S3 S4 S5 S6", "H3 H4 H5 H6", "D3 D4 D5 D6", "C3 C4 C5 C6"],
            chosen="HS", dealer=v),
        "Deal.from_json": lambda: knlib.Deal.from_json(v),
        # The engine, the players and the analysis (issue 36, item 7).
        "Session.record": lambda: knlib.Session("knueffeln").record(v),
        "Deal.side_of": lambda: late().side_of(v),
        "Deal.resample_hidden(seat)": lambda: late().resample_hidden(v, random.Random(1)),
        "Observer(seat).observe": lambda: Observer(v).observe(late()),
        "RulePlayer.choose": lambda: RulePlayer().choose(v),
        "RandomPlayer(seed)": lambda: RandomPlayer(v),
        "SamplingPlayer(seed)": lambda: SamplingPlayer(seed=v),
        "SamplingPlayer(time_budget)": lambda: SamplingPlayer(time_budget=v),
        "SolverPlayer(seed)": lambda: SolverPlayer(seed=v),
        "SolverPlayer(time_budget)": lambda: SolverPlayer(time_budget=v),
        "hint(deal)": lambda: hint(v),
        "hint(max_cards)": lambda: hint(late(), max_cards=v),
        "hint(time_limit)": lambda: hint(late(), time_limit=v),
        "solve(options)": lambda: solve(late(), options=v),
        "solve(tt)": lambda: solve(late(), tt=v),
    }


def late() -> knlib.Deal:
    """A deal six tricks into the play (quick to solve)."""
    d = knlib.new_deal("knueffeln", seed=54)
    player = RulePlayer()
    while len(d.tricks) < 6:
        d.apply(player.choose(d))
    return d


def failures() -> list[str]:
    """Each call that raised anything but a RulesError, as 'call(value): the error'.
    Calls that succeed (a text seed, a valid dealer) are fine: only errors are checked."""
    out = []
    for v in WRONG:
        for name, call in _calls(v).items():
            try:
                call()
            except RulesError:
                pass
            except Exception as e:  # noqa: BLE001 - any other exception is the failure
                out.append(f"{name}({v!r}): {type(e).__name__}: {e}")
    return out


def test_wrong_types_get_rules_errors() -> None:
    assert failures() == []


def test_wrong_types_get_rules_errors_pure() -> None:
    """The same with the pure sources (KNLIB_PURE=1), whether or not `make accel` ran."""
    env = {**os.environ, "KNLIB_PURE": "1"}
    run = subprocess.run([sys.executable, str(Path(__file__))], capture_output=True,
                         text=True, env=env, check=True)
    assert json.loads(run.stdout.splitlines()[-1]) == []


if __name__ == "__main__":
    print(json.dumps(failures()))
