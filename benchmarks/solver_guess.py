"""Strategy fusion in the solver player's exact phase: does an action that keeps the win
in every layout only if the side later guesses right lose deals? (issue 12, item 6.)

Run:
    PYTHONHASHSEED=0 .venv/bin/python benchmarks/solver_guess.py screen deals out.jsonl \
        [--start=A] [name=value ...]
    .venv/bin/python benchmarks/solver_guess.py report out.jsonl

Each layout of ``SolverPlayer`` is solved as if its side will see every card from then on
(the flaw the bridge literature calls strategy fusion): an action after which the side
must guess looks as good as one after which it need not. :class:`Guesser` scores the
actions the default rates best (within ``margin`` layouts) again: in each of ``outer``
layouts it takes the action and plays on; the opponents play a winning card for that
layout wherever they have one (seeing every card, as in the solver); the next ``depth``
decisions of its own side are made as a solver player makes them, from ``inner`` layouts
of what *that* seat can see (each seat's guess is a guess); then one null-window test.

``screen``: the match's deals (``bench_solver_player.py match``: deal ``i`` seeded
40000 + i, the solver side ``i % 2``, ``SolverPlayer()``), each solver seat shadowed by
a :class:`Guesser` with the same seed (so its first choice is the default's). Where the
two choose differently, the deal is played on to the end twice from that point, once
after each choice, by fresh default players seeded alike. ``report``: those pairs.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import knlib
from knlib.analysis.player import SolverPlayer
from knlib.analysis.solver import wins, won
from knlib.analysis.table import TranspositionTable
from knlib.engine.deal import Action, Deal
from knlib.players.base import never_turn_in_march, seat_to_move
from knlib.players.bots import RulePlayer
from knlib.sim import Proportion

sys.path.insert(0, str(Path(__file__).parent))
from bench_solver_player import FIRST_SEED, done_in, table_of, value_of  # noqa: E402


def guessing_win(d: Deal, side: int, depth: int, inner: int, rng: random.Random,
                 habits: RulePlayer, tt: TranspositionTable) -> bool:
    """Play ``d`` (changed) on: the opponents seeing every card, ``side`` guessing its next
    ``depth`` decisions from ``inner`` layouts each; then whether ``side`` wins with all
    cards face up."""
    while True:
        if d.is_over:
            return d.result.winner == side
        acts = d.legal_actions()
        if len(acts) == 1:
            d.apply(acts[0])
            continue
        mover = seat_to_move(d)
        if d.side_of(mover) != side:
            w = wins(d, tt=tt)
            good = [a for a in acts if w[a]]
            pick = habits.choose(d)
            if good and pick not in good:
                pick = good[0]
            d.apply(pick)
            continue
        if depth == 0:
            return won(d, tt=tt)
        acts = never_turn_in_march(d, acts)
        count = dict.fromkeys(acts, 0)
        for _ in range(inner):
            w = wins(d.resample_hidden(mover, rng), tt=tt)
            for a in acts:
                count[a] += w[a]
        top = max(count.values())
        pick = habits.choose(d)
        if count.get(pick, -1) != top:
            pick = next(a for a in acts if count[a] == top)
        d.apply(pick)
        depth -= 1


class Guesser(SolverPlayer):
    """``SolverPlayer`` whose best-rated exact actions are scored again with the side's
    later guesses played as guesses (module notes). With ``shadow``, it returns the
    default's choice and keeps its own in :attr:`alternative`."""

    def __init__(self, seed: Any = None, *, margin: int = 2, outer: int = 16,
                 inner: int = 8, depth: int = 2, shadow: bool = False, **config: Any) -> None:
        super().__init__(seed=seed, **config)
        self.margin, self.outer, self.inner, self.depth = margin, outer, inner, depth
        self.shadow = shadow
        self.grng = random.Random(f"guess:{seed}")
        self.ghabits = RulePlayer()
        self.alternative: Action | None = None
        self.guess_scores: dict[Action, int] = {}

    def choose(self, deal: Deal) -> Action:
        a0 = super().choose(deal)
        self.alternative = a0
        self.guess_scores = {}
        scores = self.last_scores
        if not scores or self.objective != "wins" or not self.exact(deal):
            return a0
        n = self.samples
        best = max(s for _, s, _ in scores)
        cands = [a for a, s, _ in scores if s * n >= best * n - self.margin - 1e-9]
        if len(cands) < 2:
            return a0
        alt = self.rescore(deal, cands, a0)
        self.alternative = alt
        return a0 if self.shadow else alt

    def rescore(self, deal: Deal, cands: Sequence[Action], a0: Action) -> Action:
        seat = seat_to_move(deal)
        side = deal.side_of(seat)
        assert side is not None
        tt = TranspositionTable()
        got = dict.fromkeys(cands, 0)
        for _ in range(self.outer):
            world = deal.resample_hidden(seat, self.grng)
            for a in cands:
                d = world.copy()
                d.apply(a)
                got[a] += guessing_win(d, side, self.depth, self.inner, self.grng,
                                       self.ghabits, tt)
        self.guess_scores = got
        top = max(got.values())
        if got[a0] == top:
            return a0
        share = {a: s for a, s, _ in self.last_scores}
        return max((a for a in cands if got[a] == top),
                   key=lambda a: (share[a], self.last_playouts.get(a, 0.0)))


