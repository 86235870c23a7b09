"""Nouns and the phrases made of them, so that a sentence agrees with the noun it names.

Each noun a generated sentence can name (a card's rank, a role's term, "card") has an entry
in the catalogue under the context "noun" (:data:`NOUNS`, :func:`noun`). Its msgid is the
English noun; the German msgstr gives the noun with its definite article in each case,
nominative first, so that the article gives the gender::

    msgctxt "noun"
    msgid "Ole"
    msgstr "der Ole, den Olen, dem Olen, des Olen"

A msgstr of one form ("der Paas") is that form in every case. English gives its nouns no
gender: a card is "it".

A :class:`Phrase` is a noun phrase, such as a role's title ("ein ungewählter König"): a str
(the nominative) that a sentence formats with a spec chosen by the translator in each
msgstr, so that the sentence agrees with the noun:

* ``{title:acc}``, ``{title:dat}``, ``{title:gen}``: the phrase in that case ("einen
  ungewählten König");
* ``{title:er}``, ``{title:ihn}``, ``{title:ihm}``: the personal pronoun (er, sie, es);
  ``{title:der}``, ``{title:den}``, ``{title:dem}``, ``{title:dessen}``: the relative
  pronoun; ``{title:dieser}`` and its cases: the demonstrative; ``{title:seiner}`` (any
  ending): the possessive (seiner, ihrer). Each spec is the masculine word; a capital first
  letter is kept (``{title:Er}`` gives "Sie" for a Dame).

An English phrase formats the English words ``it``, ``its``, ``which`` and ``that`` as
themselves, so the English message names its pronoun the same way (``{title:which}``); a
German spec refers to it as to "die Karte" (and a German phrase in an English sentence is
"it"), so a phrase made in one language never breaks a sentence of the other. A spec that is
neither is refused with a ValueError, as ``str.format`` refuses an unknown spec.

>>> from knlib.i18n import language
>>> with language("de"):
...     king = role_phrase("ungewählter König")
...     ace = role_phrase("Fehl-As (ungewähltes As)")
>>> f"{king:acc}; {king:er}; {ace:dat}; {ace:seiner} Farbe"
'einen ungewählten König; er; einem Fehl-As (ungewähltes As); seiner Farbe'
>>> f"{role_phrase('an unchosen King', article='none'):which}"
'which'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .i18n import current_language, pmarked, ptr

__all__ = ["NOUNS", "Noun", "Phrase", "noun", "nouns", "role_phrase", "card_phrase",
           "GENDERS", "CASES"]

#: The genders of a German noun: masculine, feminine, neuter.
GENDERS: tuple[str, ...] = ("m", "f", "n")
#: The cases a phrase is formatted in, as their specs name them.
CASES: tuple[str, ...] = ("nom", "acc", "dat", "gen")

#: Every noun a generated sentence can name, as the English msgid of its catalogue entry
#: (context "noun"): the ranks (French and German-suited), the roles' terms and class words,
#: and "card".
NOUNS: tuple[str, ...] = (
    pmarked("noun", "Two"), pmarked("noun", "Three"), pmarked("noun", "Four"),
    pmarked("noun", "Five"), pmarked("noun", "Six"), pmarked("noun", "Seven"),
    pmarked("noun", "Eight"), pmarked("noun", "Nine"), pmarked("noun", "Ten"),
    pmarked("noun", "Jack"), pmarked("noun", "Queen"), pmarked("noun", "King"),
    pmarked("noun", "Ace"), pmarked("noun", "Ober"), pmarked("noun", "Unter"),
    pmarked("noun", "Daus"), pmarked("noun", "König"), pmarked("noun", "card"),
    # Knüffeln's terms (seed 000, 'The Cards and their Ranking'; seed 001, 'Card powers')
    pmarked("noun", "Ole"), pmarked("noun", "Paas"), pmarked("noun", "Twist"),
    pmarked("noun", "Drist"), pmarked("noun", "Veerhack"), pmarked("noun", "Frikort"),
    pmarked("noun", "Frikortensteker"), pmarked("noun", "Schiet"),
    pmarked("noun", "Fehl-As"), pmarked("noun", "Hund"), pmarked("noun", "beater"),
    # Karniffel's (seed 002, 'Beasts' and 'The chosen suits')
    pmarked("noun", "beast"), pmarked("noun", "Oberkarniffel"),
    pmarked("noun", "Unterkarniffel"), pmarked("noun", "Papst"), pmarked("noun", "Freykarte"),
    pmarked("noun", "Kaiser"), pmarked("noun", "Banner"), pmarked("noun", "Schlingel"),
    # Karnöffel's (seed 003, 'The «Trump» Suit'; seed 004, 'How to Play')
    pmarked("noun", "Karnöffel"), pmarked("noun", "Karnoffel"), pmarked("noun", "Devil"),
    pmarked("noun", "Pope"), pmarked("noun", "Matriarch"), pmarked("noun", "Emperor"),
    pmarked("noun", "Knight"), pmarked("noun", "Oberstecher"),
    pmarked("noun", "Unterstecher"), pmarked("noun", "Farbenstecher"),
    # Stýrivolt's (styrivolt.md, 'Card classes')
    pmarked("noun", "sticker"), pmarked("noun", "lamb"), pmarked("noun", "leader"),
    pmarked("noun", "pavstur"), pmarked("noun", "styrivolt"), pmarked("noun", "karnifl"),
)

_ARTICLES = {"der": "m", "die": "f", "das": "n", "den": "m", "dem": "m", "des": "m"}
#: The indefinite article by gender and case.
_INDEFINITE = {
    "m": {"nom": "ein", "acc": "einen", "dat": "einem", "gen": "eines"},
    "f": {"nom": "eine", "acc": "eine", "dat": "einer", "gen": "einer"},
    "n": {"nom": "ein", "acc": "ein", "dat": "einem", "gen": "eines"},
}
#: An adjective's ending after the indefinite article (mixed declension), by gender and case.
_MIXED = {
    "m": {"nom": "er", "acc": "en", "dat": "en", "gen": "en"},
    "f": {"nom": "e", "acc": "e", "dat": "en", "gen": "en"},
    "n": {"nom": "es", "acc": "es", "dat": "en", "gen": "en"},
}
#: The pronouns, each under its masculine form: (masculine, feminine, neuter).
_PRONOUNS = {
    "er": ("er", "sie", "es"), "ihn": ("ihn", "sie", "es"), "ihm": ("ihm", "ihr", "ihm"),
    "der": ("der", "die", "das"), "den": ("den", "die", "das"), "dem": ("dem", "der", "dem"),
    "dessen": ("dessen", "deren", "dessen"),
    "dieser": ("dieser", "diese", "dieses"), "diesen": ("diesen", "diese", "dieses"),
    "diesem": ("diesem", "dieser", "diesem"),
}
#: The English words an English phrase formats as themselves (a card is "it").
_ENGLISH = frozenset({"it", "its", "which", "that"})


@dataclass(frozen=True)
class Noun:
    """A noun in one language: its gender ('m', 'f', 'n'; '' in English) and its form in
    each case (without article)."""

    key: str
    gender: str
    forms: tuple[str, str, str, str]

    def form(self, case: str) -> str:
        """The noun in ``case`` ('nom', 'acc', 'dat', 'gen')."""
        return self.forms[CASES.index(case)]


def parse_noun(key: str, text: str) -> Noun:
    """A catalogue entry as a :class:`Noun`: 'der Ole, den Olen, dem Olen, des Olen' (German,
    the definite article giving the gender), or the English noun itself.

    >>> parse_noun("Ole", "der Ole, den Olen, dem Olen, des Olen").form("dat")
    'Olen'
    >>> parse_noun("Paas", "der Paas").forms, parse_noun("Ace", "Ace").gender
    (('Paas', 'Paas', 'Paas', 'Paas'), '')
    """
    parts = [p.strip() for p in text.split(",")]
    article, _, head = parts[0].partition(" ")
    gender = _ARTICLES.get(article, "")
    if not gender or not head:
        return Noun(key, "", (text,) * 4)
    forms = [p.partition(" ")[2] or head for p in parts[1:4]]
    forms += [head] * (3 - len(forms))
    return Noun(key, gender, (head, forms[0], forms[1], forms[2]))


def noun(key: str) -> Noun:
    """The noun of the catalogue entry ``key`` (one of :data:`NOUNS`) in the current
    language."""
    return parse_noun(key, ptr("noun", key))


@cache
def _by_word(lang: str) -> dict[str, Noun]:
    # Called in the language ``lang`` (which keys the cache): :func:`noun` reads its catalogue.
    return {n.forms[0]: n for n in (noun(k) for k in NOUNS) if n.gender}


def nouns() -> dict[str, Noun]:
    """The current language's gendered nouns, by their nominative ('König': der König)."""
    return _by_word(current_language())


