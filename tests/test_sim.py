"""Bulk simulation (issue 6): totals, intervals, and the fast path against the deal API,
exactly (same pack orders and random numbers give the same deals) and statistically."""

import math
import random

import pytest
from budget import examples

import knlib
from knlib import RulesError
from knlib.players.bots import RulePlayer, hidden_world
from knlib.sim import (
    FAST_GAMES,
    KINDS,
    OrderScript,
    Proportion,
    UniformScript,
    card_values,
    fast_deals,
    mean_ci,
    order_changes_winner,
    playout_wins,
    simulate,
    wilson,
)

np = pytest.importorskip("numpy")


# -- intervals --------------------------------------------------------------------------------


def test_wilson_interval():
    lo, hi = wilson(0, 10)
    assert lo == 0 and 0.27 < hi < 0.28  # 0.2775 by the formula
    lo, hi = wilson(5, 10)
    assert math.isclose(lo + hi, 1.0) and 0.23 < lo < 0.24  # 0.2366
    lo, hi = wilson(750, 1000)
    assert 0.72 < lo < 0.75 < hi < 0.78
    assert wilson(0, 0) == (0.0, 1.0)
    p = Proportion(30, 40)
    assert p.p == 0.75 and p.ci == wilson(30, 40) and "75.0%" in str(p)


def test_mean_interval():
    m, lo, hi = mean_ci([1, 2, 3, 4, 5])
    assert m == 3
    half = 1.96 * math.sqrt(2.5 / 5)
    assert math.isclose(lo, 3 - half) and math.isclose(hi, 3 + half)
    assert mean_ci([7]) == (7.0, 7.0, 7.0)
    assert all(math.isnan(x) for x in mean_ci([]))


# -- totals ---------------------------------------------------------------------------------------


def check_totals(r, n, seats):
    assert r.n == n
    assert sum(r.side_wins) == n
    assert sum(r.payments) == 0
    assert len(r.payments) == seats
    recs = r.records
    assert len(recs) == n
    assert all(sum(x["payments"]) == 0 for x in recs)
    assert sum(x["jann"] for x in recs) == r.jann
    assert sum(x["march_made"] for x in recs) == r.march_made
    assert r.march_made <= r.march_attempted <= n
    assert [sum(x["payments"][s] for x in recs) for s in range(seats)] == list(r.payments)
    assert [sum(x["winner"] == i for x in recs) for i in (0, 1)] == list(r.side_wins)
    for x in recs:
        assert x["tricks0"] + x["tricks1"] == x["n_tricks"] == len(x["trick_winners"])
        assert x["kind"] in KINDS


