"""``simulate`` gives one result for a seed on every path (issue 36, item 6): the numpy fast
path, the deal API (``fast=False``) and a Python without numpy deal the same packs
(``new_deal``'s, from deal seeds drawn from the simulation's seed) and play them the same
way, the random players drawing the same numbers; and it refuses what it cannot take with a
RulesError naming the value (item 7)."""

import random

import pytest
from test_optional_packages import hide

import knlib
from knlib import RulesError
from knlib.players.bots import RulePlayer
from knlib.rules.dealing import seeded
from knlib.sim import FAST_GAMES, packs, simulate
from knlib.sim.fast import deal_kit
from knlib.sim.packs import deal_generator, deal_seeds, fast_packs
from knlib.sim.results import holders_of
from knlib.sim.twister import MOST_WORDS, first_words

np = pytest.importorskip("numpy")

#: Everything a result holds but which path made it (``fast``).
FIELDS = ("game", "n", "players", "seed", "unit", "side_wins", "jann", "march_attempted",
          "march_made", "ran_away", "turns", "payments")


def whole(result):
    """A result as plain values: its totals, every record and the holders."""
    out = {f: getattr(result, f) for f in FIELDS}
    out["records"] = result.records
    out["holders"] = None if result.holders is None else np.asarray(result.holders).tolist()
    return out


def three_ways(monkeypatch, game, n, **kwargs):
    """The same simulation with numpy (the fast path where it plays the game), with
    fast=False, and with numpy hidden as if not installed."""
    with_numpy = simulate(game, n, **kwargs)
    api = simulate(game, n, fast=False, **kwargs)
    with monkeypatch.context() as m:
        hide(m, "numpy")
        without = simulate(game, n, **kwargs)
    assert not api.fast and not without.fast
    return with_numpy, api, without


TABLES = [
    ["rules"] * 4,
    ["random"] * 4,
    ["random", "random-cards"] * 2,
    ["rules", "random"] * 2,
    ["random-cards", "rules", "rules", "random"],
]


@pytest.mark.parametrize("game", FAST_GAMES)
@pytest.mark.parametrize("players", TABLES, ids=lambda p: "-".join(p))
@pytest.mark.parametrize("seed", [1, -5, "Husum", 2**70])
def test_the_three_paths_give_the_same_result(monkeypatch, game, players, seed):
    holders = seed == 1
    fast, api, without = three_ways(monkeypatch, game, 30, players=players, seed=seed,
                                    holders=holders)
    assert fast.fast
    assert whole(fast) == whole(api) == whole(without)


@pytest.mark.parametrize("game,seats", [("knueffeln", 5), ("karniffel", 4), ("karniffel", 6),
                                        ("karnoeffel", 4), ("karnoeffel-2024", 2),
                                        ("knueffeln-1924", 4)])
def test_tables_the_fast_path_does_not_play_give_the_same_result(monkeypatch, game, seats):
    players = (["rules", "random"] * 3)[:seats]
    fast, api, without = three_ways(monkeypatch, game, 8, players=players, seed=3,
                                    n_players=seats)
    assert not fast.fast
    assert whole(fast) == whole(api) == whole(without)


def test_the_readme_line_is_the_same_without_numpy(monkeypatch):
    fast, api, without = three_ways(monkeypatch, "knueffeln", 1000, players=["rules"] * 4,
                                    seed=1)
    assert fast.side_wins == api.side_wins == without.side_wins
    assert whole(fast) == whole(api)


# -- the packs and numbers of the fast path are new_deal's ----------------------------------------


def seeds_with_redeals(game, want=3):
    """Some deal seeds, with at least ``want`` whose deal is thrown in first."""
    seeds = deal_seeds(seeded(11), 150)
    s = 0
    found = 0
    while found < want:
        if knlib.new_deal(game, seed=s).get_game().redeals:
            seeds.append(s)
            found += 1
        s += 1
    return seeds


@pytest.mark.parametrize("game", FAST_GAMES)
@pytest.mark.parametrize("words", [packs.SHUFFLE_WORDS, 60])
def test_fast_packs_are_the_packs_and_numbers_of_new_deal(monkeypatch, game, words):
    # With 60 words most deals run out of words and are made again from more.
    monkeypatch.setattr(packs, "SHUFFLE_WORDS", words)
    rules = knlib.ruleset(game)
    seeds = seeds_with_redeals(game)
    decks, numbers = fast_packs(deal_kit(rules), seeds, 12)
    assert knlib.ruleset(game).procedure.cut == (game != "styrivolt")
    for i, s in enumerate(seeds):
        deal = knlib.new_deal(rules, seed=s)
        assert decks[i].tolist() == [c.index for c in deal.deck], (game, s)
        rng = deal_generator(rules, s, deal)
        assert numbers[i].tolist() == [rng.random() for _ in range(12)], (game, s)


