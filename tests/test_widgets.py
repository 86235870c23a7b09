"""The practice tools' notebook face, driven as a reader would: click a button, set a
list's value, or call ``use(action, value)`` as a click does (issues 4 and 24).

The controllers behind these widgets are tested on their own in tests/test_tools_tricks.py;
here the ipywidgets face must change the same state and show the rules' own texts.
"""

from typing import Any

import pytest

pytest.importorskip("ipywidgets")

import knlib  # noqa: E402
from knbook.tools.builder import HandBuilder  # noqa: E402
from knbook.tools.page import root_html  # noqa: E402
from knbook.tools.tricks import GameComparison, TrickLab, TrickStepper  # noqa: E402
from knbook.tools.viewer import DealViewer  # noqa: E402
from knlib import Card, explain_trick  # noqa: E402


def _widgets(box: Any) -> list[Any]:
    """Every ipywidget drawn in ``box``, depth first."""
    out = []
    for child in box.children:
        out.append(child)
        if hasattr(child, "children"):
            out.extend(_widgets(child))
    return out


def _control(widget: Any, description: str) -> Any:
    found = [w for w in _widgets(widget.box) if getattr(w, "description", None) == description]
    assert len(found) == 1, (description, found)
    return found[0]


def _shown(widget: Any) -> str:
    return "".join(w.value for w in _widgets(widget.box) if type(w).__name__ == "HTML")


def test_hand_builder_picks_cards_and_refuses_a_tenth():
    hb = HandBuilder("knueffeln", chosen="HS")
    nine = ["H2", "SA", "HJ", "S6", "S3", "H7", "CA", "D4", "C8"]
    for c in nine:
        _control(hb, Card(c).symbol).click()
    assert len(hb.tool.hand) == 9 and hb.error == ""
    _control(hb, "♦K").click()
    assert len(hb.tool.hand) == 9 and Card("DK") not in hb.tool.hand
    assert "at most 9" in hb.error and "♦K" in hb.error
    _control(hb, "♣8").click()
    assert len(hb.tool.hand) == 8 and hb.error == ""


def test_hand_builder_refuses_same_suit_twice_and_keeps_state():
    hb = HandBuilder("knueffeln", cards=["S3"], chosen="HS")
    _control(hb, "Chosen suit 2").value = "H"
    assert "twice" in hb.error
    assert hb.tool.chosen == ("H", "S") and _control(hb, "Chosen suit 2").value == "S"
    _control(hb, "Chosen suit 2").value = "D"
    assert hb.tool.chosen == ("H", "D") and hb.error == ""
    assert "dud" in _shown(hb)  # ♠3 is now an unchosen dud


def test_hand_builder_random_deal_is_seeded():
    hb = HandBuilder("knueffeln", chosen="HS", seed=7)
    hb.use("deal")
    first = list(hb.tool.hand)
    hb.use("clear")
    assert hb.tool.hand == []
    again = HandBuilder("knueffeln", chosen="HS", seed=7)
    again.use("deal")
    assert again.tool.hand == first and len(first) == 9


def test_trick_stepper_steps_and_swaps():
    ts = TrickStepper("knueffeln", ["D4", "S3", "DA", "C8"], "HS", step=1)
    assert _control(ts, "◀ Back").disabled and "After 1 of 4 cards" in _shown(ts)
    _control(ts, "Next ▶").click()
    assert ts.tool.step == 2 and ts.tool.explanation.winner == 1
    _control(ts, "Next ▶").click()
    _control(ts, "Next ▶").click()
    assert _control(ts, "Next ▶").disabled and "wins" in _shown(ts)
    ts.use("next")  # already at the end: refused, and nothing changes
    assert ts.tool.step == 4 and "step 5 is outside" in ts.error
    # McLeod after Eaton (seed 000), "Tricks", Case 2: the order changes the winner.
    _control(ts, "2nd: ♠3").click()
    _control(ts, "4th: ♣8").click()
    assert [str(c) for c in ts.tool.cards] == ["D4", "C8", "DA", "S3"]
    assert ts.tool.explanation.winner == explain_trick("knueffeln", "D4 C8 DA S3", "HS").winner
    assert ts.tool.explanation.winner == 2
    _control(ts, "◀ Back").click()
    assert ts.tool.step == 3


def test_trick_lab_shows_winner_and_keeps_last_good_on_error():
    lab = TrickLab()
    assert lab.error == "" and "Winner: 2nd card" in _shown(lab)
    good = lab.tool.shown().parts
    _control(lab, "Cards, lead first").value = "D4 S3 H5"
    assert "♥5" in lab.error and lab.tool.view().parts == good
    _control(lab, "Chosen suit 2").value = "H"
    assert "twice" in lab.error and lab.tool.chosen == ("H", "S")
    _control(lab, "Cards, lead first").value = "D4 C8 DA S3"
    assert lab.error == "" and "Winner: 3rd card" in _shown(lab)
    # A game with one chosen suit keeps the first; ♦A is not in the Karnöffel pack.
    _control(lab, "Game").value = "karnoeffel"
    assert "♦A" in lab.error and lab.tool.rules.id == "knueffeln"
    lab.use("toggle DA")
    lab.use("game", "karnoeffel")
    assert lab.error == "" and lab.tool.chosen == ("H",)


def test_game_comparison_every_game():
    gc = GameComparison("D4 S3 DA C8", "HS")
    html = _shown(gc)
    for title in ("Bohmstedt", "Hattstedt", "Stýrivolt", "Karniffel", "Karnöffel"):
        assert title in html
    # Karniffel has no Fours or Threes: that row says so instead of failing.
    assert "not in the Karniffel" in html
    assert html.count("knlib-compare-game") == len(knlib.GAMES) == 8
    # the rule in plain words, without its source: a learner's tool cites nothing (the
    # chapter's "Where the sources differ" section does, issue 25, item 1)
    assert "pack, which has 36 cards" in html
    assert "Wikipedia" not in html and "seed 0" not in html
    _control(gc, "Cards, lead first").value = "D4 Z1"
    assert "'Z1'" in gc.error and [str(c) for c in gc.tool.cards] == ["D4", "S3", "DA", "C8"]


def test_snapshot_in_mimebundle_is_the_page_root():
    lab = TrickLab(cards="HA SA")
    bundle = lab._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"] == root_html(lab.tool)
    assert 'data-knlib-app="trick-lab"' in bundle["text/html"]
    assert "Static preview" not in bundle["text/html"]
    assert bundle["text/plain"] == "<trick-lab>"
    assert explain_trick("knueffeln", "HA SA", "HS").winner == 0
    assert "Winner: 1st card" in bundle["text/html"]


def test_deal_viewer_steps_through_a_recorded_deal():
    import random

    import knlib

    deal = knlib.new_deal("knueffeln", seed=3)
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    dv = DealViewer(deal, step=0)
    assert _control(dv, "◀ Back").disabled and "After 0 of" in _shown(dv)
    _control(dv, "To the end").click()
    assert dv.tool.step == len(deal.history) and _control(dv, "Next ▶").disabled
    assert str(deal.result) in _shown(dv)
    _control(dv, "◀ Back").click()
    assert dv.tool.step == len(deal.history) - 1
    assert dv.tool.state().to_json() != deal.to_json()
    dv.use("go 10000")
    assert "outside this sequence of" in dv.error and dv.tool.step == len(deal.history) - 1
