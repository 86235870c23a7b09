"""How much can any player win against ``SamplingPlayer(samples=48)`` on the match's deals?
(issue 12, item 6: the solver player's 55% target.)

Run:
    PYTHONHASHSEED=0 .venv/bin/python benchmarks/solver_ceiling.py run CONFIG deals out.jsonl \
        [--start=A] [name=value ...]
    .venv/bin/python benchmarks/solver_ceiling.py report out.jsonl [base.jsonl]
    PYTHONHASHSEED=0 .venv/bin/python benchmarks/solver_ceiling.py keep deals out.jsonl \
        [--start=A] [name ...]

The deals, seats and seeds are those of ``bench_solver_player.py match`` (deal ``i``: seed
40000 + i, dealer ``i % 4``; the tested side ``i % 2``, its players seeded ``f"{i}:{seat}"``,
the other side ``SamplingPlayer(samples=48, seed=f"{i}:{seat}")``), so a file compares
deal by deal with that match's results (``solver_diag.py compare``). CONFIG:

``default``: ``SolverPlayer()`` (or ``name=value``), to check that this code plays the
match's deals as the stored match did (same winner, deal for deal).

``omniscient``: a *cheating* solver player, for this measurement only (never one of the
library's players): its exact phase solves the true layout, every card visible (one
layout, :class:`Omniscient`); ties broken by its playouts as in ``SolverPlayer``. Before
its exact phase it is the same player, with the same seeds, as the match's default, so it
plays every deal exactly as the default did until its side's first exact decision, and
the two files differ only by what the exact phase made of the same position. Each line
also says whether, at that first exact decision, its side could force the win with all
cards face up (``dd_won``; ``dd_cards``: cards in the largest hand then). ``name=value``
configures it as ``SolverPlayer`` (``exact_cards=7 max_nodes=20000``: it cheats from the
third trick too, where the true layout solves within the cap).

``sees-early``: a *cheating* solver player (:class:`SeesEarly`): its lookahead in the first
tricks (``SolverPlayer(lookahead=...)``) plays the one true layout on; the exact phase is
the default's. What knowing the cards is worth to the lookahead.

``sampling-dup``: the duplicate form of sampling against sampling: each deal twice, a
second ``SamplingPlayer(samples=48)`` (seeds ``f"{i}:{seat}:x"``) on side 0 and then on
side 1. Where the same side (the same seats, the same cards) wins both games, the cards
decided that deal between these two players; a player can only take from the others.

``keep``: a screen by decisions instead of deals. The match's deals are played as in the
match (the default solver side); at each exact decision of a solver seat where, with all
cards face up, some of its actions win the deal and some do not (a won position with a
wrong choice in it), every configuration named is asked afresh, seeded alike
(``f"{i}:{step}"``), and the line records which of them kept the win. The configurations:
``KEEP`` (the default, more layouts, inference); ``MODELS`` (:class:`SamplingModel`,
layouts weighed by the sampling player's own playouts); ``SOLVER_MODELS``
(:class:`SolverModel`, layouts weighed by whether the others' exact-phase choices won in
them with all cards face up); ``known-partner``, ``known-left``, ``known-right``
(:class:`Known`, the default's layouts with one other seat's true hand put back); any
``KEEP`` name with ``-reseeded`` (the same player with other layouts: how far two
equal players differ by chance alone). This is where the omniscient side gained most over the
default (the deals it could force and the default lost), and each position has a right
answer, so far fewer deals separate two configurations than by who won each deal.

``report``: the share won (Wilson 95% interval, ``knlib.sim.Proportion``) and CPU time;
for ``omniscient``, the deals split by ``dd_won``, with the share the base file's player
(default: the stored match, ``solver_match_s16.jsonl``) won in each part, on the same
deals; for ``sampling-dup``, the share of deals the same seats won twice.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import knlib
from knlib.analysis.player import SolverPlayer
from knlib.engine.deal import Deal
from knlib.errors import RulesError
from knlib.players.bots import SamplingPlayer
from knlib.sim import Proportion

sys.path.insert(0, str(Path(__file__).parent))
from bench_solver_player import (  # noqa: E402
    FIRST_SEED,
    Session16Player,
    done_in,
    table_of,
    value_of,
)

BASE = Path(__file__).parent / "results" / "solver_match_s16.jsonl"

#: The configurations ``keep`` asks (``SolverPlayer`` arguments).
KEEP: dict[str, dict[str, Any]] = {
    "default": {},
    "samples24": {"samples": 24},
    "samples48": {"samples": 48},
    "inference0.5": {"inference": 0.5},
    "inference0.8x8": {"inference": 0.8, "inference_pool": 8},
}


#: The configurations of :class:`SamplingModel` that ``keep`` can ask (by name).
MODELS: dict[str, dict[str, Any]] = {
    "model": {},
    "model-sharp": {"beta": 8.0, "pool": 3},
}

#: The configurations of :class:`SolverModel` that ``keep`` can ask (by name).
SOLVER_MODELS: dict[str, dict[str, Any]] = {
    "solver-model": {"samples": 24},
    "solver-model-partner": {"samples": 24, "q_opponent": 0.0},
    "solver-model-sharp": {"samples": 24, "q_partner": 0.9, "q_opponent": 0.8, "pool": 4},
    "solver-model-distinct": {"samples": 24, "pool": 2, "distinct": True},
    "solver-model-sharp-distinct": {"samples": 24, "q_partner": 0.9, "q_opponent": 0.8,
                                    "pool": 3, "distinct": True},
}


class SamplingModel(Session16Player):
    """Layouts weighed by a model of the other seats' play closer to the match's
    opponents than the rule-based habits (``inference``): the sampling player's own
    playouts. For each decision another seat made since the exchanges
    (:class:`~knlib.analysis.inference.PastPlays`), each of ``pool`` times ``samples``
    layouts puts its cards into that position, deals ``k`` worlds the deciding seat could
    not tell apart and plays every legal action out with the rule-based habits, as a
    ``SamplingPlayer(k)`` would; the layout's weight is multiplied by
    ``exp(beta * (wins of the action taken - wins of the best) / k)``, 0 if it was not
    legal there. ``samples`` layouts are drawn by weight and solved. A diagnostic of this
    benchmark (its cost is far above the default's)."""

    def __init__(self, seed: Any = None, *, pool: int = 2, k: int = 8, beta: float = 4.0,
                 **config: Any) -> None:
        super().__init__(seed=seed, **config)
        self.pool, self.k, self.beta = pool, k, beta

    def layouts(self, deal: Deal, seat: int) -> list[tuple[Deal, int]]:
        import math
        from collections import Counter

        from knlib.analysis.inference import PastPlays
        from knlib.players.base import never_turn_in_march, seat_to_move
        from knlib.players.playouts import playout_wins, supports_playouts

        pool = [self.layout(deal, seat) for _ in range(self.samples * self.pool)]
        past = PastPlays(deal, seat)
        weights = []
        for world in pool:
            w = 1.0
            for before, a, later in past.points:
                hands = [list(world.hands[t]) + later[t] for t in range(world.players)]
                at = before.with_hidden(hands, world.stock)
                acts = never_turn_in_march(at, at.legal_actions())
                if a not in acts:
                    w = 0.0
                    break
                if not supports_playouts(at):
                    continue
                t = seat_to_move(at)
                worlds = [at.resample_hidden(t, self.rng) for _ in range(self.k)]
                won = playout_wins(worlds, acts, at.side_of(t))
                w *= math.exp(self.beta * (won[acts.index(a)] - max(won)) / self.k)
            weights.append(w)
        if not any(weights):
            weights = [1.0] * len(pool)
        drawn = Counter(self.rng.choices(range(len(pool)), weights, k=self.samples))
        return [(pool[j], c) for j, c in sorted(drawn.items())]


class SolverModel(Session16Player):
    """Layouts weighed by a model of play that knows the cards it holds and plays for the
    win: each decision another seat made in the exact phase so far (six cards or fewer a
    hand, :class:`~knlib.analysis.inference.PastPlays`) is put to the solver in each
    layout (its cards put back into that position, one null-window test per action,
    :func:`knlib.analysis.solver.wins`); where the layout had a winning action for that
    seat's side and the seat did not take one, the layout's weight is multiplied by
    ``1 - q_partner`` (the partner, a solver player) or ``1 - q_opponent``; 0 where the
    action was not legal there. ``samples`` of ``pool`` times as many layouts are drawn
    by weight. A diagnostic of this benchmark."""

    def __init__(self, seed: Any = None, *, pool: int = 3, q_partner: float = 0.7,
                 q_opponent: float = 0.5, distinct: bool = False, **config: Any) -> None:
        super().__init__(seed=seed, **config)
        self.pool, self.q_partner, self.q_opponent = pool, q_partner, q_opponent
        self.distinct = distinct

    def layouts(self, deal: Deal, seat: int) -> list[tuple[Deal, int]]:
        from collections import Counter

        from knlib.analysis.inference import PastPlays
        from knlib.analysis.lookahead import largest_hand
        from knlib.analysis.solver import wins
        from knlib.analysis.table import TranspositionTable
        from knlib.players.base import seat_to_move

        pool = [self.layout(deal, seat) for _ in range(self.samples * self.pool)]
        points = [(b, a, later) for b, a, later in PastPlays(deal, seat).points
                  if b.phase == "play" and largest_hand(b) <= (self.exact_cards or 99)]
        tt = TranspositionTable()
        weights = []
        for world in pool:
            w = 1.0
            for before, a, later in points:
                hands = [list(world.hands[t]) + later[t] for t in range(world.players)]
                at = before.with_hidden(hands, world.stock)
                if a not in at.legal_actions():
                    w = 0.0
                    break
                good = wins(at, tt=tt)
                if any(good.values()) and not good[a]:
                    t = seat_to_move(at)
                    w *= 1.0 - (self.q_partner if (t - seat) % 2 == 0 else self.q_opponent)
            weights.append(w)
        if not any(weights):
            weights = [1.0] * len(pool)
        if self.distinct:
            # Weighted draw without replacement (Efraimidis and Spirakis): the largest keys
            # u ** (1 / w); every layout drawn is a different one.
            keys = [self.rng.random() ** (1.0 / w) if w > 0 else -1.0 for w in weights]
            top = sorted(range(len(pool)), key=lambda j: -keys[j])[:self.samples]
            return [(pool[j], 1) for j in sorted(top) if weights[j] > 0]
        drawn = Counter(self.rng.choices(range(len(pool)), weights, k=self.samples))
        return [(pool[j], c) for j, c in sorted(drawn.items())]


class Omniscient(Session16Player):
    """A cheating solver player: its exact phase solves the one true layout, all cards
    visible. For measuring a ceiling only."""

    def __init__(self, seed: Any = None, **config: Any) -> None:
        super().__init__(samples=1, seed=seed, **config)

    def layout(self, deal: Deal, seat: int) -> Deal:
        return deal.copy()


class SeesEarly(Session16Player):
    """A cheating solver player: its lookahead in the first tricks plays the one true
    layout on (``lookahead=1``, every card visible there); the exact phase is the
    default's. For measuring what knowledge of the cards is worth to the lookahead."""

    def __init__(self, seed: Any = None, **config: Any) -> None:
        super().__init__(seed=seed, **{"lookahead": 1, **config})

    def lookahead_layout(self, deal: Deal, seat: int) -> Deal:
        return deal.copy()


class Known(Session16Player):
    """A cheating solver player for measuring what one seat's hand is worth: its layouts
    are dealt as the default's, then the true hand of ``known`` (``'partner'``, ``'left'``
    or ``'right'`` of the deciding seat) is put back in that seat (the cards swapped
    with those the layout gave it). For measuring a ceiling only."""

    OFFSET = {"partner": 2, "left": 1, "right": 3}

    def __init__(self, seed: Any = None, *, known: str = "partner", **config: Any) -> None:
        super().__init__(seed=seed, **config)
        self.known = known

    def layout(self, deal: Deal, seat: int) -> Deal:
        world = super().layout(deal, seat)
        t = (seat + self.OFFSET[self.known]) % deal.players
        true = set(deal.hands[t])
        missing = [c for c in deal.hands[t] if c not in set(world.hands[t])]
        extra = iter([c for c in world.hands[t] if c not in true])
        swap = {c: next(extra) for c in missing}
        hands = [list(deal.hands[t]) if u == t else [swap.get(c, c) for c in world.hands[u]]
                 for u in range(deal.players)]
        try:
            return world.with_hidden(hands, [swap.get(c, c) for c in world.stock])
        except RulesError:  # a card of that hand lies face down in the layout: keep it
            return world


def sampling(i: int, s: int, tag: str = "") -> SamplingPlayer:
    return SamplingPlayer(samples=48, seed=f"{i}:{s}{tag}")


def game(i: int, side: int, make: Any) -> dict[str, Any]:
    """Deal ``i`` with ``make(seed)`` players on ``side``, sampling players on the other."""
    ps = [make(f"{i}:{s}") if s % 2 == side else sampling(i, s) for s in range(4)]
    d = knlib.new_deal("knueffeln", seed=FIRST_SEED + i, dealer=i % 4)
    row: dict[str, Any] = {"deal": i, "solver_side": side}
    t0 = time.process_time()
    while not d.is_over:
        p = ps[d.to_move]
        cards = max(len(d.hands[s]) for s in d.active)
        a = p.choose(d)
        if isinstance(p, Omniscient) and p.last_scores and "dd_won" not in row:
            row["dd_won"] = max(w for _, w, _ in p.last_scores) > 0
            row["dd_cards"] = cards
        d.apply(a)
    r = d.result
    row.update({"winner": r.winner, "solver_won": r.winner == side, "kind": r.kind,
                "payment_to_solver_seat": r.payments[side],
                "cpu_s": round(time.process_time() - t0, 2)})
    return row


def run(config: str, deals: int, path: Path, start: int, kw: dict[str, Any]) -> None:
    done = done_in(path)
    with path.open("a") as f:
        for i in range(start, deals):
            if i in done:
                continue
            if config == "sampling-dup":
                g = [game(i, side, lambda seed: SamplingPlayer(samples=48, seed=seed + ":x"))
                     for side in (0, 1)]
                row = dict(g[i % 2])  # the match's form: the tested side is i % 2
                row.update({"x_won": [x["solver_won"] for x in g],
                            "winners": [x["winner"] for x in g],
                            "cpu_s": round(sum(x["cpu_s"] for x in g), 2)})
            elif config == "omniscient":
                row = game(i, i % 2, lambda seed: Omniscient(seed, **kw))
            elif config == "sees-early":
                row = game(i, i % 2, lambda seed: SeesEarly(seed, **kw))
            elif config == "default":
                row = game(i, i % 2, lambda seed: Session16Player(seed=seed, **kw))
            else:
                raise SystemExit(f"unknown config {config!r}: default, omniscient, "
                                 "sees-early, sampling-dup")
            row["config"] = config + "".join(f" {k}={v}" for k, v in kw.items())
            f.write(json.dumps(row) + "\n")
            f.flush()
            done.add(i)
            if len(done) % 10 == 0:
                print(f"{len(done)} deals: won {share(path)}", flush=True)
    report(path, BASE)


def keep(deals: int, path: Path, start: int, names: list[str]) -> None:
    from knlib.analysis.solver import wins

    done = done_in(path)
    with path.open("a") as f:
        for i in range(start, deals):
            if i in done:
                continue
            ps = table_of(i, lambda seed: Session16Player(seed=seed))
            d = knlib.new_deal("knueffeln", seed=FIRST_SEED + i, dealer=i % 4)
            found: list[dict[str, bool]] = []
            step = 0
            t0 = time.process_time()
            while not d.is_over:
                p = ps[d.to_move]
                if (isinstance(p, SolverPlayer) and d.phase not in ("exchange", "dealer's choice")
                        and len(d.legal_actions()) > 1 and p.exact(d)):
                    true = wins(d)
                    allowed = [a for a in d.legal_actions()
                               if d.marching is None or a.kind != "down"]
                    if 0 < sum(true[a] for a in allowed) < len(allowed):
                        found.append({name: true[keeper(name, f"{i}:{step}").choose(d)]
                                      for name in names})
                d.apply(p.choose(d))
                step += 1
            f.write(json.dumps({"deal": i, "positions": found,
                                "cpu_s": round(time.process_time() - t0, 2)}) + "\n")
            f.flush()
            done.add(i)
            if len(done) % 10 == 0:
                print(f"{len(done)} deals", flush=True)
    keep_report(path)


def keeper(name: str, seed: str) -> SolverPlayer:
    """The configuration ``name`` of ``keep``: a ``SolverPlayer`` (``KEEP``), or the
    sampling model (``MODELS``)."""
    if name in MODELS:
        return SamplingModel(seed, **MODELS[name])
    if name in SOLVER_MODELS:
        return SolverModel(seed, **SOLVER_MODELS[name])
    if name.startswith("known-"):
        return Known(seed, known=name[6:])
    if name.endswith("-reseeded"):  # the same player with other layouts: the noise
        return Session16Player(seed=seed + ":r", **KEEP[name.removesuffix("-reseeded")])
    return Session16Player(seed=seed, **KEEP[name])


def keep_report(path: Path) -> None:
    rows = list(rows_of(path).values())
    found = [x for r in rows for x in r["positions"]]
    cpu = sum(r["cpu_s"] for r in rows)
    print(f"{path}: {len(rows)} deals, {len(found)} won positions with a losing choice; "
          f"CPU {cpu:.0f} s")
    names = list(found[0]) if found else []
    base = "default" if "default" in names else names[0] if names else ""
    for name in names:
        k = sum(x[name] for x in found)
        only = sum(x[name] and not x[base] for x in found)
        only_d = sum(x[base] and not x[name] for x in found)
        print(f"  {name:<16} kept the win in {Proportion(k, len(found))}; "
              f"where it and {base} differ: it {only}, {base} {only_d}")


def rows_of(path: Path) -> dict[int, dict[str, Any]]:
    rows: dict[int, dict[str, Any]] = {}
    for x in path.read_text().splitlines():
        if x.strip():
            r = json.loads(x)
            rows.setdefault(r["deal"], r)
    return rows


def share(path: Path) -> Proportion:
    rows = rows_of(path).values()
    return Proportion(sum(r["solver_won"] for r in rows), len(rows))


def report(path: Path, base_path: Path) -> None:
    rows = rows_of(path)
    base = rows_of(base_path)
    common = sorted(set(rows) & set(base))
    cpu = sum(r["cpu_s"] for r in rows.values())
    print(f"{path}: {len(rows)} deals, tested side won {share(path)}; CPU {cpu:.0f} s")
    if not common:
        return
    won = sum(rows[i]["solver_won"] for i in common)
    won_b = sum(base[i]["solver_won"] for i in common)
    same = sum(rows[i]["winner"] == base[i]["winner"] for i in common)
    only = sum(rows[i]["solver_won"] and not base[i]["solver_won"] for i in common)
    only_b = sum(base[i]["solver_won"] and not rows[i]["solver_won"] for i in common)
    print(f"  on the {len(common)} deals also in {base_path.name}: this file "
          f"{Proportion(won, len(common))}, that one {Proportion(won_b, len(common))}; "
          f"same winner in {same}; won by this file only {only}, by that one only {only_b}")
    dup = [r for r in rows.values() if "x_won" in r]
    if dup:
        twice = sum(r["winners"][0] == r["winners"][1] for r in dup)
        games = sum(sum(r["x_won"]) for r in dup)
        print(f"  duplicate: the same seats won both games in "
              f"{Proportion(twice, len(dup))} of the deals; the second sampling player "
              f"won {Proportion(games, 2 * len(dup))} of the games")
    dd = [i for i in common if "dd_won" in rows[i]]
    if dd:
        early = [i for i in common if i not in dd]
        print(f"  {len(dd)} deals reached an exact decision of the tested side "
              f"(the others ended before it: won {sum(rows[i]['solver_won'] for i in early)} "
              f"of {len(early)})")
        for flag, name in ((True, "could force the win"), (False, "could not")):
            part = [i for i in dd if rows[i]["dd_won"] == flag]
            if not part:
                continue
            print(f"    {name} (all cards face up), {len(part)} deals: this file won "
                  f"{Proportion(sum(rows[i]['solver_won'] for i in part), len(part))}; "
                  f"that one {Proportion(sum(base[i]['solver_won'] for i in part), len(part))}")
        cards: dict[int, int] = {}
        for i in dd:
            cards[rows[i]["dd_cards"]] = cards.get(rows[i]["dd_cards"], 0) + 1
        print(f"    cards in the largest hand at that decision: {dict(sorted(cards.items()))}")


if __name__ == "__main__":
    print("$ .venv/bin/python benchmarks/solver_ceiling.py " + " ".join(sys.argv[1:]),
          flush=True)
    cmd = sys.argv[1] if len(sys.argv) > 1 else "report"
    if cmd == "run":
        flags = {a[2:].split("=")[0]: int(a.split("=")[1]) for a in sys.argv[2:]
                 if a.startswith("--")}
        kw = {k: value_of(v) for k, _, v in (a.partition("=") for a in sys.argv[3:]
                                             if "=" in a and not a.startswith("--"))}
        plain = [a for a in sys.argv[3:] if "=" not in a]
        run(sys.argv[2], int(plain[0]), Path(plain[1]), flags.get("start", 0), kw)
    elif cmd == "keep":
        flags = {a[2:].split("=")[0]: int(a.split("=")[1]) for a in sys.argv[2:]
                 if a.startswith("--")}
        plain = [a for a in sys.argv[2:] if not a.startswith("--")]
        keep(int(plain[0]), Path(plain[1]), flags.get("start", 0), plain[2:] or list(KEEP))
    elif cmd == "keep-report":
        keep_report(Path(sys.argv[2]))
    elif cmd == "report":
        report(Path(sys.argv[2]), Path(sys.argv[3]) if len(sys.argv) > 3 else BASE)
    else:
        raise SystemExit(f"unknown command {cmd!r}: run, report, keep or keep-report")
