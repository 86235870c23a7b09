"""The trick tools and the deal viewer, driven directly in Python (issue 24: "A test drives
each controller directly in Python").

Each controller must show the rules' own texts (the winner and the reason of every card,
as :func:`knlib.explain_trick` gives them), refuse bad input with a message naming the
value while keeping its view, rebuild the same view from its settings and the actions
taken (the page does this after a cancelled computation), and be named on the page by its
``data-knlib-app``.
"""

from __future__ import annotations

import json
import random
from html import unescape

import pytest

import knlib
from knbook.course.golden import GOLDEN_DEAL_NUMBER, golden_deal
from knbook.tools import TOOLS, page, tool_class
from knbook.tools.controller import Tool
from knbook.tools.page import root_html, view_html
from knbook.tools.tricks import CompareTool, TrickLabTool, TrickStepperTool
from knbook.tools.viewer import DealViewerTool
from knlib import GAMES, ahead_sequence, explain_trick, ruleset, trick_winner
from knlib.errors import RulesError
from knlib.rules.tricks import ordinal

#: Worked tricks: (game, cards in play order, chosen suits, the winner's position).
#: Seed 000, "The Play", Example: Case 1 (West's ♠3 wins) and Case 2 (North's ♦A wins).
WORKED = [
    ("knueffeln", "D4 S3 DA C8", "HS", 1),
    ("knueffeln", "D4 C8 DA S3", "HS", 2),
    ("karnoeffel", "SQ H3 DK", "H", None),
    ("karniffel", "S9 DJ CA DQ", "SD", None),
    ("styrivolt", "S9 S6", "HS", None),
    ("knueffeln-hattstedt", "C3 C9 HK CQ", "HS", None),
]


def _text(html: str) -> str:
    import re

    return unescape(re.sub(r"<[^>]+>", " ", html))


def _says(text: str, sentence: str) -> bool:
    """``sentence`` is in ``text`` (a picture's words), whatever the spacing of the markup."""
    return "".join(sentence.split()) in "".join(text.split())


def _refused(tool: Tool, action: str, value: str, *named: str) -> str:
    """Use ``action``; it must be refused with a message naming ``named``, the view and
    the log unchanged."""
    before, log = tool.view(), list(tool.log)
    shown = tool.answer(action, value)
    assert shown.message, (action, value)
    for word in named:
        assert word in shown.message, (word, shown.message)
    assert tool.view() == before and tool.log == log
    assert "Traceback" not in shown.message
    return shown.message


# --- the trick lab ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "cards", "chosen", "winner"), WORKED)
def test_trick_lab_says_the_rules_winner_and_every_reason(game, cards, chosen, winner):
    lab = TrickLabTool(game, cards, chosen)
    expl = explain_trick(game, cards, chosen)
    if winner is not None:
        assert expl.winner == winner
    # the fast path and the explanation agree, and the lab says both
    assert trick_winner(game, cards, chosen) == expl.winner
    text = lab.view().text()
    for step in expl.steps:
        assert _says(text, step.sentence)
    assert _says(text, f"Winner: {ordinal(expl.winner + 1)} card, "
                       f"{expl.steps[expl.winner].symbol}.")


def test_trick_lab_builds_a_trick_by_taps_in_order_of_play():
    lab = TrickLabTool("knueffeln", "D4", "HS")
    for card in ("C8", "DA", "S3"):
        lab.answer(f"toggle {card}")
    assert lab.message == ""
    assert [str(c) for c in lab.cards] == ["D4", "C8", "DA", "S3"]
    assert lab.explanation.winner == 2  # seed 000, "The Play", Case 2: North's ♦A
    lab.answer("toggle C8")  # a card tapped again is taken back
    assert [str(c) for c in lab.cards] == ["D4", "DA", "S3"]
    pressed = {c.action for c in lab.view().controls() if c.kind == "card" and c.pressed}
    assert pressed == {"toggle D4", "toggle DA", "toggle S3"}
    # a Knüffeln table holds at most five players (seed 000, "Five-Player Knüffeln"):
    # a sixth card is refused by the rules
    lab.answer("toggle C8")
    lab.answer("toggle HA")
    assert lab.message == "" and len(lab.cards) == ruleset("knueffeln").max_table == 5
    _refused(lab, "toggle HK", "", "6 cards", "5 players")


