"""Interactive front ends for the book, built on ipywidgets (imported lazily).

Every widget draws with knlib's own SVG/HTML (``widgets.HTML``), so it shows a
faithful picture without a kernel: ``_repr_mimebundle_`` adds a ``text/html``
snapshot of the current state beside the live widget view, and the book's HTML
build prefers the snapshot. Bad choices never raise: the widget keeps its state
and shows the :class:`~knlib.RulesError` message in its ``message`` line.

Callbacks are plain methods, testable without a browser: set a control's
``.value`` or call a button's ``.click()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from html import escape
from itertools import permutations
from typing import Any

from ..cards import SUITS, Card, parse_suits, suit_symbol
from ..errors import RulesError
from ..rules.games import GAMES, ruleset
from ..rules.tricks import explain_trick, ordinal
from ..sources import in_reader_words
from .display import explanation_html, hand_svg, trick_svg

__all__ = ["HandBuilder", "TrickStepper", "TrickLab", "GameComparison", "DealViewer",
           "STATIC_NOTE"]

#: Said under every snapshot in the static book.
STATIC_NOTE = ("Static preview: the controls work when this chapter runs live "
               "(the “Run this chapter live” link, or Jupyter on your own machine).")
_MSG_STYLE = "color:#8b0000;font-weight:bold"


def _w() -> Any:
    import ipywidgets

    return ipywidgets


def _message_html(text: str) -> str:
    """A message for the reader: its sources in author-and-title words (``in_reader_words``)."""
    if not text:
        return ""
    return f'<span role="alert" style="{_MSG_STYLE}">⚠ {escape(in_reader_words(text))}</span>'


class _Widget:
    """Common plumbing: a box, a message line, the snapshot for the static book."""

    title = ""
    box: Any
    message: Any
    #: The HTML widget that shows the picture (:meth:`_show`), and its last good picture.
    view: Any
    _last_good: str

    def _set_message(self, text: str = "") -> None:
        self.message.value = _message_html(text)

    @property
    def error(self) -> str:
        """The message now shown (empty when the last choice was fine)."""
        import re
        from html import unescape

        return unescape(re.sub(r"<[^>]+>", "", self.message.value)).removeprefix("⚠ ").strip()

    def snapshot_html(self) -> str:
        """The picture the widget shows now, as HTML, with a note for static readers."""
        raise NotImplementedError

    def _render(self) -> None:
        raise NotImplementedError

    def _show(self, picture: Callable[[], str]) -> None:
        """Draw ``picture()`` in the view; on a RulesError keep the last good picture and
        show the message instead."""
        try:
            html = picture()
        except RulesError as err:
            self._set_message(str(err))
            return
        self._set_message()
        self._last_good = self.view.value = html


    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = self.box._repr_mimebundle_(include=include, exclude=exclude) or {}
        bundle = dict(bundle)
        bundle["text/html"] = (
            f'<div class="knlib-widget-snapshot">{self.snapshot_html()}'
            f'<p style="font-size:0.85em;color:#555;font-style:italic">{escape(STATIC_NOTE)}</p>'
            "</div>"
        )
        bundle["text/plain"] = f"<{type(self).__name__}: {self.title}>"
        return bundle


class _Stepper(_Widget):
    """A widget that shows one step of a sequence (a trick's cards, a deal's actions)."""

    step: int
    first_step: int
    unit: str

    @property
    def last_step(self) -> int:
        raise NotImplementedError

    def go(self, step: int) -> None:
        """Show the state after ``step`` steps; out of range shows a message instead."""
        if not self.first_step <= step <= self.last_step:
            self._set_message(f"step {step} is outside this sequence of {self.last_step} "
                              f"{self.unit}")
            return
        self.step = step
        self._set_message()
        self._render()


def _suit_options() -> list[tuple[str, str]]:
    from ..cards import suit_name

    return [(f"{suit_symbol(s)} {suit_name(s)}", s) for s in SUITS]


class HandBuilder(_Widget):
    """Pick up to a hand's worth of cards (or deal at random from a seed), set the chosen
    suits, and see the hand sorted by power with its role badges, its counts and the
    truthful table-talk line."""

    def __init__(self, game: str = "knueffeln", cards: Iterable[str | Card] = (),
                 chosen: str = "HS", seed: int = 0) -> None:
        w = _w()
        self.rules = ruleset(game)
        self.title = f"hand builder, {self.rules.title}"
        suits = self.rules.check_chosen(chosen)
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        self.hand: list[Card] = self.rules.check_cards(cards)
        if len(self.hand) > self.rules.hand_size:
            raise RulesError(
                f"a {self.rules.title} hand holds at most {self.rules.hand_size} cards")
        self.chosen = suits
        layout = w.Layout(width="46px", height="30px", padding="0")
        self.toggles = {}
        rows = []
        for suit in SUITS:
            row = []
            for card in (c for c in self.rules.pack if c.suit == suit):
                shown = card.german_symbol if self.rules.german else card.symbol
                t = w.ToggleButton(value=card in self.hand, description=shown,
                                   tooltip=card.german_name if self.rules.german else card.name,
                                   layout=layout)
                t.observe(self._on_toggle(card), names="value")
                self.toggles[card] = t
                row.append(t)
            rows.append(w.HBox(row))
        self.suit_pickers = [
            w.Dropdown(options=_suit_options(), value=s, description=f"Chosen {i + 1}",
                       layout=w.Layout(width="220px"))
            for i, s in enumerate(suits)
        ]
        for p in self.suit_pickers:
            p.observe(self._on_chosen, names="value")
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="160px"))
        self.deal_button = w.Button(description="Deal at random", icon="random")
        self.deal_button.on_click(lambda _: self.deal_random())
        self.clear_button = w.Button(description="Clear")
        self.clear_button.on_click(lambda _: self.set_cards([]))
        self.message = w.HTML()
        self.view = w.HTML()
        self.box = w.VBox([w.HBox(self.suit_pickers), *rows,
                           w.HBox([self.seed, self.deal_button, self.clear_button]),
                           self.message, self.view])
        self._busy = False
        self._render()

    # -- callbacks ----------------------------------------------------------------------
    def _on_toggle(self, card: Card):
        def handler(change: dict[str, Any]) -> None:
            if self._busy:
                return
            if change["new"]:
                if len(self.hand) >= self.rules.hand_size:
                    self._busy = True
                    self.toggles[card].value = False
                    self._busy = False
                    self._set_message(
                        f"{card.symbol} would be card {len(self.hand) + 1}: a {self.rules.title} "
                        f"hand holds at most {self.rules.hand_size} cards")
                    return
                self.hand.append(card)
            elif card in self.hand:
                self.hand.remove(card)
            self._set_message()
            self._render()
        return handler

    def _on_chosen(self, change: dict[str, Any]) -> None:
        if self._busy:
            return
        wanted = tuple(p.value for p in self.suit_pickers)
        try:
            self.chosen = self.rules.check_chosen(wanted)
        except RulesError as err:
            self._busy = True
            change["owner"].value = change["old"]
            self._busy = False
            self._set_message(str(err))
            return
        self._set_message()
        self._render()

    def set_cards(self, cards: Iterable[str | Card]) -> None:
        """Replace the hand (shows the error and keeps the hand on bad input)."""
        try:
            new = self.rules.check_cards(cards)
            if len(new) > self.rules.hand_size:
                raise RulesError(f"{len(new)} cards: a {self.rules.title} hand holds at most "
                                 f"{self.rules.hand_size}")
        except RulesError as err:
            self._set_message(str(err))
            return
        self.hand = new
        self._busy = True
        for card, t in self.toggles.items():
            t.value = card in new
        self._busy = False
        self._set_message()
        self._render()

    def deal_random(self) -> None:
        """A random hand from the seed in the Seed box (the same seed, the same hand)."""
        rng = random.Random(self.seed.value)
        self.set_cards(rng.sample(self.rules.pack, self.rules.hand_size))

    # -- picture ------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Counts of the hand by role class, and the truthful table-talk line if known."""
        roles = self.rules.roles(self.chosen)
        counts: dict[str, int] = {}
        for c in self.hand:
            counts[roles[c].klass] = counts.get(roles[c].klass, 0) + 1
        out: dict[str, Any] = {"counts": counts, "talk": None}
        if self.rules.id.startswith("knueffeln") and self.hand:
            from ..players.talk import truthful_line

            out["talk"] = truthful_line(self.hand, self.chosen, game=self.rules.id)
        return out

    def snapshot_html(self) -> str:
        chosen = " and ".join(f"{suit_symbol(s)}" for s in self.chosen)
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

    def _render(self) -> None:
        self.view.value = self.snapshot_html()


