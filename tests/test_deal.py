"""Whole deals (issue 3): one test per rule of the deal, each citing its source.

Seats are 0..n-1 clockwise; with four players 0 South, 1 West, 2 North, 3 East, as in
seed 000's example. Forehand is (dealer + 1) % n.
"""

import json
import random

import pytest

import knlib
from knlib import Card, Deal, RulesError, new_deal
from knlib.engine.deal import random_playout
from knlib.kinds import Phase

OLEN = {Card(c) for c in ("H2", "C4", "S8", "H9", "D9")}
C = Card


def cards(text):
    return [Card(c) for c in text.split()]


def play(deal, *actions):
    for a in actions:
        deal.apply(a)
    return deal


def legal(deal):
    return [str(a) for a in deal.legal_actions()]


def pass_exchanges(deal):
    while deal.phase == Phase.EXCHANGE:
        deal.apply("pass")
    return deal


def unchanged_after_error(deal, action, seat=None, match=None):
    """The action raises RulesError and the deal is exactly as it was."""
    before = deal.to_json()
    hands = deal.hands
    with pytest.raises(RulesError, match=match):
        deal.apply(action, seat)
    assert deal.to_json() == before
    assert deal.hands == hands


# A hand that wins every trick it leads, under chosen Hearts and Spades: the five Olen,
# then the chosen Aces and Jacks (seed 000, 'The Cards and their Ranking').
POWER = "H2 C4 S8 H9 D9 HA SA HJ SJ"
POWER_ORDER = POWER.split()


def power_deal(game="knueffeln"):
    """South (forehand; East deals) holds POWER; chosen Hearts and Spades."""
    low = 5 if game in ("knueffeln-1924", "styrivolt") else 10
    return build(game, {c: 0 for c in POWER_ORDER}, "H3 S3", dealer=3, low=low)


# -- the deal (seed 000, 'The Deal and Exchange') -------------------------------------------------


def test_same_seed_same_deal_and_different_seeds_differ():
    a, b = new_deal("knueffeln", seed=42), new_deal("knueffeln", seed=42)
    assert a.hands == b.hands and a.turn_ups == b.turn_ups and a.stock == b.stock
    assert new_deal("knueffeln", seed=43).hands != a.hands


def test_shuffle_then_dealers_right_cuts_then_packets_of_three_from_forehand():
    # Seed 000, 'The Deal and Exchange': the dealer shuffles, the player to the dealer's
    # right cuts, 9 cards each in 3 packets of 3. Checked against an independent replay of
    # random.Random(seed).
    for seed in range(20):
        dealer = seed % 4
        d = new_deal("knueffeln", seed=seed, dealer=dealer)
        rng = random.Random(seed)
        pack = list(knlib.pack("knueffeln"))
        rng.shuffle(pack)
        k = rng.randint(1, len(pack) - 1)
        if not d.get_game().redeals:
            assert list(d.deck) == pack[k:] + pack[:k]
            assert d.get_game().cut == k
        deck = list(d.deck)
        for p in range(3):
            for i in range(4):
                seat = (dealer + 1 + i) % 4
                start = p * 12 + i * 3
                assert deck[start:start + 3] == list(d.hands[seat][p * 3:p * 3 + 3])
    log = new_deal("knueffeln", seed=1, dealer=0).log
    assert log[0] == "South shuffles and East cuts."


def test_turn_ups_until_two_suits_show():
    # Seed 000: two turn-ups; if the same suit a third and if necessary a fourth. The first
    # chosen suit is that of the first turn-up. The rest is the stock (10, 9 or 8 cards).
    sizes = set()
    for seed in range(400):
        d = new_deal("knueffeln", seed=seed)
        t = d.turn_ups
        assert 2 <= len(t) <= 4
        assert all(c.suit == t[0].suit for c in t[:-1]) and t[-1].suit != t[0].suit
        assert d.chosen == (t[0].suit, t[-1].suit)
        assert len(d.stock) == 12 - len(t)
        assert list(d.deck[36:36 + len(t)]) == list(t)
        sizes.add(len(d.stock))
        assert all(len(h) == 9 for h in d.hands)
    assert sizes == {8, 9, 10}


def test_four_turn_ups_of_one_suit_same_dealer_deals_again():
    # Seed 000: "If four turn-ups in succession are of the same suit, the cards are thrown
    # in, reshuffled and dealt again by the same dealer."
    seed = next(s for s in range(2000)
                if new_deal("knueffeln", seed=s, dealer=2).get_game().redeals)
    d = new_deal("knueffeln", seed=seed, dealer=2)
    thrown = d.get_game().redeals[0]
    assert len(thrown) == 4 and len({c.suit for c in thrown}) == 1
    assert d.dealer == 2
    assert "deals again" in d.log[0] and "North" in d.log[0]
    # A pack order that gives four of one suit is refused as a deal.
    pack = list(knlib.pack("knueffeln"))
    hearts = [c for c in pack if c.suit == "H"][:4]
    others = [c for c in pack if c not in hearts]
    with pytest.raises(RulesError, match="redeal"):
        new_deal("knueffeln", deck=others[:36] + hearts + others[36:])


# -- exchanges ------------------------------------------------------------------------------------


def build(game, fixed, turn_ups, bottom="", dealer=0, low=10):
    """A deal with some cards fixed in hands ({card: seat}), the turn-ups given, and
    `bottom` the last cards of the stock (the last is the bottom card). The other cards
    fill the hands in pack order, avoiding the low cards (Tens or dogs), Queens, Kings and
    Olen; the rest go to the stock with any Olen on top."""
    turned = cards(turn_ups)
    bottom = cards(bottom)
    fixed = {C(c): seat for c, seat in fixed.items()}
    used = set(turned) | set(bottom) | set(fixed)
    pack = [c for c in knlib.pack(game) if c not in used]
    key = {c: (c.rank == low, c.rank in (12, 13) or c in OLEN) for c in pack}
    pool = sorted(pack, key=lambda c: key[c])
    hands = [[c for c, seat in fixed.items() if seat == s] for s in range(4)]
    for h in hands:
        while len(h) < 9:
            h.append(pool.pop(0))
    stock = [c for c in pool if c in OLEN] + [c for c in pool if c not in OLEN] + bottom
    return Deal.from_hands(game, hands, dealer=dealer, turn_ups=turned, stock=stock)


