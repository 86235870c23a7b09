"""The seeded shuffle and cut (knlib/rules/shuffle.py) draw exactly as the standard library:
a deal number gives the pack order it has always given (the book's seeded deals, the stored
JSON and the tests depend on it), however the draws are made."""

from __future__ import annotations

import random

import pytest

from knlib.engine import new_game
from knlib.rules.shuffle import _below, _shuffle, seeded, shuffled

SEEDS: list[int | str] = [*range(-5, 400), 2**31 - 1, 2**32, 2**32 + 1, 2**64 + 7, -(2**70),
                          10**40, "", "0", "Bohmstedt", "Knüffeln ♥", "x" * 300]


def standard(seed: int | str) -> random.Random:
    """The standard library's generator of a deal number: ``random.Random(seed)``, except
    that a negative int (which ``random.Random`` takes as its absolute value) seeds it with
    the bytes 0xFF and its magnitude, so that it deals its own deal."""
    if isinstance(seed, int) and seed < 0:
        return random.Random(b"\xff" + (-seed).to_bytes(((-seed).bit_length() + 7) // 8, "big"))
    return random.Random(seed)


def reference(pack: list[int], rng: random.Random, cut: bool) -> tuple[list[int], int]:
    """The standard library's shuffle and cut (as knlib dealt before the draws were made
    in one call): ``rng.shuffle`` and ``rng.randint(1, len - 1)``."""
    deck = list(pack)
    rng.shuffle(deck)
    if not cut:
        return deck, 0
    k = rng.randint(1, len(deck) - 1)
    return deck[k:] + deck[:k], k


@pytest.mark.parametrize("size", [52, 48, 36, 32])
@pytest.mark.parametrize("cut", [True, False])
def test_shuffled_draws_as_random_shuffle_and_randint(size: int, cut: bool) -> None:
    """Every accepted seed (int of any size or sign, text): the same order, the same cut
    point, and the generator left in the same state (a deal dealt again after a throw-in
    shuffles on from there)."""
    pack = list(range(size))
    for seed in SEEDS:
        mine, ref = seeded(seed), standard(seed)
        for _ in range(2):  # twice: the second shuffle starts where the first ended
            assert shuffled(tuple(pack), mine, cut) == reference(pack, ref, cut), seed
        assert mine.getrandbits(32) == ref.getrandbits(32), seed


def test_a_fresh_random_generator_and_any_pack_size() -> None:
    """seed=None: a generator seeded from the system; its copy draws alike. And every pack
    size from 2 to 64 cards, where the number of draws refused differs."""
    for size in range(2, 65):
        a = random.Random()
        b = random.Random()
        b.setstate(a.getstate())
        pack = list(range(size))
        deck = list(pack)
        _shuffle(a, deck)
        assert deck == reference(pack, b, False)[0], size
        assert a.getstate() == b.getstate(), size
    assert isinstance(seeded(None), random.Random)


def test_below_is_randrange() -> None:
    for n in (1, 2, 3, 51, 52, 255, 256, 257, 1000):
        a, b = random.Random(n), random.Random(n)
        assert [_below(a, n) for _ in range(50)] == [b.randrange(n) for _ in range(50)]


def test_an_int_seed_seeds_the_generator_as_random_random() -> None:
    for seed in (0, 1, 7, 2**32, 10**30):
        a, b = seeded(seed), random.Random(seed)
        assert [a.getrandbits(32) for _ in range(700)] == [b.getrandbits(32) for _ in range(700)]


def test_a_negative_seed_seeds_a_generator_of_its_own() -> None:
    """random.Random(-n) is random.Random(n); a negative deal number deals its own deal."""
    for seed in (-1, -5, -(2**64) - 3, -(10**5000)):
        a, b = seeded(seed), seeded(seed)
        assert [a.getrandbits(32) for _ in range(50)] == [b.getrandbits(32) for _ in range(50)]
        assert seeded(seed).getrandbits(64) != seeded(-seed).getrandbits(64)
        assert seeded(seed).getrandbits(64) == standard(seed).getrandbits(64)


@pytest.mark.parametrize("game,seed,deck,cut,redeals", [
    ("knueffeln", 1, "D10 H3 SA DA D8 C2 H6 D6 C3 D9 C9 S3 H2 H9 H7 H10 C10 S7 C7 D2 CJ DJ S6 "
     "DQ CQ C8 HA C4 S4 S10 HK HQ DK D7 H4 CA D4 D3 S2 SQ S8 SJ SK H8 HJ CK C6 S9", 27, []),
    ("knueffeln", "Bohmstedt", "HQ S7 C6 SK CK H10 DJ HJ S8 HK C8 DK SA H9 H7 H2 C9 SQ S2 CA "
     "C7 SJ DA C2 D3 DQ S9 C4 D6 S4 HA D8 S6 D9 H3 CJ C3 S3 D7 H6 D4 D2 H8 S10 CQ D10 H4 C10",
     4, []),
    ("karniffel", 12345, "CA S9 HJ H7 C6 HA CK D10 C10 S7 C7 DK D8 HK HQ SQ SJ S6 CQ SK DJ C8 "
     "DA H9 H10 DQ D6 H8 SA D9 D7 C9 S8 CJ S10 H6", 30, []),
    ("styrivolt", 3, "H3 DA CA S7 C5 SK S9 DJ CK C8 D9 H4 H2 DQ S3 SQ CQ C3 S8 C7 C4 D5 H9 HA "
     "H6 H7 C9 D8 H5 SJ HQ HJ D2 S2 S4 S6 D7 C2 C6 DK D6 H8 D4 SA CJ HK D3 S5", 0, []),
    ("knueffeln", 28, "C9 C10 C3 H4 S2 S10 D3 S4 CA HJ D8 S7 H2 CK SA H10 H6 C4 C7 CQ S9 D10 "
     "CJ C8 C2 H7 D4 HK SJ H9 D6 S8 DQ DK S3 D2 H8 D7 H3 DA S6 C6 HQ SK SQ HA D9 DJ", 29,
     ["D6 DQ DJ D9"]),
])
def test_seeded_deals_as_before(game: str, seed: int | str, deck: str, cut: int,
                                redeals: list[str]) -> None:
    """Pack orders, cut points and thrown-in turn-ups written down from knlib as it dealt
    before the draws were made in one call (seed 28: one deal thrown in, four Diamonds)."""
    g = new_game(game, seed=seed)
    assert " ".join(map(str, g.deck)) == deck and g.cut == cut
    assert [" ".join(map(str, r)) for r in g.redeals] == redeals
