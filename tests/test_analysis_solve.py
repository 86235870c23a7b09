"""knlib.analysis.solve against plain exhaustive minimax through the public Deal API.

The reference minimax below uses only ``Deal.copy``, ``legal_actions``, ``apply``,
``is_over``, ``to_move``, ``side_of``, ``sides`` and ``result.payments``; it knows no
rule of any game. The random endings are seeded deals played at random (leading face
down, seeing, running, stopping and playing on included) to a late point.
"""

from __future__ import annotations

import json
import random
import sys

import pytest

import knlib
from knlib import Deal, RulesError
from knlib.analysis import Options, solve, solver
from knlib.analysis.position import position
from knlib.analysis.solution_words import solution_text
from knlib.analysis.solver import wins
from knlib.kinds import PLAY_PHASES, Phase, ResultKind

#: (game, players): every game of the family that has two sides.
GAMES = [
    ("knueffeln", 4),
    ("knueffeln-hattstedt", 4),
    ("knueffeln-1924", 4),
    ("knueffeln-1938", 4),
    ("styrivolt", 4),
    ("karniffel", 4),
    ("karnoeffel", 4),
    ("karnoeffel-2024", 2),
    ("karnoeffel-2024", 4),
]
ENDINGS = 500


def minimax(deal: Deal) -> dict[str, int]:
    """The value of each legal action for one member of the side to move."""
    side = deal.side_of(deal.to_move)
    member = deal.sides[side][0]
    out = {}
    for act in deal.legal_actions():
        d = deal.copy()
        d.apply(act)
        if d.is_over:
            out[act.text] = d.result.payments[member]
        else:
            v = max(minimax(d).values())
            out[act.text] = v if d.side_of(d.to_move) == side else -v
    return out


def ending(game: str, players: int, seed: int, streak: bool = False) -> Deal:
    """A seeded deal played at random until each hand holds at most one or two cards,
    then maybe a card led face down. ``streak``: side 0 plays its strongest cards and
    side 1 its weakest, which makes Janns and marches."""
    rng = random.Random(seed)
    deal = knlib.new_deal(game, seed=seed, players=players)
    while deal.phase not in PLAY_PHASES:
        deal.apply(rng.choice(deal.legal_actions()))
    left = rng.choice([1, 2, 2])
    rules = deal.rules
    while not deal.is_over and max(len(h) for h in deal.hands) > left:
        acts = deal.legal_actions()
        if rng.random() < 0.9:
            acts = [a for a in acts if a.kind != "concede"] or acts
        if streak and all(a.kind in ("play", "down", "play on", "stop") for a in acts):
            plays = [a for a in acts if a.kind == "play"]
            if "play on" in acts:
                act = rng.choice(["play on", "stop"]) if rng.random() < 0.8 else acts[0]
                deal.apply(act)
                continue
            key = lambda a: rules.strength(a.card, deal.chosen)  # noqa: E731
            best = max(plays, key=key) if deal.side_of(deal.to_move) == 0 else min(plays, key=key)
            deal.apply(best)
            continue
        deal.apply(rng.choice(acts))
    downs = [a for a in deal.legal_actions() if a.kind == "down"]
    if downs and rng.random() < 0.3:
        deal.apply(rng.choice(downs))  # the opponents must now see or run
    return deal


def endings(game: str, players: int, n: int) -> list[Deal]:
    out: list[Deal] = []
    seed = 0
    while len(out) < n:
        deal = ending(game, players, seed, streak=seed % 5 == 4)
        seed += 1
        if not deal.is_over:
            out.append(deal)
    return out


@pytest.mark.parametrize(("game", "players"), [
    # only the two-hand endings take less than a second
    pytest.param(g, p, id=f"{g}-{p}", marks=[pytest.mark.slow] if p > 2 else [])
    for g, p in GAMES])
def test_solve_equals_exhaustive_minimax(game: str, players: int) -> None:
    kinds: set[str] = set()
    for deal in endings(game, players, ENDINGS):
        before = deal.to_json()
        sol = solve(deal, line=False)
        assert deal.to_json() == before
        expected = minimax(deal)
        assert {a.text: v for a, v in sol.values.items()} == expected, deal.to_json()
        assert sol.value == max(expected.values())
        assert {a.text: w for a, w in wins(deal).items()} == \
            {t: v > 0 for t, v in expected.items()}
        assert solver.won(deal) == (max(expected.values()) > 0)
        kinds.update(a.kind for a in sol.values)
    # The endings reach every kind of play-phase decision the game has.
    deal = knlib.new_deal(game, players=players)
    if deal.rules.procedure.drehen is not None:
        assert {"down", "see", "run"} <= kinds
    if deal.rules.procedure.directors:
        assert "concede" in kinds