class TrickStepper(_Stepper):
    """Go forward and back through a trick one card at a time, with the explanation and
    who is ahead; swap two cards' order of play to see that order matters."""

    def __init__(self, game: str, cards: Sequence[str | Card], chosen: str,
                 *, first_trick: bool = False, step: int | None = None) -> None:
        w = _w()
        self.rules = ruleset(game)
        self.chosen = self.rules.check_chosen(chosen)
        self.first_trick = first_trick
        self.cards = [str(c) for c in self.rules.check_cards(cards)]
        explain_trick(self.rules, self.cards, self.chosen, first_trick=first_trick)
        self.title = f"trick stepper, {self.rules.title}: {' '.join(self.cards)}"
        self.step = len(self.cards) if step is None else max(1, min(step, len(self.cards)))
        self.back = w.Button(description="◀ Back")
        self.forward = w.Button(description="Next ▶")
        n = len(self.cards)
        self.swap_a = w.Dropdown(options=[(ordinal(i + 1), i) for i in range(n)],
                                 value=1 if n > 1 else 0, description="Swap",
                                 layout=w.Layout(width="150px"))
        self.swap_b = w.Dropdown(options=[(ordinal(i + 1), i) for i in range(n)],
                                 value=n - 1, description="with", layout=w.Layout(width="150px"))
        self.swap_button = w.Button(description="Swap order")
        self.back.on_click(lambda _: self.go(self.step - 1))
        self.forward.on_click(lambda _: self.go(self.step + 1))
        self.swap_button.on_click(lambda _: self.swap(self.swap_a.value, self.swap_b.value))
        self.message = w.HTML()
        self.view = w.HTML()
        self.box = w.VBox([w.HBox([self.back, self.forward]),
                           w.HBox([self.swap_a, self.swap_b, self.swap_button]),
                           self.message, self.view])
        self._render()

    first_step, unit = 1, "cards"

    @property
    def last_step(self) -> int:
        return len(self.cards)

    def swap(self, i: int, j: int) -> None:
        """Exchange the places of two cards in the order of play."""
        cards = list(self.cards)
        cards[i], cards[j] = cards[j], cards[i]
        try:
            explain_trick(self.rules, cards, self.chosen, first_trick=self.first_trick)
        except RulesError as err:
            self._set_message(str(err))
            return
        self.cards = cards
        self._set_message()
        self._render()

    @property
    def explanation(self):
        return explain_trick(self.rules, self.cards[: self.step], self.chosen,
                             first_trick=self.first_trick)

    def snapshot_html(self) -> str:
        expl = self.explanation
        ahead = expl.steps[expl.winner]
        status = (f"After {self.step} of {len(self.cards)} cards, the {ordinal(expl.winner + 1)} "
                  f"card, {escape(ahead.symbol)}, is ahead.")
        if self.step == len(self.cards):
            status = f"Trick complete: the {ordinal(expl.winner + 1)} card, " \
                     f"{escape(ahead.symbol)}, wins."
        return f"<p><b>{status}</b></p>{explanation_html(expl)}"

    def _render(self) -> None:
        self.back.disabled = self.step <= 1
        self.forward.disabled = self.step >= len(self.cards)
        self.view.value = self.snapshot_html()


