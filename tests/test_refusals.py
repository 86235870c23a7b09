"""The engine, the players and the analysis refuse bad input at the entry: a RulesError
that names the value, and every state left as it was (issue 36, item 7); and hints and
reviews keep to a time limit in every game, at every table size.

Each case below escaped before as a TypeError, an AttributeError, an OverflowError, or
was accepted (a negative seed dealt the deal of its absolute value; a stored seed could
contradict the stored deck).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import knlib
from knbook.course.puzzles import puzzle_at, puzzles
from knlib.analysis import review, solve
from knlib.analysis.advice import (
    hint,
    outcome_words,
    review_record,
    summarise_review,
    trick_numbers,
)
from knlib.analysis.player import SolverPlayer
from knlib.engine import Observer
from knlib.errors import RulesError
from knlib.players.bots import RandomPlayer, RulePlayer, SamplingPlayer, hidden_world

HUGE = 10**400
ENORMOUS = 10**5000  # past the 4300 digits that repr() writes


def in_play(game: str = "knueffeln", seed: int = 54, players: int | None = None,
            tricks: int = 4) -> knlib.Deal:
    """A deal of rule-based play, ``tricks`` tricks in."""
    d = knlib.new_deal(game, seed=seed, players=players)
    p = RulePlayer()
    while len(d.tricks) < tricks and not d.is_over:
        d.apply(p.choose(d))
    return d


def played(game: str = "knueffeln", seed: int = 54, players: int | None = None) -> knlib.Deal:
    return in_play(game, seed, players, tricks=99)


def opening_lead(game: str, players: int | None, seed: int = 1) -> knlib.Deal:
    """The first decision of the play: the largest position a hint is asked about."""
    d = knlib.new_deal(game, seed=seed, players=players)
    p = RulePlayer()
    while d.phase != "play":
        d.apply(p.choose(d))
    return d


DEAL = in_play()
OVER = played()

#: (name, the call, the text the message must hold: the value as written).
CASES: list[tuple[str, Callable[[], Any], str]] = [
    # The cases.
    ("Session.record(None)", lambda: knlib.Session("knueffeln").record(None), "None"),
    ("hint(None)", lambda: hint(None), "None"),
    ("hint(max_cards='6')", lambda: hint(DEAL, max_cards="6"), "'6'"),
    ("solve(options='x')", lambda: solve(DEAL, options="x"), "'x'"),
    ("solve(tt='x')", lambda: solve(DEAL, tt="x"), "'x'"),
    ("SamplingPlayer(seed=[1])", lambda: SamplingPlayer(seed=[1]), "[1]"),
    ("SolverPlayer(seed=[1])", lambda: SolverPlayer(seed=[1]), "[1]"),
    ("SamplingPlayer(time_budget=10**400)", lambda: SamplingPlayer(time_budget=HUGE), "401 digits"),
    ("SolverPlayer(time_budget=10**400)", lambda: SolverPlayer(time_budget=HUGE), "401 digits"),
    ("RulePlayer().choose(None)", lambda: RulePlayer().choose(None), "None"),
    ("RandomPlayer().choose(None)", lambda: RandomPlayer(1).choose(None), "None"),
    ("SamplingPlayer().choose(None)", lambda: SamplingPlayer(seed=1).choose(None), "None"),
    ("SolverPlayer().choose(None)", lambda: SolverPlayer(seed=1).choose(None), "None"),
    ("RulePlayer()(5)", lambda: RulePlayer()(5), "5"),
    # More of the same kind.
    ("Session.record('deal')", lambda: knlib.Session("knueffeln").record("deal"), "'deal'"),
    ("new_deal(seed and deck)", lambda: knlib.new_deal("knueffeln", seed=3, deck=DEAL.deck),
     "seed 3"),
    ("Deal.side_of(None)", lambda: DEAL.side_of(None), "None"),
    ("Deal.side_of(-1)", lambda: DEAL.side_of(-1), "-1"),
    ("Deal.side_of(True)", lambda: DEAL.side_of(True), "True"),
    ("Deal.side_of(10**5000)", lambda: DEAL.side_of(ENORMOUS), "5001 digits"),
    ("Deal.side_name(2)", lambda: DEAL.side_name(2), "2"),
    ("Deal.card_symbol(None)", lambda: DEAL.card_symbol(None), "None"),
    ("Deal.resample_hidden(seat=None)",
     lambda: DEAL.resample_hidden(None, random.Random(1)), "None"),
    ("Deal.resample_hidden(seat=4)", lambda: DEAL.resample_hidden(4, random.Random(1)), "4"),
    ("Deal.resample_hidden(rng=5)", lambda: DEAL.resample_hidden(0, 5), "5"),
    ("hidden_world(seat='0')", lambda: hidden_world(DEAL, "0", random.Random(1)), "'0'"),
    ("Observer(None).observe", lambda: Observer(None).observe(DEAL), "None"),
    ("Observer(2.5).unseen", lambda: Observer(2.5).unseen(DEAL), "2.5"),
    ("Observer(0).observe(None)", lambda: Observer(0).observe(None), "None"),
    ("hint(who=5)", lambda: hint(DEAL, who=5), "5"),
    ("hint(time_limit=0)", lambda: hint(DEAL, time_limit=0), "time_limit=0"),
    ("hint(time_limit='1')", lambda: hint(DEAL, time_limit="1"), "'1'"),
    ("hint(time_limit=nan)", lambda: hint(DEAL, time_limit=float("nan")), "nan"),
    ("hint(time_limit=True)", lambda: hint(DEAL, time_limit=True), "True"),
    ("hint(max_cards=10**5000)", lambda: hint(DEAL, max_cards=[1]), "[1]"),
    ("review(progress=5)", lambda: review(OVER, progress=5), "5"),
    ("review(time_limit=-1)", lambda: review(OVER, time_limit=-1), "-1"),
    ("review(max_cards=2.5)", lambda: review(OVER, max_cards=2.5), "2.5"),
    ("review(tt=[])", lambda: review(OVER, tt=[], progress=False), "[]"),
    ("summarise_review(None)", lambda: summarise_review(None), "None"),
    ("summarise_review(entries=5)", lambda: summarise_review(OVER, 5), "5"),
    ("summarise_review(entries=['S3'])", lambda: summarise_review(OVER, ["S3"]), "['S3']"),
    ("summarise_review(time_limit=10**5000)",
     lambda: summarise_review(OVER, time_limit=-ENORMOUS), "5001 digits"),
    ("review_record(None)", lambda: review_record(None, []), "None"),
    ("outcome_words(value='x')", lambda: outcome_words(DEAL, "x"), "'x'"),
    ("outcome_words(value=2.5)", lambda: outcome_words(DEAL, 2.5), "2.5"),
    ("puzzle_at(seed=None)", lambda: puzzle_at("knueffeln", None, 10), "None"),
    ("puzzle_at(seed='1')", lambda: puzzle_at("knueffeln", "1", 10), "'1'"),
    ("puzzle_at(steps=10**400)", lambda: puzzle_at("knueffeln", 1, HUGE), "1000"),
    ("puzzles(seeds=5)", lambda: puzzles("knueffeln", 5), "5"),
    ("puzzles(seeds=['a'])", lambda: puzzles("knueffeln", ["a"]), "'a'"),
    ("puzzles(min_cards=None)", lambda: puzzles("knueffeln", range(2), min_cards=None), "None"),
    ("puzzles(limit=0)", lambda: puzzles("knueffeln", range(2), limit=0), "0"),
    ("RulePlayer(bluff_rate=None)", lambda: RulePlayer(bluff_rate=None), "None"),
    ("RulePlayer(talk_seed=2.5)", lambda: RulePlayer(talk_seed=2.5), "2.5"),
    ("RandomPlayer(seed=True)", lambda: RandomPlayer(True), "True"),
    ("SamplingPlayer(samples=10**400)", lambda: SamplingPlayer(samples=HUGE), "1000"),
    ("SamplingPlayer(clock=5)", lambda: SamplingPlayer(clock=5), "5"),
    ("SamplingPlayer(engine=10**5000)", lambda: SamplingPlayer(engine=ENORMOUS), "5001 digits"),
    ("SamplingPlayer(time_budget=10**5000)",
     lambda: SamplingPlayer(time_budget=ENORMOUS), "5001 digits"),
    ("SolverPlayer(samples=10**400)", lambda: SolverPlayer(samples=HUGE), "1000"),
    ("SolverPlayer(early_samples=0)", lambda: SolverPlayer(early_samples=0), "0"),
    ("SolverPlayer(blend=10**400)", lambda: SolverPlayer(blend=HUGE), "401 digits"),
    ("SolverPlayer(inference_pool=10**400)", lambda: SolverPlayer(inference_pool=HUGE), "1000"),
    ("SolverPlayer(inference=10**5000)", lambda: SolverPlayer(inference=ENORMOUS), "5001 digits"),
    ("SolverPlayer(clock=None)", lambda: SolverPlayer(clock=None), "None"),
    ("SolverPlayer(playouts='no')", lambda: SolverPlayer(playouts="no"), "'no'"),
    ("SolverPlayer(playouts=0)", lambda: SolverPlayer(playouts=0), "0"),
]


@pytest.mark.parametrize("name,call,value", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_refused_naming_the_value(name: str, call: Callable[[], Any],
                                               value: str) -> None:
    before, over = DEAL.to_json(), OVER.to_json()
    with pytest.raises(RulesError) as refused:
        call()
    assert value in str(refused.value), str(refused.value)
    assert DEAL.to_json() == before and OVER.to_json() == over


def test_a_negative_seed_deals_its_own_deal_again_and_again() -> None:
    """Seed -5 dealt seed 5's cards (random.Random takes the absolute value)."""
    for game in ("knueffeln", "karniffel", "karnoeffel", "styrivolt"):
        minus, plus = knlib.new_deal(game, seed=-5), knlib.new_deal(game, seed=5)
        assert minus.deck != plus.deck
        assert knlib.new_deal(game, seed=-5).deck == minus.deck
        assert knlib.Deal.from_json(minus.to_json()).to_json() == minus.to_json()
    # A session's deals too: seed -1 is not seed 1's session.
    assert ([d.deck for d in knlib.Session("knueffeln", seed=-1).play(2)]
            != [d.deck for d in knlib.Session("knueffeln", seed=1).play(2)])