JANN_GAMES = ["knueffeln", "knueffeln-hattstedt", "knueffeln-1924", "knueffeln-1938",
              "styrivolt"]


@pytest.mark.parametrize("game", JANN_GAMES)
@pytest.mark.slow
def test_stop_or_play_on(game: str) -> None:
    """Decisions at a Jann (vol): side 0 plays its strongest cards, side 1 its weakest."""
    found = 0
    for seed in range(200):
        rng = random.Random(seed)
        deal = knlib.new_deal(game, seed=seed)
        while deal.phase != Phase.PLAY:
            deal.apply(rng.choice(deal.legal_actions()))
        rules = deal.rules
        while not deal.is_over and deal.phase != Phase.JANN:
            plays = [a for a in deal.legal_actions() if a.kind == "play"]
            key = lambda a: rules.strength(a.card, deal.chosen)  # noqa: E731,B023
            mine = deal.side_of(deal.to_move) == 0
            deal.apply(max(plays, key=key) if mine else min(plays, key=key))
        if deal.phase != Phase.JANN or len(deal.hands[0]) > 4:
            continue
        expected = minimax(deal)
        assert {a.text: v for a, v in solve(deal, line=False).values.items()} == expected
        found += 1
        if found == 4:
            break
    assert found == 4


@pytest.mark.parametrize("game", ["knueffeln", "styrivolt"])
def test_three_card_endings_equal_exhaustive_minimax(game: str) -> None:
    """Three cards a hand: the trick search (unrolled loop, table, classes, quick tricks)
    runs below the root trick."""
    checked = 0
    for seed in range(400):
        rng = random.Random(seed)
        deal = knlib.new_deal(game, seed=seed)
        while not deal.is_over and (deal.phase != Phase.PLAY or deal.current_trick
                                    or len(deal.hands[0]) > 3):
            deal.apply(rng.choice([a for a in deal.legal_actions() if a.kind != "down"]))
        if deal.is_over:
            continue
        assert {a.text: v for a, v in solve(deal, line=False).values.items()} == \
            minimax(deal), deal.to_json()
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_plain_search_agrees_deeper() -> None:
    """Five cards a hand: every technique against the plain trick loop without
    classes or quick tricks (its table keyed by the cards themselves)."""
    plain = Options(unrolled=False, equivalence=False, quick_tricks=False)
    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        deal = knlib.new_deal("knueffeln", seed=seed)
        while not deal.is_over and (deal.phase != Phase.PLAY or len(deal.hands[0]) > 5):
            deal.apply(rng.choice([a for a in deal.legal_actions() if a.kind != "down"]))
        if deal.is_over:
            continue
        assert solve(deal, line=False).values == solve(deal, options=plain, line=False).values
        checked += 1
        if checked == 8:
            break
    assert checked == 8


def _march_positions(rules: knlib.games.Ruleset, n: int) -> list[Deal]:
    """Positions in a march, two or three cards a hand, the marching side to lead: side 0
    plays its strongest cards and side 1 its weakest, and plays on at a Jann."""
    out = []
    for seed in range(3000):
        rng = random.Random(seed)
        deal = knlib.new_deal(rules, seed=seed)
        while deal.phase != Phase.PLAY:
            deal.apply(rng.choice(deal.legal_actions()))
        stop_at = rng.choice([2, 3])
        while not deal.is_over and (len(deal.hands[0]) > stop_at or deal.current_trick):
            if deal.phase == Phase.JANN:
                deal.apply("play on")
                continue
            plays = [a for a in deal.legal_actions() if a.kind == "play"]
            key = lambda a: rules.strength(a.card, deal.chosen)  # noqa: E731,B023
            mine = deal.side_of(deal.to_move) == 0
            deal.apply(max(plays, key=key) if mine else min(plays, key=key))
        if not deal.is_over and deal.marching is not None:
            out.append(deal)
            if len(out) == n:
                break
    return out


