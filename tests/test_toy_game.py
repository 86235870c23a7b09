"""A game added in one module (tests/toy_game.py) runs through the whole public API: the
registry takes it in for a while, and the sweep's random playouts (tests/test_api_sweep.py:
legal actions, refusals, JSON, observations), a session's score, the trick explanations,
the roles, the hands, the open questions, the players and the simulations all work on it
without any change elsewhere."""

from __future__ import annotations

import pytest
from test_api_sweep import playout
from toy_game import TOY, KarniffelWithoutSixes

import knlib
from knlib import RulesError
from knlib.cards import Card
from knlib.engine.scoring import Points, Session
from knlib.games import RULESETS, game_ids, registered, ruleset
from knlib.players.bots import RulePlayer, SamplingPlayer


@pytest.fixture
def toy():
    """The toy game, registered for one test."""
    with registered(KarniffelWithoutSixes):
        yield ruleset(TOY)


def test_the_registry_takes_the_toy_in_and_out():
    assert TOY not in RULESETS
    with pytest.raises(RulesError):
        knlib.new_deal(TOY)
    with registered(KarniffelWithoutSixes):
        assert game_ids()[-1] == TOY and ruleset(TOY).id == TOY
        with pytest.raises(RulesError), registered(KarniffelWithoutSixes):  # one id, one game
            pass
    assert TOY not in RULESETS and TOY not in game_ids()
    with pytest.raises(RulesError):
        knlib.new_deal(TOY)


def test_a_game_needs_its_procedure_and_stakes():
    class NoDeal(knlib.Ruleset):
        id = "no-deal"

    with pytest.raises(RulesError, match="procedure"), registered(NoDeal):
        pass
    with pytest.raises(RulesError), registered(object):
        pass


def test_the_toy_has_its_own_pack_and_order(toy):
    assert len(toy.pack) == 32 and not any(c.rank == 6 for c in toy.pack)
    with pytest.raises(RulesError):
        toy.check_card("H6")
    # Without the Pope the chosen Unter is the trump right below the Ober: it takes a led
    # chosen Daus here, and the Ober takes it.
    assert knlib.trick_winner(TOY, ["HA", "HJ"], "HS") == 1
    assert knlib.trick_winner(TOY, ["HA", "HJ", "SQ"], "HS") == 2
    assert knlib.ruleset("karniffel").pack != toy.pack


@pytest.mark.parametrize("seed", range(6))
def test_the_sweep_plays_the_toy(toy, seed):
    deal = playout(TOY, 4, seed)
    assert deal.is_over and deal.result is not None
    assert sorted(map(abs, deal.result.payments)) == [4, 4, 4, 4]  # 2 points x 2 winners


def test_a_session_scores_the_toy_in_its_points(toy):
    session = Session(TOY, seed=5)
    session.play(3)
    assert isinstance(session.score, Points) and session.deals == 3
    assert sum(session.totals) == 0 and all(abs(t) % 4 == 0 for t in session.totals)
    assert knlib.engine.scoring.deal_value(TOY, "game") == 2


def test_tricks_roles_hands_and_questions_of_the_toy(toy):
    trick = knlib.explain_trick(TOY, ["HA", "HJ", "SQ", "D7"], "HS")
    assert trick.winner == 2 and len(trick.steps) == 4 and trick.summary()
    roles = knlib.roles(TOY, "HS")
    assert set(roles) == set(toy.pack)
    assert knlib.role(TOY, "S8", "HS").card == Card("S8")
    hand = knlib.Hand("HA HJ SQ", game=TOY, chosen="HS")
    assert len(hand) == 3
    with pytest.raises(RulesError):
        knlib.Hand("H6", game=TOY)
    topics = {q.topic for q in knlib.open_questions(TOY)}
    assert "toy_cut" in topics and "beast_suits" in topics  # its own, and Karniffel's


def test_players_and_simulations_play_the_toy(toy):
    deal = knlib.new_deal(TOY, seed=2)
    players = [RulePlayer(), SamplingPlayer(samples=4, seed=1), RulePlayer(),
               knlib.players.bots.RandomPlayer(seed=3)]
    while not deal.is_over:
        mover = deal.to_move
        assert mover is not None
        deal.apply(players[mover].choose(deal))
    result = knlib.sim.simulate(TOY, 20, players=["rules"] * 4, seed=1, fast=False)
    assert sum(result.side_wins) == 20
