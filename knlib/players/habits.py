"""The rule-based player's habits, stated once.

**These are tactics, not rules**: this project's own simple advice for beginners (in the
spirit of Evening 5's "simple tactics"); the sources give no strategy beyond the table
talk. :class:`~knlib.players.bots.RulePlayer` plays them one deal at a time on Python numbers,
and the bulk simulator's vectorised path (:mod:`knlib.sim`) plays them on many deals at
once on numpy arrays. Each habit below is one expression of comparisons, ``&``, ``+``
and ``*`` that means the same on a number and on an array of numbers, so both read the
same definition; the simulator's tests check the two deal for deal.

Two words used below:

* a card's **unseen takers** are the cards that would take it if it were led, counting
  only cards the player has not seen: not in the player's hand, not played, and not
  lying face up on the table;
* a **sure winner** is a card with no unseen takers: led now, it wins the trick.

The habits:

* **Exchanges** (a chosen Ten for a turn-up, a Queen or King for an Ole, Bernhard's dog,
  Karniffel's Banner): take the strongest card on offer if it is stronger than the card
  given (:func:`takes_offer`, by :meth:`~knlib.games.Ruleset.strength`); otherwise pass.
* **Leading**: lead the card with the fewest unseen takers; between equals, the weaker
  card (keep the stronger one), then the lower card index (:func:`lead_key`, smallest
  first). So a sure winner is led first.
* **Drehen** (lead face down): when the leader's sure winners reach the tricks the side
  still needs, and no Jann is at stake (:func:`turns`). Never during its own side's
  march (:func:`may_turn`), where running would end the march as failed.
* **Seeing or running**: run when the turning side needs at most two more tricks and the
  answerer's strong cards, with one trick hoped for from partner, fall short of what the
  answering side needs (:func:`runs`); otherwise see.
* **Following**: if partner is ahead, do not overtake: play the weakest card (a dud).
  Otherwise win cheaply with the weakest card that takes the lead; if none takes it,
  throw the weakest card (:func:`follow_key`, smallest first).
* **Stop or play on** after a Jann: play on for the march only with a sure winner for
  every trick still to come (:func:`plays_on`).
* **Five-player dealer**: play alone with at least four strong cards in the stock
  (:func:`plays_alone`).
* **Karniffel director**: never concede.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "STRONG_TAKERS",
    "SOLO_STRONG",
    "RUN_WHEN_THEY_NEED",
    "PARTNER_TRICKS",
    "is_strong",
    "is_sure",
    "takes_offer",
    "lead_key",
    "follow_key",
    "wins_lead",
    "turns",
    "may_turn",
    "runs",
    "plays_on",
    "plays_alone",
]

#: A card is *strong* (for see-or-run and the five-player solo) when at most this many
#: unseen cards could take it if it were led.
STRONG_TAKERS = 2
#: The five-player dealer plays alone with at least this many strong cards in the stock.
SOLO_STRONG = 4
#: Run from a face-down lead only when the turning side needs at most this many tricks...
RUN_WHEN_THEY_NEED = 2
#: ...and the answerer's strong cards, with this many tricks from partner, fall short.
PARTNER_TRICKS = 1

# The orders below pack (count, strength, card index) into one whole number, smallest
# first: a card index is below 64 and a strength (cards beaten plus cards held off, at
# most 2 x 51) below 256.
_INDEX = 1
_STRENGTH = 64
_COUNT = 64 * 256


def is_strong(unseen_takers: Any) -> Any:
    """A strong card: at most :data:`STRONG_TAKERS` unseen takers."""
    return unseen_takers <= STRONG_TAKERS


def is_sure(unseen_takers: Any) -> Any:
    """A sure winner: no unseen takers."""
    return unseen_takers == 0


def takes_offer(offered_strength: Any, given_strength: Any) -> Any:
    """Take the (strongest) card on offer only if it is stronger than the card given."""
    return offered_strength > given_strength


def lead_key(unseen_takers: Any, strength: Any, index: Any) -> Any:
    """The leading order, smallest first: fewest unseen takers, then the weaker card, then
    the lower card index."""
    return unseen_takers * _COUNT + strength * _STRENGTH + index * _INDEX


def wins_lead(takes: Any, partner_ahead: Any) -> Any:
    """A card worth playing to win: it takes the lead, and partner is not ahead."""
    return takes > partner_ahead


def follow_key(wins: Any, strength: Any, index: Any) -> Any:
    """The following order, smallest first: cards that win the lead (:func:`wins_lead`)
    before the others, then the weaker card, then the lower card index. The smallest is
    the cheapest winner if there is one, else the weakest card."""
    return (wins < 1) * _COUNT + strength * _STRENGTH + index * _INDEX


def turns(sure: Any, need: Any, jann_lost: Any) -> Any:
    """Lead face down: some sure winners, as many as the tricks the side still needs, and
    the side has lost a trick already (so no Jann is at stake)."""
    return (sure > 0) & (sure >= need) & jann_lost


def may_turn(marching_side: Any, side: Any) -> Any:
    """A computer player leads face down only when its side is not playing for the march
    (seed 000, 'Drehen und Sehen': a team "would never turn while attempting a march")."""
    return marching_side != side


def runs(strong: Any, our_need: Any, their_need: Any) -> Any:
    """Run from a face-down lead: the turning side needs at most
    :data:`RUN_WHEN_THEY_NEED` tricks, and ``strong`` cards plus partner's
    :data:`PARTNER_TRICKS` fall short of the tricks the answering side needs."""
    return (their_need <= RUN_WHEN_THEY_NEED) & (strong + PARTNER_TRICKS < our_need)


def plays_on(sure: Any, tricks_left: Any) -> Any:
    """After a Jann, play on for the march only with a sure winner for every trick left."""
    return sure >= tricks_left


def plays_alone(strong_in_stock: Any) -> Any:
    """The five-player dealer plays alone with :data:`SOLO_STRONG` strong cards or more."""
    return strong_in_stock >= SOLO_STRONG