@pytest.mark.parametrize("choice", ["legal", "forbidden"])
def test_face_down_in_a_march(choice: str) -> None:
    """Option drehen_in_march (seed 000, 'Drehen und Sehen'): where a face-down lead during
    a march is legal, running from it fails the march; the solver's actions follow the
    engine's and its values equal exhaustive minimax, before and after the face-down lead."""
    try:
        rules = knlib.ruleset("knueffeln", drehen_in_march=choice)
    except (RulesError, TypeError):
        pytest.skip("this engine has no option drehen_in_march")
    downs = 0
    for deal in _march_positions(rules, 8):
        expected = minimax(deal)
        assert {a.text: v for a, v in solve(deal, line=False).values.items()} == expected
        assert {a.text: w for a, w in wins(deal).items()} == {t: v > 0 for t, v in expected.items()}
        face_down = [a for a in deal.legal_actions() if a.kind == "down"]
        downs += len(face_down)
        if face_down:
            deal.apply(face_down[0])  # the opponents see or run
            assert {a.text: v for a, v in solve(deal, line=False).values.items()} == \
                minimax(deal)
    assert (downs > 0) == (choice == "legal")


@pytest.mark.parametrize("options", [
    Options(tt=False), Options(equivalence=False), Options(ordering=False),
    Options(quick_tricks=False), Options(null_window=False),
])
@pytest.mark.slow
def test_each_technique_can_be_switched_off(options: Options) -> None:
    for game, players in (("knueffeln", 4), ("karniffel", 4), ("styrivolt", 4)):
        for deal in endings(game, players, 25):
            assert solve(deal, options=options, line=False).values == \
                solve(deal, line=False).values


def _replay_line(deal: Deal) -> None:
    sol = solve(deal)
    member = deal.sides[sol.side][0]
    d = deal.copy()
    for act in sol.line:
        assert act in d.legal_actions()
        d.apply(act)
    assert d.is_over
    assert d.result.payments[member] == sol.value


def test_line_is_legal_and_reaches_the_value() -> None:
    for game, players in GAMES:
        for deal in endings(game, players, 6):
            _replay_line(deal)


def test_contract_from_trick_four() -> None:
    deal = knlib.new_deal("knueffeln", seed=11)
    rng = random.Random(11)
    while deal.phase != Phase.PLAY or len(deal.tricks) < 3:
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.kind not in ("down",)]))
    before = deal.to_json()
    sol = solve(deal)
    assert deal.to_json() == before
    assert list(sol.values) == deal.legal_actions()
    assert sol.value == max(sol.values.values())
    assert "with all cards face up" in solution_text(sol).lower()
    assert sol.best and all(sol.values[a] == sol.value for a in sol.best)
    _replay_line(deal)


def test_json_round_trip_gives_the_same_values() -> None:
    for deal in endings("knueffeln-1924", 4, 10):
        again = Deal.from_json(deal.to_json())
        assert solve(again, line=False).values == solve(deal, line=False).values


def test_a_shared_table_gives_the_same_values() -> None:
    from knlib.analysis import TranspositionTable

    tt = TranspositionTable(megabytes=1)
    deals = []
    for seed in range(12):
        rng = random.Random(seed)
        deal = knlib.new_deal("knueffeln", seed=seed)
        while not deal.is_over and (deal.phase != Phase.PLAY or len(deal.hands[0]) > 4):
            deal.apply(rng.choice([a for a in deal.legal_actions() if a.kind != "down"]))
        if not deal.is_over:
            deals.append(deal)
    for deal in deals + endings("knueffeln", 4, 20):
        assert solve(deal, tt=tt, line=False).values == solve(deal, line=False).values
    # The deals differ in their chosen suits: the table serves one at a time.
    assert tt.stores > 0
    assert len(tt) <= tt.limit
    # Values searched late, after the table served other deals, are still right.
    late = [solve(deal, tt=tt, line=False) for deal in deals]
    for deal, sol in zip(deals, late, strict=True):
        assert sol.values == solve(deal, line=False).values


def test_face_down_values_follow_from_face_up() -> None:
    """The derivation used for leading face down: a won lead is run from (the value so
    far), a lost one is seen (one turn more to the opponents)."""
    seen = 0
    for deal in endings("knueffeln", 4, 60):
        sol = solve(deal, line=False)
        pos = position(deal)
        for act, v in sol.values.items():
            if act.kind != "down":
                continue
            up = sol.values[knlib.engine.deal.PLAY[act.card.index]]
            so_far = pos.worth(sol.side, ResultKind.RUN, sol.side)
            assert v == (so_far if up > 0 else up - 10)
            seen += 1
    assert seen