@pytest.mark.parametrize("game", knlib.GAMES)
def test_simulate_api_totals_every_game(game):
    seats = knlib.ruleset(game).procedure.players[0]
    r = simulate(game, 60, players=["rules", "random"] * (seats // 2), seed=4, fast=False)
    assert not r.fast
    check_totals(r, 60, knlib.ruleset(game).procedure.players[0])


@pytest.mark.parametrize("players", [None, ["random-cards"] * 4, ["rules"] * 4,
                                     ["rules", "random"] * 2])
def test_simulate_fast_totals(players):
    r = simulate("knueffeln", 3000, players=players, seed=2)
    assert r.fast
    check_totals(r, 3000, 4)
    assert r.unit == "cents"


def test_simulate_is_deterministic():
    for fast in (True, False):
        a = simulate("knueffeln", 200 if not fast else 2000, players=["rules", "random"] * 2,
                     seed=9, fast=fast)
        b = simulate("knueffeln", 200 if not fast else 2000, players=["rules", "random"] * 2,
                     seed=9, fast=fast)
        assert a.records == b.records
        c = simulate("knueffeln", 200 if not fast else 2000, players=["rules", "random"] * 2,
                     seed=10, fast=fast)
        assert a.records != c.records


def test_simulate_refuses_bad_input():
    with pytest.raises(RulesError, match="'bogus'"):
        simulate("knueffeln", 10, players=["bogus"] * 4)
    with pytest.raises(RulesError, match="needs 4 players"):
        simulate("knueffeln", 10, players=["random"] * 3)
    with pytest.raises(RulesError, match="no fast path"):
        simulate("karniffel", 10, fast=True)
    with pytest.raises(RulesError, match="n_deals"):
        simulate("knueffeln", -1)
    with pytest.raises(RulesError, match="not a game"):
        simulate("chess", 1)
    r = simulate("karniffel", 5)
    assert not r.fast  # no fast path for Karniffel: the deal API plays it
    r = simulate("knueffeln", 5, players=[knlib.players.bots.RandomPlayer(1)] * 4)
    assert not r.fast  # player objects with their own generators: the deal API
    r = simulate("knueffeln", 5, players=[RulePlayer()] * 4)
    assert r.fast  # deterministic rule players: the fast path plays them exactly


def test_no_progress_bar_under_pytest(capsys):
    simulate("knueffeln", 25_000, seed=1)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_holders_at_the_start_of_the_play():
    r = simulate("knueffeln", 50, players=["rules"] * 4, seed=3, fast=False, holders=True)
    f = simulate("knueffeln", 50, players=["rules"] * 4, seed=3, fast=True, holders=True)
    for h in (np.asarray(r.holders), f.holders):
        assert h.shape == (50, 52)
        assert ((h >= 0).sum(axis=1) == 36).all()  # 9 cards in each of 4 hands
        assert all((h == s).sum(axis=1).tolist() == [9] * 50 for s in range(4))


# -- the fast path against the deal API, exactly ---------------------------------------------------


def api_decks(game, n, seed0=0):
    deals = [knlib.new_deal(game, seed=seed0 + i, dealer=i % 4) for i in range(n)]
    decks = np.array([[c.index for c in d.deck] for d in deals])
    dealers = np.array([d.dealer for d in deals])
    return deals, decks, dealers


def same(deal, out, i):
    res = deal.result
    return (tuple(t.winner for t in deal.tricks)
            == tuple(x for x in out["trick_winners"][i] if x >= 0)
            and res.winner == out["winner"][i]
            and res.kind == KINDS[out["kind"][i]]
            and tuple(res.payments) == tuple(out["payments"][i])
            and res.turns_accepted == out["turns"][i])


@pytest.mark.parametrize("game", FAST_GAMES)
@pytest.mark.parametrize("rules_seats", [(), (0, 2), (0, 1, 2, 3)])
def test_fast_path_equals_the_api_uniform_script(game, rules_seats):
    deals, decks, dealers = api_decks(game, examples(150))
    numbers = np.random.default_rng(8).random((len(deals), 80))
    players = ["rules" if s in rules_seats else "random" for s in range(4)]
    out = fast_deals(game, decks, dealers, players, script=numbers)
    for i, d in enumerate(deals):
        p = UniformScript(numbers[i], rules_seats)
        while not d.is_over:
            d.apply(p.choose(d))
        assert same(d, out, i), (i, d.tricks, out["trick_winners"][i])


@pytest.mark.parametrize("game", FAST_GAMES)
@pytest.mark.parametrize("cards_only", [(), (1, 3)])
def test_random_fast_path_equals_the_api_order_script(game, cards_only):
    deals, decks, dealers = api_decks(game, 150, 500)
    numbers = np.random.default_rng(3).random((150, 40))
    players = ["random-cards" if s in cards_only else "random" for s in range(4)]
    out = fast_deals(game, decks, dealers, players, script=numbers, in_order=True)
    for i, d in enumerate(deals):
        p = OrderScript(numbers[i], cards_only)
        while not d.is_over:
            d.apply(p.choose(d))
        assert same(d, out, i), i


def test_fast_rule_players_equal_the_api_deal_for_deal():
    deals, decks, dealers = api_decks("knueffeln", 300, 1000)
    out = fast_deals("knueffeln", decks, dealers, ["rules"] * 4)
    rp = RulePlayer()
    for i, d in enumerate(deals):
        while not d.is_over:
            d.apply(rp.choose(d))
        assert same(d, out, i), i


def test_fast_path_follows_the_sleeping_queen_option():
    # Deal numbers (found by search) where a Queen lies face up as a turn-up, the King's
    # holder may take a bottom Ole under 'not_held' and not under 'in_stock'.
    seeds = [2336, 2586, 2680, 3568, 3617, 3987]
    rp = RulePlayer()
    exchanges = {}
    for choice in ("not_held", "in_stock"):
        rules = knlib.ruleset("knueffeln", sleeping_queen=choice)
        deals = [knlib.new_deal(rules, seed=s) for s in seeds]
        decks = np.array([[c.index for c in d.deck] for d in deals])
        out = fast_deals(rules, decks, np.zeros(len(seeds), dtype=np.int64), ["rules"] * 4)
        for i, d in enumerate(deals):
            while not d.is_over:
                d.apply(rp.choose(d))
            assert same(d, out, i), (choice, seeds[i])
        exchanges[choice] = [d.exchanges for d in deals]
    assert all(a != b for a, b in zip(exchanges["not_held"], exchanges["in_stock"], strict=True))


def test_fast_holders_match_the_api():
    deals, decks, dealers = api_decks("knueffeln", 100, 77)
    out = fast_deals("knueffeln", decks, dealers, ["rules"] * 4)
    rp = RulePlayer()
    for i, d in enumerate(deals):
        while d.phase == "exchange":
            d.apply(rp.choose(d))
        want = [-1] * 52
        for s, h in enumerate(d.hands):
            for c in h:
                want[c.index] = s
        assert out["holders"][i].tolist() == want


def test_playouts_equal_api_playouts():
    rng = random.Random(4)
    rp = RulePlayer()
    for i in range(6):
        d = knlib.new_deal("knueffeln", seed=40 + i)
        for _ in range(rng.randrange(4, 20)):
            d.apply(rp.choose(d))
        if d.is_over:
            continue
        seat = d.to_move
        worlds = [hidden_world(d, seat, rng) for _ in range(5)]
        acts = d.legal_actions()
        fast = playout_wins(worlds, acts, d.side_of(seat))
        slow = []
        for a in acts:
            wins = 0
            for w in worlds:
                x = w.copy()
                x.apply(a)
                while not x.is_over:
                    x.apply(rp.choose(x))
                wins += x.result.winner == d.side_of(seat)
            slow.append(wins)
        assert fast == slow


def test_playouts_of_a_face_down_lead_during_a_march_equal_the_api():
    # Option drehen_in_march='legal': South, playing for the march, leads face down; West
    # answers. Running ends the march as failed, so East-West win (seed 000, 'Drehen und
    # Sehen'); the fast path must settle it as the deal API does.
    power = ["H2", "C4", "S8", "H9", "D9", "HA", "SA", "HJ", "SJ"]
    others = [c for c in knlib.pack("knueffeln") if str(c) not in power + ["H3", "S3"]]
    hands = [power, others[:9], others[9:18], others[18:27]]
    d = knlib.Deal.from_hands("knueffeln", hands, dealer=3, turn_ups=["H3", "S3"])
    while d.phase == "exchange":
        d.apply("pass")
    for card in power[:5]:
        d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    d.apply("play on")
    d.apply("lead face down HA")
    rng = random.Random(2)
    worlds = [hidden_world(d, 1, rng) for _ in range(6)]
    acts = d.legal_actions()
    fast = playout_wins(worlds, acts, 1)
    rp = RulePlayer()
    slow = []
    for a in acts:
        wins = 0
        for w in worlds:
            x = w.copy()
            x.apply(a)
            while not x.is_over:
                x.apply(rp.choose(x))
            wins += x.result.winner == 1
        slow.append(wins)
    assert [str(a) for a in acts] == ["see", "run"] and slow[1] == len(worlds)
    assert fast == slow


# -- the fast path against the deal API, statistically ---------------------------------------------


def close(p1, n1, p2, n2, sds=4.0):
    sd = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2) or 1e-9
    return abs(p1 - p2) <= sds * sd


@pytest.mark.parametrize("players,what", [
    (["random"] * 4, "run"),
    (["random-cards"] * 4, "jann"),
    (["rules", "random"] * 2, "side0"),
])
@pytest.mark.slow
def test_fast_path_agrees_with_api_in_distribution(players, what):
    api = simulate("knueffeln", 1500, players=players, seed=1, fast=False)
    fast = simulate("knueffeln", 30_000, players=players, seed=1, fast=True)

    def rate(r):
        if what == "side0":
            return r.win_rate(0).p
        return r.rate(what).p

    assert close(rate(api), api.n, rate(fast), fast.n), (rate(api), rate(fast))
    mean_tricks_api = sum(x["n_tricks"] for x in api.records) / api.n
    mean_tricks_fast = float(np.mean(fast.columns["n_tricks"]))
    assert abs(mean_tricks_api - mean_tricks_fast) < 0.25


def test_dealing_statistics_match_the_exact_odds():
    # Two turn-ups of different suits: 36/47 of deals (seed 000: a third card only if the
    # first two share a suit). Every pair of chosen suits is equally likely.
    r = simulate("knueffeln", 60_000, seed=5)
    two = float(np.mean(np.asarray(r.columns["turned"]) == 2))
    p = 36 / 47 / (1 - (11 / 47) * (10 / 46) * (9 / 45))  # given no redeal
    assert close(p, 10**9, two, r.n)
    counts = {k: int(v) for k, v in zip(*np.unique(r.columns["chosen"], return_counts=True),
                                         strict=True)}
    assert len(counts) == 6
    for v in counts.values():
        assert close(1 / 6, 10**9, v / r.n, r.n)


# -- order of play --------------------------------------------------------------------------------


def test_order_changes_winner():
    p = order_changes_winner("knueffeln", 3000, seed=1)
    assert 0.005 < p.p < 0.05  # about 1%: the followers' order rarely matters
    q = order_changes_winner("knueffeln", 3000, seed=1, fixed_lead=False)
    assert q.p > 0.3  # who leads matters far more often
    assert order_changes_winner("knueffeln", 200, seed=1) == order_changes_winner(
        "knueffeln", 200, seed=1)
    assert order_changes_winner("karnoeffel", 300, seed=1).n == 300  # priority games too


# -- helpers of the simulation chapter -----------------------------------------------------------


def test_card_values_by_role():
    r = simulate("knueffeln", 20_000, players=["rules"] * 4, seed=7, holders=True)
    values = {v.label: v for v in card_values(r)}
    olen = {"♥2 de Beste", "♣4 de Wage", "♠8 de Dulle", "♥9 Harten Ol", "♦9 Ruten Ol"}
    assert olen <= set(values)
    assert "chosen Ace" in values and "dud" in values
    for label in olen | {"chosen Ace", "chosen Jack"}:
        assert values[label].wins.ci[0] > 0.5  # these cards win deals for their side
    assert values["dud"].wins.ci[1] < 0.5
    assert "chosen Ten" not in values  # the rule-based player always exchanges its Ten
    total = sum(v.wins.n for v in values.values())
    assert total == 36 * r.n  # every card held at the start of the play, once
    with pytest.raises(RulesError, match="holders"):
        card_values(simulate("knueffeln", 10, seed=1))


def test_ci_chart_draws_bars_with_intervals():
    pytest.importorskip("matplotlib")
    from knbook.pictures.intervals import ci_chart

    fig = ci_chart([("a", Proportion(30, 40)), ("b", Proportion(10, 40))], title="t",
                   xlabel="x", reference=0.5, reference_label="even")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]
    texts = [t.get_text() for t in ax.texts]
    assert "  75.0%" in texts and "  25.0%" in texts and " even" in texts


