"""Recall questions about the cards (Evenings 1 and 2): the pack, the Olen and the turn-ups;
roles under chosen suits and hands to classify. Every answer is the engine's, every wrong
option has been checked to be wrong, and each question is built by
:func:`knlib.course.common.recall_question` with one (verdict, text) pair per option, made
where the generator knows why that option is wrong. The tricks of Evening 3 are in
:mod:`knlib.course.trick_questions`.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import ALL_CARDS, SUITS, Card, rank_name, suit_name, suit_symbol
from ..counts import number_word
from ..errors import RulesError
from ..rules.games import Ruleset
from ..rules.games.base import RoleClass
from .common import (
    RIGHT,
    WRONG,
    Question,
    all_chosen,
    assemble,
    card_symbol,
    cards_text,
    chosen_phrase,
    highest_of,
    is_permanent_top,
    pick_chosen,
    recall_question,
    seats_of,
    suits_text,
    top_cards,
    top_word,
    unique,
)

__all__ = [
    "pack_question", "ole_question", "turn_up_question", "role_question",
    "hand_count_question", "CLASS_PLURAL", "CLASS_SINGULAR",
]


def _verdicts(values: list[Any], answer: int, right: str,
              wrong: Any) -> list[tuple[str, str]]:
    """(RIGHT, ``right``) for the answer, (WRONG, ``wrong(value)``) for every other value."""
    return [(RIGHT, right) if i == answer else (WRONG, wrong(v)) for i, v in enumerate(values)]


# ============================================================================================
# Evening 1: the pack, the Olen, the turn-ups
# ============================================================================================


def pack_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    """Which card is not in the pack, or how many cards it has."""
    pack = rules.pack
    in_pack = set(pack)
    outside = [c for c in ALL_CARDS if c not in in_pack]
    ranks = sorted({c.rank for c in outside})
    names = ", ".join(rank_name(r, german=rules.german) + "s" for r in ranks)
    left_out = f", the {names} of a full 52-card pack left out" if names else ""
    if rng.random() < 0.6 and outside:
        missing = rng.choice(outside)
        # Plausible companions: cards of neighbouring ranks, then anything in the pack.
        near = [c for c in pack if abs(c.rank - missing.rank) <= 2]
        rng.shuffle(near)
        others = [c for c in pack if c not in near]
        rng.shuffle(others)
        values, answer = assemble(rng, missing, near + others)
        options = tuple(card_symbol(c, rules) for c in values)
        gone = card_symbol(missing, rules)
        expl = (f"The {rules.title} pack has {len(pack)} cards: the {names} of a full 52-card "
                f"pack are left out, so {gone} is not in it ({rules.pack_source}).")

        def not_missing(c: Card) -> str:
            sym = card_symbol(c, rules)
            return (f"Not {sym}: {sym} is one of the {len(pack)} cards of the {rules.title} "
                    f"pack. Only the {names} are left out, so {gone} is the card not in it.")

        return recall_question(
            kind="pack", evening=1, game=rules.id, title="The pack",
            prompt=f"{rules.title}: which of these cards is not in the pack?",
            options=options, values=tuple(str(c) for c in values),
            feedback=_verdicts(values, answer, expl, not_missing),
            source=rules.pack_source, seed=seed, variant="missing", needs_options=True,
            open_prompt=f"{rules.title}: which of the cards "
                        f"{', '.join(options)} is not in the pack, and why?",
        )
    size = len(pack)
    values, answer = assemble(rng, size, [52, 48, 36, 32, 40, 44])
    expl = f"The {rules.title} pack has {size} cards{left_out} ({rules.pack_source})."

    def not_size(v: int) -> str:
        full = " that is a full pack." if v == 52 else ""
        return f"Not {v}:{full} The {rules.title} pack has {size} cards{left_out}."

    return recall_question(
        kind="pack", evening=1, game=rules.id, title="The pack",
        prompt=f"{rules.title}: how many cards are in the pack?",
        options=tuple(str(v) for v in values), values=tuple(values),
        feedback=_verdicts(values, answer, expl, not_size), source=rules.pack_source,
        seed=seed, variant="size",
    )


def ole_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """The Olen (beasts, permanent stickers): a name, the highest, or which card is one."""
    tops = top_cards(rules)
    if not tops:
        return None
    word, plural = top_word(rules)
    roles = rules.roles(all_chosen(rules)[0])
    source = roles[tops[0]].source
    variants = ["highest", "which"]
    if any(roles[c].term for c in tops):
        variants.append("name")
    variant = rng.choice(variants)
    if variant == "name":
        card = rng.choice(tops)
        terms = [roles[c].term for c in tops]
        correct = roles[card].term
        wrong = [t for t in terms if t != correct]
        rng.shuffle(wrong)
        values, answer = assemble(rng, correct, wrong)
        sym = card_symbol(card, rules)
        expl = (f"{sym} is {roles[card].title}. The {plural} from the highest down: "
                + ", ".join(f"{card_symbol(c, rules)} {roles[c].term}" for c in tops)
                + f" ({source}).")
        named = {roles[c].term: c for c in tops}

        def not_name(t: str) -> str:
            return (f"Not “{t}”: that is the name of {card_symbol(named[t], rules)}. "
                    f"{sym} is {roles[card].title}.")

        return recall_question(
            kind="ole", evening=1, game=rules.id, title=f"The {plural}",
            prompt=f"{rules.title}: what is {sym} called at the table?",
            options=tuple(values), values=tuple(values),
            feedback=_verdicts(values, answer, expl, not_name), source=source, seed=seed,
            card=str(card), variant=variant,
        )
    if variant == "highest":
        k = min(4, len(tops))
        cards = rng.sample(tops, k)
        best = highest_of(rules, cards)
        assert best is not None
        answer = cards.index(best)
        top = card_symbol(best, rules)
        expl = (f"{top} is {roles[best].title}. The {plural} from the highest "
                f"down: " + ", ".join(card_symbol(c, rules) for c in tops)
                + f"; each beats every lower one, whatever suits are chosen ({source}).")

        def not_highest(c: Card) -> str:
            sym = card_symbol(c, rules)
            return (f"Not {sym}: {sym} is {roles[c].title}, below {top}, which is "
                    f"{roles[best].title} and beats it whatever suits are chosen.")

        return recall_question(
            kind="ole", evening=1, game=rules.id, title=f"The {plural}",
            prompt=f"{rules.title}: which of these {plural} is the highest?",
            options=tuple(card_symbol(c, rules) for c in cards),
            values=tuple(str(c) for c in cards),
            feedback=_verdicts(cards, answer, expl, not_highest), source=source, seed=seed,
            variant=variant, needs_options=True,
            open_prompt=f"{rules.title}: put the {plural} "
                        f"{', '.join(card_symbol(c, rules) for c in cards)} in order, "
                        "highest first.",
        )
    # which: one permanent top card among look-alikes (same rank or same suit).
    card = rng.choice(tops)
    look = [c for c in rules.pack if (c.rank == card.rank or c.suit == card.suit)
            and not is_permanent_top(rules, c)]
    rng.shuffle(look)
    values, answer = assemble(rng, card, look)
    listed = ", ".join(card_symbol(c, rules) for c in tops)
    expl = (f"{card_symbol(card, rules)} is one of the {plural}, the permanent top cards: "
            f"{listed}. The other cards are ordinary members of their suits ({source}).")

    def not_top(c: Card) -> str:
        sym = card_symbol(c, rules)
        labels = unique(rules.roles(ch)[c].label for ch in all_chosen(rules))
        what = ("what it is depends on the chosen suits" if len(labels) > 1
                else f"it is {roles[c].title} whatever suits are chosen")
        return f"Not {sym}: {sym} is not one of the {plural} ({listed}); {what}."

    return recall_question(
        kind="ole", evening=1, game=rules.id, title=f"The {plural}",
        prompt=f"{rules.title}: which of these cards is one of the {plural}?",
        options=tuple(card_symbol(c, rules) for c in values),
        values=tuple(str(c) for c in values),
        feedback=_verdicts(values, answer, expl, not_top), source=source, seed=seed,
        variant="which", needs_options=True,
        open_prompt=f"{rules.title}: which of the cards "
                    f"{', '.join(card_symbol(c, rules) for c in values)} is one of the "
                    f"{plural}?",
    )


_REDEAL = "none: the same dealer deals again"


def _suit_words(s: str, rules: Ruleset) -> str:
    return f"{suit_symbol(s)} {suit_name(s, german=rules.german)}"


def turn_up_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """Which suit the face-up cards choose, or which suits the turn-ups choose."""
    try:
        from ..rules.dealing import deal_order, lay_out, procedure, shuffled
    except ImportError:  # pragma: no cover
        return None
    try:
        proc = procedure(rules.id)
    except KeyError:
        return None
    n = proc.players[0]
    # Prefer the instructive cases: several turn-ups of one suit, a tie of face-up cards.
    want_long = rng.random() < 0.6
    layout = None
    for _ in range(400):
        deck, _cut = shuffled(rules.pack, rng, proc.cut)
        lay = lay_out(proc, deck, n, dealer=n - 1)
        if proc.chosen_by == "face_up":
            low = min(c.rank for c in lay.turned)
            tie = sum(c.rank == low for c in lay.turned) > 1
            if tie or not want_long:
                layout = lay
                break
        else:
            if len(lay.turned) > 2 or not want_long:
                layout = lay
                break
    if layout is None:
        layout = lay
    turned = layout.turned
    if proc.chosen_by == "face_up":
        if layout.chosen is None:  # face-up cards always give a chosen suit
            raise RulesError(f"{rules.id}: the face-up cards gave no chosen suit")
        correct: Any = layout.chosen[0]  # the options' values: a suit here, a pair below
        wrong: list[Any] = [c.suit for c in turned] + list(SUITS)
        values, answer = assemble(rng, correct, wrong)
        options = tuple(_suit_words(s, rules) for s in values)
        seats = seats_of(n)
        order = deal_order(n, n - 1)
        who = [seats[s] for s in order]
        shown = ", ".join(f"{w} {card_symbol(c, rules)}" for w, c in zip(who, turned,
                                                                         strict=True))
        low_i = min(range(len(turned)), key=lambda i: (turned[i].rank, i))
        decider = f"{card_symbol(turned[low_i], rules)} ({who[low_i]})"
        expl = (f"The lowest face-up card gives the chosen suit, and on a tie the card dealt "
                f"first decides: here {card_symbol(turned[low_i], rules)}, so "
                f"{options[answer]} is chosen ({proc.chosen_source}).")

        def not_suit(s: str) -> str:
            head = f"Not {_suit_words(s, rules)}:"
            mine = [i for i, c in enumerate(turned) if c.suit == s]
            if not mine:
                return (f"{head} none of the face-up cards is of that suit. The lowest, "
                        f"{decider}, gives the chosen suit.")
            j = min(mine, key=lambda i: (turned[i].rank, i))
            it = f"{card_symbol(turned[j], rules)} ({who[j]})"
            if turned[j].rank == turned[low_i].rank:
                return (f"{head} {it} is as low as {decider}, but on a tie the card dealt "
                        f"first decides, and {decider} was dealt first.")
            return (f"{head} {it} is not the lowest face-up card; {decider} is lower and "
                    "gives the chosen suit.")

        return recall_question(
            kind="turn_up", evening=1, game=rules.id, title="The chosen suit",
            prompt=f"{rules.title}: the first card dealt to each player is face up. In dealing "
                   f"order they are {shown}. Which suit is chosen?",
            options=options, values=tuple(values),
            feedback=_verdicts(values, answer, expl, not_suit), source=proc.chosen_source,
            seed=seed, cards=tuple(str(c) for c in turned), variant="face_up",
        )
    chosen = None if layout.redeal else layout.chosen
    correct = None if chosen is None else tuple(sorted(chosen, key=SUITS.index))
    first = turned[0].suit
    wrong = []
    for c in turned[1:]:
        if c.suit != first:
            wrong.append(tuple(sorted({first, c.suit}, key=SUITS.index)))
    others = [s for s in SUITS if s != first]
    rng.shuffle(others)
    wrong += [tuple(sorted({first, s}, key=SUITS.index)) for s in others]
    if len(turned) > 1 and turned[-1].suit != first:
        rest = [s for s in SUITS if s not in (first, turned[-1].suit)]
        wrong += [tuple(sorted({turned[-1].suit, s}, key=SUITS.index)) for s in rest]
    wrong.append(None)
    values, answer = assemble(rng, correct, wrong)
    options = tuple(_REDEAL if v is None else suits_text(rules, v) for v in values)
    shown = ", ".join(card_symbol(c, rules) for c in turned)
    if layout.redeal:
        if proc.max_same_suit is not None and len(turned) == proc.max_same_suit:
            why = (f"{number_word(len(turned))} turn-ups of one suit, so the same dealer "
                   "deals again")
        else:
            why = "the cards ran out before a second suit showed, so the same dealer deals again"
    elif len(turned) == 2:
        why = "two turn-ups of different suits give the two chosen suits"
    else:
        why = (f"the first {number_word(len(turned) - 1)} turn-ups share a suit, so cards are "
               "turned until a different suit shows; the first and the last turned give the "
               "chosen suits")
    expl = f"The cards turned were {shown}: {why} ({proc.chosen_source})."
    turned_suits = {c.suit for c in turned}
    ends = (f"the first and the last card turned, {card_symbol(turned[0], rules)} and "
            f"{card_symbol(turned[-1], rules)}, give the chosen suits")

    def not_pair(v: tuple[str, ...] | None) -> str:
        if v is None:
            return f"Not a new deal: a second suit showed, so the dealer stops, and {ends}."
        head = f"Not {suits_text(rules, v)}:"
        if correct is None:
            return f"{head} the cards turned were {shown}: {why}; no suits are chosen."
        absent = [s for s in v if s not in turned_suits]
        said = (f" no {_suit_words(absent[0], rules)} card was turned up;" if absent else "")
        return f"{head}{said} {ends}."

    return recall_question(
        kind="turn_up", evening=1, game=rules.id, title="The turn-ups",
        prompt=f"{rules.title}: after the deal the dealer turns up {shown}, in that order, and "
               "stops. Which suits are chosen?",
        options=options, values=tuple(values),
        feedback=_verdicts(values, answer, expl, not_pair), source=proc.chosen_source,
        seed=seed, cards=tuple(str(c) for c in turned), variant="turn_ups",
    )


# ============================================================================================
# Evening 2: roles under chosen suits, hands to classify
# ============================================================================================

#: Each class of card in the plural, for "how many of these cards are ...?".
CLASS_PLURAL = {
    RoleClass.OLE: "Olen",
    RoleClass.BEATER: "beaters",
    RoleClass.FREE_CARD: "free cards",
    RoleClass.SEVEN: "chosen Sevens",
    RoleClass.NO_POWER: "chosen cards without power",
    RoleClass.UNCHOSEN_ACE: "unchosen Aces",
    RoleClass.UNCHOSEN_COURT: "unchosen Kings, Queens or Jacks",
    RoleClass.DUD: "duds (Schiet)",
    RoleClass.UNCHOSEN_CARD: "unchosen cards (other than Aces)",
    RoleClass.BEAST: "beasts",
    RoleClass.STECHER: "chosen cards with power (stechers)",
    RoleClass.DEVIL: "Devils",
    RoleClass.PLAIN: "plain cards",
    RoleClass.CHOSEN_CARD: "named chosen cards",
    RoleClass.COURT: "Kings, Queens and unchosen Jacks",
    RoleClass.STICKER: "stickers",
    RoleClass.LAMB: "lambs",
    RoleClass.LEADER: "leaders",
}


#: Each class of card with its article, for "one of these cards is ...".
CLASS_SINGULAR = {
    RoleClass.OLE: "an Ole",
    RoleClass.BEATER: "a beater",
    RoleClass.FREE_CARD: "a free card",
    RoleClass.SEVEN: "a chosen Seven",
    RoleClass.NO_POWER: "a chosen card without power",
    RoleClass.UNCHOSEN_ACE: "an unchosen Ace",
    RoleClass.UNCHOSEN_COURT: "an unchosen King, Queen or Jack",
    RoleClass.DUD: "a dud (Schiet)",
    RoleClass.UNCHOSEN_CARD: "an unchosen card (other than an Ace)",
    RoleClass.BEAST: "a beast",
    RoleClass.STECHER: "a chosen card with power (a stecher)",
    RoleClass.DEVIL: "a Devil",
    RoleClass.PLAIN: "a plain card",
    RoleClass.CHOSEN_CARD: "a named chosen card",
    RoleClass.COURT: "a King, Queen or unchosen Jack",
    RoleClass.STICKER: "a sticker",
    RoleClass.LAMB: "a lamb",
    RoleClass.LEADER: "a leader",
}


def _role_text(card: Card, rules: Ruleset, chosen: tuple[str, ...]) -> str:
    role = rules.roles(chosen)[card]
    text = (f"{card_symbol(card, rules)} is {role.title}: it beats {role.beats}; when ahead it "
            f"{role.taken_by} ({role.source}).")
    if role.note:
        text += f" {role.note}."
    return text


def role_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    """What a card is under the chosen suits."""
    chosen = pick_chosen(rng, rules)
    roles = rules.roles(chosen)
    # Ask mostly about cards whose role changes with the chosen suits.
    pool = list(rules.pack)
    weights = [3 if roles[c].chosen or roles[c].klass not in (RoleClass.DUD, RoleClass.PLAIN) else 1
               for c in pool]
    card = rng.choices(pool, weights)[0]
    role = roles[card]
    correct = role.label
    # Plausible: the same card under other chosen suits, the same rank, then neighbours.
    same_card = [rules.roles(ch)[card].label for ch in all_chosen(rules)]
    same_rank = [roles[c].label for c in rules.pack if c.rank == card.rank]
    near = [roles[c].label for c in rules.pack if abs(c.rank - card.rank) <= 2]
    rest = [roles[c].label for c in rules.pack]
    for lst in (same_card, same_rank, near, rest):
        rng.shuffle(lst)
    wrong = [x for x in unique(same_card + same_rank + near + rest) if x != correct]
    values, answer = assemble(rng, correct, wrong)
    sym = card_symbol(card, rules)
    text = _role_text(card, rules, chosen)

    def not_role(label: str) -> str:
        head = f"Not “{label}”:"
        other = next((ch for ch in all_chosen(rules) if rules.roles(ch)[card].label == label),
                     None)
        if other is not None:
            verb = "is" if len(other) == 1 else "are"
            return f"{head} {sym} is that when {suits_text(rules, other)} {verb} chosen. {text}"
        like = next((c for c in rules.pack if roles[c].label == label), None)
        if like is not None:
            return f"{head} that is what {card_symbol(like, rules)} is here. {text}"
        return f"{head} {text}"

    return recall_question(
        kind="role", evening=2, game=rules.id, title="The role of a card",
        prompt=f"{chosen_phrase(rules, chosen)}: what is {sym}?",
        options=tuple(values), values=tuple(values),
        feedback=_verdicts(values, answer, text, not_role), source=role.source, seed=seed,
        chosen=chosen, card=str(card),
        open_prompt=f"{chosen_phrase(rules, chosen)}: what is {sym}, what does it beat, and "
                    "what takes it?",
    )


def hand_count_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    """How many cards of a hand are of one class under the chosen suits."""
    chosen = pick_chosen(rng, rules)
    roles = rules.roles(chosen)
    hand = rng.sample(rules.pack, rules.hand_size)
    classes = unique(roles[c].klass for c in hand)
    every = unique(roles[c].klass for c in rules.pack)
    klass = rng.choice(classes) if rng.random() < 0.85 else rng.choice(every)
    count = sum(roles[c].klass == klass for c in hand)
    near = [count + d for d in (1, -1, 2, -2, 3, -3, 4, -4) if 0 <= count + d <= len(hand)]
    values, answer = assemble(rng, count, near)
    noun = CLASS_PLURAL.get(klass, f"cards of the class '{klass}'")
    one = CLASS_SINGULAR.get(klass, f"of the class '{klass}'")
    members = cards_text((c for c in hand if roles[c].klass == klass), rules)
    lines = [f"{card_symbol(c, rules)}: {roles[c].label}" for c in hand]
    src = "; ".join(unique(roles[c].source for c in hand))
    if count == 0:
        so = f"So none of the cards are {noun}."
        fact = f"none of the cards is {one}"
    elif count == 1:
        so = f"So 1 of the cards ({members}) is {one}."
        fact = f"one of the cards, {members}, is {one}"
    else:
        so = f"So {count} of the cards ({members}) are {noun}."
        fact = f"{number_word(count)} of the cards are {noun}: {members}"
    expl = "\n".join([f"The role of each card ({src}):", *lines, so])

    def not_count(v: int) -> str:
        only = "only " if 0 < count < v else ""
        return f"Not {v}: {only}{fact}."

    return recall_question(
        kind="hand_count", evening=2, game=rules.id, title="Classify a hand",
        prompt=f"{chosen_phrase(rules, chosen)}. A player holds {cards_text(hand, rules)}. "
               f"How many of these cards are {noun}?",
        options=tuple(str(v) for v in values), values=tuple(values),
        feedback=_verdicts(values, answer, expl, not_count), source=src, seed=seed,
        chosen=chosen, hand=tuple(str(c) for c in hand), extra=(("klass", klass),),
    )
