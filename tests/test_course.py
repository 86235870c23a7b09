"""Tests for knbook.course (questions, exam, scoring, exercises, self-checks, the exam form)
and knbook.course.diploma.

Every generated question is checked again here, independently of the generator, with the
engine's public functions (trick_winner, role, claims_true, the deal's result, ...): its
stated answer must be right and every other option wrong. The checker itself is shown to
fail on a question whose answer index has been tampered with.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from fractions import Fraction
from itertools import combinations

import pytest
from budget import examples

import knbook.course
import knlib
import knlib.render.display
from knbook import course
from knbook.course import (
    EVENINGS,
    KINDS,
    Question,
    correct_options,
    evening_questions,
    exam,
    exercises_myst,
    kinds_for,
    question,
    score,
    self_check_html,
    self_check_json,
)
from knbook.course.diploma import diploma
from knlib import Card, RulesError

SEEDS = range(examples(25))


# ============================================================================================
# An independent checker: which options does the engine find correct?
# ============================================================================================


def _combos(game: str) -> list[tuple[str, ...]]:
    rules = knlib.ruleset(game)
    return [tuple(c) for c in combinations(knlib.SUITS, rules.n_chosen)]


def _top_cards(game: str) -> set[str]:
    from knlib.games.karniffel import BEASTS
    from knlib.games.knueffeln import OLEN

    if game == "karniffel":
        return {str(c) for c, _, _ in BEASTS}
    return {str(c) for c, _, _, _ in OLEN}


def _turn_up_rule(turned: list[Card]) -> tuple[str, ...] | None:
    """Seed 000, 'The Deal and Exchange': turn until a second suit shows; four of one suit
    means a redeal. The chosen suits are the first suit and the different one."""
    first = turned[0].suit
    for i, c in enumerate(turned[1:], 1):
        if c.suit != first:
            return tuple(sorted({first, c.suit}, key=knlib.SUITS.index))
        if i + 1 == 4:
            return None
    return None


def right_options(q: Question) -> list[int]:
    """The indices of the options the engine finds correct, from the question's data."""
    g = q.game
    n = len(q.options)
    if q.kind == "trick_winner":
        w = knlib.trick_winner(g, list(q.cards), q.chosen, first_trick=q.first_trick)
        return [w]
    if q.kind == "role":
        label = knlib.role(g, q.card, q.chosen).label
        return [i for i in range(n) if q.options[i] == label]
    if q.kind == "hand_count":
        roles = knlib.roles(g, q.chosen)
        k = sum(roles[Card(c)].klass == q.get("klass") for c in q.hand)
        return [i for i in range(n) if q.options[i] == str(k)]
    if q.kind == "can_beat":
        trick = list(q.trick)
        takers = {c for c in q.hand
                  if knlib.trick_winner(g, [*trick, c], q.chosen) == len(trick)}
        return [i for i in range(n) if set(q.values[i]) == takers]
    if q.kind == "pack":
        pack = {str(c) for c in knlib.pack(g)}
        if q.variant == "size":
            return [i for i in range(n) if q.options[i] == str(len(pack))]
        return [i for i in range(n) if q.values[i] not in pack]
    if q.kind == "ole":
        tops = _top_cards(g)
        if q.variant == "name":
            term = knlib.role(g, q.card, _combos(g)[0]).term
            return [i for i in range(n) if q.options[i] == term]
        if q.variant == "which":
            return [i for i in range(n) if q.values[i] in tops]
        out = []
        for i, c in enumerate(q.values):
            others = [x for x in q.values if x != c]
            if all(knlib.trick_winner(g, [x, c], ch) == 1 and knlib.trick_winner(g, [c, x], ch)
                   == 0 for x in others for ch in _combos(g)):
                out.append(i)
        return out
    if q.kind == "turn_up":
        turned = [Card(c) for c in q.cards]
        if q.variant == "face_up":
            low = min(range(len(turned)), key=lambda i: (turned[i].rank, i))
            return [i for i in range(n) if q.values[i] == turned[low].suit]
        got = _turn_up_rule(turned)
        return [i for i in range(n) if q.values[i] == got]
    if q.kind == "stakes":
        from knlib.engine.scoring import payments, stakes

        st = stakes(g)
        seats = len(q.seats)
        sides = (tuple(range(0, seats, 2)), tuple(range(1, seats, 2)))
        v = st.value(q.get("value_kind"), q.get("turns"))
        amount = payments(seats, sides, q.get("receiving"), v, st.pays)[q.get("seat")] \
            if q.get("money") else v
        return [i for i in range(n) if q.values[i] == amount]
    if q.kind == "payment":
        from knlib.engine.deal import Deal

        res = Deal.from_json(q.get("deal")).result
        amount = res.payments[q.get("seat")] if q.get("money") else res.value
        return [i for i in range(n) if q.values[i] == amount]
    if q.kind == "phrase":
        from knlib.players.talk import phrase

        asked = phrase(q.phrase)
        return [i for i in range(n) if q.options[i] == asked.claim_text
                or (asked.test is not None and phrase(q.values[i]).test is asked.test)]
    if q.kind == "truthful":
        from knlib.players.talk import claims_true

        return [i for i in range(n) if claims_true(q.values[i], list(q.hand), q.chosen, g)]
    raise AssertionError(f"no checker for {q.kind}")


