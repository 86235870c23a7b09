"""One multiple-choice question, generated and checked by the engine (:class:`Question`),
the verdicts of its feedback (:data:`RIGHT`, :data:`WRONG`) and the checks every question
record passes (:func:`check_options`), the one builder of the recall questions
(:func:`recall_question`), and the small helpers every kind of question shares: cards and
suits in words, the seats, the source of a game's trick rule, and a game's permanent top
cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from knlib.cards import SUITS, Card, suit_name, suit_symbol
from knlib.counts import digit_count, shown
from knlib.errors import RulesError
from knlib.games import Ruleset, ruleset
from knlib.games.family import RoleClass
from knlib.rules.tricks import takes_relation

from ...i18n import current_language, marked, tr

__all__ = [
    "Question", "LETTERS", "RIGHT", "WRONG", "check_options", "feedback_texts",
    "recall_question", "rules_of", "card_symbol", "suits_text", "chosen_phrase", "pick_chosen",
    "cards_text", "seats_of", "trick_source", "unique", "assemble", "top_cards", "top_word",
    "all_chosen", "is_permanent_top", "highest_of", "in_english", "number_text", "shown",
    "digit_count", "check_question", "check_paper",
]


# ============================================================================================
# The question
# ============================================================================================


@dataclass(frozen=True)
class Question:
    """One multiple-choice question, generated and checked by the engine.

    ``options[answer]`` is the correct option; every other option has been checked by
    the engine to be wrong. ``explanation`` says why, in the engine's words, and
    ``source`` names the rule's source. ``values`` holds, for each option, the value the
    engine compares (a card, a set of cards, a number, a phrase id, ...), so the answer
    can be checked again (:func:`correct_options`).

    A "who wins this trick" question (``kind == 'trick_winner'``) also has ``cards`` (the
    cards as strings, in play order), ``chosen`` and ``first_trick``; its options are the
    positions in the trick, so ``answer`` is the index in ``cards`` of the winner.
    """

    kind: str
    evening: int
    game: str
    title: str
    prompt: str
    options: tuple[str, ...]
    answer: int
    explanation: str
    source: str
    seed: int | str
    values: tuple[Any, ...] = ()
    chosen: tuple[str, ...] | None = None
    cards: tuple[str, ...] | None = None
    first_trick: bool = False
    seats: tuple[str, ...] | None = None
    hand: tuple[str, ...] | None = None
    trick: tuple[str, ...] | None = None
    card: str | None = None
    variant: str | None = None
    phrase: str | None = None
    #: Kind-specific details used to check the answer again (sorted key/value pairs).
    extra: tuple[tuple[str, Any], ...] = ()
    #: Whether the options belong to the question (true for "which of these ...?"); an
    #: exercise then lists them, otherwise the exercise asks the question openly.
    needs_options: bool = False
    #: The prompt as an open question, for exercises (defaults to ``prompt``).
    open_prompt: str | None = None
    #: One text per option as the reader sees it: the right option's "Right. ..." and why
    #: *that* option is wrong for each other (:func:`feedback_texts` of ``verdicts``); see
    #: :func:`knbook.course.option_feedback`.
    feedback: tuple[str, ...] = ()
    #: What to draw with the question: (caption, 'hand' | 'row' | 'trick', cards[, seats]).
    pictures: tuple[tuple[Any, ...], ...] = ()
    #: The learning goal the question tests (an id of :data:`GOALS`); see :func:`goal_of`.
    goal: str | None = None
    #: The feedback as made: one (verdict, text) pair per option, the verdict :data:`RIGHT`
    #: for the answer and :data:`WRONG` for every other option.
    verdicts: tuple[tuple[str, str], ...] = ()

    @property
    def correct(self) -> str:
        """The text of the correct option."""
        return self.options[self.answer]

    @property
    def letter(self) -> str:
        """The correct option's letter on a paper: 'A', 'B', ..."""
        return LETTERS[self.answer]

    def get(self, key: str, default: Any = None) -> Any:
        """A kind-specific detail from ``extra``."""
        return dict(self.extra).get(key, default)

    def __str__(self) -> str:
        opts = "\n".join(f"  {LETTERS[i]}. {o}" for i, o in enumerate(self.options))
        return f"{self.prompt}\n{opts}"


#: The letters of a question's options on a paper, in order.
LETTERS = "ABCDEFGHIJKLMNOP"


# ============================================================================================
# Feedback as (verdict, text) pairs, and the one builder of the recall questions
# ============================================================================================

#: The verdicts of an option's feedback.
RIGHT = "right"
WRONG = "wrong"


