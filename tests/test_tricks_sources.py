"""Every sentence of the sources' trick rules, as a test (issue 2, "Tests").

Each test states the rule in the test's own terms (ranks, suits), not through the
engine's role tables, so a wrong table fails here.
"""

from itertools import permutations

import pytest

import knlib
from knlib import Card, RulesError, trick_winner

CHOSEN = "HS"  # hearts and spades, as in seed 000's worked example
OLEN = [Card(c) for c in ("H2", "C4", "S8", "H9", "D9")]
KNUEFFELN_GAMES = ["knueffeln", "knueffeln-hattstedt", "knueffeln-1924", "knueffeln-1938"]


def is_ole(c):
    return c in OLEN


def chosen_rank(c, ranks, chosen=CHOSEN):
    return c.suit in chosen and c.rank in ranks and not is_ole(c)


def wins_second(game, led, card, chosen=CHOSEN):
    """True if ``card``, played second, takes the trick from ``led``."""
    return trick_winner(game, [led, card], chosen) == 1


def others(game, *exclude):
    return [c for c in knlib.pack(game) if c not in exclude]


A, K, Q, J = 14, 13, 12, 11

# ---- seed 000, "The Play": how the winner of a trick is determined ----------------------


def power(c, chosen=CHOSEN):
    """Seed 000's order of Olen and beaters: ♥2 ♣4 ♠8 ♥9 ♦9, then chosen A J 6 2 3 4."""
    if is_ole(c):
        return 20 - OLEN.index(c)
    if c.suit in chosen:
        return {A: 6, J: 5, 6: 4, 2: 3, 3: 2, 4: 1}.get(c.rank, 0)
    return 0


@pytest.mark.parametrize("game", KNUEFFELN_GAMES)
def test_led_ole_or_beater_won_by_highest_ole_or_beater(game):
    leads = [c for c in knlib.pack(game) if power(c)]
    for led in leads:
        for card in others(game, led):
            assert wins_second(game, led, card) == (power(card) > power(led)), (led, card)


@pytest.mark.parametrize("game", KNUEFFELN_GAMES)
def test_led_chosen_seven_cannot_be_beaten(game):
    for seven in (Card("H7"), Card("S7")):
        for card in others(game, seven):
            assert not wins_second(game, seven, card)


@pytest.mark.parametrize("game", KNUEFFELN_GAMES)
def test_led_free_card_beaten_only_by_ole_or_chosen_ace_or_jack(game):
    free = [c for c in knlib.pack(game) if chosen_rank(c, (8, 9))]
    assert {str(c) for c in free} == {"H8", "S9"}  # ♥9 and ♠8 are Olen
    for led in free:
        for card in others(game, led):
            expected = is_ole(card) or chosen_rank(card, (A, J))
            assert wins_second(game, led, card) == expected, (led, card)


@pytest.mark.parametrize("game", KNUEFFELN_GAMES)
def test_led_unchosen_ace_beaten_only_by_ole_or_chosen_ace_jack_six(game):
    for led in (Card("CA"), Card("DA")):
        for card in others(game, led):
            expected = is_ole(card) or chosen_rank(card, (A, J, 6))
            assert wins_second(game, led, card) == expected, (led, card)


def own_suit_ace(card, led, chosen=CHOSEN):
    return card.rank == A and card.suit == led.suit and led.suit not in chosen


@pytest.mark.parametrize("game", ["knueffeln"])
@pytest.mark.parametrize(
    "rank,beaters", [(K, (A, J, 6, 2)), (Q, (A, J, 6, 2, 3)), (J, (A, J, 6, 2, 3, 4))]
)
def test_led_king_queen_jack(game, rank, beaters):
    """Any King: an Ole, a chosen Two or higher, or the Ace of its own unchosen suit; any Queen:
    a chosen Three or higher; an unchosen Jack or lower: a chosen Four or higher."""
    leads = [c for c in knlib.pack(game) if c.rank == rank and not (c.suit in CHOSEN and rank == J)]
    for led in leads:
        for card in others(game, led):
            expected = is_ole(card) or chosen_rank(card, beaters) or own_suit_ace(card, led)
            assert wins_second(game, led, card) == expected, (led, card)