def test_trick_lab_refuses_bad_input_naming_it():
    lab = TrickLabTool()
    _refused(lab, "cards", "D4 Z1", "'Z1'")
    _refused(lab, "cards", "D4 S3 H5", "♥5", "not in the Knüffeln (Bohmstedt) pack")
    _refused(lab, "cards", "D4 D4", "♦4", "twice")
    _refused(lab, "cards", "", "at least one card")
    _refused(lab, "chosen 2", "H", "'H'", "twice")
    _refused(lab, "chosen 1", "X", "'X'")
    _refused(lab, "game", "whist", "'whist'")
    _refused(lab, "fly away", "", "'fly away'")
    _refused(lab, "toggle Q9", "", "'Q9'")
    # the only card of a trick cannot be taken back: a trick needs its lead
    alone = TrickLabTool("knueffeln", "D4", "HS")
    _refused(alone, "toggle D4", "", "at least one card")
    # ♦A is not in the Karnöffel pack of 48 cards without Aces (seed 003)
    _refused(lab, "game", "karnoeffel", "♦A", "Karnöffel")
    assert lab.rules.id == "knueffeln" and lab.chosen == ("H", "S")


def test_trick_lab_game_change_fits_the_chosen_suits():
    lab = TrickLabTool("knueffeln", "D4 S3", "SH")
    lab.answer("game", "karnoeffel")
    assert lab.message == "" and lab.chosen == ("S",)
    assert ruleset("karnoeffel").n_chosen == 1
    lab.answer("game", "knueffeln-1924")
    assert lab.message == "" and lab.chosen == ("S", "H")
    assert lab.explanation == explain_trick("knueffeln-1924", "D4 S3", "SH")


def test_trick_lab_first_trick_rule():
    # Karnöffel: the Devil (the chosen Seven) may not be led to the first trick (seed 003)
    lab = TrickLabTool("karnoeffel", "H7 SQ", "H")
    with pytest.raises(RulesError):
        explain_trick("karnoeffel", "H7 SQ", "H", first_trick=True)
    _refused(lab, "first-trick", "", "♥7", "first trick")
    assert lab.first_trick is False
    lab.answer("cards", "SQ H7")
    lab.answer("first-trick")
    assert lab.message == "" and lab.first_trick is True
    assert lab.view() == TrickLabTool("karnoeffel", "SQ H7", "H", first_trick=True).view()
    _refused(lab, "cards", "H7 SQ", "♥7")


# --- the trick stepper -----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "cards", "chosen", "winner"), WORKED)
def test_trick_stepper_says_who_is_ahead_after_each_card(game, cards, chosen, winner):
    stepper = TrickStepperTool(game, cards, chosen, step=1)
    ahead = ahead_sequence(game, cards, chosen)
    played = explain_trick(game, cards, chosen).steps
    n = len(played)
    for k in range(1, n + 1):
        assert stepper.step == k
        text = stepper.view().text()
        who = played[ahead[k - 1]]
        if k < n:
            assert _says(text, f"After {k} of {n} cards, the {ordinal(ahead[k - 1] + 1)} "
                               f"card, {who.symbol}, is ahead.")
        else:
            assert _says(text, f"Trick complete: the {ordinal(ahead[-1] + 1)} card, "
                               f"{who.symbol}, wins.")
        for step in played[:k]:
            assert _says(text, step.sentence)
        for step in played[k:]:
            assert not _says(text, step.sentence)
        enabled = stepper.view().enabled_actions()
        assert ("back" in enabled) == (k > 1) and ("next" in enabled) == (k < n)
        if k < n:
            stepper.answer("next")
    _refused(stepper, "next", "", f"step {n + 1}", f"{n} cards")


