"""The trick tools: decide any trick with the reason for every card (the trick lab), step
through a trick card by card and swap two cards' order (the trick stepper), and see the
same trick under every game of the family (the comparison).

Every text the reader sees is the rules' own: the explanation of
:func:`knlib.rules.tricks.explain_trick` drawn by :func:`knlib.render.display.explanation_html`,
and the rules' refusals (a card not in the pack, chosen suits given twice, a trick too
big for the table, a card that may not be led to the first trick)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from knlib.cards import SUITS, Card, parse_suits, suit_name, suit_symbol
from knlib.errors import RulesError
from knlib.games import GAMES, KNUEFFELN, ruleset
from knlib.games.family import Ruleset
from knlib.render.display import card_html, card_label, explanation_html
from knlib.rules.tricks import TrickExplanation, explain_trick, ordinal

from ..i18n import marked, tr
from ..pictures.comparison import compare_trick_stacked_html, compared_chosen
from .controller import Control, Html, Row, Stepper, Tool, ToolView, button
from .widget import ToolWidget

__all__ = ["TrickLabTool", "TrickStepperTool", "CompareTool", "TrickLab", "TrickStepper",
           "GameComparison"]

#: The order in which a suit is added when a game with two chosen suits is chosen after
#: one with a single chosen suit (Hearts and Spades are the book's usual pair).
_SUIT_PREFERENCE = ("H", "S", "D", "C")


def game_options() -> tuple[tuple[str, str], ...]:
    """Every game of the family as a list's options: (title, id)."""
    return tuple((ruleset(g).title, g) for g in GAMES)


# --- pieces the three tools share -----------------------------------------------------------


