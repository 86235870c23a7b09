"""Bulk simulation: play many deals with chosen players and return tidy results.

:func:`simulate` plays ``n_deals`` deals of a game and returns a :class:`SimResult`:
deals won by each side, Janns and marches, payments per seat, and one record per deal
(:attr:`SimResult.records`, plain dicts; :attr:`SimResult.columns`, the same as columns).
:func:`wilson` and :func:`mean_ci` give confidence intervals for proportions and means.

Two paths give the same kind of result:

* **the deal API** (any game, any player): ``knlib.new_deal`` and ``player.choose(deal)``
  for every action, exactly as a reader's game is played;
* **the fast path** (numpy, imported only here): many deals at once, as arrays. It covers
  the four-player Knüffeln games with one chain rule (``knueffeln``, ``knueffeln-1938``,
  ``knueffeln-hattstedt``) and Stýrivolt, for the random players and the rule-based
  player (:mod:`knlib.bots`). Per chosen pair it precomputes the trick engine's beat
  table, each card's strength and its takers as numpy arrays, deals by the game's
  procedure (shuffle, packets of three, turn-ups, the Ten and Ole exchanges), and plays
  every deal's tricks in lock step. The tests check it against the deal API exactly (the
  same pack orders and the same random numbers give the same tricks, winners and
  payments, and the rule-based player's choices are the same) and statistically.

The fast path does not cut the pack: a cut of a well-shuffled pack leaves every order
equally likely (``knlib.open_questions('knueffeln')``, 'cut_point'). Its random players
draw from numpy's generator, so they are not deal-for-deal the same as the API path's
:class:`~knlib.bots.RandomPlayer` with the same seed; the rule-based player is
deterministic, so given the same pack orders both paths agree deal for deal.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import SUITS
from ..engine.deal import Deal, new_deal
from ..engine.scoring import STAKES
from ..errors import RulesError
from ..players.bots import (
    PLAYER_NAMES,
    RandomPlayer,
    RulePlayer,
    make_player,
    never_turn_in_march,
    tables,
)
from ..rules.dealing import OLE_CARDS, PROCEDURES
from ..rules.games import ChainRuleset, Ruleset, ruleset

__all__ = [
    "simulate",
    "SimResult",
    "Proportion",
    "Mean",
    "wilson",
    "mean_ci",
    "FAST_GAMES",
    "fast_supported",
    "fast_deals",
    "UniformScript",
    "OrderScript",
    "supports_playouts",
    "playout_wins",
    "order_changes_winner",
    "card_values",
    "CardValue",
    "ci_chart",
    "MATCHES",
    "match_players",
    "match_deal",
    "play_match",
]

#: Games the fast path plays (four players, chain rule, Ten/Ole exchanges or none).
FAST_GAMES = ("knueffeln", "knueffeln-hattstedt", "knueffeln-1938", "styrivolt")
#: Player names the fast path plays.
FAST_POLICIES = {"random": 0, "random-cards": 1, "rules": 2}
_SCRIPT = 3
#: A decision given from outside (the sampling player's candidate action), see _Forced.
_FORCED = 4

KINDS = ("game", "jann", "march", "failed march", "run", "conceded")
K_GAME, K_JANN, K_MARCH, K_FAILED, K_RUN = range(5)
PH_PLAY, PH_ANSWER, PH_JANN, PH_OVER = range(4)


def _np() -> Any:
    import numpy

    return numpy


# -- confidence intervals -------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``k`` successes in ``n`` trials
    (``z=1.96``: 95%). Returns (low, high); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Iterable[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean of ``values`` and its normal-approximation interval: (mean, low, high)."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


@dataclass(frozen=True)
class Proportion:
    """``k`` of ``n``, with its Wilson interval (95% unless ``z`` says otherwise)."""

    k: int
    n: int
    z: float = 1.96

    @property
    def p(self) -> float:
        return self.k / self.n if self.n else math.nan

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.k, self.n, self.z)

    def __str__(self) -> str:
        lo, hi = self.ci
        return f"{self.p:.1%} (95% CI {lo:.1%} to {hi:.1%}; {self.k:,} of {self.n:,})"


@dataclass(frozen=True)
class Mean:
    """A mean with its normal-approximation interval."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float], z: float = 1.96) -> Mean:
        m, lo, hi = mean_ci(values, z)
        return cls(m, lo, hi, len(values))

    @property
    def ci(self) -> tuple[float, float]:
        return (self.low, self.high)

    def __str__(self) -> str:
        return f"{self.mean:.3g} (95% CI {self.low:.3g} to {self.high:.3g}; n = {self.n:,})"


# -- results -------------------------------------------------------------------------------------

#: The per-deal columns, in order.
COLUMNS = ("deal", "dealer", "chosen", "turned", "winner", "kind", "tricks0", "tricks1",
           "n_tricks", "jann", "march_attempted", "march_made", "turns", "ran_away", "value",
           "payments", "trick_winners")


@dataclass
class SimResult:
    """What :func:`simulate` found.

    ``side_wins[i]`` counts the deals won by side ``i`` (side 0 holds seats 0 and 2 with
    four players: South and North); ``jann`` the deals ended by a Jann (vol) taken,
    ``march_made`` the marches made, ``march_attempted`` those tried; ``payments[s]`` is
    the total seat ``s`` received (negative: paid), in the game's unit (``unit``).
    ``columns`` holds one list per :data:`COLUMNS` entry (the fast path adds numpy arrays:
    ``holders``, the seat holding each card index when the play began, -1 for the stock or
    the table); ``records`` gives the same as one dict per deal.
    """

    game: str
    n: int
    players: tuple[str, ...]
    seed: Any
    fast: bool
    unit: str
    side_wins: tuple[int, ...]
    jann: int
    march_attempted: int
    march_made: int
    ran_away: int
    turns: int
    payments: tuple[int, ...]
    columns: dict[str, Any] = field(repr=False, default_factory=dict)
    holders: Any = field(repr=False, default=None)

    @property
    def records(self) -> list[dict[str, Any]]:
        """One dict per deal (built from :attr:`columns`)."""
        cols = {k: _column(self.columns[k], k) for k in COLUMNS if k in self.columns}
        return [{k: v[i] for k, v in cols.items()} for i in range(self.n)]

    def column(self, name: str) -> list[Any]:
        """One column as a plain list (payments and trick winners as tuples)."""
        if name not in self.columns:
            raise RulesError(f"{name!r} is not a column: the columns are {', '.join(COLUMNS)}")
        return _column(self.columns[name], name)

    def win_rate(self, side: int = 0) -> Proportion:
        """The share of deals won by ``side``, with its Wilson interval."""
        return Proportion(self.side_wins[side], self.n)

    def rate(self, what: str) -> Proportion:
        """The share of deals with ``what``: 'jann', 'march_made', 'march_attempted',
        'ran_away', or a kind of result ('game', 'run', ...)."""
        if what in ("jann", "march_made", "march_attempted", "ran_away"):
            return Proportion(int(getattr(self, what)), self.n)
        if what in KINDS:
            return Proportion(sum(1 for k in self.column("kind") if k == what), self.n)
        raise RulesError(f"{what!r} is not a rate of a simulation: try 'jann', 'march_made' "
                         f"or one of {', '.join(KINDS)}")

    def mean_payment(self, seat: int = 0) -> Mean:
        """The mean payment to ``seat`` per deal, with its interval."""
        return Mean.of([p[seat] for p in self.column("payments")])

    def summary(self) -> str:
        lines = [f"{ruleset(self.game).title}: {self.n:,} deals, players "
                 f"{', '.join(self.players)} ({'fast path' if self.fast else 'deal API'})"]
        for side in range(len(self.side_wins)):
            lines.append(f"  side {side} won {self.win_rate(side)}")
        lines.append(f"  Jann taken: {self.rate('jann')}")
        lines.append(f"  march made: {self.rate('march_made')} "
                     f"(tried in {self.march_attempted:,})")
        lines.append(f"  payments per seat ({self.unit}): {list(self.payments)}")
        return "\n".join(lines)

    __str__ = summary


def _tolist(x: Any) -> list[Any]:
    if hasattr(x, "tolist"):
        return x.tolist()
    return list(x)


def _column(x: Any, name: str) -> list[Any]:
    """A column as a list; rows of a 2-D array become tuples (trick winners without the
    -1 padding of tricks not played)."""
    if getattr(x, "ndim", 1) == 2:
        if name == "trick_winners":
            return [tuple(v for v in row if v >= 0) for row in x.tolist()]
        return [tuple(row) for row in x.tolist()]
    return _tolist(x)


