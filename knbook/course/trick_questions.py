"""Recall questions about tricks (Evening 3): which card wins a trick, and which cards of a
hand would take the lead. Every answer is the engine's, every wrong option has been
checked to be wrong, and each question is built by
:func:`knbook.course.foundation.question.recall_question` with one (verdict, text) pair per
option, said from the fields of the engine's explained trick
(:func:`knlib.rules.tricks.explain_trick`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from knlib.cards import Card
from knlib.errors import RulesError
from knlib.games import Ruleset
from knlib.games.family import RoleClass
from knlib.grammar import Phrase, card_phrase
from knlib.rules.tricks import (
    ExplanationStep,
    TrickExplanation,
    explain_trick,
    ordinal,
    takes_relation,
)

from ..i18n import tr
from .foundation.question import (
    RIGHT,
    WRONG,
    Question,
    assemble,
    card_symbol,
    cards_text,
    chosen_phrase,
    pick_chosen,
    recall_question,
    seats_of,
    trick_source,
    unique,
)

__all__ = ["trick_winner_question", "can_beat_question", "order_matters", "takes_lead"]


def order_matters(rules: Ruleset, cards: Sequence[Card], chosen: Sequence[str]) -> bool:
    """True if another order of the cards after the lead has another winner (engine)."""
    from itertools import permutations

    winners = set()
    for rest in permutations(cards[1:]):
        order = [cards[0], *rest]
        winners.add(order[rules.ahead_sequence(order, tuple(chosen))[-1]])
    return len(winners) > 1


def takes_lead(rules: Ruleset, trick: Sequence[Card], card: Card,
               chosen: tuple[str, ...]) -> bool:
    """True if ``card``, played next to the trick so far, would take the lead (engine)."""
    return takes_relation(rules, chosen)(card, trick)


def _has_first_trick_rule(rules: Ruleset) -> bool:
    return type(rules).check_first_trick is not Ruleset.check_first_trick


# ============================================================================================
# What a card did in a trick, from the explained trick's fields
# ============================================================================================


def _named(step: ExplanationStep) -> Phrase:
    """The card with its role ('♠A, an unchosen Ace'), declined as its role's title is
    (German '{card:acc}': '♠A, ein ungewähltes As')."""
    return card_phrase(step.symbol, step.role.title)


def _notes(rules: Ruleset, expl: TrickExplanation, i: int, prev: int) -> list[str]:
    """The game's words for cards that count for less than their role in this trick (the
    i-th card and the card ahead of it), as the engine's explanation uses them."""
    prefix = [s.role for s in expl.steps[: i + 1]]
    return [n for n in (rules.standing(expl.steps[i].role, i, prefix),
                        rules.standing(expl.steps[prev].role, prev, prefix)) if n]


def _against_ahead(rules: Ruleset, expl: TrickExplanation, i: int, *, would: bool = False
                   ) -> str:
    """What the i-th card (not led) does against the card ahead when it is played:
    'takes ♠A, an unchosen Ace' or 'does not take ♠A, ..., which is taken only by ...'
    (with ``would``: 'would take ...', for a card tried as the next one)."""
    steps = expl.steps
    prev = steps[i - 1].ahead
    ahead = steps[prev]
    notes = _notes(rules, expl, i, prev)
    why = "; ".join(notes)
    named = _named(ahead)
    if steps[i].ahead == i:
        if steps[i].tie:
            return (tr("would be equal to {card}, and the rule for equal cards puts the later "
                       "card ahead", card=named) if would else
                    tr("is equal to {card}, and the rule for equal cards puts the later card "
                       "ahead", card=named))
        if notes:
            return (tr("would take {card}: {why}", card=named, why=why) if would else
                    tr("takes {card}: {why}", card=named, why=why))
        return tr("would take {card}", card=named) if would else tr("takes {card}", card=named)
    if steps[i].ahead != prev:
        again = steps[steps[i].ahead].symbol
        return (tr("would not take the lead: once it is played, {card} is ahead again",
                   card=again) if would else
                tr("does not take the lead: once it is played, {card} is ahead again",
                   card=again))
    if steps[i].tie:
        return (tr("would be equal to {card}, and between equal cards the earlier one stays "
                   "ahead", card=named) if would else
                tr("is equal to {card}, and between equal cards the earlier one stays ahead",
                   card=named))
    if notes:
        return (tr("would not take {card}: {why}", card=named, why=why) if would else
                tr("does not take {card}: {why}", card=named, why=why))
    taken = ahead.role.taken_by
    return (tr("would not take {card}, which {taken_by}", card=named, taken_by=taken) if would
            else tr("does not take {card}, which {taken_by}", card=named, taken_by=taken))