def test_led_unchosen_low_card_or_chosen_ten():
    """Seed 000: an unchosen Jack or lower, or a chosen Ten, is taken only by the Ace of its own
    suit, a chosen Four or higher beater, or an Ole."""
    game = "knueffeln"
    leads = [c for c in knlib.pack(game)
             if (c.suit not in CHOSEN and c.rank <= J and not is_ole(c)) or chosen_rank(c, (10,))]
    assert len(leads) == 2 * 9 - 2 + 2  # two unchosen suits minus ♣4 and ♦9, plus ♥10, ♠10
    for led in leads:
        for card in others(game, led):
            expected = is_ole(card) or power(card) >= 1 or own_suit_ace(card, led)
            assert wins_second(game, led, card) == expected, (led, card)


def test_duds_have_no_ranking_even_within_their_suit():
    """Seed 000: unchosen cards below the Ace are duds, with no ranking among themselves."""
    for suit in "CD":
        cards = [c for c in knlib.pack("knueffeln") if c.suit == suit and c.rank < A
                 and not is_ole(c)]
        for led, card in permutations(cards, 2):
            assert not wins_second("knueffeln", led, card)


def test_chosen_seven_free_cards_king_queen_ten_beat_nothing_when_not_led():
    """Seed 000: Seven worthless when not led; free cards worthless when not led; K, Q cannot
    beat anything; Ten only useful for exchanging."""
    game = "knueffeln"
    for card in [Card(c) for c in ("H7", "S7", "H8", "S9", "HK", "SK", "HQ", "SQ", "H10", "S10")]:
        for led in others(game, card):
            assert not wins_second(game, led, card), (led, card)


@pytest.mark.parametrize(
    "rank,victims_chosen,unchosen_below",
    [
        (6, (2, 3, 4, K, Q, 10), 15),  # Paas: chosen 2 3 4 K Q 10 and all unchosen cards
        (2, (3, 4, K, Q, 10), A),  # Twist: ... and unchosen cards except Aces
        (3, (4, Q, 10), K),  # Drist: chosen 4 Q 10, unchosen except A and K
        (4, (10,), Q),  # Veerhack: chosen 10, unchosen except A, K, Q
    ],
)
def test_beater_powers(rank, victims_chosen, unchosen_below):
    """Seed 000's list of beaters: what each of 6, 2, 3, 4 beats (when that card is led)."""
    game = "knueffeln"
    for suit in CHOSEN:
        beater = Card.of(suit, rank)
        if is_ole(beater):
            continue
        for led in others(game, beater):
            if is_ole(led) or chosen_rank(led, (A, J, 6, 2, 3, 4, 7, 8, 9)):
                continue  # covered by the Ole/beater, Seven and free card rules
            if led.suit in CHOSEN:
                expected = led.rank in victims_chosen
            else:
                expected = led.rank < unchosen_below
            assert wins_second(game, led, beater) == expected, (led, beater)


def test_ace_and_jack_beat_all_lower_chosen_free_and_unchosen_cards():
    game = "knueffeln"
    for fcb in (Card("HA"), Card("SA"), Card("HJ"), Card("SJ")):
        for led in others(game, fcb):
            if is_ole(led) or chosen_rank(led, (7,)):
                assert not wins_second(game, led, fcb)
            elif chosen_rank(led, (A, J)):
                assert wins_second(game, led, fcb) == (fcb.rank == A and led.rank == J)
            else:
                assert wins_second(game, led, fcb), (led, fcb)


def test_olen_beat_everything_but_a_led_chosen_seven_and_higher_olen():
    game = "knueffeln"
    for i, ole in enumerate(OLEN):
        for led in others(game, ole):
            expected = not chosen_rank(led, (7,)) and (led not in OLEN or OLEN.index(led) > i)
            assert wins_second(game, led, ole) == expected, (led, ole)


def test_unchosen_ace_beats_every_card_of_its_own_suit():
    for ace in (Card("CA"), Card("DA")):
        for led in knlib.pack("knueffeln"):
            if led.suit == ace.suit and led != ace and not is_ole(led):
                assert wins_second("knueffeln", led, ace)


