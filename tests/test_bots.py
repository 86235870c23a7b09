"""Computer players (issue 6): legal in every game, deterministic, habits, talk, sampling."""

import random
from collections import Counter

import pytest

import knlib
from knlib import Card, RulesError
from knlib.kinds import Phase
from knlib.players.bots import (
    RandomPlayer,
    RulePlayer,
    SamplingPlayer,
    card_facts,
    hidden_world,
    make_player,
    seen_bits,
)
from knlib.players.talk import claims_true

GAME_SEATS = [(g, p) for g in knlib.GAMES for p in knlib.ruleset(g).procedure.players]


def play(deal, players):
    """Play a deal to its end; every choice must be one of the legal actions."""
    while not deal.is_over:
        legal = deal.legal_actions()
        a = players[deal.to_move].choose(deal)
        assert a in legal, (a, legal)
        deal.apply(a)
    return deal


@pytest.mark.parametrize("game,n", GAME_SEATS)
def test_random_and_rule_players_are_legal_in_every_game(game, n):
    kinds = Counter()
    for i in range(60):
        d = knlib.new_deal(game, seed=i, players=n, dealer=i % n)
        players = [RulePlayer() if s % 2 else RandomPlayer(i * 7 + s) for s in range(n)]
        play(d, players)
        kinds[d.result.kind] += 1
        assert sum(d.result.payments) == 0
    assert sum(kinds.values()) == 60


@pytest.mark.parametrize("game,n", GAME_SEATS)
@pytest.mark.slow
def test_sampling_player_is_legal_in_every_game(game, n):
    for i in range(2):
        d = knlib.new_deal(game, seed=100 + i, players=n, dealer=i % n)
        players = [SamplingPlayer(samples=3, seed=s) if s % 2 == 0 else RulePlayer()
                   for s in range(n)]
        play(d, players)


def test_random_cards_player_never_turns_and_always_sees():
    for i in range(40):
        d = knlib.new_deal("knueffeln", seed=i)
        quiet = RandomPlayer(i, drehen=False)
        noisy = RandomPlayer(1000 + i)
        while not d.is_over:
            p = quiet if d.to_move % 2 == 0 else noisy
            a = p.choose(d)
            if p is quiet:
                assert a.kind not in ("down", "run", "concede")
            d.apply(a)


def test_players_are_deterministic_with_seeds():
    def record(make):
        out = []
        for i in range(5):
            d = knlib.new_deal("knueffeln", seed=i)
            ps = [make(s) for s in range(4)]
            while not d.is_over:
                a = ps[d.to_move].choose(d)
                out.append(a.text)
                d.apply(a)
        return out

    assert record(lambda s: RandomPlayer(s)) == record(lambda s: RandomPlayer(s))
    assert record(lambda s: RandomPlayer(s)) != record(lambda s: RandomPlayer(s + 10))
    assert record(lambda s: RulePlayer()) == record(lambda s: RulePlayer())
    sampling = record(lambda s: SamplingPlayer(samples=4, seed=s) if s == 0 else RulePlayer())
    assert sampling == record(lambda s: SamplingPlayer(samples=4, seed=s) if s == 0
                              else RulePlayer())


def test_make_player_and_bad_arguments():
    assert isinstance(make_player("rules"), RulePlayer)
    assert make_player("random-cards", 1).drehen is False
    with pytest.raises(RulesError, match="'bogus'"):
        make_player("bogus")
    with pytest.raises(RulesError, match="not a player"):
        make_player(42)
    with pytest.raises(RulesError, match="samples"):
        SamplingPlayer(samples=0)
    with pytest.raises(RulesError, match="bluff_rate"):
        RulePlayer(bluff_rate=1.5)
    d = play(knlib.new_deal("knueffeln", seed=1), [RulePlayer()] * 4)
    for p in (RandomPlayer(1), RulePlayer(), SamplingPlayer(samples=2)):
        with pytest.raises(RulesError, match="over"):
            p.choose(d)


# -- the rule-based habits -------------------------------------------------------------------------

