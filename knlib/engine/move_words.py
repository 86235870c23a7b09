"""A move in the words of the table: an action as the reader types it in the current
language ('play S3', German 'spielen S3'; :func:`move_text`), for the terminal and for a
refusal that names the move.

The engine's actions keep their English text ('play S3', 'lead face down H2', 'see'): it is
what code and records use. The German words are those of knlib/locale/de/TERMS.md (*drehen*
for a face-down lead, *sehen*, *laufen*), and a card is written as in the current language
(German 'HD' for the Dame of Hearts; :attr:`knlib.cards.Card.typed`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card
from ..i18n import pmarked, ptr
from .actions import (
    ALONE,
    CONCEDE,
    DOWN_OF,
    PASS,
    PLAY_OF,
    PLAY_ON,
    RUN,
    SEE,
    SIT_OUT,
    STOP,
    Action,
)

__all__ = ["MOVE", "ONE_CARD_WORDS", "EXCHANGE_WORDS", "MOVE_WORDS", "move_text"]

#: The gettext context of a move's words (what the reader types at the terminal).
MOVE = "move"
#: A move with one card ('play {card}'), by the action's kind, with the action of a card.
ONE_CARD_WORDS: dict[str, tuple[str, Callable[[Card], Action]]] = {
    "play": (pmarked("move", "play {card}"), PLAY_OF.__getitem__),
    "down": (pmarked("move", "lead face down {card}"), DOWN_OF.__getitem__),
}
#: The exchange, with the card given and the card taken.
EXCHANGE_WORDS = pmarked("move", "exchange {card} for {other}")
#: The moves without a card, by their action (the words as the table says them).
MOVE_WORDS: dict[Action, str] = {
    SEE: pmarked("move", "see"), RUN: pmarked("move", "run"), PASS: pmarked("move", "pass"),
    STOP: pmarked("move", "stop"), PLAY_ON: pmarked("move", "play on"),
    ALONE: pmarked("move", "play alone"), SIT_OUT: pmarked("move", "sit out"),
    CONCEDE: pmarked("move", "concede"),
}


def move_text(action: Action) -> str:
    """The action as the reader types it in the current language: 'play S3', 'lead face down
    H2', 'exchange H10 for HQ', 'see' (German 'spielen S3', 'drehen H2', 'tauschen H10 gegen
    HD', 'sehen'). In English it is the action's own text."""
    if action.card is not None and action.kind in ONE_CARD_WORDS:
        return ptr(MOVE, ONE_CARD_WORDS[action.kind][0]).format(card=action.card.typed)
    if action.card is not None and action.other is not None:
        return ptr(MOVE, EXCHANGE_WORDS).format(card=action.card.typed,
                                                other=action.other.typed)
    return ptr(MOVE, MOVE_WORDS[action]) if action in MOVE_WORDS else action.text