# ---- seed 000's worked examples -----------------------------------------------------------------


def test_seed000_case_1():
    """S:♦4, W:♠3, N:♦A, E:♣8 with hearts and spades chosen: West's Drist wins."""
    assert trick_winner("knueffeln", ["D4", "S3", "DA", "C8"], "HS") == 1


def test_seed000_case_2():
    """S:♦4, W:♣8, N:♦A, E:♠3: North's Ace beats the 4; the Drist cannot take an Ace."""
    assert trick_winner("knueffeln", ["D4", "C8", "DA", "S3"], "HS") == 2


def test_order_of_play_matters_only_through_the_chain():
    """Same four cards, two orders, two winners (seed 000: 'depends on the order')."""
    winners = set()
    for rest in permutations(["S3", "DA", "C8"]):
        trick = ["D4", *rest]
        winners.add(trick[trick_winner("knueffeln", trick, "HS")])
    assert winners == {"S3", "DA"}


# ---- Hattstedt, 1924, 1938 (seed 000 'Modern Knüffeln', 'Early 20th century'; seed 001) ------


@pytest.mark.parametrize("game", ["knueffeln-hattstedt", "knueffeln-1924", "knueffeln-1938"])
def test_unchosen_card_beats_lower_cards_of_its_own_suit_only(game):
    pack = knlib.pack(game)
    for led in pack:
        if led.suit in CHOSEN or is_ole(led):
            continue
        for card in pack:
            if card.suit in CHOSEN or is_ole(card) or card == led:
                continue
            expected = card.suit == led.suit and card.rank > led.rank
            assert wins_second(game, led, card) == expected, (led, card)


def test_bohmstedt_unchosen_king_does_not_beat_own_suit_but_hattstedt_does():
    assert not wins_second("knueffeln", Card("D7"), Card("DK"))
    assert wins_second("knueffeln-hattstedt", Card("D7"), Card("DK"))


def test_1924_dog_led_is_taken_by_an_ole_or_any_beater():
    """Seed 001, 'Playing': a led Dog (chosen 5) wins unless beaten by an Ole or any beater."""
    for dog in (Card("H5"), Card("S5")):
        for card in others("knueffeln-1924", dog):
            expected = is_ole(card) or power(card) >= 1
            assert wins_second("knueffeln-1924", dog, card) == expected, (dog, card)


def test_1924_unchosen_jack_is_taken_by_higher_card_of_same_suit():
    """Seed 001: unchosen J or lower: an Ole, a chosen 4 or higher, or a higher card of the suit."""
    assert wins_second("knueffeln-1924", Card("CJ"), Card("CQ"))
    assert wins_second("knueffeln-1924", Card("CJ"), Card("S4"))
    assert not wins_second("knueffeln-1924", Card("CJ"), Card("C9"))


# ---- Stýrivolt (styrivolt.md, 'Card classes') -----------------------------------------------


def test_styrivolt_led_lamb_is_unbeatable():
    for lamb in (Card("H7"), Card("S7")):
        assert all(not wins_second("styrivolt", lamb, c) for c in others("styrivolt", lamb))


def test_styrivolt_stickers_order():
    order = [Card(c) for c in ("H2", "C4", "S8", "H9", "D9")]
    for high, low in zip(order, order[1:], strict=False):
        assert wins_second("styrivolt", low, high) and not wins_second("styrivolt", high, low)
    # Chosen Aces (styrivolts) over chosen Jacks (karnifls), below the permanent stickers.
    assert wins_second("styrivolt", Card("SJ"), Card("HA"))
    assert wins_second("styrivolt", Card("HA"), Card("D9"))  # a permanent sticker is higher


def test_styrivolt_led_free_leader_needs_sticker_or_six():
    """Leaders win only when led, and a led 9 or 8 only falls to a sticker or the 6 [A]."""
    assert wins_second("styrivolt", Card("S9"), Card("H6"))
    assert wins_second("styrivolt", Card("S9"), Card("H2"))  # ♥2 is a permanent sticker
    assert not wins_second("styrivolt", Card("S9"), Card("S3"))
    assert wins_second("styrivolt", Card("S9"), Card("SJ"))


