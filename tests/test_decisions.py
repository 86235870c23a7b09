"""Tests for the decision questions (knbook.course.decisions), the learning goals and the exam form.

The answers are checked again with the engine's public functions (trick_winner, role, the
Olen table, the dealer's seat), independently of the generators; every wrong option must
have its own feedback that names the option's card, seat or choice.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys

import pytest

import knbook.course
import knlib
from knbook import course
from knbook.course import (
    EVENINGS,
    GOALS,
    decision_questions,
    evening_questions,
    exam,
    goals_of,
    option_feedback,
    question,
    self_check_questions,
)
from knbook.course.decisions import DECISION_EVENING, DECISION_KINDS, check_decision, decision_html
from knlib import Card, RulesError

CHEAP = [k for k in DECISION_KINDS if k not in ("d_see_run", "d_jann", "d_five",
                                                 "d_hattstedt")]
ODDS = ["d_see_run", "d_jann", "d_five", "d_hattstedt"]
OLEN = {str(c) for c, *_ in knlib.games.knueffeln.OLEN}


def _independent(q: course.Question) -> list[int]:
    """The right options, from the engine's public functions (not the generators)."""
    g = q.game
    v = q.values
    if q.kind == "d_first_lead":
        return [i for i, seat in enumerate(v) if seat == (q.get("dealer") + 1) % 4]
    if q.kind == "d_second_suit":
        first = Card(v[0]).suit
        k = next(i for i, c in enumerate(v) if Card(c).suit != first)
        return [k]
    if q.kind == "d_sure_card":
        return [i for i, c in enumerate(v) if c in OLEN]
    if q.kind == "d_throw":
        trick = list(q.get("trick"))
        ahead = knlib.trick_winner(g, trick, q.chosen)
        return [i for i, c in enumerate(v) if knlib.role(g, c, q.chosen).klass == "dud"
                and knlib.trick_winner(g, [*trick, c], q.chosen) == ahead]
    if q.kind in ("d_cheapest", "d_hattstedt"):
        trick = list(q.get("trick"))
        takes = [knlib.trick_winner(g, [*trick, c], q.chosen) == len(trick) for c in v]
        if q.kind == "d_hattstedt":
            return [i for i, t in enumerate(takes) if t]
        rules = knlib.ruleset(g)
        low = min(rules.strength(Card(c), q.chosen) for c, t in zip(v, takes, strict=True) if t)
        return [i for i, (c, t) in enumerate(zip(v, takes, strict=True))
                if t and rules.strength(Card(c), q.chosen) == low]
    if q.kind == "d_safe_lead":
        unseen = q.get("unseen")
        return [i for i, c in enumerate(v)
                if all(knlib.trick_winner(g, [c, x], q.chosen) == 0 for x in unseen)]
    return check_decision(q)


def _check(q: course.Question) -> None:
    n = len(q.options)
    assert 2 <= n <= 6 and len(set(q.options)) == n
    assert len(q.feedback) == n == len(q.values)
    assert q.feedback[q.answer].startswith("Right")
    wrong = [f for i, f in enumerate(q.feedback) if i != q.answer]
    assert len(set(wrong)) == len(wrong), f"two wrong options share their feedback: {q}"
    assert not any(f.startswith("Right") for f in wrong)
    assert check_decision(q) == [q.answer], q
    assert _independent(q) == [q.answer], q
    assert course.correct_options(q) == [q.answer]
    assert q.goal in GOALS and GOALS[q.goal][0] == q.evening == DECISION_EVENING[q.kind]
    assert "Deal number" in q.prompt and "seed" not in q.prompt.lower()
    for i, o in enumerate(q.options):  # each feedback is about its own option
        sym = re.match(r"[♣♠♥♦][0-9AKQJ]+", o)
        if sym and q.kind != "d_second_suit":
            assert sym.group(0) in q.feedback[i]


@pytest.mark.parametrize("kind", CHEAP)
def test_decisions_are_right_with_distinct_feedback(kind: str) -> None:
    seen = set()
    for s in range(30):
        q = question(kind, s)
        _check(q)
        seen.add(q.prompt)
    assert len(seen) >= 20, "the seeds should give different positions"


