"""Knüffeln table talk: the phrasebook and the glossary as data, and the truthful line for a hand.

In Knüffeln partners may talk about their hands, as long as they never name a card,
and they may bluff. This module holds

* :data:`PHRASEBOOK`: every table-talk phrase of seed 000 ('Communication') and
  seed 001 ('Communication') as a :class:`Phrase`. Where a phrase is about the
  speaker's hand (or, for a question, about what a "yes" would mean), its ``test``
  decides it for a concrete hand, so the claim can be checked by machine.
* :data:`GLOSSARY`: every term of seed 000's 'Knüffeln Glossary', plus the terms of
  seeds 001-004 and ``styrivolt.md`` that the book uses, each as a :class:`Term`.
* :func:`describe_hand`, which sorts a hand into Olen, high beaters, Puzer, leaders,
  handy leads and duds (:class:`HandSummary`);
* :func:`truthful_line`, the phrase a truthful player would say about a hand;
  :func:`claims_true`, which checks a phrase against a hand; and :func:`bluff_line`,
  a phrase that may be a bluff and is false for the hand (for computer players).

The phrases are quoted exactly as the sources print them (short quotations of the
table talk). Everything else here (claims, definitions, the ``german`` renderings of
Low German phrases) is this project's own wording; the ``german`` field is our
rendering into standard German, not something the sources give.

Words used in claims (seed 000, 'The Cards and their Ranking' and 'Communication'):

* **Ole**: one of the five permanent top cards (♥2, ♣4, ♠8, ♥9, ♦9), also when its
  suit is chosen (`shared/rules/README.md`, reading 3).
* **high beater** (*Stecher* in "hab’ einen Stecher ..."): a chosen Ace, Jack or Six.
* **Puzer**: a low beater, a chosen Two, Three or Four.
* **leader** (*Ausspieler*): a card worth leading, in the sense of the gloss of
  "hab’ einen Stecher und 2 Ausspieler": a chosen Seven, a free card (chosen Eight or
  Nine that is not an Ole) or an unchosen Ace.
* **decent card**: an Ole, any beater or a leader: a card that can take a trick by its
  own power. Chosen Kings and Queens and unchosen Kings, Queens and Jacks are only
  *handy leads*; everything else is a *dud* (Schiet).
* **sure winner**: a card of the hand that no card outside the hand can take when it
  is led (the ♥2, a chosen Seven, or a lower Ole whose betters are all in the hand).

The phrasebook speaks about the Knüffeln rule sets only (``knueffeln``,
``knueffeln-hattstedt``, ``knueffeln-1924``, ``knueffeln-1938``); the table talk of
Stýrivolt is not known (``styrivolt.md``, 'Open questions').
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from .cards import Card
from .errors import RulesError
from .rules.games import ChainRuleset, Role, Ruleset, ruleset
from .sources import for_reader

__all__ = [
    "Phrase",
    "Line",
    "Term",
    "HandSummary",
    "Phrasebook",
    "Glossary",
    "PHRASEBOOK",
    "GLOSSARY",
    "TALK_GAMES",
    "TRUTHFUL_PRIORITY",
    "CATEGORIES",
    "phrase",
    "term",
    "describe_hand",
    "categorize",
    "truthful_line",
    "claims_true",
    "phrases_true",
    "bluff_line",
    "phrasebook_html",
    "glossary_html",
    "SIC",
    "CORE_PHRASES",
    "OWN_LINES",
    "phrase_gloss",
]

S000 = "seed 000, 'Communication'"
S001 = "seed 001, 'Communication'"
G000 = "seed 000, 'Knüffeln Glossary'"

#: The games whose table talk the phrasebook describes.
TALK_GAMES: tuple[str, ...] = (
    "knueffeln", "knueffeln-hattstedt", "knueffeln-1924", "knueffeln-1938",
)

# Categories of describe_hand, strongest first.
OLE = "Ole"
HIGH = "high beater"
PUZER = "Puzer"
LEADER = "leader"
HANDY = "handy lead"
DUD = "dud"
#: The categories of :func:`describe_hand`, strongest first.
CATEGORIES: tuple[str, ...] = (OLE, HIGH, PUZER, LEADER, HANDY, DUD)


# =====================================================================================
# The hand
# =====================================================================================

def categorize(role: Role) -> str:
    """The category of one card's role (a Knüffeln rule set): 'Ole', 'high beater', ...

    Olen are ``role.klass == 'Ole'``; chosen beaters have klass ``'beater'`` and are
    high (A, J, 6) or Puzer (2, 3, 4); chosen Sevens, free cards and unchosen Aces are
    leaders; chosen Kings and Queens and unchosen Kings, Queens and Jacks are handy
    leads (seed 000: "useful to lead", "handy to lead"); the rest are duds.
    """
    klass, rank = role.klass, role.card.rank
    if klass == "Ole":
        return OLE
    if klass == "beater":
        return HIGH if rank in (14, 11, 6) else PUZER
    if klass in ("Seven", "free card", "unchosen Ace"):
        return LEADER
    if rank in (11, 12, 13) and klass in ("unchosen court", "unchosen card", "no power"):
        # A chosen Jack is always a beater, so only unchosen Jacks reach this line.
        return HANDY
    return DUD


@dataclass(frozen=True)
class HandSummary:
    """A hand sorted into the categories the table talk speaks of.

    Each field holds the cards of one category, in the order of the hand.
    """

    game: str
    chosen: tuple[str, ...]
    cards: tuple[Card, ...]
    olen: tuple[Card, ...]
    high_beaters: tuple[Card, ...]
    puzer: tuple[Card, ...]
    leaders: tuple[Card, ...]
    handy: tuple[Card, ...]
    duds: tuple[Card, ...]
    #: Cards that no card outside the hand can take when they are led.
    sure_winners: tuple[Card, ...]

    @property
    def beaters(self) -> tuple[Card, ...]:
        """High beaters and Puzer together (the chosen beaters, Olen not included)."""
        return self.high_beaters + self.puzer

    @property
    def decent(self) -> tuple[Card, ...]:
        """Olen, beaters and leaders: the cards that can take a trick by their own power."""
        return self.olen + self.high_beaters + self.puzer + self.leaders

    def by_category(self) -> dict[str, tuple[Card, ...]]:
        """Category name -> cards, strongest category first."""
        return {OLE: self.olen, HIGH: self.high_beaters, PUZER: self.puzer,
                LEADER: self.leaders, HANDY: self.handy, DUD: self.duds}

    def counts(self) -> dict[str, int]:
        """Category name -> number of cards."""
        return {k: len(v) for k, v in self.by_category().items()}

    def __str__(self) -> str:
        parts = [f"{k}: {' '.join(c.symbol for c in v)}"
                 for k, v in self.by_category().items() if v]
        return "; ".join(parts) or "empty hand"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th scope='row' style='text-align:left'>{html.escape(k)}</th>"
            f"<td>{len(v)}</td><td>{html.escape(' '.join(c.symbol for c in v))}</td></tr>"
            for k, v in self.by_category().items()
        )
        chosen = html.escape(" and ".join(self.chosen))
        return (f"<table class='knlib-hand-summary'><caption>Hand, chosen suits "
                f"{chosen}</caption><thead><tr><th>category</th><th>count</th>"
                f"<th>cards</th></tr></thead><tbody>{rows}</tbody></table>")


def _rules(game: str | Ruleset) -> ChainRuleset:
    rules = ruleset(game)
    if rules.id not in TALK_GAMES or not isinstance(rules, ChainRuleset):
        raise RulesError(
            f"{rules.id!r} has no recorded table talk: the phrasebook (seeds 000 and 001, "
            f"'Communication') belongs to Knüffeln; use one of {', '.join(TALK_GAMES)}"
        )
    return rules


def _prepare(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
             game: str | Ruleset) -> tuple[ChainRuleset, tuple[Card, ...], tuple[str, ...]]:
    rules = _rules(game)
    suits = rules.check_chosen(chosen)
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    try:
        cards = tuple(rules.check_cards(hand))
    except TypeError:
        raise RulesError(
            f"{hand!r} is not a hand: give a list of cards like ['H2', 'SA']"
        ) from None
    return rules, cards, suits


def _sure_winners(rules: ChainRuleset, cards: tuple[Card, ...],
                  suits: tuple[str, ...]) -> tuple[Card, ...]:
    roles = rules.roles(suits)
    held = set(cards)
    outside = [roles[x] for x in rules.pack if x not in held]
    out = []
    for c in cards:
        rc = roles[c]
        if not any(rules.beats(x, rc, rc) for x in outside):
            out.append(c)
    return tuple(out)


def _summary(rules: ChainRuleset, cards: tuple[Card, ...], suits: tuple[str, ...]) -> HandSummary:
    roles = rules.roles(suits)
    groups: dict[str, list[Card]] = {k: [] for k in CATEGORIES}
    for c in cards:
        groups[categorize(roles[c])].append(c)
    return HandSummary(
        game=rules.id, chosen=suits, cards=cards,
        olen=tuple(groups[OLE]), high_beaters=tuple(groups[HIGH]), puzer=tuple(groups[PUZER]),
        leaders=tuple(groups[LEADER]), handy=tuple(groups[HANDY]), duds=tuple(groups[DUD]),
        sure_winners=_sure_winners(rules, cards, suits),
    )


def describe_hand(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
                  game: str | Ruleset = "knueffeln") -> HandSummary:
    """Sort a hand into Olen, high beaters, Puzer, leaders, handy leads and duds.

    >>> s = describe_hand(["H2", "S2", "SA", "D7"], "HS")
    >>> [len(s.olen), len(s.puzer), len(s.high_beaters), len(s.duds)]
    [1, 1, 1, 1]

    (With hearts chosen the ♥2 stays an Ole, so hearts has no Twist; the ♦7 is an
    unchosen Seven, a dud.)
    """
    rules, cards, suits = _prepare(hand, chosen, game)
    return _summary(rules, cards, suits)


# =====================================================================================
# Tests of claims. Each takes (hand, rules, chosen, *, target=None, **params).
# =====================================================================================

Test = Callable[..., bool]


def _s(hand: tuple[Card, ...], rules: ChainRuleset, chosen: tuple[str, ...]) -> HandSummary:
    return _summary(rules, tuple(hand), tuple(chosen))


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
    roles = rules.roles(chosen)
    rt = roles[target]
    return [c for c in hand if rules.beats(roles[c], rt, rt)]


def _can_take(hand, rules, chosen, *, target=None) -> bool:
    return bool(_takers(hand, rules, chosen, target))


def _cannot_take(hand, rules, chosen, *, target=None) -> bool:
    return not _takers(hand, rules, chosen, target)


def _passend(hand, rules, chosen, *, target=None, levels=3) -> bool:
    """Holds one of the lowest ``levels`` power levels of Ole or beater that take ``target``."""
    roles = rules.roles(chosen)
    rt = roles[target]
    powers = sorted({roles[x].power for x in rules.pack
                     if x is not target and roles[x].power > 0 and rules.beats(roles[x], rt, rt)})
    fitting = set(powers[:levels])
    return any(roles[c].power in fitting for c in _takers(hand, rules, chosen, target))


def _certain(hand, rules, chosen, *, target=None) -> bool:
    """Holds a card that takes ``target`` and that no card outside the hand can take."""
    roles = rules.roles(chosen)
    held = set(hand)
    outside = [roles[x] for x in rules.pack if x not in held and x is not target]
    for c in _takers(hand, rules, chosen, target):
        rc = roles[c]
        if not any(rules.beats(x, rc, rc) for x in outside):
            return True
    return False


def _meets(hand, rules, chosen, *, target=None) -> bool:
    """Holds the unchosen Ace of the target's suit (and the target is below it)."""
    roles = rules.roles(chosen)
    rt = roles[target]
    return any(roles[c].klass == "unchosen Ace" and c.suit == target.suit
               and rules.beats(roles[c], rt, rt) for c in hand)


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
    answerer's hand. ``test(hand, rules, chosen, *, target=None, **params)`` decides
    that claim for a hand (tuple of Cards, a Knüffeln ruleset, parsed chosen suits);
    it is None where the phrase says nothing about a hand. Phrases with
    ``needs_target`` are about a card on the table (the card ahead in the trick).
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

    def __str__(self) -> str:
        return f"{self.low_german_or_german} = {self.english}"


