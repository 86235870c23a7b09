"""The seeded shuffle and cut of a deal: the standard library's draws, made cheaply.

A deal number (seed) must give the pack order it has always given, so the shuffle is
``random.Random(seed).shuffle`` and the cut ``randint(1, len(pack) - 1)``, draw for draw
(tests/test_shuffle.py checks both against the standard library of the Python running the
tests, over hundreds of seeds of every accepted kind; tests/test_pyodide.py compares whole
seeded deals under CPython and Pyodide). They are restated because a pack is shuffled for
every deal:

* ``shuffle`` is Fisher-Yates from the end: for ``i`` from ``len - 1`` down to 1 it takes
  ``j = _randbelow(i + 1)`` and swaps ``i`` and ``j``; ``_randbelow(n)`` draws
  ``getrandbits(k)``, ``k = n.bit_length()``, again until the draw is below ``n``
  (``Random._randbelow_with_getrandbits``, the same in CPython 3.11 to 3.14; Pyodide runs
  3.14). Here the pairs (i, k) are computed once per pack size and ``getrandbits`` is
  called directly: a sixth fewer instructions than the standard library's loop.
* An int seed seeds the C generator ``_random.Random`` directly: ``random.Random.seed``
  hands an int to it unchanged, so the draws are the same, without the Python-level
  wrappers (``random.Random.__init__`` and ``seed``). Texts and None go through
  ``random.Random`` (a text is hashed there first).

Drawing the 32-bit words in one ``getrandbits(32 * m)`` call and cutting them up was
measured too: dearer, the cutting up costing more than the calls it saves.
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from collections.abc import MutableSequence
from typing import Any, TypeVar

__all__ = ["seeded", "shuffled"]

T = TypeVar("T")

#: Per pack size: the Fisher-Yates steps (:func:`_steps`).
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def seeded(seed: int | str | None) -> _CRandom:
    """The generator of a deal number: ``random.Random(seed)`` (for an int the C generator
    under it, seeded alike). A negative int, which ``random.Random`` would take as its
    absolute value, is seeded apart (:func:`_negative`): seed -5 deals its own deal."""
    if seed.__class__ is int:
        if seed >= 0:
            return _CRandom(seed)
        return random.Random(_negative(seed))
    return random.Random(seed)


def _negative(seed: int) -> bytes:
    """The bytes that seed a negative deal number: 0xFF, then the number's magnitude
    (big-endian). ``random.Random`` hashes bytes as it hashes a text's UTF-8, and UTF-8
    never holds 0xFF, so no text and no other negative number seeds the same."""
    return b"\xff" + (-seed).to_bytes(((-seed).bit_length() + 7) // 8, "big")


def _steps(n: int) -> tuple[tuple[int, int], ...]:
    """The Fisher-Yates steps of an ``n``-card pack: (i, bits drawn for a j up to i)."""
    hit = _STEPS.get(n)
    if hit is None:
        hit = _STEPS[n] = tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
    return hit


def _shuffle(rng: _CRandom, deck: MutableSequence[Any]) -> None:
    """``rng.shuffle(deck)``: the same draws, the same order."""
    getrandbits = rng.getrandbits
    for i, k in _steps(len(deck)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def _below(rng: _CRandom, n: int) -> int:
    """``rng.randrange(n)``, the same draws (``Random._randbelow_with_getrandbits``)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffled(pack: tuple[T, ...], rng: _CRandom, cut: bool) -> tuple[list[T], int]:
    """A seeded shuffle, then (where the game cuts) a cut at a random point.

    The cut leaves at least one card in each part; the rng chooses where
    (``rng.randint(1, len(pack) - 1)``). Returns the pack order as dealt (top first) and
    the cut point (0 = not cut)."""
    deck = list(pack)
    _shuffle(rng, deck)
    if not cut:
        return deck, 0
    k = 1 + _below(rng, len(deck) - 1)
    return deck[k:] + deck[:k], k
