"""The stored matches between the computer players (the book's ``matches.json``, made by
tools/run_simulations.py; benchmarks/bench_bots.py): who plays, each deal through the
deal API, and the record with its Wilson interval."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.deal import Deal, new_deal
from ..errors import RulesError
from ..games import KNUEFFELN, Ruleset
from ..i18n import tr
from ..players.bots import RandomPlayer, RulePlayer, SamplingPlayer
from ..players.player import seat_to_move
from .stats import wilson

__all__ = ["MATCHES", "match_players", "match_deal", "match_rows", "match_record", "play_match"]


#: The stored matches of the book (tools/run_simulations.py) and of benchmarks/bench_bots.py:
#: side 0 (South and North) against side 1 (West and East).
MATCHES = ("rules-v-random", "sampling-v-rules")


def match_players(match: str, i: int, samples: int = 48) -> list[Any]:
    """The four players of deal ``i`` of a match: 'rules-v-random' (RulePlayer against
    RandomPlayer(2i+1) and RandomPlayer(2i+2)) or 'sampling-v-rules'
    (SamplingPlayer(samples, seed=i) and SamplingPlayer(samples, seed=i+100000) against
    RulePlayer)."""

    rp = RulePlayer()
    if match == "rules-v-random":
        return [rp, RandomPlayer(2 * i + 1), rp, RandomPlayer(2 * i + 2)]
    if match == "sampling-v-rules":
        return [SamplingPlayer(samples=samples, seed=i), rp,
                SamplingPlayer(samples=samples, seed=i + 100_000), rp]
    raise RulesError(tr("{value} is not a match: choose one of {names}", value=repr(match),
                        names=", ".join(MATCHES)))


def match_deal(match: str, i: int, first_seed: int, samples: int = 48,
               game: str | Ruleset = KNUEFFELN) -> Deal:
    """Deal ``i`` of a match, played to its end through the deal API:
    ``new_deal(game, seed=first_seed + i, dealer=i % 4)``."""
    players = match_players(match, i, samples)
    d = new_deal(game, seed=first_seed + i, dealer=i % 4)
    while not d.is_over:
        d.apply(players[seat_to_move(d)].choose(d))
    return d


_KIND_CODE = {"game": "g", "jann": "j", "march": "m", "failed march": "f", "run": "r",
              "conceded": "c"}


def match_rows(match: str, first_seed: int, samples: int, start: int, stop: int
               ) -> list[tuple[int, str, int]]:
    """Deals ``start`` to ``stop`` of a match: (winning side, kind code, cents to South)."""
    out = []
    for i in range(start, stop):
        r = match_deal(match, i, first_seed, samples).result
        assert r is not None
        out.append((r.winner, _KIND_CODE[r.kind], r.payments[0]))
    return out


def match_record(match: str, first_seed: int, samples: int,
                 rows: Sequence[tuple[int, str, int]]) -> dict[str, Any]:
    """A match as stored in ``book/play/data/matches.json``: who played, the deals, side 0's
    wins with the Wilson interval, and each deal's winner, kind and payment to South."""
    deals = len(rows)
    wins = sum(1 for w, _, _ in rows if w == 0)
    lo, hi = wilson(wins, deals)
    sampling = match == "sampling-v-rules"
    side0, side1 = (("RulePlayer()", "RandomPlayer(seed)") if not sampling else
                    (f"SamplingPlayer(samples={samples}, seed)", "RulePlayer()"))
    return {
        "id": match + (f"-{samples}" if sampling else ""),
        "kind": match,
        "side0": side0,
        "side1": side1,
        "samples": samples if sampling else None,
        "deals": deals,
        "first_seed": first_seed,
        "side0_wins": wins,
        "side0_win_rate": round(wins / deals, 6) if deals else None,
        "ci95": [round(lo, 6), round(hi, 6)],
        "winners": "".join(str(w) for w, _, _ in rows),
        "kinds": "".join(k for _, k, _ in rows),
        "payments_seat0": [p for _, _, p in rows],
    }


def play_match(match: str, deals: int, first_seed: int, samples: int = 48) -> dict[str, Any]:
    """Play a match through the deal API and return its :func:`match_record`."""
    return match_record(match, first_seed, samples,
                        match_rows(match, first_seed, samples, 0, deals))
