"""The hand builder: pick a hand's cards and the chosen suits, and see the hand sorted by
power with its role badges, how many cards of each kind it holds, and the truthful
table-talk line for it."""

from __future__ import annotations

import random
from collections.abc import Iterable
from html import escape
from typing import Any

from ...cards import SUITS, Card, suit_name, suit_symbol
from ...errors import RulesError
from ...render.display import card_html, card_label, hand_svg
from ...rules.games import ruleset
from .base import Control, Html, Row, Tool, View, button
from .widget import ToolWidget

__all__ = ["HandBuilderTool", "HandBuilder"]


class HandBuilderTool(Tool):
    """Build a hand: ``toggle SA`` picks or puts back a card, ``chosen 1`` and
    ``chosen 2`` set a chosen suit, ``deal`` deals a random hand (the next of the seeded
    ones), ``clear`` empties the hand."""

    name = "hand-builder"
    start_label = "Try it: build a hand"

    def __init__(self, game: str = "knueffeln", cards: Iterable[str | Card] | str = (),
                 chosen: str = "HS", seed: int = 0) -> None:
        self.rules = ruleset(game)
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        self.chosen = self.rules.check_chosen(chosen)
        self.hand = self._checked(cards)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"seed {seed!r}: a hand builder's seed is a whole number")
        super().__init__(game=self.rules.id, cards=" ".join(str(c) for c in self.hand),
                         chosen="".join(self.chosen), seed=seed)
        self.dealt = 0

    def _checked(self, cards: Iterable[str | Card]) -> list[Card]:
        hand = self.rules.check_cards(cards)
        if len(hand) > self.rules.hand_size:
            raise RulesError(f"{len(hand)} cards: a {self.rules.title} hand holds at most "
                             f"{self.rules.hand_size}")
        return hand

    # -- what the reader does -------------------------------------------------------------
    def act(self, action: str, value: str = "") -> None:
        verb, _, what = action.partition(" ")
        if verb == "toggle":
            self._toggle(Card(what))
        elif verb == "chosen" and what in ("1", "2"):
            wanted = list(self.chosen)
            index = int(what) - 1
            if index >= len(wanted):
                raise RulesError(f"{self.rules.title} has {len(wanted)} chosen suit(s)")
            wanted[index] = value
            self.chosen = self.rules.check_chosen(wanted)
        elif verb == "deal":
            rng = random.Random(self.config["seed"] + self.dealt)
            self.hand = rng.sample(self.rules.pack, self.rules.hand_size)
            self.dealt += 1
        elif verb == "clear":
            self.hand = []
        else:
            raise RulesError(f"{action!r} is not a choice of the hand builder")

    def _toggle(self, card: Card) -> None:
        if card not in self.rules.pack:
            raise RulesError(f"{card.symbol} is not in the {self.rules.title} pack")
        if card in self.hand:
            self.hand.remove(card)
        elif len(self.hand) >= self.rules.hand_size:
            raise RulesError(f"{card_label(card, self.rules)} would be card "
                             f"{len(self.hand) + 1}: a {self.rules.title} hand holds at most "
                             f"{self.rules.hand_size} cards; put one back first")
        else:
            self.hand.append(card)

    # -- what the reader sees -------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Counts of the hand by role class, and the truthful table-talk line if known."""
        roles = self.rules.roles(self.chosen)
        counts: dict[str, int] = {}
        for c in self.hand:
            counts[roles[c].klass] = counts.get(roles[c].klass, 0) + 1
        out: dict[str, Any] = {"counts": counts, "talk": None}
        if self.rules.id.startswith("knueffeln") and self.hand:
            from ...players.talk import truthful_line

            out["talk"] = truthful_line(self.hand, self.chosen, game=self.rules.id)
        return out

    def picture_html(self) -> str:
        """The hand sorted by power with its badges, its counts and its table-talk line."""
        chosen = " and ".join(suit_symbol(s) for s in self.chosen)
        parts = [f"<div><b>{escape(self.rules.title)}</b>, chosen {chosen}: "
                 f"{len(self.hand)} of {self.rules.hand_size} cards</div>"]
        parts.append(hand_svg(self.hand, game=self.rules, chosen=self.chosen))
        info = self.summary()
        if info["counts"]:
            counts = ", ".join(f"{n} × {escape(k)}" for k, n in sorted(info["counts"].items()))
            parts.append(f"<div>{counts}</div>")
        talk = info["talk"]
        if talk is not None:
            parts.append(f"<div>Truthful table talk: <i>{escape(talk.text)}</i> "
                         f"({escape(talk.english)})</div>")
        return "".join(parts)

    def view(self) -> View:
        options = tuple((f"{suit_symbol(s)} {suit_name(s)}", s) for s in SUITS)
        chosen = Row(tuple(Control("choice", f"chosen {i + 1}", f"Chosen suit {i + 1}",
                                   options=options, value=s)
                           for i, s in enumerate(self.chosen)))
        rows = [chosen]
        for suit in SUITS:
            cards = [c for c in self.rules.pack if c.suit == suit]
            if cards:
                rows.append(Row(tuple(
                    Control("card", f"toggle {c}", card_label(c, self.rules),
                            pressed=c in self.hand, html=card_html(c, self.rules))
                    for c in cards)))
        rows.append(Row((button("deal", "Deal a random hand"),
                         button("clear", "Clear", enabled=bool(self.hand)))))
        return View((*rows, Html(self.picture_html())))


class HandBuilder(ToolWidget):
    """The hand builder in a notebook (see :class:`HandBuilderTool`)."""

    def __init__(self, game: str = "knueffeln", cards: Iterable[str | Card] | str = (),
                 chosen: str = "HS", seed: int = 0) -> None:
        super().__init__(HandBuilderTool(game, cards, chosen, seed))
