"""A deal from given hands, for examples and the book: the pack order that deals them.

:func:`from_hands` works backwards from the hands (and the turn-ups or the chosen suits,
and the stock) to the pack order the game's procedure deals into them, and checks the
procedure really does; :meth:`knlib.Deal.from_hands` plays the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, parse_suits, suit_name
from ..counts import shown
from ..errors import RulesError
from ..games import Ruleset, ruleset
from ..i18n import tr
from ..rules.dealing import OLE_CARDS, check_dealer
from ..seats import clockwise, forehand
from ..sources import S000_FIVE
from .game import Game, check_players

__all__ = ["from_hands"]


def from_hands(game: str | Ruleset, hands: Sequence[Iterable[str | Card] | None], *,
               dealer: object = 0, turn_ups: Iterable[str | Card] | None = None,
               chosen: str | Iterable[str] | None = None,
               stock: Iterable[str | Card] | None = None,
               names: Sequence[str] | None = None, **options: str) -> Game:
    """The game of a deal with given hands.

    ``hands`` is indexed by seat, each hand in the order dealt (for the Karnöffel games
    the first card is the face-up one). The five-player dealer's hand is empty (None).
    ``turn_ups`` gives every card turned for the chosen suits, in order (Bernhard:
    including those returned to the stock); or give ``chosen`` and the first free card
    of each suit is turned. ``stock`` orders the cards left (top first); Bernhard's
    cutter's Olen are the Olen among the last three. The pack order is then dealt by the
    game's procedure, and a RulesError says if it does not give these hands. ``names``
    names the seats in the log ('Hilmar', 'Marius')."""
    rules = ruleset(game, **options)
    proc = rules.procedure
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise RulesError(tr("{hands} is not a list of hands, one for each seat",
                            hands=shown(hands)))
    n = check_players(rules, len(hands))
    dealer = check_dealer(dealer, n)
    five = proc.dealer_sits_out(n)
    parsed: list[list[Card]] = []
    for seat, h in enumerate(hands):
        cards = rules.check_cards(h) if h is not None else []
        if five and seat == dealer:
            if cards:
                raise RulesError(tr("in five-player Knüffeln the dealer is dealt no cards; "
                                    "give None for seat {dealer}", dealer=dealer),
                                 source=S000_FIVE)
        elif len(cards) != proc.hand_size:
            raise RulesError(tr("seat {seat} has {n} cards; {game} deals {size} to each "
                                "player", seat=seat, n=len(cards), game=rules.title,
                                size=proc.hand_size), source=proc.deal_source)
        parsed.append(cards)
    used = [c for h in parsed for c in h]
    if len(set(used)) != len(used):
        dup = next(c for c in used if used.count(c) > 1)
        raise RulesError(tr("{card} is in two hands: a pack holds each card once", card=dup))
    # Where each dealt card lies in the pack: packets in turn from forehand.
    receivers = [s for s in clockwise(forehand(dealer, n), n) if not (five and s == dealer)]
    top: list[Card] = []
    taken = [0] * n
    for size in proc.packets:
        for s in receivers:
            top += parsed[s][taken[s]:taken[s] + size]
            taken[s] += size
    rest = [c for c in rules.pack if c not in set(used)]
    turned: list[Card] = []
    if proc.chosen_by == "turn_ups":
        if turn_ups is not None:
            turned = rules.check_cards(turn_ups)
        elif chosen is not None:
            suits = rules.check_chosen(chosen)
            for suit in suits:
                card = next((c for c in rest if c.suit == suit and c not in OLE_CARDS
                             and c.rank != proc.low_rank), None)
                card = card or next((c for c in rest if c.suit == suit), None)
                if card is None:
                    raise RulesError(tr("no card of {suit} is left to turn up",
                                        suit=suit_name(suit)))
                turned.append(card)
        else:
            raise RulesError(tr("give turn_ups or chosen: {game} finds its chosen suits by "
                                "turn-ups", game=rules.title), source=proc.chosen_source)
        bad = [c for c in turned if c in set(used)]
        if bad:
            raise RulesError(tr("{card} cannot be turned up: it is in a hand", card=bad[0]))
    rest = [c for c in rest if c not in set(turned)]
    if stock is not None:
        order = rules.check_cards(stock)
        if sorted(order) != sorted(rest):
            raise RulesError(tr("the stock must hold exactly the cards not dealt or turned "
                                "up: {cards}", cards=" ".join(str(c) for c in rest)))
    else:
        # Keep Olen away from the bottom, so that no Ole exchange happens unless asked.
        order = [c for c in rest if c in OLE_CARDS] + [c for c in rest if c not in OLE_CARDS]
    deck = top + turned + order
    out = Game(rules, n, dealer, deck, names=names)
    if proc.chosen_by == "turn_ups" and list(out.turned) != turned:
        raise RulesError(tr("the turn-ups {cards} do not follow the procedure: it turns "
                            "{turned}", cards=" ".join(str(c) for c in turned),
                            turned=" ".join(str(c) for c in out.turned)),
                         source=proc.chosen_source)
    if chosen is not None and out.chosen != parse_suits(chosen):
        raise RulesError(tr("these cards give the chosen suit(s) {suits}, not {asked}",
                            suits="".join(out.chosen), asked="".join(parse_suits(chosen))),
                         source=proc.chosen_source)
    return out