_P = Phrase

_PHRASES: tuple[Phrase, ...] = (
    # ---------------------------------------------------------------- seed 000
    _P("bist-du-alt", "bist du alt?", None, "Are you old?",
       "question to partner; a truthful 'yes' means the answerer holds at least one Ole",
       False, "to partner, while sounding out the hands (for instance before a lead)", S000,
       kind="question", test=_has_ole),
    _P("kannst-du-ock-wat-hollen", "Kannst du ock wat hollen?", "Kannst du auch etwas halten?",
       "Can you also take any tricks?",
       "implies, through 'also' (ock), that the speaker can take tricks, i.e. holds at least "
       "one decent card; a truthful 'yes' claims the same of the answerer",
       True, "to partner, while sounding out the hands", f"{S000}; {S001}",
       kind="question", test=_has_decent,
       readings=(("seed 000", "Can you also take any tricks? (the 'also' may be a bluff)"),
                 ("seed 001", "Have you got an Ole?")),
       language="Low German",
       note="Seed 000 reads it as 'can you also take tricks?', seed 001 as 'have you got an "
            "Ole?'. The test follows seed 000; under seed 001's reading a 'yes' means the "
            "same as for 'bist du alt?'."),
    _P("kannst-du", "kannst du?", None, "Can you?",
       "question to partner; a truthful 'yes' means the answerer holds a card that takes "
       "the card now ahead in the trick",
       False, "to partner, while an opponent's card is ahead and partner has still to play",
       S000, kind="question", test=_can_take, needs_target=True),
    _P("du-kannst-mich-treffen", "du kannst mich treffen?", None, "Can you meet me?",
       "question to partner, with a card half shown; a truthful 'yes' means the answerer "
       "holds the unchosen Ace of that card's suit",
       False, "on lead, half showing an unchosen card to partner before leading it", S000,
       kind="question", test=_meets, needs_target=True),
    _P("hast-du-was-passend", "hast du was passend?", None, "Have you something suitable?",
       "question to partner; a truthful 'yes' means the answerer can take the card ahead with "
       "a card only just strong enough (one of the lowest three levels of Ole or beater that "
       "take it)",
       False, "to partner, about a card already in the trick", S000,
       kind="question", test=_passend, needs_target=True, params=(("levels", 3),),
       note="The glossary's 'passend' speaks of the lowest two or three beaters able to win; "
            "the test uses three levels (parameter 'levels')."),
    _P("du-musst-erst", "du mußt erst, ick schall oldsch",
       "Du musst zuerst, ich werde einen Olen spielen", "You go first, I’ve got an Ole",
       "holds at least one Ole", True,
       "when partner plays to the trick before the speaker", f"{S000}; {S001}",
       kind="call", test=_has_ole,
       readings=(("seed 000", "You go first, I’ve got an Ole (play low, I’ll play an Ole)"),
                 ("seed 001", "You must go first and I’ll take it with an Ole")),
       variants=("Du mußt erst, ick schall oldsch",), language="Low German"),
    _P("stecher-und-ausspieler", "hab’ einen Stecher und 2 Ausspieler", None,
       "I’ve got a beater and two leaders",
       "holds exactly one high beater (chosen A, J or 6) and exactly two leaders (chosen 7s, "
       "free cards or unchosen Aces); the numbers change with the hand",
       False, "when telling partner about the hand, before or between tricks", S000,
       test=_stecher_ausspieler, params=(("beaters", 1), ("leaders", 2))),
    _P("nur-zwei-puzer", "hab’ nur zwei Puzer", None, "I’ve only got two Puzers",
       "holds no Ole and no high beater, and exactly two Puzer (chosen 2, 3 or 4); the "
       "number changes with the hand",
       False, "when telling partner about the hand, before or between tricks", S000,
       test=_only_puzer, params=(("count", 2),)),
    _P("nich-recht-to-huus", "ick bin nich recht to Huus", "Ich bin nicht recht zu Hause",
       "I’m feeling poorly", "holds no decent card: no Ole, no beater and no leader",
       True, "when partner asks about the hand", f"{S000}; {S001}",
       test=_no_decent,
       readings=(("seed 000", "I’m feeling poorly (no decent cards)"),
                 ("seed 001", "I haven’t got any good cards")),
       variants=("Ick bin nich recht to Huus",), language="Low German",
       note="Literally: at home and unwell (both seeds)."),
    _P("kommt", "kommt", None, "[Let it] come",
       "holds a card that takes the card now ahead, so partner may throw a dud",
       False, "when partner plays to the trick before the speaker", S000,
       kind="call", test=_can_take, needs_target=True),
    _P("laufen-lassen", "laufen lassen", None, "Let it run",
       "the same as 'kommt': holds a card that takes the card now ahead",
       False, "when partner plays to the trick before the speaker", S000,
       kind="call", test=_can_take, needs_target=True),
    _P("ganz-sicher", "ich kann ganz sicher", None, "[I can] definitely",
       "holds a card that takes the card now ahead and that no card outside the speaker's "
       "hand could take in turn",
       False, "about the trick in progress", S000, test=_certain, needs_target=True),
    _P("ich-kann-nichts", "ich kann nichts", None, "I can’t do anything",
       "holds no strong card: no Ole and no high beater", True,
       "when partner hopes for help in a trick", S000, test=_no_strong),
    _P("kann-ik-nich", "kann ik nich, mußt en Steker speeln!",
       "Kann ich nicht, du musst einen Stecher spielen!",
       "I can’t, you must play a beater!",
       "holds nothing that takes the card now ahead (and asks partner to play a beater)",
       False, "when partner asks whether the speaker can take the trick", f"{S000}; {S001}",
       kind="call", test=_cannot_take, needs_target=True,
       variants=("Kann ik nich, mußt en Steker speeln!",), language="Low German"),
    _P("etwas-verbessern", "ich kann etwas verbessern", None, "I can improve on that a bit",
       "can take the card ahead with a card only just strong enough (one of the lowest three "
       "levels of Ole or beater that take it)",
       False, "about the card ahead in the trick", S000,
       test=_passend, needs_target=True, params=(("levels", 3),)),
    _P("nur-einmal-helfen", "ich kann dir nur einmal helfen", None,
       "I can only help you once", "holds exactly one decent card", True,
       "when partner asks about the hand", S000, test=_one_decent),
    _P("zwei-spiele-sicher", "ich mache zwei Spiele sicher", None,
       "I’ll make 2 tricks for sure",
       "holds at least two sure winners (cards nothing outside the hand can take when led)",
       False, "when the partners count their tricks", S000,
       test=_sure_tricks, params=(("count", 2),),
       note="'Sure' is read strictly: the card cannot be taken when led by any card the "
            "speaker does not hold. Getting the lead is a separate matter."),
    _P("een-voer-de-jann", "een vör de Jann!", "Einen für den Jann!", "One for the Jann!",
       "nothing about the hand: the side has taken the first trick, the first step to a Jann",
       False, "on winning the first trick", S000, kind="announcement", language="Low German"),
    _P("wer-kann-de", "wer kann de?", "Wer kann denn?", "Who can, eh?",
       "question to the table; a truthful 'yes' means the answerer holds a card that takes "
       "the card now ahead",
       False, "after a strong card has been played to the trick", S000,
       kind="question", test=_can_take, needs_target=True, language="Low German"),
    _P("schwachheitszeichen", "ein Schwachheitszeichen!", None, "A sign of weakness!",
       "nothing about the speaker's hand: suggests that an opponent's lead shows a weak hand",
       True, "after an opponent's lead, e.g. a Seven led to the first trick", S000,
       kind="comment"),
    _P("up-de-heide", "dat spelen se up de Heide bi Regenwedder!",
       "Das spielen sie auf der Heide bei Regenwetter!",
       "They play that up on the heath in bad weather!",
       "nothing about the speaker's hand: mocks a poor lead", False,
       "after a poor lead", f"{S000}; {S001}", kind="comment",
       readings=(("seed 000", "That’s such a bad lead!"),
                 ("seed 001", "That’s a poor lead")),
       variants=("Dat spelen se up de Heide bi Regenwedder",), language="Low German"),
    _P("wir-spielen-weiter", "wir spieler weiter", None, "We’ll play on",
       "nothing about the hand: the side will try for the march (all nine tricks)", False,
       "after winning the first five tricks, when leading to the sixth", S000,
       kind="announcement",
       note="Printed 'spieler' in the phrase list; the glossary has 'wir spielen weiter'."),
    _P("ich-dreh-ein-um", "ich dreh ein um", None, "I’m turning one over",
       "nothing about the hand: the speaker leads face down, offering to raise the stake "
       "(drehen)", False, "on lead, when leading a card face down", S000,
       kind="announcement"),
    _P("wir-schmeissen", "wir schmeissen", None, "We’re folding",
       "nothing about the hand: the side concedes the deal", False,
       "when conceding, e.g. instead of accepting a face-down lead", S000,
       kind="announcement"),
    # ---------------------------------------------------------------- seed 001 only
    _P("nich-recht-wat-to-bringen", "Ik heff nich recht wat to bringen, du muß verbetern",
       "Ich habe nicht recht etwas zu bringen, du musst verbessern",
       "I don’t have anything good to play; you must do better",
       "holds nothing that takes the card now ahead (so partner must)", False,
       "when partner hoped the speaker would take the trick", S001,
       kind="call", test=_cannot_take, needs_target=True, language="Low German"),
    _P("macker-heft-noch-wat", "Macker, heft noch wat?", "Macker, hast du noch etwas?",
       "Mate, do you have anything left?",
       "question to partner; a truthful 'yes' means the answerer still holds a decent card",
       False, "to partner, later in the deal", S001,
       kind="question", test=_has_decent, language="Low German"),
    _P("een-spill-mak-ik", "Een Spill mak ik", "Ein Spiel mache ich", "I’ll make one trick",
       "holds at least one sure winner (a card nothing outside the hand can take when led)",
       False, "when the partners count their tricks", S001,
       test=_sure_tricks, params=(("count", 1),), language="Low German",
       note="'Spill' (game) means a trick here, as in 'ich mache zwei Spiele sicher'."),
    _P("kannst-alleen-de-rest-maken",
       "Kannst alleen de Rest maken? Nee? Ik maak sacht een Spill. Twe hebbn wi. Du gar nich? "
       "Denn mööt wi betaaln.",
       "Kannst du allein den Rest machen? Nein? Ich mache wohl ein Spiel. Zwei haben wir. "
       "Du gar nicht? Dann müssen wir bezahlen.",
       "A short exchange: can partner win the rest alone? No. The speaker expects one more "
       "trick, the side has two, partner has nothing, so they will lose and pay.",
       "nothing checkable: a conversation counting the side's tricks", False,
       "near the end of a deal, counting tricks with partner", S001, kind="dialogue",
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
        raise RulesError(f"{phrase_id!r} is not a phrase of the phrasebook: ids are "
                         f"{', '.join(book.ids)}")
    return found


# =====================================================================================
# Lines: a phrase said about one hand
# =====================================================================================

@dataclass(frozen=True)
class Line:
    """A phrase as said about one hand, with its numbers filled in.

    ``text`` is the phrase with the hand's numbers (e.g. "hab’ einen Stecher und 3
    Ausspieler"); it equals the source's wording when the numbers are the source's.
    ``answers`` gives truthful yes/no answers to partner's questions about the hand.
    """

    phrase: Phrase
    text: str
    english: str
    claim: str
    params: tuple[tuple[str, int], ...] = ()
    answers: tuple[tuple[str, bool], ...] = ()
    also_true: tuple[str, ...] = ()
    bluff: bool = False

    @property
    def id(self) -> str:
        return self.phrase.id

    @property
    def original(self) -> str:
        """The phrase exactly as the source prints it."""
        return self.phrase.low_german_or_german

    def __str__(self) -> str:
        return f"{self.text} = {self.english}"

    def _repr_html_(self) -> str:
        e = html.escape
        answers = "".join(f"<li>{e(phrase(k).low_german_or_german)} "
                          f"{'yes' if v else 'no'}</li>" for k, v in self.answers)
        tag = " (a bluff)" if self.bluff else ""
        return (f"<div class='knlib-line'><p><b><i>{e(self.text)}</i></b>{e(tag)}</p>"
                f"<p>{e(self.english)}</p><p>Claim: {e(self.claim)}</p>"
                f"<p><small>Source phrase: <i>{e(self.original)}</i> "
                f"({e(self.phrase.source)})</small></p>"
                + (f"<p>Truthful answers:</p><ul>{answers}</ul>" if answers else "")
                + "</div>")


_GERMAN_NUMBER = {1: "einen", 2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs",
                  7: "sieben", 8: "acht", 9: "neun"}
_ENGLISH_NUMBER = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
                   7: "seven", 8: "eight", 9: "nine"}


def _en(n: int, noun: str) -> str:
    word = _ENGLISH_NUMBER.get(n, str(n))
    return f"{word} {noun}" if n == 1 else f"{word} {noun}s"


def _fill(p: Phrase, values: Mapping[str, int]) -> tuple[str, str, str]:
    """The phrase's text, English and claim with numbers filled in."""
    if p.id == "stecher-und-ausspieler":
        b, n = values["beaters"], values["leaders"]
        if (b, n) == (1, 2):
            return p.low_german_or_german, p.english, p.claim
        bt = {0: "keinen Stecher", 1: "einen Stecher"}.get(b, f"{b} Stecher")
        lt = {0: "keine Ausspieler", 1: "einen Ausspieler"}.get(n, f"{n} Ausspieler")
        return (f"hab’ {bt} und {lt}",
                f"I’ve got {_en(b, 'beater')} and {_en(n, 'leader')}",
                f"holds exactly {b} high beater{'s' if b != 1 else ''} (chosen A, J or 6) and "
                f"exactly {n} leader{'s' if n != 1 else ''} (chosen 7s, free cards or "
                f"unchosen Aces)")
    if p.id == "nur-zwei-puzer":
        n = values["count"]
        if n == 2:
            return p.low_german_or_german, p.english, p.claim
        return (f"hab’ nur {_GERMAN_NUMBER.get(n, str(n))} Puzer",
                f"I’ve only got {_en(n, 'Puzer')}",
                f"holds no Ole and no high beater, and exactly {n} "
                f"Puzer (chosen 2, 3 or 4)")
    return p.low_german_or_german, p.english, p.claim


#: The order in which :func:`truthful_line` picks a phrase: the first rule that fits.
TRUTHFUL_PRIORITY: tuple[tuple[str, str], ...] = (
    ("du-musst-erst", "the hand holds an Ole"),
    ("stecher-und-ausspieler", "no Ole; at least one high beater (chosen A, J, 6): the "
                               "numbers of high beaters and leaders are filled in"),
    ("nur-zwei-puzer", "no Ole or high beater; at least one Puzer: the number is filled in"),
    ("nur-einmal-helfen", "exactly one decent card (by now: a single leader)"),
    ("stecher-und-ausspieler", "two or more leaders and no beater: 'hab’ keinen Stecher "
                               "und N Ausspieler'"),
    ("nich-recht-to-huus", "no decent card at all"),
)

#: Questions partner may ask about the whole hand; :func:`truthful_line` answers them.
_HAND_QUESTIONS = ("bist-du-alt", "kannst-du-ock-wat-hollen", "macker-heft-noch-wat")


def _make_line(p: Phrase, values: Mapping[str, int], rules: ChainRuleset,
               cards: tuple[Card, ...], suits: tuple[str, ...], *, bluff: bool = False) -> Line:
    text, english, claim = _fill(p, values)
    answers = tuple((q, bool(PHRASEBOOK[q].test(cards, rules, suits))) for q in _HAND_QUESTIONS)
    also = tuple(x.id for x in _true_phrases(rules, cards, suits, None)
                 if x.id != p.id and x.kind != "question")
    return Line(p, text, english, claim, tuple(values.items()), answers, also, bluff)


def truthful_line(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
                  game: str | Ruleset = "knueffeln") -> Line:
    """The phrase a truthful player says about this hand, numbers filled in.

    The first rule of :data:`TRUTHFUL_PRIORITY` that fits decides:

    1. an Ole: "du mußt erst, ick schall oldsch" (and "yes" to "bist du alt?");
    2. a high beater: "hab’ einen Stecher und N Ausspieler", both numbers filled in;
    3. Puzer only: "hab’ nur N Puzer";
    4. a single leader and nothing else decent: "ich kann dir nur einmal helfen";
    5. two or more leaders, no beater: "hab’ keinen Stecher und N Ausspieler";
    6. nothing decent: "ick bin nich recht to Huus".

    Every hand gets a line, and :func:`claims_true` holds for it.
    """
    rules, cards, suits = _prepare(hand, chosen, game)
    s = _summary(rules, cards, suits)
    if s.olen:
        pid, values = "du-musst-erst", {}
    elif s.high_beaters:
        pid, values = "stecher-und-ausspieler", {"beaters": len(s.high_beaters),
                                                 "leaders": len(s.leaders)}
    elif s.puzer:
        pid, values = "nur-zwei-puzer", {"count": len(s.puzer)}
    elif len(s.decent) == 1:
        pid, values = "nur-einmal-helfen", {}
    elif s.leaders:
        pid, values = "stecher-und-ausspieler", {"beaters": 0, "leaders": len(s.leaders)}
    else:
        pid, values = "nich-recht-to-huus", {}
    return _make_line(PHRASEBOOK[pid], values, rules, cards, suits)


def _check(p: Phrase, rules: ChainRuleset, cards: tuple[Card, ...], suits: tuple[str, ...],
           target: Card | None, params: Mapping[str, int]) -> bool:
    unknown = set(params) - set(p.defaults)
    if unknown:
        raise RulesError(f"{sorted(unknown)} are not numbers of the phrase {p.id!r}: "
                         f"it takes {sorted(p.defaults) or 'none'}")
    values = {**p.defaults, **params}
    return bool(p.test(cards, rules, suits, target=target, **values))


def _target(rules: ChainRuleset, target: str | Card, cards: tuple[Card, ...]) -> Card:
    t = rules.check_card(target)
    if t in cards:
        raise RulesError(f"{t.symbol} is on the table, so it cannot also be in the hand")
    return t


def claims_true(phrase_id: str | Phrase | Line, hand: str | Iterable[str | Card],
                chosen: str | Iterable[str], game: str | Ruleset = "knueffeln", *,
                target: str | Card | None = None, **params: int) -> bool:
    """Is the phrase's claim true for this hand?

    For a question, True means a "yes" from the holder of ``hand`` would be truthful.
    ``target`` is the card ahead in the trick, needed by phrases about a card on the
    table (``phrase.needs_target``). ``params`` override the source's numbers, e.g.
    ``claims_true('stecher-und-ausspieler', hand, 'HS', leaders=3)``; a :class:`Line`
    brings its own numbers. RulesError if the phrase has nothing checkable.
    """
    if isinstance(phrase_id, Line):
        params = {**dict(phrase_id.params), **params}
        phrase_id = phrase_id.phrase
    p = phrase(phrase_id)
    if p.test is None:
        raise RulesError(f"{p.low_german_or_german!r} ({p.id}) makes no claim about a hand "
                         f"that can be checked ({p.kind})")
    rules, cards, suits = _prepare(hand, chosen, game)
    if p.needs_target:
        if target is None:
            raise RulesError(f"{p.low_german_or_german!r} ({p.id}) is about a card in the "
                             f"trick: give target=, the card ahead")
        t = _target(rules, target, cards)
    else:
        t = None
    return _check(p, rules, cards, suits, t, params)


def _true_phrases(rules: ChainRuleset, cards: tuple[Card, ...], suits: tuple[str, ...],
                  target: Card | None) -> list[Phrase]:
    return [p for p in PHRASEBOOK
            if p.test is not None and (target is not None or not p.needs_target)
            and _check(p, rules, cards, suits, target, {})]


def phrases_true(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
                 game: str | Ruleset = "knueffeln", *,
                 target: str | Card | None = None) -> tuple[str, ...]:
    """Ids of the checkable phrases whose claim (with the source's numbers) is true.

    Without ``target`` only phrases about the whole hand are tried.
    """
    rules, cards, suits = _prepare(hand, chosen, game)
    t = None if target is None else _target(rules, target, cards)
    return tuple(p.id for p in _true_phrases(rules, cards, suits, t))


def bluff_line(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
               rng: random.Random | int | None = None, game: str | Ruleset = "knueffeln", *,
               candidates: Iterable[str] | None = None) -> Line | None:
    """A phrase the sources say may be a bluff whose claim is false for this hand.

    Candidates are the ``may_bluff`` phrases with a claim about the whole hand (or the
    given ``candidates`` ids); one false for the hand is picked with ``rng`` (a
    ``random.Random``, or a seed). None if every candidate's claim is true.
    """
    rules, cards, suits = _prepare(hand, chosen, game)
    if candidates is None:
        pool = [p for p in PHRASEBOOK if p.may_bluff and p.test is not None
                and not p.needs_target]
    else:
        pool = [phrase(c) for c in candidates]
        for p in pool:
            if p.test is None or p.needs_target:
                raise RulesError(f"{p.id!r} has no claim about the whole hand to bluff with")
    false = sorted((p for p in pool if not _check(p, rules, cards, suits, None, {})),
                   key=lambda p: p.id)
    if not false:
        return None
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    chosen_phrase = rng.choice(false)
    return _make_line(chosen_phrase, chosen_phrase.defaults, rules, cards, suits, bluff=True)


# =====================================================================================
# The glossary
# =====================================================================================

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

    def __str__(self) -> str:
        return f"{self.term}: {self.definition}"


def _T(term_text: str, definition: str, see_also: tuple[str, ...] = (), source: str = G000,
       games: tuple[str, ...] = ("knueffeln",), forms: tuple[str, ...] | None = None,
       extra: tuple[str, ...] = ()) -> Term:
    if forms is None:
        sep = " or " if " or " in term_text else ","
        forms = tuple(f.strip() for f in term_text.split(sep) if f.strip())
    return Term(_slug(forms[0]), term_text, forms + extra, definition, see_also, source, games)


def _slug(text: str) -> str:
    table = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe",
                           "Ü": "ue", "ý": "y", "’": "", "'": ""})
    out = []
    for ch in text.translate(table).lower():
        out.append(ch if ch.isascii() and ch.isalnum() else "-")
    return "-".join(filter(None, "".join(out).split("-")))


