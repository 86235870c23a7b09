"""One trick seen several ways: under every game of the family (:func:`compare_trick_html`,
and :func:`compare_trick_stacked_html` for a narrow screen) and in every order of play
(:func:`order_matters_examples`)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from itertools import permutations

from knlib.cards import Card, parse_suits, suit_symbol
from knlib.counts import number_text
from knlib.errors import RulesError
from knlib.games import GAMES, ruleset
from knlib.render.display import trick_html
from knlib.rules.tricks import TrickExplanation, explain_trick

from ..i18n import ntr, tr

__all__ = ["compare_trick_html", "compare_trick_stacked_html", "compared", "compared_chosen",
           "order_matters_examples", "order_matters_text"]

_WHY_STYLE = "padding:4px 8px;vertical-align:top;font-size:0.9em"
_BLOCK_STYLE = "margin:0.5em 0;padding-bottom:0.4em;border-bottom:1px solid #dddddd"


def _chosen_for(game: str, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """Chosen suits for a game: the first one where the game has one chosen suit."""
    return chosen[: ruleset(game).n_chosen]


def _chosen_words(symbols: str) -> str:
    """'chosen ♥ ♠' in the current language."""
    return tr("chosen {suits}", suits=symbols)


def _why_winner(expl: TrickExplanation) -> str:
    """The trick in one sentence: the winning card and the one reason that mattered
    (:meth:`~knlib.rules.tricks.TrickExplanation.summary`)."""
    return expl.summary()


def compared_chosen(chosen: str | Sequence[str]) -> tuple[str, ...]:
    """The chosen suits of a comparison: one or two different suits (the games with one
    chosen suit use the first)."""
    suits = parse_suits(chosen)
    if not 1 <= len(suits) <= 2 or len(set(suits)) != len(suits):
        raise RulesError(tr("{value}: give one or two different chosen suits (the Karnöffel "
                            "games use the first)", value=repr(chosen)))
    return suits


def compared(cards: Sequence[str | Card], chosen: str | Sequence[str],
             games: Sequence[str] = GAMES) -> list[tuple[str, str, str, str]]:
    """For each game: its title, its chosen suits as symbols, the trick drawn with its
    winner (or '—') and, as HTML, why the winner wins (or why the game cannot have this
    trick, in the rules' own words, without their citation: the family chapters name the
    sources in their "Where the sources differ" sections)."""
    suits = compared_chosen(chosen)
    rows = []
    for g in games:
        rules = ruleset(g)
        ch = _chosen_for(g, suits)
        try:
            expl = explain_trick(rules, cards, ch)
            cell = trick_html(expl.cards, game=rules, chosen=ch, winner=expl.winner, width=46)
            why = escape(_why_winner(expl))
        except RulesError as err:
            cell, why = "—", escape(err.message)
        rows.append((rules.title, " ".join(suit_symbol(s) for s in ch), cell, why))
    return rows


def compare_trick_html(cards: Sequence[str | Card], chosen: str | Sequence[str],
                       games: Sequence[str] = GAMES) -> str:
    """The same trick under every game, side by side (a row per game). A game whose pack
    or table does not fit the trick says why in its row."""
    rows = [f"<tr><td style='padding:4px 8px;vertical-align:top'><b>{escape(title)}"
            f"</b><br><small>{_chosen_words(ch)}</small></td>"
            f"<td style='padding:4px 8px'>{cell}</td>"
            f"<td style='{_WHY_STYLE}'>{why}</td></tr>"
            for title, ch, cell, why in compared(cards, chosen, games)]
    head = "".join(f"<th>{h}</th>" for h in (tr("game"), tr("the trick"),
                                              tr("why the winner wins")))
    return ("<table style='border-collapse:collapse'><tr>" + head + "</tr>" + "".join(rows)
            + "</table>")


def compare_trick_stacked_html(cards: Sequence[str | Card], chosen: str | Sequence[str],
                               games: Sequence[str] = GAMES) -> str:
    """The same trick under every game, one game below the other (for a narrow screen):
    the same pictures and words as :func:`compare_trick_html`."""
    blocks = [f'<div class="knlib-compare-game" style="{_BLOCK_STYLE}">'
              f"<div><b>{escape(title)}</b>, <small>{_chosen_words(ch)}</small></div>"
              f"<div>{cell}</div><div style='font-size:0.9em'>{why}</div></div>"
              for title, ch, cell, why in compared(cards, chosen, games)]
    return f'<div class="knlib-compare">{"".join(blocks)}</div>'


def order_matters_examples(game: str, cards: Sequence[str], chosen: str) -> dict[str, list[str]]:
    """For a set of cards with a fixed lead, the winner card of every order of the rest."""
    out: dict[str, list[str]] = {}
    for rest in permutations(cards[1:]):
        trick = [cards[0], *rest]
        expl = explain_trick(game, trick, chosen)
        out.setdefault(trick[expl.winner], []).append(" ".join(trick))
    return out


def order_matters_text(game: str, cards: Sequence[str], chosen: str) -> str:
    """:func:`order_matters_examples` in words (Markdown): each winning card, in how many
    orders it wins and one of them."""
    rules = ruleset(game)
    symbols = [Card(c).symbol for c in cards]
    head = tr("The {count} cards {cards}, {suits} chosen, {lead} led:",
              count=number_text(len(cards)), cards=" ".join(symbols),
              suits=rules.chosen_text(tuple(parse_suits(chosen))), lead=symbols[0])
    lines = ["- " + ntr("**{card}** wins in {n} order, for example {example}.",
                        "**{card}** wins in {n} orders, for example {example}.", len(orders),
                        card=Card(card).symbol,
                        example=" ".join(Card(c).symbol for c in orders[0].split()))
             for card, orders in order_matters_examples(game, cards, chosen).items()]
    return head + "\n\n" + "\n".join(lines)
