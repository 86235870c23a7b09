"""Recall questions about the deal and the talk (Evenings 4 and 5): the stakes, what a
played deal pays, and what a phrase of the table talk claims. Every answer is the
engine's, every wrong option has been checked to be wrong, and each question is built by
:func:`knbook.course.foundation.question.recall_question` with one (verdict, text) pair per
option, made where the generator knows why that option is wrong (the near misses of an amount are
named as they are made).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from knlib.counts import number_word
from knlib.engine.narration import sentence_of
from knlib.games import Ruleset
from knlib.kinds import ResultKind
from knlib.sources import (
    S000_TALK,
)

from ..i18n import marked, tr
from .foundation.question import (
    RIGHT,
    WRONG,
    Question,
    assemble,
    cards_text,
    chosen_phrase,
    in_english,
    number_text,
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
    "game": marked("{actor} win five tricks, but not the first five in a row"),
    "jann": marked("{actor} take the first five tricks in a row and stop there (a {jann})"),
    "march": marked("{actor} take the first five tricks, lead to the sixth and then take all "
                    "nine (a {march})"),
    "failed march": marked("{actor} take the first five tricks and lead to the sixth to play "
                           "on for the {march}, but lose a later trick"),
    "run": marked("{actor} lead a card face down (drehen), and {other} run instead of "
                  "accepting"),
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
    proc = rules.procedure
    return {"game": tr("an ordinary won game"),
            "jann": tr("a {jann}", jann=_word(proc.jann_word)),
            "march": tr("a {march}", march=_word(proc.march_word)),
            "conceded": tr("running from a face-down lead")}


#: The units of the scores in the plural, for "how many ... do they score?".
_UNIT_PLURAL = {"rungs": marked("rungs"), "strokes": marked("strokes"),
                "points": marked("points"), "cents": marked("cents")}


def _unit(unit: str) -> str:
    """A unit of the scores in the plural in the current language ('strokes', 'Striche')."""
    return tr(_UNIT_PLURAL[unit]) if unit in _UNIT_PLURAL else unit


#: The games' words for a Jann and a march.
_WORDS = {"Jann": marked("Jann"), "vol": marked("vol"), "march": marked("march"),
          "all nine": marked("all nine")}


def _word(word: str) -> str:
    """A game's word for a Jann or a march in the current language ('march', 'Durchmarsch')."""
    return tr(_WORDS[word]) if word in _WORDS else word


def _number(n: int) -> str:
    """A count in words in the current language ('two', 'zwei')."""
    return number_word(n) if in_english() else number_text(n)


def _turns_left_out(turns: int) -> str:
    if turns == 1:
        return tr("that leaves out the face-down lead seen")
    return tr("that leaves out the {count} face-down leads seen", count=_number(turns))


def _amount_feedback(values: Sequence[int], answer: int, options: Sequence[str], expl: str,
                     why: dict[int, str]) -> list[tuple[str, str]]:
    """(RIGHT, the explanation) for the answer; for each wrong amount what it gets wrong
    (``why``, where it was made as a near miss) and the explanation."""
    return [(RIGHT, expl) if i == answer else
            (WRONG, tr("Not {option}: {why}. {explanation}", option=o, why=why[v],
                       explanation=expl) if v in why else
             tr("Not {option}: {explanation}", option=o, explanation=expl))
            for i, (v, o) in enumerate(zip(values, options, strict=True))]


