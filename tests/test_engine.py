"""The engine's pieces (issue 11, parts 2 and 4): Game, State, Observer, the kinds as
string enums and the seats.

The deal's behaviour itself is checked by test_deal.py, test_deal_properties.py and the
stored playthroughs (test_playthroughs.py); here: that a State is an independent value
(clone), that ``returns`` settles the deal, that an Observer shows a seat nothing it
cannot see, and that ``resample_hidden`` changes only what the seat cannot see.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import knlib
from knlib import Deal, RulesError, new_deal
from knlib.engine import ActionKind, Game, Observer, Phase, ResultKind, State, new_game
from knlib.engine.serial import from_json, to_json
from knlib.seats import clockwise, cutter, forehand, next_seat, opposite, seating

GAMES = [(g, n) for g in knlib.GAMES for n in knlib.ruleset(g).procedure.players]


def states(game: str, players: int, count: int, seed: int = 0):
    """States along random legal deals: every decision of ``count`` deals."""
    rng = random.Random(seed)
    for i in range(count):
        s = State.from_game(new_game(game, seed=1000 * seed + i, players=players))
        while not s.is_over:
            yield s
            s.apply(rng.choice(s.legal_actions()))
        yield s


# -- Game and State -----------------------------------------------------------------------------

def test_game_makes_the_states_new_deal_makes():
    game = new_game("knueffeln", seed=7)
    state = State.from_game(game)
    deal = new_deal("knueffeln", seed=7)
    assert isinstance(state, State) and not isinstance(state, Deal) and isinstance(deal, State)
    assert state.get_game() is game and game.chosen == deal.chosen and game.deck == deal.deck
    assert state.legal_actions() == deal.legal_actions() and state.to_move == deal.to_move
    assert repr(game) == f"<Game 'knueffeln' players=4 dealer=0 chosen='{''.join(game.chosen)}'>"


def test_states_share_the_game_and_never_change_it():
    game = new_game("knueffeln-1924", seed=3)
    dealt = (game.hands, game.stock, game.table)
    rng = random.Random(1)
    s = State.from_game(game)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
        assert s.get_game() is game and s.clone().get_game() is game
    assert (game.hands, game.stock, game.table) == dealt
    with pytest.raises(AttributeError):
        game.players = 5  # type: ignore[misc]


@pytest.mark.parametrize("game,players", GAMES)
def test_clone_is_independent(game, players):
    rng = random.Random(2)
    for s in states(game, players, 3, seed=2):
        if s.is_over:
            continue
        before = to_json(s)
        legal, hands = s.legal_actions(), [list(h) for h in s._hands]
        c = s.clone()
        assert type(c) is type(s) and to_json(c) == before
        acts = c.legal_actions()
        c.apply(rng.choice(acts))
        while not c.is_over:  # play the copy to its end: the original stays put
            c.apply(rng.choice(c.legal_actions()))
        assert to_json(s) == before and s.legal_actions() == legal
        assert [list(h) for h in s._hands] == hands and not s.is_over


@pytest.mark.parametrize("game,players", GAMES)
def test_copies_stay_when_the_original_plays_on(game, players):
    """A copy shares the hands with its original until one of them plays: every copy taken
    along a deal still shows the moment it was taken once the original has played on."""
    rng = random.Random(3)
    for i in range(3):
        s = State.from_game(new_game(game, seed=40 + i, players=players))
        copies = []
        while not s.is_over:
            copies.append((s.clone(), to_json(s), s.legal_actions(),
                           [list(h) for h in s._hands], list(s._trick)))
            s.apply(rng.choice(s.legal_actions()))
        for c, text, legal, hands, trick in copies:
            assert to_json(c) == text and c.legal_actions() == legal
            assert [list(h) for h in c._hands] == hands and list(c._trick) == trick
        # and a copy played on leaves the others as they were
        c0 = copies[len(copies) // 2][0]
        while not c0.is_over:
            c0.apply(rng.choice(c0.legal_actions()))
        for c, text, *_ in copies[len(copies) // 2 + 1:]:
            assert to_json(c) == text


def test_deal_copy_is_a_deal_and_independent():
    d = new_deal("karniffel", seed=4)
    c = d.copy()
    assert isinstance(c, Deal) and c.to_json() == d.to_json()
    c.apply(c.legal_actions()[-1])
    assert c.history != d.history and len(d.history) == 0


@pytest.mark.parametrize("game,players", GAMES)
def test_returns_settle_the_deal(game, players):
    ended = 0
    for s in states(game, players, 40, seed=3):
        r = s.returns()
        assert len(r) == players
        if not s.is_over:
            assert r == (0,) * players and s.result is None
            continue
        ended += 1
        res = s.result
        assert r == res.payments and sum(r) == 0 and any(r)
        # The winners receive, the losers pay: the sides of the result.
        assert all(r[w] > 0 for w in res.winners)
        assert {i for i, v in enumerate(r) if v > 0} == set(res.winners)
    assert ended == 40


def test_apply_takes_text_and_refuses_without_change():
    s = State.from_game(new_game("knueffeln", seed=1))
    before = to_json(s)
    with pytest.raises(RulesError, match="is not possible now"):
        s.apply("play S3")
    assert to_json(s) == before
    s.apply(s.legal_actions()[0].text)
    assert len(s._history) == 1


def test_state_round_trips_through_json():
    rng = random.Random(5)
    s = State.from_game(new_game("styrivolt", seed=5))
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    text = to_json(s)
    back = from_json(text, State)
    assert type(back) is State and to_json(back) == text
    assert back.legal_actions() == s.legal_actions()


# -- the kinds --------------------------------------------------------------------------------

def test_kinds_are_their_texts():
    d = new_deal("knueffeln", seed=11)
    assert d.phase is Phase.EXCHANGE and d.phase == "exchange"
    assert json.dumps([Phase.JANN, ActionKind.PLAY_ON]) == '["jann", "play on"]'
    assert {a.kind for a in d.legal_actions()} <= {ActionKind.EXCHANGE, ActionKind.PASS}
    assert knlib.Action("lead face down H2").kind is ActionKind.DOWN
    knlib.engine.deal.random_playout(d, random.Random(1))
    assert d.phase is Phase.OVER and isinstance(d.result.kind, ResultKind)
    assert f"{d.result.kind}" == d.result.kind.value and "kind" in json.loads(
        json.dumps({"kind": d.result.kind}))
    with pytest.raises(ValueError):
        Phase("playing")


def test_kinds_have_one_casing():
    """Every value of the engine's vocabularies is in lower case: the phase of a Jann is
    "jann", as the result of one is."""
    for enum in (Phase, ActionKind, ResultKind):
        for member in enum:
            assert member.value == member.value.lower(), member
    assert Phase.JANN == ResultKind.JANN == "jann"


def test_result_reason_is_the_logs_last_line_and_compares_by_value():
    import copy

    d = knlib.engine.deal.random_playout(new_deal("knueffeln", seed=8), random.Random(4))
    assert d.log[-1] == d.result.reason == str(d.result)
    twin = Deal.from_json(d.to_json())
    assert twin.result == d.result and copy.deepcopy(d.result) == d.result
    assert repr(d.result).endswith(f"reason={d.result.reason!r})")


# -- the observer ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game,players", GAMES)
def test_an_observation_does_not_depend_on_the_hidden_cards(game, players):
    """Whatever the cards a seat cannot see, it sees the same: the observation of a state and
    of every resampled world agree, while the worlds do differ."""
    differs = 0
    for k, s in enumerate(states(game, players, 6, seed=4)):
        if s.is_over or k % 3:
            continue
        for seat in range(players):
            obs = Observer(seat).observe(s)
            for j in range(3):
                w = s.resample_hidden(seat, random.Random(j))
                assert Observer(seat).observe(w) == obs
                differs += w._hands != s._hands or w.stock != s.stock
    assert differs


def test_an_observation_hides_other_hands_and_a_face_down_lead():
    seen_down = 0
    for s in states("knueffeln", 4, 60, seed=6):
        if s.phase is not Phase.ANSWER:
            continue
        leader, card = s._trick_seats[0], s._trick[0]
        for seat in range(4):
            obs = Observer(seat).observe(s)
            assert obs.hand == tuple(s._hands[seat])
            others = {c for t in range(4) if t != seat for c in s._hands[t]}
            exchanged = {get for _, _, get in s.exchanges}
            assert (others - exchanged).isdisjoint(obs.seen())
            if seat == leader:
                assert obs.trick[0] == (leader, card)
            else:
                assert obs.trick[0] == (leader, None) and card not in obs.seen()
        s.apply("see")
        assert all(Observer(seat).observe(s).trick[0] == (leader, card) for seat in range(4))
        seen_down += 1
    assert seen_down > 5


def test_an_observation_shows_the_exchanges_and_the_legal_actions_of_the_seat_to_move():
    d = new_deal("knueffeln", seed=1)
    seat = d.to_move
    d.apply(d.legal_actions()[0])  # an exchange: the card taken was face up
    s, give, get = d.exchanges[0]
    for other in range(4):
        obs = Observer(other).observe(d)
        assert get in obs.known[s] and obs.exchanges == ((s, give, get),)
        assert obs.legal == (tuple(d.legal_actions()) if other == d.to_move else ())
    assert seat == s


# -- resample_hidden ------------------------------------------------------------------------------

@pytest.mark.parametrize("game,players", GAMES)
def test_resample_hidden_keeps_what_the_seat_knows(game, players):
    for k, s in enumerate(states(game, players, 8, seed=7)):
        if s.is_over or s.to_move is None or k % 2:
            continue
        seat = s.to_move
        obs = Observer(seat).observe(s)
        w = s.resample_hidden(seat, random.Random(k))
        assert w._hands[seat] == s._hands[seat]
        assert [len(h) for h in w._hands] == [len(h) for h in s._hands]
        assert len(w.stock) == len(s.stock) and w.table == s.table
        assert w._tricks == s._tricks and w._trick_seats == s._trick_seats
        assert Counter(c for h in w._hands for c in h) + Counter(w.stock) + Counter(
            w._trick) == Counter(c for h in s._hands for c in h) + Counter(s.stock) + \
            Counter(s._trick)
        for t, cards in enumerate(obs.known):
            assert set(cards) <= set(w._hands[t])
        assert set(obs.stock_known) <= set(w.stock)
        visible = [c for (_, c) in obs.trick if c is not None]
        assert all(c in w._trick for c in visible)
        assert w.legal_actions() == s.legal_actions()


def test_resample_hidden_deals_a_face_down_lead_again_for_the_others_only():
    s = next(x for x in states("knueffeln", 4, 40, seed=9) if x.phase is Phase.ANSWER)
    leader, card = s._trick_seats[0], s._trick[0]
    answerer = s.to_move
    assert all(s.resample_hidden(leader, random.Random(k))._trick[0] is card for k in range(10))
    led = {s.resample_hidden(answerer, random.Random(k))._trick[0] for k in range(30)}
    assert len(led) > 1 and card not in s._hands[answerer]


def _to_play(deal):
    """The deal after its setup, every offer passed (the dealer of five sits out)."""
    while deal.phase not in ("play", "over"):
        deal.apply(deal.legal_actions()[-1])
    return deal


def test_the_five_player_dealer_keeps_the_stock_it_looked_at():
    """Seed 000, 'Five-Player Knüffeln': the dealer "may look at the whole stock" before
    choosing to play alone or sit out. The worlds the dealer imagines at that choice (the
    decision questions' expected values, :func:`knlib.players.bots.hidden_world`) keep the
    stock; only the four hands are dealt again."""
    from knlib.players.bots import hidden_world

    for seed in (2, 17):
        d = new_deal("knueffeln", players=5, seed=seed)
        assert d.phase == "dealer's choice" and d.to_move == d.dealer
        obs = Observer(d.dealer).observe(d)
        assert obs.stock_known == d.stock
        worlds = [hidden_world(d, d.dealer, random.Random(k)) for k in range(12)]
        assert all(w.stock == d.stock for w in worlds)
        assert len({w.hands for w in worlds}) > 1  # the hands are dealt again
        for w in worlds:  # playing alone takes the stock the dealer saw
            w.apply("play alone")
            assert sorted(w.hands[d.dealer]) == sorted(d.stock)


def test_nobody_but_the_five_player_dealer_sees_the_bottom_of_the_stock():
    """Seed 000, 'Five-Player Knüffeln': "there is no chance to take the bottom card of the
    stock": an Ole at the bottom is not shown, so for the other seats it may lie anywhere
    (seed 17: the bottom card is an Ole)."""
    d = new_deal("knueffeln", players=5, seed=17)
    bottom = d.stock[-1]
    assert bottom in knlib.rules.dealing.OLE_CARDS
    _to_play(d)
    seat = d.to_move
    assert Observer(seat).observe(d).stock_known == ()
    assert len({d.resample_hidden(seat, random.Random(k)).stock[-1] for k in range(20)}) > 1


def test_every_seat_knows_the_dealers_bottom_card_is_no_ole():
    """Seed 000, 'The Deal and Exchange': the dealer checks the bottom card of the stock and
    shows it if it is an Ole. Shown none, every seat knows the bottom card is no Ole, and
    the dealer knows which card it is: no world puts an Ole there, and the dealer's worlds
    keep the card (seed 2: the bottom card ♥J is no Ole)."""
    olen = knlib.rules.dealing.OLE_CARDS
    d = _to_play(new_deal("knueffeln", seed=2))
    bottom = d.stock[-1]
    assert bottom not in olen
    for seat in range(4):
        obs = Observer(seat).observe(d)
        assert obs.bottom_no_olen == 1
        assert (bottom in obs.stock_known) == (seat == d.dealer)
        worlds = [d.resample_hidden(seat, random.Random(k)) for k in range(60)]
        assert not any(w.stock[-1] in olen for w in worlds)
        if seat == d.dealer:
            assert all(w.stock[-1] is bottom for w in worlds)
        else:
            assert len({w.stock[-1] for w in worlds}) > 1
            assert all(Observer(seat).observe(w) == obs for w in worlds)


@pytest.mark.parametrize("game", ["knueffeln-1924", "knueffeln-1938"])
def test_the_cutters_bottom_cards_are_no_olen_in_every_world(game):
    """Seed 001, 'Preliminaries' (seed 000, 'Early 20th century versions'): the cutter looks
    at the bottom three cards and lays their Olen face up on the table; the rest stay at the
    bottom of the stock, known to the cutter and known to everyone to be no Olen."""
    olen = knlib.rules.dealing.OLE_CARDS
    for seed in range(6):
        d = _to_play(new_deal(game, seed=seed))
        looked = 3 - len(d.get_game().table_olen)
        bottom = d.stock[-looked:] if looked else ()
        cut = cutter(d.dealer, 4)
        for seat in range(4):
            assert Observer(seat).observe(d).bottom_no_olen == looked
            for k in range(10):
                w = d.resample_hidden(seat, random.Random(k))
                assert not any(c in olen for c in w.stock[len(w.stock) - looked:])
                if seat == cut:
                    assert w.stock[len(w.stock) - looked:] == bottom


def test_the_unseen_cards_placed_back_in_their_order_give_the_state_again():
    """Observer.unseen's pool, placed back unshuffled, is the state itself: each card goes
    back to its own place (the face-down lead last)."""
    found = 0
    for s in states("knueffeln", 4, 30, seed=3):
        if s.is_over or s.to_move is None:
            continue
        hidden = Observer(s.to_move).unseen(s)
        hands, stock, lead = hidden.place(hidden.pool)
        assert hands == s._hands and stock == s.stock
        w = s.with_hidden(hands, stock, lead)
        assert w._trick == s._trick
        found += lead is not None
    assert found


def test_resample_hidden_matches_the_old_draws():
    """bots.hidden_world, the old name, draws the same worlds (the stored playthroughs keep
    the sampling players' choices)."""
    from knlib.players.bots import hidden_world

    d = new_deal("knueffeln", seed=21)
    while d.phase != "play":
        d.apply(d.legal_actions()[-1])
    w1 = hidden_world(d, 2, random.Random(3))
    w2 = d.resample_hidden(2, random.Random(3))
    assert isinstance(w1, Deal) and w1.hands == w2.hands and w1.stock == w2.stock


# -- dealing draws and seats --------------------------------------------------------------------

def test_seat_arithmetic():
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert next_seat(4, 5, 2) == 1 and forehand(3, 4) == 0 and cutter(0, 4) == 3
    assert [opposite(s, 4) for s in range(4)] == [2, 3, 0, 1]
    assert [opposite(s, 6) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert clockwise(2, 5) == (2, 3, 4, 0, 1) and clockwise(1, 4, 2) == (1, 2)


@pytest.mark.parametrize("n,dealer,kind,sides,active", [
    (4, 0, "teams", ((0, 2), (1, 3)), (1, 2, 3, 0)),       # partners opposite
    (6, 2, "teams", ((0, 2, 4), (1, 3, 5)), (3, 4, 5, 0, 1, 2)),
    (2, 1, "teams", ((0,), (1,)), (0, 1)),
    (5, 0, "five", (), (1, 2, 3, 4)),                        # the dealer deals to four
    (5, 0, "solo", ((0,), (1, 2, 3, 4)), (1, 2, 3, 4, 0)),
    (5, 3, "sit out", ((4, 1), (0, 2)), (4, 0, 1, 2)),       # opposite among the four
])
def test_seatings(n, dealer, kind, sides, active):
    s = seating(n, dealer, kind)
    assert s.sides == sides and s.active == active and s is seating(n, dealer, kind)
    for i, members in enumerate(sides):
        assert all(s.side[m] == i for m in members)
        assert s.firsts[i] == next(a for a in active if a in members)
    if sides:
        assert [s.nxt[a] for a in active] == list(active[1:] + active[:1])
        for a in active:
            opp = s.next_opponent(a)
            assert s.side[opp] != s.side[a]
    with pytest.raises(ValueError):
        seating(4, 0, "three")


def test_game_is_a_plain_value():
    g = new_game("karnoeffel-2024", players=2, seed=1)
    assert isinstance(g, Game) and g.players == 2 and g.seating.sides == ((0,), (1,))
    assert State.from_game(g).phase is Phase.PLAY  # no exchanges in Karnöffel 2024


@pytest.mark.parametrize("game,chosen", [("knueffeln", "HS"), ("styrivolt", "DC"),
                                         ("karniffel", "SH"), ("karnoeffel", "D"),
                                         ("karnoeffel-2024", "C")])
def test_a_tricks_winner_alone_and_in_bulk(game, chosen):
    """FastTable.winner (one trick, the engine's) and FastTable.winners (bulk) read the same
    table the same way, and agree with the rule set's own trick rule."""
    from knlib.games import ruleset
    from knlib.rules.tricks import fast_table

    rules = ruleset(game)
    table = fast_table(rules, chosen)
    rng = random.Random(9)
    tricks = [rng.sample(rules.pack, rng.randint(2, 6)) for _ in range(400)]
    idx = [[c.index for c in t] for t in tricks]
    single = [table.winner(t) for t in idx]
    assert table.winners(idx) == single
    suits = rules.check_chosen(chosen)
    assert single == [rules.ahead_sequence(t, suits)[-1] for t in tricks]