HANDS = [h.split() for h in (  # South, West, North, East; hearts and spades chosen
    "H7 SA SJ S6 DA D2 D3 CQ C6",
    "HA HJ H6 C2 C3 D4 D6 DQ CK",
    "H2 C4 S8 H8 S7 CA DK D8 C7",
    "H9 D9 SK SQ HK HQ DJ C9 C8",
)]


def fresh(hands=HANDS, dealer=3, **kw):
    """Forehand is dealer + 1 (South with dealer East)."""
    return knlib.Deal.from_hands("knueffeln", hands, dealer=dealer, chosen="HS", **kw)


def test_rule_player_leads_a_sure_winner_first_the_weakest():
    d = fresh()
    assert d.phase == Phase.PLAY and d.to_move == 0
    # South's H7 (a chosen Seven) and nothing else is sure: nothing takes a led Seven.
    assert RulePlayer().choose(d) == "play H7"


def test_rule_player_wins_cheaply_and_does_not_overtake_partner():
    d = fresh()
    d.apply("play CQ")  # South leads an unchosen Queen (only a Three or better takes it)
    rp = RulePlayer()
    # West: the cheapest card that takes CQ (H6, a chosen Six... H2? West holds no Ole):
    t = card_facts(d.rules, d.chosen)
    west = d.hands[1]
    takers = [c for c in west if t.takes([Card("CQ")], 0, c)]
    cheapest = min(takers, key=lambda c: (t.strength[c.index], c.index))
    assert rp.choose(d) == f"play {cheapest}"
    d.apply(f"play {cheapest}")
    # North's partner South is not ahead now: North takes with its cheapest taker.
    north = d.hands[2]
    ahead = d.current_trick[-1][1]
    takers = [c for c in north if t.takes([Card("CQ"), ahead], 1, c)]
    assert rp.choose(d) == f"play {min(takers, key=lambda c: (t.strength[c.index], c.index))}"
    d.apply(rp.choose(d))
    # East: its partner West is behind North now; East has D9 (an Ole) that may take.
    # Next trick: when the partner is ahead, the weakest card is thrown.
    d2 = fresh()
    d2.apply("play H7")  # South's Seven: unbeatable, South is ahead
    d2.apply(rp.choose(d2))
    weakest = min(d2.hands[2], key=lambda c: (t.strength[c.index], c.index))
    assert rp.choose(d2) == f"play {weakest}"  # North does not overtake partner South


def test_rule_player_scan_makes_the_follow_habits_choice():
    """The usual follow scans the hand in the habit's order (the first card that wins the
    lead, else the first card); it must choose what the habit's keys choose over the legal
    actions (the general path)."""
    follows = 0
    for i in range(30):
        d = knlib.new_deal("knueffeln", seed=500 + i, dealer=i % 4)
        scan, plain = RulePlayer(), RulePlayer()
        view = None
        while not d.is_over:
            a = scan.choose(d)
            if d.phase == Phase.PLAY and d.current_trick:
                if plain._view_of(d) is not view:
                    view = plain._view_of(d)
                    assert view.scan  # the Knüffeln order allows the scan ...
                    view.scan = False  # ... which the plain player does not use
                assert plain.choose(d) == a, (i, d.current_trick)
                follows += 1
            d.apply(a)
    assert follows > 300


@pytest.mark.parametrize("game,players", [(g, n) for g in knlib.GAMES
                                           for n in knlib.ruleset(g).procedure.players])
def test_rule_player_view_kept_between_decisions_matches_a_fresh_one(game, players):
    """The view a player keeps between decisions (updated from the actions since its last
    one) gives the choice that a player seeing the deal for the first time makes, at every
    decision: a fresh view is made from the deal as it stands (mid-trick too)."""
    kept = RulePlayer()
    checked = 0
    for i in range(6):
        d = knlib.new_deal(game, seed=900 + i, players=players, dealer=i % players)
        while not d.is_over:
            a = kept.choose(d)
            assert RulePlayer().choose(d.copy()) == a, (game, i, len(d.history))
            checked += d.phase == Phase.PLAY
            d.apply(a)
    assert checked > 20


