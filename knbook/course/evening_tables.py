"""The small tables and sentences of the first three evenings and the exam page, in the
current language: the pack, the five Olen, the turn-ups of some deals, one hand's roles
under two choices of suits, the card ahead after each card of a trick, and what an exam
paper asks (each chapter shows one of them; the German site shows them in German).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from knlib.cards import RANKS, Card, rank_name, suit_symbol
from knlib.counts import semicolon_list
from knlib.engine.deal import new_deal
from knlib.games import KNUEFFELN, Ruleset, deal_value, ruleset
from knlib.games.knueffeln import OLEN
from knlib.games.stakes import format_amount
from knlib.kinds import ResultKind
from knlib.rules.dealing import seat_names, seat_word
from knlib.rules.tricks import ahead_sequence, ordinal

from ..i18n import marked, tr
from ..markdown import table
from ..pictures.comparison import order_matters_examples
from .card_questions import rank_plurals
from .evening_words import evening_title
from .evenings import EVENINGS

__all__ = ["pack_text", "olen_table", "turn_ups_table", "roles_table", "ahead_table",
           "two_cases_table", "orders_table", "exam_topics_table", "STAKE_EXAMPLES",
           "stake_examples_table"]


def pack_text(game: str = KNUEFFELN) -> str:
    """'The pack has **48 cards**, 12 in each suit: Two, …, Ace. Left out: the Fives.'"""
    rules = ruleset(game)
    pack = rules.pack
    in_pack = sorted({card.rank for card in pack})
    left_out = [r for r in RANKS if r not in in_pack]
    return tr("The pack has **{size} cards**, {per_suit} in each suit: {ranks}. Left out: "
              "the {left_out}.", size=len(pack), per_suit=len(pack) // 4,
              ranks=", ".join(rank_name(r) for r in in_pack),
              left_out=rank_plurals(rules, left_out))


def olen_table() -> str:
    """The five Olen, highest first: place, card, table name, what it is."""
    return table((tr("place"), tr("card"), tr("table name"), tr("what it is")),
                  ((place, card.symbol, f"*{name}*", tr(meaning))
                   for place, (card, _power, name, meaning) in enumerate(OLEN, 1)))


def turn_ups_table(numbers: Iterable[int], game: str = KNUEFFELN) -> str:
    """For some deal numbers: the turn-ups of deals thrown in first, the cards turned up,
    the chosen suits."""
    rows = []
    for number in numbers:
        d = new_deal(game, seed=number)
        thrown_in = "; ".join(" ".join(c.symbol for c in r) for r in d.get_game().redeals) or "–"
        rows.append((number, thrown_in, " ".join(c.symbol for c in d.get_game().turned),
                     d.rules.chosen_text(d.chosen)))
    return table((tr("deal number"), tr("thrown in first"), tr("turned up"),
                   tr("chosen suits")), rows)


def roles_table(game: str, hand: Iterable[Card], choices: Sequence[str]) -> str:
    """Each card of a hand with its role under each choice of suits ('HS': hearts and
    spades chosen)."""
    rules = ruleset(game)
    head = [tr("card")] + [tr("{suits} chosen", suits=" ".join(map(suit_symbol, chosen)))
                           for chosen in choices]
    return table(head, ([card.symbol] + [rules.role(card, chosen).label
                                          for chosen in choices] for card in hand))


def ahead_table(game: str, trick: Sequence[str], chosen: str) -> str:
    """After each card of a trick, the card ahead."""
    ahead = ahead_sequence(game, trick, chosen)
    return table((tr("card played"), tr("card ahead after it")),
                  [(tr("{ordinal}: {card}", ordinal=ordinal(i + 1), card=Card(card).symbol),
                    Card(trick[ahead[i]]).symbol)
                   for i, card in enumerate(trick)])


def two_cases_table(game: str, case_1: Sequence[str], case_2: Sequence[str],
                    chosen: str) -> str:
    """The same four cards in two orders of play: at each seat, the card played and the
    card ahead after it, in both cases."""
    ahead_1 = ahead_sequence(game, case_1, chosen)
    ahead_2 = ahead_sequence(game, case_2, chosen)
    head = (tr("seat"), tr("Case 1: card"), tr("ahead after it"), tr("Case 2: card"),
            tr("ahead after it"))
    rows = [(seat_word(seat), Card(case_1[i]).symbol, Card(case_1[ahead_1[i]]).symbol,
             Card(case_2[i]).symbol, Card(case_2[ahead_2[i]]).symbol)
            for i, seat in enumerate(seat_names(len(case_1)))]
    return table(head, rows)


def orders_table(game: str, cards: Sequence[str], chosen: str) -> str:
    """For four cards with a fixed lead, the winner of every order of play of the rest."""
    rows = [(Card(winner).symbol,
             "; ".join(" ".join(Card(c).symbol for c in order.split()) for order in orders))
            for winner, orders in order_matters_examples(game, cards, chosen).items()]
    return table((tr("winner"), tr("orders of play (led card first)")), rows)


def exam_topics_table(paper: Sequence[Any]) -> str:
    """What an exam paper asks, evening by evening: the evening, its title and the titles
    of its questions."""
    rows = [(k, evening_title(k), semicolon_list(sorted({q.title for q in paper
                                                        if q.evening == k})))
            for k in EVENINGS]
    return table((tr("evening"), tr("topic"), tr("questions")), rows)


#: Knüffeln's deals by what each is worth (seed 000, 'Scoring'): what happened, the kind
#: of result and the face-down leads seen before it.
STAKE_EXAMPLES: tuple[tuple[str, ResultKind, int], ...] = (
    (marked("a plain win (five tricks)"), ResultKind.GAME, 0),
    (marked("a Jann (the first five tricks)"), ResultKind.JANN, 0),
    (marked("a march (all nine tricks)"), ResultKind.MARCH, 0),
    (marked("a failed march, paid to the opponents"), ResultKind.FAILED_MARCH, 0),
    (marked("two face-down leads seen, then a plain win"), ResultKind.GAME, 2),
    (marked("ran at the second face-down lead (one seen before)"), ResultKind.RUN, 1),
    (marked("a Jann with two face-down leads seen"), ResultKind.JANN, 2),
)


def stake_examples_table(game: str | Ruleset = KNUEFFELN) -> str:
    """:data:`STAKE_EXAMPLES` as a Markdown table: what each loser pays one winner."""
    rules = ruleset(game)
    unit = rules.stakes.unit
    rows = ["| " + tr("what happened") + " | " + tr("each loser pays one winner") + " |",
            "|---|---|"]
    rows += [f"| {tr(text)} | {format_amount(unit, deal_value(rules, kind, seen))} |"
             for text, kind, seen in STAKE_EXAMPLES]
    return "\n".join(rows)
