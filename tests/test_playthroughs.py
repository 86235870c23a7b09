"""Regression: whole deals played through the public API say and do exactly what the
engine said and did before ``Deal`` was split into Game, State and Observer (issue 11,
part 2). tests/data/deal_playthroughs.json was stored from the old implementation by
tools/store_deal_playthroughs.py; each case is played again and compared: the JSON of
the deal, the result, and a digest of every step (phase, seat to move, legal actions, the
refusal text of illegal probes, sampled hidden worlds), the log, ``str`` and ``repr``.

A mismatch names the case; ``tools/store_deal_playthroughs.py --full CASE`` prints its
record, to diff against the same command run on an old checkout."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import store_deal_playthroughs as store  # noqa: E402

FIXTURES = json.loads((ROOT / "tests" / "data" / "deal_playthroughs.json")
                      .read_text(encoding="utf-8"))
CASES = store.all_cases()


def test_the_fixture_covers_every_case():
    assert sorted(FIXTURES) == sorted(store.case_name(*c) for c in CASES)
    assert sum("json" in e for e in FIXTURES.values()) >= 15


@pytest.mark.parametrize("case", CASES, ids=[store.case_name(*c) for c in CASES])
def test_playthrough_unchanged(case):
    want = FIXTURES[store.case_name(*case)]
    entry, full = store.record(*case)
    if "json" in want:
        assert full["json"] == want["json"]
    assert entry["reason"] == want["reason"]
    assert entry["payments"] == want["payments"]
    assert entry["steps"] == want["steps"]
    assert entry["digest"] == want["digest"]