def test_styrivolt_unchosen_never_taken_by_a_leader():
    for leader in ("HK", "HQ", "H5", "S9", "H8"):
        for led in ("CA", "C2", "DK"):
            assert not wins_second("styrivolt", Card(led), Card(leader))


def test_styrivolt_any_beater_option():
    rules = knlib.ruleset("styrivolt", beater_thresholds="any_beater")
    assert not wins_second("styrivolt", Card("CA"), Card("S4"))
    assert wins_second(rules, Card("CA"), Card("S4"))


# ---- Karniffel (seed 002, 'Playing'; README reading 6) -----------------------------------------

KF = "karniffel"
# Leaves (♠) and Bells (♦) chosen, as in seed 002's example.
KF_CHOSEN = "SD"


def test_karniffel_led_chosen_seven_wins():
    for card in others(KF, Card("S7")):
        assert not wins_second(KF, Card("S7"), card, KF_CHOSEN)


def test_karniffel_chosen_seven_may_not_be_led_to_first_trick():
    with pytest.raises(RulesError, match="first trick"):
        trick_winner(KF, ["S7", "CA"], KF_CHOSEN, first_trick=True)
    assert trick_winner(KF, ["CA", "S7"], KF_CHOSEN, first_trick=True) == 0


def test_karniffel_led_free_card_falls_only_to_beast_or_chosen_ober():
    led = Card("D8")  # Bells 8, a free card; Leaves 8 is the Tolle
    for card in others(KF, led):
        beast = card in (Card("S8"), Card("H9"), Card("D9"))
        expected = beast or (card.rank == Q and card.suit in KF_CHOSEN)
        assert wins_second(KF, led, card, KF_CHOSEN) == expected, card


def test_karniffel_beasts_order_and_power():
    assert trick_winner(KF, ["CA", "D9", "H9", "S8"], KF_CHOSEN) == 3
    assert trick_winner(KF, ["SQ", "D9"], KF_CHOSEN) == 1  # a beast beats the Oberkarniffel


def test_karniffel_highest_ober_unter_six():
    assert trick_winner(KF, ["CA", "D6", "SJ", "DQ"], KF_CHOSEN) == 3
    assert trick_winner(KF, ["CA", "DQ", "SJ", "D6"], KF_CHOSEN) == 1


def test_karniffel_highest_card_of_led_suit():
    assert trick_winner(KF, ["C10", "CK", "HA", "CA"], KF_CHOSEN) == 3
    assert trick_winner(KF, ["C10", "HA", "HK"], KF_CHOSEN) == 0


def test_karniffel_powerless_chosen_order_option():
    # Leaves Daus led; a non-led Leaves 9 is above the Daus in Wieland's list, below it naturally.
    assert trick_winner(KF, ["SA", "S9"], KF_CHOSEN) == 1
    natural = knlib.ruleset(KF, chosen_plain_order="natural")
    assert trick_winner(natural, ["SA", "S9"], KF_CHOSEN) == 0


def test_karniffel_ties_option():
    assert trick_winner(KF, ["CA", "SQ", "DQ"], KF_CHOSEN) == 1
    by_suit = knlib.ruleset(KF, ties="suit_priority")  # Acorns, Leaves, Hearts, Bells
    assert trick_winner(by_suit, ["CA", "DQ", "SQ"], KF_CHOSEN) == 2


# ---- Karnöffel, seed 003 -----------------------------------------------------------------------

KN = "karnoeffel"


def test_karnoeffel_karnoeffel_beats_all():
    for led in others(KN, Card("CJ")):
        assert wins_second(KN, led, Card("CJ"), "C")


def test_karnoeffel_devil_beats_all_but_karnoeffel_when_led_only():
    for card in others(KN, Card("C7")):
        assert wins_second(KN, Card("C7"), card, "C") == (card == Card("CJ"))
    assert not wins_second(KN, Card("D9"), Card("C7"), "C")  # not led: just a Seven


