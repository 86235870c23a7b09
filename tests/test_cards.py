"""Cards: strict parsing, round-trips, display names, packs (issue 2, item 1)."""

import pickle

import pytest

import knlib
from knlib import Card, RulesError


@pytest.mark.parametrize("text", ["H2", "2H", "♥2", "2♥", "h2", "2h", "♡2"])
def test_two_of_hearts_spellings(text):
    assert Card(text) is Card("H2")


@pytest.mark.parametrize("text", ["H10", "10H", "HT", "ht", "♥10", "10♥", "TH"])
def test_ten_spellings(text):
    assert Card(text) == Card("H10")
    assert str(Card(text)) == "H10"


@pytest.mark.parametrize(
    "bad", ["", "H", "2", "H1", "H11", "H 2", " H2", "X2", "HH", "22", "H2H", "♥♥", "1H0", "H2 "]
)
def test_strict_parsing_rejects(bad):
    with pytest.raises(RulesError) as err:
        Card(bad)
    assert repr(bad) in str(err.value)


def test_non_string_is_a_rules_error():
    with pytest.raises(RulesError):
        Card(12)  # type: ignore[arg-type]


def test_rules_error_is_value_error():
    assert issubclass(RulesError, ValueError)


def test_str_and_repr_round_trip():
    for card in knlib.pack("knueffeln"):
        assert Card(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card
    assert repr(Card("S10")) == "Card('S10')"


def test_immutable_hashable_picklable():
    c = Card("C4")
    with pytest.raises(AttributeError):
        c.rank = 5  # type: ignore[misc]
    assert {c: 1}[Card("4C")] == 1
    assert pickle.loads(pickle.dumps(c)) is c


def test_french_and_german_names():
    assert Card("H2").name == "Two of Hearts"
    assert Card("H2").symbol == "♥2"
    # Karniffel's German suits: Acorns=♣, Leaves=♠, Hearts=♥, Bells=♦; Ober=Q, Unter=J, Daus=A.
    assert Card("SQ").german_name == "Ober of Leaves"
    assert Card("CJ").german_name == "Unter of Acorns"
    assert Card("DA").german_name == "Daus of Bells"
    assert Card("HK").german_name == "König of Hearts"
    assert Card("SQ").german_symbol == "♠O"


@pytest.mark.parametrize(
    "game,size,absent",
    [
        ("knueffeln", 48, 5),
        ("knueffeln-hattstedt", 48, 5),
        ("knueffeln-1938", 48, 5),
        ("knueffeln-1924", 48, 10),
        ("styrivolt", 48, 10),
        ("karnoeffel", 48, 14),
        ("karnoeffel-2024", 48, 14),
    ],
)
def test_packs(game, size, absent):
    pack = knlib.pack(game)
    assert len(pack) == size == len(set(pack))
    assert all(c.rank != absent for c in pack)


def test_karniffel_pack_is_36_cards_six_to_daus():
    pack = knlib.pack("karniffel")
    assert len(pack) == 36
    assert {c.rank for c in pack} == set(range(6, 15))


def test_parse_suits():
    assert knlib.parse_suits("HS") == ("H", "S")
    assert knlib.parse_suits("♥♠") == ("H", "S")
    assert knlib.parse_suits(["h", "♠"]) == ("H", "S")
    with pytest.raises(RulesError):
        knlib.parse_suits("HX")
