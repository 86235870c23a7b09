"""'Play against the computer' tells one deal: its text, its pictures and its widget come
from the same deal object (issue 10, item 3).

The chapter's stored outputs are read as a reader sees them (HTML without tags) and
checked against the engine: the widget's deal is rebuilt here from ``Table(seed=7)``
(the model behind ``PlayWidget(seed=7)``), and the text's first trick, turn-ups and
South's hand must be that deal's.
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
    from knlib.apps.play import Table

    table = Table("knueffeln", seed=7, seat=0)  # what PlayWidget(seed=7) shows
    d = table.deal
    start = knlib.new_deal(d.rules, deck=d.deck, dealer=d.dealer)
    return d, start


def test_the_text_tells_the_widgets_deal(widget_deal):
    shown, start = widget_deal
    widget = shown_text("play-03")
    text = shown_text("play-06")
    ups = " ".join(c.symbol for c in shown.turn_ups)
    assert f"turn-ups {ups}".lower() in widget.lower()
    assert f"turn-ups {ups}".lower() in text.lower(), "the text's deal has other turn-ups"
    played = SEAT.findall(text)
    assert [seat for seat, _ in played] == [shown.names[(shown.dealer + 1 + i) % 4]
                                            for i in range(4)]
    # the cards the widget shows on the table are the text's first three, in order
    on_table = [(shown.names[s], c.symbol) for s, c in shown.current_trick]
    assert on_table and played[:len(on_table)] == on_table
    widget_trick = ", ".join(f"{knlib.rules.tricks.ordinal(i + 1)} {c}" for i, (_, c) in
                             enumerate(on_table))
    assert widget_trick in widget
    # every card of the text's trick was in that seat's hand of the widget's deal
    for seat_name, symbol in played:
        seat = shown.names.index(seat_name)
        held = set(start.hands[seat]) | set(start.turn_ups)
        assert symbol_card(symbol) in held, (seat_name, symbol)


def test_the_text_shows_the_widgets_hand_for_south(widget_deal):
    shown, _ = widget_deal
    widget = shown_text("play-03")
    text = shown_text("play-06")
    mine = re.search(r"Your hand A hand of 9 cards: (.*?) [♣♠♥♦]\S+, ", widget)
    south = re.search(r"South A hand of 9 cards: (.*?) [♣♠♥♦]\S+, ", text)
    assert mine and south
    assert mine.group(1) == south.group(1)
    assert {symbol_card(s.split()[0]) for s in mine.group(1).split(", ")} == set(
        shown.hands[0])
