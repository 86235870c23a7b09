"""The kinds of question (:data:`KINDS`), the evening that teaches each
(:data:`KIND_EVENING`), and making and checking questions: :func:`question`,
:func:`questions`, :func:`evening_questions` and :func:`correct_options`, which works
the answer out again from the question alone. Each recall kind's generator lives with
its evening's questions (:mod:`.card_questions`, :mod:`.trick_questions`,
:mod:`.play_questions`) and builds its question with
:func:`knbook.course.foundation.question.recall_question`; the decision kinds come from
:mod:`knbook.course.decisions`.

Randomness comes only from ``random.Random(seed)``; the same seed always gives the
same questions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from knlib.cards import SUITS, Card
from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Ruleset

from ..i18n import tr
from .card_questions import (
    hand_count_question,
    ole_question,
    pack_question,
    role_question,
    turn_up_question,
)
from .evenings import check_evening
from .foundation.question import (
    Question,
    all_chosen,
    check_question,
    digit_count,
    highest_of,
    is_permanent_top,
    rules_of,
    shown,
)
from .play_questions import payment_question, phrase_question, stakes_question, truthful_question
from .trick_questions import can_beat_question, takes_lead, trick_winner_question

__all__ = [
    "KINDS", "KIND_EVENING", "question", "questions", "evening_questions", "kinds_for",
    "correct_options", "question_key",
]


# ============================================================================================
# The registry
# ============================================================================================

_GENERATORS = {
    "pack": pack_question,
    "ole": ole_question,
    "turn_up": turn_up_question,
    "role": role_question,
    "hand_count": hand_count_question,
    "trick_winner": trick_winner_question,
    "can_beat": can_beat_question,
    "stakes": stakes_question,
    "payment": payment_question,
    "phrase": phrase_question,
    "truthful": truthful_question,
}


def _decision_generator(kind: str) -> Any:
    """A generator for a decision kind of :mod:`knbook.course.decisions` (Knüffeln deals only)."""
    def gen(rng: random.Random, rules: Ruleset, seed: int | str) -> Question | None:
        from .decisions import decision

        if rules.id != KNUEFFELN:
            return None
        return decision(kind, seed, rules)

    return gen


def _register_decisions() -> None:
    from .decisions import DECISION_EVENING, DECISION_KINDS

    for kind in DECISION_KINDS:
        _GENERATORS[kind] = _decision_generator(kind)
        KIND_EVENING[kind] = DECISION_EVENING[kind]

#: The evening that teaches each kind.
KIND_EVENING: dict[str, int] = {
    "pack": 1, "ole": 1, "turn_up": 1,
    "role": 2, "hand_count": 2,
    "trick_winner": 3, "can_beat": 3,
    "stakes": 4, "payment": 4,
    "phrase": 5, "truthful": 5,
}
_register_decisions()
#: Every kind of question (recall questions, then the decision questions of
#: :mod:`knbook.course.decisions`).
KINDS: tuple[str, ...] = tuple(_GENERATORS)
#: The mix of kinds in each evening's exercises, self-check and share of the exam: recall
#: and decisions, each learning goal at least once in the first six.
_EVENING_MIX: dict[int, tuple[str, ...]] = {
    1: ("ole", "d_first_lead", "pack", "d_second_suit", "turn_up", "d_sure_card"),
    2: ("role", "d_throw", "hand_count", "d_best_pair", "role", "hand_count"),
    3: ("trick_winner", "d_cheapest", "can_beat", "d_safe_lead", "trick_winner", "can_beat"),
    4: ("d_exchange", "payment", "d_see_run", "stakes", "d_jann", "d_five"),
    5: ("phrase", "d_say", "truthful", "d_hattstedt", "phrase", "truthful"),
}


_KINDS_FOR: dict[Any, tuple[str, ...]] = {}


def kinds_for(game: str | Ruleset = KNUEFFELN, evening: int | None = None) -> tuple[str, ...]:
    """The kinds of question the engine can make for a game (and an evening)."""
    rules = rules_of(game)
    key = (rules.key, evening)
    if key in _KINDS_FOR:
        return _KINDS_FOR[key]
    out = []
    for kind, gen in _GENERATORS.items():
        if evening is not None and KIND_EVENING[kind] != evening:
            continue
        if kind.startswith("d_"):
            if rules.id == KNUEFFELN:  # decisions come from Knüffeln (Bohmstedt) deals
                out.append(kind)
        elif gen(random.Random(0), rules, 0) is not None:
            out.append(kind)
    _KINDS_FOR[key] = tuple(out)
    return _KINDS_FOR[key]


#: The most digits a whole-number seed (a paper's number) may have.
SEED_DIGITS = 100


#: The most questions a paper or a list of questions may ask for.
MOST_QUESTIONS = 100


def question_count(n: object, *, least: int = 1) -> int:
    """``n`` if it is a number of questions, ``least`` to :data:`MOST_QUESTIONS`; a
    RulesError naming it otherwise."""
    if isinstance(n, bool) or not isinstance(n, int) or not least <= n <= MOST_QUESTIONS:
        raise RulesError(tr("{value} is not a number of questions: give a whole number, "
                            "{least} to {most}", value=shown(n), least=least,
                            most=MOST_QUESTIONS))
    return n


def seed_text(seed: int | str) -> int | str:
    """The seed itself if it is one (an integer of at most :data:`SEED_DIGITS` digits, or a
    string); a RulesError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise RulesError(tr("{value} is not a seed: give an integer or a string",
                            value=shown(seed)))
    if isinstance(seed, int) and abs(seed) >= 10 ** SEED_DIGITS:
        raise RulesError(tr("a seed of {digits} digits is too long: give a whole number of "
                            "at most {most} digits", digits=digit_count(seed),
                            most=SEED_DIGITS))
    return seed