@pytest.mark.parametrize("field,value", [("seed", 55), ("cut", 17), ("redeals",
                                                                      [["D6", "DQ", "DJ", "D9"]])])
def test_a_stored_seed_that_contradicts_the_stored_deal_is_refused(field: str,
                                                                   value: Any) -> None:
    stored = json.loads(DEAL.to_json())
    assert stored["seed"] == 54 and stored[field] != value
    stored[field] = value
    with pytest.raises(RulesError, match=f"{field} .*contradict"):
        knlib.Deal.from_json(json.dumps(stored))
    # Without a seed the deck stands as stored.
    stored["seed"], stored["cut"], stored["redeals"] = None, 17, []
    assert knlib.Deal.from_json(json.dumps(stored)).deck == DEAL.deck


def test_a_player_refuses_a_bad_seed_when_made_not_at_its_first_choice() -> None:
    for make in (RandomPlayer, lambda seed: SamplingPlayer(seed=seed),
                 lambda seed: SolverPlayer(seed=seed), lambda seed: RulePlayer(talk_seed=seed)):
        for bad in ([1], 2.5, b"1", True, object()):
            with pytest.raises(RulesError, match="seed"):
                make(bad)


# -- the time limit of hints and reviews -----------------------------------------------------------

#: Every game and table size with a solver, at its opening lead (six-player Karniffel's five
#: cards a hand took 36.8 s to hint at; four-player Knüffeln's nine up to minutes).
OPENINGS = [("karniffel", 6), ("karniffel", 4), ("knueffeln", 4), ("knueffeln-hattstedt", 4),
            ("knueffeln-1924", 4), ("knueffeln-1938", 4), ("styrivolt", 4), ("karnoeffel", 4),
            ("karnoeffel-2024", 4)]
