"""Recall questions about the cards (Evenings 1 to 3): the pack, the Olen and the turn-ups;
roles under chosen suits and hands to classify; tricks to decide. Every answer is the
engine's, and every wrong option has been checked to be wrong.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import ALL_CARDS, SUITS, Card, suit_name, suit_symbol
from ..errors import RulesError
from ..rules.games import Ruleset
from ..rules.games.base import RoleClass
from ..rules.tricks import explain_trick, ordinal, takes_relation
from .common import (
    Question,
    _all_chosen,
    _assemble,
    _cards_text,
    _chosen_phrase,
    _highest_of,
    _is_permanent_top,
    _pick_chosen,
    _seats,
    _suits_text,
    _sym,
    _top_cards,
    _top_word,
    _trick_source,
    _unique,
)

# ============================================================================================
# Evening 1: the pack, the Olen, the turn-ups
# ============================================================================================


def _q_pack(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    pack = rules.pack
    outside = [c for c in ALL_CARDS if c not in rules._pack_set]
    if rng.random() < 0.6 and outside:
        missing = rng.choice(outside)
        # Plausible companions: cards of neighbouring ranks, then anything in the pack.
        near = [c for c in pack if abs(c.rank - missing.rank) <= 2]
        rng.shuffle(near)
        others = [c for c in pack if c not in near]
        rng.shuffle(others)
        values, answer = _assemble(rng, missing, near + others)
        options = tuple(_sym(c, rules) for c in values)
        ranks = sorted({c.rank for c in outside})
        from ..cards import rank_name

        names = ", ".join(rank_name(r, german=rules.german) + "s" for r in ranks)
        expl = (f"The {rules.title} pack has {len(pack)} cards: the {names} of a full 52-card "
                f"pack are left out, so {_sym(missing, rules)} is not in it ({rules.pack_source}).")
        return Question(
            "pack", 1, rules.id, "The pack",
            f"{rules.title}: which of these cards is not in the pack?",
            options, answer, expl, rules.pack_source, seed,
            values=tuple(str(c) for c in values), variant="missing", needs_options=True,
            open_prompt=f"{rules.title}: which of the cards "
                        f"{', '.join(options)} is not in the pack, and why?",
        )
    size = len(pack)
    values, answer = _assemble(rng, size, [52, 48, 36, 32, 40, 44])
    expl = f"The {rules.title} pack has {size} cards ({rules.pack_source})."
    return Question(
        "pack", 1, rules.id, "The pack", f"{rules.title}: how many cards are in the pack?",
        tuple(str(v) for v in values), answer, expl, rules.pack_source, seed,
        values=tuple(values), variant="size",
    )


def _q_ole(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    tops = _top_cards(rules)
    if not tops:
        return None
    word, plural = _top_word(rules)
    source = rules.roles(_all_chosen(rules)[0])[tops[0]].source
    variants = ["highest", "which"]
    if any(rules.roles(_all_chosen(rules)[0])[c].term for c in tops):
        variants.append("name")
    variant = rng.choice(variants)
    if variant == "name":
        card = rng.choice(tops)
        roles = rules.roles(_all_chosen(rules)[0])
        terms = [roles[c].term for c in tops]
        correct = roles[card].term
        wrong = [t for t in terms if t != correct]
        rng.shuffle(wrong)
        values, answer = _assemble(rng, correct, wrong)
        expl = (f"{_sym(card, rules)} is {roles[card].title}. The {plural} from the highest "
                f"down: " + ", ".join(f"{_sym(c, rules)} {roles[c].term}" for c in tops)
                + f" ({source}).")
        return Question(
            "ole", 1, rules.id, f"The {plural}",
            f"{rules.title}: what is {_sym(card, rules)} called at the table?",
            tuple(values), answer, expl, source, seed, values=tuple(values),
            card=str(card), variant=variant,
        )
    if variant == "highest":
        k = min(4, len(tops))
        cards = rng.sample(tops, k)
        best = _highest_of(rules, cards)
        assert best is not None
        answer = cards.index(best)
        roles = rules.roles(_all_chosen(rules)[0])
        expl = (f"{_sym(best, rules)} is {roles[best].title}. The {plural} from the highest "
                f"down: " + ", ".join(_sym(c, rules) for c in tops)
                + f"; each beats every lower one, whatever suits are chosen ({source}).")
        return Question(
            "ole", 1, rules.id, f"The {plural}",
            f"{rules.title}: which of these {plural} is the highest?",
            tuple(_sym(c, rules) for c in cards), answer, expl, source, seed,
            values=tuple(str(c) for c in cards), variant=variant, needs_options=True,
            open_prompt=f"{rules.title}: put the {plural} "
                        f"{', '.join(_sym(c, rules) for c in cards)} in order, highest first.",
        )
    # which: one permanent top card among look-alikes (same rank or same suit).
    card = rng.choice(tops)
    look = [c for c in rules.pack if (c.rank == card.rank or c.suit == card.suit)
            and not _is_permanent_top(rules, c)]
    rng.shuffle(look)
    values, answer = _assemble(rng, card, look)
    expl = (f"{_sym(card, rules)} is one of the {plural}, the permanent top cards: "
            + ", ".join(_sym(c, rules) for c in tops)
            + f". The other cards are ordinary members of their suits ({source}).")
    return Question(
        "ole", 1, rules.id, f"The {plural}",
        f"{rules.title}: which of these cards is one of the {plural}?",
        tuple(_sym(c, rules) for c in values), answer, expl, source, seed,
        values=tuple(str(c) for c in values), variant="which", needs_options=True,
        open_prompt=f"{rules.title}: which of the cards "
                    f"{', '.join(_sym(c, rules) for c in values)} is one of the {plural}?",
    )


_REDEAL = "none: the same dealer deals again"


def _q_turn_up(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    try:
        from ..rules.dealing import lay_out, procedure, shuffled
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
    german = rules.german
    if proc.chosen_by == "face_up":
        if layout.chosen is None:  # face-up cards always give a chosen suit
            raise RulesError(f"{rules.id}: the face-up cards gave no chosen suit")
        correct: Any = layout.chosen[0]  # the options' values: a suit here, a pair below
        wrong: list[Any] = [c.suit for c in turned] + list(SUITS)
        values, answer = _assemble(rng, correct, wrong)
        options = tuple(f"{suit_symbol(s)} {suit_name(s, german=german)}" for s in values)
        seats = _seats(n)
        from ..rules.dealing import deal_order

        order = deal_order(n, n - 1)
        shown = ", ".join(f"{seats[s]} {_sym(c, rules)}" for s, c in zip(order, turned,
                                                                        strict=True))
        expl = (f"The lowest face-up card gives the chosen suit, and on a tie the card dealt "
                f"first decides: here {_sym(min(turned, key=lambda c: c.rank), rules)}, so "
                f"{options[answer]} is chosen ({proc.chosen_source}).")
        return Question(
            "turn_up", 1, rules.id, "The chosen suit",
            f"{rules.title}: the first card dealt to each player is face up. In dealing order "
            f"they are {shown}. Which suit is chosen?",
            options, answer, expl, proc.chosen_source, seed,
            values=tuple(values), cards=tuple(str(c) for c in turned), variant="face_up",
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
    values, answer = _assemble(rng, correct, wrong)
    options = tuple(_REDEAL if v is None else _suits_text(rules, v) for v in values)
    shown = ", ".join(_sym(c, rules) for c in turned)
    if layout.redeal:
        why = f"the same dealer deals again: {layout.redeal}"
    elif len(turned) == 2:
        why = "two turn-ups of different suits give the two chosen suits"
    else:
        why = (f"the first {len(turned) - 1} turn-ups share a suit, so cards are turned until "
               f"a different suit shows; the first and the last turned give the chosen suits")
    expl = f"The cards turned were {shown}: {why} ({proc.chosen_source})."
    return Question(
        "turn_up", 1, rules.id, "The turn-ups",
        f"{rules.title}: after the deal the dealer turns up {shown}, in that order, and stops. "
        "Which suits are chosen?",
        options, answer, expl, proc.chosen_source, seed,
        values=tuple(values), cards=tuple(str(c) for c in turned), variant="turn_ups",
    )


# ============================================================================================
# Evening 2: roles under chosen suits, hands to classify
# ============================================================================================

_CLASS_PLURAL = {
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


_CLASS_SINGULAR = {
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
    text = (f"{_sym(card, rules)} is {role.title}: it beats {role.beats}; when ahead it "
            f"{role.taken_by} ({role.source}).")
    if role.note:
        text += f" {role.note}."
    return text


def _q_role(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    chosen = _pick_chosen(rng, rules)
    roles = rules.roles(chosen)
    # Ask mostly about cards whose role changes with the chosen suits.
    pool = list(rules.pack)
    weights = [3 if roles[c].chosen or roles[c].klass not in (RoleClass.DUD, RoleClass.PLAIN) else 1
               for c in pool]
    card = rng.choices(pool, weights)[0]
    role = roles[card]
    correct = role.label
    # Plausible: the same card under other chosen suits, the same rank, then neighbours.
    same_card = [rules.roles(ch)[card].label for ch in _all_chosen(rules)]
    same_rank = [roles[c].label for c in rules.pack if c.rank == card.rank]
    near = [roles[c].label for c in rules.pack if abs(c.rank - card.rank) <= 2]
    rest = [roles[c].label for c in rules.pack]
    for lst in (same_card, same_rank, near, rest):
        rng.shuffle(lst)
    wrong = [x for x in _unique(same_card + same_rank + near + rest) if x != correct]
    # Mix a little: two near ones, one from anywhere.
    values, answer = _assemble(rng, correct, wrong)
    return Question(
        "role", 2, rules.id, "The role of a card",
        f"{_chosen_phrase(rules, chosen)}: what is {_sym(card, rules)}?",
        tuple(values), answer, _role_text(card, rules, chosen), role.source, seed,
        values=tuple(values), chosen=chosen, card=str(card),
        open_prompt=f"{_chosen_phrase(rules, chosen)}: what is {_sym(card, rules)}, what does "
                    "it beat, and what takes it?",
    )


def _q_hand_count(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    chosen = _pick_chosen(rng, rules)
    roles = rules.roles(chosen)
    hand = rng.sample(rules.pack, rules.hand_size)
    classes = _unique(roles[c].klass for c in hand)
    every = _unique(roles[c].klass for c in rules.pack)
    klass = rng.choice(classes) if rng.random() < 0.85 else rng.choice(every)
    count = sum(roles[c].klass == klass for c in hand)
    near = [count + d for d in (1, -1, 2, -2, 3, -3, 4, -4) if 0 <= count + d <= len(hand)]
    values, answer = _assemble(rng, count, near)
    noun = _CLASS_PLURAL.get(klass, f"cards of the class '{klass}'")
    members = [c for c in hand if roles[c].klass == klass]
    lines = [f"{_sym(c, rules)}: {roles[c].label}" for c in hand]
    src = "; ".join(_unique(roles[c].source for c in hand))
    if count == 1:
        one = _CLASS_SINGULAR.get(klass, f"of the class '{klass}'")
        so = f"So 1 of the cards ({_cards_text(members, rules)}) is {one}."
    else:
        so = (f"So {count} of the cards ({_cards_text(members, rules) or 'none'}) are "
              f"{noun}.")
    expl = "\n".join([f"The role of each card ({src}):", *lines, so])
    return Question(
        "hand_count", 2, rules.id, "Classify a hand",
        f"{_chosen_phrase(rules, chosen)}. A player holds {_cards_text(hand, rules)}. "
        f"How many of these cards are {noun}?",
        tuple(str(v) for v in values), answer, expl,
        src, seed,
        values=tuple(values), chosen=chosen, hand=tuple(str(c) for c in hand),
        extra=(("klass", klass),),
    )


# ============================================================================================
# Evening 3: tricks to decide
# ============================================================================================


def _order_matters(rules: Ruleset, cards: Sequence[Card], chosen: Sequence[str]) -> bool:
    """True if another order of the cards after the lead has another winner (engine)."""
    from itertools import permutations

    winners = set()
    for rest in permutations(cards[1:]):
        order = [cards[0], *rest]
        winners.add(order[rules.ahead_sequence(order, tuple(chosen))[-1]])
    return len(winners) > 1


def _has_first_trick_rule(rules: Ruleset) -> bool:
    return type(rules).check_first_trick is not Ruleset.check_first_trick


def _q_trick_winner(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    n = min(4, rules.max_table)
    want_change = rng.random() < 0.75
    # Some tricks whose winner depends on the order of play (Evening 3's Case 1 and 2).
    want_order = rng.random() < 0.35
    first = False
    for _ in range(500):
        chosen = _pick_chosen(rng, rules)
        cards = rng.sample(rules.pack, n)
        first = _has_first_trick_rule(rules) and rng.random() < 0.3
        try:
            rules.check_trick(cards, chosen, first)
        except RulesError:
            continue
        seq = rules.ahead_sequence(cards, chosen)
        if want_change and seq[-1] == 0:
            continue
        if want_order and not _order_matters(rules, cards, chosen):
            continue
        roles = rules.roles(chosen)
        if not want_change and all(roles[c].klass in (RoleClass.DUD, RoleClass.PLAIN)
                                   for c in cards):
            continue
        break
    expl = explain_trick(rules, cards, chosen, first_trick=first)
    seats = _seats(n)
    plays = ", ".join(f"{seats[i]} {_sym(c, rules)}" for i, c in enumerate(cards))
    note = " It is the first trick of the deal." if first else ""
    options = tuple(f"{ordinal(i + 1)} card: {_sym(c, rules)} ({seats[i]})"
                    for i, c in enumerate(cards))
    return Question(
        "trick_winner", 3, rules.id, "Who wins the trick?",
        f"{_chosen_phrase(rules, chosen)}. The cards are played in this order: {plays}."
        f"{note} Which card wins the trick?",
        options, expl.winner, str(expl), _trick_source(rules), seed,
        values=tuple(range(n)), chosen=chosen, cards=tuple(str(c) for c in cards),
        first_trick=first, seats=seats,
    )


def _takes_lead(rules: Ruleset, trick: Sequence[Card], card: Card,
                chosen: tuple[str, ...]) -> bool:
    return takes_relation(rules, chosen)(card, trick)


def _set_text(cards: Sequence[Card], rules: Ruleset) -> str:
    return _cards_text(cards, rules) if cards else "none of them"


def _q_can_beat(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    for _ in range(500):
        chosen = _pick_chosen(rng, rules)
        t = rng.choice((1, 1, 2)) if rules.max_table > 2 else 1
        k = min(rng.randint(4, 6), rules.hand_size)
        drawn = rng.sample(rules.pack, t + k)
        trick, hand = drawn[:t], drawn[t:]
        takers = [c for c in hand if _takes_lead(rules, trick, c, chosen)]
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
    cand = [c for c in _unique(cand) if c != correct]
    head, tail = cand[:4], cand[4:]
    rng.shuffle(tail)
    values, answer = _assemble(rng, correct, head[:2] + tail + head[2:])
    seats = _seats(min(4, rules.max_table))
    so_far = ", ".join(f"{seats[i]} {_sym(c, rules)}" for i, c in enumerate(trick))
    me = seats[len(trick)]
    lines = []
    for c in hand:
        step = explain_trick(rules, [*trick, c], chosen).steps[-1]
        lines.append(step.sentence.split(": ", 1)[1] if ": " in step.sentence else step.sentence)
    expl = "\n".join([f"Try each card as the next card of the trick ({_trick_source(rules)}):",
                      *lines, f"So the cards that would take the lead are: "
                      f"{_set_text(takers, rules)}."])
    return Question(
        "can_beat", 3, rules.id, "Which cards can take the lead?",
        f"{_chosen_phrase(rules, chosen)}. The trick so far: {so_far}. {me} holds "
        f"{_cards_text(hand, rules)}. Which of these cards would take the lead if {me} "
        f"played it now?",
        tuple(_set_text(v, rules) for v in values), answer, expl, _trick_source(rules), seed,
        values=tuple(tuple(str(c) for c in v) for v in values), chosen=chosen,
        hand=tuple(str(c) for c in hand), trick=tuple(str(c) for c in trick), seats=seats,
    )