def stakes_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """What a side scores, or a player receives or pays, for a deal told as a story."""
    try:
        from knlib.engine.scoring import format_amount, payments
    except ImportError:  # pragma: no cover
        return None
    stakes = rules.stakes
    proc = rules.procedure
    kinds = ["game"]
    if stakes.jann is not None and proc.jann:
        kinds += ["jann", "march", "failed march"]
    if stakes.turn and proc.drehen:
        kinds.append("run")
    kind = rng.choice(kinds)
    turns = rng.choice((0, 1, 1, 2, 3)) if stakes.turn and proc.drehen else 0
    if proc.drehen == "bernhard":
        turns = min(turns, 2)
    n = 4 if 4 in proc.players else proc.players[0]
    seats = seats_of(n)
    sides = tuple(tuple(range(i, n, 2)) for i in range(2))
    names = tuple(" and ".join(seats[s] for s in side) if in_english() else
                  tr("{first} and {second}", first=", ".join(seats[s] for s in side[:-1]),
                     second=seats[side[-1]]) for side in sides)
    actor = rng.randrange(2)
    receiving = actor if _STAKE_ACTOR_WINS[kind] else 1 - actor
    value_kind = "conceded" if kind == ResultKind.RUN else kind
    value = stakes.value(value_kind, turns)
    story = tr(_STAKE_STORY[kind], actor=names[actor], other=names[1 - actor],
               jann=_word(proc.jann_word), march=_word(proc.march_word))
    if stakes.lone_jann is not None and kind in (ResultKind.JANN, ResultKind.MARCH):
        story = tr("{story}, both partners taking tricks", story=story)
    if kind == ResultKind.RUN:
        turn_text = ((tr(" Earlier in the deal one face-down lead was seen.") if turns == 1
                      else tr(" Earlier in the deal {count} face-down leads were seen.",
                              count=_number(turns))) if turns else
                     tr(" No face-down lead had been seen before."))
    elif stakes.turn and proc.drehen:
        turn_text = ((tr(" During the deal one face-down lead (drehen) was seen.")
                      if turns == 1 else
                      tr(" During the deal {count} face-down leads (drehen) were seen.",
                         count=_number(turns))) if turns else
                     tr(" No card was led face down."))
    else:
        turn_text = ""
    unit = stakes.unit
    money = unit in ("cents", "Pf", "points")
    if money:
        seat = rng.randrange(n)
        amount = payments(n, sides, receiving, value, stakes.pays)[seat]
        ask = tr("What does {seat} receive (+) or pay (−) for this deal?", seat=seats[seat])
    else:
        seat = sides[receiving][0]
        amount = value
        ask = (tr("How many {unit} do {side} erase for this deal?", unit=_unit(unit),
                  side=names[receiving]) if unit == "rungs" else
               tr("How many {unit} do {side} score for this deal?", unit=_unit(unit),
                  side=names[receiving]))

    def amount_of(v: int) -> int:
        return payments(n, sides, receiving, v, stakes.pays)[seat] if money else v

    # Plausible wrong amounts: first the near misses (the turns forgotten or miscounted, the
    # wrong direction), then another kind of result.
    step = stakes.turn or stakes.basic
    near = [amount_of(stakes.value(value_kind, tt)) for tt in (0, turns + 1, max(turns - 1, 0))]
    near += [-amount] if money else []
    near += [amount + step, amount - step]
    far = [amount_of(stakes.value(k, tt)) for k in ("game", "jann", "march", "conceded")
           if k == "game" or k == "conceded" or stakes.jann is not None for tt in (turns, 0)]
    # What each near miss and other result gets wrong, the first reason for an amount kept.
    why: dict[int, str] = {}
    if turns:
        why.setdefault(near[0], _turns_left_out(turns))
    why.setdefault(near[1], tr("that counts one face-down lead more than were seen"))
    if turns > 1:
        why.setdefault(near[2], tr("that counts one face-down lead fewer than were seen"))
    if money:
        why.setdefault(-amount, _wrong_way(seats[seat], amount))
    for v in (amount + step, amount - step):
        why.setdefault(v, tr("that is {amount} off", amount=format_amount(unit, step)))
    words = _result_words(rules)
    for k in ("game", "jann", "march", "conceded"):
        if k == "game" or k == "conceded" or stakes.jann is not None:
            for tt in (turns, 0):
                why.setdefault(amount_of(stakes.value(k, tt)),
                               tr("that is the amount for {result} without the face-down "
                                  "leads", result=words[k]) if tt != turns else
                               tr("that is the amount for {result}", result=words[k]))
    alt = _wrong_amounts(rng, amount, near, far, money)
    values, answer = assemble(rng, amount, alt)
    options = tuple(format_amount(unit, v, sign=money) for v in values)
    worth = (tr("{base} for the result plus {turns} × {per_turn} for the face-down leads "
                "seen, {total} in all", base=format_amount(unit, stakes.value(value_kind, 0)),
                turns=turns, per_turn=format_amount(unit, stakes.turn),
                total=format_amount(unit, value)) if turns else format_amount(unit, value))
    if money:
        paid = format_amount(unit, abs(amount))  # said as a payment, never 'gets -€0.20'
        if stakes.pays == "one_winner":
            tail = (tr("each member of the losing side pays one member of the winning side, "
                       "so {seat} pays {amount}", seat=seats[seat], amount=paid) if amount < 0
                    else tr("each member of the losing side pays one member of the winning "
                            "side, so {seat} gets {amount}", seat=seats[seat], amount=paid))
        else:
            tail = (tr("each loser pays each winner, so {seat} pays {amount}",
                       seat=seats[seat], amount=paid) if amount < 0
                    else tr("each loser pays each winner, so {seat} gets {amount}",
                            seat=seats[seat], amount=paid))
    else:
        counted = f"{amount} {unit}" if in_english() else format_amount(unit, amount)
        tail = (tr("{side} erase {counted}", side=names[receiving], counted=counted)
                if unit == "rungs" else
                tr("{side} score {counted}", side=names[receiving], counted=counted))
    expl = tr("The deal is worth {worth}, to {side}; {tail}.", worth=worth,
              side=names[receiving], tail=tail)
    return recall_question(
        kind="stakes", evening=4, game=rules.id, title=tr("What does the deal pay?"),
        prompt=tr("{game}, four players: {side} play against {other}. {story}.{turns} {ask}",
                  game=rules.title, side=names[0], other=names[1],
                  story=story[0].upper() + story[1:], turns=turn_text, ask=ask),
        options=options, values=tuple(values),
        feedback=_amount_feedback(values, answer, options, expl, why), source=stakes.source,
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


def _wrong_way(seat: str, amount: int) -> str:
    """'that is the right amount the wrong way round: South receives' (or 'pays')."""
    if amount > 0:
        return tr("that is the right amount the wrong way round: {seat} receives", seat=seat)
    return tr("that is the right amount the wrong way round: {seat} pays", seat=seat)


_NUMBER_WORD = {2: "two", 4: "four", 5: "five", 6: "six"}
#: How often each kind of result is asked about in "what does this deal pay".
_RESULT_MIX = (("game", 4), ("jann", 3), ("run", 2), ("failed march", 1), ("march", 1),
               ("conceded", 1))


def payment_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """What a deal played out by the engine pays, its record shown line by line."""
    try:
        from knlib.engine.deal import new_deal
        from knlib.engine.scoring import format_amount
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
    stakes = deal.rules.stakes
    if money:
        seat = rng.randrange(n)
        amount = res.payments[seat]
        ask = tr("What does {seat} receive (+) or pay (−) for this deal?", seat=names[seat])
    else:
        seat = None
        amount = res.value
        winners = deal.side_name(res.winner)
        ask = (tr("How many {unit} do the winners ({side}) erase?", unit=_unit(unit), side=winners)
               if unit == "rungs" else
               tr("How many {unit} do the winners ({side}) score?", unit=_unit(unit), side=winners))
    step = stakes.turn or stakes.basic
    sign = 1 if amount >= 0 else -1
    near = [-amount, amount + sign * step, amount - sign * step]
    if res.turns_accepted:
        near.append(sign * (abs(amount) - res.turns_accepted * stakes.turn))
    far = [sign * stakes.value(k, tt) for k in ("game", "jann", "march")
           if k == "game" or stakes.jann is not None for tt in (res.turns_accepted, 0)]
    # What each near miss and other result gets wrong, the first reason for an amount kept.
    why: dict[int, str] = {}
    if money and seat is not None:  # (a score is never negative: no amount the wrong way)
        why[-amount] = _wrong_way(names[seat], amount)
    for v in near[1:3]:
        why.setdefault(v, tr("that is {amount} off", amount=format_amount(unit, step)))
    if res.turns_accepted:
        why.setdefault(near[3], _turns_left_out(res.turns_accepted))
    words = _result_words(rules)
    for k in ("game", "jann", "march"):
        if k == "game" or stakes.jann is not None:
            for tt in (res.turns_accepted, 0):
                why.setdefault(sign * stakes.value(k, tt),
                               tr("that is the worth of {result} without the turns",
                                  result=words[k]) if tt != res.turns_accepted else
                               tr("that is the worth of {result}", result=words[k]))
    alt = _wrong_amounts(rng, amount, near, far, money)
    values, answer = assemble(rng, amount, alt)
    options = tuple(format_amount(unit, v, sign=money) for v in values)
    expl = res.reason
    if money:
        paid = format_amount(unit, abs(amount))  # said as a payment, never 'gets -€0.20'
        expl += (tr(" So {seat} pays {amount}.", seat=names[seat], amount=paid) if amount < 0
                 else tr(" So {seat} gets {amount}.", seat=names[seat], amount=paid))
    lines = "\n".join(map(sentence_of, log))  # the story without its citations
    return recall_question(
        kind="payment", evening=4, game=rules.id, title=tr("What does this deal pay?"),
        prompt=tr("{game}, {players} players. The deal went like this:\n{lines}\n{ask}",
                  game=rules.title, players=_NUMBER_WORD.get(n, str(n)) if in_english()
                  else number_text(n), lines=lines, ask=ask),
        options=options, values=tuple(values),
        feedback=_amount_feedback(values, answer, options, expl, why), source=stakes.source,
        seed=seed, seats=tuple(names),
        extra=(("deal", deal.to_json()), ("money", money), ("seat", seat)),
    )


# ============================================================================================
# Evening 5: phrases to interpret
# ============================================================================================


def _phrase_option(p: Any) -> str:
    from knlib.players.talk import phrase_said

    return phrase_said(p)


def phrase_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """What a phrase of the table talk claims."""
    if not rules.table_talk:
        return None
    from knbook.course.talk_lesson import claim_said
    from knlib.players.talk import PHRASEBOOK

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
    said = _phrase_option(p)
    expl = (tr("{phrase}: {claim}. It is said {when}.", phrase=said, claim=claim_said(p),
               when=p.when_text)
            + (tr(" It may be a bluff.") if p.may_bluff else "")
            + (f" {p.note_text}" if p.note else ""))

    def not_claim(v: str) -> str:
        q = by_id[v]
        # (the other phrase is not named: it may not be taught yet)
        return tr("Not that: it is another phrase's claim ({other}). {phrase}: {claim}.",
                  other=claim_said(q), phrase=said, claim=claim_said(p))

    return recall_question(
        kind="phrase", evening=5, game=rules.id, title=tr("Table talk"),
        prompt=(tr("At the Knüffeln table a player says {phrase}. In the phrasebook's reading, "
                   "what would a truthful “yes” claim?", phrase=said) if p.kind == "question"
                else tr("At the Knüffeln table a player says {phrase}. In the phrasebook's "
                        "reading, what does it claim?", phrase=said)),
        options=tuple(claim_said(by_id[v]) for v in values), values=tuple(values),
        feedback=[(RIGHT, expl) if i == answer else (WRONG, not_claim(v))
                  for i, v in enumerate(values)],
        source=p.source, seed=seed, phrase=p.id,
    )


def truthful_question(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
    """Which phrase a hand could say without bluffing."""
    if not rules.table_talk:
        return None
    from knlib.players.talk import PHRASEBOOK, claims_true, describe_hand

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
        parts.append(tr("{phrase} claims the speaker {claim}: true here.",
                        phrase=_phrase_option(p), claim=p.claim_text) if truth[v] else
                     tr("{phrase} claims the speaker {claim}: false here.",
                        phrase=_phrase_option(p), claim=p.claim_text))
    expl = "\n".join([tr("The hand sorted for table talk: {summary}.", summary=summary),
                      *parts])

    def bluff(v: str) -> str:
        p = by_id[v]
        return tr("Not {phrase}: this hand ({summary}) does not bear it out. It claims that the "
                  "speaker {claim}.", phrase=_phrase_option(p), summary=summary,
                  claim=p.claim_text)

    return recall_question(
        kind="truthful", evening=5, game=rules.id, title=tr("Say it truthfully"),
        prompt=tr("{game_and_suits}. You hold {hand}. Which of these could you say to your "
                  "partner without bluffing?", game_and_suits=chosen_phrase(rules, chosen),
                  hand=cards_text(hand, rules)),
        options=tuple(_phrase_option(by_id[v]) for v in values), values=tuple(values),
        feedback=[(RIGHT, expl) if i == answer else (WRONG, bluff(v))
                  for i, v in enumerate(values)],
        source=S000_TALK, seed=seed, chosen=chosen, hand=tuple(str(c) for c in hand),
        needs_options=True,
        open_prompt=tr("{game_and_suits}. You hold {hand}. Which of these could you say to "
                       "your partner without bluffing: {phrases}?",
                       game_and_suits=chosen_phrase(rules, chosen),
                       hand=cards_text(hand, rules),
                       phrases="; ".join(_phrase_option(by_id[v]) for v in values)),
    )