def test_rule_player_exchanges_ten_for_turn_up():
    hands = list(HANDS)
    hands[0] = ["H7", "SA", "SJ", "S10", "DA", "D2", "D3", "CQ", "C6"]  # South holds the chosen S10
    d = knlib.Deal.from_hands("knueffeln", hands, dealer=3, turn_ups=["H4", "S6"])
    assert d.phase == Phase.EXCHANGE and d.to_move == 0
    assert RulePlayer().choose(d) == "exchange S10 for S6"


def test_rule_player_turns_only_when_sure_and_no_jann_at_stake():
    rp = RulePlayer()
    # Play the deal with the rule player until someone turns; check the rule each time.
    turned = 0
    for i in range(300):
        d = knlib.new_deal("knueffeln", seed=i)
        while not d.is_over:
            a = rp.choose(d)
            if a.kind == "down":
                turned += 1
                seat = d.to_move
                side = d.side_of(seat)
                t = card_facts(d.rules, d.chosen)
                unseen = t.pack_bits & ~sum(1 << c.index for c in d.hands[seat]) & ~seen_bits(
                    d, seat)
                sure = sum(t.unseen_takers(c, unseen) == 0 for c in d.hands[seat])
                assert d.tricks_won[side] + sure >= 5
                assert any(d.side_of(t.winner) != side for t in d.tricks)  # no Jann at stake
                assert t.unseen_takers(a.card, unseen) == 0
            d.apply(a)
    assert turned > 0


def test_rule_player_stops_at_jann_unless_the_march_is_sure():
    rp = RulePlayer()
    seen = Counter()
    for i in range(600):
        d = knlib.new_deal("knueffeln", seed=i)
        while not d.is_over:
            a = rp.choose(d)
            if d.phase == Phase.JANN:
                seen[a.kind] += 1
                if a.kind == "play on":
                    # Every later trick is a sure winner led by the same seat: the march holds.
                    d.apply(a)
                    while not d.is_over:
                        d.apply(rp.choose(d))
                    assert d.result.march_made
                    break
            d.apply(a)
    assert seen["stop"] > 0


def test_rule_player_run_rule():
    rp = RulePlayer()
    runs = sees = 0
    for i in range(400):
        d = knlib.new_deal("knueffeln", seed=i)
        bots = [RandomPlayer(i) if s % 2 else rp for s in range(4)]
        while not d.is_over:
            seat = d.to_move
            a = bots[seat].choose(d)
            if d.phase == Phase.ANSWER and bots[seat] is rp:
                side = d.side_of(seat)
                their_need = 5 - d.tricks_won[1 - side]
                our_need = 5 - d.tricks_won[side]
                if a.kind == "run":
                    runs += 1
                    assert their_need <= 2 and our_need >= 2
                else:
                    sees += 1
            d.apply(a)
    assert sees > 0


def test_rule_player_beats_random_players():
    wins = 0
    for i in range(200):
        d = knlib.new_deal("knueffeln", seed=i, dealer=i % 4)
        play(d, [RulePlayer(), RandomPlayer(i), RulePlayer(), RandomPlayer(i + 1)])
        wins += d.result.winner == 0
    assert wins > 140  # the habits beat random play by far (about 85%)


# -- talk ------------------------------------------------------------------------------------------


def test_talk_is_true_without_bluffs():
    p = RulePlayer(bluff_rate=0.0)
    for i in range(150):
        d = knlib.new_deal("knueffeln", seed=i)
        for s in range(4):
            line = p.talk(d, s)
            assert claims_true(line, d.hands[s], d.chosen)


@pytest.mark.slow
def test_bluffs_come_at_the_stated_rate():
    p = RulePlayer(bluff_rate=0.3, talk_seed=7)
    false = total = 0
    for i in range(400):
        d = knlib.new_deal("knueffeln", seed=i)
        for s in range(4):
            line = p.talk(d, s)
            total += 1
            false += not claims_true(line, d.hands[s], d.chosen)
    rate = false / total
    assert 0.25 < rate < 0.35, rate  # bluff_line can fail only for rare hands


def test_talk_is_seeded_and_silent_without_a_phrasebook():
    def lines(seed):
        p = RandomPlayer(seed, bluff_rate=0.5)
        return [p.talk(knlib.new_deal("knueffeln", seed=i), 0).text for i in range(30)]

    assert lines(3) == lines(3)
    assert lines(3) != lines(4)
    assert RulePlayer().talk(knlib.new_deal("karniffel", seed=1), 0) is None