def ten_deal(turn_ups, west="H10", north="S10"):
    """South deals; West (forehand) holds `west`, North holds `north`."""
    return build("knueffeln", {west: 1, north: 2}, turn_ups)


def test_ten_exchanged_for_its_turn_up_in_turn_from_forehand():
    # Seed 000: a holder of a chosen Ten may exchange it for that suit's turn-up.
    d = ten_deal("HK S3")
    assert d.to_move == 1  # West, forehand, first
    assert legal(d) == ["exchange H10 for HK", "pass"]
    d.apply("exchange H10 for HK")
    assert C("HK") in d.hands[1] and C("H10") not in d.hands[1]
    assert C("H10") in d.table and C("HK") not in d.table
    assert d.to_move == 2 and legal(d) == ["exchange S10 for S3", "pass"]
    d.apply("pass")
    assert C("S10") in d.hands[2]
    assert d.phase == Phase.PLAY and d.to_move == 1
    assert d.exchanges == ((1, C("H10"), C("HK")),)
    assert "West exchanges the Ten ♥10 for the turn-up ♥K." in d.log


def test_ten_of_first_suit_may_take_any_of_its_turn_ups():
    # Seed 000: "(or any of the two or three cards of the first chosen suit if more than one
    # was turned up)"; the second suit has its one turn-up.
    d = ten_deal("H3 HK H7 S2")
    assert d.chosen == ("H", "S") and len(d.stock) == 8
    assert legal(d) == ["exchange H10 for H3", "exchange H10 for HK", "exchange H10 for H7",
                        "pass"]
    d.apply("exchange H10 for H7")
    assert legal(d) == ["exchange S10 for S2", "pass"]


def test_exchange_order_is_forehand_first_whoever_holds_which_suit():
    # North holds the Ten of the first chosen suit, West (forehand) the second: West first.
    d = ten_deal("HK S3", west="S10", north="H10")
    assert d.to_move == 1 and legal(d) == ["exchange S10 for S3", "pass"]
    d.apply("pass")
    assert d.to_move == 2 and legal(d) == ["exchange H10 for HK", "pass"]


def bottom_deal(stock_bottom, holders, turn_ups="H3 S3"):
    return build("knueffeln", holders, turn_ups, stock_bottom)


def test_bottom_ole_for_the_queen_then_the_next_bottom_card():
    # Seed 000: the bottom card, if an Ole, is shown; the holder of the Queen of its suit may
    # exchange her for it; then the next bottom card, exchanged the same way.
    d = bottom_deal("H2 S8", {"SQ": 2, "HQ": 3})
    assert d.stock[-1] == C("S8")
    assert d.to_move == 2 and legal(d) == ["exchange SQ for S8", "pass"]
    d.apply("exchange SQ for S8")
    assert C("S8") in d.hands[2] and C("SQ") in d.stock and C("S8") not in d.stock
    assert d.to_move == 3 and legal(d) == ["exchange HQ for H2", "pass"]
    d.apply("pass")
    assert d.phase == Phase.PLAY
    assert C("H2") in d.stock


def test_bottom_ole_not_taken_ends_the_search():
    d = bottom_deal("H2 S8", {"SQ": 2, "HQ": 3})
    d.apply("pass")
    assert d.phase == Phase.PLAY and C("HQ") in d.hands[3]


def test_sleeping_queen_king_inherits():
    # Seed 000: "If no-one has the Queen because she is 'sleeping' in the stock, a player
    # with the King of the suit inherits this right."
    d = bottom_deal("SQ S8", {"SK": 1})
    assert C("SQ") in d.stock
    assert d.to_move == 1 and legal(d) == ["exchange SK for S8", "pass"]
    d.apply("exchange SK for S8")
    assert C("S8") in d.hands[1]


def test_no_ole_exchange_when_queen_and_king_both_sleep():
    d = bottom_deal("SQ SK S8", {})
    assert d.phase == Phase.PLAY
    assert any("nobody may take it" in line for line in d.log)


def test_up_to_three_olen_from_the_bottom():
    # Seed 000: "Up to three Olen from the bottom of the stock can be exchanged in this way."
    d = bottom_deal("H2 D9 S8 C4", {"CQ": 0, "SQ": 1, "DQ": 2, "HQ": 3})
    for q, ole in (("CQ", "C4"), ("SQ", "S8"), ("DQ", "D9")):
        d.apply(f"exchange {q} for {ole}")
    assert d.phase == Phase.PLAY
    assert d.stock[-1] == C("H2") and C("HQ") in d.hands[3]


def test_no_double_exchange_queen_got_for_a_ten():
    # Seed 000: "if a Queen or King of a chosen suit is obtained in exchange for a Ten, that
    # Queen or King cannot be used to obtain an Ole"; she is held, so not sleeping, and the
    # King does not inherit (option 'sleeping_queen').
    d = bottom_deal("H9", {"H10": 1, "HK": 2}, turn_ups="HQ S3")
    before = d.copy()
    d.apply("exchange H10 for HQ")
    assert C("HQ") in d.hands[1]
    assert d.phase == Phase.PLAY and C("H9") in d.stock
    assert any("double exchange is not allowed" in line for line in d.log)
    # Had West kept the Ten, the Queen (a turn-up, held by nobody) sleeps: the King inherits.
    before.apply("pass")
    assert before.to_move == 2 and legal(before) == ["exchange HK for H9", "pass"]


def test_second_heart_ole_after_the_queen_was_given_king_inherits():
    # ♥2 at the bottom, ♥9 above it: the ♥Q takes the ♥2 and goes to the stock; for the ♥9
    # no player holds the Queen, so the King's holder may take it.
    d = bottom_deal("H9 H2", {"HQ": 3, "HK": 2})
    assert legal(d) == ["exchange HQ for H2", "pass"]
    d.apply("exchange HQ for H2")
    assert d.to_move == 2 and legal(d) == ["exchange HK for H9", "pass"]