# -- progress -----------------------------------------------------------------------------------


class _NoBar:
    def update(self, k: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, enabled: bool | None, what: str) -> Any:
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


# -- simulate --------------------------------------------------------------------------------------


def _player_label(p: Any) -> str:
    return p if isinstance(p, str) else getattr(p, "name", type(p).__name__)


def fast_supported(game: str | Ruleset, players: Sequence[Any], n_players: int) -> str | None:
    """None if the fast path can play this game with these players, else why not."""
    rules = ruleset(game)
    if rules.id not in FAST_GAMES:
        return (f"the fast path plays {', '.join(FAST_GAMES)}, not {rules.id}")
    if n_players != 4:
        return "the fast path plays four players"
    if not isinstance(rules, ChainRuleset) or _fast_table(rules) is None:
        return "the fast path needs the trick engine's precomputed table (default ties option)"
    for p in players:
        if isinstance(p, str):
            if p not in FAST_POLICIES:
                return f"the fast path plays {', '.join(FAST_POLICIES)}, not {p!r}"
        elif type(p) is RulePlayer or type(p) is RandomPlayer:
            continue
        else:
            return f"the fast path cannot play {p!r}"
    try:
        _np()
    except ImportError:
        return "numpy is not installed"
    return None


def _fast_table(rules: Ruleset) -> Any:
    from ..rules.tricks import fast_table

    return fast_table(rules, ("H", "S"))


def _policy_code(p: Any) -> int:
    if isinstance(p, str):
        return FAST_POLICIES[p]
    if type(p) is RulePlayer:
        return 2
    return 0 if p.drehen else 1