def test_remarks_and_calls():
    p = RulePlayer()
    d = fresh()
    assert p.remark(d, 0, "lead face down H7").phrase_id == "ich-dreh-ein-um"
    assert p.remark(d, 0, "run").text == "wir schmeissen"
    assert p.remark(d, 0, "play H7") is None
    # South leads a dud; West is to play; West's partner East plays later and calls.
    d.apply("play C6")
    call = p.call(d, 3)
    east = d.hands[3]
    can = claims_true("kommt", east, d.chosen, target="C6")
    assert call.phrase_id == ("kommt" if can else "kann-ik-nich")
    assert not call.bluff
    assert p.call(d, 2) is None  # North's partner South is ahead, nothing to call
    liar = RulePlayer(bluff_rate=1.0)
    assert liar.call(d, 3).phrase_id == ("kann-ik-nich" if can else "kommt")


# -- sampling --------------------------------------------------------------------------------------


def test_hidden_world_keeps_what_the_seat_knows():
    rng = random.Random(5)
    for i in range(30):
        d = knlib.new_deal("knueffeln", seed=i)
        bots = [RulePlayer()] * 4
        for _ in range(rng.randrange(3, 25)):
            if d.is_over:
                break
            d.apply(bots[d.to_move].choose(d))
        if d.is_over:
            continue
        seat = d.to_move
        w = hidden_world(d, seat, random.Random(i))
        assert w.hands[seat] == d.hands[seat]
        assert [len(h) for h in w.hands] == [len(h) for h in d.hands]
        assert len(w.stock) == len(d.stock)
        assert w.tricks == d.tricks and w.table == d.table
        assert w.legal_actions() == d.legal_actions()
        before = sorted(c for h in d.hands for c in h) + sorted(d.stock)
        after = sorted(c for h in w.hands for c in h) + sorted(w.stock)
        assert sorted(before) == sorted(after)
        for s, _, got in d.exchanges:
            if got in d.hands[s]:
                assert got in w.hands[s]
        assert d.hands == tuple(tuple(h) for h in d.hands)  # the deal itself is untouched


def test_hidden_world_hides_a_face_down_lead():
    for i in range(200):
        d = knlib.new_deal("knueffeln", seed=i)
        rp = RandomPlayer(i)
        while not d.is_over and d.phase != Phase.ANSWER:
            d.apply(rp.choose(d))
        if d.phase == Phase.ANSWER:
            break
    else:  # pragma: no cover
        pytest.fail("no face-down lead in 200 random deals")
    leader, card = d.current_trick[0]
    seat = d.to_move
    led = Counter(hidden_world(d, seat, random.Random(k)).current_trick[0][1]
                  for k in range(60))
    assert len(led) > 1  # the answerer does not know the card
    assert hidden_world(d, leader, random.Random(1)).current_trick[0][1] == card


def test_sampling_player_numpy_and_api_playouts_agree():
    d = knlib.new_deal("knueffeln", seed=11)
    rp = RulePlayer()
    for _ in range(8):
        d.apply(rp.choose(d))
    a = SamplingPlayer(samples=6, seed=2, engine="numpy")
    b = SamplingPlayer(samples=6, seed=2, engine="api")
    assert a.choose(d) == b.choose(d)
    assert a.last_scores == b.last_scores
    assert all(n == 6 for _, _, n in a.last_scores)


def test_sampling_player_keeps_the_action_that_wins_most_often():
    d = knlib.new_deal("knueffeln", seed=3)
    rp = RulePlayer()
    sp = SamplingPlayer(samples=8, seed=1)
    checked = 0
    while not d.is_over:
        if d.to_move == 0 and d.phase == Phase.PLAY and len(d.legal_actions()) > 1:
            a = sp.choose(d)
            scores = {x.text: w for x, w, _ in sp.last_scores}
            assert set(scores) == {x.text for x in d.legal_actions()}
            assert scores[a.text] == max(scores.values())
            checked += 1
            d.apply(a)
        else:
            d.apply(rp.choose(d))
    assert checked > 0