def _why_not_winner(rules: Ruleset, expl: TrickExplanation, i: int) -> str:
    """Why the i-th card of a trick does not win it, from the explained trick's steps."""
    steps = expl.steps
    seq = [s.ahead for s in steps]
    it = steps[i].role.title  # its pronoun agrees with the role (knlib.grammar)
    if seq[i] != i:  # it never went ahead
        return tr("{card:it} {what}", card=it, what=_against_ahead(rules, expl, i))
    # It was ahead: the last time it lost the lead.
    j = max(k for k in range(i + 1, len(seq)) if seq[k - 1] == i and seq[k] != i)
    start = (tr("{card:it} is led", card=it) if i == 0
             else tr("{card:it} goes ahead", card=it))
    by = steps[j]
    if seq[j] != j:
        return tr("{start}, but once {card} is played, {again} is ahead again", start=start,
                  card=by.symbol, again=steps[seq[j]].symbol)
    if by.tie:
        return tr("{start}, but {card}, is equal to it, and the rule for equal cards puts the "
                  "later card ahead", start=start, card=_named(by))
    notes = _notes(rules, expl, j, i)
    if notes:
        return tr("{start}, but {card}, takes it: {why}", start=start, card=_named(by),
                  why="; ".join(notes))
    return tr("{start}, but {card}, takes it", start=start, card=_named(by))


# ============================================================================================
# Evening 3: tricks to decide
# ============================================================================================


def trick_winner_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    """Which card wins a trick (the options are the positions in the trick)."""
    n = min(4, rules.max_table)
    want_change = rng.random() < 0.75
    # Some tricks whose winner depends on the order of play (Evening 3's Case 1 and 2).
    want_order = rng.random() < 0.35
    first = False
    for _ in range(500):
        chosen = pick_chosen(rng, rules)
        cards = rng.sample(rules.pack, n)
        first = _has_first_trick_rule(rules) and rng.random() < 0.3
        try:
            rules.check_trick(cards, chosen, first)
        except RulesError:
            continue
        seq = rules.ahead_sequence(cards, chosen)
        if want_change and seq[-1] == 0:
            continue
        if want_order and not order_matters(rules, cards, chosen):
            continue
        roles = rules.roles(chosen)
        if not want_change and all(roles[c].klass in (RoleClass.DUD, RoleClass.PLAIN)
                                   for c in cards):
            continue
        break
    expl = explain_trick(rules, cards, chosen, first_trick=first)
    seats = seats_of(n)
    plays = ", ".join(f"{seats[i]} {card_symbol(c, rules)}" for i, c in enumerate(cards))
    options = tuple(tr("{ordinal} card: {card} ({seat})", ordinal=ordinal(i + 1),
                       card=card_symbol(c, rules), seat=seats[i])
                    for i, c in enumerate(cards))
    summary = expl.summary(seats[:n])
    feedback = [(RIGHT, summary) if i == expl.winner else
                (WRONG, tr("Not {card}: {card} is {role}; {why}. {summary}", card=step.symbol,
                           role=step.role.title, why=_why_not_winner(rules, expl, i),
                           summary=summary))
                for i, step in enumerate(expl.steps)]
    game_and_suits = chosen_phrase(rules, chosen)
    return recall_question(
        kind="trick_winner", evening=3, game=rules.id, title=tr("Who wins the trick?"),
        prompt=(tr("{game_and_suits}. The cards are played in this order: {plays}. It is the "
                   "first trick of the deal. Which card wins the trick?",
                   game_and_suits=game_and_suits, plays=plays) if first else
                tr("{game_and_suits}. The cards are played in this order: {plays}. Which card "
                   "wins the trick?", game_and_suits=game_and_suits, plays=plays)),
        options=options, values=tuple(range(n)), feedback=feedback, explanation=str(expl),
        source=trick_source(rules), seed=seed, chosen=chosen,
        cards=tuple(str(c) for c in cards), first_trick=first, seats=seats,
    )