def question(kind: str, seed: int | str, *, game: str | Ruleset = KNUEFFELN) -> Question:
    """One question of a kind for a game, from a seed (the same seed, the same question).

    >>> q = question("trick_winner", 7)
    >>> q.options[q.answer] == q.correct
    True
    """
    seed = seed_text(seed)
    rules = rules_of(game)
    if not isinstance(kind, str) or kind not in _GENERATORS:
        raise RulesError(tr("{value} is not a kind of question: choose one of {choices}",
                            value=shown(kind), choices=", ".join(_GENERATORS)))
    q = _GENERATORS[kind](random.Random(f"{kind}|{rules.id}|{seed}"), rules, seed)
    if q is None:
        raise RulesError(tr("{game} has no questions of the kind {value}: its kinds are "
                            "{choices}", game=rules.title, value=repr(kind),
                            choices=", ".join(kinds_for(rules))))
    return q


def questions(kind: str, n: int, seed: int | str, *, game: str | Ruleset = KNUEFFELN
              ) -> list[Question]:
    """``n`` different questions of one kind from a seed (1 to :data:`MOST_QUESTIONS`)."""
    n = question_count(n)
    rng = random.Random(f"questions|{kind}|{seed_text(seed)}")
    out: list[Question] = []
    seen: set[str] = set()
    for _ in range(n * 20):
        q = question(kind, rng.randrange(2**32), game=game)
        if q.prompt not in seen:
            seen.add(q.prompt)
            out.append(q)
        if len(out) == n:
            break
    return out


def evening_questions(k: int, n: int, seed: int | str, *, game: str | Ruleset = KNUEFFELN,
                      exclude: Iterable[str] = ()) -> list[Question]:
    """``n`` different questions for evening ``k``, mixing its kinds (in course order);
    none is in ``exclude`` (:func:`question_key`: the prompt with its options). ``n`` is 0
    to :data:`MOST_QUESTIONS`."""
    check_evening(k)
    n = question_count(n, least=0)
    rules = rules_of(game)
    available = kinds_for(rules, k)
    mix = [x for x in _EVENING_MIX[k] if x in available] or list(available)
    if not mix:
        raise RulesError(tr("{game} has no questions for evening {evening}", game=rules.title,
                            evening=k))
    rng = random.Random(f"evening|{k}|{rules.id}|{seed_text(seed)}")
    out: list[Question] = []
    seen: set[str] = set(exclude)
    i = 0
    while len(out) < n and i < n * 30:
        q = _drawn(mix, i, rng, rules)
        i += 1
        if question_key(q) in seen:
            continue
        seen.add(question_key(q))
        out.append(q)
    return out


def _drawn(mix: list[str], i: int, rng: random.Random, rules: Ruleset) -> Question:
    """The ``i``-th question of an evening's mix, its number drawn from ``rng``. A decision
    kind searches real deals for its position and may, very rarely, find none; then the
    next kind of the mix is asked, with a number drawn anew: the same seed still gives the
    same paper, and every seed gives one."""
    number = rng.randrange(2**32)
    for step in range(len(mix)):
        kind = mix[(i + step) % len(mix)]
        try:
            return question(kind, number, game=rules)
        except RulesError:
            if not kind.startswith("d_") or step == len(mix) - 1:
                raise
            number = rng.randrange(2**32)
    raise RulesError("an evening with no kinds of question")  # pragma: no cover - mix is full


def question_key(q: Question) -> str:
    """What makes two questions the same: the prompt and the options."""
    q = check_question(q)
    return q.prompt + "\n" + "\n".join(q.options)


# ============================================================================================
# Checking a question against the engine
# ============================================================================================