S000_RANK = "seed 000, 'The Cards and their Ranking'"
S000_EARLY = "seed 000, 'Early 20th century versions'"
S001_SCORING = "seed 001, 'Scoring'"
S002 = "seed 002"
S003 = "seed 003"
S004 = "seed 004"
STY = "styrivolt.md"

_TERMS: tuple[Term, ...] = (
    # ------------------------------------------------ seed 000, 'Knüffeln Glossary'
    _T("abschmeissen", "To get rid of a card by playing it to a trick.",
       ("zuwerfen, abschmeissen",)),
    _T("anticken, anstecken", "To take a card with a small beater, one only just high enough.",
       ("Puzer or kleine Stecher", "passend")),
    _T("aufdrehen", "To turn up the card an opposing leader has put face down; picking it up "
       "means accepting the raise.", ("Drein, Drehen", "Seen")),
    _T("Brille", "'Spectacles': a double loss mark on Bernhard's slate, two dots given to a "
       "side that loses the whole ladder before it has scored at all.",
       ("Knüppel", "Ledder, Leiter"), f"{G000}; {S000_EARLY}; {S001_SCORING}",
       forms=("Brille",), extra=("pair of spectacles",)),
    _T("bunk", "The undealt cards that stay on the table after the deal.", ("Wääl",)),
    _T("buterwäält, buterwählt", "Not of a chosen suit.", ("wäält", "Fehl-As")),
    _T("davonlaufen", "To run off: give up the deal rather than accept a face-down lead.",
       ("lopen", "verweigern", "Drein, Drehen")),
    _T("de fief Olen", "The five permanent top cards: ♥2, ♣4, ♠8, ♥9 and ♦9, in that order.",
       ("Ole, Olle, Ohle, Alte", "Twe", "Waag, Wagen", "Dulle", "Hartenool, Hartenole, "
        "Harten Ohl", "Rutenool, Rutenole, Ruten Ohl"), forms=("de fief Olen",)),
    _T("Dörchspill", "Another word for the march, winning all nine tricks.",
       ("Durchmarsch ,Durchspielen",), f"{G000}; seed 001, 'Bonuses'", forms=("Dörchspill",)),
    _T("Drein, Drehen", "To lead a card face down, which offers to raise the stake.",
       ("Seen", "umdrein", "ich-dreh-ein-um")),
    _T("Drein un Seen, Drehen und Sehen", "The raising procedure: one side leads face down, "
       "the other looks at the card to accept or runs to concede.",
       ("Drein, Drehen", "Seen"), f"{G000}; seed 000, 'Drehen und Sehen'"),
    _T("Drist", "The chosen Three, a Puzer between the Twist and the Veerhack.",
       ("Twist", "Veerhack, Viereck", "Puzer or kleine Stecher")),
    _T("Dulle", "♠8, the third of the five Olen.", ("de fief Olen",)),
    _T("du kannst mich treffen?", "Asked with a card half shown: do you hold the unchosen Ace "
       "of this suit?", ("du-kannst-mich-treffen", "Fehl-As"), forms=("du kannst mich treffen?",)),
    _T("Durchmarsch ,Durchspielen", "Winning all nine tricks; a side that took the first five "
       "may play on for it, and then must not lose a trick.",
       ("Dörchspill", "Jann", "wir spielen weiter"), forms=("Durchmarsch", "Durchspielen")),
    _T("Fehl-As", "The Ace of a suit that is not chosen: it beats every card of its suit, and "
       "only an Ole or a chosen Ace, Jack or Six takes it.",
       ("buterwäält, buterwählt", "du kannst mich treffen?")),
    _T("frech", "Bold or impudent, said of a daring play.", ()),
    _T("Frikort, Freikarte", "A chosen Eight or Nine that is not an Ole: when led, only an Ole "
       "or a chosen Ace or Jack takes it; otherwise it is worth nothing.",
       ("Frikortensteker, Freikartenstecher",)),
    _T("Frikortensteker, Freikartenstecher", "A chosen Ace or Jack, the beaters able to take "
       "a led free card.", ("Frikort, Freikarte", "Steker, Stechkarte")),
    _T("Hackenbiter, Hackenbeißer", "'Ankle-biter', a nickname of the chosen Four, the lowest "
       "beater.", ("Veerhack, Viereck",)),
    _T("Hartenool, Hartenole, Harten Ohl", "♥9, the fourth of the five Olen.", ("de fief Olen",),
       f"{G000}; seed 001, 'Card powers'"),
    _T("Hönerledder, Hühnerleiter", "'Chicken ladder', the ladder chalked on the slate to keep "
       "score.", ("Ledder, Leiter",), f"{G000}; seed 001, 'Bonuses'",
       extra=("chicken ladder",)),
    _T("Hunde", "A 'dog': in Bernhard's 1924 pack, the chosen Five, which can be swapped for "
       "the turned-up card of its suit; led, it falls to any beater or Ole.",
       ("Wääl",), f"{G000}; seed 001, 'Exchanging' and 'Playing'",
       games=("knueffeln-1924",), forms=("Hunde",), extra=("Hund", "dog")),
    _T("ich dreh ein um", "Said when leading a card face down to raise the stake.",
       ("ich-dreh-ein-um", "Drein, Drehen"), forms=("ich dreh ein um",)),
    _T("Jann", "A deal in which one side takes the first five tricks in a row; it pays more "
       "than a plain win.", ("jannen", "Durchmarsch ,Durchspielen")),
    _T("jannen", "To make a Jann.", ("Jann",)),
    _T("knickerig", "Stingy; the glossary explains it with the standard German 'geizig'.", ()),
    _T("kommt", "Partner's call 'leave it to me': the speaker can take the trick.",
       ("laufen lassen",)),
    _T("Knüppel", "'Club' or 'stick': the big blob marked on the losing side of Bernhard's "
       "slate when the winners have erased all their rungs.",
       ("Brille", "Ledder, Leiter"), f"{G000}; {S000_EARLY}; {S001_SCORING}"),
    _T("laufen lassen", "To let the trick go by playing low, so that partner can win it.",
       ("kommt",)),
    _T("Ledder, Leiter", "The ladder of lines on the scoring slate; each win rubs out rungs, "
       "and the side that rubs out all of its own wins the game.",
       ("Sprosse", "Knüppel", "Brille", "Hönerledder, Hühnerleiter"),
       f"{G000}; {S000_EARLY}; {S001_SCORING}"),
    _T("lopen", "To run: concede the deal when a card is led face down.",
       ("davonlaufen", "verweigern")),
    _T("Magger, Macker", "Partner.", ("macker-heft-noch-wat",)),
    _T("Ole, Olle, Ohle, Alte", "'Old one': one of the five permanent top cards, which beat "
       "every other card except a led chosen Seven.", ("de fief Olen", "oldschen"),
       f"{G000}; seed 001, 'Card powers'"),
    _T("oldschen", "To play an Ole.", ("Ole, Olle, Ohle, Alte", "du-musst-erst")),
    _T("passend", "'Fitting': a beater only a little above what is needed to take the card in "
       "question, one of the lowest two or three that would do.",
       ("hast-du-was-passend", "anticken, anstecken")),
    _T("Paap, Paas, Pape", "'Pope': the chosen Six, the highest beater after the chosen Ace "
       "and Jack.", ("Papst", "pavstur")),
    _T("Pott", "The pot of stakes.", ()),
    _T("Puzer or kleine Stecher", "A small beater: a chosen Two, Three or Four.",
       ("Twist", "Drist", "Veerhack, Viereck", "nur-zwei-puzer")),
    _T("Rutenool, Rutenole, Ruten Ohl", "♦9, the fifth and lowest of the five Olen.",
       ("de fief Olen",), f"{G000}; seed 001, 'Card powers'"),
    _T("Schiet", "Duds: cards with no power at all, such as unchosen low cards and chosen "
       "Tens.", ()),
    _T("Seen", "To look: pick up the face-down lead, which accepts the higher stake.",
       ("Drein, Drehen", "aufdrehen")),
    _T("Seen un Drein, Sehen und Drehen", "The same as 'Drein un Seen'.",
       ("Drein un Seen, Drehen und Sehen",)),
    _T("Sprosse", "A rung of the scoring ladder.", ("Ledder, Leiter",)),
    _T("Steker, Stechkarte", "A beater: a chosen Ace, Jack, Six, Two, Three or Four, each "
       "with its own power.", ("Stechkarten", "Frikortensteker, Freikartenstecher",
                               "Puzer or kleine Stecher"), f"{G000}; {S000_RANK}"),
    _T("Twe", "♥2, the highest Ole (also called 'de Beste').", ("de Beste", "de fief Olen"),
       f"{G000}; seed 001, 'Card powers'"),
    _T("Twist", "The chosen Two, the highest Puzer.", ("Drist", "Puzer or kleine Stecher")),
    _T("umdrein", "To turn a card over.", ("Drein, Drehen",)),
    _T("Veerhack, Viereck", "'Square': the chosen Four, the lowest beater.",
       ("Hackenbiter, Hackenbeißer", "Puzer or kleine Stecher")),
    _T("verweigern", "To refuse, i.e. fold.", ("lopen", "davonlaufen")),
    _T("Waag, Wagen", "♣4, the second Ole ('the wagon').", ("de fief Olen",),
       f"{G000}; seed 001, 'Card powers'"),
    _T("Wääl", "The face-up cards turned after the deal that fix the two chosen suits.",
       ("wäält", "Hunde"), f"{G000}; seed 001, 'Preliminaries'"),
    _T("wäält", "Chosen: of one of the two chosen suits.", ("buterwäält, buterwählt", "Wääl")),
    _T("wir schmeissen", "'We fold': the side concedes.", ("wir-schmeissen", "lopen")),
    _T("wir spielen weiter", "'We play on': the side goes for the march.",
       ("wir-spielen-weiter", "Durchmarsch ,Durchspielen"), forms=("wir spielen weiter",)),
    _T("zuwerfen, abschmeissen", "To throw a card away to a trick.", ("abschmeissen",)),
    # ------------------------------------------------ other terms the book uses
    _T("de Beste", "'The best': the ♥2, highest of the Olen.", ("Twe", "de fief Olen"),
       S000_RANK, forms=("de Beste",)),
    _T("Ausspieler", "'Leaders' in table talk: cards worth leading, namely chosen Sevens, free "
       "cards and unchosen Aces.", ("stecher-und-ausspieler", "leaders"), S000),
    _T("Sondertrümpfe", "'Special trumps': the chosen Seven and the free cards, whose power "
       "depends on being led.", ("Frikort, Freikarte",), S000_RANK),
    _T("Stechkarten", "Bernhard's word, in the Wikipedia article, for the twelve beaters of "
       "the chosen suits.",
       ("Steker, Stechkarte",), "seed 001, 'Card powers'", forms=("Stechkarten",)),
    _T("beasts", "In Karniffel, the three permanent top cards (Leaves 8, Hearts 9, Bells 9), "
       "like Knüffeln's Olen.", ("Tolle", "de fief Olen"), f"{S002}, 'Features' and 'Beasts'",
       games=("karniffel",), forms=("beasts", "Thiere"),
       extra=("Alter Thier", "Roter Thier", "Gelber Thier")),
    _T("Tolle", "In Karniffel, the highest beast (read as the Leaves Eight); also called the "
       "old beast.", ("beasts", "Dulle"), f"{S002}, 'Beasts'", games=("karniffel",),
       forms=("Tolle",)),
    _T("Oberkarniffel", "In Karniffel, the chosen Ober, the highest chosen card; also called "
       "Landsknecht.", ("Unterkarniffel", "Karnöffel"), f"{S002}, 'Chosen suits'",
       games=("karniffel",), forms=("Oberkarniffel", "Landsknecht")),
    _T("Unterkarniffel", "In Karniffel, the chosen Unter, just below the Oberkarniffel; also "
       "called Büttel.", ("Oberkarniffel",), f"{S002}, 'Chosen suits'",
       games=("karniffel",), forms=("Unterkarniffel", "Büttel")),
    _T("Papst", "'Pope': the chosen Six in Karniffel; Karnöffel's trump Six is also the Pope.",
       ("Paap, Paas, Pape", "pavstur"), f"{S002}, 'Chosen suits'; {S003}",
       games=("karniffel", "karnoeffel"), forms=("Papst", "Pope")),
    _T("Banner", "In Karniffel, the chosen Ten, which can be swapped for the turned-up card "
       "of its suit.", ("Wääl", "Hunde"), f"{S002}, 'Chosen suits' and 'Preliminaries'",
       games=("karniffel",), forms=("Banner", "Pannier")),
    _T("Devil", "In Karnöffel, the trump Seven: strong only when it is led, and never allowed "
       "as the lead to the first trick.", ("Karnöffel",), f"{S003}; {S004}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Devil",)),
    _T("Karnöffel", "The trump Jack of Karnöffel, the card nothing beats; also the name of "
       "the game, ancestor of Knüffeln.", ("Oberkarniffel", "karnifl"), f"{S003}; {S004}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Karnöffel", "Karnoffel")),
    _T("Oberstecher", "In Karnöffel, the trump Three, which cannot take a King.",
       ("Unterstecher", "Farbenstecher"), f"{S003}; {S004}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Oberstecher",)),
    _T("Unterstecher", "In Karnöffel, the trump Four, which cannot take a King or Queen.",
       ("Oberstecher", "Farbenstecher"), f"{S003}; {S004}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Unterstecher",)),
    _T("Farbenstecher", "In Karnöffel, the trump Five, which cannot take a King, Queen or "
       "Jack.", ("Oberstecher", "Unterstecher"), S003, games=("karnoeffel",),
       forms=("Farbenstecher",)),
    _T("stickers", "In Stýrivolt, the top cards: five permanent ones (the Knüffeln Olen) and "
       "the chosen Aces and Jacks.", ("de fief Olen", "styrivolt", "karnifl"),
       f"{STY}, 'Card classes'", games=("styrivolt",), forms=("stickers", "stikkar")),
    _T("lambs", "In Stýrivolt, the chosen Sevens: unbeatable when led, worthless otherwise.",
       ("stickers",), f"{STY}, 'Card classes'", games=("styrivolt",), forms=("lambs",)),
    _T("leaders", "In Stýrivolt, the chosen cards that only count when led (9, 8, K, Q, 5). "
       "Knüffeln table talk uses 'Ausspieler' for chosen 7s, free cards and unchosen Aces.",
       ("Ausspieler", "lambs"), f"{STY}, 'Card classes'; {S000}",
       games=("styrivolt", "knueffeln"), forms=("leaders",)),
    _T("vol", "In Stýrivolt, taking the first five tricks straight off ('keeping in'); the "
       "side may then play on for all nine.", ("Jann", "chalk-up"),
       f"{STY}, 'End of a deal and scoring'", games=("styrivolt",),
       forms=("vol", "keeping in")),
    _T("chalk-up", "Stýrivolt's scoring slate: a line with three bars on each side, rubbed out "
       "one per stroke won; a side with no bars left draws a cross.",
       ("Ledder, Leiter", "vol"), f"{STY}, 'End of a deal and scoring'",
       games=("styrivolt",), forms=("chalk-up",)),
    _T("karnifl", "In Stýrivolt, the chosen Jack, a sticker; the word comes from Karnöffel.",
       ("Karnöffel", "stickers", "styrivolt"), f"{STY}, 'History' and 'Card classes'",
       games=("styrivolt",), forms=("karnifl", "karniffil")),
    _T("pavstur", "In Stýrivolt, the chosen Six, the highest beater; from 'pope', now called "
       "'postman'.", ("Paap, Paas, Pape", "Papst"), f"{STY}, 'History' and 'Card classes'",
       games=("styrivolt",), forms=("pavstur", "pavstar")),
    _T("styrivolt", "In Stýrivolt, the chosen Ace, the highest chosen sticker; also the name "
       "of the game.", ("stickers", "karnifl"), f"{STY}, 'Card classes'",
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
    raise RulesError(f"{name!r} is not in the glossary")


# =====================================================================================
# HTML
# =====================================================================================

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
    "ja": ("Ja.", "Yes."),
    "nee": ("Nee.", "No."),
    "wir-hoeren-auf": ("Wir hören auf.", "We stop (and take the Jann)."),
    "ik-seh": ("Ich sehe.", "I see it (we accept the face-down card)."),
}


