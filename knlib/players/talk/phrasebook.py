"""The phrasebook: every table-talk phrase of the sources as a :class:`Phrase`, with the
claim it makes and the test that decides the claim for a concrete hand.

:data:`PHRASEBOOK` holds the phrases of seed 000 ('Communication') and seed 001
('Communication'), quoted exactly as printed; :func:`phrase` finds one by id or wording.
For teaching the talk: :data:`CORE_PHRASES` (a beginner's first phrases),
:data:`OWN_LINES` (the book's own answers), :func:`phrase_gloss` (a phrase for the
reader, misprints marked [sic]) and :func:`phrasebook_html`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypedDict

from ...cards import Card
from ...counts import count_word, german_number
from ...errors import RulesError
from ...games import ChainRuleset
from ...games.family import RoleClass
from ...i18n import marked, ntr, tr
from ...rules.tricks import takes_relation
from ...sources import (
    S000_TALK,
    S001_TALK,
    for_reader,
)
from .hand import HandSummary, summary_of

__all__ = [
    "Phrase", "Phrasebook", "PHRASEBOOK", "phrase", "phrasebook_html", "SIC",
    "CORE_PHRASES", "OWN_LINES", "phrase_gloss", "phrasebook_sources_md", "TABLE_STYLE",
    "CELL_STYLE", "rendering_shown",
]


# =====================================================================================
# Tests of claims. Each takes (hand, rules, chosen, *, target=None, **params).
# =====================================================================================

Test = Callable[..., bool]


def _s(hand: tuple[Card, ...], rules: ChainRuleset, chosen: tuple[str, ...]) -> HandSummary:
    return summary_of(rules, tuple(hand), tuple(chosen))


def _has_ole(hand, rules, chosen, *, target=None) -> bool:
    return bool(_s(hand, rules, chosen).olen)


def _has_decent(hand, rules, chosen, *, target=None) -> bool:
    return bool(_s(hand, rules, chosen).decent)


def _no_decent(hand, rules, chosen, *, target=None) -> bool:
    return not _s(hand, rules, chosen).decent


def _one_decent(hand, rules, chosen, *, target=None) -> bool:
    return len(_s(hand, rules, chosen).decent) == 1


def _no_strong(hand, rules, chosen, *, target=None) -> bool:
    s = _s(hand, rules, chosen)
    return not s.olen and not s.high_beaters


def _stecher_ausspieler(hand, rules, chosen, *, target=None, beaters=1, leaders=2) -> bool:
    s = _s(hand, rules, chosen)
    return len(s.high_beaters) == beaters and len(s.leaders) == leaders


def _only_puzer(hand, rules, chosen, *, target=None, count=2) -> bool:
    s = _s(hand, rules, chosen)
    return count >= 1 and not s.olen and not s.high_beaters and len(s.puzer) == count


def _sure_tricks(hand, rules, chosen, *, target=None, count=1) -> bool:
    return len(_s(hand, rules, chosen).sure_winners) >= count


def _takers(hand, rules, chosen, target) -> list[Card]:
    """Cards of the hand that take ``target`` when it is ahead (as if it had been led)."""
    takes = takes_relation(rules, chosen)
    return [c for c in hand if takes.led(c, target)]


def _can_take(hand, rules, chosen, *, target=None) -> bool:
    return bool(_takers(hand, rules, chosen, target))


def _cannot_take(hand, rules, chosen, *, target=None) -> bool:
    return not _takers(hand, rules, chosen, target)


def _passend(hand, rules, chosen, *, target=None, levels=3) -> bool:
    """Holds one of the lowest ``levels`` power levels of Ole or beater that take ``target``."""
    roles = rules.roles(chosen)
    takes = takes_relation(rules, chosen)
    powers = sorted({roles[x].power for x in rules.pack
                     if x is not target and roles[x].power > 0 and takes.led(x, target)})
    fitting = set(powers[:levels])
    return any(roles[c].power in fitting for c in _takers(hand, rules, chosen, target))


def _certain(hand, rules, chosen, *, target=None) -> bool:
    """Holds a card that takes ``target`` and that no card outside the hand can take."""
    takes = takes_relation(rules, chosen)
    held = set(hand)
    outside = [x for x in rules.pack if x not in held and x is not target]
    return any(not any(takes.led(x, c) for x in outside)
               for c in _takers(hand, rules, chosen, target))


def _meets(hand, rules, chosen, *, target=None) -> bool:
    """Holds the unchosen Ace of the target's suit (and the target is below it)."""
    roles = rules.roles(chosen)
    takes = takes_relation(rules, chosen)
    return any(roles[c].klass == RoleClass.UNCHOSEN_ACE and c.suit == target.suit
               and takes.led(c, target) for c in hand)


