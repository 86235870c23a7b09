"""Knüffeln at a glance (knbook.course.glance): the pictures say what the engine says."""

from __future__ import annotations

import pytest

import knlib
from knbook.course import glance
from knbook.pictures import alt_text


@pytest.mark.parametrize("chosen", ["HS", "CD", "SD"])
def test_the_lead_cases_cover_the_pack_once_and_count_takers_with_the_engine(chosen):
    rules = knlib.ruleset("knueffeln")
    steps = glance.lead_case_steps("knueffeln", chosen)
    assert len(steps) == 7
    covered = [c for s in steps for c in s.cards]
    assert sorted(covered, key=lambda c: c.index) == sorted(rules.pack, key=lambda c: c.index)
    for s in steps:
        assert s.example in s.cards
        takers = sum(knlib.trick_winner(rules, [s.example, x], chosen) == 1
                     for x in rules.pack if x is not s.example)
        assert s.takers == takers


def test_each_question_names_the_kind_of_every_card_it_covers():
    roles = knlib.roles("knueffeln", "HS")
    for s in glance.lead_case_steps("knueffeln", "HS"):
        for c in s.cards:
            word = "Ole" if roles[c].klass == "Ole" else roles[c].name.split(" (")[0].split()[-1]
            assert word in s.question, (c, s.question)


def test_the_led_chosen_seven_is_the_case_nothing_takes():
    seven = next(s for s in glance.lead_case_steps() if s.takers == 0)
    assert {c.symbol[1:] for c in seven.cards} == {"7"}
    assert "Seven" in seven.question


def test_the_olen_are_the_engines_and_highest_first():
    olen = glance.olen("knueffeln")
    assert len(olen) == 5
    for higher, lower in zip(olen, olen[1:], strict=False):
        assert knlib.trick_winner("knueffeln", [lower, higher], "HS") == 1
        assert knlib.trick_winner("knueffeln", [higher, lower], "HS") == 0


def test_the_table_picture_shows_the_deal():
    deal = knlib.new_deal("knueffeln", seed=glance.GLANCE_DEAL)
    fig = glance.table_figure(deal)
    alt = alt_text(fig)
    assert " ".join(c.symbol for c in deal.turn_ups) in alt
    assert f"stock of {len(deal.stock)} cards" in alt
    assert f"{deal.names[deal.forehand]}, on the dealer's left, leads first" in alt


def test_the_stakes_come_from_the_stakes_table():
    from knlib.engine.scoring import stakes

    st = stakes("knueffeln")
    lines = dict(glance.stake_lines("knueffeln"))
    assert lines["basic game"] == f"{st.basic} ct"
    assert lines["Jann"] == f"{st.jann // 100} €"
    assert lines["march"] == f"{st.march // 100} €"
    assert "<table" in glance.stakes_html("knueffeln")


def test_the_one_page_sheet_has_alt_text_for_all_four_parts():
    alt = alt_text(glance.glance_figure())
    for part in ("card table", "five Olen", "lead cases", "What a deal is worth"):
        assert part in alt