# The decision questions ("what would you do?") are checked in tests/test_decisions.py.
CASES = [(g, k) for g in knlib.GAMES for k in kinds_for(g) if not k.startswith("d_")]


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_every_answer_is_right_and_every_other_option_wrong(game: str, kind: str) -> None:
    seen = set()
    for s in SEEDS:
        q = question(kind, s, game=game)
        assert q.kind == kind and q.game == knlib.ruleset(game).id
        assert 3 <= len(q.options) <= 6, q
        assert len(set(q.options)) == len(q.options), f"options repeat: {q}"
        assert len(q.values) == len(q.options)
        assert 0 <= q.answer < len(q.options)
        assert q.explanation.strip() and q.source.strip() and q.prompt.strip()
        assert right_options(q) == [q.answer], f"seed {s}: {q}\n{q.explanation}"
        assert correct_options(q) == [q.answer]
        assert q.evening == course.KIND_EVENING[kind]
        seen.add((q.prompt, q.options))
    assert len(seen) >= 3, "the seeds should give different questions"


def test_the_checker_catches_a_wrong_answer() -> None:
    """The checker would fail a question whose stated answer is not the engine's."""
    for kind in kinds_for("knueffeln"):
        if kind.startswith("d_"):
            continue
        q = question(kind, 3)
        wrong = dataclasses.replace(q, answer=(q.answer + 1) % len(q.options))
        assert right_options(wrong) != [wrong.answer], kind


def test_trick_question_contract() -> None:
    for s in range(examples(40)):
        for game in knlib.GAMES:
            q = question("trick_winner", s, game=game)
            assert isinstance(q.cards, tuple) and all(isinstance(c, str) for c in q.cards)
            assert len(q.options) == len(q.cards)
            assert q.answer == knlib.trick_winner(q.game, q.cards, q.chosen,
                                                  first_trick=q.first_trick)
            # Each option names the card in that position of the trick.
            label = knlib.render.display.card_label
            for i, c in enumerate(q.cards):
                assert label(c, q.game) in q.options[i]
            assert isinstance(q.first_trick, bool)


def test_first_trick_questions_respect_the_first_trick_rules() -> None:
    firsts = [question("trick_winner", s, game="karniffel") for s in range(80)]
    firsts = [q for q in firsts if q.first_trick]
    assert firsts, "some Karniffel questions should be about the first trick"
    for q in firsts:
        lead = Card(q.cards[0])
        assert not (lead.suit in q.chosen and lead.rank == 7)  # seed 002: no chosen Seven led


def test_kinds_per_game() -> None:
    assert set(kinds_for("knueffeln")) == set(KINDS)
    assert "phrase" not in kinds_for("karnoeffel")  # the phrasebook is Knüffeln's
    assert "ole" not in kinds_for("karnoeffel-2024")
    with pytest.raises(RulesError, match="no questions of the kind 'phrase'"):
        question("phrase", 1, game="styrivolt")
    with pytest.raises(RulesError, match="not a kind of question"):
        question("riddle", 1)
    with pytest.raises(RulesError, match="not a seed"):
        question("role", 1.5)  # type: ignore[arg-type]


# ============================================================================================
# The exam and its marking
# ============================================================================================


