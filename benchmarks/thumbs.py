"""How often each rule of thumb of the course (knbook.course.foundation.thumbs) is right.

    .venv/bin/python benchmarks/thumbs.py [POSITIONS] [LAYOUTS]

Positions come from real deals played by the computer players' habits (RulePlayer), one
position of each kind per deal, the deal numbers drawn from a fixed seed. "Right" means
the rule of thumb picks the choice the computer judges better:

* choices of odds (drehen, see or run, the Jann, the dealer's solo, the exchange): each
  option is played on from the same LAYOUTS layouts of the cards the deciding seat cannot
  see (hidden_world), with the habits at every seat, and the option with the higher
  average payment to the deciding seat is the better one (as knbook.course.decisions
  does). Positions where every option averages the same are counted apart ("no
  difference") and left out of the rate;
* which card to play (lead what holds, take cheaply, leave partner's trick alone): in
  positions where the player to move holds at most five cards, the rule of thumb's card
  is right if it is among the best with all cards face up (knlib.analysis.solve).
  Positions where every card comes to the same are left out of the rate.

The rate has a 95% Wilson interval. Results go to benchmarks/results/thumbs.json, whose
figures knbook.course.foundation.thumbs.MEASURED repeats (tests/test_lessons.py checks them).
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from knbook.course.foundation.thumbs import THUMBS
from knlib.analysis import solve
from knlib.engine.deal import Deal, new_deal
from knlib.players.bots import RulePlayer, hidden_world

OUT = Path(__file__).parent / "results" / "thumbs.json"
SEED = 2026
EV_KINDS = ("drehen", "see_run", "jann", "solo", "exchange")
CARD_KINDS = ("lead_holds", "take_cheaply", "partner_ahead")
EXACT_CARDS = 5


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


#: Layouts left out because the engine failed to play them (see ``playout_values``).
SKIPPED: list[int] = [0]


def playout_values(deal: Deal, acts: list[Any], seat: int, rng: random.Random,
                   layouts: int) -> list[float] | None:
    """Average payment to ``seat`` after each action, over the same layouts of the cards it
    cannot see, each played on by the habits at every seat.

    In the exchange phase a layout can fail: the re-dealt world keeps the exchanges still
    to come of the real deal, so a later seat may be offered a Ten it no longer holds
    (ValueError in the engine's exchange). Such layouts are left out and counted, and a
    position where most layouts fail is left out (None)."""
    rp = RulePlayer()
    totals = [0.0] * len(acts)
    used = failed = 0
    while used < layouts:
        pays = []
        try:
            world = hidden_world(deal, seat, rng)
            for a in acts:
                d = world.copy()
                d.apply(a)
                while not d.is_over:
                    d.apply(rp.choose(d))
                assert d.result is not None
                pays.append(d.result.payments[seat])
        except ValueError:
            SKIPPED[0] += 1
            failed += 1
            if failed > 2 * layouts:
                return None
            continue
        used += 1
        for i, p in enumerate(pays):
            totals[i] += p
    return [t / layouts for t in totals]


def positions(kind: str, n: int) -> list[Deal]:
    """``n`` positions where the rule of thumb ``kind`` applies, one per deal."""
    rng = random.Random(f"{SEED}|{kind}")
    rp = RulePlayer()
    th = THUMBS[kind]
    players = 5 if kind == "solo" else None
    found: list[Deal] = []
    tries = 0
    while len(found) < n and tries < 200 * n:
        tries += 1
        deal = new_deal("knueffeln", seed=rng.randrange(1, 1_000_000), players=players,
                        dealer=rng.randrange(players or 4))
        here: list[Deal] = []
        while not deal.is_over:
            if kind == "see_run":
                if THUMBS["drehen"].applies(deal):
                    here.append(deal.copy())
            elif kind in CARD_KINDS:
                if (th.applies(deal) and deal.to_move is not None
                        and len(deal.hands[deal.to_move]) <= EXACT_CARDS):
                    here.append(deal.copy())
            elif th.applies(deal):
                here.append(deal.copy())
            deal.apply(rp.choose(deal))
        if not here:
            continue
        pick = rng.choice(here)
        if kind == "see_run":
            # A face-down lead of the leader's card that holds best, at a random moment.
            card = THUMBS["lead_holds"].advise(pick).good[0].card
            pick.apply(next(a for a in pick.legal_actions()
                            if a.kind == "down" and a.card == card))
        found.append(pick)
    return found


def options(kind: str, deal: Deal) -> list[Any]:
    """The options a rule of thumb chooses between."""
    acts = deal.legal_actions()
    if kind == "drehen":
        card = THUMBS["drehen"].advise(deal).good[0].card
        return [a for a in acts if a.card == card and a.kind in ("play", "down")]
    return list(acts)


def measure(job: tuple[str, int, int]) -> tuple[str, dict[str, Any]]:
    kind, n, layouts = job
    start = time.time()
    th = THUMBS[kind]
    right = decided = lost = 0
    for i, deal in enumerate(positions(kind, n)):
        pick = th.advise(deal).good[0]
        if kind in EV_KINDS:
            acts = options(kind, deal)
            seat = deal.to_move
            assert seat is not None
            ev = playout_values(deal, acts, seat, random.Random(f"{SEED}|{kind}|{i}"), layouts)
            if ev is None:
                lost += 1
                continue
            top = max(ev)
            if max(ev) - min(ev) < 1e-9:
                continue
            decided += 1
            right += ev[acts.index(pick)] == top
        else:
            sol = solve(deal, line=False)
            values = sol.values
            if len(set(values.values())) == 1:
                continue
            decided += 1
            right += values[pick] == sol.value
    low, high = wilson(right, decided)
    skipped, SKIPPED[0] = SKIPPED[0], 0
    truth = (f"better average payment over {layouts} layouts of the unseen cards, played on "
             "by the habits" if kind in EV_KINDS else
             f"among the best with all cards face up (at most {EXACT_CARDS} cards in hand)")
    return kind, {"positions": n, "decided": decided, "right": right,
                  "rate": round(right / decided, 4) if decided else 0.0,
                  "low": round(low, 4), "high": round(high, 4), "truth": truth,
                  "layouts_failed": skipped, "positions_failed": lost,
                  "seconds": round(time.time() - start, 1)}


def main(argv: list[str]) -> None:
    n = int(argv[1]) if len(argv) > 1 else 400
    layouts = int(argv[2]) if len(argv) > 2 else 64
    jobs = [(k, n, layouts) for k in (*EV_KINDS, *CARD_KINDS)]
    start = time.time()
    with Pool(2) as pool:
        results = dict(pool.map(measure, jobs, chunksize=1))
    out = {"command": f"benchmarks/thumbs.py {n} {layouts}", "seed": SEED,
           "layouts": layouts, "thumbs": {k: results[k] for k, *_ in jobs},
           "seconds": round(time.time() - start, 1)}
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    for k, r in out["thumbs"].items():
        print(f"{k:14} {r['right']:4}/{r['decided']:<4} {100 * r['rate']:5.1f}%  "
              f"[{100 * r['low']:.1f}, {100 * r['high']:.1f}]  ({r['positions']} positions, "
              f"{r['seconds']} s)")
    print(f"total {out['seconds']} s")


if __name__ == "__main__":
    main(sys.argv)
