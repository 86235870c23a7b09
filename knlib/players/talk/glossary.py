"""The glossary: every term of seed 000's 'Knüffeln Glossary', plus the terms of seeds
001-004 and ``styrivolt.md`` that the book uses, each as a :class:`Term` with its
definition and source (:data:`GLOSSARY`, :func:`term`, :func:`glossary_html`).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ...errors import RulesError
from ...i18n import current_language, marked, tr
from ...sources import (
    S000_EARLY,
    S000_GLOSSARY,
    S000_RANKING,
    S000_TALK,
    S001_SCORING,
    S002_TEXT,
    S003_TEXT,
    S004_TEXT,
    STY_TEXT,
    for_reader,
)
from .phrasebook import CELL_STYLE, TABLE_STYLE, phrase

__all__ = ["Term", "Glossary", "GLOSSARY", "term", "glossary_html", "glossary_sources_md"]


@dataclass(frozen=True)
class Term:
    """One term: ``term`` exactly as the source gives it, ``forms`` its spellings,
    a ``definition`` in this project's words, ``see_also`` (terms or phrase ids),
    the ``source`` and the ``games`` it belongs to."""

    id: str
    term: str
    forms: tuple[str, ...]
    definition: str
    see_also: tuple[str, ...]
    source: str
    games: tuple[str, ...] = ("knueffeln",)
    #: The German word for a term an English source gives in English ("Tiere" for
    #: "beasts"); "" where the source's own word is German, Low German or Faroese.
    german: str = ""

    @property
    def meaning(self) -> str:
        """``definition`` in the current language."""
        return tr(self.definition)

    @property
    def name(self) -> str:
        """The term as a reader sees it: as the source gives it, its spellings joined in
        the reader's language; in German, a term an English source gives in English is
        named by its German word, with the source's word in brackets ("Tiere (beasts)")."""
        if self.german and current_language() == "de":
            return f"{self.german} ({self.term})"
        if " or " not in self.term:
            return self.term
        *first, last = [f.strip() for f in self.term.split(" or ")]
        return tr("{first} or {last}", first=", ".join(first), last=last)

    def __str__(self) -> str:
        return f"{self.term}: {self.meaning}"


def _T(term_text: str, definition: str, see_also: tuple[str, ...] = (),
       source: str = S000_GLOSSARY, games: tuple[str, ...] = ("knueffeln",),
       forms: tuple[str, ...] | None = None, extra: tuple[str, ...] = (),
       german: str = "") -> Term:
    if forms is None:
        sep = " or " if " or " in term_text else ","
        forms = tuple(f.strip() for f in term_text.split(sep) if f.strip())
    return Term(_slug(forms[0]), term_text, forms + extra, definition, see_also, source, games,
                german)


def _slug(text: str) -> str:
    table = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe",
                           "Ü": "ue", "ý": "y", "’": "", "'": ""})
    out = []
    for ch in text.translate(table).lower():
        out.append(ch if ch.isascii() and ch.isalnum() else "-")
    return "-".join(filter(None, "".join(out).split("-")))