@pytest.mark.parametrize("kind", ODDS)
@pytest.mark.slow
def test_decisions_weighed_by_playing_on(kind: str) -> None:
    for s in range(4):
        q = question(kind, s)
        _check(q)
        if kind != "d_hattstedt":
            ev = dict(q.extra)["ev"]
            unit = knlib.engine.deal.Deal.from_json(q.get("deal")).rules.stakes.basic
            assert all(ev[q.answer] - x >= unit for i, x in enumerate(ev) if i != q.answer)


def test_the_checkers_catch_a_wrong_answer() -> None:
    for kind in CHEAP:
        q = question(kind, 5)
        bad = dataclasses.replace(q, answer=(q.answer + 1) % len(q.options))
        assert _independent(bad) != [bad.answer]
        assert check_decision(bad) != [bad.answer]


def test_decisions_only_for_knueffeln() -> None:
    assert knbook.course.decisions.decision("d_cheapest", 1, "karnoeffel") is None
    assert not [k for k in course.kinds_for("karnoeffel") if k.startswith("d_")]
    with pytest.raises(RulesError, match="not a kind of decision question"):
        knbook.course.decisions.decision("d_guess", 1)


# ============================================================================================
# The evenings' decisions, goals and self-checks
# ============================================================================================


@pytest.mark.parametrize("k", sorted(EVENINGS))
@pytest.mark.slow
def test_every_evening_has_two_decisions(k: int) -> None:
    qs = decision_questions(k)
    assert len(qs) >= 2 and {q.evening for q in qs} == {k}
    page = course.evening_decisions(k).data
    assert page.count("class='knlib-decision'") == len(qs)
    assert page.count("type='radio'") == sum(len(q.options) for q in qs)
    assert "<script" not in page and "seed 0" not in page
    assert page.count("<svg") >= len(qs)  # every position has a picture


def test_decision_html_escapes_and_ids_are_unique() -> None:
    q = question("d_cheapest", 1)
    odd = dataclasses.replace(q, prompt="<b>x</b> & y", feedback=("<i>", *q.feedback[1:]))
    page = decision_html(odd, uid="u1")
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt; &amp; y" in page
    ids = re.findall(r"id='([^']+)'", course.evening_decisions(4).data)
    assert len(ids) == len(set(ids))


@pytest.mark.slow
def test_goals_are_data_and_every_goal_is_tested() -> None:
    for k, ev in EVENINGS.items():
        assert len(ev.goal_ids) == len(ev.goals) >= 3
        asked = (decision_questions(k) + self_check_questions(k)
                 + evening_questions(k, 6, f"exercises|{k}"))
        covered = {g for q in asked for g in goals_of(q)}
        missing = [g for g in ev.goal_ids if g not in covered]
        assert not missing, f"evening {k}: no question tests {missing}"
    assert len(GOALS) == sum(len(ev.goals) for ev in EVENINGS.values())
    md = course.learning_goals_myst(3)
    assert md.startswith("```{admonition} Learning goals") and "seed" not in md
    assert all(g in md for g in EVENINGS[3].goals)


@pytest.mark.slow
def test_self_checks_are_rebalanced() -> None:
    one = self_check_questions(1)
    chosen_suits = [q for q in one if q.kind in ("turn_up", "d_second_suit")]
    assert len(chosen_suits) <= len(one) // 2
    four = self_check_questions(4)
    pay = [q for q in four if q.kind in ("stakes", "payment")]
    assert len(pay) <= len(four) // 2
    assert {"d_exchange", "d_see_run", "d_jann", "d_five"} <= {q.kind for q in four}


@pytest.mark.slow
def test_every_option_has_its_own_feedback() -> None:
    for k in EVENINGS:
        for q in self_check_questions(k):
            fb = option_feedback(q)
            wrong = [f for i, f in enumerate(fb) if i != q.answer]
            assert len(set(wrong)) == len(wrong), q
    for s in range(15):
        q = question("trick_winner", s)
        fb = option_feedback(q)
        for i, step in enumerate(knlib.explain_trick(q.game, q.cards, q.chosen).steps):
            if i != q.answer:
                assert fb[i].startswith(f"Not {step.symbol}:")