@pytest.mark.slow
def test_stored_matches_replay():
    import json
    from pathlib import Path

    from knlib.sim import match_deal

    path = Path(__file__).resolve().parent.parent / "book" / "play" / "data" / "matches.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for m in data["matches"]:
        assert len(m["winners"]) == m["deals"] == len(m["payments_seat0"])
        assert m["side0_wins"] == m["winners"].count("0")
        samples = m["samples"] or 48
        for i in range(2):
            d = match_deal(m["kind"], i, m["first_seed"], samples)
            assert str(d.result.winner) == m["winners"][i]
            assert d.result.payments[0] == m["payments_seat0"][i]
    ids = {m["id"]: m for m in data["matches"]}
    assert ids["rules-v-random"]["deals"] >= 2000
    assert ids["rules-v-random"]["ci95"][0] > 0.75  # the target, with its interval
    assert ids["sampling-v-rules-48"]["deals"] >= 2000
    assert ids["sampling-v-rules-48"]["ci95"][0] > 0.55


def test_sampling_curve_matches_the_chapters_words() -> None:
    """The simulations chapter says that 48 imagined deals win clearly more often than one,
    while the sample counts next to each other have overlapping intervals."""
    import itertools
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "book" / "play" / "data" / "matches.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    curve = sorted((m for m in data["matches"] if m["kind"] == "sampling-v-rules"),
                   key=lambda m: m["samples"])
    assert [m["samples"] for m in curve] == [1, 4, 16, 48]
    assert curve[-1]["ci95"][0] > curve[0]["ci95"][1]  # 48 clearly above 1
    for a, b in itertools.pairwise(curve):
        assert b["ci95"][0] <= a["ci95"][1]  # neighbours overlap