_TERMS: tuple[Term, ...] = (
    # ------------------------------------------------ seed 000, 'Knüffeln Glossary'
    _T("abschmeissen", marked("To get rid of a card by playing it to a trick."),
       ("zuwerfen, abschmeissen",)),
    _T("anticken, anstecken", marked("To take a card with a small beater, one only just high "
                                     "enough."),
       ("Puzer or kleine Stecher", "passend")),
    _T("aufdrehen", marked("To turn over the card the other side has led face down; picking it up "
       "means accepting the raise."), ("Drein, Drehen", "Seen")),
    _T("Brille", marked("'Spectacles': a double loss mark on Bernhard's slate, two dots given to a "
       "side that loses the whole ladder before it has scored at all."),
       ("Knüppel", "Ledder, Leiter"), f"{S000_GLOSSARY}; {S000_EARLY}; {S001_SCORING}",
       forms=("Brille",), extra=("pair of spectacles",)),
    _T("bunk", marked("The undealt cards that stay on the table after the deal."), ("Wääl",)),
    _T("buterwäält, buterwählt", marked("Not of a chosen suit."), ("wäält", "Fehl-As")),
    _T("davonlaufen", marked("To run off: give up the deal rather than accept a face-down lead."),
       ("lopen", "verweigern", "Drein, Drehen")),
    _T("de fief Olen",
       marked("The five permanent top cards: ♥2, ♣4, ♠8, ♥9 and ♦9, in that order."),
       ("Ole, Olle, Ohle, Alte", "Twe", "Waag, Wagen", "Dulle", "Hartenool, Hartenole, "
        "Harten Ohl", "Rutenool, Rutenole, Ruten Ohl"), forms=("de fief Olen",)),
    _T("Dörchspill", marked("Another word for the march, winning all nine tricks."),
       ("Durchmarsch ,Durchspielen",), f"{S000_GLOSSARY}; seed 001, 'Bonuses'",
       forms=("Dörchspill",)),
    _T("Drein, Drehen", marked("To lead a card face down (a face-down lead), which offers to raise "
       "the stake."), ("Seen", "umdrein", "ich-dreh-ein-um"), extra=("face-down lead",)),
    _T("Drein un Seen, Drehen und Sehen", marked("The raising procedure: one side leads face down, "
       "the other looks at the card to accept or runs to concede."),
       ("Drein, Drehen", "Seen"), f"{S000_GLOSSARY}; seed 000, 'Drehen und Sehen'"),
    _T("Drist", marked("The chosen Three, a Puzer between the Twist and the Veerhack."),
       ("Twist", "Veerhack, Viereck", "Puzer or kleine Stecher")),
    _T("Dulle", marked("♠8, the third of the five Olen."), ("de fief Olen",)),
    _T("du kannst mich treffen?", marked("Asked with a card half shown: do you hold the unchosen "
                                         "Ace "
       "of this suit?"), ("du-kannst-mich-treffen", "Fehl-As"), forms=("du kannst mich treffen?",)),
    _T("Durchmarsch ,Durchspielen", marked("Winning all nine tricks; a side that took the first "
                                           "five "
       "may play on for it, and then must not lose a trick."),
       ("Dörchspill", "Jann", "wir spielen weiter"), forms=("Durchmarsch", "Durchspielen")),
    _T("Fehl-As", marked("The Ace of a suit that is not chosen: it beats every card of its suit, "
                         "and "
       "only an Ole or a chosen Ace, Jack or Six takes it."),
       ("buterwäält, buterwählt", "du kannst mich treffen?")),
    _T("frech", marked("Bold or impudent, said of a daring play."), ()),
    _T("Frikort, Freikarte", marked("A chosen Eight or Nine that is not an Ole: when led, only an "
                                    "Ole "
       "or a chosen Ace or Jack takes it; otherwise it is worth nothing."),
       ("Frikortensteker, Freikartenstecher",)),
    _T("Frikortensteker, Freikartenstecher", marked("A chosen Ace or Jack, the beaters able to "
                                                    "take "
       "a led free card."), ("Frikort, Freikarte", "Steker, Stechkarte")),
    _T("Hackenbiter, Hackenbeißer", marked("'Ankle-biter', a nickname of the chosen Four, the "
                                           "lowest "
       "beater."), ("Veerhack, Viereck",)),
    _T("Hartenool, Hartenole, Harten Ohl", marked("♥9, the fourth of the five Olen."), ("de fief "
                                                                                        "Olen",),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Hönerledder, Hühnerleiter", marked("'Chicken ladder', the ladder chalked on the slate to "
                                           "keep "
       "score."), ("Ledder, Leiter",), f"{S000_GLOSSARY}; seed 001, 'Bonuses'",
       extra=("chicken ladder",)),
    _T("Hunde", marked("A 'dog': in Bernhard's 1924 pack, the chosen Five, which can be swapped "
                       "for "
       "the turn-up of its suit; led, it falls to any beater or Ole."),
       ("Wääl",), f"{S000_GLOSSARY}; seed 001, 'Exchanging' and 'Playing'",
       games=("knueffeln-1924",), forms=("Hunde",), extra=("Hund", "dog")),
    _T("ich dreh ein um", marked("Said when leading a card face down to raise the stake."),
       ("ich-dreh-ein-um", "Drein, Drehen"), forms=("ich dreh ein um",)),
    _T("Jann", marked("A deal in which one side takes the first five tricks in a row; it pays more "
       "than a plain win."), ("jannen", "Durchmarsch ,Durchspielen")),
    _T("jannen", marked("To make a Jann."), ("Jann",)),
    _T("knickerig",
       marked("Stingy; the glossary explains it with the standard German 'geizig'."), ()),
    _T("kommt", marked("Partner's call 'leave it to me': the speaker can take the trick."),
       ("laufen lassen",)),
    _T("Knüppel", marked("'Club' or 'stick': the big blob marked on the losing side of Bernhard's "
       "slate when the winners have erased all their rungs."),
       ("Brille", "Ledder, Leiter"), f"{S000_GLOSSARY}; {S000_EARLY}; {S001_SCORING}"),
    _T("laufen lassen", marked("To let the trick go by playing low, so that partner can win it."),
       ("kommt",)),
    _T("Ledder, Leiter", marked("The ladder of lines on the scoring slate; each win rubs out "
                                "rungs, "
       "and the side that rubs out all of its own wins the game."),
       ("Sprosse", "Knüppel", "Brille", "Hönerledder, Hühnerleiter"),
       f"{S000_GLOSSARY}; {S000_EARLY}; {S001_SCORING}"),
    _T("lopen", marked("To run: concede the deal when a card is led face down."),
       ("davonlaufen", "verweigern")),
    _T("Magger, Macker", marked("Partner."), ("macker-heft-noch-wat",)),
    _T("Ole, Olle, Ohle, Alte", marked("'Old one': one of the five permanent top cards, which beat "
       "every other card except a led chosen Seven."), ("de fief Olen", "oldschen"),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("oldschen", marked("To play an Ole."), ("Ole, Olle, Ohle, Alte", "du-musst-erst")),
    _T("passend", marked("'Fitting': a beater only a little above what is needed to take the card "
                         "in "
       "question, one of the lowest two or three that would do."),
       ("hast-du-was-passend", "anticken, anstecken")),
    _T("Paap, Paas, Pape", marked("'Pope': the chosen Six, the highest beater after the chosen Ace "
       "and Jack."), ("Papst", "pavstur")),
    _T("Pott", marked("The pot of stakes."), ()),
    _T("Puzer or kleine Stecher", marked("A small beater: a chosen Two, Three or Four."),
       ("Twist", "Drist", "Veerhack, Viereck", "nur-zwei-puzer")),
    _T("Rutenool, Rutenole, Ruten Ohl", marked("♦9, the fifth and lowest of the five Olen."),
       ("de fief Olen",), f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Schiet", marked("Duds: the unchosen cards below the Jack, which beat nothing. A chosen "
       "Ten is no stronger, but the role tables count it among the chosen cards with no "
       "power."), ()),
    _T("Seen", marked("To look: pick up the face-down lead, which accepts the higher stake."),
       ("Drein, Drehen", "aufdrehen")),
    _T("Seen un Drein, Sehen und Drehen", marked("The same as 'Drein un Seen'."),
       ("Drein un Seen, Drehen und Sehen",)),
    _T("Sprosse", marked("A rung of the scoring ladder."), ("Ledder, Leiter",)),
    _T("Steker, Stechkarte", marked("A beater: a chosen Ace, Jack, Six, Two, Three or Four, each "
       "with its own power."), ("Stechkarten", "Frikortensteker, Freikartenstecher",
                               "Puzer or kleine Stecher"), f"{S000_GLOSSARY}; {S000_RANKING}"),
    _T("Twe", marked("♥2, the highest Ole (also called 'de Beste')."), ("de Beste", "de fief Olen"),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Twist", marked("The chosen Two, the highest Puzer."), ("Drist", "Puzer or kleine Stecher")),
    _T("umdrein", marked("To turn a card over."), ("Drein, Drehen",)),
    _T("Veerhack, Viereck", marked("'Square': the chosen Four, the lowest beater."),
       ("Hackenbiter, Hackenbeißer", "Puzer or kleine Stecher")),
    _T("verweigern", marked("To refuse, i.e. fold."), ("lopen", "davonlaufen")),
    _T("Waag, Wagen", marked("♣4, the second Ole ('the wagon')."), ("de fief Olen",),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Wääl", marked("The turn-ups: the cards turned face up from the stock after the deal, whose "
       "suits are the two chosen suits."), ("wäält", "Hunde"),
       f"{S000_GLOSSARY}; seed 001, 'Preliminaries'", extra=("turn-up", "turn-ups")),
    _T("wäält",
       marked("Chosen: of one of the two chosen suits."), ("buterwäält, buterwählt", "Wääl")),
    _T("wir schmeissen", marked("'We fold': the side concedes."), ("wir-schmeissen", "lopen")),
    _T("wir spielen weiter", marked("'We play on': the side goes for the march."),
       ("wir-spielen-weiter", "Durchmarsch ,Durchspielen"), forms=("wir spielen weiter",)),
    _T("zuwerfen, abschmeissen", marked("To throw a card away to a trick."), ("abschmeissen",)),
    # ------------------------------------------------ other terms the book uses
    _T("de Beste", marked("'The best': the ♥2, highest of the Olen."), ("Twe", "de fief Olen"),
       S000_RANKING, forms=("de Beste",)),
    _T("Ausspieler", marked("In table talk, a card worth leading: a chosen Seven, a free card or "
                            "an "
       "unchosen Ace (the plural is the same)."), ("stecher-und-ausspieler",), S000_TALK),
    _T("Sondertrümpfe", marked("'Special trumps': the chosen Seven and the free cards, whose power "
       "depends on being led."), ("Frikort, Freikarte",), S000_RANKING),
    _T("Stechkarten", marked("Bernhard's word, in the Wikipedia article, for the twelve beaters of "
       "the chosen suits."),
       ("Steker, Stechkarte",), "seed 001, 'Card powers'", forms=("Stechkarten",)),
    _T("beasts", marked("In Karniffel, the three permanent top cards (Leaves 8, Hearts 9, Bells "
                        "9), "
       "like Knüffeln's Olen."), ("Tolle", "de fief Olen"), f"{S002_TEXT}, 'Features' and 'Beasts'",
       games=("karniffel",), forms=("beasts", "Thiere"),
       extra=("Alter Thier", "Roter Thier", "Gelber Thier"), german="Tiere"),
    _T("Tolle", marked("In Karniffel, the highest beast (read as the Leaves Eight); also called "
                       "the "
       "old beast."), ("beasts", "Dulle"), f"{S002_TEXT}, 'Beasts'", games=("karniffel",),
       forms=("Tolle",)),
    _T("Oberkarniffel", marked("In Karniffel, the chosen Ober, the highest chosen card; also "
                               "called "
       "Landsknecht."), ("Unterkarniffel", "Karnöffel"), f"{S002_TEXT}, 'Chosen suits'",
       games=("karniffel",), forms=("Oberkarniffel", "Landsknecht")),
    _T("Unterkarniffel", marked("In Karniffel, the chosen Unter, just below the Oberkarniffel; "
                                "also "
       "called Büttel."), ("Oberkarniffel",), f"{S002_TEXT}, 'Chosen suits'",
       games=("karniffel",), forms=("Unterkarniffel", "Büttel")),
    _T("Papst", marked("'Pope': the chosen Six in Karniffel; Karnöffel's trump Six is also the "
                       "Pope."),
       ("Paap, Paas, Pape", "pavstur"), f"{S002_TEXT}, 'Chosen suits'; {S003_TEXT}",
       games=("karniffel", "karnoeffel"), forms=("Papst", "Pope")),
    _T("Banner", marked("In Karniffel, the chosen Ten, which can be swapped for the turn-up of its "
       "suit."), ("Wääl", "Hunde"), f"{S002_TEXT}, 'Chosen suits' and 'Preliminaries'",
       games=("karniffel",), forms=("Banner", "Pannier")),
    _T("Devil", marked("In Karnöffel, the trump Seven: strong only when it is led, and never "
                       "allowed "
       "as the lead to the first trick."), ("Karnöffel",), f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Devil",), german="Teufel"),
    _T("Karnöffel", marked("The trump Jack of Karnöffel, the card nothing beats; also the name of "
       "the game, ancestor of Knüffeln."), ("Oberkarniffel", "karnifl"),
       f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Karnöffel", "Karnoffel")),
    _T("Oberstecher", marked("In Karnöffel, the trump Three, which cannot take a King."),
       ("Unterstecher", "Farbenstecher"), f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Oberstecher",)),
    _T("Unterstecher", marked("In Karnöffel, the trump Four, which cannot take a King or Queen."),
       ("Oberstecher", "Farbenstecher"), f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Unterstecher",)),
    _T("Farbenstecher", marked("In Karnöffel, the trump Five, which cannot take a King, Queen or "
       "Jack."), ("Oberstecher", "Unterstecher"), S003_TEXT, games=("karnoeffel",),
       forms=("Farbenstecher",)),
    _T("stickers", marked("In Stýrivolt, the top cards: five permanent ones (the Knüffeln Olen) "
                          "and "
       "the chosen Aces and Jacks."), ("de fief Olen", "styrivolt", "karnifl"),
       f"{STY_TEXT}, 'Card classes'", games=("styrivolt",), forms=("stickers", "stikkar"),
       german="Stikkar"),
    _T("lambs",
       marked("In Stýrivolt, the chosen Sevens: unbeatable when led, worthless otherwise."),
       ("stickers",), f"{STY_TEXT}, 'Card classes'", games=("styrivolt",), forms=("lambs",),
       german="Lämmer"),
    _T("leaders", marked("In Stýrivolt, the chosen cards that only count when led (9, 8, K, Q, 5); "
       "Knüffeln's cards worth leading are its Ausspieler."),
       ("Ausspieler", "lambs"), f"{STY_TEXT}, 'Card classes'",
       games=("styrivolt",), forms=("leaders",), german="Ausspieler"),
    _T("vol", marked("In Stýrivolt, taking the first five tricks straight off ('keeping in'); the "
       "side may then play on for all nine."), ("Jann", "chalk-up"),
       f"{STY_TEXT}, 'End of a deal and scoring'", games=("styrivolt",),
       forms=("vol", "keeping in")),
    _T("chalk-up", marked("Stýrivolt's scoring slate: a line with three bars on each side, rubbed "
                          "out "
       "one per stroke won; a side with no bars left draws a cross."),
       ("Ledder, Leiter", "vol"), f"{STY_TEXT}, 'End of a deal and scoring'",
       games=("styrivolt",), forms=("chalk-up",), german="Tafel"),
    _T("karnifl",
       marked("In Stýrivolt, the chosen Jack, a sticker; the word comes from Karnöffel."),
       ("Karnöffel", "stickers", "styrivolt"), f"{STY_TEXT}, 'History' and 'Card classes'",
       games=("styrivolt",), forms=("karnifl", "karniffil")),
    _T("pavstur", marked("In Stýrivolt, the chosen Six, the highest beater; from 'pope', now "
                         "called "
       "'postman'."), ("Paap, Paas, Pape", "Papst"), f"{STY_TEXT}, 'History' and 'Card classes'",
       games=("styrivolt",), forms=("pavstur", "pavstar")),
    _T("styrivolt", marked("In Stýrivolt, the chosen Ace, the highest chosen sticker; also the "
                           "name "
       "of the game."), ("stickers", "karnifl"), f"{STY_TEXT}, 'Card classes'",
       games=("styrivolt",), forms=("styrivolt", "styrivolts", "Stýrivolt")),
)


class Glossary:
    """The terms, seed 000's glossary first; index by position, id or any form."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self._terms = tuple(terms)
        self._by_id = {t.id: t for t in self._terms}
        if len(self._by_id) != len(self._terms):
            raise RulesError("two glossary terms share an id")

    def __len__(self) -> int:
        return len(self._terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self._terms)

    def __getitem__(self, key: int | str) -> Term:
        if isinstance(key, str):
            return term(key, self)
        return self._terms[key]

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                term(item, self)
            except RulesError:
                return False
            return True
        return item in self._terms

    def from_source(self, source: str) -> tuple[Term, ...]:
        return tuple(t for t in self._terms if source in t.source)

    def __repr__(self) -> str:
        return f"<Glossary of {len(self)} terms>"

    def _repr_html_(self) -> str:
        return glossary_html(self)


#: Seed 000's 'Knüffeln Glossary' in full, then the terms of seeds 000-004 and styrivolt.md.
GLOSSARY = Glossary(_TERMS)


def term(name: str, glossary: Glossary | None = None) -> Term:
    """A term by id, by its text as given, or by any form (case-insensitive)."""
    glossary = GLOSSARY if glossary is None else glossary
    if name in glossary._by_id:
        return glossary._by_id[name]
    folded = name.casefold()
    for t in glossary:
        if folded == t.term.casefold() or any(folded == f.casefold() for f in t.forms):
            return t
    raise RulesError(tr("{value} is not in the glossary", value=repr(name)))


def see_also_name(target: str) -> str:
    """A "see also" target as a reader sees it: a term by its name (:attr:`Term.name`), a
    phrase of the phrasebook by its words as said at the table; anything else as given."""
    try:
        return term(target).name
    except RulesError:
        pass
    try:
        return phrase(target).low_german_or_german
    except RulesError:
        return target


def glossary_html(terms: Iterable[Term] | None = None, *,
                  caption: str | None = None, sources: bool = False) -> str:
    """A self-contained HTML table of the glossary (everything escaped): the term, its
    meaning and the terms to see also. A reader's table names no source (issue 25): the
    sources go once into the page's sources box (:func:`glossary_sources_md`);
    ``sources=True`` adds a source column, for programmers."""
    e = html.escape
    caption = tr("Knüffeln glossary") if caption is None else caption
    rows = []
    for t in GLOSSARY if terms is None else terms:
        source = f"<td {CELL_STYLE}>{e(for_reader(t.source))}</td>" if sources else ""
        rows.append(
            f"<tr><td {CELL_STYLE}><i lang='de'>{e(t.name)}</i></td><td {CELL_STYLE}>{e(t.meaning)}"
            f"</td><td {CELL_STYLE}>{e(', '.join(map(see_also_name, t.see_also)))}</td>"
            f"{source}</tr>"
        )
    head = "".join(f"<th {CELL_STYLE} scope='col'>{e(h)}</th>" for h in
                   (tr("term"), tr("meaning"), tr("see also"),
                    *((tr("source"),) if sources else ())))
    return (f"<table class='knlib-glossary' style='{TABLE_STYLE}'>"
            f"<caption>{e(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _work(part: str) -> str:
    """The source a citation part names, without its sections: "seed 001, 'Bonuses'" ->
    "seed 001"."""
    return part.split(",")[0].strip()


def glossary_sources_md(terms: Iterable[Term] | None = None, *,
                        title: str | None = None) -> str:
    """The glossary's sources, once, as a MyST note box (collapsed): the meanings are this
    book's wording, and each source, by author and title, with the terms it gives (Eaton's
    list, printed in McLeod's description, as one entry)."""
    title = tr("Our reading: where the words come from") if title is None else title
    terms = tuple(GLOSSARY if terms is None else terms)
    works: dict[str, list[Term]] = {}
    for t in terms:
        for part in t.source.split(";"):
            bucket = works.setdefault(_work(part), [])
            if t not in bucket:
                bucket.append(t)
    listed = [t for t in terms if S000_GLOSSARY in t.source]
    lines = [f"::::{{admonition}} {title}", ":class: note dropdown", "",
             tr("The terms are spelled as the sources print them; the meanings are this "
                "book's own wording. The sources, and the terms each of them gives:"), ""]
    for work, found in works.items():
        if work == _work(S000_GLOSSARY):
            rest = [t for t in found if t not in listed]
            section = for_reader(S000_GLOSSARY, cite=True).removeprefix(
                f"{for_reader(work, cite=True)}, ")
            text = tr("its {section}, Eaton's list: the {n} terms of the first table",
                      section=section, n=len(listed))
            if rest:
                text = tr("{text}; from its other sections: {terms}", text=text,
                          terms=", ".join(f"*{t.name}*" for t in rest))
        else:
            text = ", ".join(f"*{t.name}*" for t in found)
        lines.append(f"- **{for_reader(work, cite=True)}**: {text}.")
    lines += ["", "::::"]
    return "\n".join(lines)