def check_options(kind: str, options: Sequence[str], values: Sequence[Any],
                  feedback: Sequence[tuple[str, str]]) -> int:
    """The index of the right option of a question record, after the checks every record
    passes (recall and decision questions alike): one value and one (verdict, text) pair
    per option, exactly one verdict :data:`RIGHT` (the others :data:`WRONG`), and no two
    options sharing their text or their feedback; a RulesError otherwise."""
    if len(feedback) != len(options) or len(values) != len(options):
        raise RulesError(f"a {kind!r} question needs one feedback and one value per option: "
                         f"{len(options)} options, {len(feedback)} feedback, "
                         f"{len(values)} values")
    verdicts = [v for v, _ in feedback]
    if verdicts.count(RIGHT) != 1 or set(verdicts) - {RIGHT, WRONG}:
        raise RulesError(f"a {kind!r} question needs exactly one right option: {verdicts}")
    texts = [t for _, t in feedback]
    if len(set(texts)) != len(texts) or len(set(options)) != len(options):
        raise RulesError(f"two options of a {kind!r} question share their text or feedback")
    if not all(t.strip() for t in (*texts, *options)):
        raise RulesError(f"an option of a {kind!r} question has no text or no feedback")
    return verdicts.index(RIGHT)


def feedback_texts(feedback: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The feedback as the reader sees it: the right option's text after "Right." and every
    other text as it is."""
    return tuple(tr("Right. {text}", text=text) if verdict == RIGHT else text
                 for verdict, text in feedback)


def recall_question(*, kind: str, evening: int, game: str, title: str, prompt: str,
                    options: Sequence[str], values: Sequence[Any],
                    feedback: Sequence[tuple[str, str]], source: str, seed: int | str,
                    explanation: str | None = None, chosen: Sequence[str] | None = None,
                    cards: Sequence[str] | None = None, first_trick: bool = False,
                    seats: Sequence[str] | None = None, hand: Sequence[str] | None = None,
                    trick: Sequence[str] | None = None, card: str | None = None,
                    variant: str | None = None, phrase: str | None = None,
                    extra: Sequence[tuple[str, Any]] = (), needs_options: bool = False,
                    open_prompt: str | None = None) -> Question:
    """The one way a recall question is made (:func:`check_options` first): the answer is
    the option whose feedback has the verdict :data:`RIGHT`; ``explanation`` (the worked
    solution) defaults to that option's feedback text."""
    answer = check_options(kind, options, values, feedback)
    pairs = tuple((v, t) for v, t in feedback)
    return Question(
        kind, evening, game, title, prompt, tuple(options), answer,
        pairs[answer][1] if explanation is None else explanation, source, seed,
        values=tuple(values), chosen=None if chosen is None else tuple(chosen),
        cards=None if cards is None else tuple(cards), first_trick=first_trick,
        seats=None if seats is None else tuple(seats),
        hand=None if hand is None else tuple(hand),
        trick=None if trick is None else tuple(trick), card=card, variant=variant,
        phrase=phrase, extra=tuple(extra), needs_options=needs_options,
        open_prompt=open_prompt, feedback=feedback_texts(pairs), verdicts=pairs,
    )


# ============================================================================================
# Small helpers
# ============================================================================================


def check_question(q: object) -> Question:
    """``q`` if it is a :class:`Question`; a RulesError naming it otherwise."""
    if not isinstance(q, Question):
        raise RulesError(tr("{value} is not a question: give one made by question() or "
                            "exam()", value=shown(q)))
    return q


def check_paper(paper: object) -> list[Question]:
    """An exam paper's questions as a list: a list or tuple of at least one
    :class:`Question`; a RulesError naming anything else."""
    if not isinstance(paper, list | tuple) or not all(isinstance(q, Question) for q in paper):
        raise RulesError(tr("{value} is not an exam paper: give its questions, e.g. "
                            "exam(17)", value=shown(paper)))
    if not paper:
        raise RulesError(tr("an exam needs at least one question"))
    return list(paper)


def rules_of(game: str | Ruleset) -> Ruleset:
    """The game's rules (a RulesError for an unknown game)."""
    if not isinstance(game, str | Ruleset):
        raise RulesError(tr("{value} is not a game: give a game's id, e.g. 'knueffeln'",
                            value=shown(game)))
    return ruleset(game)


def card_symbol(card: Card, rules: Ruleset) -> str:
    """The card as the game writes it ('♠3', or '♠O' in German-suited Karniffel)."""
    return card.german_symbol if rules.german else card.symbol


def suits_text(rules: Ruleset, chosen: Sequence[str]) -> str:
    """The suits in words: '♥ Hearts and ♠ Spades'."""
    parts = [f"{suit_symbol(s)} {suit_name(s, german=rules.german)}" for s in chosen]
    if len(parts) < 2 or (len(parts) > 2 and in_english()):
        return " and ".join(parts)
    return tr("{first} and {second}", first=", ".join(parts[:-1]), second=parts[-1])


def chosen_phrase(rules: Ruleset, chosen: Sequence[str]) -> str:
    """The game and its chosen suits: 'Knüffeln, chosen suits ♥ Hearts and ♠ Spades'."""
    if len(chosen) == 1:
        return tr("{game}, chosen suit {suits}", game=rules.title,
                  suits=suits_text(rules, chosen))
    return tr("{game}, chosen suits {suits}", game=rules.title, suits=suits_text(rules, chosen))


def in_english() -> bool:
    """True while knlib writes in English (the source language)."""
    return current_language() == "en"


#: The numbers two to ten in words, for the catalogue (one and none need whole sentences).
_NUMBER_WORDS = (marked("two"), marked("three"), marked("four"), marked("five"),
                 marked("six"), marked("seven"), marked("eight"), marked("nine"),
                 marked("ten"))


def number_text(n: int) -> str:
    """A count from two to ten in words in the current language ('two', 'zwei'); other
    numbers as digits. (Sentences with one or none are whole sentences of their own.)"""
    return tr(_NUMBER_WORDS[n - 2]) if 2 <= n <= 10 else str(n)


def pick_chosen(rng: random.Random, rules: Ruleset) -> tuple[str, ...]:
    """Chosen suits drawn at random, in the order of the suits."""
    picked = rng.sample(SUITS, rules.n_chosen)
    return tuple(s for s in SUITS if s in picked)


def cards_text(cards: Iterable[Card], rules: Ruleset) -> str:
    """The cards as the game writes them, with commas."""
    return ", ".join(card_symbol(c, rules) for c in cards)


def seats_of(n: int) -> tuple[str, ...]:
    """The names of the seats at a table of ``n``, in the current language."""
    from knlib.rules.dealing import seat_names, seat_word

    return tuple(seat_word(s) for s in seat_names(n))


def trick_source(rules: Ruleset) -> str:
    """The source of the game's trick rule."""
    return rules.rules_source


def unique(items: Iterable[Any]) -> list[Any]:
    """The items without repeats, in their order."""
    out: list[Any] = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


def assemble(rng: random.Random, correct: Any, wrong: Sequence[Any], n_wrong: int = 3
             ) -> tuple[list[Any], int]:
    """The correct value and up to ``n_wrong`` distinct wrong values, shuffled."""
    pool = [w for w in unique(wrong) if w != correct]
    picked = pool[:n_wrong]
    values = [correct, *picked]
    rng.shuffle(values)
    return values, values.index(correct)


def top_cards(rules: Ruleset) -> list[Card]:
    """The game's permanent top cards (Olen, beasts), highest first."""
    return list(rules.permanent_cards)


#: The words for the permanent top cards, singular and plural, by their class.
_TOP_WORDS: dict[RoleClass | None, tuple[str, str]] = {
    RoleClass.BEAST: (marked("beast"), marked("beasts")),
    RoleClass.STICKER: (marked("permanent sticker"), marked("permanent stickers")),
}


def top_word(rules: Ruleset) -> tuple[str, str]:
    """The game's word for its permanent top cards, singular and plural."""
    one, many = _TOP_WORDS.get(rules.top_word, (marked("Ole"), marked("Olen")))
    return tr(one), tr(many)


def all_chosen(rules: Ruleset) -> list[tuple[str, ...]]:
    """Every choice of suits the game allows."""
    from itertools import combinations

    return [tuple(c) for c in combinations(SUITS, rules.n_chosen)]


def is_permanent_top(rules: Ruleset, card: Card) -> bool:
    """True if the card is one of the game's permanent top cards (an Ole, a beast, a
    permanent sticker) whatever suits are chosen, as the engine's roles say."""
    def top(role: Any) -> bool:
        return role.klass in (RoleClass.OLE, RoleClass.BEAST, RoleClass.STICKER) and not role.chosen

    return all(top(rules.roles(ch)[card]) for ch in all_chosen(rules))


def highest_of(rules: Ruleset, cards: Sequence[Card]) -> Card | None:
    """The card that beats each of the others played after it and stays ahead of each
    of them when led, under every choice of suits (engine); None if there is none."""
    relations = [takes_relation(rules, ch) for ch in all_chosen(rules)]
    for c in cards:
        if all(takes.led(c, x) and not takes.led(x, c)
               for x in cards if x is not c for takes in relations):
            return c
    return None