def screen(deals: int, path: Path, start: int, kw: dict[str, Any]) -> None:
    done = done_in(path)
    with path.open("a") as f:
        for i in range(start, deals):
            if i in done:
                continue
            side = i % 2
            ps = table_of(i, lambda seed: Guesser(seed=seed, shadow=True, **kw))
            d = knlib.new_deal("knueffeln", seed=FIRST_SEED + i, dealer=i % 4)
            rows = []
            rescored = 0
            t0 = time.process_time()
            step = 0
            while not d.is_over:
                p = ps[d.to_move]
                a = p.choose(d)
                if isinstance(p, Guesser) and p.guess_scores:
                    rescored += 1
                    b = p.alternative
                    if b != a:
                        out = []
                        for c in (a, b):
                            e = d.copy()
                            e.apply(c)
                            ts = table_of(i, lambda seed: SolverPlayer(seed=seed), f":g{step}")
                            while not e.is_over:
                                e.apply(ts[e.to_move].choose(e))
                            out.append(e.result.winner == side)
                        rows.append({"step": step, "cards": max(len(d.hands[s]) for s in d.active),
                                     "default": str(a), "guess": str(b),
                                     "scores": {str(k): v for k, v in p.guess_scores.items()},
                                     "default_won": out[0], "guess_won": out[1]})
                d.apply(a)
                step += 1
            r = d.result
            f.write(json.dumps({"deal": i, "solver_side": side, "solver_won": r.winner == side,
                                "rescored": rescored, "pairs": rows,
                                "config": kw and {k: str(v) for k, v in kw.items()},
                                "cpu_s": round(time.process_time() - t0, 2)}) + "\n")
            f.flush()
            done.add(i)
            if len(done) % 10 == 0:
                print(f"{len(done)} deals", flush=True)
                report(path)


def report(path: Path) -> None:
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    pairs = [p for r in rows for p in r["pairs"]]
    g = sum(p["guess_won"] and not p["default_won"] for p in pairs)
    dflt = sum(p["default_won"] and not p["guess_won"] for p in pairs)
    won = Proportion(sum(r["solver_won"] for r in rows), len(rows))
    print(f"{path}: {len(rows)} deals, won {won}; "
          f"{sum(r['rescored'] for r in rows)} decisions rescored, {len(pairs)} changed; "
          f"played on: the guess's choice won {g}, the default's {dflt}"
          + (f" ({Proportion(g, g + dflt)})" if g + dflt else "")
          + f"; CPU {sum(r['cpu_s'] for r in rows):.0f} s")


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[0] not in ("screen", "report"):
        raise SystemExit(__doc__)
    if argv[0] == "report":
        report(Path(argv[1]))
        return
    rest = argv[3:]
    start = next((int(x.split("=")[1]) for x in rest if x.startswith("--start=")), 0)
    kw = dict(x.split("=", 1) for x in rest if "=" in x and not x.startswith("--"))
    screen(int(argv[1]), Path(argv[2]), start, {k: value_of(v) for k, v in kw.items()})


if __name__ == "__main__":
    main(sys.argv[1:])
