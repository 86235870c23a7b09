"""Play many deals and count: :func:`simulate`, through the deal API or the fast path."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

from ..engine.deal import new_deal
from ..errors import RulesError
from ..i18n import tr
from ..players.base import seat_to_move
from ..players.bots import PLAYER_NAMES, RandomPlayer, RulePlayer, make_player
from ..players.playkit import RULES, SEATS
from ..players.playouts import Deals, Draw, run
from ..rules.dealing import PROCEDURES
from ..rules.games import Ruleset, ruleset
from ..rules.stakes import STAKES
from .fast import (
    FAST_POLICIES,
    arrays,
    deal,
    deal_kit,
    holders_array,
    policies,
    policy_code,
    run_in_order,
    shuffled_decks,
    turned,
    why_not_dealt,
)
from .results import COLUMNS, SimResult, fast_result, holders_of, record_of

__all__ = ["simulate", "fast_supported", "progress_bar"]


def _np() -> Any:
    import numpy

    return numpy


# -- progress -----------------------------------------------------------------------------------


class _NoBar:
    def update(self, k: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, enabled: bool | None, what: str) -> Any:
    """tqdm (its notebook bar in a notebook) if importable, else an ipywidgets bar in a
    notebook, else nothing. ``enabled=None``: on for long runs, off under pytest."""
    if enabled is None:
        enabled = total >= 20_000 and "PYTEST_CURRENT_TEST" not in os.environ
    if not enabled:
        return _NoBar()
    try:
        from tqdm.auto import tqdm

        return tqdm(total=total, desc=what, unit="deal", leave=False)
    except ImportError:
        pass
    try:
        import ipywidgets
        from IPython import get_ipython
        from IPython.display import display

        if get_ipython() is None:
            return _NoBar()
        bar = ipywidgets.IntProgress(min=0, max=total, description=what)
        display(bar)

        class _Bar:
            def update(self, k: int) -> None:
                bar.value += k

            def close(self) -> None:
                bar.close()

        return _Bar()
    except ImportError:
        return _NoBar()


def _player_label(p: Any) -> str:
    return p if isinstance(p, str) else getattr(p, "name", type(p).__name__)


def fast_supported(game: str | Ruleset, players: Sequence[Any], n_players: int) -> str | None:
    """None if the fast path can play this game with these players, else why not."""
    rules = ruleset(game)
    why = why_not_dealt(rules, n_players)
    if why is not None:
        return why
    for p in players:
        if isinstance(p, str):
            if p not in FAST_POLICIES:
                return tr("the fast path plays {names}, not {value}",
                          names=", ".join(FAST_POLICIES), value=repr(p))
        elif type(p) is RulePlayer or type(p) is RandomPlayer:
            continue
        else:
            return tr("the fast path cannot play {value}", value=repr(p))
    try:
        _np()
    except ImportError:
        return tr("numpy is not installed")
    return None


def simulate(game: str | Ruleset, n_deals: int, *, players: Sequence[Any] | None = None,
             seed: Any = 0, n_players: int | None = None, fast: bool | None = None,
             progress: bool | None = None, batch: int = 50_000, holders: bool = False,
             **options: str) -> SimResult:
    """Play ``n_deals`` deals of ``game`` and count what happened.

    ``players``: one per seat, each a player object (with ``choose(deal)``) or a name:
    'random' (uniform over the legal actions), 'random-cards' (random cards, no drehen),
    'rules' (:class:`~knlib.players.bots.RulePlayer`) or 'sampling'. Default: all 'random'.
    The dealer rotates clockwise from seat 0, one deal each. ``seed`` fixes everything.

    ``fast``: None picks the numpy fast path when it covers the game and the players
    (players given by name, or RulePlayer objects); True insists on it; False uses the
    deal API. ``progress``: a progress bar (None: only for long runs, never under
    pytest). ``holders``: keep, for every deal, the seat holding each card when the play
    began (:attr:`SimResult.holders`, -1 for the stock and the table). Keyword options go
    to the rule set (``ties='suit_priority'``).
    """
    rules = ruleset(game, **options)
    if isinstance(n_deals, bool) or not isinstance(n_deals, int) or n_deals < 0:
        raise RulesError(tr("n_deals={value} is not a number of deals (0 or more)",
                            value=repr(n_deals)))
    n = PROCEDURES[rules.id].players[0] if n_players is None else n_players
    if n not in PROCEDURES[rules.id].players:
        raise RulesError(tr("{value} players cannot play {game}", value=repr(n),
                            game=rules.title))
    specs: list[Any] = list(players) if players is not None else ["random"] * n
    if len(specs) != n:
        raise RulesError(tr("{game} with {n} players needs {n} players, got {got}",
                            game=rules.title, n=n, got=len(specs)))
    for p in specs:
        if isinstance(p, str) and p not in PLAYER_NAMES:
            raise RulesError(tr("{value} is not a player: choose one of {names} or give an "
                                "object with choose(deal)", value=repr(p),
                                names=", ".join(PLAYER_NAMES)))
    why_not = fast_supported(rules, specs, n)
    auto_ok = why_not is None and all(isinstance(p, str) or type(p) is RulePlayer
                                      for p in specs)
    use_fast = auto_ok if fast is None else fast
    if use_fast and why_not is not None:
        raise RulesError(tr("no fast path here: {why}", why=why_not))
    labels = tuple(_player_label(p) for p in specs)
    if use_fast:
        return _simulate_fast(rules, n_deals, [policy_code(p) for p in specs], labels, seed,
                              progress, batch, holders)
    return _simulate_api(rules, n_deals, specs, labels, n, seed, progress, holders)


def _simulate_api(rules: Ruleset, n_deals: int, specs: list[Any], labels: tuple[str, ...],
                  n: int, seed: Any, progress: bool | None, keep_holders: bool) -> SimResult:
    rng = random.Random(seed)
    bots = [make_player(p, rng.getrandbits(63)) for p in specs]
    cols: dict[str, list[Any]] = {k: [] for k in COLUMNS}
    holders: list[list[int]] = []
    side_wins = [0, 0]
    totals = [0] * n
    jann = marches = tried = ran = turns = 0
    bar = progress_bar(n_deals, progress, f"{rules.id} (deal API)")
    for i in range(n_deals):
        dealer = i % n
        d = new_deal(rules, seed=rng.getrandbits(63), players=n, dealer=dealer)
        start: list[int] | None = None
        while not d.is_over:
            if keep_holders and start is None and d.phase == "play":
                start = holders_of(d)
            d.apply(bots[seat_to_move(d)].choose(d))
        if keep_holders:
            holders.append(start if start is not None else holders_of(d))
        r = d.result
        assert r is not None
        side_wins[r.winner] += 1
        for s, p in enumerate(r.payments):
            totals[s] += p
        jann += r.jann
        marches += r.march_made
        tried += r.march_attempted
        ran += r.ran_away
        turns += r.turns_accepted
        for k, v in record_of(i, d).items():
            cols[k].append(v)
        bar.update(1)
    bar.close()
    return SimResult(rules.id, n_deals, labels, seed, False, STAKES[rules.id].unit,
                     tuple(side_wins), jann, tried, marches, ran, turns, tuple(totals), cols,
                     holders if keep_holders else None)


def _simulate_fast(rules: Ruleset, n_deals: int, codes: list[int], labels: tuple[str, ...],
                   seed: Any, progress: bool | None, batch: int, keep_holders: bool
                   ) -> SimResult:
    np = _np()
    kit = deal_kit(rules)
    rng = np.random.default_rng(_np_seed(seed))
    parts: list[dict[str, Any]] = []
    bar = progress_bar(n_deals, progress, f"{rules.id} (fast path)")
    done = 0
    while done < n_deals:
        m = min(batch, n_deals - done)
        decks = shuffled_decks(kit, m, rng)
        while True:
            bad = turned(kit, decks) == 0
            if not bad.any():
                break
            decks[bad] = shuffled_decks(kit, int(bad.sum()), rng)
        dealers = (np.arange(done, done + m) % SEATS).astype(np.int64)
        pol = policies(codes, m)
        draw = Draw(rng)
        st, k, at = deal(kit, decks, dealers, pol, draw, bits=RULES in codes)
        holders = holders_array(kit, at) if keep_holders else None
        if RULES in codes:
            run(kit.play, st, pol, draw)
        else:
            run_in_order(kit, st, pol, draw)
        out = arrays(kit, st, k, holders)
        out["dealer"] = dealers
        parts.append(out)
        done += m
        bar.update(m)
    bar.close()
    if not parts:
        empty = Deals(kit.play, 0)
        parts.append(arrays(kit, empty, np.zeros(0, dtype=np.int64),
                             np.zeros((0, 52), dtype=np.int8) if keep_holders else None))
        parts[0]["dealer"] = np.zeros(0, dtype=np.int64)
    cat = {key: (None if parts[0][key] is None else np.concatenate([p[key] for p in parts]))
           for key in parts[0]}
    return fast_result(rules, kit.play, n_deals, labels, seed, cat)


def _np_seed(seed: Any) -> Any:
    if seed is None or isinstance(seed, int):
        return seed
    return random.Random(seed).getrandbits(63)