class Phrase(str):
    """A noun phrase: the str is its nominative; ``gender`` is its noun's ('' in English, or
    where no noun of :data:`NOUNS` heads it) and ``forms`` its four cases. A sentence formats
    it with a spec (the module's docstring lists them)."""

    gender: str
    forms: tuple[str, str, str, str]

    def __new__(cls, text: str = "", gender: str = "",
                forms: tuple[str, str, str, str] | None = None) -> Phrase:
        self = super().__new__(cls, text)
        self.gender = gender
        self.forms = forms or (text,) * 4
        return self

    def case(self, case: str) -> str:
        """The phrase in ``case`` ('nom', 'acc', 'dat', 'gen')."""
        return self.forms[CASES.index(case)]

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if spec in CASES:
            return self.case(spec)
        word = spec.lower()
        if word in _ENGLISH:  # an English sentence (the phrase may have been made in German)
            return spec
        # A phrase without gender (made in English, shown in a German sentence) is referred
        # to as "die Karte" is.
        gender = self.gender or "f"
        if word in _PRONOUNS:
            said = _PRONOUNS[word][GENDERS.index(gender)]
        elif word.startswith("sein"):
            said = ("ihr" if gender == "f" else "sein") + word[4:]
        else:
            raise ValueError(f"{spec!r} is not a German pronoun of a phrase ({self!s})")
        return said[0].upper() + said[1:] if spec[0].isupper() else said


