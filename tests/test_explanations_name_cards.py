"""Each step of an explanation names the right cards (issue 36, item 9), in English and in
German, for random tricks of every game and choice of suits.

The cards a sentence must name are worked out here from the trick engine's winner of
each part of the trick (``knlib.trick_winner`` on the first 1, 2, ... cards: the fast
path), never from the explanation: a step names the card it explains first, then the card
ahead before it ("the card ahead, ♠3" / "vorn liegt ♠3"), and ends with the card ahead
after it, in the words that say whether it took the lead, stayed ahead or is ahead again.
The one-sentence summary names the winner and the card it took; the deal's narration of a
trick names each card with its player, then the winner and the winning card.

Planted bugs this catches (each made by hand in a copy of knlib, run, and reverted): a step
naming the led card as the card ahead; a step naming the card ahead before it as the card
ahead after it; a summary naming the led card as the card taken; the narration naming the
led card as the winning card.
"""

from __future__ import annotations

import random
import re

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import knlib
from knlib import Card, Ruleset, explain_trick, new_deal, trick_winner
from knlib.cards import SUITS

LANGUAGES = ("en", "de")
#: Every game, and the options that change how a trick is decided.
RULESETS = [knlib.ruleset(g) for g in knlib.GAMES] + [
    knlib.ruleset("knueffeln", ties="suit_priority"),
    knlib.ruleset("styrivolt", beater_thresholds="any_beater"),
    knlib.ruleset("karniffel", chosen_plain_order="natural"),
    knlib.ruleset("karnoeffel", stecher_blocked_by="any_suit"),
    knlib.ruleset("karnoeffel-2024", ties="led_suit"),
]
#: How a step ends, by what happened to the lead, in each language: the card named there
#: is the card ahead after the step.
ENDINGS = {
    "en": {"took": r"so (\S+) now leads the trick\.", "stays": r"so (\S+) stays ahead\.",
           "again": r"so (\S+) is ahead again\."},
    "de": {"took": r"also führt jetzt (\S+) den Stich\.", "stays": r"also bleibt (\S+) vorn\.",
           "again": r"also liegt (\S+) wieder vorn\."},
}
#: "the card ahead, ♠3" after the card's own role.
AHEAD_BEFORE = {"en": r"; the card ahead, (\S+), is ", "de": r"; vorn liegt (\S+), "}
#: The narration of a trick: the cards with their players, then the winner and its card.
NARRATED = {"en": r"Trick (\d+): (.*); (.+) wins with (\S+) \(",
            "de": r"Stich (\d+): (.*); (.+) macht den Stich mit (\S+) \("}


def symbol(rules: Ruleset, card: Card) -> str:
    """The card as the game writes it: German suits for Karniffel."""
    return card.german_symbol if rules.german else card.symbol


def symbols_in(rules: Ruleset, text: str) -> list[str]:
    """The card symbols ``text`` names, in order (the longest first where one symbol begins
    another: ♠10 before ♠1)."""
    syms = sorted({symbol(rules, c) for c in rules.pack}, key=len, reverse=True)
    return re.findall("|".join(map(re.escape, syms)), text)


def aheads(rules: Ruleset, cards: list[Card], chosen: list[str]) -> list[int]:
    """The card ahead after each card, by the trick engine: the winner of each beginning."""
    return [trick_winner(rules, cards[: i + 1], chosen) for i in range(len(cards))]


def check_steps(rules: Ruleset, cards: list[Card], chosen: list[str], lang: str) -> None:
    """Each step, the whole explanation and its summary name the cards they should (as the
    language writes them: German ♥D, ♠B)."""
    with knlib.language(lang):
        named_in_language(rules, cards, chosen, lang)