def _set_text(cards: Sequence[Card], rules: Ruleset) -> str:
    return cards_text(cards, rules) if cards else tr("none of them")


def _tried(rules: Ruleset, trick: Sequence[Card], card: Card, chosen: tuple[str, ...]) -> str:
    """The card tried as the next card of the trick, in a sentence: '♣6, a Paas (chosen
    Six), would take ♠A, an unchosen Ace (Fehl-As).'"""
    expl = explain_trick(rules, [*trick, card], chosen)
    i = len(trick)
    return tr("{card}, {what}.", card=_named(expl.steps[i]),
              what=_against_ahead(rules, expl, i, would=True))


def can_beat_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    """Which cards of a hand would take the lead if played next to the trick so far."""
    for _ in range(500):
        chosen = pick_chosen(rng, rules)
        t = rng.choice((1, 1, 2)) if rules.max_table > 2 else 1
        k = min(rng.randint(4, 6), rules.hand_size)
        drawn = rng.sample(rules.pack, t + k)
        trick, hand = drawn[:t], drawn[t:]
        takers = [c for c in hand if takes_lead(rules, trick, c, chosen)]
        if 1 <= len(takers) < len(hand) or (not takers and rng.random() < 0.15):
            break
    others = [c for c in hand if c not in takers]
    correct = tuple(takers)
    cand: list[tuple[Card, ...]] = []
    order = {c: i for i, c in enumerate(hand)}

    def norm(cs: Iterable[Card]) -> tuple[Card, ...]:
        return tuple(sorted(set(cs), key=order.__getitem__))

    shuffled_takers, shuffled_others = list(takers), list(others)
    rng.shuffle(shuffled_takers)
    rng.shuffle(shuffled_others)
    for x in shuffled_takers:
        cand.append(norm(c for c in takers if c is not x))
    for y in shuffled_others:
        cand.append(norm([*takers, y]))
    for x in shuffled_takers:
        for y in shuffled_others:
            cand.append(norm([*(c for c in takers if c is not x), y]))
    cand.append(norm(hand))
    cand.append(())
    cand = [c for c in unique(cand) if c != correct]
    head, tail = cand[:4], cand[4:]
    rng.shuffle(tail)
    values, answer = assemble(rng, correct, head[:2] + tail + head[2:])
    seats = seats_of(min(4, rules.max_table))
    so_far = ", ".join(f"{seats[i]} {card_symbol(c, rules)}" for i, c in enumerate(trick))
    me = seats[len(trick)]
    tried = {c: _tried(rules, trick, c, chosen) for c in hand}
    so = tr("So the cards that would take the lead are: {cards}.",
            cards=_set_text(takers, rules))
    expl = "\n".join([tr("Try each card as the next card of the trick:"),
                      *(tried[c] for c in hand), so])

    def not_set(v: tuple[Card, ...]) -> str:
        wrong = [c for c in hand if (c in v) != (c in takers)]
        return " ".join([tr("Not “{cards}”:", cards=_set_text(v, rules)),
                         *(tried[c] for c in wrong), so])

    return recall_question(
        kind="can_beat", evening=3, game=rules.id, title=tr("Which cards can take the lead?"),
        prompt=tr("{game_and_suits}. The trick so far: {so_far}. {seat} holds {hand}. Which of "
                  "these cards would take the lead if {seat} played it now?",
                  game_and_suits=chosen_phrase(rules, chosen), so_far=so_far, seat=me,
                  hand=cards_text(hand, rules)),
        options=tuple(_set_text(v, rules) for v in values),
        values=tuple(tuple(str(c) for c in v) for v in values),
        feedback=[(RIGHT, expl) if i == answer else (WRONG, not_set(v))
                  for i, v in enumerate(values)],
        source=trick_source(rules), seed=seed, chosen=chosen,
        hand=tuple(str(c) for c in hand), trick=tuple(str(c) for c in trick), seats=seats,
    )