@pytest.mark.slow
def test_same_seed_same_exam_and_different_seeds_differ() -> None:
    a, b = exam(7), exam(7)
    assert a == b and [q.prompt for q in a] == [q.prompt for q in b]
    assert exam("anna") == exam("anna")
    papers = {tuple(q.prompt for q in exam(s)) for s in range(6)}
    assert len(papers) == 6


@pytest.mark.slow
def test_exam_spreads_over_the_five_evenings() -> None:
    paper = exam(1)
    assert len(paper) == 20
    assert [q.evening for q in paper] == sorted(q.evening for q in paper)
    counts = {k: sum(q.evening == k for q in paper) for k in EVENINGS}
    assert counts == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4}
    assert len({q.prompt for q in paper}) == 20
    assert {q.kind for q in paper} >= {"trick_winner", "role", "phrase", "payment"}
    assert len(exam(1, n=23)) == 23
    # Karnöffel has no table talk: its exam covers four evenings.
    k = exam(1, game="karnoeffel")
    assert len(k) == 20 and {q.evening for q in k} == {1, 2, 3, 4}
    with pytest.raises(RulesError):
        exam(1, n=0)


@pytest.mark.slow
def test_exam_is_independent_of_the_hash_seed() -> None:
    import subprocess
    import sys

    code = ("import knbook.course as c; print([(q.kind, q.prompt, q.answer) "
            "for q in c.exam(11)])")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={"PYTHONHASHSEED": h, "PATH": ""}, check=True).stdout
            for h in ("1", "2")}
    assert len(outs) == 1


@pytest.mark.slow
def test_score() -> None:
    paper = exam(2)
    right = [q.answer for q in paper]
    r = score(paper, right)
    assert (r.correct, r.total, r.fraction, r.passed) == (20, 20, 1.0, True)

    def with_wrong(k: int) -> list[int | None]:
        out: list[int | None] = list(right)
        for i in range(k):
            out[i] = (out[i] + 1) % len(paper[i].options)
        return out

    assert score(paper, with_wrong(4)).passed  # 16/20 = 80%: exactly the pass mark
    assert score(paper, with_wrong(4)).fraction == 0.8
    assert not score(paper, with_wrong(5)).passed  # 15/20
    assert score(paper, with_wrong(6), pass_mark=0.7).passed
    assert score(paper, with_wrong(4)).needed == 16
    r = score(paper, [None] * 20)
    assert r.correct == 0 and not r.passed
    assert score(paper, {i: a for i, a in enumerate(right)}).correct == 20
    with pytest.raises(RulesError, match="19 answers given for an exam of 20"):
        score(paper, right[:-1])
    with pytest.raises(RulesError, match="answer 9 to question 1"):
        score(paper, [9] + right[1:])
    with pytest.raises(RulesError, match="pass mark"):
        score(paper, right, pass_mark=1.5)
    assert "passed" in str(score(paper, right))


# ============================================================================================
# Exercises and self-checks
# ============================================================================================


@pytest.mark.parametrize("k", sorted(EVENINGS))
@pytest.mark.slow
def test_exercises_are_sphinx_exercise_myst(k: int) -> None:
    md = exercises_myst(k)
    exercises = re.findall(r"^````\{exercise\} .+\n:label: (ex-e\d-\d+)$", md, re.M)
    solutions = re.findall(r"^````\{solution\} (ex-e\d-\d+)\n:class: dropdown$", md, re.M)
    assert len(exercises) >= 6
    assert exercises == solutions  # each exercise is followed by its hidden solution
    assert exercises == [f"ex-e{k}-{i}" for i in range(1, len(exercises) + 1)]
    assert md.count("````") == 4 * len(exercises)
    assert md == exercises_myst(k)  # the same every time
    kinds = {q.kind for q in evening_questions(k, 6, f"exercises|{k}")}
    assert kinds <= set(EVENINGS[k].kinds)


@pytest.mark.slow
def test_exercise_labels_are_unique_across_the_book() -> None:
    labels = []
    for k in EVENINGS:
        labels += re.findall(r":label: (\S+)", exercises_myst(k))
    assert len(labels) == len(set(labels))


def test_exercise_text_is_escaped_for_myst() -> None:
    assert knbook.course.practice._md("a*b_[c]$d<e>") == r"a\*b\_\[c\]\$d\<e\>"


