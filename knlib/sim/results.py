"""What a simulation found: :class:`SimResult`, one record per deal and the totals,
built from the deal API's results or from the fast path's arrays."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import SUITS
from ..engine.deal import Deal
from ..errors import RulesError
from ..games import Ruleset, ruleset
from ..i18n import marked, ntr, tr
from ..players.playkit import K_JANN, K_MARCH, K_RUN, KINDS, PlayKit
from .stats import Mean, Proportion, count_text

__all__ = ["COLUMNS", "KINDS", "SimResult", "record_of", "holders_of", "fast_result"]


#: The per-deal columns, in order.
#: The units a summary names, translated where shown ('Pf' stays).
UNIT_WORDS = (marked("cents"), marked("rungs"), marked("strokes"), marked("points"))

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
            raise RulesError(tr("{value} is not a column: the columns are {names}",
                                value=repr(name), names=", ".join(COLUMNS)))
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
        raise RulesError(tr("{value} is not a rate of a simulation: try 'jann', 'march_made' "
                            "or one of {names}", value=repr(what), names=", ".join(KINDS)))

    def mean_payment(self, seat: int = 0) -> Mean:
        """The mean payment to ``seat`` per deal, with its interval."""
        return Mean.of([p[seat] for p in self.column("payments")])

    def summary(self) -> str:
        """What the simulation found, in a few lines of the current language."""
        path = tr("fast path") if self.fast else tr("deal API")
        lines = [ntr("{game}: {count} deal, players {players} ({path})",
                     "{game}: {count} deals, players {players} ({path})", self.n,
                     game=ruleset(self.game).title, count=count_text(self.n),
                     players=", ".join(self.players), path=path)]
        for side in range(len(self.side_wins)):
            lines.append("  " + tr("side {side} won {rate}", side=side,
                                   rate=self.win_rate(side)))
        lines.append("  " + tr("Jann taken: {rate}", rate=self.rate("jann")))
        lines.append("  " + tr("march made: {rate} (tried in {count})",
                               rate=self.rate("march_made"),
                               count=count_text(self.march_attempted)))
        lines.append("  " + tr("payments per seat ({unit}): {payments}", unit=tr(self.unit),
                               payments=list(self.payments)))
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


def holders_of(d: Deal) -> list[int]:
    """The seat holding each card index (its hand, or the tricks it played to), -1 for the
    stock and the table."""
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


def record_of(i: int, d: Deal) -> dict[str, Any]:
    """The record of deal number ``i``, played to its end, by :data:`COLUMNS` (the chosen
    suits in suit order, whichever was turned first)."""
    r = d.result
    assert r is not None
    winners = [t.winner for t in d.tricks]
    chosen = "".join(sorted(d.chosen, key=SUITS.index))  # in suit order, whichever came first
    row = {"deal": i, "dealer": d.dealer, "chosen": chosen, "turned": len(d.get_game().turned),
           "winner": r.winner, "kind": r.kind, "tricks0": r.tricks[0], "tricks1": r.tricks[1],
           "n_tricks": len(d.tricks), "jann": r.jann, "march_attempted": r.march_attempted,
           "march_made": r.march_made, "turns": r.turns_accepted, "ran_away": r.ran_away,
           "value": r.value, "payments": tuple(r.payments), "trick_winners": tuple(winners)}
    return {k: row[k] for k in COLUMNS}


def fast_result(rules: Ruleset, kit: PlayKit, n: int, labels: tuple[str, ...], seed: Any,
                cat: dict[str, Any]) -> SimResult:
    """A :class:`SimResult` from the fast path's arrays (``cat``: the batches joined)."""
    import numpy as np

    pair_text = ["".join(SUITS[x] for x in p) for p in kit.pairs]
    kind = cat["kind"]
    win = cat["winner"]
    cols: dict[str, Any] = {
        "deal": np.arange(n),
        "dealer": cat["dealer"],
        "chosen": np.array(pair_text)[cat["cid"]],
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
    totals = tuple(int(x) for x in cat["payments"].sum(axis=0))
    return SimResult(rules.id, n, labels, seed, True, kit.stakes.unit, side_wins,
                     int((kind == K_JANN).sum()), int(cat["march_attempted"].sum()),
                     int((kind == K_MARCH).sum()), int((kind == K_RUN).sum()),
                     int(cat["turns"].sum()), totals, cols, cat["holders"])
