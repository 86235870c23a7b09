"""Lines: a phrase said about one hand, with its numbers filled in.

:func:`truthful_line` is what a truthful player says about a hand (in the order of
:data:`TRUTHFUL_PRIORITY`); :func:`claims_true` checks a phrase against a hand;
:func:`phrases_true` lists the true ones; :func:`bluff_line` gives a phrase that may be
a bluff and is false for the hand (for computer players).
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...cards import Card
from ...counts import count_word, german_count
from ...errors import RulesError
from ...games import KNUEFFELN, ChainRuleset, Ruleset
from ...i18n import marked, ntr, tr
from .hand import checked_hand, summary_of
from .phrasebook import PHRASEBOOK, Phrase, phrase

__all__ = [
    "Line", "TRUTHFUL_PRIORITY", "truthful_line", "claims_true", "phrases_true", "bluff_line",
]


@dataclass(frozen=True)
class Line:
    """A phrase as said about one hand, with its numbers filled in.

    ``text`` is the phrase with the hand's numbers in words (e.g. "hab’ einen Stecher und
    drei Ausspieler"), as the speakers say them; ``english`` (its gloss) and ``claim`` are
    in the language in force when the line was made (English, or standard German).
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
        yes, no = tr("yes"), tr("no")
        answers = "".join(f"<li>{e(phrase(k).low_german_or_german)} "
                          f"{yes if v else no}</li>" for k, v in self.answers)
        tag = " " + tr("(a bluff)") if self.bluff else ""
        claim = tr("Claim: {claim}", claim=self.claim)
        source = tr("Source phrase:")
        truthful = tr("Truthful answers:")
        return (f"<div class='knlib-line'><p><b><i>{e(self.text)}</i></b>{e(tag)}</p>"
                f"<p>{e(self.english)}</p><p>{e(claim)}</p>"
                f"<p><small>{e(source)} <i>{e(self.original)}</i> "
                f"({e(self.phrase.source)})</small></p>"
                + (f"<p>{e(truthful)}</p><ul>{answers}</ul>" if answers else "")
                + "</div>")


def _fill(p: Phrase, values: Mapping[str, int]) -> tuple[str, str, str]:
    """The phrase's text, gloss and claim with numbers filled in, in words as the
    speakers say them (the source's 'hab’ nur zwei Puzer'; its '2 Ausspieler' is said
    'zwei Ausspieler'); the gloss and the claim in the current language."""
    if p.id == "stecher-und-ausspieler":
        b, n = values["beaters"], values["leaders"]
        beaters = (ntr("{count} beater", "{count} beaters", b, count=count_word(b)) if b
                   else tr("no beaters"))
        high = (ntr("{count} high beater", "{count} high beaters", b, count=count_word(b)) if b
                else tr("no high beaters"))
        leaders = ntr("{count} Ausspieler", "{count} Ausspieler", n, count=count_word(n))
        english = p.meaning if (b, n) == (1, 2) else tr(
            "I’ve got {beaters} and {leaders}", beaters=beaters, leaders=leaders)
        return (f"hab’ {german_count(b, 'Stecher', none='keinen')} und "
                f"{german_count(n, 'Ausspieler')}",
                english,
                tr("holds exactly {high} (chosen A, J or 6) and exactly {leaders} (cards worth "
                   "leading: chosen 7s, free cards or unchosen Aces)", high=high,
                   leaders=leaders))
    if p.id == "nur-zwei-puzer":
        n = values["count"]
        if n == 2:
            return p.low_german_or_german, p.meaning, p.bare_claim_text
        return (f"hab’ nur {german_count(n, 'Puzer')}",
                ntr("I’ve only got {count} Puzer", "I’ve only got {count} Puzers", n,
                    count=count_word(n)),
                tr("holds no Ole and no high beater, and exactly {puzer} (chosen 2, 3 or 4)",
                   puzer=ntr("{count} Puzer", "{count} Puzer", n, count=count_word(n))))
    return p.low_german_or_german, p.meaning, p.bare_claim_text


#: The order in which :func:`truthful_line` picks a phrase: the first rule that fits.
TRUTHFUL_PRIORITY: tuple[tuple[str, str], ...] = (
    ("du-musst-erst", marked("the hand holds an Ole")),
    ("stecher-und-ausspieler", marked("no Ole; at least one high beater (chosen A, J, 6): the "
                                      "numbers of high beaters and Ausspieler are filled in")),
    ("nur-zwei-puzer", marked("no Ole or high beater; at least one Puzer: the number is "
                              "filled in")),
    ("nur-einmal-helfen", marked("exactly one decent card (by now: a single Ausspieler)")),
    ("stecher-und-ausspieler", marked("two or more Ausspieler and no beater: 'hab’ keinen "
                                      "Stecher und N Ausspieler'")),
    ("nich-recht-to-huus", marked("no decent card at all")),
)