def test_plural_agreement_in_hand_counts() -> None:
    ones = [q for q in (question("hand_count", s) for s in range(80)) if q.correct == "1"]
    assert ones
    for q in ones:
        assert re.search(r"So 1 of the cards \([^)]*\) is an? ", q.explanation), q.explanation
    many = [q for q in (question("hand_count", s) for s in range(40)) if q.correct not in "01"]
    assert all(" are " in q.explanation.splitlines()[-1] for q in many)


def test_self_check_shows_pictures_and_reader_citations() -> None:
    data = course.self_check_json(3)
    text = json.dumps(data, ensure_ascii=False)
    assert "<svg" in text and "seed 0" not in text and "README" not in text


# ============================================================================================
# The exam form and the diploma command
# ============================================================================================


@pytest.mark.slow
def test_diploma_for_marks_the_letters() -> None:
    paper = exam(3)
    letters = [q.letter for q in paper]
    d = course.diploma_for("Inke", seed=3, answers=" ".join(letters), date="2026-03-14")
    assert d.correct == 20
    letters[:5] = ["-"] * 5
    with pytest.raises(RulesError, match="below the pass mark"):
        course.diploma_for("Inke", seed=3, answers=" ".join(letters), date="2026-03-14")


def _cli(*args: str, cwd) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "knbook", "diploma", *args], cwd=cwd,
                          capture_output=True, text=True)


