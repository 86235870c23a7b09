"""Cards: an immutable, hashable value type with strict parsing and display names.

Every game in the family is played with some subset of the 52 French-suited
cards. German-suited Karniffel (seed 002, "Cards") maps onto them by the usual
correspondence: Acorns = clubs, Leaves = spades, Hearts = hearts, Bells =
diamonds; Daus = Ace, König = King, Ober = Queen, Unter = Jack. This is the
mapping `shared/rules/README.md` (reading 6) uses for the beasts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from .compiled import mypyc_attr
from .counts import shown
from .errors import RulesError
from .i18n import current_language, marked, tr

__all__ = [
    "SUITS",
    "RANKS",
    "Card",
    "parse_card",
    "parse_cards",
    "parse_suits",
    "suit_symbol",
    "suit_name",
    "rank_name",
    "rank_letters",
]

#: Suits in display order (the German order: Acorns, Leaves, Hearts, Bells).
SUITS: tuple[str, ...] = ("C", "S", "H", "D")
#: Ranks as integers, Two = 2 ... Ten = 10, Jack = 11, Queen = 12, King = 13, Ace = 14.
RANKS: tuple[int, ...] = tuple(range(2, 15))

_SUIT_SYMBOL = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
_SUIT_FROM_TEXT = {
    "C": "C", "S": "S", "H": "H", "D": "D",
    "♣": "C", "♠": "S", "♥": "H", "♦": "D",
    "♧": "C", "♤": "S", "♡": "H", "♢": "D",
}
_SUIT_NAME = {"C": marked("Clubs"), "S": marked("Spades"), "H": marked("Hearts"),
              "D": marked("Diamonds")}
_SUIT_NAME_GERMAN = {"C": marked("Acorns"), "S": marked("Leaves"), "H": marked("Hearts"),
                     "D": marked("Bells")}
_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
# A German player writes the court cards with the letters of German-sold French-suited
# packs: B (Bube), D (Dame), K (König), A (As).
_RANK_TEXT_DE = {11: "B", 12: "D", 13: "K", 14: "A"}
# Both sets of letters are read in every language: no text means one card in English and
# another in German (a German 'D' is never a rank in English), so a card written in one
# language reads back in the other. 'DD' is the Dame of Karo: the suit comes first when
# both readings are cards, and only 'DD' has both.
_RANK_FROM_TEXT = {
    **{str(r): r for r in range(2, 11)},
    "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, "B": 11, "D": 12,
}
#: The ranks a card parser reads, as a refusal lists them in each language.
_RANK_LETTERS = marked("2-10, T, J, Q, K, A")
_RANK_NAME = {
    2: marked("Two"), 3: marked("Three"), 4: marked("Four"), 5: marked("Five"),
    6: marked("Six"), 7: marked("Seven"), 8: marked("Eight"), 9: marked("Nine"),
    10: marked("Ten"), 11: marked("Jack"), 12: marked("Queen"), 13: marked("King"),
    14: marked("Ace"),
}
_RANK_NAME_GERMAN = {**_RANK_NAME, 11: marked("Unter"), 12: marked("Ober"), 13: marked("König"),
                     14: marked("Daus")}
_RANK_SHORT_GERMAN = {11: "U", 12: "O", 13: "K", 14: "D"}


def suit_symbol(suit: str) -> str:
    """The symbol of a suit letter: ``suit_symbol('H') == '♥'``."""
    return _SUIT_SYMBOL[suit]


def suit_name(suit: str, *, german: bool = False) -> str:
    """Name of a suit in the current language ('Spades', German 'Pik'), or its
    German-suited counterpart (Acorns, Leaves, ...; German 'Eichel', 'Grün', ...)."""
    return tr((_SUIT_NAME_GERMAN if german else _SUIT_NAME)[suit])


def rank_name(rank: int, *, german: bool = False) -> str:
    """Rank name in the current language ('Four', German 'Vier'), or the German-suited one
    (Daus, König, Ober, Unter; German the same)."""
    return tr((_RANK_NAME_GERMAN if german else _RANK_NAME)[rank])


def rank_letters() -> str:
    """The ranks a card is written with, as the current language lists them: '2-10, T, J,
    Q, K, A' (German '2–10, B, D, K, A'); :func:`parse_card` reads all of them in every
    language."""
    return tr(_RANK_LETTERS)


def _parse_suit(text: str) -> str | None:
    return _SUIT_FROM_TEXT.get(text.upper() if text.isascii() else text)


def _parse(text: object) -> tuple[str, int]:
    if not isinstance(text, str):
        raise RulesError(tr("{value} is not a card: cards are written like 'H2', '2H', '♥2' "
                            "or 'H10'", value=shown(text)))
    for suit_text, rank_text in ((text[:1], text[1:]), (text[-1:], text[:-1])):
        suit = _parse_suit(suit_text)
        rank = _RANK_FROM_TEXT.get(rank_text.upper())
        if suit is not None and rank is not None:
            return suit, rank
    raise RulesError(tr("{value} is not a card: write a suit (C S H D or ♣ ♠ ♥ ♦) and a rank "
                        "({ranks}) in either order, e.g. 'H2', '2H', '♥2', 'H10'",
                        value=shown(text), ranks=rank_letters()))


@mypyc_attr(native_class=False)  # made through object.__new__, set by object.__setattr__
class Card:
    """One playing card, e.g. ``Card('H2')`` for the Two of Hearts (de Beste).

    Cards are interned: there is exactly one object per card, so ``is`` and
    ``==`` agree and hashing is cheap. ``card.index`` (0-51) is the position
    used by the fast trick tables.
    """

    __slots__ = ("suit", "rank", "index", "_text", "_symbol_en", "_symbol_de")
    _interned: ClassVar[dict[tuple[str, int], Card]] = {}

    suit: str
    rank: int
    index: int
    _text: str
    _symbol_en: str
    _symbol_de: str

    def __new__(cls, text: str | Card | object) -> Card:
        if isinstance(text, Card):
            return text
        return cls._interned[_parse(text)]

    @classmethod
    def _make(cls, suit: str, rank: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", SUITS.index(suit) * 13 + rank - 2)
        object.__setattr__(card, "_text", suit + _RANK_TEXT.get(rank, str(rank)))
        object.__setattr__(card, "_symbol_en",
                           _SUIT_SYMBOL[suit] + _RANK_TEXT.get(rank, str(rank)))
        object.__setattr__(card, "_symbol_de",
                           _SUIT_SYMBOL[suit] + _RANK_TEXT_DE.get(rank, str(rank)))
        cls._interned[(suit, rank)] = card
        return card

    @classmethod
    def of(cls, suit: str, rank: int) -> Card:
        """The card of a suit letter and an integer rank (2-14)."""
        try:
            return cls._interned[(suit, rank)]
        except KeyError:
            raise RulesError(tr("no card has suit {suit} and rank {rank}", suit=shown(suit),
                                  rank=shown(rank))) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (Card, (self._text,))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @property
    def symbol(self) -> str:
        """French display in the current language: suit symbol then rank, e.g. '♥2',
        '♠10', '♣Q'; German writes the court cards B, D, K, A ('♣D', '♥B')."""
        return self._symbol_de if current_language() == "de" else self._symbol_en

    @property
    def typed(self) -> str:
        """The card as a reader types it in the current language: suit letter then rank,
        e.g. 'H2', 'CQ' (German 'CD'). :func:`parse_card` reads it in every language."""
        return self.suit + self.symbol[1:]

    @property
    def german_symbol(self) -> str:
        """German-suited short display: symbol then German rank letter, e.g. '♠O' (Leaves Ober)."""
        return _SUIT_SYMBOL[self.suit] + _RANK_SHORT_GERMAN.get(self.rank, str(self.rank))

    @property
    def name(self) -> str:
        """Name in the current language, e.g. 'Two of Hearts' (German 'Herz-Zwei')."""
        return tr("{rank} of {suit}", rank=tr(_RANK_NAME[self.rank]),
                  suit=tr(_SUIT_NAME[self.suit]))

    @property
    def german_name(self) -> str:
        """German-suited name, e.g. 'Ober of Leaves' for the Queen of spades (German
        'Grün-Ober')."""
        return tr("{rank} of {suit}", rank=tr(_RANK_NAME_GERMAN[self.rank]),
                  suit=tr(_SUIT_NAME_GERMAN[self.suit]))

    def _repr_svg_(self) -> str:
        from .render.display import card_svg

        return card_svg(self)


for _suit in SUITS:
    for _rank in RANKS:
        Card._make(_suit, _rank)

#: All 52 cards, indexed by ``Card.index``.
ALL_CARDS: tuple[Card, ...] = tuple(sorted(Card._interned.values()))


def parse_card(text: str | Card | object) -> Card:
    """Parse one card strictly; raises RulesError naming the text otherwise."""
    return Card(text)


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Parse a list of cards (or one space- or comma-separated string)."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    try:
        return [Card(c) for c in cards]
    except TypeError:
        raise RulesError(tr("{value} is not a list of cards", value=shown(cards))) from None


def parse_suits(chosen: str | Iterable[str]) -> tuple[str, ...]:
    """Parse chosen suits: 'HS', '♥♠', ['H', 'S'] -> ('H', 'S'). Order is kept."""
    if isinstance(chosen, str):
        items: list[object] = [ch for ch in chosen if not ch.isspace() and ch != ","]
    else:
        try:
            items = list(chosen)
        except TypeError:
            raise RulesError(tr("{value} is not a list of suits", value=shown(chosen))) from None
    suits = []
    for item in items:
        suit = _parse_suit(item) if isinstance(item, str) else None
        if suit is None:
            raise RulesError(tr("{value} is not a suit: use C S H D or ♣ ♠ ♥ ♦", value=shown(item)))
        suits.append(suit)
    return tuple(suits)
