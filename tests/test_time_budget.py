"""The computer players' time budget (issue 26, item 3): a decision of the sampling or
solver player stops taking layouts when its budget is spent and decides on those done;
without a budget, or within it, it plays exactly as before; the terminal's game gives
each searching player its budget. The clock is a fake one that counts its readings, so
no test depends on the machine's speed."""

from __future__ import annotations

import io
import sys

import pytest

import knlib
from knbook.play import THINKING_SECONDS, PlaySession, make_table_player, terminal
from knlib import RulesError
from knlib.analysis.player import SolverPlayer
from knlib.players.bots import RulePlayer, SamplingPlayer
from knlib.players.deadline import Deadline
from knlib.players.sampling import PLAYOUT_BATCH


class Ticks:
    """A fake clock: each reading is ``step`` seconds after the one before."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def play_position(game="knueffeln", seed=4, tricks=0):
    """A deal of ``game`` played by the rule-based habits to the first decision of the
    play with more than one legal action after ``tricks`` tricks."""
    d = knlib.new_deal(game, seed=seed)
    rp = RulePlayer()
    while not d.is_over:
        if d.phase == "play" and len(d.tricks) >= tricks and len(d.legal_actions()) > 1:
            return d
        d.apply(rp.choose(d))
    raise AssertionError("no such decision")  # pragma: no cover


# -- the deadline ----------------------------------------------------------------------------------


def test_take_gives_the_first_always_and_more_only_while_their_average_fits():
    # The clock reads 1 at the start (end 11), then 2, 3, ...: each item takes one second
    # on average, so the 9th (read at 10) is the last that fits.
    d = Deadline(10.0, Ticks())
    assert list(d.take(range(100))) == list(range(9))
    assert d.hit
    spent = Deadline(0.5, Ticks())
    assert list(spent.take("abc")) == ["a"]  # the first, even with the budget spent
    assert spent.hit


def test_no_budget_takes_everything_and_never_reads_the_clock():
    def clock() -> float:
        raise AssertionError("read the clock")

    d = Deadline(None, clock)
    assert list(d.take(range(50))) == list(range(50))
    assert not d.hit and not d.passed()


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), float("inf"), "1", True])
def test_a_budget_must_be_a_positive_number_of_seconds(bad):
    for make in (lambda: SamplingPlayer(time_budget=bad),
                 lambda: SolverPlayer(time_budget=bad),
                 lambda: make_table_player("rules", time_budget=bad)):
        with pytest.raises(RulesError, match="time_budget"):
            make()


# -- the sampling player ---------------------------------------------------------------------------


def test_sampling_player_cut_short_plays_out_one_batch_and_keeps_its_layouts():
    d = play_position()
    cut = SamplingPlayer(samples=48, seed=7, time_budget=0.5, clock=Ticks())
    whole = SamplingPlayer(samples=48, seed=7)
    act = cut.choose(d)
    assert act in d.legal_actions()
    assert {k for _, _, k in cut.last_scores} == {PLAYOUT_BATCH}
    assert cut.timed_out == 1
    whole.choose(d)
    assert {k for _, _, k in whole.last_scores} == {48}
    # The cut decision dealt every layout: both generators stand at the same place.
    assert cut.rng.getstate() == whole.rng.getstate()


def test_sampling_player_within_its_budget_plays_as_without_one():
    d = play_position(tricks=1)
    free = SamplingPlayer(samples=48, seed=3)
    # A clock that hardly moves: the budget is never spent, the playouts run in batches.
    timed = SamplingPlayer(samples=48, seed=3, time_budget=10.0, clock=Ticks(1e-6))
    assert timed.choose(d) == free.choose(d)
    assert timed.last_scores == free.last_scores
    assert timed.timed_out == 0


def test_sampling_player_through_the_deal_api_stops_after_one_layout():
    d = play_position()
    p = SamplingPlayer(samples=6, seed=1, engine="api", time_budget=0.5, clock=Ticks())
    assert p.choose(d) in d.legal_actions()
    assert {k for _, _, k in p.last_scores} == {1}


# -- the solver player -----------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [0, 4], ids=["looked ahead", "solved exactly"])
def test_solver_player_cut_short_scores_one_layout_and_plays_a_legal_action(tricks):
    d = play_position(tricks=tricks)
    p = SolverPlayer(seed=2, time_budget=0.5, clock=Ticks())
    assert p.exact(d) == (tricks == 4)
    act = p.choose(d)
    assert act in d.legal_actions()
    assert p.timed_out == 1
    # One layout scored: each action's share of layouts won is 0 or 1.
    assert p.last_scores and {share for _, share, _ in p.last_scores} <= {0.0, 1.0}
    # The playouts that break ties stopped at the same deadline: one batch.
    assert set(p.last_playouts.values()) <= {k / PLAYOUT_BATCH for k in range(17)}


def test_solver_player_with_a_real_clock_and_a_tiny_budget_scores_one_layout():
    d = play_position(tricks=0)
    p = SolverPlayer(seed=2, time_budget=1e-9)
    assert p.choose(d) in d.legal_actions()
    assert p.timed_out == 1 and {share for _, share, _ in p.last_scores} <= {0.0, 1.0}


def test_solver_player_within_its_budget_plays_a_deal_as_without_one():
    """The same seat, seed and deal: every choice the same, with a budget never spent."""

    def actions(player):
        d = knlib.new_deal("knueffeln", seed=12)
        rp = RulePlayer()
        taken = []
        while not d.is_over:
            a = player.choose(d) if d.to_move == 1 else rp.choose(d)
            taken.append((a, list(player.last_scores)) if d.to_move == 1 else a)
            d.apply(a)
        return taken

    free = SolverPlayer(seed=5, samples=6, lookahead=6, early_samples=32)
    timed = SolverPlayer(seed=5, samples=6, lookahead=6, early_samples=32,
                         time_budget=100.0, clock=Ticks(1e-6))
    assert actions(timed) == actions(free)
    assert timed.timed_out == 0


# -- the table and the terminal --------------------------------------------------------------------


def test_the_terminal_gives_each_searching_player_its_budget(monkeypatch):
    assert set(THINKING_SECONDS) == {"sampling", "solver"}
    seen: dict[str, float | None] = {}

    class Spy(PlaySession):
        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            for b in self.bots:
                seen[b.name] = getattr(b, "time_budget", None)

    monkeypatch.setattr(sys.modules["knbook.play.terminal"], "PlaySession", Spy)
    terminal(seed=1, bots=["rules", "solver", "sampling", "solver"],
             stdin=io.StringIO("quit\n"), stdout=io.StringIO())
    assert seen["solver"] == THINKING_SECONDS["solver"]
    assert seen["sampling"] == THINKING_SECONDS["sampling"]


def test_a_table_without_budgets_keeps_the_players_unbounded():
    t = PlaySession("knueffeln", seed=1, seat=0, bots=["rules", "sampling", "rules", "sampling"])
    assert t.bots[1].time_budget is None
    t = PlaySession("knueffeln", seed=1, seat=0, bots=["rules", "sampling", "rules", "sampling"],
              time_budgets={"sampling": 0.25})
    assert t.bots[1].time_budget == 0.25 and t.bots[3].time_budget == 0.25