def phrase_gloss(p: str | Phrase) -> dict[str, str | None]:
    """A phrase for the reader: ``text`` as the source prints it, a misprint marked [sic]
    (:data:`SIC`); ``english``; ``german``, our standard German rendering of a Low German
    phrase (None where the source's phrase is already German)."""
    ph = phrase(p)
    text = ph.low_german_or_german
    if ph.id in SIC:
        printed, marked = SIC[ph.id]
        text = text.replace(printed, marked)
    return {"text": text, "english": ph.english, "german": ph.german}


_TABLE_STYLE = ("border-collapse:collapse;text-align:left;vertical-align:top;"
                "font-size:0.95em")
_CELL = "style='border:1px solid #999;padding:0.3em 0.5em;vertical-align:top;text-align:left'"


#: The phrasebook's sources in reader's words (the tables cite by author and title).
_PHRASEBOOK_SOURCES = for_reader("seed 000, 'Communication'; seed 001, 'Communication'")


def phrasebook_html(phrases: Iterable[Phrase] | None = None) -> str:
    """A self-contained HTML table of the phrasebook (everything escaped).

    Columns: Low German/German (with our standard German rendering), English (with each
    source's reading where they differ), claim, may be a bluff, source.
    """
    e = html.escape
    rows = []
    for p in PHRASEBOOK if phrases is None else phrases:
        lang = "nds" if p.language == "Low German" else "de"
        first = f"<i lang='{lang}'>{e(p.low_german_or_german)}</i>"
        if p.german:
            first += f"<br><small>German: <i lang='de'>{e(p.german)}</i></small>"
        english = e(p.english)
        if p.readings:
            english += "".join(f"<br><small>{e(for_reader(src))}: {e(text)}</small>"
                               for src, text in p.readings)
        rows.append(
            f"<tr><td {_CELL}>{first}</td><td {_CELL}>{english}</td>"
            f"<td {_CELL}>{e(p.claim)}</td><td {_CELL}>{'yes' if p.may_bluff else 'no'}</td>"
            f"<td {_CELL}>{e(for_reader(p.source))}</td></tr>"
        )
    head = "".join(f"<th {_CELL} scope='col'>{e(h)}</th>" for h in
                   ("Low German/German", "English", "claim", "may be a bluff", "source"))
    return (f"<table class='knlib-phrasebook' style='{_TABLE_STYLE}'>"
            f"<caption>Knüffeln table talk ({e(_PHRASEBOOK_SOURCES)})</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def glossary_html(terms: Iterable[Term] | None = None, *,
                  caption: str = "Knüffeln glossary") -> str:
    """A self-contained HTML table of the glossary (everything escaped)."""
    e = html.escape
    rows = []
    for t in GLOSSARY if terms is None else terms:
        rows.append(
            f"<tr><td {_CELL}><i lang='de'>{e(t.term)}</i></td><td {_CELL}>{e(t.definition)}"
            f"</td><td {_CELL}>{e(', '.join(t.see_also))}</td>"
            f"<td {_CELL}>{e(for_reader(t.source))}</td></tr>"
        )
    head = "".join(f"<th {_CELL} scope='col'>{e(h)}</th>" for h in
                   ("term", "meaning", "see also", "source"))
    return (f"<table class='knlib-glossary' style='{_TABLE_STYLE}'>"
            f"<caption>{e(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
