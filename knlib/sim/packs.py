"""The deals of a simulation: each deal's seed, its pack order and its random numbers, the
same whichever path plays it.

A simulation's seed gives a generator by :func:`~knlib.rules.dealing.seeded`, the function
:func:`knlib.new_deal` turns a seed into its generator with. It draws a seed for each seat
(:func:`player_seeds`: the generators of player objects such as the sampling player), then
one seed per deal, in order (:func:`deal_seeds`). Deal ``i`` is
``new_deal(game, seed=s_i, players=n, dealer=i % n)``: the same shuffle, cut and redeals.
The players that simulate plays at random by name ('random', 'random-cards') take, one
decision after another, the next numbers of that deal's own generator, continued after its
shuffles (:func:`deal_generator`): a deal, its cards and every random choice in it come from
its seed alone.

The fast path makes the same pack orders and numbers for many deals at once
(:func:`fast_packs`). Each deal's generator gives its first 32-bit words, all deals' at
once (:mod:`.twister`); the shuffle, the cut, the redeals and the numbers are read off them
in numpy, draw for draw as :mod:`knlib.rules.shuffle` and ``random.random`` take them
(tests/test_sim_paths.py compares them with ``new_deal`` deal for deal). A deal whose words
run out is made again from more words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.deal import Deal
from ..games import Ruleset
from ..rules.dealing import seeded, shuffled
from .fast import DealKit, turned
from .twister import MOST_WORDS, first_words

__all__ = ["player_seeds", "deal_seeds", "deal_generator", "fast_packs", "SHUFFLE_WORDS"]

#: Words set aside for a deal's shuffle and cut (48 cards: 73 on average, 106 the most in
#: 20,000 deals); a deal that needs more (a redeal) is made again from more words.
SHUFFLE_WORDS = 112
#: ``random.random()``: two words, 27 and 26 bits, make a 53-bit fraction.
_HIGH, _LOW = 2.0**26, 2.0**-53


def _np() -> Any:
    import numpy

    return numpy


def player_seeds(run: Any, seats: int) -> list[int]:
    """One seed per seat, the first draws of the simulation's generator ``run``."""
    return [run.getrandbits(63) for _ in range(seats)]


def deal_seeds(run: Any, count: int) -> list[int]:
    """The seeds of the next ``count`` deals, drawn from the simulation's generator."""
    return [run.getrandbits(63) for _ in range(count)]


def deal_generator(rules: Ruleset, seed: int, deal: Deal) -> Any:
    """The generator of the deal ``new_deal(rules, seed=seed, ...)`` after its shuffles (one
    for the deal, one for each deal thrown in before it): its players' random numbers are
    its next draws (``random()``)."""
    rng = seeded(seed)
    cut = rules.procedure.cut
    for _ in range(len(deal.get_game().redeals) + 1):
        shuffled(rules.pack, rng, cut)
    return rng


def _words(seeds: Sequence[int], count: int) -> Any:
    """(len(seeds), count) uint32: each seed's generator's first ``count`` 32-bit words, in
    the order drawn (:mod:`.twister` for up to its most, else ``getrandbits`` per seed)."""
    np = _np()
    if count <= MOST_WORDS:
        return first_words(seeds, count)
    raw = b"".join([seeded(s).getrandbits(32 * count).to_bytes(4 * count, "little")
                    for s in seeds])
    return np.frombuffer(raw, dtype="<u4").reshape(len(seeds), count)


#: A shuffle goes on with its unfinished rows alone from this many eighths of the pack's
#: size on (words): by then four rows in five are done.
_NARROW = 13

_STEPS: dict[tuple[int, bool], tuple[Any, Any, Any]] = {}


def _steps(size: int, cut: bool) -> tuple[Any, Any, Any]:
    """The draws of a shuffle and cut of ``size`` cards, in order, then an entry that takes
    no word: the place each fills (``size - 1`` down to 1, then 0 for the cut, whose draw
    moves no card), the shift
    that leaves a word's top bits, as many as the largest number it may draw has, and the
    largest word it takes (``Random._randbelow``: a draw above that number is drawn
    again)."""
    hit = _STEPS.get((size, cut))
    if hit is None:
        np = _np()
        most = list(range(size - 1, 0, -1)) + ([size - 2] if cut else [])
        places = list(range(size - 1, 0, -1)) + ([0] if cut else [])
        shifts = [32 - (m + 1).bit_length() for m in most]
        tops = [((m + 1) << s) - 1 for m, s in zip(most, shifts, strict=True)]
        hit = _STEPS[(size, cut)] = (np.array(places + [0], dtype=np.int64),
                                    np.array(shifts + [0], dtype=np.uint32),
                                    np.array(tops + [-1], dtype=np.int64))
    return hit