def test_trick_stepper_swaps_two_cards_and_the_winner_changes():
    # seed 000, "The Play", Example: swapping ♠3 and ♣8 turns Case 1 into Case 2
    stepper = TrickStepperTool("knueffeln", "D4 S3 DA C8", "HS")
    assert stepper.explanation.winner == 1
    stepper.answer("pick 2")
    assert [c.pressed for c in stepper.view().controls() if c.kind == "card"] == \
        [False, True, False, False]
    stepper.answer("pick 4")
    assert [str(c) for c in stepper.cards] == ["D4", "C8", "DA", "S3"]
    assert stepper.explanation.winner == explain_trick("knueffeln", "D4 C8 DA S3", "HS").winner
    assert stepper.picked is None
    stepper.answer("swap 4 2")
    assert [str(c) for c in stepper.cards] == ["D4", "S3", "DA", "C8"]
    stepper.answer("pick 3")
    stepper.answer("pick 3")  # a second tap on the same card puts it down again
    assert stepper.picked is None and stepper.message == ""


def test_trick_stepper_refuses_bad_input_naming_it():
    stepper = TrickStepperTool("knueffeln", "D4 S3 DA C8", "HS", step=2)
    _refused(stepper, "go", "9", "step 9", "4 cards")
    _refused(stepper, "go 0", "", "step 0")
    _refused(stepper, "go", "two", "'two'")
    _refused(stepper, "pick 7", "", "'7'", "4 cards")
    _refused(stepper, "swap 1", "", "'1'")
    _refused(stepper, "jump", "", "'jump'")
    with pytest.raises(RulesError, match="step 5"):
        TrickStepperTool("knueffeln", "D4 S3 DA C8", "HS", step=5)
    with pytest.raises(RulesError, match="'Z1'"):
        TrickStepperTool("knueffeln", "D4 Z1", "HS")
    # Karnöffel: the Devil may not be led to the first trick (seed 003), so a swap that
    # would lead it is refused
    first = TrickStepperTool("karnoeffel", "SQ H7", "H", first_trick=True)
    with pytest.raises(RulesError):
        explain_trick("karnoeffel", "H7 SQ", "H", first_trick=True)
    _refused(first, "swap 1 2", "", "♥7", "first trick")
    first.answer("pick 1")
    _refused(first, "pick 2", "", "♥7")
    assert first.picked == 0
    assert [str(c) for c in first.cards] == ["SQ", "H7"]


# --- the comparison --------------------------------------------------------------------------


def test_compare_says_each_games_winner_or_why_it_cannot():
    cards, chosen = ["D8", "DJ", "SQ", "SK"], "HS"
    tool = CompareTool(" ".join(cards), chosen)
    text = _text(tool.picture_html())
    assert tool.games == GAMES
    for game in GAMES:
        rules = ruleset(game)
        assert rules.title in text
        mine = chosen[: rules.n_chosen]
        try:
            expl = explain_trick(game, cards, mine)
        except RulesError as err:
            assert _says(text, str(err))
            continue
        # One sentence per game: the winning card and the card it took (or that it was led
        # and nothing took it).
        assert _says(text, expl.summary())
        win = expl.steps[expl.winner]
        assert _says(text, f"{win.symbol}, {win.role.title}")


def test_compare_on_a_phone_says_what_the_table_says():
    from knbook.pictures.comparison import compare_trick_html, compared

    cards = ["D4", "S3", "DA", "C8"]
    table, stacked = compare_trick_html(cards, "HS"), CompareTool(" ".join(cards)).picture_html()
    assert "<table" not in stacked
    assert stacked.count("knlib-trick\"") == table.count("knlib-trick\"") == 5
    for title, chosen, _, why in compared(cards, "HS"):
        for words in (title, f"chosen {chosen}", unescape(why)):
            assert _says(_text(table), words) and _says(_text(stacked), words)


