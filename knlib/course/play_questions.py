"""Recall questions about the deal and the talk (Evenings 4 and 5): the stakes, what a
played deal pays, and what a phrase of the table talk claims. Every answer is the
engine's, every wrong option has been checked to be wrong, and each question is built by
:func:`knlib.course.common.recall_question` with one (verdict, text) pair per option, made
where the generator knows why that option is wrong (the near misses of an amount are
named as they are made).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..counts import count_words, number_word
from ..rules.games import Ruleset
from ..sources import (
    S000_TALK,
)
from .common import (
    RIGHT,
    WRONG,
    Question,
    assemble,
    cards_text,
    chosen_phrase,
    pick_chosen,
    recall_question,
    seats_of,
    unique,
)

__all__ = ["stakes_question", "payment_question", "phrase_question", "truthful_question"]

# ============================================================================================
# Evening 4: deals to score
# ============================================================================================

_STAKE_STORY = {
    "game": "{actor} win five tricks, but not the first five in a row",
    "jann": "{actor} take the first five tricks in a row and stop there (a {jann})",
    "march": "{actor} take the first five tricks, lead to the sixth and then take all nine "
             "(a {march})",
    "failed march": "{actor} take the first five tricks and lead to the sixth to play on for "
                    "the {march}, but lose a later trick",
    "run": "{actor} lead a card face down (drehen), and {other} run instead of accepting",
}
#: Who receives the stake: the side the story is about, or the other side.
_STAKE_ACTOR_WINS = {"game": True, "jann": True, "march": True, "failed march": False,
                     "run": True}


def _wrong_amounts(rng: random.Random, amount: int, near: Sequence[int], far: Sequence[int],
                   money: bool) -> list[int]:
    """Wrong amounts in order of preference: two near misses, one from another kind of
    result, then the rest (none equal to the amount, none zero, no debts for scores)."""
    def ok(v: int) -> bool:
        return v != amount and v != 0 and (money or v > 0)

    n = [v for v in unique(near) if ok(v)]
    f = [v for v in unique(far) if ok(v) and v not in n]
    rng.shuffle(n)
    rng.shuffle(f)
    # Last resorts, for games whose deals are all worth the same (one point): twice and
    # three times the amount, either way.
    spare = [v for v in unique((2 * amount, 3 * amount, -2 * amount, amount + 3, amount + 4))
             if ok(v) and v not in n + f]
    return n[:2] + f[:1] + n[2:] + f[1:] + spare


def _result_words(rules: Ruleset) -> dict[str, str]:
    """Each kind of result in words, for "that is the amount for ...": a won game, a Jann
    (vol), a march (all nine), a run from a face-down lead."""
    from ..rules.dealing import procedure

    proc = procedure(rules.id)
    return {"game": "an ordinary won game", "jann": f"a {proc.jann_word}",
            "march": f"a {proc.march_word}", "conceded": "running from a face-down lead"}


def _turns_left_out(turns: int) -> str:
    return ("that leaves out the face-down lead seen" if turns == 1 else
            f"that leaves out the {number_word(turns)} face-down leads seen")


def _amount_feedback(values: Sequence[int], answer: int, options: Sequence[str], expl: str,
                     why: dict[int, str]) -> list[tuple[str, str]]:
    """(RIGHT, the explanation) for the answer; for each wrong amount what it gets wrong
    (``why``, where it was made as a near miss) and the explanation."""
    return [(RIGHT, expl) if i == answer else
            (WRONG, f"Not {o}: {why[v]}. {expl}" if v in why else f"Not {o}: {expl}")
            for i, (v, o) in enumerate(zip(values, options, strict=True))]


def stakes_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """What a side scores, or a player receives or pays, for a deal told as a story."""
    try:
        from ..engine.scoring import format_amount, payments, stakes
        from ..rules.dealing import procedure
    except ImportError:  # pragma: no cover
        return None
    st = stakes(rules.id)
    proc = procedure(rules.id)
    kinds = ["game"]
    if st.jann is not None and proc.jann:
        kinds += ["jann", "march", "failed march"]
    if st.turn and proc.drehen:
        kinds.append("run")
    kind = rng.choice(kinds)
    turns = rng.choice((0, 1, 1, 2, 3)) if st.turn and proc.drehen else 0
    if proc.drehen == "bernhard":
        turns = min(turns, 2)
    n = 4 if 4 in proc.players else proc.players[0]
    seats = seats_of(n)
    sides = tuple(tuple(range(i, n, 2)) for i in range(2))
    names = tuple(" and ".join(seats[s] for s in side) for side in sides)
    actor = rng.randrange(2)
    receiving = actor if _STAKE_ACTOR_WINS[kind] else 1 - actor
    value_kind = "conceded" if kind == "run" else kind
    value = st.value(value_kind, turns)
    story = _STAKE_STORY[kind].format(actor=names[actor], other=names[1 - actor],
                                      jann=proc.jann_word, march=proc.march_word)
    if st.lone_jann is not None and kind in ("jann", "march"):
        story += ", both partners taking tricks"
    if kind == "run":
        turn_text = (f" Earlier in the deal {count_words(turns, 'face-down lead')} "
                     f"{'was' if turns == 1 else 'were'} seen." if turns else
                     " No face-down lead had been seen before.")
    elif st.turn and proc.drehen:
        turn_text = (f" During the deal {count_words(turns, 'face-down lead')} (drehen) "
                     f"{'was' if turns == 1 else 'were'} seen." if turns else
                     " No card was led face down.")
    else:
        turn_text = ""
    unit = st.unit
    money = unit in ("cents", "Pf", "points")
    if money:
        seat = rng.randrange(n)
        amount = payments(n, sides, receiving, value, st.pays)[seat]
        ask = f"What does {seats[seat]} receive (+) or pay (−) for this deal?"
    else:
        seat = sides[receiving][0]
        amount = value
        verb = "erase" if unit == "rungs" else "score"
        ask = f"How many {unit} do {names[receiving]} {verb} for this deal?"

    def amount_of(v: int) -> int:
        return payments(n, sides, receiving, v, st.pays)[seat] if money else v

    # Plausible wrong amounts: first the near misses (the turns forgotten or miscounted, the
    # wrong direction), then another kind of result.
    step = st.turn or st.basic
    near = [amount_of(st.value(value_kind, tt)) for tt in (0, turns + 1, max(turns - 1, 0))]
    near += [-amount] if money else []
    near += [amount + step, amount - step]
    far = [amount_of(st.value(k, tt)) for k in ("game", "jann", "march", "conceded")
           if k == "game" or k == "conceded" or st.jann is not None for tt in (turns, 0)]
    # What each near miss and other result gets wrong, the first reason for an amount kept.
    why: dict[int, str] = {}
    if turns:
        why.setdefault(near[0], _turns_left_out(turns))
    why.setdefault(near[1], "that counts one face-down lead more than were seen")
    if turns > 1:
        why.setdefault(near[2], "that counts one face-down lead fewer than were seen")
    if money:
        why.setdefault(-amount, f"that is the right amount the wrong way round: {seats[seat]} "
                                f"{'receives' if amount > 0 else 'pays'}")
    for v in (amount + step, amount - step):
        why.setdefault(v, f"that is {format_amount(unit, step)} off")
    words = _result_words(rules)
    for k in ("game", "jann", "march", "conceded"):
        if k == "game" or k == "conceded" or st.jann is not None:
            for tt in (turns, 0):
                why.setdefault(amount_of(st.value(k, tt)), f"that is the amount for {words[k]}"
                               + (" without the face-down leads" if tt != turns else ""))
    alt = _wrong_amounts(rng, amount, near, far, money)
    values, answer = assemble(rng, amount, alt)
    options = tuple(format_amount(unit, v, sign=money) for v in values)
    worth = (f"{format_amount(unit, st.value(value_kind, 0))} for the result plus {turns} × "
             f"{format_amount(unit, st.turn)} for the face-down leads seen, "
             f"{format_amount(unit, value)} in all" if turns else format_amount(unit, value))
    if money:
        how = ("each member of the losing side pays one member of the winning side"
               if st.pays == "one_winner" else "each loser pays each winner")
        tail = f"{how}, so {seats[seat]} gets {format_amount(unit, amount, sign=True)}"
    else:
        tail = f"{names[receiving]} {'erase' if unit == 'rungs' else 'score'} {amount} {unit}"
    expl = (f"The deal is worth {worth}, to {names[receiving]}; {tail} ({st.source}).")
    return recall_question(
        kind="stakes", evening=4, game=rules.id, title="What does the deal pay?",
        prompt=f"{rules.title}, four players: {names[0]} play against {names[1]}. "
               f"{story[0].upper() + story[1:]}.{turn_text} {ask}",
        options=options, values=tuple(values),
        feedback=_amount_feedback(values, answer, options, expl, why), source=st.source,
        seed=seed, seats=seats,
        extra=(("kind", kind), ("money", money), ("receiving", receiving), ("seat", seat),
               ("turns", turns), ("value_kind", value_kind)),
    )


def _playout(deal: Any, rng: random.Random) -> Any:
    """Play a deal to its end by a fixed, seeded rule: take every exchange offered; lead
    face down now and then (one lead in eight); see a face-down lead six times in seven;
    after a Jann stop seven times in ten; otherwise play a card at random."""
    while not deal.is_over:
        acts = deal.legal_actions()
        by: dict[str, list[Any]] = {}
        for a in acts:
            by.setdefault(a.kind, []).append(a)
        if "see" in by:
            a = by["run"][0] if "run" in by and rng.random() < 1 / 7 else by["see"][0]
        elif "stop" in by or "play on" in by:
            a = (by["play on"][0] if "play on" in by and rng.random() < 0.3
                 else (by.get("stop") or by["play on"])[0])
        elif "exchange" in by:
            a = by["exchange"][0]
        elif "down" in by and rng.random() < 1 / 8:
            a = rng.choice(by["down"])
        elif "play" in by:
            a = rng.choice(by["play"])
        else:
            a = rng.choice(acts)
        deal.apply(a)
    return deal


_NUMBER_WORD = {2: "two", 4: "four", 5: "five", 6: "six"}
#: How often each kind of result is asked about in "what does this deal pay".
_RESULT_MIX = (("game", 4), ("jann", 3), ("run", 2), ("failed march", 1), ("march", 1),
               ("conceded", 1))


def payment_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """What a deal played out by the engine pays, its record shown line by line."""
    try:
        from ..engine.deal import new_deal
        from ..engine.scoring import format_amount
    except ImportError:  # pragma: no cover - the deal engine is part of knlib
        return None
    kinds = [k for k, _ in _RESULT_MIX]
    target = rng.choices(kinds, [w for _, w in _RESULT_MIX])[0]
    # Up to 300 deals: the first that ends as ``target``, else the first one.
    deals = (_playout(new_deal(rules.id, seed=rng.randrange(2**32)), rng) for _ in range(300))
    first = next(deals)
    deal = first if first.result.kind == target else next(
        (d for d in deals if d.result.kind == target), first)
    res = deal.result
    log = list(deal.log)
    while log and log[-1] == res.reason:
        log.pop()
    unit = res.unit
    money = unit in ("cents", "Pf", "points")
    n = deal.players
    names = deal.names
    st = deal.stakes
    if money:
        seat = rng.randrange(n)
        amount = res.payments[seat]
        ask = f"What does {names[seat]} receive (+) or pay (−) for this deal?"
    else:
        seat = None
        amount = res.value
        verb = "erase" if unit == "rungs" else "score"
        ask = f"How many {unit} do the winners ({deal.side_name(res.winner)}) {verb}?"
    step = st.turn or st.basic
    sign = 1 if amount >= 0 else -1
    near = [-amount, amount + sign * step, amount - sign * step]
    if res.turns_accepted:
        near.append(sign * (abs(amount) - res.turns_accepted * st.turn))
    far = [sign * st.value(k, tt) for k in ("game", "jann", "march")
           if k == "game" or st.jann is not None for tt in (res.turns_accepted, 0)]
    # What each near miss and other result gets wrong, the first reason for an amount kept.
    why: dict[int, str] = {}
    if money and seat is not None:  # (a score is never negative: no amount the wrong way)
        why[-amount] = (f"that is the right amount the wrong way round: {names[seat]} "
                        f"{'receives' if amount > 0 else 'pays'}")
    for v in near[1:3]:
        why.setdefault(v, f"that is {format_amount(unit, step)} off")
    if res.turns_accepted:
        why.setdefault(near[3], _turns_left_out(res.turns_accepted))
    words = _result_words(rules)
    for k in ("game", "jann", "march"):
        if k == "game" or st.jann is not None:
            for tt in (res.turns_accepted, 0):
                why.setdefault(sign * st.value(k, tt), f"that is the worth of {words[k]}"
                               + (" without the turns" if tt != res.turns_accepted else ""))
    alt = _wrong_amounts(rng, amount, near, far, money)
    values, answer = assemble(rng, amount, alt)
    options = tuple(format_amount(unit, v, sign=money) for v in values)
    expl = res.reason
    if money:
        expl += f" So {names[seat]} gets {format_amount(unit, amount, sign=True)}."
    expl += f" ({st.source})"
    lines = "\n".join(log)
    return recall_question(
        kind="payment", evening=4, game=rules.id, title="What does this deal pay?",
        prompt=f"{rules.title}, {_NUMBER_WORD.get(n, str(n))} players. The deal went like "
               f"this:\n{lines}\n{ask}",
        options=options, values=tuple(values),
        feedback=_amount_feedback(values, answer, options, expl, why), source=st.source,
        seed=seed, seats=tuple(names),
        extra=(("deal", deal.to_json()), ("money", money), ("seat", seat)),
    )


# ============================================================================================
# Evening 5: phrases to interpret
# ============================================================================================


def _talk_game(rules: Ruleset) -> bool:
    from ..players.talk import TALK_GAMES

    return rules.id in TALK_GAMES


def _phrase_option(p: Any) -> str:
    from ..players.talk import phrase_said

    return phrase_said(p)


def phrase_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """What a phrase of the table talk claims."""
    if not _talk_game(rules):
        return None
    from ..players.talk import PHRASEBOOK

    phrases = list(PHRASEBOOK)
    p = rng.choice(phrases)

    def same_meaning(q: Any) -> bool:
        return q.claim == p.claim or (p.test is not None and q.test is p.test)

    alike = [q for q in phrases if q.kind == p.kind and not same_meaning(q)]
    rest = [q for q in phrases if q.kind != p.kind and not same_meaning(q)]
    rng.shuffle(alike)
    rng.shuffle(rest)
    pool = alike[:2] + rest[:1] + alike[2:] + rest[1:]
    values, answer = assemble(rng, p.id, [q.id for q in pool])
    by_id = {q.id: q for q in phrases}
    expl = (f"{_phrase_option(p)}: {p.claim}. It is said {p.when}."
            + (" It may be a bluff." if p.may_bluff else "")
            + (f" {p.note}" if p.note else "") + f" ({p.source})")
    what = ("what would a truthful “yes” claim?" if p.kind == "question"
            else "what does it claim?")
    said = _phrase_option(p)

    def not_claim(v: str) -> str:
        q = by_id[v]
        # (the other phrase is not named: it may not be taught yet)
        return f"Not that: it is another phrase's claim ({q.claim}). {said}: {p.claim}."

    return recall_question(
        kind="phrase", evening=5, game=rules.id, title="Table talk",
        prompt=f"At the Knüffeln table a player says {said}. In the phrasebook's reading, "
               f"{what}",
        options=tuple(by_id[v].claim for v in values), values=tuple(values),
        feedback=[(RIGHT, expl) if i == answer else (WRONG, not_claim(v))
                  for i, v in enumerate(values)],
        source=p.source, seed=seed, phrase=p.id,
    )


def truthful_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """Which phrase a hand could say without bluffing."""
    if not _talk_game(rules):
        return None
    from ..players.talk import PHRASEBOOK, claims_true, describe_hand

    cands = [p for p in PHRASEBOOK if p.test is not None and not p.needs_target
             and p.kind != "question"]
    for _ in range(500):
        chosen = pick_chosen(rng, rules)
        hand = rng.sample(rules.pack, rules.hand_size)
        truth = {p.id: claims_true(p.id, hand, chosen, rules) for p in cands}
        true_ids = [p.id for p in cands if truth[p.id]]
        false_ids = [p.id for p in cands if not truth[p.id]]
        if true_ids and len(false_ids) >= 3:
            break
    correct = rng.choice(true_ids)
    rng.shuffle(false_ids)
    values, answer = assemble(rng, correct, false_ids)
    by_id = {p.id: p for p in PHRASEBOOK}
    summary = describe_hand(hand, chosen, rules)
    parts = []
    for v in values:
        p = by_id[v]
        verdict = "true" if truth[v] else "false"
        parts.append(f"{_phrase_option(p)} claims the speaker {p.claim}: {verdict} here.")
    expl = "\n".join([f"The hand sorted for table talk: {summary} ({S000_TALK}).", *parts])

    def bluff(v: str) -> str:
        p = by_id[v]
        return (f"Not {_phrase_option(p)}: this hand ({summary}) does not bear it out. It "
                f"claims that the speaker {p.claim}.")

    return recall_question(
        kind="truthful", evening=5, game=rules.id, title="Say it truthfully",
        prompt=f"{chosen_phrase(rules, chosen)}. You hold {cards_text(hand, rules)}. Which of "
               "these could you say to your partner without bluffing?",
        options=tuple(_phrase_option(by_id[v]) for v in values), values=tuple(values),
        feedback=[(RIGHT, expl) if i == answer else (WRONG, bluff(v))
                  for i, v in enumerate(values)],
        source=S000_TALK, seed=seed, chosen=chosen, hand=tuple(str(c) for c in hand),
        needs_options=True,
        open_prompt=f"{chosen_phrase(rules, chosen)}. You hold {cards_text(hand, rules)}. "
                    "Which of these could you say to your partner without bluffing: "
                    + "; ".join(_phrase_option(by_id[v]) for v in values) + "?",
    )