def test_exchanging_twice_is_refused():
    d = ten_deal("HK S3")
    d.apply("exchange H10 for HK")
    unchanged_after_error(d, "exchange H10 for HK", match="only once|not possible")
    d.apply("pass")
    unchanged_after_error(d, "exchange H10 for HK", match="exchanges are over")


# -- play to five, Jann and march (seed 000, 'The Play') ------------------------------------------


def test_seed000_example_case_1_in_a_deal():
    # Seed 000's example: chosen hearts and spades; South leads ♦4, West ♠3, North ♦A,
    # East ♣8: West's Drist wins; West leads next.
    d = build("knueffeln", {"D4": 0, "S3": 1, "DA": 2, "C8": 3}, "H3 S2", dealer=3)
    d = pass_exchanges(d)
    assert d.to_move == 0
    play(d, "play D4", "play S3", "play DA", "play C8")
    t = d.tricks[0]
    assert t.leader == 0 and t.cards == tuple(cards("D4 S3 DA C8")) and t.seats == (0, 1, 2, 3)
    assert t.winner == 1 and d.to_move == 1


def test_any_card_may_be_played_no_duty_to_follow_suit():
    d = pass_exchanges(new_deal("knueffeln-hattstedt", seed=7))
    assert sorted(str(a) for a in d.legal_actions()) == sorted(
        f"play {c}" for c in d.hands[d.to_move])


def test_deal_ends_when_a_side_has_five_tricks():
    for seed in range(200):
        d = random_playout(new_deal("knueffeln-hattstedt", seed=seed), random.Random(seed))
        r = d.result
        if r.kind == "game":
            assert max(r.tricks) == 5 and r.tricks[r.winner] == 5
            assert len(d.tricks) == sum(r.tricks) <= 9


def test_jann_stop_pays_one_euro():
    d = pass_exchanges(power_deal())
    for card in POWER_ORDER[:5]:
        d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    assert d.tricks_won == (5, 0)
    assert d.to_move == 0 and legal(d) == ["stop", "play on"]
    d.apply("stop")
    r = d.result
    assert r.jann and r.kind == "jann" and not r.march_attempted
    assert r.payments == (100, -100, 100, -100)


def test_march_made_pays_three_euros_and_no_drehen_in_a_march_if_forbidden():
    # Option drehen_in_march='forbidden' (by default a face-down lead stays legal: see
    # tests/test_audit.py).
    d = pass_exchanges(power_deal(knlib.ruleset("knueffeln", drehen_in_march="forbidden")))
    for i, card in enumerate(POWER_ORDER):
        if i == 5:
            d.apply("play on")
        if i >= 5:
            assert not any(a.kind == "down" for a in d.legal_actions())
        d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    r = d.result
    assert r.march_attempted and r.march_made and not r.jann and r.tricks == (9, 0)
    assert r.payments == (300, -300, 300, -300)


def test_failed_march_pays_the_opponents_the_march():
    # Seed 000: "if they continue after the fifth trick and fail to win all 9 tricks they have
    # lost and must pay their opponents what they would have won for the march."
    hand = "H2 C4 S8 H9 D9 C2 C3 D2 D3"
    fixed = {c: 0 for c in hand.split()} | {"HA": 1}
    d = pass_exchanges(build("knueffeln", fixed, "H3 S3", dealer=3))
    for card in hand.split()[:5]:
        d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play" and a.card != C("HA")))
    d.apply("play on")
    play(d, "play C2", "play HA")
    while not d.is_over:
        d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    r = d.result
    assert r.kind == "failed march" and r.march_attempted and not r.march_made
    assert r.winner == 1 and len(d.tricks) == 6
    assert r.payments == (-300, 300, -300, 300)


# -- drehen und sehen (seed 000, 'Drehen und Sehen') ----------------------------------------------


def test_lead_face_down_see_and_run():
    # Seed 000's example: North-South turn twice; East-West accept the first and run from the
    # second: each loser pays 20 cents (10 basic + 10 for the accepted turn).
    d = pass_exchanges(power_deal())
    assert "lead face down H2" in legal(d)
    d.apply("lead face down H2")
    assert d.phase == Phase.ANSWER and d.to_move == 1  # West, the leader's left
    assert legal(d) == ["see", "run"]
    assert d.current_trick == ((0, C("H2")),)
    unchanged_after_error(d, "play C8")
    d.apply("see")
    assert d.turns_accepted == 1 and d.value == 20 and d.to_move == 1
    for _ in range(3):
        d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    assert d.tricks[0].face_down and d.tricks[0].winner == 0
    d.apply("lead face down C4")
    d.apply("run")
    r = d.result
    assert r.ran_away and r.kind == "run" and r.turns_accepted == 1 and r.winner == 0
    assert r.payments == (20, -20, 20, -20)


def test_accepted_turns_are_added_to_a_jann():
    # Seed 000: "a team that wins the first 5 tricks when their opponents have accepted 2
    # turns will win €1.20".
    d = pass_exchanges(power_deal())
    for i, card in enumerate(POWER_ORDER[:5]):
        if i < 2:
            play(d, f"lead face down {card}", "see")
        else:
            d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    d.apply("stop")
    assert d.result.payments == (120, -120, 120, -120)


def test_drehen_stakes_of_the_extreme_case():
    # Seed 000: a 5-4 game with a turn on every lead would cost 1 euro.
    assert knlib.engine.scoring.deal_value("knueffeln", "game", turns=9) == 100
    assert knlib.engine.scoring.deal_value("knueffeln", "game", turns=2) == 30


def test_drehen_by_both_sides():
    # "In a closely fought game it is possible that both teams will turn."
    seen = False
    for seed in range(300):
        d = new_deal("knueffeln", seed=seed)
        rng = random.Random(seed)
        while not d.is_over:
            acts = d.legal_actions()
            if "see" in map(str, acts):
                d.apply("see")
            else:
                d.apply(rng.choice(acts))
        sides = {d.side_of(t.leader) for t in d.tricks if t.face_down}
        if sides == {0, 1}:
            seen = True
            break
    assert seen


def test_no_drehen_in_hattstedt():
    # Seed 000, 'Modern Knüffeln (Hattstedt variant)': "There is no Drehen und Sehen".
    d = pass_exchanges(power_deal("knueffeln-hattstedt"))
    assert not any(a.kind == "down" for a in d.legal_actions())
    unchanged_after_error(d, "lead face down H2", match="Hattstedt.*no drehen.*McLeod after Eaton")


