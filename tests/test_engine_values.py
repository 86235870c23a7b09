"""The engine's speed shortcuts make the values their constructors make (issue 28).

A state makes its tricks and results through :func:`knlib.engine.records.made_trick` and
:func:`~knlib.engine.records.made_result`, and a Game is sealed by
``knlib.engine.game._seal``: the one marked place for each. Here each value equals, field
for field, the one its class makes when called.
"""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import fields

import pytest

import knlib
from knlib.engine import Game, Result, Trick
from knlib.engine.records import made_result, made_trick

GAMES = ("knueffeln", "knueffeln-1924", "karniffel", "karnoeffel", "styrivolt")


def played(game: str, seed: int) -> knlib.Deal:
    deal = knlib.new_deal(game, seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("game", GAMES)
def test_tricks_and_results_equal_what_their_constructors_make(game):
    for seed in range(20):
        deal = played(game, seed)
        for t in deal.tricks:
            made = Trick(t.number, t.cards, t.seats, t.winner, t.face_down)
            assert type(t) is Trick and t == made and t.leader == t.seats[0]
        r = deal.result
        assert r is not None
        values = {f.name: getattr(r, f.name) for f in fields(Result)}
        again = Result(**values)
        assert type(r) is Result and r == again and repr(r) == repr(again)
        assert r.reason == again.reason and str(r) == r.reason


def test_the_shortcuts_make_the_same_values():
    t = made_trick((3, 2, (), (2, 3, 0, 1), 0, True))
    assert t == Trick(3, (), (2, 3, 0, 1), 0, True) and t.leader == 2 and t.face_down
    r = played("knueffeln", 1).result
    assert r is not None
    values = {f.name: getattr(r, f.name) for f in fields(Result)}
    assert made_result(values) == Result(**values)
    with pytest.raises(AttributeError):
        r.value = 5  # type: ignore[misc]


def test_a_game_is_sealed_when_made_and_when_copied():
    g = knlib.engine.new_game("karniffel", seed=4)
    for same in (g, pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert type(same) is Game and same.hands == g.hands and same.chosen == g.chosen
        with pytest.raises(AttributeError):
            same.dealer = 2  # type: ignore[misc]