#: Questions partner may ask about the whole hand; :func:`truthful_line` answers them.
_HAND_QUESTIONS = ("bist-du-alt", "kannst-du-ock-wat-hollen", "macker-heft-noch-wat")


def _make_line(p: Phrase, values: Mapping[str, int], rules: ChainRuleset,
               cards: tuple[Card, ...], suits: tuple[str, ...], *, bluff: bool = False) -> Line:
    text, english, claim = _fill(p, values)
    answers = tuple((q, _check(PHRASEBOOK[q], rules, cards, suits, None, {}))
                    for q in _HAND_QUESTIONS)
    also = tuple(x.id for x in _true_phrases(rules, cards, suits, None)
                 if x.id != p.id and x.kind != "question")
    return Line(p, text, english, claim, tuple(values.items()), answers, also, bluff)


def truthful_line(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
                  game: str | Ruleset = KNUEFFELN) -> Line:
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
    rules, cards, suits = checked_hand(hand, chosen, game)
    s = summary_of(rules, cards, suits)
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
    if p.test is None:  # the callers pass only phrases with a claim to check
        raise RulesError(tr("{phrase} makes no claim about a hand that can be checked",
                            phrase=repr(p.id)))
    unknown = set(params) - set(p.defaults)
    if unknown:
        raise RulesError(tr("{values} are not numbers of the phrase {phrase}: it takes "
                            "{numbers}", values=sorted(unknown), phrase=repr(p.id),
                            numbers=sorted(p.defaults) or tr("none")))
    values = {**p.defaults, **params}
    return bool(p.test(cards, rules, suits, target=target, **values))


def _target(rules: ChainRuleset, target: str | Card, cards: tuple[Card, ...]) -> Card:
    t = rules.check_card(target)
    if t in cards:
        raise RulesError(tr("{card} is on the table, so it cannot also be in the hand",
                            card=t.symbol))
    return t


def claims_true(phrase_id: str | Phrase | Line, hand: str | Iterable[str | Card],
                chosen: str | Iterable[str], game: str | Ruleset = KNUEFFELN, *,
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
        raise RulesError(tr("{phrase} ({id}) makes no claim about a hand that can be checked "
                            "({kind})", phrase=repr(p.low_german_or_german), id=p.id,
                            kind=p.kind))
    rules, cards, suits = checked_hand(hand, chosen, game)
    if p.needs_target:
        if target is None:
            raise RulesError(tr("{phrase} ({id}) is about a card in the trick: give target=, "
                                "the card ahead", phrase=repr(p.low_german_or_german),
                                id=p.id))
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
                 game: str | Ruleset = KNUEFFELN, *,
                 target: str | Card | None = None) -> tuple[str, ...]:
    """Ids of the checkable phrases whose claim (with the source's numbers) is true.

    Without ``target`` only phrases about the whole hand are tried.
    """
    rules, cards, suits = checked_hand(hand, chosen, game)
    t = None if target is None else _target(rules, target, cards)
    return tuple(p.id for p in _true_phrases(rules, cards, suits, t))


def bluff_line(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
               rng: random.Random | int | None = None, game: str | Ruleset = KNUEFFELN, *,
               candidates: Iterable[str] | None = None) -> Line | None:
    """A phrase the sources say may be a bluff whose claim is false for this hand.

    Candidates are the ``may_bluff`` phrases with a claim about the whole hand (or the
    given ``candidates`` ids); one false for the hand is picked with ``rng`` (a
    ``random.Random``, or a seed). None if every candidate's claim is true.
    """
    rules, cards, suits = checked_hand(hand, chosen, game)
    if candidates is None:
        pool = [p for p in PHRASEBOOK if p.may_bluff and p.test is not None
                and not p.needs_target]
    else:
        pool = [phrase(c) for c in candidates]
        for p in pool:
            if p.test is None or p.needs_target:
                raise RulesError(tr("{phrase} has no claim about the whole hand to bluff with",
                                    phrase=repr(p.id)))
    false = sorted((p for p in pool if not _check(p, rules, cards, suits, None, {})),
                   key=lambda p: p.id)
    if not false:
        return None
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    chosen_phrase = rng.choice(false)
    return _make_line(chosen_phrase, chosen_phrase.defaults, rules, cards, suits, bluff=True)