@pytest.mark.slow
def test_diploma_command(tmp_path) -> None:
    letters = " ".join(q.letter for q in exam(1))
    ok = _cli("--name", "Inke Petersen", "--paper", "1", "--answers", letters, "--date",
              "2026-03-14", "--out", str(tmp_path), cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert "Diploma for Inke Petersen: 100% (20 of 20 questions)" in ok.stdout
    assert (tmp_path / "diploma-inke-petersen.pdf").exists()
    short = _cli("--name", "Inke", "--seed", "1", "--answers", "A B", cwd=tmp_path)
    assert short.returncode == 2 and "2 answers given for a paper of 20" in short.stderr
    blank = _cli("--name", " ", "--seed", "1", "--answers", letters, cwd=tmp_path)
    assert blank.returncode == 2 and "empty or blank" in blank.stderr
    low = _cli("--name", "Inke", "--seed", "1", "--answers", "- " * 20, cwd=tmp_path)
    assert low.returncode == 2 and "below the pass mark" in low.stderr


# ============================================================================================
# Rules of thumb in the feedback, and the record every decision is built as
# ============================================================================================

#: The judgement calls, each taught by a rule of thumb; the other kinds ask a rule of the game.
THUMB_OF = {"d_cheapest": "take_cheaply", "d_safe_lead": "lead_holds", "d_exchange": "exchange",
            "d_see_run": "see_run", "d_jann": "jann", "d_five": "solo"}
AVERAGE_WORDS = re.compile(r"averag|ways the (unseen|other) cards|over \d+ ", re.I)


def _advised(q: course.Question) -> list[int]:
    """The options the named rule of thumb advises in the question's position."""
    from knbook.course.foundation.thumbs import THUMBS
    from knlib.engine.deal import Deal

    advice = THUMBS[q.get("thumb")].advise(Deal.from_json(q.get("deal")))
    good = {str(a.card) for a in advice.good} if q.kind in ("d_cheapest", "d_safe_lead") else {
        str(a) for a in advice.good}
    return [i for i, v in enumerate(q.values) if v in good]


def _check_thumb(q: course.Question) -> None:
    from knbook.course.foundation.thumbs import THUMBS
    from knlib.engine.deal import Deal

    assert q.get("thumb") == THUMB_OF.get(q.kind), q.kind
    assert check_decision(q) == [q.answer], q  # the engine's best (odds or the trick rules)
    for fb in q.feedback:
        assert not AVERAGE_WORDS.search(fb), fb
        assert "seed" not in fb and "McLeod" not in fb and "Eaton" not in fb, fb
    if q.get("thumb") is None:
        return
    thumb = THUMBS[q.get("thumb")]
    advice = thumb.advise(Deal.from_json(q.get("deal")))
    assert _advised(q) == [q.answer], q  # the rule of thumb's advice is the stated answer
    assert advice.fact in q.feedback[q.answer], q.feedback[q.answer]
    for fb in q.feedback:  # every option's feedback names the rule and the deciding fact
        assert f"“{thumb.name}”" in fb and advice.fact in fb, fb


@pytest.mark.parametrize("k", [3, 4, 5])
@pytest.mark.slow
def test_evening_decisions_teach_the_rule_of_thumb(k: int) -> None:
    qs = decision_questions(k)
    assert qs
    for q in qs:
        _check(q)
        _check_thumb(q)
    page = course.evening_decisions(k).data
    assert "averages" not in page and "Rules:" not in page and "seed 0" not in page
    # Evening 5's decisions (a true line of table talk, a Hattstedt trick) ask rules of the
    # game; Evenings 3 and 4 teach their rules of thumb.
    assert ("Rule of thumb" in page) == (k != 5)
    assert {q.kind for q in qs if q.get("thumb")} == {q.kind for q in qs} - {"d_say",
                                                                             "d_hattstedt"}


@pytest.mark.parametrize("kind", ["d_cheapest", "d_safe_lead", "d_exchange"])
def test_card_decisions_agree_with_their_rule_of_thumb(kind: str) -> None:
    for s in range(12):
        _check_thumb(question(kind, s))


@pytest.mark.parametrize("kind", ["d_see_run", "d_jann", "d_five"])
@pytest.mark.slow
def test_odds_decisions_agree_with_their_rule_of_thumb(kind: str) -> None:
    answers = set()
    for s in range(4):
        q = question(kind, s)
        _check_thumb(q)
        answers.add(q.values[q.answer])
    if kind != "d_jann":  # see and run, play alone and sit out are both asked
        assert len(answers) == 2, answers


def test_a_wrong_answer_contradicts_the_rule_of_thumb() -> None:
    q = question("d_cheapest", 3)
    bad = dataclasses.replace(q, answer=(q.answer + 1) % len(q.options))
    with pytest.raises(AssertionError):
        _check_thumb(bad)


def test_decisions_are_records_built_once() -> None:
    from knbook.course.decisions import DecisionQuestion, build, decision_record
    from knbook.course.decisions.record import RIGHT, WRONG

    rec = decision_record("d_safe_lead", 2)
    assert isinstance(rec, DecisionQuestion) and rec.thumb == "lead_holds"
    assert [v for v, _ in rec.feedback].count(RIGHT) == 1
    assert rec.feedback[rec.answer][0] == RIGHT and rec.explanation == rec.feedback[rec.answer][1]
    q = rec.as_question()
    assert q == question("d_safe_lead", 2)
    assert q.feedback[q.answer] == f"Right. {rec.explanation}" and q.explanation == rec.explanation
    assert all(q.feedback[i] == t for i, (v, t) in enumerate(rec.feedback) if v == WRONG)
    assert q.get("deal_number") == rec.position and q.get("thumb") == "lead_holds"
    args = dict(kind="d_x", evening=3, goal="e3-can-beat", title="T", position=1,
                question="Q?", options=["a", "b"], source="s", seed=1, values=[1, 2])
    ok = build(**args, feedback=[(WRONG, "no"), (RIGHT, "yes")])
    assert ok.answer == 1 and ok.thumb is None
    with pytest.raises(RulesError, match="exactly one right option"):
        build(**args, feedback=[(RIGHT, "no"), (RIGHT, "yes")])
    with pytest.raises(RulesError, match="share their text"):
        build(**args, feedback=[(WRONG, "same"), (RIGHT, "same")])
    with pytest.raises(RulesError, match="one feedback and one value per option"):
        build(**args, feedback=[(RIGHT, "yes")])
    with pytest.raises(RulesError, match="not a rule of thumb"):
        build(**args, feedback=[(WRONG, "no"), (RIGHT, "yes")], thumb="guess")
