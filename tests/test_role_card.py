"""The page pieces that fit a phone (issue 25, item 6): Evening 2's role card, the "at a
glance" lead cases as reflowing text, and a wide reader table's labelled cells."""

from __future__ import annotations

import re
from collections import Counter
from xml.etree import ElementTree

import pytest

from knbook.course.book_helpers import reader_table
from knbook.course.glance import lead_case_steps, lead_cases_html
from knbook.pictures.role_card import role_card_html, role_card_rows
from knlib import GAMES
from knlib.games import ruleset
from knlib.render.display import classes_by_strength


def parse(html: str) -> ElementTree.Element:
    return ElementTree.fromstring(f"<root>{html}</root>")


def text_of(el: ElementTree.Element) -> str:
    return re.sub(r"\s+", " ", "".join(el.itertext())).strip()


def chosen_for(game: str) -> str:
    return "HS"[: ruleset(game).n_chosen]


def _card_texts(root: ElementTree.Element) -> list[str]:
    """The card symbols at the start of each row (the coloured spans with a card's name)."""
    return [text_of(span) for li in root.iter("li") for span in li.findall("span")
            if span.get("title")]


@pytest.mark.parametrize("game", GAMES)
def test_the_role_card_shows_every_card_of_the_pack_once(game):
    rules = ruleset(game)
    root = parse(role_card_html(game, chosen_for(game)))
    expected = [c.german_symbol if rules.german else c.symbol for c in rules.pack]
    assert Counter(_card_texts(root)) == Counter(expected)


def test_the_role_card_has_one_block_per_class_strongest_first():
    root = parse(role_card_html("knueffeln", "HS"))
    heads = [text_of(s[0]).split(" (")[0] for s in root.iter("section")]
    assert heads == [k for k, _ in classes_by_strength(ruleset("knueffeln"), ("H", "S"))]
    assert heads[:2] == ["Ole", "beater"] and heads[-1] == "dud"
    first = next(root.iter("li"))
    assert text_of(first).startswith("♥2 · de Beste (the highest Ole, Two of Hearts)")
    assert "Beats every lower Ole" in text_of(first)
    # the chosen Aces share a row; the fourteen duds of Bohmstedt share one
    rows = dict(role_card_rows("knueffeln", "HS"))
    assert [c.symbol for c in rows["beater"][0]] == ["♠A", "♥A"]
    assert len(rows["dud"]) == 1 and len(rows["dud"][0]) == 14


def test_the_role_card_is_compact_and_cites_nothing():
    html = role_card_html("knueffeln", "HS")
    root = parse(html)
    assert not list(root.iter("table"))  # blocks that wrap, not columns that shrink
    assert "minmax(min(100%," in html and "min-width:40em" not in html
    text = text_of(root)
    # the note about ♥2 is said once, without its citation
    assert text.count("keeps its place as de Beste") == 1
    for word in ("seed", "README", "reading", "McLeod", "Eaton"):
        assert word not in text, word


def test_the_role_card_refuses_a_bad_choice_of_suits():
    from knlib.errors import RulesError

    with pytest.raises(RulesError, match="X"):
        role_card_html("knueffeln", "HX")


def test_the_lead_cases_read_top_down_as_text():
    steps = lead_case_steps("knueffeln", "HS")
    root = parse(lead_cases_html("knueffeln", "HS"))
    assert not list(root.iter("img")) and not list(root.iter("svg"))
    items = [li for li in root.iter("li") if li.get("aria-hidden") != "true"]
    assert len(items) == len(steps) == 7
    for i, (li, step) in enumerate(zip(items, steps, strict=True)):
        question, answer = (text_of(d) for d in li.findall("div"))
        assert question.startswith(f"{i + 1}. ") and step.question in question
        assert step.answer in answer
    assert text_of(items[1]).endswith("Cannot be beaten when led.")
    assert sum(li.get("aria-hidden") == "true" for li in root.iter("li")) == len(steps) - 1
    # beside each other when there is room, one under the other on a phone
    assert "minmax(min(100%,14em),1fr)" in lead_cases_html()


def test_a_wide_reader_table_labels_each_cell_with_its_column():
    html = str(reader_table(["game", "tricks to win"], [("Knüffeln", 5), ("Stýrivolt", 3)],
                            min_width="44em"))
    root = parse(html)
    tds = list(root.iter("td"))
    assert [td.get("data-label") for td in tds] == ["game", "tricks to win"] * 2
    assert all(th.get("data-label") is None for th in root.iter("th"))