def test_compare_refuses_bad_input_and_taps_cards():
    tool = CompareTool()
    _refused(tool, "cards", "D4 Z1", "'Z1'")
    _refused(tool, "cards", " ", "at least one card")
    _refused(tool, "chosen 2", "H", "'HH'")
    _refused(tool, "chosen 3", "H", "'chosen 3'")
    _refused(tool, "toggle Z1", "", "'Z1'")
    _refused(tool, "teleport", "", "'teleport'")
    tool.answer("toggle C8")
    assert [str(c) for c in tool.cards] == ["D4", "S3", "DA"] and tool.message == ""
    tool.answer("chosen 2", "D")
    assert tool.chosen == ("H", "D")
    one = CompareTool("HA SA", "S")
    _refused(one, "chosen 2", "H", "chosen suit 2")
    with pytest.raises(RulesError, match="'whist'"):
        CompareTool(games=["knueffeln", "whist"])


# --- the deal viewer -------------------------------------------------------------------------


def test_deal_viewer_of_the_golden_deal_is_the_golden_deal():
    g = golden_deal()
    viewer = DealViewerTool(golden=GOLDEN_DEAL_NUMBER, step=g.play_start)
    assert viewer.config == {"golden": GOLDEN_DEAL_NUMBER, "step": g.play_start}
    assert len(viewer.actions) == len(g.steps) == len(g.deal.history)
    for k in (0, g.play_start, len(g.steps)):
        viewer.answer("go", str(k))
        assert viewer.message == ""
        assert viewer.state().to_json() == g.state(k).to_json()
        text = viewer.view().text()
        assert _says(text, f"After {k} of {len(g.steps)} actions.")
        if k:
            step = g.steps[k - 1]
            assert _says(text, f"{step.what} {step.why}")
    assert str(g.deal.result) in viewer.view().text()
    # the note is under the picture of the deal
    html = viewer.picture_html()
    assert html.index('class="knlib-deal"') < html.index('class="knlib-deal-note"')


def test_deal_viewer_steps_and_refuses_steps_outside_the_deal():
    deal = knlib.new_deal("knueffeln", seed=3)
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    n = len(deal.history)
    viewer = DealViewerTool(deal=json.loads(deal.to_json()), step=0)
    _refused(viewer, "back", "", "step -1", f"{n} actions")
    viewer.answer("next")
    assert viewer.step == 1 and "Last action" in viewer.view().text()
    assert str(deal.history[0][1]) in viewer.view().text()
    viewer.answer("end")
    assert viewer.step == n and viewer.state().to_json() == deal.to_json()
    _refused(viewer, "next", "", f"step {n + 1}")
    _refused(viewer, "go", "99", "step 99")
    _refused(viewer, "rewind", "", "'rewind'")
    with pytest.raises(RulesError, match="one note per action"):
        DealViewerTool(deal=json.loads(deal.to_json()), notes=["too few"])
    with pytest.raises(RulesError, match="not both or neither"):
        DealViewerTool()
    with pytest.raises(RulesError, match="own notes"):
        DealViewerTool(golden=GOLDEN_DEAL_NUMBER, notes=["x"])


# --- every tool: settings, replay, the page ------------------------------------------------

SESSIONS: list[tuple[type[Tool], dict, list[tuple[str, str]]]] = [
    (TrickLabTool, {"game": "knueffeln", "cards": "D4 S3", "chosen": "HS"},
     [("toggle DA", ""), ("toggle Z1", ""), ("toggle C8", ""), ("game", "styrivolt"),
      ("chosen 2", "D"), ("first-trick", "")]),
    (TrickStepperTool, {"game": "knueffeln", "cards": "D4 S3 DA C8", "chosen": "HS", "step": 1},
     [("next", ""), ("pick 2", ""), ("go 9", ""), ("pick 4", ""), ("next", "")]),
    (CompareTool, {"cards": "D4 S3 DA C8", "chosen": "HS"},
     [("toggle C8", ""), ("cards", "Z9"), ("chosen 1", "D"), ("cards", "H2 S8")]),
    (DealViewerTool, {"golden": GOLDEN_DEAL_NUMBER, "step": 3},
     [("next", ""), ("go 99", ""), ("back", ""), ("back", ""), ("end", ""), ("go 10", "")]),
]


