"""Play many deals and count: :func:`simulate`, through the deal API or the fast path."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..counts import shown
from ..engine.deal import new_deal
from ..engine.game import check_players
from ..errors import RulesError
from ..games import Ruleset, ruleset
from ..i18n import tr
from ..kinds import Phase
from ..players.bots import PLAYER_NAMES, RulePlayer, make_player
from ..players.player import seat_to_move
from ..players.playkit import RULES, SEATS
from ..players.playouts import Deals, Draw, run
from ..rules.dealing import check_seed, seeded
from .fast import (
    FAST_POLICIES,
    arrays,
    deal,
    deal_kit,
    holders_array,
    policies,
    policy_code,
    run_in_order,
    why_not_dealt,
)
from .packs import deal_generator, deal_seeds, fast_packs, player_seeds
from .results import COLUMNS, SimResult, fast_result, holders_of, record_of
from .scripts import OrderScript
from .stats import count_text

__all__ = ["simulate", "fast_supported", "progress_bar"]

#: The players that simulate plays at random by name, from each deal's generator.
RANDOM_NAMES = ("random", "random-cards")


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
    """None if the fast path can play this game with these players, else why not. It plays
    players given by name and :class:`~knlib.players.bots.RulePlayer` objects: the others
    (a RandomPlayer with its own generator too) only the deal API can play as they are."""
    rules = ruleset(game)
    why = why_not_dealt(rules, n_players)
    if why is not None:
        return why
    for p in players:
        if isinstance(p, str):
            if p not in FAST_POLICIES:
                return tr("the fast path plays {names}, not {value}",
                          names=", ".join(FAST_POLICIES), value=repr(p))
        elif type(p) is not RulePlayer:
            return tr("the fast path cannot play {value}", value=shown(p))
    try:
        _np()
    except ImportError:
        return tr("numpy is not installed")
    return None


#: The most deals one simulation plays (beyond it a run would not end in a day).
MOST_DEALS = 10**9


def _check_arguments(n_deals: object, n_players: object, players: object, fast: object,
                     progress: object, batch: object, holders: object) -> None:
    """Refuse, with a RulesError naming the value, what simulate cannot take."""
    if not isinstance(n_deals, int) or isinstance(n_deals, bool) or n_deals < 0:
        raise RulesError(tr("n_deals={value} is not a number of deals (0 or more)",
                            value=shown(n_deals)))
    if n_deals > MOST_DEALS:
        raise RulesError(tr("n_deals={value}: a simulation plays at most {most} deals",
                            value=shown(n_deals), most=count_text(MOST_DEALS)))
    if n_players is not None and not (isinstance(n_players, int)
                                      and not isinstance(n_players, bool)
                                      and abs(n_players) < 1000):
        raise RulesError(tr("n_players={value} is not a number of players",
                            value=shown(n_players)))
    if players is not None and not isinstance(players, list | tuple):
        raise RulesError(tr("players={value} is not a list of players, one per seat",
                            value=shown(players)))
    for name, switch in (("fast", fast), ("progress", progress)):
        if switch is not None and not isinstance(switch, bool):
            raise RulesError(tr("{name}={value} is not True, False or None", name=name,
                                value=shown(switch)))
    if not isinstance(holders, bool):
        raise RulesError(tr("{name}={value} is not True or False", name="holders",
                            value=shown(holders)))
    if not isinstance(batch, int) or isinstance(batch, bool) or batch < 1:
        raise RulesError(tr("batch={value} is not a number of deals to play at once (1 or "
                            "more)", value=shown(batch)))


def simulate(game: str | Ruleset, n_deals: int, *, players: Sequence[Any] | None = None,
             seed: Any = 0, n_players: int | None = None, fast: bool | None = None,
             progress: bool | None = None, batch: int = 50_000, holders: bool = False,
             **options: str) -> SimResult:
    """Play ``n_deals`` deals of ``game`` and count what happened.

    ``players``: a list, one per seat, each a player object (with ``choose(deal)``) or a
    name: 'random' (uniform over the legal actions), 'random-cards' (random cards, no
    drehen), 'rules' (:class:`~knlib.players.bots.RulePlayer`) or 'sampling'. Default: all
    'random'. The dealer rotates clockwise from seat 0, one deal each.

    ``seed`` (a whole number or a text, as for :func:`knlib.new_deal`) fixes everything:
    deal ``i`` is ``new_deal(game, seed=s_i, ...)`` with a seed drawn from it, and the
    players named 'random' or 'random-cards' take their random numbers from that deal's
    generator (:mod:`knlib.sim.packs`). So the fast path, the deal API (``fast=False``)
    and a Python without numpy give the same result for the same seed. (At a table of
    random players alone, in a game the fast path deals, each seat plays the cards of its
    hand in the order it holds them, which is as random: any card may be played at any
    time there.)

    ``fast``: None picks the numpy fast path when it covers the game and the players
    (players given by name, or RulePlayer objects); True insists on it; False uses the
    deal API. ``progress``: a progress bar (None: only for long runs, never under
    pytest). ``batch``: deals the fast path plays at once. ``holders``: keep, for every
    deal, the seat holding each card when the play began (:attr:`SimResult.holders`, -1
    for the stock and the table). Keyword options go to the rule set
    (``ties='suit_priority'``).
    """
    rules = ruleset(game, **options)
    _check_arguments(n_deals, n_players, players, fast, progress, batch, holders)
    n = check_players(rules, n_players)
    seed = check_seed(seed)
    specs: list[Any] = list(players) if players is not None else ["random"] * n
    if len(specs) != n:
        raise RulesError(tr("{game} with {n} players needs {n} players, got {got}",
                            game=rules.title, n=n, got=len(specs)))
    for p in specs:
        if (p not in PLAYER_NAMES if isinstance(p, str)
                else not callable(getattr(p, "choose", None))):
            raise RulesError(tr("{value} is not a player: choose one of {names} or give an "
                                "object with choose(deal)", value=shown(p),
                                names=", ".join(PLAYER_NAMES)))
    why_not = fast_supported(rules, specs, n)
    use_fast = why_not is None if fast is None else fast
    if use_fast and why_not is not None:
        raise RulesError(tr("no fast path here: {why}", why=why_not))
    labels = tuple(_player_label(p) for p in specs)
    if use_fast:
        return _simulate_fast(rules, n_deals, [policy_code(p) for p in specs], labels, seed,
                              progress, batch, holders)
    return _simulate_api(rules, n_deals, specs, labels, n, seed, progress, holders)


def _in_order(rules: Ruleset, specs: Sequence[Any], n: int) -> bool:
    """Whether the players are all random by name at a table the fast path deals: then each
    seat plays the cards of its hand in the order it holds them, which is as random (any
    card may be played at any time there), and only the other choices draw a number (as
    :class:`~knlib.sim.scripts.OrderScript` and the fast path's
    :func:`~knlib.sim.fast.run_in_order`)."""
    return (why_not_dealt(rules, n) is None
            and all(isinstance(p, str) and p in RANDOM_NAMES for p in specs))


def _simulate_api(rules: Ruleset, n_deals: int, specs: list[Any], labels: tuple[str, ...],
                  n: int, seed: Any, progress: bool | None, keep_holders: bool) -> SimResult:
    run_rng = seeded(seed)
    bots: list[Any] = [make_player(p, s)
                       for p, s in zip(specs, player_seeds(run_rng, n), strict=True)]
    # The RandomPlayers made for the names 'random' and 'random-cards': they draw from each
    # deal's generator in turn.
    randoms = [b for b, p in zip(bots, specs, strict=True) if p in RANDOM_NAMES]
    in_order = _in_order(rules, specs, n)
    cards_only = [s for s, p in enumerate(specs) if p == "random-cards"]
    cols: dict[str, list[Any]] = {k: [] for k in COLUMNS}
    holders: list[list[int]] = []
    side_wins = [0, 0]
    totals = [0] * n
    jann = marches = tried = ran = turns = 0
    bar = progress_bar(n_deals, progress, f"{rules.id} (deal API)")
    for i in range(n_deals):
        dealer = i % n
        deal_seed = deal_seeds(run_rng, 1)[0]
        d = new_deal(rules, seed=deal_seed, players=n, dealer=dealer)
        seats = bots
        if randoms:
            rng = deal_generator(rules, deal_seed, d)
            if in_order:
                seats = [OrderScript(iter(rng.random, None), cards_only)] * n
            for b in randoms:
                b.rng = rng
        start: list[int] | None = None
        while not d.is_over:
            if keep_holders and start is None and d.phase == Phase.PLAY:
                start = holders_of(d)
            d.apply(seats[seat_to_move(d)].choose(d))
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
    return SimResult(rules.id, n_deals, labels, seed, False, rules.stakes.unit,
                     tuple(side_wins), jann, tried, marches, ran, turns, tuple(totals), cols,
                     holders if keep_holders else None)


def _simulate_fast(rules: Ruleset, n_deals: int, codes: list[int], labels: tuple[str, ...],
                   seed: Any, progress: bool | None, batch: int, keep_holders: bool
                   ) -> SimResult:
    np = _np()
    kit = deal_kit(rules)
    run_rng = seeded(seed)
    player_seeds(run_rng, SEATS)  # drawn as the deal API draws them
    draws = 0 if all(c == RULES for c in codes) else kit.most_draws(RULES not in codes)
    parts: list[dict[str, Any]] = []
    bar = progress_bar(n_deals, progress, f"{rules.id} (fast path)")
    done = 0
    while done < n_deals:
        m = min(batch, n_deals - done)
        decks, script = fast_packs(kit, deal_seeds(run_rng, m), draws)
        dealers = (np.arange(done, done + m) % SEATS).astype(np.int64)
        pol = policies(codes, m)
        draw = Draw(script=script)
        deals, k, at = deal(kit, decks, dealers, pol, draw, bits=RULES in codes)
        holders = holders_array(kit, at) if keep_holders else None
        if RULES in codes:
            run(kit.play, deals, pol, draw)
        else:
            run_in_order(kit, deals, pol, draw)
        out = arrays(kit, deals, k, holders)
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