def test_karnoeffel_devil_not_led_to_first_trick():
    with pytest.raises(RulesError, match="Devil"):
        trick_winner(KN, ["C7", "DK"], "C", first_trick=True)


@pytest.mark.parametrize("rank,beaten_by", [(6, {11}), (2, {11, 6})])
def test_karnoeffel_pope_and_kaiser(rank, beaten_by):
    card = Card.of("C", rank)
    for led in others(KN, card):
        if led == Card("C7"):
            continue
        assert wins_second(KN, led, card, "C") == (led.suit != "C" or led.rank not in beaten_by)


@pytest.mark.parametrize("rank,stops", [(3, {13}), (4, {13, 12}), (5, {13, 12, 11})])
def test_karnoeffel_stechers_do_not_beat_king_queen_jack_of_led_suit(rank, stops):
    stecher = Card.of("C", rank)
    for suit in "SHD":
        for r in range(2, 14):
            led = Card.of(suit, r)
            assert wins_second(KN, led, stecher, "C") == (r not in stops), (led, stecher)


def test_karnoeffel_any_king_option():
    rules = knlib.ruleset(KN, stecher_blocked_by="any_suit")
    assert trick_winner(KN, ["D9", "C3", "HK"], "C") == 1
    assert trick_winner(rules, ["D9", "C3", "HK"], "C") == 0


def test_karnoeffel_powerless_chosen_cards_are_ordinary():
    assert trick_winner(KN, ["D9", "CK"], "C") == 0
    assert trick_winner(KN, ["CQ", "CK"], "C") == 1


def test_karnoeffel_highest_of_led_suit():
    assert trick_winner(KN, ["D9", "DK", "SK", "D10"], "C") == 1


# ---- Karnoffel 2024, seed 004 ------------------------------------------------------------------

K24 = "karnoeffel-2024"
RANKING_2024 = [  # (chosen?, rank); None = any suit. Highest first; the led Devil is checked apart.
    (True, J), (True, 6), (True, 2), (None, K), (True, 3), (None, Q), (True, 4), (False, J),
    (True, 5), (None, 10), (None, 9), (None, 8), (False, 7), (False, 6), (False, 5), (False, 4),
    (False, 3), (False, 2),
]


def place_2024(card, chosen="H"):
    for i, (ch, r) in enumerate(RANKING_2024):
        if r == card.rank and (ch is None or ch == (card.suit in chosen)):
            return i
    return len(RANKING_2024)  # the Devil not led: lowest


def test_2024_single_ranking_pairwise():
    pack = knlib.pack(K24)
    for led in pack:
        if led == Card("H7"):
            continue
        for card in pack:
            if card == led:
                continue
            expected = place_2024(card) < place_2024(led)
            assert wins_second(K24, led, card, "H") == expected, (led, card)


def test_2024_led_devil_loses_only_to_karnoffel():
    for card in others(K24, Card("H7")):
        assert wins_second(K24, Card("H7"), card, "H") == (card == Card("HJ"))


def test_2024_devil_may_not_be_played_in_first_trick():
    for trick in (["H7", "DK"], ["DK", "H7"]):
        with pytest.raises(RulesError, match="Devil"):
            trick_winner(K24, trick, "H", first_trick=True)


def test_2024_example_game_tricks():
    """Seed 004's example: Cups (♥) trumps; Hilmar leads. Swords ♠, Coins ♦."""
    assert trick_winner(K24, ["H6", "S4"], "H", first_trick=True) == 0
    assert trick_winner(K24, ["HJ", "D7"], "H") == 0
    assert trick_winner(K24, ["H8", "H5"], "H") == 1  # the Knight beats an 8 of trumps
    assert trick_winner(K24, ["D9", "SJ"], "H") == 1  # a Jack beats a 9


def test_2024_ties_first_card_stays_ahead_and_led_suit_option():
    assert trick_winner(K24, ["D9", "SK", "DK"], "H") == 1
    assert trick_winner(knlib.ruleset(K24, ties="led_suit"), ["D9", "SK", "DK"], "H") == 2