# (Two-player Karnoffel is solved from its opening lead in fewer trick starts than the
# search counts between two looks at the clock: nothing to cut.)


@pytest.mark.parametrize("game,players", OPENINGS)
def test_a_hint_from_the_opening_lead_says_when_its_time_ran_out(game: str,
                                                                 players: int) -> None:
    """A limit far too short for any machine: the hint says it found no answer in time,
    and the deal is as it was."""
    d = opening_lead(game, players)
    before = d.to_json()
    with pytest.raises(RulesError, match=r"no hint within 1e-06 s"):
        hint(d, time_limit=1e-6)
    assert d.to_json() == before


@pytest.mark.parametrize("game,players", [("karniffel", 6), ("knueffeln", 4), ("styrivolt", 4),
                                          ("karnoeffel", 4), ("karnoeffel-2024", 4)])
def test_a_review_past_its_time_limit_keeps_the_last_decisions_and_says_so(
        game: str, players: int) -> None:
    d = played(game, seed=2, players=players)
    before = d.to_json()
    s = summarise_review(d, time_limit=1e-6, progress=False)
    entries = review(d, time_limit=1e-6, progress=False)
    assert entries.time_limit == 1e-6 and s.decisions == len(entries)
    decisions = trick_numbers(d)
    assert 0 < len(entries) < len(decisions)
    assert "time limit of 1e-06 s ran out before" in s.text.splitlines()[0]
    # The decisions kept are the deal's last ones, in order.
    assert [(e.seat, e.action, e.trick) for e in entries] == decisions[-len(entries):]
    assert d.to_json() == before


def test_a_review_within_its_time_limit_is_the_whole_review() -> None:
    d = played("karnoeffel-2024", seed=2, players=2)
    whole, limited = review(d, progress=False), review(d, progress=False, time_limit=600)
    assert limited.time_limit is None
    assert [(e.seat, e.action, e.before, e.after, e.sentence) for e in limited] == [
        (e.seat, e.action, e.before, e.after, e.sentence) for e in whole]
    assert "time limit" not in summarise_review(d, whole).text