@pytest.mark.parametrize("count", [1, 112, MOST_WORDS])
def test_first_words_are_random_randoms(count):
    seeds = [0, 1, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1] + deal_seeds(seeded(4), 40)
    words = first_words(seeds, count)
    for seed, row in zip(seeds, words, strict=True):
        rng = random.Random(seed)
        assert row.tolist() == [rng.getrandbits(32) for _ in range(count)], seed
    with pytest.raises(RulesError, match="228"):
        first_words(seeds, MOST_WORDS + 1)


def test_no_numbers_are_made_for_rule_players_alone():
    decks, numbers = fast_packs(deal_kit(knlib.ruleset("knueffeln")), [1, 2, 3], 0)
    assert numbers is None and decks.shape == (3, len(knlib.pack("knueffeln")))


# -- seeds ----------------------------------------------------------------------------------------


def test_a_negative_seed_is_accepted_and_reproducible():
    a = simulate("knueffeln", 40, players=["rules"] * 4, seed=-5)
    assert whole(a) == whole(simulate("knueffeln", 40, players=["rules"] * 4, seed=-5))
    b = simulate("knueffeln", 40, players=["rules"] * 4, seed=5)
    # A negative seed is its own simulation exactly when it is new_deal's own deal: both
    # turn a seed into a generator with the one function (knlib.rules.dealing.seeded).
    own_deal = (knlib.new_deal("knueffeln", seed=-5).deck
                != knlib.new_deal("knueffeln", seed=5).deck)
    assert (a.records != b.records) == own_deal


def test_deal_i_is_new_deal_with_its_drawn_seed():
    r = simulate("knueffeln", 12, players=["rules"] * 4, seed=8, holders=True)
    assert r.fast
    run = seeded(8)
    packs.player_seeds(run, 4)
    rp = RulePlayer()
    for i, s in enumerate(deal_seeds(run, 12)):
        d = knlib.new_deal("knueffeln", seed=s, dealer=i % 4)
        while d.phase == "exchange":
            d.apply(rp.choose(d))
        assert holders_of(d) == r.holders[i].tolist()


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs,shown", [
    ({"seed": [1]}, "[1]"),
    ({"seed": {}}, "{}"),
    ({"seed": (1, 2)}, "(1, 2)"),
    ({"seed": object()}, "object"),
    ({"seed": True}, "True"),
    ({"seed": 1.5}, "1.5"),
    ({"players": 5}, "players=5"),
    ({"players": "rules"}, "players='rules'"),
    ({"players": [5] * 4}, "5"),
    ({"players": [None] * 4}, "None is not a player"),
    ({"players": [[10**5000]] * 4}, "<list> is not a player"),
    ({"n_players": 4.0}, "n_players=4.0"),
    ({"n_players": True}, "n_players=True"),
    ({"n_players": 10**5000}, "5001 digits"),
    ({"n_players": [10**5000]}, "n_players=<list>"),
    ({"n_players": 3}, "3"),
    ({"batch": -1}, "batch=-1"),
    ({"batch": None}, "batch=None"),
    ({"batch": "5"}, "batch='5'"),
    ({"batch": 1.5}, "batch=1.5"),
    ({"batch": 0}, "batch=0"),
    ({"batch": True}, "batch=True"),
    ({"fast": "no"}, "fast='no'"),
    ({"fast": 0}, "fast=0"),
    ({"progress": "off"}, "progress='off'"),
    ({"holders": None}, "holders=None"),
    ({"holders": 1}, "holders=1"),
    ({"n_deals": -1}, "n_deals=-1"),
    ({"n_deals": 2.0}, "n_deals=2.0"),
    ({"n_deals": True}, "n_deals=True"),
    ({"n_deals": "10"}, "n_deals='10'"),
    ({"n_deals": 10**400}, "n_deals=a number of 401 digits"),
    ({"n_deals": -10**5000}, "digits"),
])
def test_bad_arguments_are_refused_naming_the_value(kwargs, shown):
    args = {"game": "knueffeln", "n_deals": 10} | kwargs
    with pytest.raises(RulesError) as refused:
        simulate(args.pop("game"), args.pop("n_deals"), **args)
    assert shown in str(refused.value)


def test_the_refusals_are_german():
    with knlib.language("de"):
        with pytest.raises(RulesError, match="batch=0 ist keine Zahl von Spielen"):
            simulate("knueffeln", 10, batch=0)
        with pytest.raises(RulesError, match="fast='no' ist nicht True, False oder None"):
            simulate("knueffeln", 10, fast="no")


def test_a_small_batch_plays_every_deal():
    one = simulate("knueffeln", 7, players=["rules", "random"] * 2, seed=2, batch=2)
    assert whole(one) == whole(simulate("knueffeln", 7, players=["rules", "random"] * 2,
                                        seed=2))