@pytest.mark.parametrize(("cls", "config", "actions"), SESSIONS,
                         ids=[c.name for c, _, _ in SESSIONS])
def test_replay_rebuilds_the_same_view(cls, config, actions):
    tool = cls(**config)
    for action, value in actions:
        tool.answer(action, value)
    assert len(tool.log) < len(actions)  # the refused actions are not kept
    settings = json.loads(json.dumps(tool.config))  # the page keeps them as JSON
    again = cls.replayed(settings, tool.log)
    assert again.view() == tool.view()
    assert again.config == tool.config and again.log == tool.log
    # the page's worker does the same from strings
    reply = json.loads(page.restore(cls.name, json.dumps(settings), json.dumps(tool.log)))
    assert reply["html"] == view_html(tool.view())


@pytest.mark.parametrize(("cls", "config", "actions"), SESSIONS,
                         ids=[c.name for c, _, _ in SESSIONS])
def test_root_names_the_tool_for_the_page(cls, config, actions):
    tool = cls(**config)
    html = root_html(tool)
    assert f'data-knlib-app="{cls.name}"' in html and cls.name in TOOLS
    assert tool_class(cls.name) is cls
    assert ">Try it" in html  # the start button's name begins with "Try it"
    reply = json.loads(page.start(cls.name, json.dumps(tool.config)))
    assert "error" not in reply and reply["html"] == view_html(tool.view())


@pytest.mark.parametrize(("cls", "config", "actions"), SESSIONS,
                         ids=[c.name for c, _, _ in SESSIONS])
def test_the_notebook_face_changes_the_same_state(cls, config, actions):
    pytest.importorskip("ipywidgets")
    from knbook.tools.widget import ToolWidget

    face, plain = ToolWidget(cls(**config)), cls(**config)
    for action, value in actions:
        face.use(action, value)
        plain.answer(action, value)
        assert face.view == plain.shown() and face.error == plain.message


def test_the_notebook_classes_keep_the_old_signatures():
    pytest.importorskip("ipywidgets")
    from knbook.tools.tricks import GameComparison, TrickLab, TrickStepper
    from knbook.tools.viewer import DealViewer

    g = golden_deal()
    assert TrickLab("knueffeln", cards="D4 C8 DA S3", chosen="HS").tool.explanation.winner == 2
    assert TrickStepper("knueffeln", ["D4", "S3", "DA", "C8"], "HS", step=2).tool.step == 2
    assert GameComparison("D8 DJ SQ SK", "HS").tool.games == GAMES
    viewer = DealViewer(g, step=g.play_start)
    assert viewer.tool.config == {"golden": GOLDEN_DEAL_NUMBER, "step": g.play_start}
    notes = [f"{s.what} {s.why}" for s in g.steps]
    general = DealViewer(g.deal, step=g.play_start, notes=notes)
    assert general.tool.view() == viewer.tool.view()


def test_the_stepper_says_ahead_mid_trick_and_wins_at_its_end():
    from knbook.tools.tricks import TrickStepperTool
    from knlib import explain_trick

    tool = TrickStepperTool("knueffeln", "D4 S3 DA C8", "HS", step=3)
    text = " ".join(tool.view().text().split())
    # seed 000, 'The Play', Case 1: after three cards the Drist is ahead, not yet the winner
    assert "♠3, a Drist (chosen Three), is ahead so far" in text
    assert "wins the trick" not in text
    tool.act("next")
    whole = explain_trick("knueffeln", "D4 S3 DA C8", "HS")
    assert whole.summary() in " ".join(tool.view().text().split())
    assert "wins the trick" in whole.summary()
