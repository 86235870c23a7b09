"""The phrasebook at work on concrete hands, for the reader, in the current language:
how many phrases each source gives (:func:`phrasebook_count`), what a truthful player
would say about a hand and what a bluff could be (:func:`hand_lines_html`), which claims
hold for a hand (:func:`claims_table_html`) and the truthful answer to a question about a
card on the table (:func:`truthful_answer_html`).

The phrases stay as the sources print them; their glosses, the claims and every word
around them come through the catalogue (English, or standard German).
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable

from knlib.cards import Card
from knlib.players.talk.hand import describe_hand
from knlib.players.talk.lines import bluff_line, claims_true, truthful_line
from knlib.players.talk.phrasebook import PHRASEBOOK, phrase
from knlib.sources import S000_TALK, S001_TALK

from ..i18n import ntr, tr

__all__ = ["phrasebook_count", "hand_lines_html", "claims_table_html", "truthful_answer_html"]


def phrasebook_count() -> str:
    """One sentence: how many phrases the phrasebook holds and how many each source gives
    ('There are 28 phrases: 24 from McLeod's description and 9 from the Wikipedia article
    (some are in both).')."""
    total = len(PHRASEBOOK)
    first = len(PHRASEBOOK.from_source(S000_TALK.split(",")[0]))
    second = len(PHRASEBOOK.from_source(S001_TALK.split(",")[0]))
    return ntr("There is {count} phrase: {first} from McLeod's description and {second} from "
               "the Wikipedia article (some are in both).",
               "There are {count} phrases: {first} from McLeod's description and {second} "
               "from the Wikipedia article (some are in both).",
               total, count=total, first=first, second=second)


def hand_lines_html(hand: Iterable[str | Card], chosen: str | Iterable[str],
                    rng: random.Random | int | None = None) -> str:
    """A paragraph about one hand (escaped HTML): the line a truthful player says, what it
    claims, the hand sorted for table talk and a phrase that would be a bluff (drawn with
    ``rng``, after the truthful line is found; left out if no phrase would be one)."""
    e = html.escape
    cards = list(hand)
    line = truthful_line(cards, chosen)
    bluff = bluff_line(cards, chosen, rng=rng)
    summary = describe_hand(cards, chosen)
    truthful, claims = tr("Truthful:"), tr("Claims:")
    categories, possible = tr("Categories:"), tr("A possible bluff:")
    lie = ("" if bluff is None else
           f"<br><b>{e(possible)}</b> <i>{e(bluff.text)}</i> ({e(bluff.english)})")
    return (f"<p><b>{e(truthful)}</b> <i>{e(line.text)}</i> ({e(line.english)})<br>"
            f"<b>{e(claims)}</b> {e(line.claim)}<br>"
            f"<b>{e(categories)}</b> {e(str(summary))}{lie}</p>")


def claims_table_html(phrase_ids: Iterable[str], hand: Iterable[str | Card],
                      chosen: str | Iterable[str]) -> str:
    """A table (escaped HTML): each phrase with its gloss, and whether its claim is true
    for the hand."""
    e = html.escape
    cards = list(hand)
    true, false = tr("true"), tr("false")
    rows = []
    for pid in phrase_ids:
        p = phrase(pid)
        ok = claims_true(pid, cards, chosen)
        rows.append(f"<tr><td><i>{e(p.low_german_or_german)}</i> ({e(p.meaning)})</td>"
                    f"<td>{e(true if ok else false)}</td></tr>")
    head = "".join(f"<th>{e(h)}</th>" for h in (tr("phrase"), tr("for this hand")))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def truthful_answer_html(phrase_id: str, hand: Iterable[str | Card],
                         chosen: str | Iterable[str], *, target: str | Card) -> str:
    """One sentence (escaped HTML): the truthful answer a hand gives to a question of the
    phrasebook about the card ``target`` ahead in the trick ('A truthful answer to
    <i>kannst du?</i> is <b>yes</b>.')."""
    e = html.escape
    p = phrase(phrase_id)
    yes = claims_true(phrase_id, list(hand), chosen, target=target)
    asked = f"<i>{e(p.low_german_or_german)}</i>"
    if yes:
        return "<p>" + tr("A truthful answer to {phrase} is <b>yes</b>.", phrase=asked) + "</p>"
    return "<p>" + tr("A truthful answer to {phrase} is <b>no</b>.", phrase=asked) + "</p>"
