"""A card's role in a game: its class (:class:`RoleClass`) and its words (:class:`Role`).

The words are made in the language in force when the role is made; a rule set keeps one
table of roles per language and choice of suits (:meth:`~knlib.games.family.Ruleset.roles`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..cards import Card
from ..errors import RulesError
from ..grammar import Phrase, role_phrase
from ..i18n import current_language, marked, tr

__all__ = ["Role", "RoleClass"]


class RoleClass(StrEnum):
    """The class of a card's role, which groups roles in tables, plots and questions. Each
    member is its text (``RoleClass.OLE == "Ole"``, ``f"{RoleClass.FREE_CARD}"`` prints
    ``free card``), so tables and JSON read as before.

    >>> RoleClass("free card") is RoleClass.FREE_CARD, str(RoleClass.OLE)
    (True, 'Ole')
    """

    #: Knüffeln's five Olen (seed 000, 'The Cards and their Ranking').
    OLE = "Ole"
    #: Stýrivolt's permanent stickers and chosen Aces and Jacks (styrivolt.md, 'Card classes').
    STICKER = "sticker"
    #: Karniffel's beasts (seed 002, 'Beasts').
    BEAST = "beast"
    #: Chosen cards that beat others: Knüffeln's and Karniffel's beaters, Stýrivolt's.
    BEATER = "beater"
    #: A chosen Seven (Knüffeln, Karniffel): unbeatable when led.
    SEVEN = "Seven"
    #: A chosen Eight or Nine that is not an Ole (Knüffeln), Karniffel's 8 and 9.
    FREE_CARD = "free card"
    #: A chosen card that beats nothing (a chosen King, Queen or Ten; Karnöffel's).
    NO_POWER = "no power"
    #: An unchosen Ace (Knüffeln, Stýrivolt).
    UNCHOSEN_ACE = "unchosen Ace"
    #: Today's unchosen Kings, Queens and Jacks.
    UNCHOSEN_COURT = "unchosen court"
    #: An unchosen card of the other Knüffeln games, Stýrivolt and Karniffel.
    UNCHOSEN_CARD = "unchosen card"
    #: Today's unchosen low cards (Schiet).
    DUD = "dud"
    #: Stýrivolt's lambs and leaders (styrivolt.md, 'Card classes').
    LAMB = "lamb"
    LEADER = "leader"
    #: Karnöffel's Devil (the chosen Seven) and stechers (seed 003, 'The «Trump» Suit';
    #: seed 004, 'How to Play').
    DEVIL = "Devil"
    STECHER = "stecher"
    #: Karnoffel 2024's named chosen cards, courts and plain cards (seed 004, 'How to Play').
    CHOSEN_CARD = "chosen card"
    COURT = "court"
    PLAIN = "plain"


@dataclass(frozen=True)
class Role:
    """What one card is and does in one game under given chosen suits.

    ``name`` is the English description, ``term`` the local term (None where
    the sources give none), ``beats`` a one-line statement of its power and
    ``taken_by`` what takes it when it is ahead (as if led); ``note`` says what is
    unusual about it, with the source of that reading in ``note_source``. ``klass`` groups
    roles for tables (a :class:`RoleClass`: "Ole", "beater", "free card", ...; its text
    is accepted, anything else is refused).
    """

    card: Card
    klass: RoleClass
    name: str
    term: str | None
    beats: str
    taken_by: str
    source: str
    chosen: bool = False
    # Chain games: strength as a challenger, strength needed to take it, rank in its own suit.
    power: int = 0
    threshold: int = 1
    suit_rank: int = 0
    note: str | None = None
    #: Put the English name first in labels ('dud (Schiet)') where the term is a class word.
    name_first: bool = False
    #: The source of the note's reading, as code cites it (a reader sees it in reader's words).
    note_source: str | None = None
    # The label and title, made with the role in the language in force then.
    _label: str = field(init=False, repr=False, compare=False, default="")
    _title: Phrase = field(init=False, repr=False, compare=False, default=Phrase())

    def __post_init__(self) -> None:
        if not isinstance(self.klass, RoleClass):
            try:
                klass = RoleClass(self.klass)
            except ValueError:
                raise RulesError(tr(
                    "{value} is not a role class: choose one of {choices}",
                    value=repr(self.klass),
                    choices=", ".join(repr(k.value) for k in RoleClass))) from None
            object.__setattr__(self, "klass", klass)
        label = _label(self)
        object.__setattr__(self, "_label", label)
        object.__setattr__(self, "_title", _title(self, label))

    @property
    def is_power_card(self) -> bool:
        """True for cards that only a strictly higher power takes (Olen, beaters, stickers)."""
        return self.power > 0 and self.threshold == self.power + 1

    @property
    def label(self) -> str:
        """'Drist (chosen Three)', or just the name where there is no local term; in the
        language the role was made in (German: the term first, 'Schiet (leere Karte)')."""
        return self._label

    @property
    def title(self) -> Phrase:
        """The label with an article, for sentences: 'a Drist (chosen Three)' (German 'ein
        Drist (gewählte Drei)'). It is a :class:`~knlib.grammar.Phrase`: the str is the
        nominative, and a German sentence formats the other cases and the pronouns that
        agree with it ('{title:acc}', '{title:er}')."""
        return self._title


def _label(role: Role) -> str:
    if not role.term:
        return role.name
    return tr(marked("{name} ({term})") if role.name_first else marked("{term} ({name})"),
              name=role.name, term=role.term)


#: Terms said without an article in German: the names of one card.
_NAMED_TERMS_DE = frozenset({"Harten Ol", "Ruten Ol", "Tolle", "Roter Thier", "Gelber Thier"})
#: Terms that are names of one card, said without an article ('de Beste', 'Harten Ol').
_NAMED_TERMS = ("de ", "die", "der", "the")


def _title(role: Role, label: str) -> Phrase:
    term = role.term or ""
    named = bool(term) and term[:3] in _NAMED_TERMS
    if current_language() == "de":
        named = named or term in _NAMED_TERMS_DE
        # The noun that heads the label (the term, else the name's noun) gives the gender,
        # from the catalogue's nouns (knlib.grammar): 'ein Drist', 'eine gewählte Drei',
        # 'ein ungewähltes As', and their other cases.
        return role_phrase(label, article="none" if named else "indefinite")
    if named:
        return Phrase(label)
    return Phrase(("an " if label[0].lower() in "aeiou" else "a ") + label)
