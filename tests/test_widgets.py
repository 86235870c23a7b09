"""Widget callbacks, driven as a reader would: set .value, call .click() (issue 4)."""

import pytest

pytest.importorskip("ipywidgets")

from knlib import Card, explain_trick  # noqa: E402
from knlib.render.widgets import GameComparison, HandBuilder, TrickLab, TrickStepper  # noqa: E402


def test_hand_builder_picks_cards_and_refuses_a_tenth():
    hb = HandBuilder("knueffeln", chosen="HS")
    nine = ["H2", "SA", "HJ", "S6", "S3", "H7", "CA", "D4", "C8"]
    for c in nine:
        hb.toggles[Card(c)].value = True
    assert len(hb.hand) == 9 and hb.error == ""
    hb.toggles[Card("DK")].value = True
    assert hb.toggles[Card("DK")].value is False  # reverted
    assert len(hb.hand) == 9
    assert "at most 9" in hb.error and "♦K" in hb.error
    hb.toggles[Card("C8")].value = False
    assert len(hb.hand) == 8 and hb.error == ""


def test_hand_builder_refuses_same_suit_twice_and_keeps_state():
    hb = HandBuilder("knueffeln", cards=["S3"], chosen="HS")
    hb.suit_pickers[1].value = "H"
    assert "twice" in hb.error
    assert hb.suit_pickers[1].value == "S" and hb.chosen == ("H", "S")
    hb.suit_pickers[1].value = "D"
    assert hb.chosen == ("H", "D") and hb.error == ""
    assert "dud" in hb.view.value  # ♠3 is now an unchosen dud


def test_hand_builder_refuses_card_not_in_pack():
    hb = HandBuilder("knueffeln", cards=["S3"], chosen="HS")
    hb.set_cards(["S3", "H5"])
    assert "♥5" in hb.error and "not in" in hb.error
    assert hb.hand == [Card("S3")]


def test_hand_builder_random_deal_is_seeded():
    hb = HandBuilder("knueffeln", chosen="HS", seed=7)
    hb.deal_button.click()
    first = list(hb.hand)
    hb.clear_button.click()
    assert hb.hand == []
    hb.deal_button.click()
    assert hb.hand == first and len(first) == 9
    assert sum(t.value for t in hb.toggles.values()) == 9


def test_hand_builder_snapshot_sorted_by_power_with_badges():
    hb = HandBuilder("knueffeln", cards=["D4", "H2", "S3"], chosen="HS")
    html = hb.snapshot_html()
    assert html.index("♥2") < html.index("♠3") < html.index("♦4")
    assert "Drist" in html and "de Beste" in html or "Beste" in html


def test_trick_stepper_steps_and_swaps():
    ts = TrickStepper("knueffeln", ["D4", "S3", "DA", "C8"], "HS", step=1)
    assert ts.back.disabled and "1st card" in ts.view.value
    ts.forward.click()
    assert ts.step == 2 and ts.explanation.winner == 1
    ts.forward.click()
    ts.forward.click()
    assert ts.forward.disabled and "wins" in ts.view.value
    ts.forward.click()  # already at the end: nothing happens
    assert ts.step == 4
    ts.swap(1, 3)  # seed 000 Case 2: the order changes the winner
    assert ts.cards == ["D4", "C8", "DA", "S3"]
    assert ts.explanation.winner == 2
    ts.back.click()
    assert ts.step == 3


def test_trick_lab_shows_winner_and_keeps_last_good_on_error():
    lab = TrickLab()
    assert lab.error == "" and "Winner: 2nd card" in lab.view.value
    good = lab.view.value
    lab.cards.value = "D4 S3 H5"
    assert "♥5" in lab.error and lab.view.value == good
    lab.chosen.value = "HH"
    assert "twice" in lab.error
    lab.chosen.value = "HS"
    lab.cards.value = "D4 C8 DA S3"
    assert lab.error == "" and "Winner: 3rd card" in lab.view.value
    lab.game.value = "karnoeffel"
    assert "one chosen suit" in lab.error


def test_game_comparison_every_game():
    gc = GameComparison("D4 S3 DA C8", "HS")
    html = gc.view.value
    for title in ("Bohmstedt", "Hattstedt", "Stýrivolt", "Karniffel", "Karnöffel"):
        assert title in html
    # Karniffel has no Fours or Threes: that row says so instead of failing.
    assert "not in the Karniffel" in html
    assert html.count("<tr>") == 9
    # the source of that rule by author and title, as everywhere a reader looks
    assert "the Wikipedia article “Karniffel”" in html and "seed 0" not in html
    gc.cards.value = "D4 Z1"
    assert "'Z1'" in gc.error


def test_snapshot_in_mimebundle_matches_view():
    lab = TrickLab(cards="HA SA")
    bundle = lab._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert lab.snapshot_html() in bundle["text/html"]
    assert "Static preview" in bundle["text/html"]
    assert bundle["text/plain"] == "<TrickLab: trick lab>"
    assert explain_trick("knueffeln", "HA SA", "HS").winner == 0


def test_deal_viewer_steps_through_a_recorded_deal():
    import random

    import knlib
    from knlib.render.widgets import DealViewer

    deal = knlib.new_deal("knueffeln", seed=3)
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    dv = DealViewer(deal, step=0)
    assert dv.back.disabled and "After 0 of" in dv.view.value
    dv.to_end.click()
    assert dv.step == len(deal.history) and dv.forward.disabled
    assert str(deal.result) in dv.view.value
    dv.back.click()
    assert dv.step == len(deal.history) - 1
    assert dv.state().to_json() != deal.to_json()
    dv.go(10_000)
    assert "outside this sequence of" in dv.error and dv.step == len(deal.history) - 1
