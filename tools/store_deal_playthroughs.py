"""Store deal playthroughs: whole deals played through the public API, recorded step by
step, as regression fixtures for the engine (issue 11, part 2: splitting ``Deal`` must not
change what a deal does or says). In the manner of OpenSpiel's playthrough files.

For each case (game, players, options, deal number, policy) a deal is played to its end
and recorded: its JSON, its log, its ``str``/``repr``, the result, and at every step the
phase, the seat to move, the legal actions, and the refusal of a fixed set of probe
actions that are illegal then (the explanation text); plus a few sampled hidden worlds
(:func:`knlib.players.bots.hidden_world`) at some steps. The step records are long, so the fixture
keeps their SHA-256 digest; ``--full CASE`` prints one case's record for a diff.

Uses only the public API, so it runs against any version of knlib (an old checkout gives
the reference): ``PYTHONPATH=<checkout> .venv/bin/python tools/store_deal_playthroughs.py``
writes tests/data/deal_playthroughs.json.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import knlib

try:
    from knlib.players.bots import RulePlayer, hidden_world
except ImportError:  # an older checkout, before the layers
    from knlib.bots import RulePlayer, hidden_world  # type: ignore[no-redef]

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "deal_playthroughs.json"

#: (game, players, options, seeds, policies); policies: random, cards (no face-down lead,
#: always see), march (cards, and always play on after a Jann), march-down (march, but lead
#: face down whenever the marching side may), rules (RulePlayer).
CASES: list[tuple[str, int, dict[str, str], tuple[int, ...], tuple[str, ...]]] = [
    ("knueffeln", 4, {}, (0, 1, 2, 3, 7, 11), ("random", "cards", "march", "rules")),
    ("knueffeln", 5, {}, (0, 1, 2, 5), ("random", "cards", "rules")),
    ("knueffeln", 4, {"sleeping_queen": "in_stock"}, (4, 9), ("cards",)),
    ("knueffeln", 4, {}, (5, 8, 13), ("march-down",)),
    ("knueffeln", 4, {"drehen_in_march": "forbidden"}, (5, 8), ("march-down",)),
    ("knueffeln", 4, {"ties": "suit_priority"}, (5,), ("cards",)),
    ("knueffeln-hattstedt", 4, {}, (0, 1, 2), ("random", "rules")),
    ("knueffeln-1924", 4, {}, (0, 1, 2, 3), ("random", "cards", "march", "rules")),
    ("knueffeln-1938", 4, {}, (0, 1, 2), ("random", "cards", "rules")),
    ("styrivolt", 4, {}, (0, 1, 2, 3, 4), ("random", "march", "rules")),
    ("styrivolt", 4, {"beater_thresholds": "any_beater"}, (3,), ("rules",)),
    ("karniffel", 4, {}, (0, 1, 2), ("random", "cards", "rules")),
    ("karniffel", 6, {}, (0, 1), ("cards", "rules")),
    ("karniffel", 4, {"chosen_plain_order": "natural"}, (4,), ("cards",)),
    ("karnoeffel", 4, {}, (0, 1, 2), ("random", "rules")),
    ("karnoeffel", 4, {"stecher_blocked_by": "any_suit"}, (3,), ("cards",)),
    ("karnoeffel-2024", 2, {}, (0, 1), ("random", "rules")),
    ("karnoeffel-2024", 4, {}, (0, 1), ("random", "rules")),
    ("karnoeffel-2024", 4, {"ties": "led_suit"}, (2,), ("cards",)),
]

#: Actions tried at every step; the illegal ones record their refusal.
PROBES = ("see", "run", "pass", "stop", "play on", "play alone", "sit out", "concede",
          "play H2", "play C4", "play S7", "play D7", "lead face down H2",
          "lead face down S10", "exchange H10 for HQ", "exchange S12 for S8")


#: The fixture keeps the phases' texts it was stored with: the Jann phase was "Jann" then.
STORED_PHASE = {"jann": "Jann"}


def case_name(game: str, players: int, options: dict[str, str], seed: int, policy: str,
              dealer: int) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game}/{players}/{opts or '-'}/seed {seed}/dealer {dealer}/{policy}"


def _choose(deal: knlib.Deal, policy: str, rng: random.Random, player: RulePlayer) -> Any:
    acts = deal.legal_actions()
    if policy == "rules":
        return player.choose(deal)
    if policy in ("cards", "march", "march-down"):
        if policy != "cards" and deal.phase.lower() == "jann":
            return next(a for a in acts if a.kind == "play on")
        downs = [a for a in acts if a.kind == "down"]
        if policy == "march-down" and deal.marching is not None and downs:
            return downs[rng.randrange(len(downs))]
        if policy == "march-down" and deal.phase == "answer":
            return acts[rng.randrange(len(acts))]
        if deal.phase == "answer":
            return next(a for a in acts if a.kind == "see")
        acts = [a for a in acts if a.kind not in ("down", "concede")] or acts
    return acts[rng.randrange(len(acts))]


def _refusal(deal: knlib.Deal, text: str) -> str | None:
    if text in deal.legal_actions():
        return None
    before = deal.to_json()
    try:
        deal.apply(text)
    except knlib.RulesError as err:
        assert deal.to_json() == before
        return str(err)
    raise AssertionError(f"{text!r} was applied though not legal")


def play(game: str, players: int, options: dict[str, str], seed: int, policy: str,
         dealer: int) -> tuple[knlib.Deal, list[Any]]:
    """Play one case; return the deal and its step records."""
    deal = knlib.new_deal(game, seed=seed, players=players, dealer=dealer, **options)
    rng = random.Random(f"{seed}/{policy}")
    player = RulePlayer()
    steps: list[Any] = []
    k = 0
    while not deal.is_over:
        legal = [a.text for a in deal.legal_actions()]
        step: dict[str, Any] = {
            "phase": STORED_PHASE.get(deal.phase, str(deal.phase)),
            "to_move": deal.to_move, "legal": legal,
            "hands": [[str(c) for c in h] for h in deal.hands],
            "stock": [str(c) for c in deal.stock], "table": [str(c) for c in deal.table],
            "trick": [[s, str(c)] for s, c in deal.current_trick],
            "face_down": deal.current_face_down, "won": list(deal.tricks_won),
            "value": deal.value, "marching": deal.marching, "turns": deal.turns_accepted,
            "pending": None if deal.pending_exchange is None else [
                deal.pending_exchange[0], str(deal.pending_exchange[1]),
                [str(c) for c in deal.pending_exchange[2]]],
            "solo": deal.solo, "active": list(deal.active),
            "sides": [list(s) for s in deal.sides],
            "refusals": {p: _refusal(deal, p) for p in PROBES},
        }
        if k % 5 == 2 and deal.to_move is not None:
            worlds = []
            for j in range(2):
                w = hidden_world(deal, deal.to_move, random.Random(j))
                worlds.append([[[str(c) for c in h] for h in w.hands],
                               [str(c) for c in w.stock],
                               [[s, str(c)] for s, c in w.current_trick],
                               [a.text for a in w.legal_actions()]])
            step["worlds"] = worlds
        steps.append(step)
        deal.apply(_choose(deal, policy, rng, player))
        k += 1
    return deal, steps


def record(game: str, players: int, options: dict[str, str], seed: int, policy: str,
           dealer: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fixture entry of one case (the result, the JSON for the first deal number of
    each case line, a digest of the rest) and the full record the digest is taken of."""
    deal, steps = play(game, players, options, seed, policy, dealer)
    r = deal.result
    assert r is not None
    full = {
        "json": deal.to_json(),
        "log": deal.log,
        "str": str(deal),
        "repr": repr(deal),
        "result": {"kind": str(r.kind), "winner": r.winner, "tricks": list(r.tricks),
                   "value": r.value, "payments": list(r.payments), "reason": r.reason,
                   "lone": r.lone, "crosses": r.crosses, "turns": r.turns_accepted,
                   "march_attempted": r.march_attempted},
        "tricks": [repr(t) for t in deal.tricks],
        "after_end": _refusal(deal, "play H2"),
        "steps": steps,
    }
    digest = hashlib.sha256(json.dumps(full, sort_keys=True, ensure_ascii=False)
                            .encode()).hexdigest()
    entry: dict[str, Any] = {"reason": r.reason, "payments": list(r.payments),
                             "steps": len(steps), "digest": digest}
    if seed == next(s for g, p, o, seeds, _ in CASES
                    if (g, p, o) == (game, players, options) for s in seeds):
        entry["json"] = full["json"]
    return entry, full


def all_cases() -> list[tuple[str, int, dict[str, str], int, str, int]]:
    out = []
    for game, players, options, seeds, policies in CASES:
        for seed in seeds:
            for policy in policies:
                out.append((game, players, options, seed, policy, seed % players))
    return out


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--full":
        for case in all_cases():
            if case_name(*case) == sys.argv[2]:
                print(json.dumps(record(*case)[1], indent=1, ensure_ascii=False))
                break
        else:
            raise SystemExit(f"no case {sys.argv[2]!r}")
        raise SystemExit(0)
    fixtures = {case_name(*case): record(*case)[0] for case in all_cases()}
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(fixtures, indent=1, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    print(f"{len(fixtures)} playthroughs -> {OUT}")