def _head(words: list[str], table: dict[str, Noun]) -> int:
    return next((i for i, w in enumerate(words) if w.strip("(),") in table), -1)


def _cases(make: Callable[[str], str]) -> tuple[str, str, str, str]:
    nom, acc, dat, gen = (make(c) for c in CASES)
    return nom, acc, dat, gen


def role_phrase(label: str, *, article: str = "indefinite") -> Phrase:
    """A role's title as a :class:`Phrase` in the current language: ``label`` ('Drist
    (gewählte Drei)', 'ungewählter König') with the indefinite article, or with none
    (``article='none'``: the names of one card, 'de Beste (der höchste Ole, Herz-Zwei)').
    The noun that heads it (the first word of :func:`nouns` in the label, before any comma or
    bracket) gives the gender; the words before it are adjectives, which take the ending of
    each case. A label headed by no known noun takes its gender from a known noun later in it
    (the bracket: 'der höchste Ole'), else the gender of "card" (German: 'die Karte').

    English phrases are the label as given ('a Drist (chosen Three)').
    """
    table = nouns()
    if not table:  # English: no gender, one form
        return Phrase(label)
    main = label.split(" (")[0].split(",")[0]
    words = main.split()
    h = _head(words, table)
    if article == "none" or h < 0:
        later = _head(label.split(), table)
        gender = (table[label.split()[later].strip("(),")].gender if later >= 0
                  else noun("card").gender)
        if article == "none":
            return Phrase(label, gender)
        forms = _cases(lambda c: f"{_INDEFINITE[gender][c]} {label}")
        return Phrase(forms[0], gender, forms)
    head = table[words[h]]
    gender = head.gender
    rest = label[len(" ".join(words[: h + 1])):]
    ending = _MIXED[gender]["nom"]

    def said(case: str) -> str:
        adjectives = [w[: -len(ending)] + _MIXED[gender][case] if w.endswith(ending) else w
                      for w in words[:h]]
        return " ".join([_INDEFINITE[gender][case], *adjectives, head.form(case)]) + rest

    forms = _cases(said)
    return Phrase(forms[0], gender, forms)


def card_phrase(symbol: str, title: Phrase) -> Phrase:
    """A card and its role in apposition ('♦4, ein Schiet (leere Karte)'), agreeing as the
    role's title does: ``{card:acc}`` is '♦4, einen Schiet (leere Karte)'."""
    return Phrase(f"{symbol}, {title}", title.gender,
                  _cases(lambda c: f"{symbol}, {title.case(c)}"))