def simulate(game: str | Ruleset, n_deals: int, *, players: Sequence[Any] | None = None,
             seed: Any = 0, n_players: int | None = None, fast: bool | None = None,
             progress: bool | None = None, batch: int = 50_000, holders: bool = False,
             **options: str) -> SimResult:
    """Play ``n_deals`` deals of ``game`` and count what happened.

    ``players``: one per seat, each a player object (with ``choose(deal)``) or a name:
    'random' (uniform over the legal actions), 'random-cards' (random cards, no drehen),
    'rules' (:class:`~knlib.bots.RulePlayer`) or 'sampling'. Default: all 'random'.
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
        raise RulesError(f"n_deals={n_deals!r} is not a number of deals (0 or more)")
    n = PROCEDURES[rules.id].players[0] if n_players is None else n_players
    if n not in PROCEDURES[rules.id].players:
        raise RulesError(f"{n!r} players cannot play {rules.title}")
    specs: list[Any] = list(players) if players is not None else ["random"] * n
    if len(specs) != n:
        raise RulesError(f"{rules.title} with {n} players needs {n} players, got {len(specs)}")
    for p in specs:
        if isinstance(p, str) and p not in PLAYER_NAMES:
            raise RulesError(f"{p!r} is not a player: choose one of {', '.join(PLAYER_NAMES)} "
                             "or give an object with choose(deal)")
    why_not = fast_supported(rules, specs, n)
    auto_ok = why_not is None and all(isinstance(p, str) or type(p) is RulePlayer
                                      for p in specs)
    use_fast = auto_ok if fast is None else fast
    if use_fast and why_not is not None:
        raise RulesError(f"no fast path here: {why_not}")
    labels = tuple(_player_label(p) for p in specs)
    if use_fast:
        return _simulate_fast(rules, n_deals, [_policy_code(p) for p in specs], labels, seed,
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
    bar = _progress(n_deals, progress, f"{rules.id} (deal API)")
    for i in range(n_deals):
        dealer = i % n
        d = new_deal(rules, seed=rng.getrandbits(63), players=n, dealer=dealer)
        start: list[int] | None = None
        while not d.is_over:
            if keep_holders and start is None and d.phase == "play":
                start = _holders_of(d)
            d.apply(bots[d.to_move].choose(d))  # type: ignore[index]
        if keep_holders:
            holders.append(start if start is not None else _holders_of(d))
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
        _append(cols, i, d)
        bar.update(1)
    bar.close()
    return SimResult(rules.id, n_deals, labels, seed, False, STAKES[rules.id].unit,
                     tuple(side_wins), jann, tried, marches, ran, turns, tuple(totals), cols,
                     holders if keep_holders else None)


def _holders_of(d: Deal) -> list[int]:
    out = [-1] * 52
    for s, h in enumerate(d.hands):
        for c in h:
            out[c.index] = s
    for t in d.tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            out[c.index] = s
    for s, c in d.current_trick:
        out[c.index] = s
    return out


def _append(cols: dict[str, list[Any]], i: int, d: Deal) -> None:
    r = d.result
    assert r is not None
    winners = [t.winner for t in d.tricks]
    row = {"deal": i, "dealer": d.dealer, "chosen": "".join(d.chosen), "turned": len(d.turned),
           "winner": r.winner, "kind": r.kind, "tricks0": r.tricks[0], "tricks1": r.tricks[1],
           "n_tricks": len(d.tricks), "jann": r.jann, "march_attempted": r.march_attempted,
           "march_made": r.march_made, "turns": r.turns_accepted, "ran_away": r.ran_away,
           "value": r.value, "payments": tuple(r.payments), "trick_winners": tuple(winners)}
    for k in COLUMNS:
        cols[k].append(row[k])


# -- the fast path: tables -------------------------------------------------------------------------

_PAIRS = [(a, b) for a in range(4) for b in range(a + 1, 4)]
_KITS: dict[Any, _Kit] = {}


class _Kit:
    """The numpy tables of one game: per chosen pair (6), the beat table, strengths and
    taker masks from :mod:`knlib.bots` (the trick engine's answers), padded with a 53rd
    entry so that the index -1 (no card) reads as 'nothing'."""

    def __init__(self, rules: Ruleset) -> None:
        np = _np()
        self.rules = rules
        self.proc = PROCEDURES[rules.id]
        self.stakes = STAKES[rules.id]
        #: The King inherits only while the Queen lies in the stock (knlib.deal, _ole_right).
        self.sleeps_in_stock = (self.proc.queen_sleeps_in_stock
                                or rules.options.get("sleeping_queen") == "in_stock")
        c = len(_PAIRS)
        self.beats = np.zeros((c, 53, 53), dtype=bool)
        self.strength = np.zeros((c, 53), dtype=np.int64)
        self.takers = np.zeros((c, 53), dtype=np.uint64)
        self.pair_id = np.full((4, 4), -1, dtype=np.int64)
        for k, (a, b) in enumerate(_PAIRS):
            self.pair_id[a, b] = self.pair_id[b, a] = k
            t = tables(rules, (SUITS[a], SUITS[b]))
            assert t.beats is not None
            self.beats[k, :52, :52] = np.frombuffer(t.beats, dtype=np.uint8).reshape(52, 52) != 0
            self.strength[k, :52] = t.strength
            self.takers[k, :52] = np.array(t.takers, dtype=np.uint64)
        self.bit = np.zeros(53, dtype=np.uint64)
        self.bit[:52] = np.uint64(1) << np.arange(52, dtype=np.uint64)
        self.pack = np.array([c.index for c in rules.pack], dtype=np.int64)
        self.pack_bits = np.uint64(sum(1 << c.index for c in rules.pack))
        self.suit = np.arange(53) // 13
        self.ole = np.zeros(53, dtype=bool)
        self.ole[[c.index for c in OLE_CARDS]] = True
        # Deck position of each seat's hand slots, per dealer (packets from forehand).
        packets = self.proc.packets
        self.hand_size = sum(packets)
        self.gather = np.zeros((4, 4, self.hand_size), dtype=np.int64)
        for d in range(4):
            pos = 0
            taken = [0] * 4
            for size in packets:
                for j in range(4):
                    s = (d + 1 + j) % 4
                    for x in range(size):
                        self.gather[d, s, taken[s] + x] = pos + x
                    taken[s] += size
                    pos += size
        self.dealt = pos


def _kit(rules: Ruleset) -> _Kit:
    kit = _KITS.get(rules.key)
    if kit is None:
        kit = _KITS[rules.key] = _Kit(rules)
    return kit


def _popcount(x: Any) -> Any:
    np = _np()
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(x).astype(np.int64)
    # numpy < 2.0: count the bits of each byte
    b = x[..., None].view(np.uint8)
    return np.unpackbits(b, axis=-1).sum(axis=-1).astype(np.int64)  # pragma: no cover


# -- the fast path: state --------------------------------------------------------------------------


class _State:
    """Many deals in the play, as arrays (rows are deals)."""

    def __init__(self, kit: _Kit, n: int) -> None:
        np = _np()
        h = kit.hand_size
        self.n = n
        self.cid = np.zeros(n, dtype=np.int64)
        self.hand = np.full((n, 4, h), -1, dtype=np.int64)
        self.hbits = np.zeros((n, 4), dtype=np.uint64)
        self.seen = np.zeros(n, dtype=np.uint64)
        self.leader = np.zeros(n, dtype=np.int64)
        self.npos = np.zeros(n, dtype=np.int64)
        self.tcards = np.full((n, 4), -1, dtype=np.int64)
        self.ahead_pos = np.zeros(n, dtype=np.int64)
        self.ahead_card = np.full(n, -1, dtype=np.int64)
        self.won = np.zeros((n, 2), dtype=np.int64)
        self.ntr = np.zeros(n, dtype=np.int64)
        self.streak = np.full(n, -1, dtype=np.int64)  # -1 none yet, side, -2 broken
        self.first_winner = np.full(n, -1, dtype=np.int64)
        self.lone = np.ones(n, dtype=bool)
        self.march = np.full(n, -1, dtype=np.int64)
        self.march_len = np.full(n, h, dtype=np.int64)
        self.turns = np.zeros(n, dtype=np.int64)
        self.phase = np.zeros(n, dtype=np.int64)
        self.to_move = np.zeros(n, dtype=np.int64)
        self.twin = np.full((n, h), -1, dtype=np.int64)
        self.rwin = np.full(n, -1, dtype=np.int64)
        self.rkind = np.full(n, -1, dtype=np.int64)
        self.rvalue = np.zeros(n, dtype=np.int64)
        self.ctr = np.zeros(n, dtype=np.int64)


def _take(st: _State, idx: Any) -> _State:
    """A new state of the rows ``idx`` of ``st`` (rows may repeat)."""
    new = _State.__new__(_State)
    for k, v in vars(st).items():
        setattr(new, k, v[idx] if hasattr(v, "shape") else v)
    new.n = len(idx)
    return new


class _Forced:
    """The first decision of some rows, given from outside: ``card`` (-1: none) and
    ``flag`` (lead face down, run, or play on)."""

    def __init__(self, card: Any, flag: Any) -> None:
        self.card = card
        self.flag = flag


class _Draw:
    """Where random choices come from: numpy's generator, or a script of uniforms per deal
    (each decision of a deal takes the next number, as :class:`UniformScript` does)."""

    def __init__(self, rng: Any = None, script: Any = None,
                 forced: _Forced | None = None) -> None:
        self.rng = rng
        self.script = script
        self.forced = forced

    def __call__(self, st: _State, rows: Any) -> Any:
        if self.script is not None:
            u = self.script[rows, st.ctr[rows]]
            st.ctr[rows] += 1
            return u
        return self.rng.random(len(rows))


def _nth_valid(valid: Any, j: Any) -> Any:
    """Position of the j-th (0-based) True in each row of ``valid``."""
    np = _np()
    cs = np.cumsum(valid, axis=1)
    return np.argmax(cs > j[:, None], axis=1)


def _unseen(kit: _Kit, st: _State, rows: Any, seat: Any) -> Any:
    return kit.pack_bits & ~st.hbits[rows, seat] & ~st.seen[rows]


def _takers_count(kit: _Kit, st: _State, rows: Any, h: Any, unseen: Any) -> Any:
    tk = kit.takers[st.cid[rows][:, None], h]
    return _popcount(tk & unseen[:, None])


def _remove(kit: _Kit, st: _State, rows: Any, seat: Any, pos: Any) -> Any:
    card = st.hand[rows, seat, pos]
    st.hand[rows, seat, pos] = -1
    st.hbits[rows, seat] &= ~kit.bit[card]
    return card


def _finish(kit: _Kit, st: _State, rows: Any, kind: int | Any, side: Any) -> None:
    np = _np()
    sk = kit.stakes
    kind = np.broadcast_to(np.asarray(kind), rows.shape)
    base = np.full(rows.shape, sk.basic, dtype=np.int64)
    if sk.jann is not None:
        lone = st.lone[rows] & kit.proc.lone_crosses
        jann = np.where(lone & (sk.lone_jann is not None), sk.lone_jann or 0, sk.jann)
        march = np.where(lone & (sk.lone_march is not None), sk.lone_march or 0, sk.march)
        base = np.where(kind == K_JANN, jann, base)
        base = np.where(kind == K_MARCH, march, base)
        base = np.where(kind == K_FAILED, sk.march, base)
    st.rvalue[rows] = base + st.turns[rows] * sk.turn
    st.rwin[rows] = side
    st.rkind[rows] = kind
    st.phase[rows] = PH_OVER


def _step(kit: _Kit, st: _State, pol: Any, draw: _Draw) -> bool:
    """One decision for every deal still in play; False when all are over."""
    np = _np()
    live = np.nonzero(st.phase != PH_OVER)[0]
    if live.size == 0:
        return False
    ph = st.phase[live]
    lead_rows = live[(ph == PH_PLAY) & (st.npos[live] == 0)]
    follow_rows = live[(ph == PH_PLAY) & (st.npos[live] > 0)]
    answer_rows = live[ph == PH_ANSWER]
    jann_rows = live[ph == PH_JANN]
    if lead_rows.size:
        _lead(kit, st, lead_rows, pol, draw)
    if follow_rows.size:
        _follow(kit, st, follow_rows, pol, draw)
    if answer_rows.size:
        _answer(kit, st, answer_rows, pol, draw)
    if jann_rows.size:
        _jann(kit, st, jann_rows, pol, draw)
    return True


def _lead(kit: _Kit, st: _State, rows: Any, pol: Any, draw: _Draw) -> None:
    np = _np()
    seat = st.to_move[rows]
    code = pol[rows, seat]
    h = st.hand[rows, seat]
    valid = h >= 0
    m = valid.sum(axis=1)
    can_down = (kit.proc.drehen == "any") & (st.march[rows] < 0)
    pos = np.zeros(rows.size, dtype=np.int64)
    down = np.zeros(rows.size, dtype=bool)
    rnd = (code == 0) | (code == _SCRIPT) | (code == 1)
    if rnd.any():
        r = np.nonzero(rnd)[0]
        u = draw(st, rows[r])
        with_down = can_down[r] & (code[r] != 1)
        total = m[r] * np.where(with_down, 2, 1)
        k = (u * total).astype(np.int64)
        dn = k >= m[r]
        j = np.where(dn, k - m[r], k)
        pos[r] = _nth_valid(valid[r], j)
        down[r] = dn
    fo = code == _FORCED
    if fo.any():
        r = np.nonzero(fo)[0]
        pos[r] = np.argmax(h[r] == draw.forced.card[rows[r]][:, None], axis=1)
        down[r] = draw.forced.flag[rows[r]]
    rl = code == 2
    if rl.any():
        r = np.nonzero(rl)[0]
        rr = rows[r]
        hr = h[r]
        unseen = _unseen(kit, st, rr, seat[r])
        tk = _takers_count(kit, st, rr, hr, unseen)
        strength = kit.strength[st.cid[rr][:, None], hr]
        key = (tk << 14) | (strength << 6) | np.where(hr >= 0, hr, 63)
        key = np.where(valid[r], key, np.iinfo(np.int64).max)
        pos[r] = np.argmin(key, axis=1)
        sure = ((tk == 0) & valid[r]).sum(axis=1)
        side = seat[r] % 2
        need = kit.proc.target - st.won[rr, side]
        streak = st.streak[rr]
        open_ = (streak == -1) | (streak == side)
        down[r] = can_down[r] & (sure > 0) & (sure >= need) & ~open_
    card = _remove(kit, st, rows, seat, pos)
    st.tcards[rows, 0] = card
    st.npos[rows] = 1
    st.leader[rows] = seat
    st.ahead_pos[rows] = 0
    st.ahead_card[rows] = card
    plain = rows[~down]
    st.seen[plain] |= kit.bit[card[~down]]
    st.to_move[plain] = (seat[~down] + 1) % 4
    dn_rows = rows[down]
    st.phase[dn_rows] = PH_ANSWER
    st.to_move[dn_rows] = (seat[down] + 1) % 4


def _yes_or_no(kit: _Kit, st: _State, rows: Any, seat: Any, code: Any, draw: _Draw,
               coin: Any, rule: Callable[[Any, Any, Any, Any], Any]) -> Any:
    """One yes/no decision per row (run? play on?): a coin flip where ``coin`` is set, the
    scripted answer for forced rows, and ``rule(r, rr, h, takers)`` for rule-based rows."""
    np = _np()
    out = np.zeros(rows.size, dtype=bool)
    if coin.any():
        r = np.nonzero(coin)[0]
        out[r] = (draw(st, rows[r]) * 2).astype(np.int64) == 1
    fo = code == _FORCED
    if fo.any():
        out[fo] = draw.forced.flag[rows[fo]]
    rl = code == 2
    if rl.any():
        r = np.nonzero(rl)[0]
        rr = rows[r]
        h = st.hand[rr, seat[r]]
        unseen = _unseen(kit, st, rr, seat[r])
        out[r] = rule(r, rr, h, _takers_count(kit, st, rr, h, unseen))
    return out


def _answer(kit: _Kit, st: _State, rows: Any, pol: Any, draw: _Draw) -> None:
    np = _np()
    seat = st.to_move[rows]
    code = pol[rows, seat]

    def run_rule(r: Any, rr: Any, h: Any, tk: Any) -> Any:
        strong = ((tk <= 2) & (h >= 0)).sum(axis=1)
        side = seat[r] % 2
        our_need = kit.proc.target - st.won[rr, side]
        their_need = kit.proc.target - st.won[rr, 1 - side]
        return (their_need <= 2) & (strong + 1 < our_need)

    run = _yes_or_no(kit, st, rows, seat, code, draw, (code == 0) | (code == _SCRIPT), run_rule)
    ran = rows[run]
    if ran.size:
        # Running from a face-down lead during a march (drehen_in_march='legal') ends the
        # march as failed: the runners win (knlib.deal, Deal._answer).
        failed = st.march[ran] >= 0
        side = seat[run] % 2
        _finish(kit, st, ran, np.where(failed, K_FAILED, K_RUN), np.where(failed, side, 1 - side))
    saw = rows[~run]
    st.turns[saw] += 1
    st.seen[saw] |= kit.bit[st.tcards[saw, 0]]
    st.phase[saw] = PH_PLAY
    st.to_move[saw] = (st.leader[saw] + 1) % 4


def _follow(kit: _Kit, st: _State, rows: Any, pol: Any, draw: _Draw) -> None:
    np = _np()
    seat = st.to_move[rows]
    code = pol[rows, seat]
    h = st.hand[rows, seat]
    valid = h >= 0
    pos = np.zeros(rows.size, dtype=np.int64)
    rnd = (code != 2) & (code != _FORCED)
    if rnd.any():
        r = np.nonzero(rnd)[0]
        m = valid[r].sum(axis=1)
        k = (draw(st, rows[r]) * m).astype(np.int64)
        pos[r] = _nth_valid(valid[r], k)
    fo = code == _FORCED
    if fo.any():
        r = np.nonzero(fo)[0]
        pos[r] = np.argmax(h[r] == draw.forced.card[rows[r]][:, None], axis=1)
    rl = code == 2
    if rl.any():
        r = np.nonzero(rl)[0]
        rr = rows[r]
        hr = h[r]
        cid = st.cid[rr]
        strength = kit.strength[cid[:, None], hr]
        key = (strength << 6) | np.where(hr >= 0, hr, 63)
        key = np.where(valid[r], key, np.iinfo(np.int64).max)
        ahead_seat = (st.leader[rr] + st.ahead_pos[rr]) % 4
        partner = (ahead_seat % 2) == (seat[r] % 2)
        takes = kit.beats[cid[:, None], st.ahead_card[rr][:, None], hr] & valid[r]
        can = takes.any(axis=1) & ~partner
        key_take = np.where(takes, key, np.iinfo(np.int64).max)
        pos[r] = np.where(can, np.argmin(key_take, axis=1), np.argmin(key, axis=1))
    card = _remove(kit, st, rows, seat, pos)
    npos = st.npos[rows]
    st.tcards[rows, npos] = card
    st.seen[rows] |= kit.bit[card]
    took = kit.beats[st.cid[rows], st.ahead_card[rows], card]
    st.ahead_pos[rows] = np.where(took, npos, st.ahead_pos[rows])
    st.ahead_card[rows] = np.where(took, card, st.ahead_card[rows])
    st.npos[rows] = npos + 1
    done = npos + 1 == 4
    st.to_move[rows[~done]] = (seat[~done] + 1) % 4
    if done.any():
        _end_trick(kit, st, rows[done])


def _end_trick(kit: _Kit, st: _State, rows: Any) -> None:
    np = _np()
    w = (st.leader[rows] + st.ahead_pos[rows]) % 4
    side = w % 2
    st.won[rows, side] += 1
    st.twin[rows, st.ntr[rows]] = w
    st.ntr[rows] += 1
    ntr = st.ntr[rows]
    streak = st.streak[rows]
    st.streak[rows] = np.where(ntr == 1, side, np.where(streak == side, side, -2))
    first = np.where(ntr == 1, w, st.first_winner[rows])
    st.first_winner[rows] = first
    st.lone[rows] &= w == first
    st.npos[rows] = 0
    st.to_move[rows] = w
    st.leader[rows] = w
    march = st.march[rows]
    marching = march >= 0
    failed = marching & (side != march)
    made = marching & ~failed & (ntr == st.march_len[rows])
    if failed.any():
        _finish(kit, st, rows[failed], K_FAILED, side[failed])
    if made.any():
        _finish(kit, st, rows[made], K_MARCH, side[made])
    reached = ~marching & (st.won[rows, side] >= kit.proc.target)
    jann = reached & kit.proc.jann & (st.streak[rows] == side)
    if jann.any():
        st.phase[rows[jann]] = PH_JANN
    game = reached & ~jann
    if game.any():
        _finish(kit, st, rows[game], K_GAME, side[game])


def _jann(kit: _Kit, st: _State, rows: Any, pol: Any, draw: _Draw) -> None:
    seat = st.to_move[rows]
    code = pol[rows, seat]

    def march_rule(r: Any, rr: Any, h: Any, tk: Any) -> Any:
        sure = ((tk == 0) & (h >= 0)).sum(axis=1)
        return sure >= st.march_len[rr] - st.ntr[rr]

    on = _yes_or_no(kit, st, rows, seat, code, draw, (code != 2) & (code != _FORCED),
                    march_rule)
    side = seat % 2
    stop = rows[~on]
    if stop.size:
        _finish(kit, st, stop, K_JANN, side[~on])
    go = rows[on]
    st.march[go] = side[on]
    st.phase[go] = PH_PLAY


# -- the fast path: dealing -----------------------------------------------------------------------


def _shuffled_decks(kit: _Kit, n: int, rng: Any) -> Any:
    np = _np()
    return kit.pack[rng.permuted(np.tile(np.arange(kit.pack.size), (n, 1)), axis=1)]


def _turned(kit: _Kit, decks: Any) -> Any:
    """How many cards are turned for the chosen suits (0: four of one suit, a redeal)."""
    np = _np()
    s = kit.suit[decks[:, kit.dealt:kit.dealt + 4]]
    same1 = s[:, 1] == s[:, 0]
    same2 = s[:, 2] == s[:, 0]
    same3 = s[:, 3] == s[:, 0]
    return np.where(~same1, 2, np.where(~same2, 3, np.where(~same3, 4, 0)))


def _deal(kit: _Kit, decks: Any, dealers: Any, pol: Any, draw: _Draw, *,
          bits: bool = True) -> tuple[_State, Any, Any]:
    """Lay out pack orders by the game's procedure, make the exchanges, start the play.
    Returns the state, the turned count per deal and ``at``: for each card the flat
    position (seat * hand size + slot) of the hand holding it at the start of the play, or
    -1. ``bits``: fill in the hand and seen bit masks the rule-based player needs."""
    np = _np()
    n = decks.shape[0]
    st = _State(kit, n)
    rows = np.arange(n)
    hs = kit.hand_size
    gather = kit.gather[dealers]  # (n, 4, h)
    hand = np.take_along_axis(decks, gather.reshape(n, 4 * hs), axis=1)  # (n, 4h), flat
    at = np.full((n, 53), -1, dtype=np.int16)
    at[rows[:, None], hand] = np.arange(4 * hs, dtype=np.int16)[None, :]
    k = _turned(kit, decks)
    if (k == 0).any():
        raise RulesError("a pack order of the batch gives a redeal")
    base = kit.dealt
    first = kit.suit[decks[:, base]]
    last = kit.suit[decks[rows, base + k - 1]]
    st.cid = kit.pair_id[first, last]
    turned = np.where(np.arange(4)[None, :] < k[:, None], decks[:, base:base + 4], -1)
    table = turned.copy()
    obtained = np.full((n, 2), -1, dtype=np.int64)
    cid = st.cid
    if kit.proc.low_rank == 10:
        # The Ten exchanges, in turn from forehand, each holder's first chosen suit first
        # (knlib.deal: DEAL_QUESTIONS 'exchange_order').
        offers = []
        for j, suit in enumerate((first, last)):
            ten = suit * 13 + 8
            pos = at[rows, ten].astype(np.int64)
            place = (pos // hs - dealers - 1) % 4
            offers.append((ten, pos, place * 2 + j))
        goes_first = offers[0][2] <= offers[1][2]
        for turn in (0, 1):
            for j in (0, 1):
                ten, pos, _ = offers[j]
                now = goes_first if (turn == 0) == (j == 0) else ~goes_first
                r = np.nonzero((pos >= 0) & now)[0]
                if r.size == 0:
                    continue
                # Options: turn-ups of this suit (the first suit's are all but the last).
                if j == 0:
                    nopt = k[r] - 1
                    opt_ok = np.arange(3)[None, :] < nopt[:, None]
                    opts = np.where(opt_ok, turned[r, :3], -1)
                else:
                    nopt = np.ones(r.size, dtype=np.int64)
                    opts = np.full((r.size, 3), -1, dtype=np.int64)
                    opts[:, 0] = turned[r, k[r] - 1]
                    opt_ok = opts >= 0
                code = pol[r, pos[r] // hs]
                choice = np.full(r.size, -1, dtype=np.int64)  # option index, -1 = pass
                rnd = code != 2
                if rnd.any():
                    q = np.nonzero(rnd)[0]
                    idx = (draw(st, r[q]) * (nopt[q] + 1)).astype(np.int64)
                    choice[q] = np.where(idx < nopt[q], idx, -1)
                rl = ~rnd
                if rl.any():
                    q = np.nonzero(rl)[0]
                    sv = np.where(opt_ok[q], kit.strength[cid[r[q]][:, None], opts[q]], -1)
                    best = np.argmax(sv, axis=1)
                    better = sv[np.arange(q.size), best] > kit.strength[cid[r[q]], ten[r[q]]]
                    choice[q] = np.where(better, best, -1)
                take = choice >= 0
                t = r[take]
                got = opts[take, choice[take]]
                p = pos[t]
                hand[t, p] = got
                at[t, got] = p
                at[t, ten[t]] = -1
                obtained[t, j] = got
                # The Ten lies on the table where the turn-up was.
                table[t, np.argmax(turned[t] == got[:, None], axis=1)] = ten[t]
    if kit.proc.bottom_olen:
        # Olen from the bottom of the stock for the Queen of their suit (the King if she
        # sleeps), up to three (seed 000, 'The Deal and Exchange').
        r = rows
        for it in range(3):
            b = decks[r, decks.shape[1] - 1 - it]
            keep = kit.ole[b]
            r, b = r[keep], b[keep]
            if r.size == 0:
                break
            suit = kit.suit[b]
            queen, king = suit * 13 + 10, suit * 13 + 11
            qpos, kpos = at[r, queen].astype(np.int64), at[r, king].astype(np.int64)
            q_obt = (obtained[r] == queen[:, None]).any(axis=1)
            k_obt = (obtained[r] == king[:, None]).any(axis=1)
            use_q = (qpos >= 0) & ~q_obt
            use_k = (qpos < 0) & (kpos >= 0) & ~k_obt
            if kit.sleeps_in_stock:  # a Queen face up on the table is not sleeping
                use_k &= ~(table[r] == queen[:, None]).any(axis=1)
            offer = use_q | use_k
            r, b, use_q = r[offer], b[offer], use_q[offer]
            if r.size == 0:
                break
            pos = np.where(use_q, qpos[offer], kpos[offer])
            give = np.where(use_q, queen[offer], king[offer])
            code = pol[r, pos // hs]
            take = np.zeros(r.size, dtype=bool)
            rnd = code != 2
            if rnd.any():
                q = np.nonzero(rnd)[0]
                take[q] = (draw(st, r[q]) * 2).astype(np.int64) == 0
            rl = ~rnd
            if rl.any():
                q = np.nonzero(rl)[0]
                take[q] = kit.strength[cid[r[q]], b[q]] > kit.strength[cid[r[q]], give[q]]
            r, b, pos, give = r[take], b[take], pos[take], give[take]
            hand[r, pos] = b
            at[r, b] = pos
            at[r, give] = -1
    if kit.proc.table_olen:
        # The cutter's bottom three cards: each Ole among them lies face up on the table for
        # the Queen of its suit, or the King while she sleeps in the stock; a Queen (King)
        # given lies on the table in its place (knlib.deal, _next_table; FAST_GAMES holds
        # no game where only a chosen Queen may take one).
        up = np.full((n, 3), -1, dtype=np.int64)
        for it in range(3):
            b = decks[:, decks.shape[1] - 1 - it]
            ole = kit.ole[b]
            up[:, it] = np.where(ole, b, -1)
            r, b = rows[ole], b[ole]
            suit = kit.suit[b]
            queen, king = suit * 13 + 10, suit * 13 + 11
            qpos, kpos = at[r, queen].astype(np.int64), at[r, king].astype(np.int64)
            q_obt = (obtained[r] == queen[:, None]).any(axis=1)
            k_obt = (obtained[r] == king[:, None]).any(axis=1)
            face_up = ((table[r] == queen[:, None]).any(axis=1)
                       | (up[r] == queen[:, None]).any(axis=1))
            use_q = (qpos >= 0) & ~q_obt
            use_k = (qpos < 0) & ~face_up & (kpos >= 0) & ~k_obt
            offer = use_q | use_k
            r, b, use_q = r[offer], b[offer], use_q[offer]
            if r.size == 0:
                continue
            pos = np.where(use_q, qpos[offer], kpos[offer])
            give = np.where(use_q, queen[offer], king[offer])
            code = pol[r, pos // hs]
            take = np.zeros(r.size, dtype=bool)
            rnd = code != 2
            if rnd.any():
                q = np.nonzero(rnd)[0]
                take[q] = (draw(st, r[q]) * 2).astype(np.int64) == 0
            rl = ~rnd
            if rl.any():
                q = np.nonzero(rl)[0]
                take[q] = kit.strength[cid[r[q]], b[q]] > kit.strength[cid[r[q]], give[q]]
            r, b, pos, give = r[take], b[take], pos[take], give[take]
            hand[r, pos] = b
            at[r, b] = pos
            at[r, give] = -1
            up[r, it] = give
        table = np.concatenate([table, up], axis=1)
    st.hand = hand.reshape(n, 4, hs)
    if bits:
        # The table's cards are seen by all; each seat's hand as a bit mask.
        st.seen = np.bitwise_or.reduce(kit.bit[table], axis=1)
        st.hbits = np.bitwise_or.reduce(kit.bit[st.hand], axis=2)
    lead = (dealers + 1) % 4
    st.to_move = lead
    st.leader = lead.copy()
    return st, k, at


def _run(kit: _Kit, st: _State, pol: Any, draw: _Draw) -> None:
    while _step(kit, st, pol, draw):
        pass


def _run_random(kit: _Kit, st: _State, pol: Any, draw: _Draw) -> None:
    """The random players' fast path: every seat plays the cards of its hand in the order
    it holds them, one per trick. Dealt from a shuffled pack, a hand's order is uniformly
    random, so this is the same as choosing a random card at every turn (a Ten exchanged
    keeps its place, which keeps the order random). Drehen, seeing or running and the
    Jann choice are coin flips, as for :class:`~knlib.bots.RandomPlayer` (with
    ``drehen=False``: no face-down lead, always see). Tricks are decided for all deals at
    once, three beat-table look-ups a trick."""
    np = _np()
    rows_all = np.arange(st.n)
    can_turn = kit.proc.drehen == "any"
    for t in range(kit.hand_size):
        live = np.nonzero(st.phase == PH_PLAY)[0]
        if live.size == 0:
            break
        lead = st.to_move[live]
        cid = st.cid[live]
        if can_turn:
            # A random leader (not random-cards) leads face down half the time, unless
            # its side is marching; the next opponent then sees or runs at random.
            cand = (pol[live, lead] != 1) & (st.march[live] < 0)
            r = np.nonzero(cand)[0]
            if r.size:
                down = (draw(st, live[r]) * 2).astype(np.int64) == 1
                r = r[down]
            if r.size:
                ans = (lead[r] + 1) % 4
                rnd = pol[live[r], ans] != 1
                run = np.zeros(r.size, dtype=bool)
                q = np.nonzero(rnd)[0]
                if q.size:
                    run[q] = (draw(st, live[r[q]]) * 2).astype(np.int64) == 1
                ran = live[r[run]]
                if ran.size:
                    st.tcards[ran, 0] = st.hand[ran, lead[r[run]], t]
                    _finish(kit, st, ran, K_RUN, lead[r[run]] % 2)
                st.turns[live[r[~run]]] += 1
                keep = st.phase[live] == PH_PLAY
                live, lead, cid = live[keep], lead[keep], cid[keep]
        hand_t = st.hand[live, :, t]
        base = cid * (53 * 53)
        flat = kit.beats.reshape(-1)
        ahead = hand_t[rows_all[:live.size], lead]
        pos = np.zeros(live.size, dtype=np.int64)
        for i in (1, 2, 3):
            c = hand_t[rows_all[:live.size], (lead + i) % 4]
            took = flat[base + ahead * 53 + c]
            ahead = np.where(took, c, ahead)
            pos = np.where(took, i, pos)
        st.leader[live] = lead
        st.ahead_pos[live] = pos
        _end_trick(kit, st, live)
        jrows = np.nonzero(st.phase[live] == PH_JANN)[0]
        if jrows.size:
            j = live[jrows]
            on = (draw(st, j) * 2).astype(np.int64) == 1
            side = st.to_move[j] % 2
            if (~on).any():
                _finish(kit, st, j[~on], K_JANN, side[~on])
            st.march[j[on]] = side[on]
            st.phase[j[on]] = PH_PLAY


def _policies(codes: Sequence[int], n: int) -> Any:
    np = _np()
    return np.broadcast_to(np.asarray(codes, dtype=np.int64)[None, :], (n, 4))


def fast_deals(game: str | Ruleset, decks: Any, dealers: Any, players: Sequence[Any] = (
               "random",) * 4, *, seed: Any = 0, script: Any = None,
               in_order: bool = False) -> dict[str, Any]:
    """Play given pack orders (``decks``: card indices, top first, one row per deal, as
    ``deal.deck`` gives them) through the fast path and return its arrays: ``winner``,
    ``kind`` (index into :data:`KINDS`), ``value``, ``payments`` (n, 4), ``tricks`` (n, 2),
    ``trick_winners`` (n, 9; -1 after the end), ``turns``, ``cid``, ``turned``, ``holders``.

    ``script`` (n, k) gives the uniform random numbers of each deal in the order of its
    decisions, for every seat (``players`` then only say who plays by the rules): the same
    numbers fed to :class:`UniformScript` in the deal API give the same deal.

    ``in_order`` plays random players by the random fast path (each seat plays its cards
    in the order it holds them; coin flips for the other choices): with ``script``, the
    same as :class:`OrderScript` in the deal API."""
    np = _np()
    rules = ruleset(game)
    kit = _kit(rules)
    decks = np.asarray(decks, dtype=np.int64)
    dealers = np.asarray(dealers, dtype=np.int64)
    codes = [_policy_code(p) for p in players]
    if in_order and 2 in codes:
        raise RulesError("in_order plays random players only")
    if script is not None:
        if not in_order:
            codes = [c if c == 2 else _SCRIPT for c in codes]
        script = np.asarray(script, dtype=np.float64)
    pol = _policies(codes, decks.shape[0])
    draw = _Draw(np.random.default_rng(seed), script)
    st, k, at = _deal(kit, decks, dealers, pol, draw)
    holders = _holders_array(kit, at)
    (_run_random if in_order else _run)(kit, st, pol, draw)
    return _arrays(kit, st, k, holders)


def _holders_array(kit: _Kit, at: Any) -> Any:
    """(n, 52): the seat holding each card at the start of the play, -1 elsewhere."""
    np = _np()
    a = at[:, :52]
    return np.where(a >= 0, a // kit.hand_size, -1).astype(np.int8)


def _arrays(kit: _Kit, st: _State, k: Any, holders: Any) -> dict[str, Any]:
    np = _np()
    win = st.rwin
    sides = np.arange(4)[None, :] % 2
    pays = np.where(sides == win[:, None], st.rvalue[:, None], -st.rvalue[:, None])
    return {"winner": win, "kind": st.rkind, "value": st.rvalue, "payments": pays,
            "tricks": st.won, "trick_winners": st.twin, "n_tricks": st.ntr,
            "turns": st.turns, "cid": st.cid, "turned": k, "holders": holders,
            "march_attempted": st.march >= 0}


def _simulate_fast(rules: Ruleset, n_deals: int, codes: list[int], labels: tuple[str, ...],
                   seed: Any, progress: bool | None, batch: int, keep_holders: bool
                   ) -> SimResult:
    np = _np()
    kit = _kit(rules)
    rng = np.random.default_rng(_np_seed(seed))
    parts: list[dict[str, Any]] = []
    bar = _progress(n_deals, progress, f"{rules.id} (fast path)")
    done = 0
    while done < n_deals:
        m = min(batch, n_deals - done)
        decks = _shuffled_decks(kit, m, rng)
        while True:
            bad = _turned(kit, decks) == 0
            if not bad.any():
                break
            decks[bad] = _shuffled_decks(kit, int(bad.sum()), rng)
        dealers = (np.arange(done, done + m) % 4).astype(np.int64)
        pol = _policies(codes, m)
        draw = _Draw(rng)
        st, k, at = _deal(kit, decks, dealers, pol, draw, bits=2 in codes)
        holders = _holders_array(kit, at) if keep_holders else None
        (_run_random if 2 not in codes else _run)(kit, st, pol, draw)
        out = _arrays(kit, st, k, holders)
        out["dealer"] = dealers
        parts.append(out)
        done += m
        bar.update(m)
    bar.close()
    if not parts:
        empty = _State(kit, 0)
        parts.append(_arrays(kit, empty, np.zeros(0, dtype=np.int64),
                             np.zeros((0, 52), dtype=np.int8) if keep_holders else None))
        parts[0]["dealer"] = np.zeros(0, dtype=np.int64)
    cat = {key: (None if parts[0][key] is None else np.concatenate([p[key] for p in parts]))
           for key in parts[0]}
    return _fast_result(rules, kit, n_deals, labels, seed, cat)


def _np_seed(seed: Any) -> Any:
    if seed is None or isinstance(seed, int):
        return seed
    return random.Random(seed).getrandbits(63)


_PAIR_TEXT = ["".join(SUITS[x] for x in p) for p in _PAIRS]


def _fast_result(rules: Ruleset, kit: _Kit, n: int, labels: tuple[str, ...], seed: Any,
                 cat: dict[str, Any]) -> SimResult:
    np = _np()
    kind = cat["kind"]
    win = cat["winner"]
    cols: dict[str, Any] = {
        "deal": np.arange(n),
        "dealer": cat["dealer"],
        "chosen": np.array(_PAIR_TEXT)[cat["cid"]],
        "turned": cat["turned"],
        "winner": win,
        "kind": np.array(KINDS)[kind],
        "tricks0": cat["tricks"][:, 0],
        "tricks1": cat["tricks"][:, 1],
        "n_tricks": cat["n_tricks"],
        "jann": kind == K_JANN,
        "march_attempted": cat["march_attempted"],
        "march_made": kind == K_MARCH,
        "turns": cat["turns"],
        "ran_away": kind == K_RUN,
        "value": cat["value"],
        "payments": cat["payments"],
        "trick_winners": cat["trick_winners"],
    }
    side_wins = (int((win == 0).sum()), int((win == 1).sum()))
    totals = tuple(int(x) for x in cat["payments"].sum(axis=0)) if n else (0, 0, 0, 0)
    return SimResult(rules.id, n, labels, seed, True, kit.stakes.unit, side_wins,
                     int((kind == K_JANN).sum()), int(cat["march_attempted"].sum()),
                     int((kind == K_MARCH).sum()), int((kind == K_RUN).sum()),
                     int(cat["turns"].sum()), totals, cols, cat["holders"])


# -- scripted random player (for checking the fast path against the deal API) ----------------------


class UniformScript:
    """A player for every seat that takes each decision from a list of uniform numbers in
    [0, 1): the action at index ``int(u * len(legal))`` of ``deal.legal_actions()``, one
    number per decision of the deal. :func:`fast_deals` with the same numbers makes the
    same choices. ``rules_seats`` play by :class:`~knlib.bots.RulePlayer` instead (no
    number is used). Like every computer player it never leads face down while its side
    plays for the march (:func:`~knlib.bots.never_turn_in_march`)."""

    name = "script"

    def __init__(self, numbers: Sequence[float], rules_seats: Iterable[int] = ()) -> None:
        self.numbers = list(numbers)
        self.k = 0
        self.rules_seats = set(rules_seats)
        self.rules = RulePlayer()

    def choose(self, deal: Deal) -> Any:
        if deal.to_move in self.rules_seats:
            return self.rules.choose(deal)
        acts = never_turn_in_march(deal, deal.legal_actions())
        u = self.numbers[self.k]
        self.k += 1
        return acts[int(u * len(acts))]


class OrderScript:
    """A player for every seat that plays as the random fast path does (``in_order``):
    each seat plays the first card it holds; a leader who may lead face down does so when
    the next number is at least 0.5; exchanges, seeing or running and the Jann choice take
    the action at index ``int(u * len(legal))``. ``cards_only_seats`` play like
    ``RandomPlayer(drehen=False)``: no face-down lead, always see."""

    name = "order script"

    def __init__(self, numbers: Sequence[float], cards_only_seats: Iterable[int] = ()) -> None:
        self.numbers = list(numbers)
        self.k = 0
        self.cards_only = set(cards_only_seats)

    def _u(self) -> float:
        u = self.numbers[self.k]
        self.k += 1
        return u

    def choose(self, deal: Deal) -> Any:
        acts = never_turn_in_march(deal, deal.legal_actions())
        seat = deal.to_move
        phase = deal.phase
        if phase == "play":
            first = next(a for a in acts if a.kind == "play")
            downs = [a for a in acts if a.kind == "down"]
            if downs and seat not in self.cards_only and int(self._u() * 2) == 1:
                return next(a for a in downs if a.card is first.card)
            return first
        if phase == "answer" and seat in self.cards_only:
            return acts[0]
        return acts[int(self._u() * len(acts))]


# -- playouts for the sampling player -------------------------------------------------------------


def supports_playouts(deal: Deal) -> bool:
    """True if the fast path can play this deal on from its present state."""
    if deal.rules.id not in FAST_GAMES or deal.players != 4 or deal.phase not in (
            "play", "answer", "Jann"):
        return False
    if _fast_table(deal.rules) is None:
        return False
    try:
        _np()
    except ImportError:  # pragma: no cover - numpy is a test requirement
        return False
    return True


def _load(kit: _Kit, deals: Sequence[Deal]) -> _State:
    """Deals in play, as a fast-path state (each deal's present position)."""
    np = _np()
    n = len(deals)
    st = _State(kit, n)
    hs = kit.hand_size
    hand = np.full((n, 4, hs), -1, dtype=np.int64)
    seen = [0] * n
    for i, d in enumerate(deals):
        for s, h in enumerate(d.hands):
            for j, c in enumerate(h):
                hand[i, s, j] = c.index
        bits = 0
        for c in d.table:
            bits |= 1 << c.index
        winners = []
        for t in d.tricks:
            for c in t.cards:
                bits |= 1 << c.index
            winners.append(t.winner)
        cur = d.current_trick
        face_down = d.current_face_down
        for p, (_, c) in enumerate(cur):
            st.tcards[i, p] = c.index
            if not (p == 0 and face_down):
                bits |= 1 << c.index
        seen[i] = bits
        st.npos[i] = len(cur)
        if cur:
            st.leader[i] = cur[0][0]
            ahead = 0 if face_down else _ahead([c.index for _, c in cur], kit, d)
            st.ahead_pos[i] = ahead
            st.ahead_card[i] = cur[ahead][1].index
        elif winners:
            st.leader[i] = winners[-1]
        won = d.tricks_won
        st.won[i, 0], st.won[i, 1] = won[0], won[1]
        st.ntr[i] = len(winners)
        for k, w in enumerate(winners):
            st.twin[i, k] = w
        if winners:
            sides = {w % 2 for w in winners}
            st.streak[i] = winners[0] % 2 if len(sides) == 1 else -2
            st.first_winner[i] = winners[0]
            st.lone[i] = len(set(winners)) == 1
        m = d.marching
        st.march[i] = -1 if m is None else m
        st.turns[i] = d.turns_accepted
        st.phase[i] = {"play": PH_PLAY, "answer": PH_ANSWER, "Jann": PH_JANN}[d.phase]
        st.to_move[i] = d.to_move
        a, b = sorted(SUITS.index(s) for s in d.chosen)
        st.cid[i] = kit.pair_id[a, b]
    st.hand = hand
    st.seen = np.array(seen, dtype=np.uint64)
    st.hbits = np.bitwise_or.reduce(kit.bit[hand], axis=2)
    return st


def _ahead(idx: list[int], kit: _Kit, d: Deal) -> int:
    fast = tables(d.rules, d.chosen).relation.fast
    assert fast is not None
    return fast.winner(idx)


def playout_wins(worlds: Sequence[Deal], acts: Sequence[Any], side: int | None) -> list[int]:
    """For each action, in how many of the ``worlds`` the side ``side`` wins the deal when
    the player to move takes that action and all four seats then play by the
    :class:`~knlib.bots.RulePlayer` habits (fast path). The worlds are loaded into arrays
    once, copied for every action, and the action is made by the fast path itself."""
    np = _np()
    kit = _kit(worlds[0].rules)
    base = _load(kit, worlds)
    na, nw = len(acts), len(worlds)
    idx = np.tile(np.arange(nw), na)
    st = _take(base, idx)
    n = st.n
    card = np.full(n, -1, dtype=np.int64)
    flag = np.zeros(n, dtype=bool)
    for i, a in enumerate(acts):
        rows = slice(i * nw, (i + 1) * nw)
        if a.kind not in ("play", "down", "see", "run", "stop", "play on"):
            raise RulesError(f"the fast path cannot play {a!r}")
        if a.card is not None:
            card[rows] = a.card.index
        flag[rows] = a.kind in ("down", "run", "play on")
    pol = np.full((n, 4), 2, dtype=np.int64)
    rows = np.arange(n)
    pol[rows, st.to_move] = _FORCED
    draw = _Draw(np.random.default_rng(0), forced=_Forced(card, flag))
    _step(kit, st, pol, draw)
    pol[rows, :] = 2
    _run(kit, st, pol, draw)
    wins = (st.rwin == side).reshape(na, nw).sum(axis=1)
    return [int(x) for x in wins]


# -- what a card is worth ------------------------------------------------------------------------


@dataclass(frozen=True)
class CardValue:
    """How the side holding a card (at the start of the play) fared: ``wins``, the share
    of those deals it won; ``payment``, the mean payment per deal to the player holding
    it; ``label`` names the card by its role (the trick engine's, :func:`knlib.roles`):
    each Ole by itself, other cards by role ('chosen Ace', 'unchosen Ace', 'dud')."""

    label: str
    klass: str
    wins: Proportion
    payment: Mean


def card_label(role: Any) -> str:
    """The group a card's role falls in for :func:`card_values`."""
    if role.klass in ("Ole", "sticker") and role.card.rank in (2, 4, 8, 9):
        sym = role.card.symbol
        return f"{sym} {role.term}" if role.term else f"{sym} {role.name}"
    return role.name


def card_values(result: SimResult) -> list[CardValue]:
    """For every role of the game (each Ole on its own), how the side holding such a card
    fared, strongest-winning first. Needs a result with ``holders`` (``simulate(...,
    holders=True)``); four-player games. A deal with two cards of one role (two chosen
    Aces) counts each holder once."""
    np = _np()
    if result.holders is None:
        raise RulesError("this result has no holders: simulate(..., holders=True)")
    from ..rules import roles as _roles

    holders = np.asarray(result.holders, dtype=np.int64)
    winner = np.asarray(result.columns["winner"], dtype=np.int64)
    pays = np.asarray([list(p) for p in result.column("payments")], dtype=np.int64)
    chosen = np.asarray(result.columns["chosen"])
    labels: dict[str, tuple[str, list[Any], list[Any]]] = {}
    for pair in sorted(set(chosen.tolist())):
        rows = np.nonzero(chosen == pair)[0]
        for card, role in _roles(result.game, pair).items():
            h = holders[rows, card.index]
            held = h >= 0
            r, seat = rows[held], h[held]
            label = card_label(role)
            entry = labels.setdefault(label, (role.klass, [], []))
            entry[1].append(winner[r] == seat % 2)
            entry[2].append(pays[r, seat])
    out = []
    for label, (klass, wins, pay) in labels.items():
        w = np.concatenate(wins)
        p = np.concatenate(pay).astype(float)
        if not w.size:
            continue  # never held at the start of the play (a Ten always exchanged)
        m = float(p.mean()) if p.size else math.nan
        half = 1.96 * float(p.std(ddof=1)) / math.sqrt(p.size) if p.size > 1 else 0.0
        out.append(CardValue(label, klass, Proportion(int(w.sum()), int(w.size)),
                             Mean(m, m - half, m + half, int(p.size))))
    out.sort(key=lambda v: -v.wins.p)
    return out


# -- order of play --------------------------------------------------------------------------------


def order_changes_winner(game: str | Ruleset, n_tricks: int, *, seed: Any = 0, size: int = 4,
                         fixed_lead: bool = True, count_ties: bool = True) -> Proportion:
    """How often the order of play changes the winning card: deal ``n_tricks`` random sets
    of ``size`` cards (a random choice of chosen suits each) and decide every order of
    each set with the trick engine (:func:`knlib.fast_table`, or the rule set where no
    table exists). With ``fixed_lead`` the led card stays first and only the others are
    permuted; otherwise all orders count. Returns the share of sets where the orders do
    not all give the same winning card. ``count_ties=False`` leaves out the sets where
    every possible winner is as strong as the others (two chosen Aces, say): there only
    the ties rule decides, not the chain."""
    from itertools import permutations

    from ..rules.tricks import fast_table

    rules = ruleset(game)
    rng = random.Random(seed)
    pack = [c.index for c in rules.pack]
    changed = 0
    strength = None
    for _ in range(n_tricks):
        chosen = tuple(rng.sample(SUITS, rules.n_chosen))
        table = fast_table(rules, chosen)
        cards = rng.sample(pack, size)
        orders = _orders(cards, fixed_lead, permutations)
        if table is None:
            win = {_slow_winner(rules, chosen, order) for order in orders}
        else:
            win = {order[table.winner(order)] for order in orders}
        if len(win) > 1 and not count_ties:
            strength = tables(rules, chosen).strength
            if len({strength[c] for c in win}) == 1:
                continue
        changed += len(win) > 1
    return Proportion(changed, n_tricks)


def _orders(cards: list[int], fixed_lead: bool, permutations: Any) -> Iterable[tuple[int, ...]]:
    if fixed_lead:
        return ((cards[0], *rest) for rest in permutations(cards[1:]))
    return permutations(cards)


def _slow_winner(rules: Ruleset, chosen: tuple[str, ...], order: tuple[int, ...]) -> int:
    from ..cards import ALL_CARDS

    cards = [ALL_CARDS[i] for i in order]
    return order[rules.ahead_sequence(cards, chosen)[-1]]



# -- matches between the computer players ---------------------------------------------------------

#: The stored matches of the book (tools/run_simulations.py) and of benchmarks/bench_bots.py:
#: side 0 (South and North) against side 1 (West and East).
MATCHES = ("rules-v-random", "sampling-v-rules")


def match_players(match: str, i: int, samples: int = 48) -> list[Any]:
    """The four players of deal ``i`` of a match: 'rules-v-random' (RulePlayer against
    RandomPlayer(2i+1) and RandomPlayer(2i+2)) or 'sampling-v-rules'
    (SamplingPlayer(samples, seed=i) and SamplingPlayer(samples, seed=i+100000) against
    RulePlayer)."""
    from ..players.bots import SamplingPlayer

    rp = RulePlayer()
    if match == "rules-v-random":
        return [rp, RandomPlayer(2 * i + 1), rp, RandomPlayer(2 * i + 2)]
    if match == "sampling-v-rules":
        return [SamplingPlayer(samples=samples, seed=i), rp,
                SamplingPlayer(samples=samples, seed=i + 100_000), rp]
    raise RulesError(f"{match!r} is not a match: choose one of {', '.join(MATCHES)}")


def match_deal(match: str, i: int, first_seed: int, samples: int = 48,
               game: str = "knueffeln") -> Deal:
    """Deal ``i`` of a match, played to its end through the deal API:
    ``new_deal(game, seed=first_seed + i, dealer=i % 4)``."""
    players = match_players(match, i, samples)
    d = new_deal(game, seed=first_seed + i, dealer=i % 4)
    while not d.is_over:
        d.apply(players[d.to_move].choose(d))  # type: ignore[index]
    return d


_KIND_CODE = {"game": "g", "jann": "j", "march": "m", "failed march": "f", "run": "r",
              "conceded": "c"}


def match_rows(match: str, first_seed: int, samples: int, start: int, stop: int
               ) -> list[tuple[int, str, int]]:
    """Deals ``start`` to ``stop`` of a match: (winning side, kind code, cents to South)."""
    out = []
    for i in range(start, stop):
        r = match_deal(match, i, first_seed, samples).result
        assert r is not None
        out.append((r.winner, _KIND_CODE[r.kind], r.payments[0]))
    return out


def match_record(match: str, first_seed: int, samples: int,
                 rows: Sequence[tuple[int, str, int]]) -> dict[str, Any]:
    """A match as stored in ``book/play/data/matches.json``: who played, the deals, side 0's
    wins with the Wilson interval, and each deal's winner, kind and payment to South."""
    deals = len(rows)
    wins = sum(1 for w, _, _ in rows if w == 0)
    lo, hi = wilson(wins, deals)
    sampling = match == "sampling-v-rules"
    side0, side1 = (("RulePlayer()", "RandomPlayer(seed)") if not sampling else
                    (f"SamplingPlayer(samples={samples}, seed)", "RulePlayer()"))
    return {
        "id": match + (f"-{samples}" if sampling else ""),
        "kind": match,
        "side0": side0,
        "side1": side1,
        "samples": samples if sampling else None,
        "deals": deals,
        "first_seed": first_seed,
        "side0_wins": wins,
        "side0_win_rate": round(wins / deals, 6) if deals else None,
        "ci95": [round(lo, 6), round(hi, 6)],
        "winners": "".join(str(w) for w, _, _ in rows),
        "kinds": "".join(k for _, k, _ in rows),
        "payments_seat0": [p for _, _, p in rows],
    }


def play_match(match: str, deals: int, first_seed: int, samples: int = 48) -> dict[str, Any]:
    """Play a match through the deal API and return its :func:`match_record`."""
    return match_record(match, first_seed, samples,
                        match_rows(match, first_seed, samples, 0, deals))


# -- figures ------------------------------------------------------------------------------------


def ci_chart(rows: Sequence[tuple[str, Proportion | Mean]], *, title: str, xlabel: str,
             reference: float | None = None, reference_label: str = "",
             percent: bool = True, ax: Any = None, width: float = 7.0) -> Any:
    """Horizontal bars with 95% intervals, one per (label, Proportion or Mean), each value
    written beside its bar (matplotlib, imported here; a Figure without pyplot). A dashed
    ``reference`` line marks a value to compare with (50%, a target)."""
    from matplotlib.figure import Figure

    fig = None
    if ax is None:
        fig = Figure(figsize=(width, 0.42 * len(rows) + 1.3), dpi=100, layout="constrained")
        ax = fig.add_subplot()
    labels = [r[0] for r in rows]
    vals, lo, hi = [], [], []
    for _, v in rows:
        if isinstance(v, Proportion):
            a, b = v.ci
            vals.append(v.p)
        else:
            a, b = v.ci
            vals.append(v.mean)
        lo.append(vals[-1] - a)
        hi.append(b - vals[-1])
    scale = 100.0 if percent else 1.0
    y = list(range(len(rows)))[::-1]
    ax.barh(y, [v * scale for v in vals], color="#cfe0fb", edgecolor="#1a1a1a", hatch="//",
            height=0.6)
    ax.errorbar([v * scale for v in vals], y, xerr=[[x * scale for x in lo],
                                                    [x * scale for x in hi]],
                fmt="o", color="#1a1a1a", ecolor="#1a1a1a", capsize=3, markersize=3)
    for yy, v, h in zip(y, vals, hi, strict=True):
        text = f"{v * scale:.1f}%" if percent else f"{v:.3g}"
        ax.text((v + h) * scale, yy, "  " + text, va="center", fontsize=9)
    ax.set_ylim(-0.6, len(rows) - 0.05)
    if reference is not None:
        ax.axvline(reference * scale, color="#555555", linestyle="--", linewidth=1)
        if reference_label:
            # Inside the axes, above the top bar.
            ax.text(reference * scale, len(rows) - 0.35, f" {reference_label}", fontsize=8,
                    color="#333333", va="center")
    ax.set_yticks(y)
    ax.set_yticklabels(labels)
    ax.set_xlabel(xlabel)
    ax.set_title(title, loc="left", fontsize=11)
    ax.margins(x=0.18)
    if percent:
        ax.set_xlim(left=min(0.0, min(v - d for v, d in zip(vals, lo, strict=True)) * scale))
    return fig if fig is not None else ax
