"""knlib.analysis.review: every decision of the play, judged with all cards face up.

The flags are derived, not echoed: a deal played along the solver's best line has no
flagged decision; a deal in which one decision provably throws the game away has that
decision, and only that one, flagged.
"""

from __future__ import annotations

import json
import random

import pytest

import knlib
from knlib import Deal, RulesError
from knlib.analysis import review, solve


def _to_play(game: str, seed: int, players: int | None = None) -> Deal:
    rng = random.Random(seed)
    deal = knlib.new_deal(game, seed=seed, players=players)
    while deal.phase != "play":
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _best_line(deal: Deal) -> Deal:
    for act in solve(deal).line:
        deal.apply(act)
    return deal


def _throw_away(game: str, players: int | None = None) -> tuple[Deal, int]:
    """A deal played best but for one decision that turns a won game into a lost one;
    returns the deal and the index of that decision among the play decisions."""
    for seed in range(200):
        deal = _to_play(game, seed, players)
        k = 0
        while not deal.is_over:
            sol = solve(deal, line=False)
            worse = [a for a, v in sol.values.items() if sol.value > 0 >= v]
            if worse and a_plain(worse):
                deal.apply(a_plain(worse)[0])
                return _best_line(deal), k
            deal.apply(sol.best[0])
            k += 1
    raise AssertionError("no deal with a decision that throws the game away")


def a_plain(actions: list[knlib.Action]) -> list[knlib.Action]:
    return [a for a in actions if a.kind == "play"]


@pytest.mark.slow
def test_best_line_flags_nothing() -> None:
    deal = _best_line(_to_play("karnoeffel", 4))
    r = review(deal, progress=False)
    assert len(r) == sum(len(t.cards) for t in deal.tricks)
    assert not any(e.changed for e in r)
    assert {e.before for e in r if e.side == r[0].side} == {r[0].before}
    assert "Neither side gained" in r.summary()
    assert "with all cards face up" in r.summary().lower()


@pytest.mark.parametrize(("game", "players"), [("karnoeffel", None),
                                                ("karnoeffel-2024", 2),
                                                ("karniffel", None)])
@pytest.mark.slow
def test_a_card_that_throws_the_game_away_is_flagged(game: str, players: int | None) -> None:
    deal, k = _throw_away(game, players)
    r = review(deal, progress=False)
    flagged = [i for i, e in enumerate(r) if e.changed]
    assert flagged == [k]
    e = r[k]
    assert e.before > 0 >= e.after
    assert e.cost == e.before - e.after
    assert "lost the game" in e.sentence
    assert "kept it" in e.sentence
    sym = e.action.card.german_symbol if deal.rules.german else e.action.card.symbol
    assert e.sentence.split(": ", 1)[1].startswith(f"{sym} in trick {e.trick}")
    other = deal.side_name(1 - e.side)
    assert f"{other} gained" in r.summary()
    # Every entry's values are the solver's, from the deciding side.
    assert all(isinstance(x.before, int) and x.after <= x.before for x in r)
    assert r[0].seat == deal.forehand or deal.rules.id == "karnoeffel-2024"


def test_entries_cover_every_decision_of_a_partly_played_deal() -> None:
    deal = _to_play("karnoeffel-2024", 9, 4)
    rng = random.Random(9)
    for _ in range(6):
        deal.apply(rng.choice(deal.legal_actions()))
    r = review(deal, progress=False)
    played = [(s, a) for s, a in deal.history if a.kind not in ("exchange", "pass")]
    assert [(e.seat, e.action) for e in r] == played
    assert deal.to_json() == Deal.from_json(deal.to_json()).to_json()


def test_bad_input() -> None:
    with pytest.raises(RulesError, match="not a deal"):
        review(None)
    deal = knlib.new_deal("knueffeln", seed=54)
    with pytest.raises(RulesError, match="no play to review"):
        review(deal)
    solo = knlib.new_deal("knueffeln", seed=5, players=5)
    solo.apply("play alone")
    while solo.phase != "play":
        solo.apply("pass")
    with pytest.raises(RulesError, match="solo"):
        review(solo)


def test_progress_bar_can_be_switched_off(capsys: pytest.CaptureFixture[str]) -> None:
    deal = _best_line(_to_play("karnoeffel-2024", 3, 2))
    review(deal, progress=False)
    assert capsys.readouterr().err == ""
    review(deal, progress=True)
    assert "review karnoeffel-2024" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["knueffeln", "styrivolt", "karniffel", "karnoeffel"])
def test_review_of_endings_equals_exhaustive_minimax(game: str) -> None:
    """Every entry of the review of a played ending (two cards a hand, then played to
    the end at random, face-down leads and runs included) against plain minimax: the
    values before and after, the flag, and the set of actions that kept the value. The
    review takes the value after a card from the next position's solve, and the value
    before a decision from the decision before: a wrong side or sign there fails here."""
    from tests.minimax import late_position
    from tests.test_analysis_solve import minimax

    checked = 0
    for seed in range(100):
        d = late_position(game, seed, 2, rng_seed=seed)
        if d is None:
            continue
        start = len(d.history)
        rng = random.Random(seed)
        while not d.is_over:
            d.apply(rng.choice(d.legal_actions()))
        r = review(d, progress=False, max_cards=2)
        assert len(r) == len(d.history) - start
        tail = r
        data = json.loads(d.to_json())
        history = data["history"]
        for k, e in enumerate(tail):
            data["history"] = history[:start + k]
            values = minimax(Deal.from_json(json.dumps(data)))
            best = max(values.values())
            assert (e.seat, e.action) == tuple(history[start + k][:1]) + (
                knlib.Action(history[start + k][1]),)
            assert (e.before, e.after, e.changed) == (best, values[e.action.text],
                                                      values[e.action.text] != best)
            assert {a.text for a in e.best} == {a for a, v in values.items() if v == best}
        checked += len(tail)
        if checked > 50:
            break
    assert checked > 50
