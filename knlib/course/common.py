"""One multiple-choice question, generated and checked by the engine (:class:`Question`),
and the small helpers every kind of question shares: cards and suits in words, the
seats, the source of a game's trick rule, and a game's permanent top cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import SUITS, Card, suit_name, suit_symbol
from ..rules.games import ChainRuleset, Ruleset, ruleset
from ..rules.games.base import RoleClass
from ..rules.tricks import takes_relation
from ..sources import (
    S002_PLAY,
    S003_PLAY,
    S004_HOW,
)

__all__ = ["Question", "LETTERS"]


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
    #: One sentence per option: why it is right, or why *that* option is wrong
    #: (decision questions, :mod:`knlib.course.decisions`); see :func:`option_feedback`.
    feedback: tuple[str, ...] = ()
    #: What to draw with the question: (caption, 'hand' | 'row' | 'trick', cards[, seats]).
    pictures: tuple[tuple[Any, ...], ...] = ()
    #: The learning goal the question tests (an id of :data:`GOALS`); see :func:`goal_of`.
    goal: str | None = None

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
# Small helpers
# ============================================================================================


def _rules(game: str | Ruleset) -> Ruleset:
    return ruleset(game)


def _sym(card: Card, rules: Ruleset) -> str:
    """The card as the game writes it ('♠3', or '♠O' in German-suited Karniffel)."""
    return card.german_symbol if rules.german else card.symbol


def _suits_text(rules: Ruleset, chosen: Sequence[str]) -> str:
    parts = [f"{suit_symbol(s)} {suit_name(s, german=rules.german)}" for s in chosen]
    return " and ".join(parts)


def _chosen_phrase(rules: Ruleset, chosen: Sequence[str]) -> str:
    word = "suit" if len(chosen) == 1 else "suits"
    return f"{rules.title}, chosen {word} {_suits_text(rules, chosen)}"


def _pick_chosen(rng: random.Random, rules: Ruleset) -> tuple[str, ...]:
    picked = rng.sample(SUITS, rules.n_chosen)
    return tuple(s for s in SUITS if s in picked)


def _cards_text(cards: Iterable[Card], rules: Ruleset) -> str:
    return ", ".join(_sym(c, rules) for c in cards)


def _seats(n: int) -> tuple[str, ...]:
    try:
        from ..rules.dealing import seat_names
    except ImportError:  # pragma: no cover - dealing.py is part of knlib
        return ("South", "West", "North", "East", "Fifth", "Sixth")[:n]
    return tuple(seat_names(n))


def _trick_source(rules: Ruleset) -> str:
    src = getattr(rules, "rules_source", None)
    if src:
        return src
    return {
        "karniffel": S002_PLAY,
        "karnoeffel": S003_PLAY,
        "karnoeffel-2024": S004_HOW,
    }.get(rules.id, rules.pack_source)


def _unique(items: Iterable[Any]) -> list[Any]:
    out: list[Any] = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


def _assemble(rng: random.Random, correct: Any, wrong: Sequence[Any], n_wrong: int = 3
              ) -> tuple[list[Any], int]:
    """The correct value and up to ``n_wrong`` distinct wrong values, shuffled."""
    pool = [w for w in _unique(wrong) if w != correct]
    picked = pool[:n_wrong]
    values = [correct, *picked]
    rng.shuffle(values)
    return values, values.index(correct)


#: Permanent top cards per game: (card, local term or None), highest first.
def _top_cards(rules: Ruleset) -> list[Card]:
    from ..rules.games.karniffel import BEASTS
    from ..rules.games.knueffeln import OLEN

    if rules.id == "karniffel":
        return [c for c, _, _ in BEASTS]
    if isinstance(rules, ChainRuleset):
        return [c for c, _, _, _ in OLEN]
    return []


def _top_word(rules: Ruleset) -> tuple[str, str]:
    if rules.id == "karniffel":
        return "beast", "beasts"
    if rules.id == "styrivolt":
        return "permanent sticker", "permanent stickers"
    return "Ole", "Olen"


def _all_chosen(rules: Ruleset) -> list[tuple[str, ...]]:
    from itertools import combinations

    return [tuple(c) for c in combinations(SUITS, rules.n_chosen)]


def _is_permanent_top(rules: Ruleset, card: Card) -> bool:
    """True if the card is one of the game's permanent top cards (an Ole, a beast, a
    permanent sticker) whatever suits are chosen, as the engine's roles say."""
    def top(role: Any) -> bool:
        return role.klass in (RoleClass.OLE, RoleClass.BEAST, RoleClass.STICKER) and not role.chosen

    return all(top(rules.roles(ch)[card]) for ch in _all_chosen(rules))


def _highest_of(rules: Ruleset, cards: Sequence[Card]) -> Card | None:
    """The card that beats each of the others played after it and stays ahead of each
    of them when led, under every choice of suits (engine); None if there is none."""
    relations = [takes_relation(rules, ch) for ch in _all_chosen(rules)]
    for c in cards:
        if all(takes.led(c, x) and not takes.led(x, c)
               for x in cards if x is not c for takes in relations):
            return c
    return None