def _shuffle(pack: Any, words: Any, cut: bool) -> tuple[Any, Any]:
    """Shuffle and cut the pack once per row of ``words`` (a deal's words from its first
    unused one): from the end, each place takes the card at a draw up to it, then the pack
    is cut after a draw from 1 to its size less one (:func:`knlib.rules.shuffle.shuffled`).
    All rows take their next word at once. Returns the pack orders (card indices, top
    first) and the words each row used (more than it has: it ran out)."""
    np = _np()
    n, width = words.shape
    size = pack.size
    places, shifts, tops = _steps(size, cut)
    last = places.size - 1
    column = np.ascontiguousarray(words.T).astype(np.int64)
    deck = np.tile(pack, n)
    base = np.arange(n) * size
    step = np.zeros(n, dtype=np.int64)
    used = np.zeros(n, dtype=np.int64)
    k = np.zeros(n, dtype=np.int64)
    every = (step, used, k)
    live = None
    for p in range(width):
        if p == _NARROW * size // 8:  # most rows are done: go on with the others alone
            live = np.nonzero(step < last)[0]
            column, base, step, used, k = (column[:, live], base[live], step[live],
                                           used[live], k[live])
        word = column[p]
        took = word <= tops[step]
        used += step < last
        r = np.nonzero(took)[0]
        at = step[r]
        j = word[r] >> shifts[at]
        place = places[at]
        if cut:  # the cut's draw moves no card (its place swaps with itself)
            ends = at == last - 1
            k[r[ends]] = 1 + j[ends]
            j[ends] = 0
        at_i, at_j = base[r] + place, base[r] + j
        held = deck[at_i]
        deck[at_i] = deck[at_j]
        deck[at_j] = held
        step[r] += 1
        if step.size == 0 or step.min() == last:
            break
    if live is not None:
        for whole, part in zip(every, (step, used, k), strict=True):
            whole[live] = part
        step, used, k = every
    used[step < last] = width + 1
    deck = deck.reshape(n, size)
    if cut:
        deck = np.take_along_axis(deck, (np.arange(size)[None, :] + k[:, None]) % size, axis=1)
    return deck, used


def fast_packs(kit: DealKit, seeds: Sequence[int], numbers: int,
               count: int | None = None) -> tuple[Any, Any]:
    """The pack orders (card indices, top first, as ``deal.deck``) of the deals with these
    seeds, shuffled again while the deal is thrown in (``kit``: the fast path's
    :class:`~knlib.sim.fast.DealKit`), and each deal's next ``numbers`` random numbers
    (None when 0). ``count``: the words drawn per deal (a deal that needs more is made
    again from twice as many)."""
    np = _np()
    count = count or SHUFFLE_WORDS + 2 * numbers
    width = count - 2 * numbers
    words = _words(seeds, count)
    pack, cut = kit.play.pack, kit.proc.cut
    decks, at = _shuffle(pack, words[:, :width], cut)
    todo = np.nonzero((at <= width) & (turned(kit, decks) == 0))[0]
    while todo.size:  # thrown in: the same generator shuffles the pack again
        window = np.minimum(at[todo][:, None] + np.arange(width)[None, :], count - 1)
        again, more = _shuffle(pack, np.take_along_axis(words[todo], window, axis=1), cut)
        decks[todo] = again
        at[todo] += more
        todo = todo[(at[todo] <= width) & (turned(kit, again) == 0)]
    short = np.nonzero(at > width)[0]
    script = _numbers(words, at, numbers)
    if short.size:
        more_decks, more_script = fast_packs(kit, [seeds[i] for i in short], numbers,
                                             2 * count)
        decks[short] = more_decks
        if script is not None:
            script[short] = more_script
    return decks, script


def _numbers(words: Any, at: Any, numbers: int) -> Any:
    """Each row's ``numbers`` fractions from its words at ``at`` on (``random.random()``:
    the first word's top 27 bits, then the next word's top 26); None for none."""
    np = _np()
    if numbers == 0:
        return None
    rows = np.arange(words.shape[0])[:, None]
    place = np.minimum(at[:, None] + 2 * np.arange(numbers)[None, :], words.shape[1] - 2)
    high = (words[rows, place] >> np.uint32(5)).astype(np.float64)
    low = (words[rows, place + 1] >> np.uint32(6)).astype(np.float64)
    return (high * _HIGH + low) * _LOW
