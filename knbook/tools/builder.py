"""The hand builder: pick a hand's cards and the chosen suits, and see the hand sorted by
power with its role badges, how many cards of each kind it holds, and the truthful
table-talk line for it."""

from __future__ import annotations

import random
from collections.abc import Iterable
from html import escape
from typing import Any

from knlib.cards import SUITS, Card, suit_name, suit_symbol
from knlib.errors import RulesError
from knlib.games import KNUEFFELN, ruleset
from knlib.render.display import card_html, card_label, hand_html
from knlib.render.picture_words import class_text

from ..i18n import marked, tr
from .controller import Control, Html, Row, Tool, ToolView, button
from .widget import ToolWidget

__all__ = ["HandBuilderTool", "HandBuilder"]


class HandBuilderTool(Tool):
    """Build a hand: ``toggle SA`` picks or puts back a card, ``chosen 1`` and
    ``chosen 2`` set a chosen suit, ``deal`` deals a random hand (the next of the seeded
    ones), ``clear`` empties the hand."""

    name = "hand-builder"
    start_label = marked("Try it: build a hand")

    def __init__(self, game: str = KNUEFFELN, cards: Iterable[str | Card] | str = (),
                 chosen: str = "HS", seed: int = 0) -> None:
        self.rules = ruleset(game)
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        self.chosen = self.rules.check_chosen(chosen)
        self.hand = self._checked(cards)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(tr("seed {value}: a hand builder's seed is a whole number",
                                value=repr(seed)))
        super().__init__(game=self.rules.id, cards=" ".join(str(c) for c in self.hand),
                         chosen="".join(self.chosen), seed=seed)
        self.dealt = 0

    def _checked(self, cards: Iterable[str | Card]) -> list[Card]:
        hand = self.rules.check_cards(cards)
        if len(hand) > self.rules.hand_size:
            raise RulesError(tr("{count} cards: a {game} hand holds at most {size}",
                                count=len(hand), game=self.rules.title,
                                size=self.rules.hand_size))
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
                raise RulesError(tr("{game} has {count} chosen suit(s)",
                                    game=self.rules.title, count=len(wanted)))
            wanted[index] = value
            self.chosen = self.rules.check_chosen(wanted)
        elif verb == "deal":
            rng = random.Random(self.config["seed"] + self.dealt)
            self.hand = rng.sample(self.rules.pack, self.rules.hand_size)
            self.dealt += 1
        elif verb == "clear":
            self.hand = []
        else:
            raise RulesError(tr("{action} is not a choice of the hand builder",
                                action=repr(action)))

    def _toggle(self, card: Card) -> None:
        if card not in self.rules.pack:
            raise RulesError(tr("{card} is not in the {game} pack", card=card.symbol,
                                game=self.rules.title))
        if card in self.hand:
            self.hand.remove(card)
        elif len(self.hand) >= self.rules.hand_size:
            raise RulesError(tr("{card} would be card {number}: a {game} hand holds at most "
                                "{size} cards; put one back first",
                                card=card_label(card, self.rules), number=len(self.hand) + 1,
                                game=self.rules.title, size=self.rules.hand_size))
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
        if self.rules.table_talk and self.hand:
            from knlib.players.talk import truthful_line

            out["talk"] = truthful_line(self.hand, self.chosen, game=self.rules.id)
        return out

    def picture_html(self) -> str:
        """The hand sorted by power with its badges, its counts and its table-talk line."""
        symbols = [suit_symbol(s) for s in self.chosen]
        chosen = symbols[0] if len(symbols) == 1 else tr(
            "{first} and {second}", first=symbols[0], second=" ".join(symbols[1:]))
        parts = ["<div>" + tr("{game}, chosen {chosen}: {count} of {size} cards",
                              game=f"<b>{escape(self.rules.title)}</b>", chosen=chosen,
                              count=len(self.hand), size=self.rules.hand_size) + "</div>"]
        parts.append(hand_html(self.hand, game=self.rules, chosen=self.chosen))
        info = self.summary()
        if info["counts"]:
            counts = ", ".join(f"{n} × {escape(class_text(k))}"
                               for k, n in sorted(info["counts"].items()))
            parts.append(f"<div>{counts}</div>")
        talk = info["talk"]
        if talk is not None:
            parts.append("<div>" + tr("Truthful table talk: {line} ({meaning})",
                                      line=f"<i>{escape(talk.text)}</i>",
                                      meaning=escape(talk.english)) + "</div>")
        return "".join(parts)

    def view(self) -> ToolView:
        options = tuple((f"{suit_symbol(s)} {suit_name(s)}", s) for s in SUITS)
        chosen = Row(tuple(Control("choice", f"chosen {i + 1}",
                                   tr("Chosen suit {number}", number=i + 1),
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
        rows.append(Row((button("deal", tr("Deal a random hand")),
                         button("clear", tr("Clear"), enabled=bool(self.hand)))))
        return ToolView((*rows, Html(self.picture_html())))


class HandBuilder(ToolWidget):
    """The hand builder in a notebook (see :class:`HandBuilderTool`)."""

    def __init__(self, game: str = KNUEFFELN, cards: Iterable[str | Card] | str = (),
                 chosen: str = "HS", seed: int = 0) -> None:
        super().__init__(HandBuilderTool(game, cards, chosen, seed))
