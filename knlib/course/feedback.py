"""What goes with a question on the page: its card pictures (:func:`pictures_of`,
:func:`pictures_html`) and one feedback sentence per option (:func:`option_feedback`).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..rules.tricks import explain_trick, ordinal
from .card_questions import _role_text
from .common import Question, _rules, _seats, _sym

__all__ = ["option_feedback", "pictures_of", "pictures_html"]


def pictures_of(q: Question) -> tuple[tuple[Any, ...], ...]:
    """What to draw with a question: its own pictures, or for a recall question the cards
    it names, without role badges or a marked winner, so the picture never gives the
    answer away."""
    if q.pictures:
        return q.pictures
    if q.kind == "trick_winner" and q.cards:
        return (("The cards in the order played, led card first", "row", q.cards),)
    if q.kind == "can_beat" and q.trick and q.hand:
        seats = (q.seats or _seats(4))[: len(q.trick)]
        return (("The trick so far", "trick", q.trick, seats), ("The hand", "row", q.hand))
    if q.kind in ("hand_count", "truthful") and q.hand:
        return (("The hand", "row", q.hand),)
    if q.kind == "turn_up" and q.cards:
        return (("The cards turned up, in order", "row", q.cards),)
    return ()


def pictures_html(q: Question, *, dark: bool = False) -> str:
    """The question's pictures (:func:`pictures_of`) as HTML."""
    from .decisions.html import picture_html

    return "".join(picture_html(q, p, dark=dark) for p in pictures_of(q))


def option_feedback(q: Question) -> tuple[str, ...]:
    """One feedback sentence per option: why it is right, or why *that* option is wrong.

    Decision questions carry their own (:mod:`knlib.course.decisions`). For the others the engine
    says what the chosen option gets wrong: in a trick, what the chosen card does; for a
    card's role, what that card really is; otherwise the option, the right answer and the
    explanation. No two options share a text."""
    if q.feedback:
        return q.feedback
    rules = _rules(q.game)
    right = f"Right. {q.explanation}"
    out = []
    for i, o in enumerate(q.options):
        if i == q.answer:
            out.append(right)
            continue
        if q.kind == "trick_winner" and q.cards:
            expl = explain_trick(rules, q.cards, q.chosen or (), first_trick=q.first_trick)
            step = expl.steps[i].sentence.split(": ", 1)[-1]
            fb = (f"Not {expl.steps[i].symbol}: {step} The winner is the "
                  f"{ordinal(q.answer + 1)} card, {expl.steps[q.answer].symbol}.")
        elif q.kind == "role" and q.card:
            fb = (f"Not “{o}”: {_role_text(Card(q.card), rules, q.chosen or ())}")
        elif q.kind == "can_beat" and q.trick is not None:
            wrong = set(q.values[i]) ^ set(q.values[q.answer])
            names = ", ".join(_sym(Card(c), rules) for c in sorted(wrong))
            fb = (f"Not “{o}”: that set gets {names} wrong. {q.explanation}")
        else:
            fb = f"Not “{o}”: the answer is “{q.correct}”. {q.explanation}"
        out.append(fb)
    return tuple(out)
