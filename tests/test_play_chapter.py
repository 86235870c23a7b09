"""'Play against the computer' tells one deal: its text and its pictures come from the
same deal object (issue 10, item 3), and the table the reader plays at is a fresh deal
whose hands no page shows (issue 35, item 4).

The chapter's stored outputs are read as a reader sees them (HTML without tags) and
checked against the engine: the text's deal is rebuilt here from ``PlaySession(seed=7)`` (the
first deal at table number 7, as the chapter says), and its first trick and turn-ups
must be that deal's; the table's stored picture shows no cards and leaves the deal to
the page (a fresh one each visit).
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

import knlib

CHAPTER = Path(__file__).resolve().parent.parent / "book" / "play" / "play-the-computer.ipynb"
SEAT = re.compile(r"(South|West|North|East) (?:leads|plays) (\S+?)[;.]")


def shown_text(cell_id: str) -> str:
    """The text of a cell's stored HTML or Markdown output, tags removed (a tag's
    aria-label kept: a row of cards says its cards there, as a screen reader reads it)."""
    nb = json.loads(CHAPTER.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c.get("id") == cell_id)
    parts = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        parts.append("".join(data.get("text/html") or data.get("text/markdown") or ""))
        parts.append("".join(out.get("text", "")))
    html_text = " ".join(parts)

    def tag_words(m: re.Match[str]) -> str:
        label = re.search(r'aria-label="([^"]*)"', m.group(0))
        return " " + (unescape(label.group(1)) if label else "") + " "
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", tag_words, html_text))


def symbol_card(symbol: str) -> knlib.Card:
    return next(c for c in knlib.pack("knueffeln") if c.symbol == symbol)


@pytest.fixture(scope="module")
def widget_deal():
    from knbook.play import PlaySession

    table = PlaySession("knueffeln", seed=7, seat=0)  # what PlayWidget(seed=7) shows
    d = table.deal
    start = knlib.new_deal(d.rules, deck=d.deck, dealer=d.dealer)
    return d, start


def test_the_text_tells_its_deal(widget_deal):
    shown, start = widget_deal
    text = shown_text("play-06")
    ups = " ".join(c.symbol for c in shown.turn_ups)
    assert f"turn-ups {ups}".lower() in text.lower(), "the text's deal has other turn-ups"
    played = SEAT.findall(text)
    assert [seat for seat, _ in played] == [shown.names[(shown.dealer + 1 + i) % 4]
                                            for i in range(4)]
    # the computer players' first cards at table 7 are the text's first ones, in order
    on_table = [(shown.names[s], c.symbol) for s, c in shown.current_trick]
    assert on_table and played[:len(on_table)] == on_table
    # every card of the text's trick was in that seat's hand of the deal
    for seat_name, symbol in played:
        seat = shown.names.index(seat_name)
        held = set(start.hands[seat]) | set(start.turn_ups)
        assert symbol_card(symbol) in held, (seat_name, symbol)


def test_the_table_on_the_page_shows_no_hands_and_deals_afresh():
    nb = json.loads(CHAPTER.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c.get("id") == "play-03")
    root = "".join(cell["outputs"][0]["data"]["text/html"])
    config = json.loads(unescape(re.search(r'data-config="([^"]*)"', root).group(1)))
    assert config["seed"] is None  # the page's runtime deals a fresh deal
    assert "A hand of" not in root and "data-knlib-hand" not in root
    assert "data-deal" not in root