@pytest.mark.parametrize("k", sorted(EVENINGS))
@pytest.mark.slow
def test_self_check(k: int) -> None:
    data = self_check_json(k)
    qs = course.self_check_questions(k)
    assert len(data) >= 8 and len(data) == len(qs)
    for item, q in zip(data, qs, strict=True):
        assert item["type"] == "multiple_choice"
        flags = [a["correct"] for a in item["answers"]]
        assert flags.count(True) == 1 and flags.index(True) == q.answer
        for a in item["answers"]:
            assert "<" not in a["answer"].replace("<br>", "")
            assert "$" not in a["answer"] and "[" not in a["answer"]
    # The self-check differs from the evening's exercises.
    ex = {course.question_key(q) for q in evening_questions(k, 6, f"exercises|{k}")}
    assert not ex & {course.question_key(q) for q in qs}


def test_self_check_output_is_stable() -> None:
    html1, js1 = self_check_html(3)
    html2, js2 = self_check_html(3)
    assert (html1, js1) == (html2, js2)
    assert 'id="knlibSelfCheckE3S3"' in html1
    assert "show_questions(questionsknlibSelfCheckE3S3, knlibSelfCheckE3S3)" in js1
    questions = json.loads(js1.split("var questionsknlibSelfCheckE3S3=", 1)[1].split(";\n", 1)[0])
    assert questions == self_check_json(3)


def test_evening_functions_display(capsys: pytest.CaptureFixture[str]) -> None:
    from unittest import mock

    shown = []
    with mock.patch("IPython.display.display", side_effect=lambda *a: shown.extend(a)):
        course.evening_exercises(2)
        course.evening_self_check(2)
    kinds = [type(x).__name__ for x in shown]
    assert kinds == ["Markdown", "HTML", "Javascript"]
    assert shown[0].data == exercises_myst(2)


def test_evening_plans() -> None:
    for k, ev in EVENINGS.items():
        assert ev.number == k and len(ev.goals) >= 3 and ev.minutes >= 90
        assert all(s.startswith(("seed 00", "rules/README")) for s in ev.sources)
        assert f"Evening {k}" in course.evening_plan_html(k)
    with pytest.raises(RulesError, match="not an evening"):
        course.evening_plan_html(6)


# ============================================================================================
# The exam form (widgets)
# ============================================================================================


@pytest.mark.slow
def test_exam_form_scores_and_makes_a_diploma() -> None:
    paper = exam(4)
    form = course.ExamForm(paper, date=datetime.date(2026, 3, 14))
    assert form.diploma_button.disabled
    for rb, q in zip(form.choices, paper, strict=True):
        rb.value = q.answer
    form.score_button.click()
    assert form.result is not None and form.result.passed
    assert "20 of 20 right" in form.report.value
    assert not form.diploma_button.disabled
    form.name.value = "   "
    form.diploma_button.click()
    assert "empty or blank" in form.message.value and form.diploma is None
    form.name.value = "<script>alert('x')</script> Ŧarja"
    form.diploma_button.click()
    assert form.message.value == ""
    view = form.diploma_view.value
    assert "<script>" not in view and "&lt;script&gt;" in view
    assert "Download the diploma (PDF)" in view


@pytest.mark.slow
def test_exam_form_failing_paper() -> None:
    paper = exam(4)
    form = course.ExamForm(paper, pass_mark=0.9)
    for rb, q in zip(form.choices[:17], paper, strict=False):
        rb.value = q.answer
    form.score_button.click()
    assert form.result.correct == 17 and not form.result.passed  # 85% < 90%
    assert form.diploma_button.disabled
    assert "18 right answers are needed" in form.report.value
    bundle = form._repr_mimebundle_()
    assert "Score my exam" in bundle["text/html"] and "Static preview" in bundle["text/html"]


# ============================================================================================
# The diploma
# ============================================================================================

DATE = datetime.date(2026, 3, 14)


@pytest.mark.slow
def test_diploma_pdf_and_png(tmp_path) -> None:
    from knbook.course.printables import page_count

    d = diploma("Inke Petersen", 0.85, date=DATE)
    assert str(d) == ("Diploma for Inke Petersen: 85%, pass mark 80%, all five evenings of the "
                      "course, 14 March 2026")
    pdf, png = d.save(tmp_path / "inke")
    assert page_count(pdf) == 1
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert d.pdf_bytes() == d.pdf_bytes()  # no creation date: the same file each time