# -- bad input -------------------------------------------------------------------------------


def test_not_a_deal() -> None:
    with pytest.raises(RulesError, match="not a deal"):
        solve("knueffeln")


def test_a_bare_state_is_solved_as_its_deal() -> None:
    """solve(deal_or_state): a State made from the deal's Game solves to the deal's values,
    and is left as it was."""
    from knlib.engine.state import State
    deal = knlib.new_deal("karnoeffel-2024", seed=3, players=2)
    state = State.from_game(deal.get_game())
    assert type(state) is State and state.history == deal.history
    before = state.history
    by_state, by_deal = solve(state), solve(deal)
    assert by_state.value == by_deal.value
    assert by_state.values == by_deal.values
    assert by_state.line == by_deal.line
    assert state.history == before and type(state) is State


def test_deal_still_in_the_exchanges() -> None:
    deal = knlib.new_deal("knueffeln", seed=54)
    assert deal.phase == Phase.EXCHANGE
    before = deal.to_json()
    with pytest.raises(RulesError, match="in its 'exchange' phase"):
        solve(deal)
    assert deal.to_json() == before


def test_finished_deal() -> None:
    deal = knlib.engine.deal.random_playout(knlib.new_deal("karnoeffel", seed=2), random.Random(2))
    with pytest.raises(RulesError, match="over"):
        solve(deal)


def test_five_player_solo_is_refused() -> None:
    deal = knlib.new_deal("knueffeln", seed=5, players=5)
    deal.apply("play alone")
    while deal.phase != Phase.PLAY:
        deal.apply("pass")
    with pytest.raises(RulesError, match="solo"):
        solve(deal)


def test_five_player_sit_out_is_two_sides() -> None:
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = knlib.new_deal("knueffeln", seed=seed, players=5)
        deal.apply("sit out")
        while not deal.is_over and max(len(h) for h in deal.hands) > 2:
            deal.apply(rng.choice([a for a in deal.legal_actions()
                                   if a.kind not in ("run", "down")]))
        if deal.is_over:
            continue
        assert {a.text: v for a, v in solve(deal, line=False).values.items()} == \
            minimax(deal)
        checked += 1
    assert checked >= 10


def test_json_rebuilds_a_state_mid_trick() -> None:
    deal = endings("styrivolt", 4, 1)[0]
    data = json.loads(deal.to_json())
    assert solve(Deal.from_json(json.dumps(data)), line=False).values == \
        solve(deal, line=False).values


@pytest.mark.parametrize("game", ["knueffeln", "styrivolt", "knueffeln-1938"])
def test_masters_never_promise_more_than_best_play(game: str) -> None:
    """The masters of a side (cards of either partner that win any trick they fall in,
    but a trick led with a lock card) against the exact trick count: at the start of a
    trick with three to six cards a hand, a side with ``k`` masters wins at least
    ``min(k, tricks left - the opponents' lock cards)`` under best play (searched
    without quick tricks). Positions where the bound is tight must occur, and positions
    where it counts masters of both partners."""
    from knlib.analysis.classes import CardClasses
    from knlib.analysis.count import TrickCount
    from knlib.analysis.search import Search

    tight = both = 0
    for seed in range(300):
        rng = random.Random(seed)
        deal = knlib.new_deal(game, seed=seed)
        left = rng.choice([3, 4, 4, 5])
        strong = rng.random() < 0.5
        while not deal.is_over and (deal.phase != Phase.PLAY or deal.current_trick
                                    or len(deal.hands[deal.to_move]) > left):
            acts = [a for a in deal.legal_actions() if a.kind not in ("down", "stop")]
            plays = [a for a in acts if a.kind == "play"]
            if strong and plays and rng.random() < 0.7:
                # Weak cards first, so that strong ones stay in the hands.
                acts = [min(plays, key=lambda a: deal.rules.strength(a.card, deal.chosen))]
            deal.apply(rng.choice(acts))
        if deal.is_over or deal.phase != Phase.PLAY or deal.current_trick:
            continue
        s = Search(position(deal), options=Options(quick_tricks=False)).frame
        if not s.partners:
            continue
        h = s.hands[deal.to_move].bit_count()
        t0 = TrickCount(s, CardClasses(s)).tricks(deal.to_move, -1, h + 1)
        held = [0, 0]
        for seat in s.seats:
            held[s.side[seat]] |= s.hands[seat]
        for a, won in ((0, t0), (1, h - t0)):
            k = CardClasses(s).masters(a)
            sure = min(k, h - (held[1 - a] & s.lock).bit_count())
            assert sure <= won, (deal.to_json(), a, k)
            tight += sure == won and k > 0
            p, q = s.partners[a]
            masters = [c for seat in (p, q) for c in range(s.kit.size)
                       if s.hands[seat] >> c & 1 and not s.kit.beaten[c] & held[1 - a]]
            both += k >= 2 and len({seat for seat in (p, q) for c in masters
                                    if s.hands[seat] >> c & 1}) == 2
    assert tight > 10 and both > 0