# =====================================================================================
# The phrasebook
# =====================================================================================

@dataclass(frozen=True)
class Phrase:
    """One piece of table talk, with what it claims and how to check the claim.

    ``low_german_or_german`` is the phrase exactly as the first source prints it;
    ``variants`` are other spellings in the sources (seed 001). ``german`` is this
    project's standard German rendering of a Low German phrase (None for phrases the
    source already gives in German). ``english`` is the source's English gloss or a
    short paraphrase; ``readings`` keeps each source's English where they differ.

    ``claim`` says in our words what the phrase claims about the speaker's hand; for a
    question (``kind == 'question'``) it says what a truthful "yes" claims about the
    answerer's hand. ``varies``, for a phrase with numbers, says that they change with
    the hand (:attr:`claim_text` adds it to the claim; :attr:`bare_claim_text` leaves it
    out, for a line said with this hand's numbers).
    ``test(hand, rules, chosen, *, target=None, **params)`` decides that claim for a hand
    (tuple of Cards, a Knüffeln ruleset, parsed chosen suits); it is None where the phrase
    says nothing about a hand. Phrases with ``needs_target`` are about a card on the table
    (the card ahead in the trick).
    ``params`` are the source's own numbers (e.g. one beater, two leaders), which
    :func:`truthful_line` fills in for a hand.
    """

    id: str
    low_german_or_german: str
    german: str | None
    english: str
    claim: str
    may_bluff: bool
    when: str
    source: str
    kind: str = "statement"
    test: Test | None = field(default=None, repr=False, compare=False)
    needs_target: bool = False
    params: tuple[tuple[str, int], ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    variants: tuple[str, ...] = ()
    language: str = "German"
    note: str | None = None
    varies: str | None = None

    @property
    def defaults(self) -> dict[str, int]:
        """The phrase's numbers as the source gives them, e.g. {'beaters': 1, 'leaders': 2}."""
        return dict(self.params)

    @property
    def checkable(self) -> bool:
        """True if the phrase has a machine-checkable claim about a hand."""
        return self.test is not None

    @property
    def forms(self) -> tuple[str, ...]:
        """Every spelling of the phrase in the sources."""
        return (self.low_german_or_german, *self.variants)

    @property
    def meaning(self) -> str:
        """The gloss in the current language: ``english``, or its standard German."""
        return tr(self.english)

    @property
    def claim_text(self) -> str:
        """``claim`` in the current language, with ``varies`` if the phrase has it."""
        claim = tr(self.claim)
        return claim if self.varies is None else f"{claim}; {tr(self.varies)}"

    @property
    def bare_claim_text(self) -> str:
        """``claim`` in the current language, without ``varies``."""
        return tr(self.claim)

    @property
    def when_text(self) -> str:
        """``when`` in the current language."""
        return tr(self.when)

    @property
    def note_text(self) -> str | None:
        """``note`` in the current language (None without a note)."""
        return None if self.note is None else tr(self.note)

    def __str__(self) -> str:
        return f"{self.low_german_or_german} = {self.meaning}"


_P = Phrase

_PHRASES: tuple[Phrase, ...] = (
    # ---------------------------------------------------------------- seed 000
    _P("bist-du-alt", "bist du alt?", None, marked("Are you old?"),
       marked("question to partner; a truthful 'yes' means the answerer holds at least one Ole"),
       False, marked("to partner, while sounding out the hands (for instance before a lead)"),
       S000_TALK,
       kind="question", test=_has_ole),
    _P("kannst-du-ock-wat-hollen", "Kannst du ock wat hollen?", "Kannst du auch etwas halten?",
       marked("Can you also take any tricks?"),
       marked("implies, through 'also' (ock), that the speaker can take tricks, i.e. holds at "
              "least "
       "one decent card; a truthful 'yes' claims the same of the answerer"),
       True, marked("to partner, while sounding out the hands"), f"{S000_TALK}; {S001_TALK}",
       kind="question", test=_has_decent,
       readings=(("seed 000", marked("Can you also take any tricks? (the 'also' may be a bluff)")),
                 ("seed 001", marked("Have you got an Ole?"))),
       language="Low German",
       note=marked("The sources read it two ways: 'can you also take tricks?' and 'have you got an "
            "Ole?'. This book follows the first; in the second, a 'yes' means the same as "
            "for 'bist du alt?'.")),
    _P("kannst-du", "kannst du?", None, marked("Can you?"),
       marked("question to partner; a truthful 'yes' means the answerer holds a card that takes "
       "the card now ahead in the trick"),
       False, marked("to partner, while an opponent's card is ahead and partner has still to play"),
       S000_TALK, kind="question", test=_can_take, needs_target=True),
    _P("du-kannst-mich-treffen", "du kannst mich treffen?", None, marked("Can you meet me?"),
       marked("question to partner, with a card half shown; a truthful 'yes' means the answerer "
       "holds the unchosen Ace of that card's suit"),
       False, marked("on lead, half showing an unchosen card to partner before leading it"),
       S000_TALK,
       kind="question", test=_meets, needs_target=True),
    _P("hast-du-was-passend", "hast du was passend?", None, marked("Have you something suitable?"),
       marked("question to partner; a truthful 'yes' means the answerer can take the card ahead "
              "with "
       "a card only just strong enough (one of the lowest three levels of Ole or beater that "
       "take it)"),
       False, marked("to partner, about a card already in the trick"), S000_TALK,
       kind="question", test=_passend, needs_target=True, params=(("levels", 3),),
       note=marked("The glossary's 'passend' speaks of the lowest two or three beaters able to "
                   "win; "
            "this book counts three levels.")),
    _P("du-musst-erst", "du mußt erst, ick schall oldsch",
       "Du musst zuerst, ich werde einen Olen spielen", marked("You go first, I’ve got an Ole"),
       marked("holds at least one Ole"), True,
       marked("when partner plays to the trick before the speaker"), f"{S000_TALK}; {S001_TALK}",
       kind="call", test=_has_ole,
       readings=(("seed 000", marked("You go first, I’ve got an Ole (play low, I’ll play an Ole)")),
                 ("seed 001", marked("You must go first and I’ll take it with an Ole"))),
       variants=("Du mußt erst, ick schall oldsch",), language="Low German"),
    _P("stecher-und-ausspieler", "hab’ einen Stecher und 2 Ausspieler", None,
       marked("I’ve got a beater and two Ausspieler"),
       marked("holds exactly one high beater (chosen A, J or 6) and exactly two Ausspieler (cards "
       "worth leading: chosen 7s, free cards or unchosen Aces)"),
       False, marked("when telling partner about the hand, before or between tricks"), S000_TALK,
       test=_stecher_ausspieler, params=(("beaters", 1), ("leaders", 2)),
       varies=marked("the numbers change with the hand")),
    _P("nur-zwei-puzer", "hab’ nur zwei Puzer", None, marked("I’ve only got two Puzers"),
       marked("holds no Ole and no high beater, and exactly two Puzer (chosen 2, 3 or 4)"),
       False, marked("when telling partner about the hand, before or between tricks"), S000_TALK,
       test=_only_puzer, params=(("count", 2),),
       varies=marked("the number changes with the hand")),
    _P("nich-recht-to-huus", "ick bin nich recht to Huus", "Ich bin nicht recht zu Hause",
       marked("I’m feeling poorly"), marked("holds no decent card: no Ole, no beater and no "
                                            "Ausspieler"),
       True, marked("when partner asks about the hand"), f"{S000_TALK}; {S001_TALK}",
       test=_no_decent,
       readings=(("seed 000", marked("I’m feeling poorly (no decent cards)")),
                 ("seed 001", marked("I haven’t got any good cards"))),
       variants=("Ick bin nich recht to Huus",), language="Low German",
       note=marked("Literally: at home and unwell (both sources).")),
    _P("kommt", "kommt", None, marked("[Let it] come"),
       marked("holds a card that takes the card now ahead, so partner may throw a dud"),
       False, marked("when partner plays to the trick before the speaker"), S000_TALK,
       kind="call", test=_can_take, needs_target=True),
    _P("laufen-lassen", "laufen lassen", None, marked("Let it run"),
       marked("the same as 'kommt': holds a card that takes the card now ahead"),
       False, marked("when partner plays to the trick before the speaker"), S000_TALK,
       kind="call", test=_can_take, needs_target=True),
    _P("ganz-sicher", "ich kann ganz sicher", None, marked("[I can] definitely"),
       marked("holds a card that takes the card now ahead and that no card outside the speaker's "
       "hand could take in turn"),
       False, marked("about the trick in progress"), S000_TALK, test=_certain, needs_target=True),
    _P("ich-kann-nichts", "ich kann nichts", None, marked("I can’t do anything"),
       marked("holds no strong card: no Ole and no high beater"), True,
       marked("when partner hopes for help in a trick"), S000_TALK, test=_no_strong),
    _P("kann-ik-nich", "kann ik nich, mußt en Steker speeln!",
       "Kann ich nicht, du musst einen Steker spielen!",
       marked("I can’t, you must play a beater!"),
       marked("holds nothing that takes the card now ahead (and asks partner to play a beater)"),
       False, marked("when partner asks whether the speaker can take the trick"),
       f"{S000_TALK}; {S001_TALK}",
       kind="call", test=_cannot_take, needs_target=True,
       variants=("Kann ik nich, mußt en Steker speeln!",), language="Low German"),
    _P("etwas-verbessern", "ich kann etwas verbessern", None, marked("I can improve on that a bit"),
       marked("can take the card ahead with a card only just strong enough (one of the lowest "
              "three "
       "levels of Ole or beater that take it)"),
       False, marked("about the card ahead in the trick"), S000_TALK,
       test=_passend, needs_target=True, params=(("levels", 3),)),
    _P("nur-einmal-helfen", "ich kann dir nur einmal helfen", None,
       marked("I can only help you once"), marked("holds exactly one decent card"), True,
       marked("when partner asks about the hand"), S000_TALK, test=_one_decent),
    _P("zwei-spiele-sicher", "ich mache zwei Spiele sicher", None,
       marked("I’ll make two tricks for sure"),
       marked("holds at least two sure winners (cards nothing outside the hand can take when led)"),
       False, marked("when the partners count their tricks"), S000_TALK,
       test=_sure_tricks, params=(("count", 2),),
       note=marked("'Sure' is read strictly: the card cannot be taken when led by any card the "
            "speaker does not hold. Getting the lead is a separate matter.")),
    _P("een-voer-de-jann", "een vör de Jann!", "Einer für den Jann!", marked("One for the Jann!"),
       marked("nothing about the hand: the side has taken the first trick, the first step to "
              "a Jann"),
       False, marked("on winning the first trick"), S000_TALK, kind="announcement",
       language="Low German"),
    _P("wer-kann-de", "wer kann de?", "Wer kann denn?", marked("Who can, eh?"),
       marked("question to the table; a truthful 'yes' means the answerer holds a card that takes "
       "the card now ahead"),
       False, marked("after a strong card has been played to the trick"), S000_TALK,
       kind="question", test=_can_take, needs_target=True, language="Low German"),
    _P("schwachheitszeichen", "ein Schwachheitszeichen!", None, marked("A sign of weakness!"),
       marked("nothing about the speaker's hand: suggests that an opponent's lead shows a "
              "weak hand"),
       True, marked("after an opponent's lead, e.g. a Seven led to the first trick"), S000_TALK,
       kind="comment"),
    _P("up-de-heide", "dat spelen se up de Heide bi Regenwedder!",
       "Das spielen sie auf der Heide bei Regenwetter!",
       marked("They play that up on the heath in bad weather!"),
       marked("nothing about the speaker's hand: mocks a poor lead"), False,
       marked("after a poor lead"), f"{S000_TALK}; {S001_TALK}", kind="comment",
       readings=(("seed 000", marked("That’s such a bad lead!")),
                 ("seed 001", marked("That’s a poor lead"))),
       variants=("Dat spelen se up de Heide bi Regenwedder",), language="Low German"),
    _P("wir-spielen-weiter", "wir spieler weiter", None, marked("We’ll play on"),
       marked("nothing about the hand: the side will try for the march (all nine tricks)"), False,
       marked("after winning the first five tricks, when leading to the sixth"), S000_TALK,
       kind="announcement",
       note=marked("Printed 'spieler' in the phrase list; the glossary has 'wir spielen weiter'.")),
    _P("ich-dreh-ein-um", "ich dreh ein um", None, marked("I’m turning one over"),
       marked("nothing about the hand: the speaker leads face down, offering to raise the stake "
       "(drehen)"), False, marked("on lead, when leading a card face down"), S000_TALK,
       kind="announcement"),
    _P("wir-schmeissen", "wir schmeissen", None, marked("We’re folding"),
       marked("nothing about the hand: the side concedes the deal"), False,
       marked("when conceding, e.g. instead of accepting a face-down lead"), S000_TALK,
       kind="announcement"),
    # ---------------------------------------------------------------- seed 001 only
    _P("nich-recht-wat-to-bringen", "Ik heff nich recht wat to bringen, du muß verbetern",
       "Ich habe nicht recht etwas zu bringen, du musst verbessern",
       marked("I don’t have anything good to play; you must do better"),
       marked("holds nothing that takes the card now ahead (so partner must)"), False,
       marked("when partner hoped the speaker would take the trick"), S001_TALK,
       kind="call", test=_cannot_take, needs_target=True, language="Low German"),
    _P("macker-heft-noch-wat", "Macker, heft noch wat?", "Macker, hast du noch etwas?",
       marked("Mate, do you have anything left?"),
       marked("question to partner; a truthful 'yes' means the answerer still holds a decent card"),
       False, marked("to partner, later in the deal"), S001_TALK,
       kind="question", test=_has_decent, language="Low German"),
    _P("een-spill-mak-ik", "Een Spill mak ik", "Ein Spiel mache ich", marked("I’ll make one trick"),
       marked("holds at least one sure winner (a card nothing outside the hand can take when led)"),
       False, marked("when the partners count their tricks"), S001_TALK,
       test=_sure_tricks, params=(("count", 1),), language="Low German",
       note=marked("'Spill' (game) means a trick here, as in 'ich mache zwei Spiele sicher'.")),
    _P("kannst-alleen-de-rest-maken",
       "Kannst alleen de Rest maken? Nee? Ik maak sacht een Spill. Twe hebbn wi. Du gar nich? "
       "Denn mööt wi betaaln.",
       "Kannst du allein den Rest machen? Nein? Ich mache wohl ein Spiel. Zwei haben wir. "
       "Du gar nicht? Dann müssen wir bezahlen.",
       marked("A short exchange: can partner win the rest alone? No. The speaker expects one more "
       "trick, the side has two, partner has nothing, so they will lose and pay."),
       marked("nothing checkable: a conversation counting the side's tricks"), False,
       marked("near the end of a deal, counting tricks with partner"), S001_TALK, kind="dialogue",
       language="Low German"),
)


class Phrasebook:
    """The phrases, in source order; index by position or by id. Shows itself as a table."""

    def __init__(self, phrases: Iterable[Phrase]) -> None:
        self._phrases = tuple(phrases)
        self._by_id = {p.id: p for p in self._phrases}
        if len(self._by_id) != len(self._phrases):
            raise RulesError("two phrases share an id")

    def __len__(self) -> int:
        return len(self._phrases)

    def __iter__(self) -> Iterator[Phrase]:
        return iter(self._phrases)

    def __contains__(self, item: object) -> bool:
        return item in self._by_id or item in self._phrases

    def __getitem__(self, key: int | str) -> Phrase:
        if isinstance(key, str):
            return phrase(key, self)
        return self._phrases[key]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    def from_source(self, seed: str) -> tuple[Phrase, ...]:
        """The phrases a source gives: ``from_source('seed 001')``."""
        return tuple(p for p in self._phrases if seed in p.source)

    def find(self, text: str) -> Phrase | None:
        """The phrase with this exact wording (any spelling in the sources), or None."""
        return next((p for p in self._phrases if text in p.forms), None)

    def __repr__(self) -> str:
        return f"<Phrasebook of {len(self)} phrases>"

    def _repr_html_(self) -> str:
        return phrasebook_html(self)


#: Every table-talk phrase of seeds 000 and 001 ('Communication'), seed 000's first.
PHRASEBOOK = Phrasebook(_PHRASES)


def phrase(phrase_id: str | Phrase, book: Phrasebook | None = None) -> Phrase:
    """A phrase by id (or exact wording); RulesError naming the id if there is none."""
    if isinstance(phrase_id, Phrase):
        return phrase_id
    book = PHRASEBOOK if book is None else book
    found = book._by_id.get(phrase_id) if isinstance(phrase_id, str) else None
    if found is None and isinstance(phrase_id, str):
        found = book.find(phrase_id)
    if found is None:
        raise RulesError(tr("{value} is not a phrase of the phrasebook: ids are {ids}",
                            value=repr(phrase_id), ids=", ".join(book.ids)))
    return found


# =====================================================================================
# Teaching the talk: glosses, the core phrases, the book's own lines
# =====================================================================================

#: Misprints in the sources, kept as printed and marked: phrase id -> (as printed, marked).
SIC: dict[str, tuple[str, str]] = {
    # The phrase list prints 'spieler'; the glossary has 'wir spielen weiter'.
    "wir-spielen-weiter": ("spieler", "spieler [sic]"),
}

#: About eight phrases a beginner learns first (Evening 5), in the order a deal needs them.
CORE_PHRASES: tuple[str, ...] = (
    "bist-du-alt", "du-musst-erst", "stecher-und-ausspieler", "nich-recht-to-huus",
    "kann-ik-nich", "een-voer-de-jann", "kannst-du", "ich-dreh-ein-um",
)

#: Lines the book puts in its players' mouths that no source gives (answers and the like):
#: id -> (text, English). The book marks each as its own.
OWN_LINES: dict[str, tuple[str, str]] = {
    "ja": ("Ja.", marked("Yes.")),
    "nee": ("Nee.", marked("No.")),
    "wir-hoeren-auf": ("Wir hören auf.", marked("We stop (and take the Jann).")),
    "ik-seh": ("Ich sehe.", marked("I see it (we accept the face-down card).")),
}


class Gloss(TypedDict):
    """A phrase for the reader (:func:`phrase_gloss`)."""

    text: str
    english: str
    german: str | None


def phrase_gloss(p: str | Phrase) -> Gloss:
    """A phrase for the reader: ``text`` as the source prints it, a misprint marked [sic]
    (:data:`SIC`) and a number said as a word ('2 Ausspieler' is said 'zwei Ausspieler',
    as the source's own 'hab’ nur zwei Puzer'); ``english``, the gloss in the current
    language (English, or its standard German: :attr:`Phrase.meaning`); ``german``, our
    standard German rendering of a Low German phrase (None where the source's phrase is
    already German). ``text`` is the same in every language."""
    ph = phrase(p)
    text = re.sub(r"\b[1-9]\b", lambda m: german_number(int(m.group())), ph.low_german_or_german)
    if ph.id in SIC:
        printed, marked = SIC[ph.id]
        text = text.replace(printed, marked)
    return {"text": text, "english": ph.meaning, "german": ph.german}


def rendering_shown(german: str | None, gloss: str) -> str | None:
    """Our standard German rendering of a Low German phrase as a page shows it beside the
    gloss: None where there is none, or where the gloss already says the same words (the
    German gloss of 'een vör de Jann!' is its rendering, 'Einer für den Jann!')."""
    if german is None or german.rstrip(".!?").casefold() == gloss.rstrip(".!?").casefold():
        return None
    return german


def quoted(text: str) -> str:
    """``text`` in the quotation marks of the current language: '“…”', German '„…“'."""
    return tr("“{words}”", words=text)


def phrase_said(p: str | Phrase) -> str:
    """A phrase as a line of a question or its feedback: '“hab’ einen Stecher und zwei
    Ausspieler” (I’ve got a beater and two Ausspieler)' (the words as :func:`phrase_gloss`
    gives them, in the quotation marks of the current language, then the gloss in the
    current language)."""
    return f"{quoted(phrase_gloss(p)['text'])} ({phrase(p).meaning})"


#: The style of the phrasebook's and the glossary's tables, and of their cells (an attribute).
TABLE_STYLE = ("border-collapse:collapse;text-align:left;vertical-align:top;"
               "font-size:0.95em")
CELL_STYLE = ("style='border:1px solid #999;padding:0.3em 0.5em;vertical-align:top;"
              "text-align:left'")


def phrasebook_html(phrases: Iterable[Phrase] | None = None, *, sources: bool = False) -> str:
    """A self-contained HTML table of the phrasebook (everything escaped).

    Columns: the phrase (with our standard German rendering of a Low German phrase),
    English, what it claims, may be a bluff. A reader's table names no source (issue 25):
    the sources and their differing readings go once into the page's sources box
    (:func:`phrasebook_sources_md`). ``sources=True`` adds each source's reading and a
    source column, for programmers.
    """
    e = html.escape
    german, yes, no = tr("German:"), tr("yes"), tr("no")
    rows = []
    for p in PHRASEBOOK if phrases is None else phrases:
        lang = "nds" if p.language == "Low German" else "de"
        first = f"<i lang='{lang}'>{e(p.low_german_or_german)}</i>"
        if p.german:
            first += f"<br><small>{e(german)} <i lang='de'>{e(p.german)}</i></small>"
        english = e(p.meaning)
        source = ""
        if sources:
            english += "".join(f"<br><small>{e(for_reader(src))}: {e(tr(text))}</small>"
                               for src, text in p.readings)
            source = f"<td {CELL_STYLE}>{e(for_reader(p.source))}</td>"
        rows.append(
            f"<tr><td {CELL_STYLE}>{first}</td><td {CELL_STYLE}>{english}</td>"
            f"<td {CELL_STYLE}>{e(p.claim_text)}</td>"
            f"<td {CELL_STYLE}>{yes if p.may_bluff else no}</td>{source}</tr>"
        )
    heads = (tr("Low German/German"), tr("English"), tr("claim"), tr("may be a bluff"),
             *((tr("source"),) if sources else ()))
    head = "".join(f"<th {CELL_STYLE} scope='col'>{e(h)}</th>" for h in heads)
    caption = tr("Knüffeln table talk")
    return (f"<table class='knlib-phrasebook' style='{TABLE_STYLE}'>"
            f"<caption>{e(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def phrasebook_sources_md(phrases: Iterable[Phrase] | None = None, *,
                          title: str | None = None) -> str:
    """The phrasebook's sources, once, as a MyST note box (collapsed): which source gives
    how many phrases, by author and title, and each phrase the sources translate
    differently, with each source's reading."""
    title = tr("Where the sources differ") if title is None else title
    ps = tuple(PHRASEBOOK if phrases is None else phrases)
    works = (S000_TALK, S001_TALK)
    given = {w: [p for p in ps if w in p.source] for w in works}
    both = [p for p in given[S000_TALK] if p in given[S001_TALK]]
    first, second = (for_reader(w) for w in works)
    def counted(n: int) -> str:
        return ntr("{count} phrase", "{count} phrases", n, count=count_word(n))

    lines = [f"::::{{admonition}} {title}", ":class: note dropdown", "",
             tr("The phrases are quoted as the sources print them: {first_count} from {first}, "
                "{second_count} from {second}, {both_count} in both. The claims, and the "
                "standard German of the Low German phrases, are this book's own.",
                first_count=counted(len(given[S000_TALK])), first=first,
                second_count=counted(len(given[S001_TALK])), second=second,
                both_count=counted(len(both))), ""]
    differ = [p for p in ps if p.readings]
    if differ:
        lines += [tr("Where the two translate a phrase differently:"), ""]
        for p in differ:
            said = "; ".join(f"{for_reader(src)}: {quoted(tr(text))}" for src, text in p.readings)
            lines.append(f"- *{p.low_german_or_german}*: {said}.")
        lines.append("")
    lines.append("::::")
    return "\n".join(lines)
