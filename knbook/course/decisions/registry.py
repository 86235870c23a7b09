"""The kinds of decision question (:data:`DECISION_KINDS`), the evening that teaches each
(:data:`DECISION_EVENING`), :func:`decision` to make one from a seed, and
:func:`check_decision`, which works the answer out again from the question alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from knlib.cards import Card
from knlib.errors import RulesError
from knlib.games import KNUEFFELN
from knlib.games.family import RoleClass
from knlib.kinds import ActionKind
from knlib.rules.tricks import takes_relation

from ...i18n import tr
from .card_choices import (
    d_best_pair,
    d_cheapest,
    d_first_lead,
    d_safe_lead,
    d_second_suit,
    d_sure_card,
    d_throw,
    strong_cards,
)
from .odds import d_exchange, d_five, d_hattstedt, d_jann, d_say, d_see_run, expected_payments
from .positions import numbered_deal, takers_of
from .record import DecisionQuestion

__all__ = ["DECISION_KINDS", "DECISION_EVENING", "decision", "decision_record",
           "check_decision"]


# ============================================================================================
# The registry, the check, the pictures
# ============================================================================================

_DECISIONS: dict[str, Callable[[random.Random, str, Any], DecisionQuestion]] = {
    "d_first_lead": d_first_lead,
    "d_second_suit": d_second_suit,
    "d_sure_card": d_sure_card,
    "d_throw": d_throw,
    "d_best_pair": d_best_pair,
    "d_cheapest": d_cheapest,
    "d_safe_lead": d_safe_lead,
    "d_exchange": d_exchange,
    "d_see_run": d_see_run,
    "d_jann": d_jann,
    "d_five": d_five,
    "d_say": d_say,
    "d_hattstedt": d_hattstedt,
}
#: Every kind of decision question, in course order.
DECISION_KINDS: tuple[str, ...] = tuple(_DECISIONS)
#: The evening of each kind.
DECISION_EVENING: dict[str, int] = {
    "d_first_lead": 1, "d_second_suit": 1, "d_sure_card": 1,
    "d_throw": 2, "d_best_pair": 2,
    "d_cheapest": 3, "d_safe_lead": 3,
    "d_exchange": 4, "d_see_run": 4, "d_jann": 4, "d_five": 4,
    "d_say": 5, "d_hattstedt": 5,
}


def decision_record(kind: str, seed: Any, game: Any = KNUEFFELN) -> DecisionQuestion | None:
    """One decision question of a kind from a seed as its record (:class:`DecisionQuestion`; the
    same seed, the same question); None for games other than Knüffeln (Bohmstedt), whose
    deals these are."""
    from knlib.games import ruleset

    rules = ruleset(game)
    if kind not in _DECISIONS:
        raise RulesError(tr("{value} is not a kind of decision question: choose one of "
                            "{choices}", value=repr(kind), choices=", ".join(_DECISIONS)))
    if rules.id != KNUEFFELN:
        return None
    record: DecisionQuestion = _DECISIONS[kind](random.Random(f"{kind}|{seed}"), KNUEFFELN, seed)
    return record


def decision(kind: str, seed: Any, game: Any = KNUEFFELN) -> Any:
    """One decision question of a kind from a seed, as the :class:`knbook.course.Question` the
    self-checks, the exam and the page use (:meth:`DecisionQuestion.as_question`); None for games
    other than Knüffeln."""
    record = decision_record(kind, seed, game)
    return None if record is None else record.as_question()


def check_decision(q: Any) -> list[int]:
    """The options the engine finds right, worked out again from the question's data."""
    from knlib.engine.deal import Deal
    from knlib.games import ruleset

    kind = q.kind
    rules = ruleset(q.game)
    number = q.get("deal_number")
    if kind == "d_first_lead":
        from knlib.rules.dealing import seat_names, seat_word

        d = numbered_deal(q.game, number, dealer=q.get("dealer"))
        return [i for i, v in enumerate(q.values) if v == d.forehand
                and seat_word(seat_names(d.players)[v]) == q.options[i]]
    if kind == "d_second_suit":
        ups = [Card(v) for v in q.values]
        return [i for i, c in enumerate(ups) if c.suit != ups[0].suit
                and all(x.suit == ups[0].suit for x in ups[:i])]
    if kind == "d_sure_card":
        from ..foundation.question import is_permanent_top

        return [i for i, v in enumerate(q.values) if is_permanent_top(rules, Card(v))]
    if kind == "d_throw":
        roles = rules.roles(q.chosen)
        trick = [Card(c) for c in q.get("trick")]
        ahead = rules.ahead_sequence(trick, q.chosen)[-1]
        return [i for i, v in enumerate(q.values) if roles[Card(v)].klass == RoleClass.DUD
                and rules.ahead_sequence([*trick, Card(v)], q.chosen)[-1] == ahead]
    if kind == "d_best_pair":
        hand = [Card(c) for c in q.get("hand")]
        counts = [len(strong_cards(rules, tuple(v), hand)) for v in q.values]
        return [i for i, n in enumerate(counts) if n == max(counts)]
    if kind == "d_hattstedt":
        trick = [Card(c) for c in q.get("trick")]
        takes = takes_relation(rules, q.chosen)
        return [i for i, v in enumerate(q.values) if takes(Card(v), trick)]
    if kind == "d_cheapest":
        trick = [Card(c) for c in q.get("trick")]
        hand = [Card(c) for c in q.get("hand")]
        takers = [c for c in hand if takes_relation(rules, q.chosen)(c, trick)]
        low = min(rules.strength(c, q.chosen) for c in takers)
        return [i for i, v in enumerate(q.values) if Card(v) in takers
                and rules.strength(Card(v), q.chosen) == low]
    if kind == "d_safe_lead":
        unseen = [Card(c) for c in q.get("unseen")]
        return [i for i, v in enumerate(q.values)
                if not takers_of(rules, q.chosen, Card(v), unseen)]
    if kind == "d_exchange":
        d = Deal.from_json(q.get("deal"))
        offers = [(str(a), a.other) for a in d.legal_actions()
                  if a.kind == ActionKind.EXCHANGE and a.other is not None]
        top = max(rules.strength(taken, q.chosen) for _, taken in offers)
        return [i for i, v in enumerate(q.values)
                if any(text == v and rules.strength(taken, q.chosen) == top
                       for text, taken in offers)]
    if kind in ("d_see_run", "d_jann", "d_five"):
        d = Deal.from_json(q.get("deal"))
        acts = d.legal_actions()
        if d.to_move is None:
            raise RulesError(tr("the deal of a {kind} question is over: nobody decides",
                                kind=repr(kind)))
        ev = expected_payments(d, acts, d.to_move, random.Random(f"{kind}|{number}"))
        best = max(ev)
        return [i for i, v in enumerate(q.values) if ev[[str(a) for a in acts].index(v)] == best]
    if kind == "d_say":
        from knlib.players.talk import claims_true

        hand = [Card(c) for c in q.get("hand")]
        return [i for i, v in enumerate(q.values) if claims_true(v, hand, q.chosen, rules)]
    raise RulesError(tr("{value} is not a kind of decision question", value=repr(kind)))