def second_trick(seed: int) -> Deal:
    """A seeded Knüffeln deal at the start of its second trick (random exchanges and
    cards, face up)."""
    rng = random.Random(seed)
    deal = knlib.new_deal("knueffeln", seed=seed)
    while deal.phase != Phase.PLAY or len(deal.tricks) < 1:
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.kind != "down"]))
    return deal


def third_trick(seed: int) -> Deal:
    """:func:`second_trick`, one trick on."""
    deal = second_trick(seed)
    rng = random.Random(seed)
    while len(deal.tricks) < 2:
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.kind != "down"]))
    return deal


def test_layouts_by_the_cards_left_serve_one_holding_of_them() -> None:
    """The table remembers the classes of a position by the cards left in the hands
    alone (knlib.analysis.table.TranspositionTable.hold): they stay for the later
    positions of the same deal, and other hands of the same cards (a world of the
    solver player, or two hands swapped) empty them rather than give a seat the classes
    of another seat's cards."""
    from knlib.analysis import TranspositionTable
    from knlib.players.bots import hidden_world

    def fits(tt: TranspositionTable, deal: Deal) -> bool:
        """Every remembered class is played by a card the seat holds in ``deal``."""
        held = position(deal).hands
        return all(held[s] >> c & 1 for lays in (tt.layouts, tt.old_layouts)
                   for lay in lays.values() for s, cls in enumerate(lay[0]) for c in cls)

    tt = TranspositionTable()
    deal = third_trick(3)
    solve(deal, tt=tt, line=False)
    kept = dict(tt.layouts)
    assert len(kept) > 20 and fits(tt, deal)
    later = deal.copy()
    while len(later.tricks) < 3:
        later.apply(later.legal_actions()[0])
    assert solve(later, tt=tt, line=False).values == solve(later, line=False).values
    assert all(tt.layouts.get(k, tt.old_layouts.get(k)) is v for k, v in kept.items())
    m = deal.to_move
    hands = [list(h) for h in deal.hands]
    hands[(m + 1) % 4], hands[(m + 2) % 4] = hands[(m + 2) % 4], hands[(m + 1) % 4]
    # Two whole hands swapped: not a layout any seat could take for this deal (an
    # exchanged card moves), so the engine's check of what every seat knows is skipped.
    swapped = deal.with_hidden(hands, list(deal.stock), check=False)
    worlds = [swapped] + [hidden_world(deal, m, random.Random(n)) for n in range(4)]
    for world in worlds:
        assert world.hands != deal.hands
        assert solve(world, tt=tt, line=False).values == solve(world, line=False).values
        assert fits(tt, world)


def test_the_search_leaves_its_table_to_the_oldest_generation() -> None:
    """What the search keeps (the table's remembered classes, lists the collector tracks)
    is promoted to the oldest generation unvisited, so that no collection of the young
    generations walks it after the search (knlib.analysis.search.promote); the
    program's own garbage is collected first, not promoted with it; nothing is left
    frozen, and a program's own frozen objects stay frozen."""
    import gc
    import weakref

    from knlib.analysis import TranspositionTable

    tt = TranspositionTable()
    solve(second_trick(5), tt=tt, line=False)
    kept = [part for lay in tt.layouts.values() for part in lay[0]]
    assert len(kept) > 100
    young = {id(o) for g in (0, 1) for o in gc.get_objects(generation=g)}
    assert not any(id(part) in young for part in kept)
    assert gc.get_freeze_count() == 0

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    garbage = weakref.ref(Cycle())
    assert garbage() is not None  # a cycle: only the collector frees it
    solve(second_trick(7), line=False)
    assert garbage() is None
    mine = [[n] for n in range(50)]
    gc.freeze()
    try:
        assert gc.get_freeze_count() > len(mine)
        solve(second_trick(6), line=False)
        # still frozen: in no generation the collector visits (the count itself may drop
        # when an unrelated frozen object dies by its reference count)
        tracked = {id(o) for g in (0, 1, 2) for o in gc.get_objects(generation=g)}
        assert not any(id(part) in tracked for part in mine)
        assert gc.get_freeze_count() > len(mine)
    finally:
        gc.unfreeze()
    assert mine