def correct_options(q: Question) -> list[int]:
    """The indices of the options that the engine finds correct, worked out again from the
    question's data (a well-made question has exactly ``[q.answer]``)."""
    q = check_question(q)
    rules = rules_of(q.game)
    if q.kind.startswith("d_"):
        from .decisions import check_decision

        return check_decision(q)
    if q.kind == "trick_winner":
        from knlib.rules.tricks import trick_winner

        return [trick_winner(rules, list(q.cards or ()), q.chosen or (),
                             first_trick=q.first_trick)]
    if q.kind == "role":
        label = rules.role(q.card or "", q.chosen or ()).label
        return [i for i, v in enumerate(q.values) if v == label]
    if q.kind == "hand_count":
        roles = rules.roles(q.chosen or ())
        n = sum(roles[Card(c)].klass == q.get("klass") for c in q.hand or ())
        return [i for i, v in enumerate(q.values) if v == n]
    if q.kind == "can_beat":
        trick = [Card(c) for c in q.trick or ()]
        takers = tuple(c for c in q.hand or ()
                       if takes_lead(rules, trick, Card(c), q.chosen or ()))
        return [i for i, v in enumerate(q.values) if tuple(v) == takers]
    if q.kind == "pack":
        if q.variant == "size":
            return [i for i, v in enumerate(q.values) if v == len(rules.pack)]
        return [i for i, v in enumerate(q.values) if Card(v) not in set(rules.pack)]
    if q.kind == "ole":
        if q.variant == "name":
            term = rules.roles(all_chosen(rules)[0])[Card(q.card or "")].term
            return [i for i, v in enumerate(q.values) if v == term]
        if q.variant == "highest":
            best = highest_of(rules, [Card(v) for v in q.values])
            return [i for i, v in enumerate(q.values) if best is not None and Card(v) is best]
        return [i for i, v in enumerate(q.values) if is_permanent_top(rules, Card(v))]
    if q.kind == "turn_up":
        from knlib.rules.dealing import lay_out

        proc = rules.procedure
        turned = [Card(c) for c in q.cards or ()]
        if q.variant == "face_up":
            # A deck whose first round of dealing gives these face-up cards, in dealing order.
            n = len(turned)
            rest = [c for c in rules.pack if c not in turned]
            lay = lay_out(proc, _deck_for_rounds(proc, turned + rest, n), n, n - 1)
            return [i for i, v in enumerate(q.values) if lay.chosen and v == lay.chosen[0]]
        rest = [c for c in rules.pack if c not in turned]
        n = proc.players[0]
        deck = rest[: n * sum(proc.packets)] + turned + rest[n * sum(proc.packets):]
        lay = lay_out(proc, deck, n, n - 1)
        got = (None if lay.redeal or lay.chosen is None
               else tuple(sorted(lay.chosen, key=SUITS.index)))
        return [i for i, v in enumerate(q.values) if v == got]
    if q.kind == "stakes":
        from knlib.engine.scoring import payments

        stakes = rules.stakes
        n = len(q.seats or ())
        sides = tuple(tuple(range(i, n, 2)) for i in range(2))
        v = stakes.value(q.get("value_kind"), q.get("turns"))
        amount = (payments(n, sides, q.get("receiving"), v, stakes.pays)[q.get("seat")]
                  if q.get("money") else v)
        return [i for i, x in enumerate(q.values) if x == amount]
    if q.kind == "payment":
        from knlib.engine.deal import Deal

        res = Deal.from_json(q.get("deal")).result
        if res is None:
            raise RulesError("the deal of a payment question is not over")
        amount = res.payments[q.get("seat")] if q.get("money") else res.value
        return [i for i, x in enumerate(q.values) if x == amount]
    if q.kind == "phrase":
        from knlib.players.talk import phrase

        p = phrase(q.phrase or "")
        out = []
        for i, v in enumerate(q.values):
            o = phrase(v)
            if o.claim == p.claim or (p.test is not None and o.test is p.test):
                out.append(i)
        return out
    if q.kind == "truthful":
        from knlib.players.talk import claims_true

        return [i for i, v in enumerate(q.values)
                if claims_true(v, list(q.hand or ()), q.chosen or (), rules)]
    raise RulesError(f"{q.kind!r} is not a kind of question")


def _deck_for_rounds(proc: Any, cards: list[Card], n: int) -> list[Card]:
    """A deck in which the first card each player receives is ``cards[:n]`` (in dealing
    order) and the rest follow; used to re-check face-up questions."""
    first, rest = cards[:n], cards[n:]
    deck: list[Card] = []
    size0 = proc.packets[0]
    for i in range(n):
        deck.append(first[i])
        for _ in range(size0 - 1):
            deck.append(rest.pop(0))
    return deck + rest