class TrickLab(_Widget):
    """Build any trick (game, chosen suits, cards in play order) and see the winner and
    the explanation."""

    def __init__(self, game: str = "knueffeln", cards: str = "D4 S3 DA C8",
                 chosen: str = "HS", first_trick: bool = False) -> None:
        w = _w()
        self.title = "trick lab"
        self.game = w.Dropdown(options=[(ruleset(g).title, g) for g in GAMES], value=game,
                               description="Game", layout=w.Layout(width="360px"))
        self.chosen = w.Text(value=chosen, description="Chosen", placeholder="e.g. HS or ♥♠")
        self.cards = w.Text(value=cards, description="Cards", placeholder="lead first: D4 S3 DA C8",
                            layout=w.Layout(width="420px"))
        self.first_trick = w.Checkbox(value=first_trick, description="first trick of the deal")
        self.message = w.HTML()
        self.view = w.HTML()
        for control in (self.game, self.chosen, self.cards, self.first_trick):
            control.observe(lambda _: self._render(), names="value")
        self.box = w.VBox([self.game, w.HBox([self.chosen, self.first_trick]), self.cards,
                           self.message, self.view])
        self._last_good = ""
        self._render()

    def snapshot_html(self) -> str:
        return self._last_good

    def _render(self) -> None:
        self._show(lambda: explanation_html(explain_trick(
            self.game.value, self.cards.value, self.chosen.value,
            first_trick=self.first_trick.value)))