def _deep_size(obj: object, seen: set[int]) -> int:
    """Bytes of an object and the lists, tuples and large ints in it (each counted once)."""
    if id(obj) in seen or (isinstance(obj, int) and -5 <= obj <= 256):
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, list | tuple):
        size += sum(_deep_size(x, seen) for x in obj)
    return size


def test_a_full_table_stays_within_its_megabytes() -> None:
    """The table's limits (knlib.analysis.table: the measured size of an entry, a layout
    and a hand's classes, and each one's share) keep a full table within its megabytes:
    the sizes of what a solve kept, measured here, times the most of each that the
    limits allow."""
    from knlib.analysis import TranspositionTable

    tt = TranspositionTable()
    solve(second_trick(0), tt=tt, line=False)

    def each(table: dict) -> float:
        seen: set[int] = set()
        total = sys.getsizeof(table) + sum(_deep_size(k, seen) + _deep_size(v, seen)
                                           for k, v in table.items())
        return total / len(table)

    assert len(tt.current) > 1000 and len(tt.layouts) > 500 and len(tt.parts) > 100
    full = (each(tt.current) * tt.limit + each(tt.layouts) * 2 * tt.layout_limit
            + (each(tt.parts) + each(tt.twos)) * tt.part_limit)
    assert full <= 200e6


@pytest.mark.parametrize(("seed", "side"), [(0, 0), (4, 1)])
def test_the_line_starts_from_the_value_proof_and_finds_the_early_entries(seed: int,
                                                                          side: int) -> None:
    """The line's first card is the one that decided the value's own test
    (knlib.analysis.search.Search.exact: its ``keeper``), with no test of its own; its later
    tests find the entries of the first two trick starts, kept apart from the generations
    (TranspositionTable.store, early), even in a table far too small for the search. Before
    both (session 20), this line searched more than twice the value's positions (28,005 and
    27,003)."""
    from knlib.analysis import TranspositionTable
    from knlib.analysis.solver import Decision, Solver

    deal = third_trick(seed)
    solver = Solver(tt=TranspositionTable(0.1))
    root = Decision(solver, deal)
    value = root.best()
    assert value > 0 and root.side == side  # a test had to prove a win, by either side
    proved = solver.nodes
    first = root.keeper()
    assert solver.nodes == proved  # the first card needed no search
    assert first is not None and solve(deal, line=False).value_of(first) == value
    line = solver.line(deal, root)
    assert line[0] == first
    assert solver.nodes - proved < proved / 2
    assert 0 < len(solver.tt.early) <= solver.tt.early_limit
    d = deal.copy()
    for act in line:
        d.apply(act)
    assert d.result.payments[deal.sides[root.side][0]] == value


def test_early_entries_are_kept_apart_while_there_is_room() -> None:
    """TranspositionTable.store(early=True) keeps entries apart from the generations, which
    turning over do not drop them; once ``early_limit`` are kept, they join the current
    generation (and age out from there) and the next ones are kept apart. get(early=True)
    finds them wherever they are."""
    from knlib.analysis import TranspositionTable

    tt = TranspositionTable(0.1)
    full = tt.early_limit
    for k in range(full):
        tt.store(k, (k, k, -1), early=True)
    for k in range(full, full + 2 * tt.generation + 1):
        tt.store(k, (0, 0, -1))  # two turns of the generations
    assert len(tt.early) == full and all(tt.get(k, True) == (k, k, -1) for k in range(full))
    tt.store(-1, (1, 1, -1), early=True)
    assert list(tt.early) == [-1] and all(k in tt.current for k in range(full))
    assert all(tt.get(k, True) == (k, k, -1) for k in range(full))
    for k in range(full + 2 * tt.generation + 1, full + 4 * tt.generation + 2):
        tt.store(k, (0, 0, -1))
    assert tt.get(-1, True) == (1, 1, -1) and all(tt.get(k, True) is None for k in range(full))
    assert len(tt) <= tt.limit
