"""A hand of cards: an immutable value checked against one game's rules.

>>> h = Hand("D4 SA H2", chosen="HS")
>>> str(h.sorted())
'♥2 ♠A ♦4'
>>> h.count_by_class()
{'Ole': 1, 'beater': 1, 'dud': 1}

A hand holds at most the game's ``hand_size`` cards (nine in the Knüffeln games
and Stýrivolt, five in Karniffel and the Karnöffel games; each ruleset cites
its source), every card from that game's pack and none twice. Bad input raises
:class:`~knlib.RulesError` naming the card and the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from ..cards import SUITS, Card
from ..counts import shown
from ..errors import RulesError
from ..games import KNUEFFELN, Ruleset, ruleset
from ..games.family import RoleClass
from ..i18n import ntr, tr

if TYPE_CHECKING:
    from ..games import Role

__all__ = ["Hand"]


#: A count of cards of each role class, in words that agree with the count (Ole is German:
#: de fief Olen; "no power" reads as "with no power" after a number).
_CLASS_COUNTS: dict[str, Callable[[int], str]] = {
    RoleClass.OLE: lambda n: ntr("{n} Ole", "{n} Olen", n),
    RoleClass.STICKER: lambda n: ntr("{n} sticker", "{n} stickers", n),
    RoleClass.BEAST: lambda n: ntr("{n} beast", "{n} beasts", n),
    RoleClass.BEATER: lambda n: ntr("{n} beater", "{n} beaters", n),
    RoleClass.SEVEN: lambda n: ntr("{n} Seven", "{n} Sevens", n),
    RoleClass.FREE_CARD: lambda n: ntr("{n} free card", "{n} free cards", n),
    RoleClass.NO_POWER: lambda n: ntr("{n} with no power", "{n} with no power", n),
    RoleClass.UNCHOSEN_ACE: lambda n: ntr("{n} unchosen Ace", "{n} unchosen Aces", n),
    RoleClass.UNCHOSEN_COURT: lambda n: ntr("{n} unchosen court", "{n} unchosen courts", n),
    RoleClass.UNCHOSEN_CARD: lambda n: ntr("{n} unchosen card", "{n} unchosen cards", n),
    RoleClass.DUD: lambda n: ntr("{n} dud", "{n} duds", n),
    RoleClass.LAMB: lambda n: ntr("{n} lamb", "{n} lambs", n),
    RoleClass.LEADER: lambda n: ntr("{n} leader", "{n} leaders", n),
    RoleClass.DEVIL: lambda n: ntr("{n} Devil", "{n} Devils", n),
    RoleClass.STECHER: lambda n: ntr("{n} stecher", "{n} stecher", n),
    RoleClass.CHOSEN_CARD: lambda n: ntr("{n} chosen card", "{n} chosen cards", n),
    RoleClass.COURT: lambda n: ntr("{n} court", "{n} courts", n),
    RoleClass.PLAIN: lambda n: ntr("{n} plain", "{n} plain", n),
}


def class_count(n: int, klass: RoleClass | str) -> str:
    """``n`` cards of a role class in words, the class in the plural where n is not 1:
    "1 Ole", "2 Olen", "2 beaters", "3 with no power" (German "2 Steker")."""
    if klass in _CLASS_COUNTS:
        return _CLASS_COUNTS[klass](n)
    return f"{n} {klass}" if n == 1 else f"{n} {klass}s"


class Hand:
    """Up to a hand's worth of cards of one game, optionally with the chosen suits.

    ``Hand("H2 SA D4")``, ``Hand(["♥2", "♠A"], game=STYRIVOLT, chosen="HS")`` (a game by id
    or rule set).
    Without ``chosen`` the hand can be shown and counted but has no roles yet.
    ``str(hand)`` is the cards in French notation ('♥2 ♠A ♦4'), which parses back;
    pictures use the game's own display (German-suited letters in Karniffel).
    """

    __slots__ = ("cards", "rules", "chosen")

    cards: tuple[Card, ...]
    rules: Ruleset
    chosen: tuple[str, ...] | None

    def __init__(self, cards: str | Iterable[str | Card] = (), game: str | Ruleset = KNUEFFELN,
                 chosen: str | Iterable[str] | None = None) -> None:
        rules = ruleset(game)
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        elif isinstance(cards, Hand):
            cards = cards.cards
        try:
            items = list(cards)
        except TypeError:
            raise RulesError(tr("{value} is not a list of cards", value=shown(cards))) from None
        played = rules.check_cards(items)
        if len(played) > rules.hand_size:
            raise RulesError(tr(
                "{n} cards is more than a {game} hand holds: each player is dealt {size} cards",
                n=len(played), game=rules.title, size=rules.hand_size))
        suits = rules.check_chosen(chosen) if chosen is not None else None
        object.__setattr__(self, "cards", tuple(played))
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "chosen", suits)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable: make a new one (e.g. with .with_chosen)")

    # -- value behaviour ----------------------------------------------------------------
    @property
    def game(self) -> str:
        """The game id."""
        return self.rules.id

    def _key(self) -> tuple[object, ...]:
        return (self.rules.key, self.cards, self.chosen)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, (str, Card)):
            return False
        try:
            return Card(card) in self.cards
        except RulesError:
            return False

    def __str__(self) -> str:
        return " ".join(c.symbol for c in self.cards)

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        game = f", game={self.rules!r}" if self.rules.options != ruleset(self.game).options \
            else f", game={self.game!r}"
        chosen = f", chosen={''.join(self.chosen)!r}" if self.chosen is not None else ""
        return f"Hand({cards!r}{game}{chosen})"

    # -- rules ----------------------------------------------------------------------------
    def with_chosen(self, chosen: str | Iterable[str] | None) -> Hand:
        """The same cards with other chosen suits (or none)."""
        return Hand(self.cards, self.rules, chosen)

    def _need_chosen(self, what: str) -> tuple[str, ...]:
        if self.chosen is None:
            raise RulesError(tr(
                "{what} depends on the chosen suits, and this {game} hand has none: give "
                "chosen=..., e.g. Hand(..., chosen={example})", what=what,
                game=self.rules.title, example=repr("HS" if self.rules.n_chosen == 2 else "H")))
        return self.chosen

    def sorted(self) -> Hand:
        """The hand strongest first (:meth:`~knlib.games.Ruleset.sort_by_strength`).

        Without chosen suits there is no strength yet, so the cards are put in display
        order instead: by suit (clubs, spades, hearts, diamonds), high ranks first.
        """
        if self.chosen is None:
            cards = sorted(self.cards, key=lambda c: (SUITS.index(c.suit), -c.rank))
        else:
            cards = self.rules.sort_by_strength(self.cards, self.chosen)
        return Hand(cards, self.rules, self.chosen)

    def roles(self) -> dict[Card, Role]:
        """Each card of the hand (in hand order) with its role under the chosen suits."""
        suits = self._need_chosen(tr("a card's role"))
        table = self.rules.roles(suits)
        return {c: table[c] for c in self.cards}

    def count_by_class(self) -> dict[str, int]:
        """How many cards of each role class ('Ole', 'beater', 'dud', ...) the hand holds,
        strongest class first, keyed by the class's text (the :class:`RoleClass` value)."""
        suits = self._need_chosen(tr("a card's role class"))
        table = self.rules.roles(suits)
        out: dict[str, int] = {}
        for c in self.rules.sort_by_strength(self.cards, suits):
            klass = table[c].klass.value
            out[klass] = out.get(klass, 0) + 1
        return out

    # -- display --------------------------------------------------------------------------
    def _repr_svg_(self) -> str:
        from ..render.display import hand_svg

        return hand_svg(self.cards, game=self.rules, chosen=self.chosen)

    def _repr_html_(self) -> str:
        from html import escape

        from ..render.display import HTML_STYLE, hand_html

        svg = hand_html(self.cards, game=self.rules, chosen=self.chosen)
        chosen = (tr("chosen: {suits}", suits=self.rules.chosen_text(self.chosen))
                  if self.chosen is not None else tr("no chosen suits yet"))
        counts = ""
        if self.chosen is not None and self.cards:
            counts = "; ".join(class_count(n, k) for k, n in self.count_by_class().items())
            counts = f' <span style="color:#444">({escape(counts)})</span>'
        return (f'<div class="knlib-hand" style="{HTML_STYLE}">'
                '<div style="font-size:0.9em">'
                + escape(tr("{game}, {n} of {size} cards, {chosen}", game=self.rules.title,
                            n=len(self), size=self.rules.hand_size, chosen=chosen))
                + f"{counts}</div>{svg}</div>")