def _map_chosen(game: str, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """Chosen suits for a game: the first one where the game has one chosen suit."""
    return chosen[: ruleset(game).n_chosen]


def _why_winner(expl: Any) -> str:
    """The sentence that shows why the winner wins: the step where it took the lead, or,
    for a led card that nobody took, the last step (which says why it stayed ahead)."""
    if expl.winner > 0 or len(expl.steps) == 1:
        return str(expl.steps[expl.winner])
    return str(expl.steps[-1])


_WHY_STYLE = "padding:4px 8px;vertical-align:top;font-size:0.9em"


def compare_trick_html(cards: Sequence[str], chosen: str,
                       games: Sequence[str] = GAMES) -> str:
    """The same trick under every game, side by side (a row per game)."""
    suits = parse_suits(chosen)
    if not 1 <= len(suits) <= 2 or len(set(suits)) != len(suits):
        raise RulesError(f"{chosen!r}: give one or two different chosen suits (the Karnöffel "
                         "games use the first)")
    rows = []
    for g in games:
        rules = ruleset(g)
        ch = _map_chosen(g, suits)
        try:
            expl = explain_trick(rules, cards, ch)
            cell = trick_svg(expl.cards, game=rules, chosen=ch, winner=expl.winner, width=46)
            why = escape(_why_winner(expl))
        except RulesError as err:
            cell, why = "—", escape(in_reader_words(str(err)))
        rows.append(f"<tr><td style='padding:4px 8px;vertical-align:top'><b>{escape(rules.title)}"
                    f"</b><br><small>chosen {' '.join(suit_symbol(s) for s in ch)}</small></td>"
                    f"<td style='padding:4px 8px'>{cell}</td>"
                    f"<td style='{_WHY_STYLE}'>{why}</td></tr>")
    return ("<table style='border-collapse:collapse'><tr><th>game</th><th>the trick</th>"
            "<th>why the winner wins</th></tr>" + "".join(rows) + "</table>")


class GameComparison(_Widget):
    """One trick (cards in play order) shown under every game of the family."""

    def __init__(self, cards: str = "D4 S3 DA C8", chosen: str = "HS") -> None:
        w = _w()
        self.title = "game comparison"
        self.cards = w.Text(value=cards, description="Cards", layout=w.Layout(width="420px"))
        self.chosen = w.Text(value=chosen, description="Chosen")
        self.message = w.HTML()
        self.view = w.HTML()
        self.cards.observe(lambda _: self._render(), names="value")
        self.chosen.observe(lambda _: self._render(), names="value")
        self.box = w.VBox([w.HBox([self.cards, self.chosen]), self.message, self.view])
        self._last_good = ""
        self._render()

    def snapshot_html(self) -> str:
        return self._last_good

    def _render(self) -> None:
        def picture() -> str:
            text = self.cards.value.replace(",", " ").split()
            if not text:
                raise RulesError("a trick needs at least one card (the lead)")
            for t in text:
                Card(t)
            return compare_trick_html(text, self.chosen.value)

        self._show(picture)


def order_matters_examples(game: str, cards: Sequence[str], chosen: str) -> dict[str, list[str]]:
    """For a set of cards with a fixed lead, the winner card of every order of the rest."""
    out: dict[str, list[str]] = {}
    for rest in permutations(cards[1:]):
        trick = [cards[0], *rest]
        expl = explain_trick(game, trick, chosen)
        out.setdefault(trick[expl.winner], []).append(" ".join(trick))
    return out


class DealViewer(_Stepper):
    """Step through a whole recorded deal, action by action. ``notes``, one text per
    action, are shown under the picture of the step they belong to (the reasons of the
    book's golden deal, :mod:`knlib.course.golden`)."""

    def __init__(self, deal: Any, step: int | None = None,
                 notes: Sequence[str] | None = None) -> None:
        import json

        w = _w()
        self._record = json.loads(deal.to_json())
        self.actions = [a for _, a in self._record["history"]]
        if notes is not None and len(notes) != len(self.actions):
            raise RulesError(f"{len(notes)} notes given for a deal of {len(self.actions)} "
                             "actions: give one note per action")
        self.notes = tuple(notes) if notes is not None else None
        self.title = f"deal viewer, {len(self.actions)} actions"
        self.step = len(self.actions) if step is None else max(0, min(step, len(self.actions)))
        self.back = w.Button(description="◀ Back")
        self.forward = w.Button(description="Next ▶")
        self.to_end = w.Button(description="End ⏭")
        self.back.on_click(lambda _: self.go(self.step - 1))
        self.forward.on_click(lambda _: self.go(self.step + 1))
        self.to_end.on_click(lambda _: self.go(len(self.actions)))
        self.message = w.HTML()
        self.view = w.HTML()
        self.box = w.VBox([w.HBox([self.back, self.forward, self.to_end]), self.message,
                           self.view])
        self._render()

    def state(self) -> Any:
        """The deal after ``step`` actions, rebuilt from the record by replay."""
        import json

        from ..engine.deal import Deal

        record = dict(self._record, history=self._record["history"][: self.step])
        return Deal.from_json(json.dumps(record))

    first_step, unit = 0, "actions"

    @property
    def last_step(self) -> int:
        return len(self.actions)

    def snapshot_html(self) -> str:
        from .display import deal_html

        last = self.actions[self.step - 1] if self.step else None
        note = ""
        if self.notes is not None and self.step:
            note = (f'<p class="knlib-deal-note" style="margin:0.3em 0">'
                    f"{escape(self.notes[self.step - 1])}</p>")
        return (f"<p><b>After {self.step} of {len(self.actions)} actions.</b></p>" + note
                + deal_html(self.state(), last=None if note else last))

    def _render(self) -> None:
        self.back.disabled = self.step <= 0
        self.forward.disabled = self.step >= len(self.actions)
        self.view.value = self.snapshot_html()
