"""Read-only faces (issue 38, item 5): what a deal, a result or a session hands out cannot
change it, and a result's reason reads in the language of the moment.

Every public sequence a :class:`knlib.Deal` hands out (found by ``dir``, so one added
later is checked too) is a tuple, never the live list: changing it in every way a list
can be changed fails or leaves the deal as it was, and the deal's JSON replays to the same
state. ``legal_actions()`` is the one list: a fresh one at each call.
"""

from __future__ import annotations

import contextlib
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import knlib
from knlib.engine import ActionKind
from knlib.i18n import language

GAMES = ("knueffeln", "knueffeln-1924", "karniffel", "karnoeffel", "styrivolt")


def _deal_at(game: str, seed: int, actions: int | None) -> knlib.Deal:
    """A deal of ``game`` after ``actions`` random legal actions (None: to its end), none
    of them a card led face down or a concession, so that the deals run long."""
    deal = knlib.new_deal(game, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not deal.is_over and (actions is None or k < actions):
        acts = deal.legal_actions()
        acts = [a for a in acts if a.kind not in (ActionKind.DOWN, ActionKind.CONCEDE)] or acts
        deal.apply(rng.choice(acts))
        k += 1
    return deal


def _handed_out(obj: object) -> Iterator[tuple[str, Any]]:
    """Every public attribute of ``obj`` that is a sequence (a list or a tuple)."""
    for name in dir(obj):
        if name.startswith("_"):
            continue
        try:
            value = getattr(obj, name)
        except knlib.RulesError:
            continue
        if isinstance(value, list | tuple):
            yield name, value


def _try_to_change(value: Any) -> None:
    """Change ``value`` (and every sequence inside it) in each way a list can be changed,
    where it lets itself be changed."""
    if not isinstance(value, list | tuple):
        return
    for inner in value:
        _try_to_change(inner)
    attempts = (lambda v: v.append(None), lambda v: v.insert(0, None), lambda v: v.pop(),
                lambda v: v.reverse(), lambda v: v.__setitem__(0, None),
                lambda v: v.__delitem__(0), lambda v: v.clear())
    for attempt in attempts:
        with contextlib.suppress(AttributeError, TypeError, IndexError):
            attempt(value)


def _state_of(deal: knlib.Deal) -> tuple[bytes, str, list[str]]:
    return pickle.dumps(deal), deal.to_json(), [a.text for a in deal.legal_actions()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("actions", [0, 3, 12, None])
def test_no_sequence_a_deal_hands_out_changes_it(game, actions):
    deal = _deal_at(game, 7, actions)
    seen = dict(_handed_out(deal))  # (read once first: a result is settled when first read)
    before = _state_of(deal)
    assert {"history", "tricks", "exchanges", "hands", "stock", "table",
            "current_trick"} <= set(seen)
    for name, value in seen.items():
        assert type(value) is not list, f"Deal.{name} hands out a list"
        _try_to_change(value)
    actions_now = deal.legal_actions()
    actions_now.clear()
    assert _state_of(deal) == before
    again = knlib.Deal.from_json(deal.to_json())
    assert _state_of(again)[1:] == before[1:]
    assert again.history == deal.history and again.tricks == deal.tricks


def test_history_cannot_be_cleared():
    deal = _deal_at("knueffeln", 54, 6)
    text = deal.to_json()
    with pytest.raises(AttributeError):
        deal.history.clear()  # type: ignore[attr-defined]
    assert len(deal.history) == 6
    assert knlib.Deal.from_json(text).history == deal.history
    assert knlib.Deal.from_json(deal.to_json()).to_json() == text


def test_a_copy_and_its_original_keep_their_own_histories():
    deal = _deal_at("knueffeln", 3, 4)
    copy = deal.copy()
    copy.apply(copy.legal_actions()[0])
    assert len(copy.history) == 5 and len(deal.history) == 4
    assert copy.history[:4] == deal.history
    # The tuple handed out is made again after an action; the part since a point alone too.
    before = deal.history
    deal.apply(deal.legal_actions()[-1])
    assert deal.history[:4] == before and len(deal.history) == 5 and len(before) == 4
    assert all(deal.history_since(k) == deal.history[k:] for k in range(7))


def test_no_sequence_a_result_or_a_session_hands_out_changes_it():
    session = knlib.Session("knueffeln", seed=1)
    session.play(2)
    result = session.results[0]
    before = (pickle.dumps(session.results), session.totals, session.events,
              len(session.recorded), str(session))
    for obj in (result, session):
        for name, value in _handed_out(obj):
            assert type(value) is not list, f"{type(obj).__name__}.{name} hands out a list"
            _try_to_change(value)
    assert (pickle.dumps(session.results), session.totals, session.events,
            len(session.recorded), str(session)) == before
    assert sum(session.totals) == 0 and session.deals == len(session.recorded) == 2


def test_a_results_reason_is_read_in_the_language_of_the_moment():
    deal = _deal_at("knueffeln", 5, None)
    result = deal.result
    assert result is not None
    with language("de"):
        german = result.reason
        assert str(result) == german
    with language("en"):
        english = result.reason
    with language("de"):
        again = result.reason
    assert german != english and again == german
    # Each is what a result read first in that language says.
    fresh = knlib.Deal.from_json(deal.to_json()).result
    with language("en"):
        assert fresh.reason == english
    assert "gewinnen" in german or "zahlt" in german or "zahlen" in german
    assert "win" in english or "pay" in english