def test_hattstedt_jann_twice_march_four_times_basic():
    d = pass_exchanges(power_deal("knueffeln-hattstedt"))
    for card in POWER_ORDER[:5]:
        d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    jann = d.copy()
    jann.apply("stop")
    assert jann.result.payments == (20, -20, 20, -20)
    d.apply("play on")
    while not d.is_over:
        d.apply(f"play {POWER_ORDER[len(d.tricks)]}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    assert d.result.payments == (40, -40, 40, -40)


# -- five players (seed 000, 'Five-Player Knüffeln') ----------------------------------------------


def test_five_player_deal_dealer_sits_out_of_the_deal_and_chooses():
    for seed in range(60):
        dealer = seed % 5
        d = new_deal("knueffeln", players=5, seed=seed, dealer=dealer)
        assert d.hands[dealer] == ()
        assert all(len(d.hands[s]) == 9 for s in range(5) if s != dealer)
        assert len(d.stock) in (8, 9, 10) and len(d.stock) == 12 - len(d.turn_ups)
        assert d.to_move == dealer and legal(d) == ["play alone", "sit out"]


def test_the_dealer_sits_out_only_where_the_procedure_says_so():
    """The five-player case is a field of the procedure (``dealer_sits_out_at``), read by
    the deal, the layout from hands and the score, for every game and table size."""
    sitting = []
    for gid in knlib.GAMES:
        proc = knlib.ruleset(gid).procedure
        assert proc.dealer_sits_out_at in (None, *proc.players), gid
        for n in proc.players:
            d = new_deal(gid, players=n, seed=7, dealer=1)
            out = proc.dealer_sits_out(n)
            assert (d.hands[1] == ()) == out, (gid, n)
            assert (legal(d) == ["play alone", "sit out"]) == out, (gid, n)
            if out:
                sitting.append((gid, n))
                hands = [list(h) for h in d.hands]
                again = Deal.from_hands(gid, hands, dealer=1, turn_ups=d.turn_ups, stock=d.stock)
                assert again.hands[1] == () and legal(again) == legal(d)
    assert sitting == [("knueffeln", 5)]


def test_five_player_sit_out_partners_opposite_among_four_dealer_pays_nothing():
    d = new_deal("knueffeln", players=5, seed=3, dealer=1)
    d.apply("sit out")
    assert d.sides == ((2, 4), (3, 0)) and d.side_of(1) is None
    pass_exchanges(d)
    assert d.to_move == 2  # forehand
    random_playout(d, random.Random(1))
    assert all(len(t.cards) == 4 and 1 not in t.seats for t in d.tricks)
    assert d.result.payments[1] == 0 and sum(d.result.payments) == 0


def test_five_player_no_bottom_ole_exchange():
    found = False
    for seed in range(300):
        d = new_deal("knueffeln", players=5, seed=seed)
        if d.stock[-1] in OLEN:
            d.apply("sit out")
            # Only Ten exchanges are offered: no Queen or King for an Ole.
            assert not any(a.kind == "exchange" and a.card.rank != 10
                           for a in d.legal_actions())
            pass_exchanges(d)
            assert d.phase == Phase.PLAY
            found = True
    assert found


def solo_deal(stock, turn_ups, dealer=0):
    turned = cards(turn_ups)
    st = cards(stock)
    pack = [c for c in knlib.pack("knueffeln") if c not in set(turned) | set(st)]
    # Opponents' plain cards first, so that no chosen Seven is led at them (it would win).
    pack = sorted(pack, key=lambda c: (c.rank == 10, c.suit in "HS"))
    hands = []
    for seat in range(5):
        if seat == dealer:
            hands.append(None)
        else:
            hands.append(pack[:9])
            pack = pack[9:]
    return Deal.from_hands("knueffeln", hands, dealer=dealer, turn_ups=turned, stock=st)


def test_five_player_solo_with_eight_card_stock_march_in_eight_tricks():
    # The dealer plays alone with the stock; the player second to the dealer's right leads,
    # the dealer plays third; an 8-card dealer can make a march by taking the first 8.
    d = solo_deal("H2 C4 S8 H9 D9 HA SA HJ", "H3 H4 H6 S3", dealer=0)
    assert len(d.stock) == 8
    d.apply("play alone")
    assert d.hands[0] == tuple(cards("H2 C4 S8 H9 D9 HA SA HJ"))
    assert d.sides == ((0,), (1, 2, 3, 4))
    pass_exchanges(d)
    assert d.to_move == 3  # second to the dealer's right
    order = iter(["H2", "C4", "S8", "H9", "D9", "HA", "SA", "HJ"])
    while not d.is_over:
        if d.phase == Phase.JANN:
            assert len(d.tricks) == 4 and d.to_move == 0
            d.apply("play on")
            continue
        if d.to_move == 0:
            d.apply(f"play {next(order)}")
        else:
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    r = d.result
    assert len(d.tricks) == 8 and all(len(t.cards) == 5 for t in d.tricks)
    assert d.tricks[0].seats == (3, 4, 0, 1, 2)
    assert r.march_made and r.tricks == (8, 0)
    assert r.payments == (1200, -300, -300, -300, -300)
    assert all(len(d.hands[s]) == 1 for s in range(1, 5)) and d.hands[0] == ()


def test_five_player_solo_jann_is_four_straight_and_ten_card_stock_leaves_one_over():
    d = solo_deal("H2 C4 S8 H9 D9 HA SA HJ SJ C2", "H3 S3", dealer=2)
    d.apply("play alone")
    pass_exchanges(d)
    order = iter(["H2", "C4", "S8", "H9", "D9", "HA", "SA", "HJ", "SJ"])
    while d.phase != Phase.JANN:
        d.apply(f"play {next(order)}" if d.to_move == 2 else
                next(a for a in d.legal_actions() if a.kind == "play"))
    assert d.tricks_won == (4, 0)
    e = d.copy()
    e.apply("stop")
    assert e.result.jann and e.result.payments == (-100, -100, 400, -100, -100)
    d.apply("play on")
    while not d.is_over:
        d.apply(f"play {next(order)}" if d.to_move == 2 else
                next(a for a in d.legal_actions() if a.kind == "play"))
    assert len(d.tricks) == 9 and d.hands[2] == (C("C2"),)
    assert d.result.payments == (-300, -300, 1200, -300, -300)


def test_five_player_solo_lost_dealer_pays_each_opponent():
    for seed in range(200):
        d = new_deal("knueffeln", players=5, seed=seed, dealer=4)
        d.apply("play alone")
        rng = random.Random(seed)
        while not d.is_over:
            acts = [a for a in d.legal_actions() if a.kind != "down"] or d.legal_actions()
            d.apply(rng.choice(acts))
        r = d.result
        v = r.value
        if r.winner == 1:
            assert r.payments == (v, v, v, v, -4 * v)
            assert r.tricks[1] >= 5 or r.kind == "failed march"
        else:
            assert r.payments == (-v, -v, -v, -v, 4 * v)
        assert len(d.tricks) <= 8 or r.march_attempted


def test_five_player_solo_dealers_ten_may_be_exchanged():
    d = solo_deal("H10 C4 S8 H9 D9 HA SA HJ SJ C2", "HK S3", dealer=0)
    d.apply("play alone")
    while d.to_move != 0:
        d.apply("pass")
    assert legal(d) == ["exchange H10 for HK", "pass"]


# -- Bernhard 1924 (seeds 000, 001) ---------------------------------------------------------------


def bernhard(fixed=None, turn_ups="H3 S4", stock_bottom=""):
    return build("knueffeln-1924", fixed or {}, turn_ups, stock_bottom, dealer=3, low=5)


def test_bernhard_cutters_bottom_three_olen_go_to_the_table():
    # Seed 001, 'Preliminaries': the cutter may look at the three lowest cards; any Olen are
    # placed face up on the table.
    d = bernhard({"HQ": 1}, stock_bottom="D9 C7 H9")
    assert d.get_game().table_olen == (C("H9"), C("D9"))
    assert C("H9") in d.table and C("D9") in d.table and C("C7") in d.stock
    # Seed 001, 'Exchanging': a chosen Queen may take it; Diamonds is not chosen, so the ♦9
    # stays on the table, out of play.
    assert d.to_move == 1 and legal(d) == ["exchange HQ for H9", "pass"]
    d.apply("exchange HQ for H9")
    assert d.phase == Phase.PLAY
    assert C("D9") in d.table and C("HQ") in d.table and C("H9") in d.hands[1]
    assert any("stays on the table" in line for line in d.log)


def test_bernhard_dog_exchanged_for_the_upcard():
    d = bernhard({"H5": 0, "S5": 2})
    assert d.to_move == 0 and legal(d) == ["exchange H5 for H3", "pass"]
    d.apply("exchange H5 for H3")
    assert d.to_move == 2 and legal(d) == ["exchange S5 for S4", "pass"]


def test_bernhard_highest_same_suit_turn_up_stays_up_the_rest_back_to_stock():
    # Seed 001: "If two or more of the same suit are faced, the higher (or highest) is retained
    # face up and the rest returned to the stock."
    d = bernhard({"H5": 0}, turn_ups="H3 HK H7 S4")
    assert d.get_game().turned == tuple(cards("H3 HK H7 S4"))
    assert d.turn_ups == (C("HK"), C("S4"))
    assert C("H3") in d.stock and C("H7") in d.stock
    assert legal(d) == ["exchange H5 for HK", "pass"]


def test_bernhard_sleeping_queen_king_takes_table_ole_but_not_after_dog():
    d = bernhard({"SK": 2}, stock_bottom="C7 SQ S8", turn_ups="H3 S4")
    assert d.get_game().table_olen == (C("S8"),) and C("SQ") in d.stock
    assert d.to_move == 2 and legal(d) == ["exchange SK for S8", "pass"]
    # A Queen got for a dog may not take the Ole (no double exchange, as for a Ten).
    d = bernhard({"S5": 1, "SK": 2}, stock_bottom="C7 C6 S8", turn_ups="H3 SQ")
    d.apply("exchange S5 for SQ")
    assert C("SQ") in d.hands[1]
    assert d.phase == Phase.PLAY and C("S8") in d.table


def test_bernhard_drehen_only_after_two_tricks_and_again_after_four():
    # Seed 000, 'Early 20th century versions': "the leader ... may drehen ... only after their
    # team has won two tricks, and if accepted the team may drehen again [when] they have won
    # four tricks."
    hand = POWER
    d = pass_exchanges(power_deal("knueffeln-1924"))
    offered = []
    for card in hand.split()[:5]:
        downs = [a for a in d.legal_actions() if a.kind == "down"]
        offered.append((d.tricks_won[0], bool(downs)))
        if downs and d.turns_accepted < 2:
            play(d, f"lead face down {card}", "see")
        else:
            if not downs:
                unchanged_after_error(d, f"lead face down {card}", match="Bernhard")
            d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    assert offered == [(0, False), (1, False), (2, True), (3, False), (4, True)]
    d.apply("stop")
    # Jann 2 rungs + 2 accepted turns.
    assert d.result.payments == (4, -4, 4, -4) and d.result.unit == "rungs"


def test_gruenberg_stakes_and_drehen_on_any_lead():
    d = pass_exchanges(power_deal("knueffeln-1938"))
    assert "lead face down H2" in legal(d)
    play(d, "lead face down H2", "see")
    for _ in range(3):
        d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    play(d, "lead face down C4", "run")
    assert d.result.payments == (6, -6, 6, -6) and d.result.unit == "Pf"


# -- Stýrivolt ------------------------------------------------------------------------------------


def test_styrivolt_deal_no_cut_no_exchanges_no_drehen():
    for seed in range(100):
        d = new_deal("styrivolt", seed=seed)
        rng = random.Random(seed)
        pack = list(knlib.pack("styrivolt"))
        rng.shuffle(pack)
        if not d.get_game().redeals:
            assert list(d.deck) == pack and d.get_game().cut == 0
        assert all(len(h) == 9 for h in d.hands)
        assert len(d.stock) + len(d.turn_ups) == 12
        assert d.phase == Phase.PLAY
        while not d.is_over:
            acts = d.legal_actions()
            assert all(a.kind in ("play", "stop", "play on") for a in acts)
            d.apply(rng.choice(acts))


def test_styrivolt_vol_by_one_partner_alone_is_a_cross():
    d = power_deal("styrivolt")
    for card in POWER_ORDER[:5]:
        d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    assert legal(d) == ["stop", "play on"]
    e = d.copy()
    e.apply("stop")
    assert e.result.lone and e.result.crosses == 1 and e.result.payments == (3, -3, 3, -3)
    d.apply("play on")
    while not d.is_over:
        d.apply(f"play {POWER_ORDER[len(d.tricks)]}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    assert d.result.crosses == 2 and d.result.payments == (6, -6, 6, -6)


def test_styrivolt_strokes_game_vol_all_nine():
    st = knlib.ruleset("styrivolt").stakes
    assert (st.value("game"), st.value("jann"), st.value("march")) == (1, 2, 3)
    assert st.value("failed march") == 3


# -- Karniffel (seed 002) -------------------------------------------------------------------------


def test_karniffel_four_or_six_five_cards_banner_three_tricks():
    for players in (4, 6):
        for seed in range(50):
            d = new_deal("karniffel", seed=seed, players=players)
            assert all(len(h) == 5 for h in d.hands)
            t = d.turn_ups
            assert all(c.suit == t[0].suit for c in t[:-1]) and t[-1].suit != t[0].suit
            if d.phase == Phase.EXCHANGE:
                seat, give, options = d.pending_exchange
                assert give.rank == 10 and give.suit in d.chosen
                assert all(o.suit == give.suit for o in options)
    with pytest.raises(RulesError, match="4 or 6"):
        new_deal("karniffel", players=5)


def test_karniffel_chosen_seven_may_not_be_led_to_the_first_trick():
    hands = [cards("H7 HA CA C6 C9"), cards("CK CQ CJ C10 C8"), cards("DA DK DQ DJ D10"),
             cards("D8 D7 D6 SA SK")]
    d = pass_exchanges(Deal.from_hands("karniffel", hands, dealer=3, chosen="HS"))
    assert d.to_move == 0 and "play H7" not in legal(d)
    unchanged_after_error(d, "play H7", match="first trick.*after Wieland")
    d.apply("play HA")
    while len(d.tricks) < 1:
        d.apply(next(a for a in d.legal_actions() if a.kind == "play"))


def test_karniffel_director_concedes_for_the_team():
    d = pass_exchanges(new_deal("karniffel", seed=4, dealer=0))
    assert d.directors == (2, 1)  # the first of each team after the dealer
    partner_turn = d.copy()
    while partner_turn.to_move != 0:
        partner_turn.apply(next(a for a in partner_turn.legal_actions() if a.kind == "play"))
    # South (seat 0) is to move; North (seat 2) directs North-South and concedes.
    unchanged_after_error(partner_turn, "concede", seat=1)
    partner_turn.apply("concede", seat=2)
    r = partner_turn.result
    assert r.conceded and r.winner == 1 and r.payments == (-2, 2, -2, 2)
    assert partner_turn.history[-1][0] == 2


def test_karniffel_six_players_three_against_three():
    d = random_playout(new_deal("karniffel", seed=2, players=6), random.Random(3))
    assert d.sides == ((0, 2, 4), (1, 3, 5))
    assert set(d.result.payments) == {3, -3}


# -- Karnöffel (seed 003) and Karnoffel 2024 (seed 004) -------------------------------------------


def test_karnoeffel_face_up_lowest_gives_chosen_suit_ties_first_dealt():
    for seed in range(200):
        d = new_deal("karnoeffel", seed=seed, dealer=seed % 4)
        face = [d.hands[(d.dealer + 1 + i) % 4][0] for i in range(4)]
        assert list(d.turn_ups) == face
        low = min(c.rank for c in face)
        assert d.chosen == (next(c for c in face if c.rank == low).suit,)
        assert list(d.deck[:4]) == face  # dealt one at a time, the first round face up


def test_karnoeffel_devil_not_led_to_first_trick_but_may_follow():
    # Seed 003: "The Devil cannot be led to the first trick." Face-up ♥2 is lowest: hearts.
    hands = [cards("H2 H7 C9 C10 CK"), cards("S3 S4 S5 S6 S8"), cards("D3 D4 D5 D6 D8"),
             cards("S7 S9 S10 SJ SQ")]
    d = Deal.from_hands("karnoeffel", hands, dealer=3, chosen="H")
    assert "play H7" not in legal(d)
    unchanged_after_error(d, "play H7", match="Devil.*first trick.*Overby and Sanders")
    hands = [cards("C9 C10 CK C8 C6"), cards("H2 H7 S4 S5 S6"), cards("D3 D4 D5 D6 D8"),
             cards("S7 S8 S9 S10 SJ")]
    d = Deal.from_hands("karnoeffel", hands, dealer=3, chosen="H")
    d.apply("play C9")
    assert "play H7" in legal(d)


def test_karnoffel_2024_devil_not_played_in_first_trick_at_all():
    hands = [cards("D4 C9 C10 CK C8"), cards("D7 S3 S4 S5 S6")]
    d = Deal.from_hands("karnoeffel-2024", hands, dealer=1)
    assert d.chosen == ("D",)
    d.apply("play C9")
    assert "play D7" not in legal(d)
    unchanged_after_error(d, "play D7", match="first trick.*Lunar Lands")


def test_karnoffel_2024_seed004_example_game():
    # Seed 004, 'An Example of Play': Marius deals; Hilmar: ♥6 (face up), ♥J, ♦4, ♥8, ♠J;
    # Marius: ♠8 (face up), ♥5, ♦9, ♠4, ♦7 (Cups = ♥, Coins = ♦, Swords = ♠).
    hilmar, marius = 0, 1
    d = Deal.from_hands("karnoeffel-2024", [cards("H6 HJ D4 H8 SJ"), cards("S8 H5 D9 S4 D7")],
                        dealer=marius)
    assert d.turn_ups == (C("H6"), C("S8"))
    assert d.chosen == ("H",)  # 6 is lower than 8: Cups are trumps
    assert d.to_move == hilmar  # the player to the dealer's left leads
    for lead, follow in (("H6", "S4"), ("HJ", "D7"), ("H8", "H5"), ("D9", "SJ")):
        d.apply(f"play {lead}")
        d.apply(f"play {follow}")
    assert [t.winner for t in d.tricks] == [hilmar, hilmar, marius, hilmar]
    assert [t.leader for t in d.tricks] == [hilmar, hilmar, hilmar, marius]
    r = d.result
    assert d.is_over and r.winner == d.side_of(hilmar) and r.tricks == (3, 1)
    assert r.payments == (1, -1)
    assert d.hands == ((C("D4"),), (C("S8"),))


def test_karnoeffel_three_tricks_end_the_deal():
    for game, players in (("karnoeffel", 4), ("karnoeffel-2024", 2), ("karnoeffel-2024", 4)):
        for seed in range(100):
            d = random_playout(new_deal(game, seed=seed, players=players), random.Random(seed))
            assert max(d.result.tricks) == 3 and len(d.tricks) <= 5
            assert set(d.result.payments) == {1, -1}


# -- bad input: RulesError, and nothing lost ------------------------------------------------------


def test_playing_a_card_not_held():
    d = pass_exchanges(new_deal("knueffeln", seed=5))
    seat = d.to_move
    other = next(c for c in knlib.pack("knueffeln") if c not in d.hands[seat])
    unchanged_after_error(d, f"play {other}", match="does not hold")


def test_acting_out_of_turn():
    d = pass_exchanges(new_deal("knueffeln", seed=5))
    act = d.legal_actions()[0]
    wrong = (d.to_move + 1) % 4
    unchanged_after_error(d, act, seat=wrong, match="may not act now")
    unchanged_after_error(d, act, seat=9, match="not a seat")
    d.apply(act, seat=d.to_move)


def test_acting_after_the_deal_is_over():
    d = random_playout(new_deal("knueffeln", seed=6), random.Random(1))
    for act in ("play H2", "pass", "see", "stop", "concede"):
        unchanged_after_error(d, act, match="too late")
    unchanged_after_error(d, "play H2", seat=0, match="too late")
    assert d.legal_actions() == [] and d.to_move is None


@pytest.mark.parametrize("bad", ["", "play", "play X9", "play H11", "lead face up H2",
                                 "exchange H10 HQ", "pass pass", "drehen", None, 42, ["play"]])
def test_nonsense_actions(bad):
    d = new_deal("knueffeln", seed=8)
    unchanged_after_error(d, bad, match="not an action")


def test_out_of_phase_actions_say_why():
    d = ten_deal("HK S3")
    unchanged_after_error(d, "play C2", match="exchanges come first")
    unchanged_after_error(d, "exchange H10 for S3", match="may be exchanged only for")
    pass_exchanges(d)
    unchanged_after_error(d, "see", match="none is waiting")
    unchanged_after_error(d, "stop", match="first 5 tricks")
    unchanged_after_error(d, "concede", match="Karniffel")
    unchanged_after_error(d, "play alone", match="five-player")


def test_bad_game_players_dealer():
    with pytest.raises(RulesError, match="not a game"):
        new_deal("skat")
    with pytest.raises(RulesError, match="4 or 5"):
        new_deal("knueffeln", players=6)
    with pytest.raises(RulesError, match="2 or 4"):
        new_deal("karnoeffel-2024", players=3)
    with pytest.raises(RulesError, match="for 4"):
        new_deal("knueffeln-hattstedt", players=5)
    with pytest.raises(RulesError, match="not a seat"):
        new_deal("knueffeln", dealer=4)
    with pytest.raises(RulesError, match="all 48 cards"):
        new_deal("knueffeln", deck=["H2", "H3"])


def test_actions_are_interned_with_stable_text():
    a = knlib.Action("play ♥10")
    assert a is knlib.Action("PLAY h10") and str(a) == "play H10" and a.card == C("H10")
    assert str(knlib.Action("Lead  face down 2H")) == "lead face down H2"
    assert knlib.Action("exchange h10 for ♥Q").other == C("HQ")
    with pytest.raises(AttributeError):
        a.kind = "run"
    # An Action is its text: it compares and serialises as the plain string.
    d = new_deal("knueffeln", players=5, seed=1)
    assert "sit out" in d.legal_actions() and d.legal_actions() == ["play alone", "sit out"]
    assert json.dumps(d.legal_actions()) == '["play alone", "sit out"]'
    assert type(str(a)) is str and a.text == "play H10" and repr(a) == "Action('play H10')"


# -- JSON -----------------------------------------------------------------------------------------


def test_json_round_trip_at_every_point():
    for game in knlib.GAMES:
        d = new_deal(game, seed=11)
        rng = random.Random(2)
        while True:
            text = d.to_json()
            back = Deal.from_json(text)
            assert back.to_json() == text
            assert back.hands == d.hands and back.to_move == d.to_move
            assert [tuple(t) for t in back.tricks] == [tuple(t) for t in d.tricks]
            if d.is_over:
                assert back.result == d.result
                break
            d.apply(rng.choice(d.legal_actions()))
    data = json.loads(d.to_json())
    assert data["game"] == "karnoeffel-2024" and data["seed"] == 11


def test_json_keeps_options_and_rejects_garbage():
    d = new_deal(knlib.ruleset("karnoeffel", stecher_blocked_by="any_suit"), seed=1)
    random_playout(d, random.Random(0))
    back = Deal.from_json(d.to_json())
    assert back.rules.options["stecher_blocked_by"] == "any_suit"
    assert back.result == d.result
    for bad in ("", "{}", "[1]", '{"knlib": "deal"}', "not json"):
        with pytest.raises(RulesError):
            Deal.from_json(bad)
    data = json.loads(d.to_json())
    data["history"].append([0, "play H2"])
    with pytest.raises(RulesError, match="does not replay"):
        Deal.from_json(json.dumps(data))


def test_copy_is_independent():
    d = pass_exchanges(new_deal("knueffeln", seed=12))
    e = d.copy()
    before = d.to_json()
    random_playout(e, random.Random(4))
    assert d.to_json() == before and not d.is_over and e.is_over


def test_log_reads_as_english():
    d = pass_exchanges(power_deal())
    play(d, "lead face down H2", "see")
    log = d.log
    assert "South leads a card face down (drehen); West answers for East-West." in log
    assert any(line.startswith("West sees: the card is ♥2") for line in log)


def test_open_questions_include_the_deal():
    topics = {q.topic for q in knlib.open_questions("knueffeln")}
    assert {"exchange_order", "sleeping_queen", "drehen_in_march", "five_partners",
            "ties"} <= topics
    q = {q.topic: q for q in knlib.open_questions("knueffeln-1924")}
    assert q["brille"].option == "brille" and q["brille"].alternatives
    assert "karniffel_packets" in {q.topic for q in knlib.open_questions("karniffel")}
    for game in knlib.GAMES:
        for q in knlib.open_questions(game):
            assert q.source and q.default


def test_seed004_example_log_with_names():
    d = Deal.from_hands("karnoeffel-2024", [cards("H6 HJ D4 H8 SJ"), cards("S8 H5 D9 S4 D7")],
                        dealer=1, names=("Hilmar", "Marius"))
    play(d, *(f"play {c}" for c in ["H6", "S4", "HJ", "D7", "H8", "H5", "D9", "SJ"]))
    assert "Face-up cards: ♥6 ♠8; the lowest, ♥6, makes Hearts the chosen suit." in d.log
    assert "Trick 3: Hilmar ♥8, Marius ♥5; Marius wins with ♥5 (Hilmar 2, Marius 1)." in d.log
    assert d.log[-1] == "Hilmar wins 3-1: Hilmar scores 1 point."


def test_pickle_and_deepcopy():
    import copy
    import pickle

    d = random_playout(new_deal("knueffeln", seed=13), random.Random(2))
    assert pickle.loads(pickle.dumps(d)).to_json() == d.to_json()
    assert copy.deepcopy(d).result == d.result
    t = d.tricks[0]
    assert pickle.loads(pickle.dumps(t)) == t and pickle.loads(pickle.dumps(t)).winner == t.winner


def test_with_hidden_keeps_the_cards_and_refuses_others():
    import random as _random

    import knlib as _k

    deal = _k.new_deal("knueffeln", seed=11)
    while deal.phase != Phase.PLAY:
        deal.apply("pass" if "pass" in deal.legal_actions() else deal.legal_actions()[0])
    hands = [list(h) for h in deal.hands]
    rng = _random.Random(1)
    pool = [c for h in hands for c in h] + list(deal.stock)
    rng.shuffle(pool)
    new_hands, k = [], 0
    for h in hands:
        new_hands.append(pool[k:k + len(h)])
        k += len(h)
    world = deal.with_hidden(new_hands, pool[k:])
    mover = deal.to_move
    assert [list(h) for h in world.hands] == new_hands
    assert {str(a) for a in world.legal_actions() if a.kind == "play"} == {
        f"play {c}" for c in new_hands[mover]}
    assert deal.hands == tuple(tuple(h) for h in hands)  # the original is untouched
    bad = [list(h) for h in new_hands]
    bad[0][0] = bad[1][0]  # a card twice, one missing
    with pytest.raises(RulesError, match="same unseen cards"):
        deal.with_hidden(bad, pool[k:])


def _in_play_with_an_exchange(seed: int) -> tuple[Deal, int, Card]:
    """Knüffeln deal ``seed`` played to its play phase taking every exchange offered: the
    deal, and the seat and card of the first exchange."""
    deal = new_deal("knueffeln", seed=seed)
    while deal.phase != Phase.PLAY:
        acts = deal.legal_actions()
        deal.apply(next((a for a in acts if a.kind == "exchange"), acts[0]))
    seat, swap = next((s, a) for s, a in deal.history if a.kind == "exchange")
    return deal, seat, swap.other


def test_with_hidden_keeps_what_every_seat_knows():
    """A layout may move only cards some seat cannot see: a card taken in an exchange stays
    with its taker, and no Ole lies at the bottom of the stock once the dealer has looked
    there and shown none (seed 000, 'The Deal and Exchange'). The deal is left as it was."""
    from knlib.rules.dealing import OLE_CARDS

    deal, taker, taken = _in_play_with_an_exchange(0)
    before = deal.to_json()
    hands = [list(h) for h in deal.hands]
    other = (taker + 1) % 4
    assert taken in hands[taker] and deal.stock[-1] not in OLE_CARDS
    moved = [list(h) for h in hands]
    i = moved[taker].index(taken)
    moved[taker][i], moved[other][0] = moved[other][0], moved[taker][i]
    with pytest.raises(RulesError, match=f"{taken} must stay in the hand of .*seat {taker}"):
        deal.with_hidden(moved, list(deal.stock))
    ole_seat, ole = next((s, c) for s, h in enumerate(hands) for c in h
                         if c in OLE_CARDS and s != taker)
    stock = list(deal.stock)
    low = [list(h) for h in hands]
    low[ole_seat][low[ole_seat].index(ole)], stock[-1] = stock[-1], ole
    with pytest.raises(RulesError, match=f"{ole} cannot lie at the bottom of the stock"):
        deal.with_hidden(low, stock)
    assert deal.to_json() == before
    # Cards no seat but their holders know may change places.
    free = [list(h) for h in hands]
    a, b = [s for s in range(4) if s != taker][:2]
    free[a][0], free[b][0] = free[b][0], free[a][0]
    assert deal.with_hidden(free, list(deal.stock)).hands[a][0] == hands[b][0]


@pytest.mark.parametrize("game", knlib.GAMES)
def test_every_layout_a_seat_deals_keeps_what_every_seat_knows(game):
    """resample_hidden deals only layouts that with_hidden's check accepts, in every game."""
    rng = random.Random(5)
    checked = 0
    for i in range(6):
        deal = new_deal(game, seed=300 + i)
        while not deal.is_over:
            if deal.phase != Phase.ANSWER and deal.to_move is not None:
                for seat in range(deal.players):
                    world = deal.resample_hidden(seat, rng)
                    deal.with_hidden(world.hands, world.stock)
                    checked += 1
            acts = deal.legal_actions()
            deal.apply(next((a for a in acts if a.kind == "exchange"), rng.choice(acts)))
    assert checked > 50
