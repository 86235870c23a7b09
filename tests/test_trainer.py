"""The decision trainer (issue 35, item 6), driven in plain Python: every kind yields positions
whose best choice is clear, an answer gets feedback whose verdict is the judgement's best,
``next`` brings another position, bad actions are refused with the state unchanged, the
page's static root holds no position, and the texts are German on the German site."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from knbook.course.coach import KINDS, decision_kind, judge
from knbook.course.foundation.thumbs import THUMBS
from knbook.course.trainer import (
    KIND_THUMBS,
    asked,
    decisions_score_html,
    draw_position,
    kinds_of_evening,
)
from knbook.tools import TOOLS, tool_class
from knbook.tools import page as face
from knbook.tools.trainer import TrainerTool
from knlib import RulesError
from knlib.i18n import language

SEED = 7


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture(scope="module")
def positions():
    return {kind: draw_position(kind, SEED, 0) for kind in KINDS}


def _state(tool: TrainerTool) -> tuple:
    return (tool.index, tool.picked, tool.right, tool.answered, list(tool.log),
            face.view_html(tool.view()))


# -- the positions ---------------------------------------------------------------------------


def test_every_kind_yields_a_position_of_its_kind_whose_best_is_clear(positions):
    for kind, p in positions.items():
        j = p.judgement
        assert j.clear, kind
        assert j.best.cents - j.choices[1].cents > 0
        assert len(p.answers) >= 2 and j.best.action in p.answers
        found = decision_kind(p.deal)
        # Knüffeln offers a face-down lead at every lead: "lead" asks which card, face up
        assert found == kind or (kind == "lead" and found == "drehen"), kind
        assert p.seat == p.deal.to_move
    drehen = positions["drehen"].answers
    assert sorted(a.kind for a in drehen) == ["down", "play"]
    assert all(a.kind == "play" for a in positions["lead"].answers)


def test_a_position_is_the_judgement_of_the_moment_as_the_hint_makes_it(positions):
    # the judgement is judge()'s, narrowed only for drehen and lead
    for kind in ("follow", "see-or-run"):
        p = positions[kind]
        again = asked(p.deal, kind, judge(p.deal))
        assert [c.action for c in again.choices] == [c.action for c in p.judgement.choices]
        assert [c.cents for c in again.choices] == [c.cents for c in p.judgement.choices]


def test_positions_are_fixed_by_kind_seed_and_index(positions):
    for kind in ("follow", "jann"):
        again = draw_position(kind, SEED, 0)
        first = positions[kind]
        assert (again.number, again.dealer, again.steps, again.answers) == (
            first.number, first.dealer, first.steps, first.answers)
        other = draw_position(kind, SEED, 1)
        assert (other.number, other.steps) != (first.number, first.steps)


def test_the_answers_do_not_give_the_best_away():
    firsts = [draw_position("follow", SEED, i) for i in range(6)]
    assert any(p.answers[0] != p.judgement.best.action for p in firsts)


def test_a_bad_kind_or_series_is_refused_by_name():
    with pytest.raises(RulesError, match="'poker'"):
        draw_position("poker", 1)
    with pytest.raises(RulesError, match="'poker'"):
        TrainerTool("poker", 1)
    with pytest.raises(RulesError, match="'abc'"):
        TrainerTool("follow", "abc")


# -- the tool --------------------------------------------------------------------------------


def test_the_trainer_is_a_registered_tool_with_its_kind_on_the_root():
    assert TOOLS["trainer"] and tool_class("trainer") is TrainerTool
    tool = TrainerTool("jann", SEED)
    assert ("kind", "jann") in tool.view().attrs


@pytest.mark.parametrize("kind", KINDS)
def test_an_answer_gets_feedback_whose_verdict_is_the_judgements_best(kind):
    for pick_best in (True, False):
        tool = TrainerTool(kind, SEED)
        p = tool.position
        best = p.judgement.best.action
        wrong = next(a for a in p.answers if a != best)
        pick = best if pick_best else wrong
        view = tool.shown()
        assert set(view.enabled_actions()) == {str(a) for a in p.answers} | {"next"}
        view = tool.answer(str(pick))
        assert tool.message == ""
        html = face.view_html(view)
        feedback = re.search(r'<div[^>]*data-knlib-feedback[^>]*data-right="(\w+)"', html)
        assert feedback, kind
        assert feedback.group(1) == ("true" if pick_best else "false")
        # right below the answers: the part after the answers' row
        rows = [i for i, part in enumerate(view.parts)
                if hasattr(part, "controls") and any(c.action == str(pick)
                                                      for c in part.controls)]
        assert "data-knlib-feedback" in view.parts[rows[0] + 1].html
        text = _text(html)
        rule = THUMBS[p.judgement.thumb or KIND_THUMBS[kind][0]]
        assert rule.name in text
        assert f'href="../evenings/{rule.evening}-' in html
        assert ("Right!" in text) is pick_best and ("Not the best." in text) is not pick_best
        assert f"This session: {1 if pick_best else 0} of 1 right." in text
        # the answers are closed; next is the way on
        assert tool.shown().enabled_actions() == ["next"]


def test_next_brings_another_position_and_keeps_the_score():
    tool = TrainerTool("see-or-run", SEED)
    first = tool.position
    tool.answer(str(first.judgement.best.action))
    tool.answer("next")
    assert tool.message == ""
    second = tool.position
    assert (second.number, second.steps) != (first.number, first.steps)
    assert tool.index == 1 and tool.picked is None
    assert "data-knlib-feedback" not in face.view_html(tool.shown())
    assert "This session: 1 of 1 right." in _text(face.view_html(tool.shown()))
    # a tool rebuilt from its settings and its log is the same tool
    again = TrainerTool.replayed(tool.config, tool.log)
    assert _state(again)[:4] == _state(tool)[:4]
    assert again.position.number == second.number


@pytest.mark.parametrize("bad", ["play XX", "", "next please", "hint", "stop"])
def test_a_bad_action_is_refused_and_changes_nothing(bad):
    tool = TrainerTool("see-or-run", SEED)
    before = _state(tool)
    tool.answer(bad)
    assert tool.message and repr(bad) in tool.message
    assert _state(tool) == before


def test_a_second_answer_to_one_position_is_refused():
    tool = TrainerTool("jann", SEED)
    answers = [str(a) for a in tool.position.answers]
    tool.answer(answers[0])
    before = _state(tool)
    tool.answer(answers[1])
    assert "answered" in tool.message
    assert _state(tool) == before


def test_the_static_root_holds_the_kind_and_no_position():
    root = face.root_html(TrainerTool("drehen", SEED))
    assert 'data-knlib-app="trainer"' in root and 'data-kind="drehen"' in root
    config = json.loads(unescape(re.search(r'data-config="([^"]*)"', root).group(1)))
    assert config == {"kind": "drehen"}
    assert "data-action=" not in root.split("knlib-app-body", 1)[1]
    assert ">Start</button>" in root


def test_the_page_starts_a_fresh_series_and_keeps_it_in_the_settings():
    first = json.loads(face.start("trainer", json.dumps({"kind": "follow"})))
    second = json.loads(face.start("trainer", json.dumps({"kind": "follow"})))
    seeds = [json.loads(r["config"])["seed"] for r in (first, second)]
    assert seeds[0] != seeds[1]
    assert first["attrs"] == {"kind": "follow"}
    reply = json.loads(face.act(first["id"], "next"))
    assert reply["logged"] and json.loads(reply["config"])["seed"] == seeds[0]
    bad = json.loads(face.start("trainer", json.dumps({"kind": "bridge"})))
    assert "'bridge'" in bad["error"]


def test_the_trainer_speaks_german_on_the_german_site():
    with language("de"):
        tool = TrainerTool("jann", SEED)
        tool.answer(str(tool.position.judgement.best.action))
        text = _text(face.view_html(tool.shown()))
        preview = _text(face.root_html(tool))
    assert "Richtig!" in text
    assert "Diese Sitzung: 1 von 1 richtig." in text
    for english in ("Right!", "This session", "Rule of thumb", "Next position", "Your choice",
                    "Do you stop"):
        assert english not in text, english
    assert "Beim Jann aufhören oder weiterspielen" in preview and "Starten" in preview


# -- the score at the end of each evening ------------------------------------------------------


def test_each_evening_counts_the_kinds_it_teaches():
    assert kinds_of_evening(3) == ("lead", "follow")
    assert kinds_of_evening(4) == ("exchange", "drehen", "see-or-run", "jann")
    assert kinds_of_evening(5) == KINDS
    assert kinds_of_evening(1) == ()
    with pytest.raises(RulesError):
        kinds_of_evening(6)


def test_the_evenings_score_element_names_its_kinds_and_links_the_trainer():
    html = decisions_score_html(4)
    assert 'data-knlib-score' in html
    assert 'data-kinds="exchange drehen see-or-run jann"' in html
    assert 'href="../play/trainer.html"' in html and "data-knlib-score-text" in html
    with language("de"):
        assert "Entscheidungstrainer" in decisions_score_html(3)


@pytest.mark.parametrize("kind", KINDS)
def test_the_feedback_on_every_answer_can_be_drawn_in_both_languages(kind):
    # the reasons read the rule of thumb's picks among the options asked (a drehen question
    # keeps one lead of each face; the rule's own card may be another)
    for seed in range(4):
        for lang in ("en", "de"):
            with language(lang):
                for answer in TrainerTool(kind, seed).position.answers:
                    tool = TrainerTool(kind, seed)
                    tool.answer(str(answer))
                    assert tool.message == ""
                    assert "data-knlib-feedback" in face.view_html(tool.shown())


def test_the_page_includes_the_score_script_and_its_words():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    assert 'add_js_file("knlib/scores.js")' in (root / "page" / "knlib_page.py").read_text()
    script = (root / "page" / "static" / "knlib" / "scores.js").read_text()
    for word in ("kept", "kept_off", "decisions", "decisions_none"):
        assert f"words.{word}" in script and word in face.PAGE_WORDS
    assert '"knlib-trainer-scores"' in script and "knlib:drawn" in script
