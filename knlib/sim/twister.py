"""The first words of many generators at once: ``random.Random(seed).getrandbits(32)``,
drawn ``count`` times, for many seeds below 2**64, in numpy.

``random.Random`` is the Mersenne Twister (MT19937), and an int seed sets its state by
``init_by_array`` with the seed's 32-bit words as the key (CPython's ``_randommodule.c``;
the same in every CPython since 3.2 and in Pyodide). Seeding one generator takes about
1,900 steps, each on the one before, so seeding in C costs some 4 µs a deal on this
project's machine; here every step is taken for all seeds at once, a few arrays at a
time, in under half of that. The first 227 words of the state's first twist depend on the
seeded state alone, so they are computed at once too. tests/test_sim_paths.py compares
them with ``random.Random`` for seeds of every length.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import RulesError

__all__ = ["first_words", "MOST_WORDS"]

#: The most words :func:`first_words` gives: those of the first twist that read only the
#: seeded state (word ``k`` reads state words ``k``, ``k + 1`` and ``k + 397`` of 624).
MOST_WORDS = 624 - 397
#: Seeds at once, at most (the seeding keeps 624 words of each: 20 MB).
_CHUNK = 8192
_SIZE, _SHIFT = 624, 397


def _np() -> Any:
    import numpy

    return numpy


def _start() -> list[int]:
    """``init_genrand(19650218)``: the state ``init_by_array`` starts from."""
    mt = [19650218]
    for i in range(1, _SIZE):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
    return mt


_START = _start()


def first_words(seeds: Sequence[int], count: int) -> Any:
    """(len(seeds), count) uint32: the first ``count`` (at most :data:`MOST_WORDS`) 32-bit
    words of ``random.Random(seed)`` for each seed (0 to 2**64 - 1), in the order drawn."""
    np = _np()
    if count > MOST_WORDS:
        raise RulesError(f"the first twist gives at most {MOST_WORDS} words, not {count}")
    out = np.empty((len(seeds), count), dtype=np.uint32)
    parts = -(-len(seeds) // _CHUNK)
    size = -(-len(seeds) // parts) if parts else 0  # parts of even size
    for at in range(0, len(seeds), size or 1):
        part = np.asarray(seeds[at:at + size], dtype=np.uint64)
        out[at:at + part.size] = _words(part, count)
    return out


def _words(seeds: Any, count: int) -> Any:
    np = _np()
    u32 = np.uint32
    n = seeds.size
    low = (seeds & np.uint64(0xFFFFFFFF)).astype(u32)
    high = (seeds >> np.uint64(32)).astype(u32)
    # The key is the seed's words, low first, without leading zero words: one word below
    # 2**32 (the key word is then added at every step), else two (added in turn, the
    # second with its place, 1).
    adds = (low, np.where(high != 0, high + u32(1), low))
    mt = np.empty((_SIZE, n), dtype=u32)
    step = np.empty(n, dtype=u32)
    prev = np.full(n, _START[0], dtype=u32)
    i = j = 0
    for k in range(_SIZE):  # mt[i] = (mt[i] ^ ((p ^ (p >> 30)) * 1664525)) + key[j] + j
        i += 1
        if i == _SIZE:
            mt[0] = mt[_SIZE - 1]
            i = 1
        np.right_shift(prev, u32(30), out=step)
        np.bitwise_xor(step, prev, out=step)
        np.multiply(step, u32(1664525), out=step)
        if k < _SIZE - 1:
            np.bitwise_xor(step, u32(_START[i]), out=step)
        else:
            np.bitwise_xor(step, mt[i], out=step)
        np.add(step, adds[j], out=mt[i])
        prev = mt[i]
        j ^= 1
    for _ in range(_SIZE - 1):  # mt[i] = (mt[i] ^ ((p ^ (p >> 30)) * 1566083941)) - i
        i += 1
        if i == _SIZE:
            mt[0] = mt[_SIZE - 1]
            i = 1
        np.right_shift(prev, u32(30), out=step)
        np.bitwise_xor(step, prev, out=step)
        np.multiply(step, u32(1566083941), out=step)
        np.bitwise_xor(step, mt[i], out=step)
        np.subtract(step, u32(i), out=mt[i])
        prev = mt[i]
    mt[0] = 0x80000000
    # The first twist, then the tempering.
    y = (mt[:count] & u32(0x80000000)) | (mt[1:count + 1] & u32(0x7FFFFFFF))
    y = mt[_SHIFT:_SHIFT + count] ^ (y >> u32(1)) ^ ((y & u32(1)) * u32(0x9908B0DF))
    y ^= y >> u32(11)
    y ^= (y << u32(7)) & u32(0x9D2C5680)
    y ^= (y << u32(15)) & u32(0xEFC60000)
    y ^= y >> u32(18)
    return y.T