def named_in_language(rules: Ruleset, cards: list[Card], chosen: list[str], lang: str) -> None:
    """:func:`check_steps` in the language in force."""
    ahead = aheads(rules, cards, chosen)
    sym = [symbol(rules, c) for c in cards]
    expl = explain_trick(rules, cards, chosen)
    text, summary = str(expl), expl.summary()
    for i, step in enumerate(expl.steps):
        said = step.sentence
        named = symbols_in(rules, said)
        assert named and named[0] == sym[i], (said, sym[i])
        if i == 0:
            assert named == [sym[0]], said
            continue
        before = re.search(AHEAD_BEFORE[lang], said)
        assert before and before.group(1) == sym[ahead[i - 1]], (said, sym[ahead[i - 1]])
        what = ("took" if ahead[i] == i else "stays" if ahead[i] == ahead[i - 1]
                else "again")
        end = re.search(ENDINGS[lang][what] + "$", said)
        assert end and end.group(1) == sym[ahead[i]], (said, what, sym[ahead[i]])
        assert named[-1] == sym[ahead[i]], said
    winner = ahead[-1]
    assert symbols_in(rules, text.splitlines()[-1]) == [sym[winner]], text
    # The summary: the winner, then the card it took where it came ahead for the last time
    # (or the card whose play put it ahead again); nothing more when it was led.
    came = max(i for i, a in enumerate(ahead) if a == winner and (i == 0 or ahead[i - 1] != a))
    named = symbols_in(rules, summary)
    if came == 0:
        assert named == [sym[winner]], summary
    elif came == winner:
        assert named[:2] == [sym[winner], sym[ahead[came - 1]]], summary
    else:
        assert named[:2] == [sym[winner], sym[came]], summary


@st.composite
def tricks(draw: st.DrawFn, rules: Ruleset) -> tuple[list[Card], list[str]]:
    """A trick of one to a full table's cards of the pack, and the chosen suits."""
    chosen = draw(st.lists(st.sampled_from(SUITS), min_size=rules.n_chosen,
                           max_size=rules.n_chosen, unique=True))
    cards = draw(st.lists(st.sampled_from(rules.pack), min_size=1, max_size=rules.max_table,
                          unique=True))
    return cards, chosen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rules", RULESETS, ids=repr)
@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_each_step_names_the_card_ahead_before_and_after(rules, lang, data):
    cards, chosen = data.draw(tricks(rules))
    check_steps(rules, cards, chosen, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", [
    # ♠3 takes ♦4 (led); ♦A cannot take ♠3; ♥2, de Beste, takes ♠3.
    ("knueffeln", "D4 S3 DA C8 H2", "HS"),
    # A Karnöffel Devil not led is an ordinary Seven; a later card comes ahead of it.
    ("karnoeffel", "D4 H7 HK", "H"),
    # Equal cards: the earlier stays ahead.
    ("knueffeln", "HA SA", "HS"),
    # A blocked stecher (option any_suit): ♦K takes the power of ♣3, so ♣10 is ahead again
    # (rare among random tricks).
    (knlib.ruleset("karnoeffel", stecher_blocked_by="any_suit"), "C10 C3 DK HK", "C"),
], ids=repr)
def test_fixed_tricks(case, lang):
    game, cards, chosen = case
    rules = knlib.ruleset(game)
    check_steps(rules, knlib.parse_cards(cards), list(chosen), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game, players",
                         [(g, n) for g in knlib.GAMES for n in knlib.ruleset(g).procedure.players])
def test_the_deals_narration_names_each_trick_winner_and_card(game, players, lang):
    for seed in range(examples(30) // 3):
        deal = new_deal(game, seed=seed, players=players)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        rules = deal.rules
        with knlib.language(lang):
            names = deal.names
            lines = [m for line in deal.log if (m := re.match(NARRATED[lang], line))]
        assert len(lines) == len(deal.tricks)
        with knlib.language(lang):  # the cards as the language writes them
            for trick, line in zip(deal.tricks, lines, strict=True):
                number, played, who, card = line.groups()
                w = trick_winner(rules, trick.cards, deal.chosen,
                                 first_trick=trick.number == 1)
                assert int(number) == trick.number
                assert played == ", ".join(f"{names[s]} {symbol(rules, c)}" for s, c
                                           in zip(trick.seats, trick.cards, strict=True))
                assert (who, card) == (names[trick.seats[w]],
                                       symbol(rules, trick.cards[w])), line[0]
