"""Recall questions about the cards (Evenings 1 and 2): the pack, the Olen and the turn-ups;
roles under chosen suits and hands to classify. Every answer is the engine's, every wrong
option has been checked to be wrong, and each question is built by
:func:`knbook.course.foundation.question.recall_question` with one (verdict, text) pair per
option, made where the generator knows why that option is wrong. The tricks of Evening 3 are in
:mod:`knbook.course.trick_questions`.
"""

from __future__ import annotations

import random
from typing import Any

from knlib.cards import ALL_CARDS, SUITS, Card, rank_name, suit_name, suit_symbol
from knlib.counts import number_word
from knlib.errors import RulesError
from knlib.games import Ruleset
from knlib.games.family import RoleClass

from ..i18n import marked, ntr, tr
from .foundation.question import (
    RIGHT,
    WRONG,
    Question,
    all_chosen,
    assemble,
    card_symbol,
    cards_text,
    chosen_phrase,
    highest_of,
    in_english,
    is_permanent_top,
    number_text,
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
    "hand_count_question", "CLASS_PLURAL", "CLASS_SINGULAR", "rank_plurals",
]


def _verdicts(values: list[Any], answer: int, right: str,
              wrong: Any) -> list[tuple[str, str]]:
    """(RIGHT, ``right``) for the answer, (WRONG, ``wrong(value)``) for every other value."""
    return [(RIGHT, right) if i == answer else (WRONG, wrong(v)) for i, v in enumerate(values)]


# ============================================================================================
# Evening 1: the pack, the Olen, the turn-ups
# ============================================================================================


#: The ranks in the plural, for the cards a game's pack leaves out ('the Fives').
_RANK_PLURAL = {2: marked("Twos"), 3: marked("Threes"), 4: marked("Fours"), 5: marked("Fives"),
                6: marked("Sixes"), 7: marked("Sevens"), 8: marked("Eights"),
                9: marked("Nines"), 10: marked("Tens"), 11: marked("Jacks"),
                12: marked("Queens"), 13: marked("Kings"), 14: marked("Aces")}


def rank_plurals(rules: Ruleset, ranks: list[int]) -> str:
    """The ranks left out of a pack in words: 'Fives', 'Twos, Threes, Fours, Fives'."""
    if in_english():
        return ", ".join(rank_name(r, german=rules.german) + "s" for r in ranks)
    return ", ".join(tr(_RANK_PLURAL[r]) for r in ranks)


def _pack_size_text(rules: Ruleset, size: int, names: str) -> str:
    """'The Knüffeln pack has 48 cards, the Fives of a full 52-card pack left out.'"""
    if names:
        return tr("The {game} pack has {size} cards, the {names} of a full 52-card pack "
                  "left out.", game=rules.title, size=size, names=names)
    return tr("The {game} pack has {size} cards.", game=rules.title, size=size)


