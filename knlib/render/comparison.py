"""One trick seen several ways: under every game of the family (:func:`compare_trick_html`)
and in every order of play (:func:`order_matters_examples`)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from itertools import permutations

from ..cards import Card, parse_suits, suit_symbol
from ..errors import RulesError
from ..rules.games import GAMES, ruleset
from ..rules.tricks import TrickExplanation, explain_trick
from ..sources import in_reader_words
from .display import trick_svg

__all__ = ["compare_trick_html", "compared_chosen", "order_matters_examples"]

_WHY_STYLE = "padding:4px 8px;vertical-align:top;font-size:0.9em"


def _chosen_for(game: str, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """Chosen suits for a game: the first one where the game has one chosen suit."""
    return chosen[: ruleset(game).n_chosen]


def _why_winner(expl: TrickExplanation) -> str:
    """The sentence that shows why the winner wins: the step where it took the lead, or,
    for a led card that nobody took, the last step (which says why it stayed ahead)."""
    if expl.winner > 0 or len(expl.steps) == 1:
        return str(expl.steps[expl.winner])
    return str(expl.steps[-1])


def compared_chosen(chosen: str | Sequence[str]) -> tuple[str, ...]:
    """The chosen suits of a comparison: one or two different suits (the games with one
    chosen suit use the first)."""
    suits = parse_suits(chosen)
    if not 1 <= len(suits) <= 2 or len(set(suits)) != len(suits):
        raise RulesError(f"{chosen!r}: give one or two different chosen suits (the Karnöffel "
                         "games use the first)")
    return suits


def compare_trick_html(cards: Sequence[str | Card], chosen: str | Sequence[str],
                       games: Sequence[str] = GAMES) -> str:
    """The same trick under every game, side by side (a row per game). A game whose pack
    or table does not fit the trick says why in its row."""
    suits = compared_chosen(chosen)
    rows = []
    for g in games:
        rules = ruleset(g)
        ch = _chosen_for(g, suits)
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


def order_matters_examples(game: str, cards: Sequence[str], chosen: str) -> dict[str, list[str]]:
    """For a set of cards with a fixed lead, the winner card of every order of the rest."""
    out: dict[str, list[str]] = {}
    for rest in permutations(cards[1:]):
        trick = [cards[0], *rest]
        expl = explain_trick(game, trick, chosen)
        out.setdefault(trick[expl.winner], []).append(" ".join(trick))
    return out
