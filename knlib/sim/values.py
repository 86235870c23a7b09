"""What a card is worth and whether the order of play matters: :func:`card_values` (how
the side holding each role of card fared) and :func:`order_changes_winner` (how often
another order of the same cards gives another winner)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..cards import SUITS
from ..errors import RulesError
from ..games import Ruleset, ruleset
from ..games.family import RoleClass
from ..i18n import tr
from ..players.bots import card_facts
from .results import SimResult
from .stats import Mean, Proportion

__all__ = ["CardValue", "card_label", "card_values", "order_changes_winner"]


def _np() -> Any:
    import numpy

    return numpy


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
    if role.klass in (RoleClass.OLE, RoleClass.STICKER) and role.card.rank in (2, 4, 8, 9):
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
        raise RulesError(tr("this result has no holders: simulate(..., holders=True)"))
    from ..games import roles as _roles

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
            strength = card_facts(rules, chosen).strength
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
