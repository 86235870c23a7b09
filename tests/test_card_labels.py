"""Role labels under cards stay readable on a phone (issue 36, item 2).

The pages and tools show a hand or a trick as a row of one SVG a card
(knlib.render.display.hand_html, trick_html) that wraps on a narrow screen: each SVG is
drawn at its own size (its width is its viewBox's width, and it neither grows nor shrinks
in its row), so a label's font size in the markup is its size in CSS pixels. Every label
is at least 11 pixels high, for every card of every game, in English and in German, at
every card width the book uses, and no label is squeezed (textLength). The browser checks
of the built site are in tests/test_page_fit.py.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import knlib
from knlib import GAMES, ruleset
from knlib.render.card_face import LABEL_SIZE, text_width
from knlib.render.display import hand_html, hand_svg, trick_html, trick_svg

SVG = "{http://www.w3.org/2000/svg}"
MIN_PX = 11
#: The card widths the book's pictures use (the deal's seats 38 to a lone card's 72).
WIDTHS = (38, 40, 44, 52, 64, 72)


def chosen_for(game: str) -> str:
    return "HS" if ruleset(game).n_chosen == 2 else "H"


def label_sizes(svg: ET.Element) -> list[tuple[str, float]]:
    """Each badge line of an SVG with its size in the SVG's own units."""
    return [("".join(t.itertext()), float(t.get("font-size")))
            for g in svg.iter(f"{SVG}g") if g.get("class") == "badge"
            for t in g.iter(f"{SVG}text")]


def shown_scale(svg: ET.Element) -> float:
    """CSS pixels per unit of an SVG shown at its own width."""
    width = float(svg.get("width"))
    return width / float(svg.get("viewBox").split()[2])


def row_cards(markup: str | ET.Element) -> list[ET.Element]:
    """The SVGs of a row of cards (checked to be a row that wraps)."""
    row = ET.fromstring(markup) if isinstance(markup, str) else markup
    assert row.tag == "div" and "knlib-cards" in row.get("class")
    assert "flex-wrap:wrap" in row.get("style") and "max-width:100%" in row.get("style")
    svgs = [el for el in row if el.tag == f"{SVG}svg"]
    assert svgs and len(svgs) == len(list(row))  # one SVG a card, nothing else in the row
    return svgs


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_every_label_of_a_wrapping_row_is_at_least_11_css_pixels(game, lang):
    rules = ruleset(game)
    with knlib.language(lang):
        for width in WIDTHS:
            svgs = row_cards(hand_html(rules.pack, game=game, chosen=chosen_for(game),
                                       width=width, sort=False))
            assert len(svgs) == len(rules.pack)
            for svg in svgs:
                style = svg.get("style")
                # a card keeps its size: it neither shrinks in the row nor to the column
                assert "flex:none" in style and "max-width:none" in style
                labels = label_sizes(svg)
                assert labels, ET.tostring(svg, encoding="unicode")[:200]
                for text, size in labels:
                    assert size * shown_scale(svg) >= MIN_PX, (game, width, text, size)
                    # the label fits its cell: never wider than the picture it is in
                    assert text_width(text, size) <= float(svg.get("width")), (game, text)


def outside_the_card(svg: ET.Element) -> list[float]:
    """The sizes of the texts of a cell around its card: a trick's position and seat, the
    winner's marker."""
    face = {id(t) for g in svg.iter(f"{SVG}g") if g.get("role") == "img"
            for t in g.iter(f"{SVG}text")}
    return [float(t.get("font-size")) for t in svg.iter(f"{SVG}text") if id(t) not in face]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tricks_labels_and_headings_are_readable_in_every_game(lang):
    with knlib.language(lang):
        for game in GAMES:
            rules = ruleset(game)
            markup = trick_html(rules.pack[-2:], game=game, chosen=chosen_for(game), width=44,
                                seats=["North-East", "South-West"])
            for svg in row_cards(markup):
                sizes = outside_the_card(svg) + [size for _, size in label_sizes(svg)]
                assert len(sizes) >= 3 and min(sizes) >= MIN_PX, (game, sizes)


def test_no_label_is_squeezed_and_long_names_take_two_lines():
    markup = hand_html("SJ S9 S3 H2 SA CA C2", game="knueffeln", chosen="HS", width=38)
    assert "textLength" not in markup and "lengthAdjust" not in markup
    # 'chosen King' is wider than a 44-unit card: it goes onto two lines of full size
    king = row_cards(hand_html("SK", game="knueffeln", chosen="DS", width=44))[0]
    assert [t for t, _ in label_sizes(king)] == ["chosen", "King"]
    # a single long word widens its card's picture instead of shrinking
    steker = row_cards(hand_html("SJ", game="knueffeln", chosen="HS", width=38))[0]
    assert label_sizes(steker) == [("Frikortensteker", LABEL_SIZE)]
    assert float(steker.get("width")) >= text_width("Frikortensteker", LABEL_SIZE)


def test_the_row_is_the_same_picture_as_the_one_svg():
    """hand_svg (a notebook's _repr_svg_) and trick_svg draw the same cells, side by side in
    one SVG, with the same labels at the same size."""
    one = ET.fromstring(hand_svg("H2 SA D4 S3", game="knueffeln", chosen="HS"))
    cells = row_cards(hand_html("H2 SA D4 S3", game="knueffeln", chosen="HS"))
    assert label_sizes(one) == [x for svg in cells for x in label_sizes(svg)]
    row = ET.fromstring(hand_html("H2 SA D4 S3", game="knueffeln", chosen="HS"))
    assert row.get("role") == "group" and row.get("aria-label") == one.get("aria-label")
    trick = trick_svg("D4 S3 DA C8", game="knueffeln", chosen="HS", seats="SWNE")
    trick_row = ET.fromstring(trick_html("D4 S3 DA C8", game="knueffeln", chosen="HS",
                                         seats="SWNE"))
    assert trick_row.get("aria-label") == ET.fromstring(trick).get("aria-label")
    # a trick's cards are all as wide, so its positions line up
    assert len({svg.get("width") for svg in row_cards(trick_row)}) == 1


def test_each_card_of_a_row_is_named_for_screen_readers():
    svgs = row_cards(hand_html("H2 SA", game="knueffeln", chosen="HS"))
    names = [g.get("aria-label") for svg in svgs for g in svg.iter(f"{SVG}g")
             if g.get("role") == "img"]
    assert len(names) == 2 and names[0].startswith("♥2, Two of Hearts: ")
    assert all(svg.find(f"{SVG}g/{SVG}title") is not None for svg in svgs)


def test_the_wrapping_row_has_no_ids_and_is_deterministic():
    a = trick_html("D4 S3", game="knueffeln", chosen="HS")
    assert a == trick_html("D4 S3", game="knueffeln", chosen="HS")
    assert not re.search(r"\bid=", a)
