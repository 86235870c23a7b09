"""The strongest computer player: perfect-information Monte Carlo over the exact solver.

:class:`SolverPlayer` does what the strongest bridge programs do. For each decision of the
play it deals the cards it cannot see at random, consistent with what its seat knows
(:func:`knlib.players.bots.hidden_world`, which uses
:meth:`knlib.engine.state.State.resample_hidden`), solves
each of those layouts exactly with all cards face up (:func:`knlib.analysis.solve`), and
chooses the action that wins the deal in the most of those layouts (whether an action
wins is one null-window test of the solver, :func:`knlib.analysis.solver.wins`). Between
actions that win equally often it takes the one that won most often when played out with
the rule-based habits (:class:`knlib.players.bots.SamplingPlayer`), and a card led face down
rather than face up (it wins whenever the face-up card does, and also when the
opponents run from it).

Why the playouts break ties: each layout is solved as if the opponents, too, saw every
card. Where every action loses against such opponents (or wins against them), the
solver says nothing about which gives real opponents, who cannot see the cards, the most
chances; the playouts do. With ``blend`` above 0 the playouts weigh in beyond ties: an
action scores its share of layouts won plus ``blend`` times its share of playouts won
(one layout in ``samples`` counts as much as ``blend`` times that share of playouts).
The default, 0, keeps the ties only: in matches against the sampling player on the same
seeded deals no blend was shown to win more (``benchmarks/README.md``, "What we tried").

Its strength and its speed are set by ``samples`` (layouts per decision) and
``exact_cards``: while the hands are larger than ``exact_cards`` (the first tricks, where
one exact solve can take seconds) it looks ahead (:mod:`knlib.analysis.lookahead`): in
each of ``lookahead`` layouts it takes each action, plays the deal on with the rule-based
habits until every hand holds ``exact_cards`` cards, and asks the solver whether its side
then wins with all cards face up; it takes the action that wins so in the most layouts,
then the one that won most often in ``early_samples`` playouts with the rule-based
habits (seeing or running and stopping at a Jann are left to those playouts). From then
on every decision is solved exactly. ``lookahead=0`` decides the first tricks by the
playouts alone, as :class:`knlib.players.bots.SamplingPlayer` does.

The defaults, 24 layouts in the exact phase and 24 in the lookahead, won 53.0% of the
2,000 deals of the match against the sampling player (95% CI 50.9%–55.2%); the previous
default (12 layouts, no lookahead) won 51.2% of the same deals, and 183 deals to
147 where the two differ (55.5%, 95% CI 50.1%–60.7%). The lookahead alone (``samples=12``) won 52.4%
(165 deals to 142: no gain shown): ``benchmarks/README.md``, "What we tried". In pure Python
(the browser) a looked-ahead decision takes about a second. ``exact_cards=None`` solves every
decision of the play exactly. ``max_nodes`` caps the search of each layout (trick starts,
:class:`knlib.analysis.frame.Options`): a decision with a layout over the cap is left to
the playouts, so that larger hands can be solved where they are cheap
(``exact_cards=7, max_nodes=20000`` solves the third trick; in the benchmark's deals it
was not shown to win more, ``benchmarks/README.md``, "What we tried"). Exchanges and the five-player
dealer's choice are left to the rule-based habits.

With ``inference`` above 0 the exact phase weighs its layouts by the play so far: it deals
``inference_pool`` times as many, weighs each by how well the other seats' choices fit
the rule-based habits in it (:class:`knlib.analysis.inference.PastPlays`) and solves
``samples`` of them drawn in proportion to those weights. Off by default
(``benchmarks/README.md`` has its match).

``time_budget`` (seconds, None: no limit) bounds one decision: its layouts are dealt as
without it, and scored only while the budget lasts, the first always; the playouts that
follow stop at the same deadline (:mod:`knlib.players.deadline` says what is kept). A
decision cut short decides on the layouts scored so far and is counted in ``timed_out``.

Averaging over layouts is a tactic, not a rule, and it is not best play: the layouts are
solved as if every card were face up, so a line that needs a guess may look sure.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from ..engine.deal import Action, Deal
from ..engine.serial import shown
from ..errors import RulesError
from ..i18n import tr
from ..kinds import SETUP_PHASES, ActionKind, Phase
from ..players.bots import Player, RulePlayer, SamplingPlayer, hidden_world
from ..players.deadline import Clock, Deadline, check_budget, check_clock
from ..players.player import (
    MAX_LAYOUTS,
    check_layouts,
    check_player_seed,
    deal_to_decide,
    never_turn_in_march,
    seat_to_move,
)
from .frame import Budget, Options
from .lookahead import largest_hand, lookahead_wins

__all__ = ["SolverPlayer", "DEFAULT_SAMPLES", "DEFAULT_EXACT_CARDS", "DEFAULT_EARLY_SAMPLES",
           "DEFAULT_LOOKAHEAD"]

#: Layouts of the unseen cards solved per decision, at the default strength.
DEFAULT_SAMPLES = 24
#: Hands of at most this many cards are solved exactly (default strength).
DEFAULT_EXACT_CARDS = 6
#: Layouts played out per decision with the rule-based habits (before the exact phase,
#: and to break ties in it).
DEFAULT_EARLY_SAMPLES = 128
#: Layouts per decision of the first tricks, each played on to the exact phase and tested
#: there with all cards face up (:mod:`knlib.analysis.lookahead`); 0: the playouts
#: decide, as the sampling player does.
DEFAULT_LOOKAHEAD = 24


def _options(max_nodes: int | None) -> Options | None:
    return None if max_nodes is None else Options(max_nodes=max_nodes)


def _wins(deal: Deal, max_nodes: int | None = None) -> dict[Action, bool]:
    from .solver import wins

    return wins(deal, options=_options(max_nodes))


def _solve(deal: Deal, max_nodes: int | None = None) -> Any:
    from . import solve  # looked up when called: the solver module of knlib.analysis

    return solve(deal, line=False, options=_options(max_nodes))


def _digits(seed: int | str) -> str:
    """A seed as text: an int in decimal, or past the 4300 digits ``str`` writes, in hex."""
    if isinstance(seed, int) and seed.bit_length() > 14_000:
        return f"{seed:x}"
    return str(seed)


class SolverPlayer(Player):
    """Perfect-information Monte Carlo: ``samples`` layouts of the unseen cards, each
    solved exactly. With ``objective='wins'`` (the default, as the sampling player
    plays) it chooses the action that wins the deal in the most layouts, then the one
    that won most often in ``early_samples`` playouts (``playouts=False``: skip them;
    ``blend``: weigh the playouts in, see the module notes); with
    ``objective='payment'``, the best average payment (exact values). Ties go to the
    :class:`~knlib.players.bots.RulePlayer` choice, then to the first action. See the module
    notes for ``exact_cards``, ``lookahead`` (the first tricks looked ahead to the exact
    phase), ``inference`` (layouts weighed by the play so far, off by
    default: :meth:`layouts`) and ``time_budget`` (seconds a decision, read from
    ``clock``). ``seed`` fixes the layouts.

    Why wins by default: each layout is solved as if the opponents, too, saw every card,
    so the payments are too gloomy for the side that cannot see them; with the payment
    as its aim it ran from face-down leads far too often (in the first 127 deals of the
    benchmark match it ran in 34 and lost them all)."""

    name = "solver"

    def __init__(self, samples: int = DEFAULT_SAMPLES, seed: Any = None, *,
                 exact_cards: int | None = DEFAULT_EXACT_CARDS,
                 early_samples: int = DEFAULT_EARLY_SAMPLES, objective: str = "wins",
                 playouts: bool = True, blend: float = 0.0,
                 max_nodes: int | None = None, inference: float = 0.0,
                 inference_pool: int = 4, lookahead: int = DEFAULT_LOOKAHEAD,
                 bluff_rate: float = 0.0, time_budget: float | None = None,
                 clock: Clock = time.monotonic) -> None:
        check_layouts(samples, "samples")
        check_layouts(early_samples, "early_samples")
        check_layouts(lookahead, "lookahead", 0)
        check_player_seed(seed)
        if exact_cards is not None and (isinstance(exact_cards, bool)
                                        or not isinstance(exact_cards, int) or exact_cards < 1):
            raise RulesError(tr("exact_cards={value}: give a positive whole number of cards, "
                                "or None to solve every decision exactly",
                                value=shown(exact_cards)))
        if (isinstance(blend, bool) or not isinstance(blend, int | float)
                or not 0 <= blend <= 1e300):
            raise RulesError(tr("blend={value}: give a weight of 0 or more", value=shown(blend)))
        if max_nodes is not None and (isinstance(max_nodes, bool)
                                      or not isinstance(max_nodes, int) or max_nodes < 1):
            raise RulesError(tr("max_nodes={value}: give a positive whole number of positions, "
                                "or None for no limit", value=shown(max_nodes)))
        if (isinstance(inference, bool) or not isinstance(inference, int | float)
                or not 0 <= inference < 1):
            raise RulesError(tr("inference={value}: give a number from 0 (off) up to, not "
                                "including, 1", value=shown(inference)))
        if (isinstance(inference_pool, bool) or not isinstance(inference_pool, int)
                or not 1 <= inference_pool <= MAX_LAYOUTS // samples):
            raise RulesError(tr("inference_pool={value} is not a whole number from 1 to {most}: "
                                "samples × inference_pool layouts are dealt, at most {layouts}",
                                value=shown(inference_pool), most=MAX_LAYOUTS // samples,
                                layouts=MAX_LAYOUTS))
        if not isinstance(playouts, bool):
            raise RulesError(tr("playouts={value}: choose True (weigh early decisions by "
                                "playouts) or False", value=shown(playouts)))
        if objective not in ("wins", "payment"):
            raise RulesError(tr("objective={value}: choose 'wins' or 'payment'",
                                value=shown(objective)))
        self.time_budget = check_budget(time_budget)
        super().__init__(bluff_rate=bluff_rate, talk_seed=seed)
        self.clock = check_clock(clock)
        #: Decisions cut short by ``time_budget``.
        self.timed_out = 0
        self.objective = objective
        self.samples = samples
        self.seed = seed
        self.exact_cards = exact_cards
        self.early_samples = early_samples
        self.playouts = playouts
        self.blend = float(blend)
        self.max_nodes = max_nodes
        self.inference = float(inference)
        self.inference_pool = inference_pool
        self.lookahead = lookahead
        # The lookahead's layouts come from a generator of their own (seeded "leaf:" and
        # the seed, as in the benchmark match), so that the exact phase deals the same
        # layouts with the lookahead on or off.
        self.lookahead_rng = random.Random(None if seed is None else f"leaf:{_digits(seed)}")
        # The lookahead's habits, apart from ``rules_player`` (which decides on the real
        # deal), so that neither rebuilds its view of a deal at every switch.
        self.habits = RulePlayer()
        #: Decisions that fell back to the playouts because a layout went over ``max_nodes``.
        self.over_budget = 0
        self.rng = random.Random(seed)
        self.rules_player = RulePlayer()
        self.early = SamplingPlayer(samples=early_samples, seed=seed)
        #: The last exact decision: (action, share of layouts won, average payment to the
        #: mover's side, 0 with the aim 'wins') for each legal action.
        self.last_scores: list[tuple[Action, float, float]] = []
        #: The last exact decision's playouts (aim 'wins'): the share each action won.
        self.last_playouts: dict[Action, float] = {}

    def exact(self, deal: Deal) -> bool:
        """True when this decision is solved exactly (the hands are small enough)."""
        if self.exact_cards is None:
            return True
        return largest_hand(deal) <= self.exact_cards

    def layout(self, deal: Deal, seat: int) -> Deal:
        """One layout of the exact phase: ``deal`` with the cards ``seat`` cannot see
        dealt again at random (:func:`~knlib.players.bots.hidden_world`). Diagnostics
        override it (giving a player the true layout measured what the exact phase could
        gain at most: ``benchmarks/README.md``, "What we tried")."""
        return hidden_world(deal, seat, self.rng)

    def lookahead_layout(self, deal: Deal, seat: int) -> Deal:
        """One layout of the first tricks' lookahead (:meth:`layout`'s twin, from a
        generator of its own)."""
        return hidden_world(deal, seat, self.lookahead_rng)

    def layouts(self, deal: Deal, seat: int) -> list[tuple[Deal, int]]:
        """The exact phase's ``samples`` layouts, as (layout, times drawn). Without
        ``inference``, each drawn once by :meth:`layout`. With it, ``inference_pool``
        times as many are dealt, weighed by how likely the other seats' plays so far are
        in each (:class:`~knlib.analysis.inference.PastPlays`, ``q = inference``), and
        ``samples`` drawn from them in proportion to their weights."""
        if not self.inference:
            return [(self.layout(deal, seat), 1) for _ in range(self.samples)]
        from .inference import PastPlays

        pool = [self.layout(deal, seat) for _ in range(self.samples * self.inference_pool)]
        past = PastPlays(deal, seat)
        weights = [past.weight(w, self.inference) for w in pool]
        if not any(weights):
            weights = [1.0] * len(pool)
        drawn = Counter(self.rng.choices(range(len(pool)), weights, k=self.samples))
        return [(pool[j], c) for j, c in sorted(drawn.items())]

    def choose(self, deal: Any) -> Action:
        deal = deal_to_decide(deal)
        acts = deal.legal_actions()
        if not acts:
            raise RulesError(tr("the deal is over: there is no move to make"))
        self.last_scores = []
        self.last_playouts = {}
        if len(acts) == 1:
            return acts[0]
        if deal.phase in SETUP_PHASES:
            return self.rules_player.choose(deal)
        deadline = Deadline(self.time_budget, self.clock)
        try:
            return self._decide(deal, acts, deadline)
        finally:
            if deadline.hit:
                self.timed_out += 1

    def _decide(self, deal: Deal, acts: list[Action], deadline: Deadline) -> Action:
        """A decision of the play, within ``deadline``."""
        if not self.exact(deal):
            if self.lookahead and deal.phase == Phase.PLAY:
                return self._look_ahead(deal, acts, deadline)
            return self.early.choose(deal, deadline)
        if deal.marching is not None:
            # Never a face-down lead in one's own march, where the rules allow it: the
            # opponents could run and the march would fail (seed 000, 'Drehen und Sehen').
            acts = [a for a in acts if a.kind != ActionKind.DOWN]
        seat = seat_to_move(deal)
        wins = [0] * len(acts)
        money = [0] * len(acts)
        n = 0
        try:
            for world, times in deadline.take(self.layouts(deal, seat)):
                n += times
                if self.objective == "wins":
                    won = _wins(world, self.max_nodes)
                    for i, a in enumerate(acts):
                        wins[i] += times * won[a]
                    continue
                values = _solve(world, self.max_nodes).values
                for i, a in enumerate(acts):
                    v = values[a]
                    money[i] += times * v
                    wins[i] += times * (v > 0)
        except Budget:
            # A layout too large to solve within ``max_nodes``: decide by the playouts.
            self.over_budget += 1
            return self.early.choose(deal, deadline)
        self.last_scores = [(a, w / n, m / n) for a, w, m in zip(acts, wins, money, strict=True)]
        if self.objective == "wins":
            played: dict[Action, int] = {}
            m = 1
            if self.playouts:
                self.early.choose(deal, deadline)
                played = {a: w for a, w, _ in self.early.last_scores}
                m = max((k for _, _, k in self.early.last_scores), default=1)
            # A card led face down wins whenever the same card led face up does: the
            # opponents either see (the deal goes on as after the face-up lead, one turn
            # dearer) or run (the deal is won). So it keeps the face-up card's playouts
            # if they are better, and is preferred on a tie.
            # (Not during a march: running from a face-down lead there fails the march,
            # where the rules allow that lead at all.)
            up = ({a.card: played.get(a, 0) for a in acts if a.kind == ActionKind.PLAY}
                  if deal.marching is None else {})
            score: list[Any] = []
            for a, w in zip(acts, wins, strict=True):
                p = (max(played.get(a, 0), up.get(a.card, 0)) if a.kind == ActionKind.DOWN
                     else played.get(a, 0))
                down = a.kind == ActionKind.DOWN and deal.marching is None
                self.last_playouts[a] = p / m
                score.append((w / n + self.blend * p / m, p, down) if self.blend
                             else (w, p, down))
        else:
            score = money
        best = max(score)
        default = self.rules_player.choose(deal)
        if default in acts and score[acts.index(default)] == best:
            return default
        return acts[score.index(best)]

    def _look_ahead(self, deal: Deal, acts: list[Action], deadline: Deadline) -> Action:
        """A decision of the first tricks (:mod:`~knlib.analysis.lookahead`): the action
        that wins at the exact phase in the most layouts, then the one whose playouts won
        most often, then the first."""
        acts = never_turn_in_march(deal, acts)
        used = 0

        def counted(layouts: list[Deal]) -> Any:
            nonlocal used
            for world in deadline.take(layouts):
                used += 1
                yield world

        try:
            assert self.exact_cards is not None  # (else every decision is solved exactly)
            seat = seat_to_move(deal)
            layouts = [self.lookahead_layout(deal, seat) for _ in range(self.lookahead)]
            won = lookahead_wins(deal, acts, counted(layouts), cards=self.exact_cards,
                                 habits=self.habits, options=_options(self.max_nodes))
        except Budget:
            self.over_budget += 1
            return self.early.choose(deal, deadline)
        self.early.choose(deal, deadline)
        played = {a: w for a, w, _ in self.early.last_scores}
        m = max((k for _, _, k in self.early.last_scores), default=1)
        self.last_scores = [(a, w / used, 0.0) for a, w in zip(acts, won, strict=True)]
        self.last_playouts = {a: played.get(a, 0) / m for a in acts}
        score = [(w, played.get(a, 0)) for a, w in zip(acts, won, strict=True)]
        return acts[score.index(max(score))]

    def __repr__(self) -> str:
        return (f"SolverPlayer(samples={self.samples}, seed={self.seed!r}, "
                f"exact_cards={self.exact_cards!r}, early_samples={self.early_samples}, "
                f"objective={self.objective!r}, playouts={self.playouts!r}, "
                f"blend={self.blend!r}, max_nodes={self.max_nodes!r}, "
                f"lookahead={self.lookahead}"
                + (f", inference={self.inference!r}, inference_pool={self.inference_pool}"
                   if self.inference else "")
                + (f", time_budget={self.time_budget!r}" if self.time_budget else "") + ")")
