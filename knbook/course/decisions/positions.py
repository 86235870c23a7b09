"""What every decision question starts from: a real deal played by the computer players up
to a moment worth stopping at, and the small helpers the questions share (cards in
words, the cards a seat cannot see, who takes what), with the sources they cite.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from knlib.cards import Card, suit_name, suit_symbol
from knlib.counts import number_word
from knlib.errors import RulesError
from knlib.rules.tricks import takes_relation

from ...i18n import current_language, marked, tr

__all__ = ["EV_PLAYOUTS", "TACTICS_NOTE", "symbol", "symbols", "chosen_pair_text", "reader_names",
           "numbered_deal", "play_until", "unseen_cards", "takers_of", "role_of", "count_words",
           "shuffled", "spread"]


#: Playouts per option when the engine weighs a choice of odds.
EV_PLAYOUTS = 40
LETTERS = "ABCDEFGHIJ"


# ============================================================================================
# Positions from real deals
# ============================================================================================


def symbol(card: Card) -> str:
    """The card's symbol ('♠3')."""
    return card.symbol


def symbols(cards: Iterable[Card]) -> str:
    """The cards' symbols, with commas."""
    return ", ".join(c.symbol for c in cards)


def chosen_pair_text(chosen: Sequence[str]) -> str:
    """The chosen suits in words, each with its symbol ('♥ hearts and ♠ spades')."""
    if current_language() == "en":
        return " and ".join(f"{suit_symbol(s)} {suit_name(s).lower()}" for s in chosen)
    parts = [f"{suit_symbol(s)} {suit_name(s)}" for s in chosen]
    if len(parts) == 1:
        return parts[0]
    return tr("{first} and {second}", first=", ".join(parts[:-1]), second=parts[-1])


def reader_names(deal: Any) -> list[str]:
    """The deal's seat names as a reader sees them (in the current language)."""
    from knlib.rules.dealing import seat_word

    return [seat_word(n) for n in deal.names]


def numbered_deal(game: str, seed: int, players: int | None = None, dealer: int = 0) -> Any:
    """The real deal of that number (:func:`knlib.new_deal`)."""
    from knlib.engine.deal import new_deal

    return new_deal(game, seed=seed, players=players, dealer=dealer)


def play_until(rng: random.Random, game: str, stop: Callable[[Any], bool], *,
               players: int | None = None, tries: int = 400) -> tuple[Any, int]:
    """A real deal (its number drawn from ``rng``) played by the rule-based habits up to the
    first moment ``stop(deal)`` holds; the deal is returned there, not played on."""
    from knlib.players.bots import RulePlayer

    player = RulePlayer()
    for _ in range(tries):
        number = rng.randrange(1, 10_000)
        deal = numbered_deal(game, number, players, dealer=rng.randrange(players or 4))
        while not deal.is_over:
            if stop(deal):
                return deal, number
            deal.apply(player.choose(deal))
    raise RulesError(tr("no position of this kind found"))  # pragma: no cover - very unlikely


def unseen_cards(deal: Any, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen: not in its hand, not played, not face up."""
    from knlib.players.bots import seen_bits

    seen = seen_bits(deal, seat)
    hand = set(deal.hands[seat])
    return [c for c in deal.rules.pack if c not in hand and not seen >> c.index & 1]


def takers_of(rules: Any, chosen: Sequence[str], card: Card, among: Iterable[Card]) -> list[Card]:
    """The cards of ``among`` that would take ``card`` if it were led (engine)."""
    return takes_relation(rules, chosen).takers(card, among)


def role_of(rules: Any, chosen: Sequence[str], card: Card) -> Any:
    """The card's role with these suits chosen."""
    return rules.roles(tuple(chosen))[card]


def count_words(n: int) -> str:
    """A count in words ('none' for 0), as a person says it (German: digits for none and
    one, which German says in whole phrases: see
    :func:`knbook.course.foundation.thumbs.counted`)."""
    if current_language() == "en":
        return "none" if n == 0 else number_word(n)
    from ..foundation.thumbs import count_text

    return count_text(n)


def shuffled(rng: random.Random, items: list[Any]) -> list[Any]:
    """The list, shuffled in place by ``rng``."""
    rng.shuffle(items)
    return items


def spread(items: Sequence[Any], key: Callable[[Any], Any], k: int) -> list[Any]:
    """Up to ``k`` items, one of each ``key`` first, in the given order."""
    firsts: list[Any] = []
    seen: list[Any] = []
    for x in items:
        if key(x) not in seen:
            seen.append(key(x))
            firsts.append(x)
    rest = [x for x in items if x not in firsts]
    return (firsts + rest)[:k]


#: The end of a source line where the answer is this book's tactics, not a rule.
TACTICS_NOTE = marked("; the choice is this book's tactics, worked out by playing the deal on")