def pack_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question:
    """Which card is not in the pack, or how many cards it has."""
    pack = rules.pack
    in_pack = set(pack)
    outside = [c for c in ALL_CARDS if c not in in_pack]
    ranks = sorted({c.rank for c in outside})
    names = rank_plurals(rules, ranks)
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
        expl = tr("The {game} pack has {size} cards: the {names} of a full 52-card pack are "
                  "left out, so {card} is not in it.", game=rules.title,
                  size=len(pack), names=names, card=gone)

        def not_missing(c: Card) -> str:
            return tr("Not {card}: {card} is one of the {size} cards of the {game} pack. Only "
                      "the {names} are left out, so {gone} is the card not in it.",
                      card=card_symbol(c, rules), size=len(pack), game=rules.title,
                      names=names, gone=gone)

        return recall_question(
            kind="pack", evening=1, game=rules.id, title=tr("The pack"),
            prompt=tr("{game}: which of these cards is not in the pack?", game=rules.title),
            options=options, values=tuple(str(c) for c in values),
            feedback=_verdicts(values, answer, expl, not_missing),
            source=rules.pack_source, seed=seed, variant="missing", needs_options=True,
            open_prompt=tr("{game}: which of the cards {cards} is not in the pack, and why?",
                           game=rules.title, cards=", ".join(options)),
        )
    size = len(pack)
    values, answer = assemble(rng, size, [52, 48, 36, 32, 40, 44])
    said = _pack_size_text(rules, size, names)
    expl = (tr("The {game} pack has {size} cards, the {names} of a full 52-card pack left "
               "out.", game=rules.title, size=size, names=names) if names else
            tr("The {game} pack has {size} cards.", game=rules.title, size=size))

    def not_size(v: int) -> str:
        if v == 52:
            return tr("Not {value}: that is a full pack. {fact}", value=v, fact=said)
        return tr("Not {value}: {fact}", value=v, fact=said)

    return recall_question(
        kind="pack", evening=1, game=rules.id, title=tr("The pack"),
        prompt=tr("{game}: how many cards are in the pack?", game=rules.title),
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
        expl = tr("{card} is {role}. The {plural} from the highest down: {listed}.",
                  card=sym, role=roles[card].title, plural=plural,
                  listed=", ".join(f"{card_symbol(c, rules)} {roles[c].term}" for c in tops))
        named = {roles[c].term: c for c in tops}

        def not_name(t: str) -> str:
            return tr("Not “{name}”: that is the name of {other}. {card} is {role}.", name=t,
                      other=card_symbol(named[t], rules), card=sym, role=roles[card].title)

        return recall_question(
            kind="ole", evening=1, game=rules.id, title=tr("The {plural}", plural=plural),
            prompt=tr("{game}: what is {card} called at the table?", game=rules.title,
                      card=sym),
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
        expl = tr("{card} is {role}. The {plural} from the highest down: {listed}; each beats "
                  "every lower one, whatever suits are chosen.", card=top,
                  role=roles[best].title, plural=plural,
                  listed=", ".join(card_symbol(c, rules) for c in tops))

        def not_highest(c: Card) -> str:
            return tr("Not {card}: {card} is {role}, below {top}, which is {top_role} and beats "
                      "it whatever suits are chosen.", card=card_symbol(c, rules),
                      role=roles[c].title, top=top, top_role=roles[best].title)

        return recall_question(
            kind="ole", evening=1, game=rules.id, title=tr("The {plural}", plural=plural),
            prompt=tr("{game}: which of these {plural} is the highest?", game=rules.title,
                      plural=plural),
            options=tuple(card_symbol(c, rules) for c in cards),
            values=tuple(str(c) for c in cards),
            feedback=_verdicts(cards, answer, expl, not_highest), source=source, seed=seed,
            variant=variant, needs_options=True,
            open_prompt=tr("{game}: put the {plural} {cards} in order, highest first.",
                           game=rules.title, plural=plural,
                           cards=", ".join(card_symbol(c, rules) for c in cards)),
        )
    # which: one permanent top card among look-alikes (same rank or same suit).
    card = rng.choice(tops)
    look = [c for c in rules.pack if (c.rank == card.rank or c.suit == card.suit)
            and not is_permanent_top(rules, c)]
    rng.shuffle(look)
    values, answer = assemble(rng, card, look)
    listed = ", ".join(card_symbol(c, rules) for c in tops)
    expl = tr("{card} is one of the {plural}, the permanent top cards: {listed}. The other "
              "cards are ordinary members of their suits.",
              card=card_symbol(card, rules), plural=plural, listed=listed)

    def not_top(c: Card) -> str:
        sym = card_symbol(c, rules)
        labels = unique(rules.roles(ch)[c].label for ch in all_chosen(rules))
        if len(labels) > 1:
            return tr("Not {card}: {card} is not one of the {plural} ({listed}); what it is "
                      "depends on the chosen suits.", card=sym, plural=plural, listed=listed)
        return tr("Not {card}: {card} is not one of the {plural} ({listed}); it is {role} "
                  "whatever suits are chosen.", card=sym, plural=plural, listed=listed,
                  role=roles[c].title)

    return recall_question(
        kind="ole", evening=1, game=rules.id, title=tr("The {plural}", plural=plural),
        prompt=tr("{game}: which of these cards is one of the {plural}?", game=rules.title,
                  plural=plural),
        options=tuple(card_symbol(c, rules) for c in values),
        values=tuple(str(c) for c in values),
        feedback=_verdicts(values, answer, expl, not_top), source=source, seed=seed,
        variant="which", needs_options=True,
        open_prompt=tr("{game}: which of the cards {cards} is one of the {plural}?",
                       game=rules.title, plural=plural,
                       cards=", ".join(card_symbol(c, rules) for c in values)),
    )


_REDEAL = marked("none: the same dealer deals again")


def _suit_words(s: str, rules: Ruleset) -> str:
    return f"{suit_symbol(s)} {suit_name(s, german=rules.german)}"


def turn_up_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """Which suit the face-up cards choose, or which suits the turn-ups choose."""
    try:
        from knlib.rules.dealing import deal_order, lay_out, shuffled
    except ImportError:  # pragma: no cover
        return None
    try:
        proc = rules.procedure
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
        expl = tr("The lowest face-up card gives the chosen suit, and on a tie the card dealt "
                  "first decides: here {card}, so {suit} is chosen.",
                  card=card_symbol(turned[low_i], rules), suit=options[answer])

        def not_suit(s: str) -> str:
            suit = _suit_words(s, rules)
            mine = [i for i, c in enumerate(turned) if c.suit == s]
            if not mine:
                return tr("Not {suit}: none of the face-up cards is of that suit. The lowest, "
                          "{decider}, gives the chosen suit.", suit=suit, decider=decider)
            j = min(mine, key=lambda i: (turned[i].rank, i))
            it = f"{card_symbol(turned[j], rules)} ({who[j]})"
            if turned[j].rank == turned[low_i].rank:
                return tr("Not {suit}: {card} is as low as {decider}, but on a tie the card "
                          "dealt first decides, and {decider} was dealt first.", suit=suit,
                          card=it, decider=decider)
            return tr("Not {suit}: {card} is not the lowest face-up card; {decider} is lower "
                      "and gives the chosen suit.", suit=suit, card=it, decider=decider)

        return recall_question(
            kind="turn_up", evening=1, game=rules.id, title=tr("The chosen suit"),
            prompt=tr("{game}: the first card dealt to each player is face up. In dealing "
                      "order they are {shown}. Which suit is chosen?", game=rules.title,
                      shown=shown),
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
    options = tuple(tr(_REDEAL) if v is None else suits_text(rules, v) for v in values)
    shown = ", ".join(card_symbol(c, rules) for c in turned)
    if layout.redeal:
        if proc.max_same_suit is not None and len(turned) == proc.max_same_suit:
            why = tr("{count} turn-ups of one suit, so the same dealer deals again",
                     count=number_text(len(turned)) if not in_english()
                     else number_word(len(turned)))
        else:
            why = tr("the cards ran out before a second suit showed, so the same dealer deals "
                     "again")
    elif len(turned) == 2:
        why = tr("two turn-ups of different suits give the two chosen suits")
    else:
        why = tr("the first {count} turn-ups share a suit, so cards are turned until a "
                 "different suit shows; the first and the last turned give the chosen suits",
                 count=number_word(len(turned) - 1) if in_english()
                 else number_text(len(turned) - 1))
    expl = tr("The cards turned were {shown}: {why}.", shown=shown, why=why)
    turned_suits = {c.suit for c in turned}
    first_card, last_card = card_symbol(turned[0], rules), card_symbol(turned[-1], rules)

    def not_pair(v: tuple[str, ...] | None) -> str:
        if v is None:
            return tr("Not a new deal: a second suit showed, so the dealer stops, and the first "
                      "and the last card turned, {first} and {last}, give the chosen suits.",
                      first=first_card, last=last_card)
        suits = suits_text(rules, v)
        if correct is None:
            return tr("Not {suits}: the cards turned were {shown}: {why}; no suits are chosen.",
                      suits=suits, shown=shown, why=why)
        absent = [s for s in v if s not in turned_suits]
        if absent:
            return tr("Not {suits}: no {suit} card was turned up; the first and the last card "
                      "turned, {first} and {last}, give the chosen suits.", suits=suits,
                      suit=_suit_words(absent[0], rules), first=first_card, last=last_card)
        return tr("Not {suits}: the first and the last card turned, {first} and {last}, give "
                  "the chosen suits.", suits=suits, first=first_card, last=last_card)

    return recall_question(
        kind="turn_up", evening=1, game=rules.id, title=tr("The turn-ups"),
        prompt=tr("{game}: after the deal the dealer turns up {shown}, in that order, and "
                  "stops. Which suits are chosen?", game=rules.title, shown=shown),
        options=options, values=tuple(values),
        feedback=_verdicts(values, answer, expl, not_pair), source=proc.chosen_source,
        seed=seed, cards=tuple(str(c) for c in turned), variant="turn_ups",
    )


# ============================================================================================
# Evening 2: roles under chosen suits, hands to classify
# ============================================================================================

#: Each class of card in the plural, for "how many of these cards are ...?".
CLASS_PLURAL = {
    RoleClass.OLE: marked("Olen"),
    RoleClass.BEATER: marked("beaters"),
    RoleClass.FREE_CARD: marked("free cards"),
    RoleClass.SEVEN: marked("chosen Sevens"),
    RoleClass.NO_POWER: marked("chosen cards without power"),
    RoleClass.UNCHOSEN_ACE: marked("unchosen Aces"),
    RoleClass.UNCHOSEN_COURT: marked("unchosen Kings, Queens or Jacks"),
    RoleClass.DUD: marked("duds (Schiet)"),
    RoleClass.UNCHOSEN_CARD: marked("unchosen cards (other than Aces)"),
    RoleClass.BEAST: marked("beasts"),
    RoleClass.STECHER: marked("chosen cards with power (stechers)"),
    RoleClass.DEVIL: marked("Devils"),
    RoleClass.PLAIN: marked("plain cards"),
    RoleClass.CHOSEN_CARD: marked("named chosen cards"),
    RoleClass.COURT: marked("Kings, Queens and unchosen Jacks"),
    RoleClass.STICKER: marked("stickers"),
    RoleClass.LAMB: marked("lambs"),
    RoleClass.LEADER: marked("leaders"),
}


#: Each class of card with its article, for "one of these cards is ...".
CLASS_SINGULAR = {
    RoleClass.OLE: marked("an Ole"),
    RoleClass.BEATER: marked("a beater"),
    RoleClass.FREE_CARD: marked("a free card"),
    RoleClass.SEVEN: marked("a chosen Seven"),
    RoleClass.NO_POWER: marked("a chosen card without power"),
    RoleClass.UNCHOSEN_ACE: marked("an unchosen Ace"),
    RoleClass.UNCHOSEN_COURT: marked("an unchosen King, Queen or Jack"),
    RoleClass.DUD: marked("a dud (Schiet)"),
    RoleClass.UNCHOSEN_CARD: marked("an unchosen card (other than an Ace)"),
    RoleClass.BEAST: marked("a beast"),
    RoleClass.STECHER: marked("a chosen card with power (a stecher)"),
    RoleClass.DEVIL: marked("a Devil"),
    RoleClass.PLAIN: marked("a plain card"),
    RoleClass.CHOSEN_CARD: marked("a named chosen card"),
    RoleClass.COURT: marked("a King, Queen or unchosen Jack"),
    RoleClass.STICKER: marked("a sticker"),
    RoleClass.LAMB: marked("a lamb"),
    RoleClass.LEADER: marked("a leader"),
}


def _role_text(card: Card, rules: Ruleset, chosen: tuple[str, ...]) -> str:
    role = rules.roles(chosen)[card]
    text = tr("{card} is {role}: {role:it} beats {beats}; when ahead {role:it} {taken_by}.",
              card=card_symbol(card, rules), role=role.title, beats=role.beats,
              taken_by=role.taken_by)
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
        other = next((ch for ch in all_chosen(rules) if rules.roles(ch)[card].label == label),
                     None)
        if other is not None:
            return ntr("Not “{label}”: {card} is that when {suits} is chosen. {text}",
                       "Not “{label}”: {card} is that when {suits} are chosen. {text}",
                       len(other), label=label, card=sym, suits=suits_text(rules, other),
                       text=text)
        like = next((c for c in rules.pack if roles[c].label == label), None)
        if like is not None:
            return tr("Not “{label}”: that is what {other} is here. {text}", label=label,
                      other=card_symbol(like, rules), text=text)
        return tr("Not “{label}”: {text}", label=label, text=text)

    return recall_question(
        kind="role", evening=2, game=rules.id, title=tr("The role of a card"),
        prompt=tr("{game_and_suits}: what is {card}?",
                  game_and_suits=chosen_phrase(rules, chosen), card=sym),
        options=tuple(values), values=tuple(values),
        feedback=_verdicts(values, answer, text, not_role), source=role.source, seed=seed,
        chosen=chosen, card=str(card),
        open_prompt=tr("{game_and_suits}: what is {card}, what does it beat, and what takes "
                       "it?", game_and_suits=chosen_phrase(rules, chosen), card=sym),
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
    noun = (tr(CLASS_PLURAL[klass]) if klass in CLASS_PLURAL
            else tr("cards of the class '{klass}'", klass=klass))
    one = (tr(CLASS_SINGULAR[klass]) if klass in CLASS_SINGULAR
           else tr("of the class '{klass}'", klass=klass))
    members = cards_text((c for c in hand if roles[c].klass == klass), rules)
    lines = [f"{card_symbol(c, rules)}: {roles[c].label}" for c in hand]
    src = "; ".join(unique(roles[c].source for c in hand))
    if count == 0:
        so = tr("So none of the cards are {noun}.", noun=noun)
    elif count == 1:
        so = tr("So 1 of the cards ({members}) is {one}.", members=members, one=one)
    else:
        so = tr("So {count} of the cards ({members}) are {noun}.", count=count,
                members=members, noun=noun)
    expl = "\n".join([tr("The role of each card:"), *lines, so])

    def not_count(v: int) -> str:
        only = 0 < count < v
        if count == 0:
            return tr("Not {value}: none of the cards is {one}.", value=v, one=one)
        if count == 1:
            return (tr("Not {value}: only one of the cards, {members}, is {one}.", value=v,
                       members=members, one=one) if only else
                    tr("Not {value}: one of the cards, {members}, is {one}.", value=v,
                       members=members, one=one))
        number = number_word(count) if in_english() else number_text(count)
        return (tr("Not {value}: only {count} of the cards are {noun}: {members}.", value=v,
                   count=number, noun=noun, members=members) if only else
                tr("Not {value}: {count} of the cards are {noun}: {members}.", value=v,
                   count=number, noun=noun, members=members))

    return recall_question(
        kind="hand_count", evening=2, game=rules.id, title=tr("Classify a hand"),
        prompt=tr("{game_and_suits}. A player holds {hand}. How many of these cards are "
                  "{noun}?", game_and_suits=chosen_phrase(rules, chosen),
                  hand=cards_text(hand, rules), noun=noun),
        options=tuple(str(v) for v in values), values=tuple(values),
        feedback=_verdicts(values, answer, expl, not_count), source=src, seed=seed,
        chosen=chosen, hand=tuple(str(c) for c in hand), extra=(("klass", klass),),
    )
