"""Issue 12, item 6: the solver player's layouts weighed by the play so far
(``SolverPlayer(inference=q)``, :mod:`knlib.analysis.inference`) and its layout hook."""

from __future__ import annotations

import random

import pytest

import knlib
from knlib import RulesError
from knlib.analysis.inference import PastPlays
from knlib.analysis.player import SolverPlayer
from knlib.players.bots import RandomPlayer, RulePlayer, hidden_world


def played_to(players: list, seed: int, cards: int = 6) -> knlib.Deal:
    """A Knüffeln deal played by ``players`` until no hand holds more than ``cards``."""
    d = knlib.new_deal("knueffeln", seed=seed, dealer=seed % 4)
    while not d.is_over and max(len(d.hands[s]) for s in d.active) > cards:
        d.apply(players[d.to_move].choose(d))
    return d


def rule_deals(n: int) -> list[knlib.Deal]:
    out, seed = [], 0
    while len(out) < n:
        d = played_to([RulePlayer() for _ in range(4)], seed)
        seed += 1
        if not d.is_over and d.phase == "play":
            out.append(d)
    return out


def test_a_rule_played_deal_fits_its_true_layout_and_not_every_other():
    # Every past decision was the habits' own: in the true layout each is what the habits
    # choose again, once each hand is rebuilt as it stood (its cards now plus those played
    # since), so the true layout keeps the full weight. Other layouts of the unseen cards
    # put other hands behind the same plays, and some of them lose weight.
    for d in rule_deals(3):
        seat = d.to_move
        past = PastPlays(d, seat)
        assert len(past.points) >= 3
        assert past.weight(d, 0.5) == 1.0
        rng = random.Random(1)
        weights = [past.weight(hidden_world(d, seat, rng), 0.5) for _ in range(30)]
        assert min(weights) < 1.0
        # each play unlike the habits halves the weight (q = 0.5)
        assert set(weights) <= {0.5 ** k for k in range(20)} | {0.0}


def test_a_layout_where_a_past_play_was_not_legal_weighs_nothing():
    # Random players made the decisions: in the true layout every one was legal, so the
    # weight is above 0 however unlike the habits they were.
    for seed in range(3):
        d = played_to([RandomPlayer(seed=seed * 4 + s) for s in range(4)], seed)
        if d.is_over or d.phase != "play":
            continue
        assert PastPlays(d, d.to_move).weight(d, 0.9) > 0
    # A layout that gives a seat a card it has already played cannot be built: the past
    # positions check every card (the engine's with_hidden), and so does the weight.
    d = rule_deals(1)[0]
    past = PastPlays(d, d.to_move)
    before, action, _ = next(p for p in past.points if p[1].kind == "play")
    assert action in before.legal_actions()
    bad = [list(h) for h in before.hands]
    mover = before.to_move
    other = next(s for s in range(4) if s != mover and bad[s])
    card = action.card
    bad[mover].remove(card)
    bad[mover].append(bad[other].pop())
    bad[other].append(card)
    moved = before.with_hidden(bad, before.stock)
    assert action not in moved.legal_actions()


def test_nothing_is_weighed_while_a_face_down_card_waits_for_an_answer():
    for seed in range(40):
        ps = [RandomPlayer(seed=seed * 4 + s) for s in range(4)]
        d = knlib.new_deal("knueffeln", seed=seed, dealer=seed % 4)
        while not d.is_over and not (d.phase == "answer" and len(d.tricks) >= 2):
            d.apply(ps[d.to_move].choose(d))
        if d.is_over:
            continue
        # the same seat one decision later, when the face-down card is seen, weighs again
        seen = d.copy()
        seen.apply("see")
        assert PastPlays(d, d.to_move).points == []
        assert PastPlays(seen, d.to_move).points != []
        return
    pytest.fail("no face-down lead waiting for an answer in 40 deals")


def test_inference_draws_the_layouts_that_fit_the_play():
    d = rule_deals(1)[0]
    seat = d.to_move
    plain = SolverPlayer(samples=8, seed=3)
    weighed = SolverPlayer(samples=8, seed=3, inference=0.9, inference_pool=6)
    drawn_plain = plain.layouts(d, seat)
    drawn = weighed.layouts(d, seat)
    assert [c for _, c in drawn_plain] == [1] * 8
    assert sum(c for _, c in drawn) == 8
    past = PastPlays(d, seat)
    mean = sum(past.weight(w, 0.9) * c for w, c in drawn) / 8
    mean_plain = sum(past.weight(w, 0.9) for w, _ in drawn_plain) / 8
    # q = 0.9: a layout with one past play unlike the habits weighs a tenth; the draws
    # favour the layouts that fit
    assert mean > mean_plain
    assert weighed.choose(d) in d.legal_actions()
    assert sum(1 for _ in weighed.last_scores) == len(d.legal_actions())


def test_the_layout_hook_gives_the_exact_phase_its_layouts():
    d = rule_deals(1)[0]

    class TrueLayout(SolverPlayer):
        def layout(self, deal: knlib.Deal, seat: int) -> knlib.Deal:
            return deal.copy()

    p = TrueLayout(samples=3, seed=1)
    p.choose(d)
    # every layout is the true one: each action wins in all three or in none
    assert {w for _, w, _ in p.last_scores} <= {0.0, 1.0}


def test_inference_refuses_bad_parameters():
    for bad in (1, 1.5, -0.1, True, "0.5"):
        with pytest.raises(RulesError, match="inference"):
            SolverPlayer(inference=bad)
    for bad in (0, -2, 1.5, True):
        with pytest.raises(RulesError, match="inference_pool"):
            SolverPlayer(inference_pool=bad)
