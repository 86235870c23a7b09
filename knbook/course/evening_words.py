"""The words of the five evenings (:data:`knbook.course.EVENINGS`) in the current language:
titles, goals, timings and materials, as the exam, the diploma and the leader's guide sheet
show them. The English texts stay in :mod:`knbook.course.evenings`; :data:`EVENING_TEXTS`
marks each of them for the catalogue (a test checks that none is missing).
"""

from __future__ import annotations

from ..i18n import marked, tr
from .evenings import EVENINGS

__all__ = ["EVENING_TEXTS", "evening_title", "evening_goals", "evening_timings",
           "evening_materials"]


def evening_title(k: int) -> str:
    """Evening ``k``'s title in the current language."""
    return tr(EVENINGS[k].title)


def evening_goals(k: int) -> tuple[str, ...]:
    """Evening ``k``'s learning goals in the current language."""
    return tuple(tr(g) for g in EVENINGS[k].goals)


def evening_timings(k: int) -> tuple[tuple[str, int], ...]:
    """Evening ``k``'s parts in the current language, with their minutes."""
    return tuple((tr(part), minutes) for part, minutes in EVENINGS[k].timings)


def evening_materials(k: int) -> tuple[str, ...]:
    """What evening ``k`` needs, in the current language."""
    return tuple(tr(m) for m in EVENINGS[k].materials)


#: Every text of the evenings, marked for the catalogue.
EVENING_TEXTS: tuple[str, ...] = (
    marked('The pack and the table'),
    marked('make a Knüffeln pack from a 52-card pack and say why it has 48 cards'),
    marked('seat two partnerships, partners opposite, deal nine cards each in threes, and '
           'say who leads'),
    marked('name the five Olen in order, with their table names'),
    marked('turn up the chosen suits, including the case of several turn-ups of one suit'),
    marked('welcome, seating and partners'),
    marked('the pack and the five Olen'),
    marked('dealing and the turn-ups'),
    marked('break'),
    marked('deal, turn up and look at hands (practice)'),
    marked('exercises and self-check'),
    marked('one 48-card pack per table of four: a French-suited 52-card pack with the Fives '
           'taken out'),
    marked('the Knüffeln reference card, one per player'),
    marked("pencils and the evening's exercise sheet"),
    marked('The chosen suits'),
    marked('name the six beaters of a chosen suit (A, J, 6, 2, 3, 4) and what each can beat'),
    marked('explain the chosen Seven and the free cards, which only count when led'),
    marked('tell the useful leads (chosen K and Q, unchosen A, K, Q, J) from the duds'),
    marked("say how one card's role changes when other suits are chosen"),
    marked('recap of evening 1'),
    marked('the beaters and their thresholds'),
    marked('Seven, free cards, K, Q and 10'),
    marked('sorting hands under each pair of chosen suits (practice)'),
    marked("the six 'chosen suits' cards (one pair of suits each)"),
    marked('the Knüffeln reference card'),
    marked('Who wins the trick'),
    marked('say what it takes to beat each of the seven kinds of led card, and which lead '
           'is sure to win'),
    marked('apply the chain: a later card must beat the card that is ahead, as if it were led'),
    marked("show with the main source's two cases that the order of play can change the winner"),
    marked('see which cards of a hand would take the lead in a trick in progress, and which '
           'of them is the cheapest'),
    marked('recap of evening 2'),
    marked('the seven lead cases'),
    marked('the chain, Case 1 and Case 2'),
    marked('open tricks at the table (practice)'),
    marked('the reference card and the chosen-suits cards'),
    marked('The deal in full'),
    marked("carry out the exchanges (chosen Ten for a turn-up, an Ole from the stock's bottom)"),
    marked('play a deal to five tricks, and know when to stop at a Jann and when to play on '
           'for the march'),
    marked('lead face down (drehen), decide whether to see or run, and add up the turns'),
    marked('settle a deal: who pays whom, and how much'),
    marked('as the dealer of the five-player game, choose between playing alone and sitting out'),
    marked('recap of evening 3'),
    marked('exchanges'),
    marked('play to five, Jann and march'),
    marked('drehen und sehen'),
    marked('whole deals for small stakes (practice)'),
    marked('coins or counters for the stakes'),
    marked('the reference card'),
    marked('Table talk and play'),
    marked('use the phrasebook: what each phrase claims, and which may be a bluff'),
    marked('say truthfully what a hand holds without naming a card'),
    marked('know the variants: Hattstedt, five players, Bernhard 1924 and Grünberg 1938'),
    marked('recap of evening 4'),
    marked('the phrasebook'),
    marked('bluffing and tactics'),
    marked('the variants'),
    marked('play with table talk (practice)'),
    marked('self-check and a word on the exam'),
    marked('the phrasebook sheet, one per player'),
    marked('coins or counters'),
    marked('printed exam papers for the final evening (one paper number per candidate)'),
)
