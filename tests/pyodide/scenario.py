"""The knlib checks that tests/test_pyodide.py runs under CPython and under Pyodide.

Prints one JSON object on its last line of output. Both runs must print the same object,
apart from the "runtime" entry. Standard library and knlib only: under Pyodide (in Node,
offline) only knlib's own wheel is installed.
"""

import json
import platform
import sys

import knlib

CASE_1 = ["D4", "S3", "DA", "C8"]  # seed 000, 'The Play': South leads the Four of diamonds
CASE_2 = ["D4", "C8", "DA", "S3"]  # the same cards, the Three of spades played last
DEAL_SEEDS = (0, 1, 2, 3, 2026)
MAX_ACTIONS = 1000

out = {
    "runtime": {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "knlib": knlib.__version__,
    },
    "case_1_winner": knlib.trick_winner("knueffeln", CASE_1, "HS"),
    "case_2_winner": knlib.trick_winner("knueffeln", CASE_2, "HS"),
    "case_1_explained": str(knlib.explain_trick("knueffeln", CASE_1, "HS")),
    "case_2_explained": str(knlib.explain_trick("knueffeln", CASE_2, "HS")),
}


def play(seed):
    """A seeded Knüffeln deal played to the end, always taking the first legal action."""
    deal = knlib.new_deal("knueffeln", seed=seed)
    actions = []
    while not deal.is_over:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_ACTIONS} actions")
        action = deal.legal_actions()[0]
        actions.append(str(action))
        deal.apply(action)
    return {
        "actions": actions,
        "tricks": [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "seats": list(t.seats),
             "winner": t.winner}
            for t in deal.tricks
        ],
        "payments": list(deal.result.payments),
        "result": str(deal.result),
        "json": deal.to_json(),
    }


# issue 27: a page tool called as the German site's page calls it (the catalogue in the wheel)
from knbook.tools import page  # noqa: E402

out["page_tool_de"] = json.loads(page.start("trick-lab", "{}", "de"))["html"]

if hasattr(knlib, "new_deal"):
    out["deals"] = {str(seed): play(seed) for seed in DEAL_SEEDS}

print(json.dumps(out, ensure_ascii=False, sort_keys=True))