def split_cards(cards: Iterable[str | Card] | str) -> list[str | Card]:
    """Cards as written by a reader ('D4 S3, DA') or given as a list, one item per card."""
    if isinstance(cards, str):
        return list(cards.replace(",", " ").split())
    return list(cards)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in the notation a reader types: 'D4 S3 DA C8'."""
    return " ".join(str(c) for c in cards)


def chosen_row(chosen: Sequence[str]) -> Row:
    """One list per chosen suit (actions ``chosen 1`` and ``chosen 2``)."""
    options = tuple((f"{suit_symbol(s)} {suit_name(s)}", s) for s in SUITS)
    return Row(tuple(Control("choice", f"chosen {i + 1}",
                             tr("Chosen suit {number}", number=i + 1),
                             options=options, value=s) for i, s in enumerate(chosen)))


def picker_rows(pack: Sequence[Card], picked: Sequence[Card], rules: Ruleset | None,
                label: str) -> list[Row]:
    """The pack as card buttons, a row per suit (action ``toggle SA``); picked cards pressed."""
    rows: list[Row] = []
    for suit in SUITS:
        cards = [c for c in pack if c.suit == suit]
        if cards:
            rows.append(Row(tuple(
                Control("card", f"toggle {c}", card_label(c, rules), pressed=c in picked,
                        html=card_html(c, rules)) for c in cards),
                label="" if rows else label))
    return rows


def with_chosen(chosen: tuple[str, ...], which: str, suit: str) -> tuple[str, ...]:
    """``chosen`` with chosen suit number ``which`` ('1' or '2') set to ``suit``."""
    index = int(which) - 1
    if not 0 <= index < len(chosen):
        raise RulesError(tr("chosen suit {which} does not exist here: there is one chosen "
                            "suit", which=which) if len(chosen) == 1 else
                         tr("chosen suit {which} does not exist here: there are two",
                            which=which))
    given = parse_suits(suit)
    if len(given) != 1:
        raise RulesError(tr("{value} is not one suit: choose one of {suits}",
                            value=repr(suit), suits=", ".join(
                                f"{suit_symbol(s)} {suit_name(s)}" for s in SUITS)))
    wanted = list(chosen)
    wanted[index] = given[0]
    return tuple(wanted)


def toggled(cards: Sequence[Card], card: Card) -> list[Card]:
    """``cards`` with ``card`` taken back if it is there, else added at the end."""
    return [c for c in cards if c != card] if card in cards else [*cards, card]


def _fit_chosen(chosen: tuple[str, ...], rules: Ruleset) -> tuple[str, ...]:
    """The chosen suits for a newly chosen game: the first ones kept, one added if needed."""
    fitted = list(chosen[: rules.n_chosen])
    for suit in _SUIT_PREFERENCE:
        if len(fitted) >= rules.n_chosen:
            break
        if suit not in fitted:
            fitted.append(suit)
    return tuple(fitted)


#: A setting's name as a refusal names it.
_FIRST_TRICK = marked("first trick")


def _check_flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise RulesError(tr("{what} {value}: say true or false", what=tr(what),
                            value=repr(value)))
    return value


# --- the trick lab ---------------------------------------------------------------------------


class TrickLabTool(Tool):
    """Decide any trick: ``game`` (a game's id), ``chosen 1`` and ``chosen 2`` (a suit),
    ``first-trick`` (turns "first trick of the deal" on or off), ``cards`` (the cards in
    play order, typed: 'D4 S3 DA C8') and ``toggle SA`` (adds a card to the trick, or
    takes it back)."""

    name = "trick-lab"
    start_label = marked("Try it: decide a trick")

    def __init__(self, game: str = KNUEFFELN, cards: Iterable[str | Card] | str = "D4 S3 DA C8",
                 chosen: str | Sequence[str] = "HS", first_trick: bool = False) -> None:
        self.explanation = explain_trick(ruleset(game), split_cards(cards), chosen,
                                         first_trick=_check_flag(first_trick,
                                                                            _FIRST_TRICK))
        self.first_trick = first_trick
        super().__init__(game=self.rules.id, cards=cards_text(self.cards),
                         chosen="".join(self.chosen), first_trick=first_trick)

    @property
    def rules(self) -> Ruleset:
        return ruleset(self.explanation.game)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.explanation.cards

    @property
    def chosen(self) -> tuple[str, ...]:
        return self.explanation.chosen

    def act(self, action: str, value: str = "") -> None:
        verb, _, what = action.partition(" ")
        rules, chosen = self.rules, self.chosen
        cards: list[str | Card] = list(self.cards)
        first_trick = self.first_trick
        if verb == "game" and not what:
            rules = ruleset(value)
            chosen = _fit_chosen(chosen, rules)
        elif verb == "chosen" and what in ("1", "2"):
            chosen = with_chosen(chosen, what, value)
        elif verb == "first-trick" and not what:
            first_trick = not first_trick
        elif verb == "cards" and not what:
            cards = split_cards(value)
        elif verb == "toggle" and what:
            cards = list(toggled(self.cards, rules.check_card(what)))
        else:
            raise RulesError(tr("{action} is not a choice of the trick lab",
                                action=repr(action)))
        self.explanation = explain_trick(rules, cards, chosen, first_trick=first_trick)
        self.first_trick = first_trick

    def view(self) -> ToolView:
        rules = self.rules
        first = button("first-trick", tr("First trick of the deal"), pressed=self.first_trick)
        return ToolView((
            Row((Control("choice", "game", tr("Game"), options=game_options(),
                         value=rules.id),)),
            chosen_row(self.chosen),
            Row((first,)),
            Html(explanation_html(self.explanation)),
            Row((Control("text", "cards", tr("Cards, lead first"),
                         value=cards_text(self.cards)),)),
            *picker_rows(rules.pack, self.cards, rules,
                         tr("Tap a card to add it or take it back")),
        ))


class TrickLab(ToolWidget):
    """The trick lab in a notebook (see :class:`TrickLabTool`)."""

    def __init__(self, game: str = KNUEFFELN, cards: str = "D4 S3 DA C8",
                 chosen: str = "HS", first_trick: bool = False) -> None:
        super().__init__(TrickLabTool(game, cards, chosen, first_trick))


# --- the trick stepper -----------------------------------------------------------------------


class TrickStepperTool(Stepper):
    """Step through a trick card by card: ``back``, ``next``, ``go 3`` (the state after
    three cards); ``pick 2`` picks the second card to swap and a second pick swaps the two
    (``swap 2 4`` swaps at once), to show that the order of play matters."""

    name = "trick-stepper"
    start_label = marked("Try it: step through the trick")

    def __init__(self, game: str, cards: Iterable[str | Card] | str,
                 chosen: str | Sequence[str], first_trick: bool = False,
                 step: int | None = None) -> None:
        self.first_trick = _check_flag(first_trick, _FIRST_TRICK)
        whole = explain_trick(game, split_cards(cards), chosen, first_trick=first_trick)
        self.rules = ruleset(whole.game)
        self.chosen = whole.chosen
        self.cards: list[Card] = list(whole.cards)
        self.step = len(self.cards)
        if step is not None:
            self.step = self.checked_step(step)
        #: the position (from 0) of the card picked to be swapped, if any
        self.picked: int | None = None
        super().__init__(game=self.rules.id, cards=cards_text(self.cards),
                         chosen="".join(self.chosen), first_trick=first_trick, step=self.step)

    first_step, unit = 1, marked("cards")

    @property
    def last_step(self) -> int:
        return len(self.cards)

    def _position(self, text: str) -> int:
        if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= len(self.cards):
            raise RulesError(tr("card {value} is not in this trick: it has {count} cards, "
                                "numbered from 1", value=repr(text), count=len(self.cards)))
        return int(text) - 1

    def swap(self, i: int, j: int) -> None:
        """Exchange the places of cards ``i`` and ``j`` (from 0) in the order of play; a
        RulesError, and no change, if the new order breaks a first-trick rule."""
        cards = list(self.cards)
        cards[i], cards[j] = cards[j], cards[i]
        explain_trick(self.rules, cards, self.chosen, first_trick=self.first_trick)
        self.cards = cards

    def act(self, action: str, value: str = "") -> None:
        verb, _, what = action.partition(" ")
        if self.move(verb, what, value):  # back, next, end, go N
            return
        if verb == "pick" and what:
            i = self._position(what)
            if self.picked is None or self.picked == i:
                self.picked = None if self.picked == i else i
            else:
                self.swap(self.picked, i)
                self.picked = None
        elif verb == "swap":
            pair = (what or value).split()
            if len(pair) != 2:
                raise RulesError(tr("swap {value}: name two cards of the trick by their "
                                    "numbers, for example 'swap 2 4'",
                                    value=repr(what or value)))
            self.swap(self._position(pair[0]), self._position(pair[1]))
            self.picked = None
        else:
            raise RulesError(tr("{action} is not a choice of the trick stepper",
                                action=repr(action)))

    @property
    def explanation(self) -> TrickExplanation:
        """The trick after ``step`` cards."""
        return explain_trick(self.rules, self.cards[: self.step], self.chosen,
                             first_trick=self.first_trick)

    def status(self) -> str:
        """Who is ahead after ``step`` cards, or who wins the whole trick."""
        expl = self.explanation
        ahead = expl.steps[expl.winner]
        if self.step == len(self.cards):
            return tr("Trick complete: the {place} card, {card}, wins.",
                      place=ordinal(expl.winner + 1), card=ahead.symbol)
        return tr("After {step} of {count} cards, the {place} card, {card}, is ahead.",
                  step=self.step, count=len(self.cards), place=ordinal(expl.winner + 1),
                  card=ahead.symbol)

    def picture_html(self) -> str:
        """The status line over the explained trick so far."""
        so_far = self.step < len(self.cards)
        return (f"<p><b>{escape(self.status())}</b></p>"
                + explanation_html(self.explanation, so_far=so_far))

    def view(self) -> ToolView:
        n = len(self.cards)
        steps = Row((button("back", tr("◀ Back"), enabled=self.step > 1),
                     button("next", tr("Next ▶"), enabled=self.step < n, tone="main")))
        swaps = Row(tuple(
            Control("card", f"pick {i + 1}", f"{ordinal(i + 1)}: {card_label(c, self.rules)}",
                    pressed=self.picked == i, html=card_html(c, self.rules))
            for i, c in enumerate(self.cards)),
            label=tr("To swap two cards, tap one and then the other"))
        return ToolView((steps, Html(self.picture_html()), swaps))


class TrickStepper(ToolWidget):
    """The trick stepper in a notebook (see :class:`TrickStepperTool`)."""

    def __init__(self, game: str, cards: Sequence[str | Card], chosen: str,
                 *, first_trick: bool = False, step: int | None = None) -> None:
        super().__init__(TrickStepperTool(game, cards, chosen, first_trick, step))


# --- the comparison --------------------------------------------------------------------------


class CompareTool(Tool):
    """One trick under every game of the family: ``cards`` (typed, lead first),
    ``toggle SA`` (adds a card or takes it back), ``chosen 1`` and ``chosen 2`` (the
    Karnöffel games use the first). A game whose pack or table does not fit the trick says
    why in its row."""

    name = "compare"
    start_label = marked("Try it: compare the games")

    def __init__(self, cards: Iterable[str | Card] | str = "D4 S3 DA C8",
                 chosen: str | Sequence[str] = "HS", games: Sequence[str] = GAMES) -> None:
        if isinstance(games, str) or not games:
            raise RulesError(tr("games {value}: give a list of games to compare",
                                value=repr(games)))
        self.games = tuple(ruleset(g).id for g in games)
        self.cards = self._checked_cards(split_cards(cards))
        self.chosen = compared_chosen(chosen)
        super().__init__(cards=cards_text(self.cards), chosen="".join(self.chosen),
                         games=list(self.games))

    @staticmethod
    def _checked_cards(cards: Sequence[str | Card]) -> list[Card]:
        if not cards:
            raise RulesError(tr("a trick needs at least one card (the lead)"))
        return [Card(c) for c in cards]


    @property
    def pack(self) -> list[Card]:
        """Every card of the compared games' packs, by suit and rank."""
        cards = {c for g in self.games for c in ruleset(g).pack}
        return sorted(cards, key=lambda c: (SUITS.index(c.suit), c.rank))

    def act(self, action: str, value: str = "") -> None:
        verb, _, what = action.partition(" ")
        if verb == "cards" and not what:
            self.cards = self._checked_cards(split_cards(value))
        elif verb == "toggle" and what:
            card = Card(what)
            if card not in self.pack:
                raise RulesError(tr("{card} ({name}) is in none of the packs compared",
                                    card=card.symbol, name=card.name))
            self.cards = self._checked_cards(toggled(self.cards, card))
        elif verb == "chosen" and what in ("1", "2"):
            self.chosen = compared_chosen("".join(with_chosen(self.chosen, what, value)))
        else:
            raise RulesError(tr("{action} is not a choice of the comparison",
                                action=repr(action)))

    def picture_html(self) -> str:
        """The trick under each game, one game below the other (it fits a phone)."""
        return compare_trick_stacked_html(self.cards, "".join(self.chosen), self.games)

    def view(self) -> ToolView:
        return ToolView((
            chosen_row(self.chosen),
            Html(self.picture_html()),
            Row((Control("text", "cards", tr("Cards, lead first"),
                         value=cards_text(self.cards)),)),
            *picker_rows(self.pack, self.cards, None, tr("Tap a card to add it or take it back")),
        ))


class GameComparison(ToolWidget):
    """The comparison in a notebook (see :class:`CompareTool`)."""

    def __init__(self, cards: str = "D4 S3 DA C8", chosen: str = "HS") -> None:
        super().__init__(CompareTool(cards, chosen))