def test_diploma_takes_an_exam_result() -> None:
    paper = exam(5)
    r = score(paper, [q.answer for q in paper[:17]] + [None] * 3)
    d = diploma("Hauke", r, date="2026-03-14", evenings=(1, 2, 3, 4, 5))
    assert d.correct == 17 and d.total == 20 and "85% (17 of 20 questions)" in str(d)


@pytest.mark.parametrize("name", ["", "   ", "\n\t"])
def test_diploma_refuses_an_empty_name(name: str) -> None:
    with pytest.raises(RulesError, match="empty or blank"):
        diploma(name, 0.9, date=DATE)


def test_diploma_refuses_a_score_below_the_pass_mark() -> None:
    with pytest.raises(RulesError, match="75% is below the pass mark of 80%"):
        diploma("Inke", 0.75, date=DATE)
    with pytest.raises(RulesError, match="below the pass mark of 90%"):
        diploma("Inke", 0.85, date=DATE, pass_mark=0.9)
    assert diploma("Inke", 0.8, date=DATE).score == Fraction(4, 5)  # the mark itself passes
    paper = exam(5)
    low = score(paper, [q.answer for q in paper[:15]] + [None] * 5)
    with pytest.raises(RulesError, match="75% is below"):
        diploma("Inke", low, date=DATE)


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"score": 1.2}, "between 0 and 1"),
    ({"score": "90%"}, "not a score"),
    ({"date": "14.3.2026"}, "not a date"),
    ({"date": "2026-02-30"}, "not a date"),
    ({"evenings": ()}, "at least one evening"),
    ({"evenings": (1, 6)}, "not an evening"),
    ({"evenings": (2, 2)}, "given twice"),
    ({"name": "Inke\x00"}, "control"),
    ({"name": 42}, "not a name"),
])
def test_diploma_refuses_bad_values(kwargs: dict, match: str) -> None:
    args = {"name": "Inke", "score": 0.9, "date": DATE, **kwargs}
    with pytest.raises(RulesError, match=match):
        diploma(args.pop("name"), args.pop("score"), **args)


@pytest.mark.slow
def test_diploma_escapes_the_name_in_html() -> None:
    d = diploma("<script>alert(1)</script> & \"Ünal\" 'O'", 0.9, date=DATE)
    page = d.html(download=True)
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "alt='" in page
    alt = re.search(r"alt='([^']*)'", page).group(1)
    assert "<" not in alt and "'" not in alt and "&#x27;O&#x27;" in alt
    assert "<script>" not in d._repr_html_()


@pytest.mark.slow
def test_diploma_any_unicode_and_no_maths() -> None:
    # Dollar signs would start matplotlib maths; they must be drawn as text.
    d = diploma("Ωμέγα $x^2$ Жанна Ĳsbrand שלום", 0.9, date=DATE)
    assert d.pdf_bytes()[:5] == b"%PDF-"
    assert d.name == "Ωμέγα $x^2$ Жанна Ĳsbrand שלום"
    # What the diploma's fonts lack is refused (tests/test_course_inputs.py); DejaVu has
    # Greek, Cyrillic and Hebrew.
    assert "Knüffeln" in d.lines()[1]


def test_diploma_decoration_is_the_five_olen() -> None:
    from knbook.course.diploma import OLE_DECORATION
    from knlib.games.knueffeln import OLEN

    assert [s for s, _ in OLE_DECORATION] == [c.symbol for c, _, _, _ in OLEN]
    assert [s for s, _ in OLE_DECORATION] == ["♥2", "♣4", "♠8", "♥9", "♦9"]


@pytest.mark.slow
def test_answers_from_letters() -> None:
    from knbook.course import answers_from_letters

    paper = exam(2)
    letters = " ".join(q.letter for q in paper)
    assert score(paper, answers_from_letters(letters, paper)).correct == 20
    assert answers_from_letters("b, a - d?") == [1, 0, None, 3, None]
    with pytest.raises(RulesError, match="'X' \\(answer 2\\) is not an answer letter"):
        answers_from_letters("AX")
    with pytest.raises(RulesError, match="3 answers given for a paper of 20"):
        answers_from_letters("ABC", paper)
