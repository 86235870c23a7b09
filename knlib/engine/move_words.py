"""A move in words, in one place: one table of each kind of move's words (:data:`WORDS`),
and a function for each face that shows a move: as the reader types it at the terminal
(:func:`move_text`: 'play S3', German 'spielen S3'; a refusal names a move so too), as a
button says it (:func:`button_text`: 'Play ♠3', 'See'), and as the table's story tells it
(:func:`done_text`: 'You see.', 'North plays ♠3.'). The sentence a hint or a review says
('see (accept the face-down card)') takes its words from the table too
(:func:`knlib.analysis.advice.action_words` fills in the deal's words).

The engine's actions keep their English text ('play S3', 'lead face down H2', 'see'): it is
what code and records use. The German words are those of knlib/locale/de/TERMS.md (*drehen*
for a face-down lead, *sehen*, *laufen*), and a card is typed as in the current language
(German 'HD' for the Dame of Hearts; :attr:`knlib.cards.Card.typed`) and shown as the game
writes it (:func:`card_text`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..cards import Card
from ..i18n import marked, pmarked, ptr, tr
from ..kinds import ActionKind
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

if TYPE_CHECKING:
    from ..games import Ruleset

__all__ = ["MOVE", "ONE_CARD_WORDS", "EXCHANGE_WORDS", "MOVE_WORDS", "MoveWords", "WORDS",
           "SEEN_BY_READER", "SEEN_BY_OTHER", "PLAYED", "LED", "PLAYED_FACE_UP", "LED_FACE_UP",
           "card_text", "move_text", "button_text", "done_text"]

#: The gettext context of a move's words (what the reader types at the terminal).
MOVE = "move"


class MoveWords(NamedTuple):
    """One kind of move in the words of each face (each a marked text; '' where the face
    has none: the action's own text, or the seat and the typed move, stand instead).
    ``{card}``, ``{other}``: the cards; ``{who}``: the seat; ``{jann}``, ``{march}``: the
    game's words."""

    #: As the reader types it (gettext context :data:`MOVE`): 'play {card}'.
    typed: str
    #: In a sentence of a hint or a review: 'see (accept the face-down card)'.
    sentence: str
    #: On its button: 'See', 'Play {card}'.
    button: str
    #: Told of the reader: 'You see.'
    by_reader: str
    #: Told of another seat: '{who} sees.'
    by_other: str


#: The words of every kind of move, by the action's kind.
WORDS: dict[str, MoveWords] = {
    ActionKind.PLAY: MoveWords(
        pmarked("move", "play {card}"), marked("play {cards}"), marked("Play {card}"),
        marked("You play {card}."), marked("{who} plays {card}.")),
    ActionKind.DOWN: MoveWords(
        pmarked("move", "lead face down {card}"), marked("lead {cards} face down (drehen)"),
        marked("Lead face down {card}"), marked("You lead {card} face down (drehen)."),
        marked("{who} leads a card face down (drehen).")),
    ActionKind.EXCHANGE: MoveWords(
        pmarked("move", "exchange {card} for {other}"), "",
        marked("Exchange {card} for {other}"), marked("You exchange {card} for {other}."),
        marked("{who} exchanges {card} for {other}.")),
    ActionKind.PASS: MoveWords(
        pmarked("move", "pass"), "", marked("Keep (no exchange)"),
        marked("You keep the card (no exchange)."),
        marked("{who} keeps the card (no exchange).")),
    ActionKind.SEE: MoveWords(
        pmarked("move", "see"), marked("see (accept the face-down card)"), marked("See"),
        marked("You see."), marked("{who} sees.")),
    ActionKind.RUN: MoveWords(
        pmarked("move", "run"), marked("run (give the deal up)"), marked("Run"),
        marked("You run."), marked("{who} runs.")),
    ActionKind.STOP: MoveWords(
        pmarked("move", "stop"), marked("stop and take the {jann}"), marked("Stop (take it)"),
        "", ""),
    ActionKind.PLAY_ON: MoveWords(
        pmarked("move", "play on"), marked("play on for the {march}"), marked("Play on"),
        "", ""),
    ActionKind.ALONE: MoveWords(
        pmarked("move", "play alone"), marked("play alone"), marked("Play alone"), "", ""),
    ActionKind.SIT_OUT: MoveWords(
        pmarked("move", "sit out"), marked("sit out"), marked("Sit out"), "", ""),
    ActionKind.CONCEDE: MoveWords(
        pmarked("move", "concede"), marked("concede"), marked("Concede"), "", ""),
}
#: The answer 'see' told with the card it turned up.
SEEN_BY_READER = marked("You see: the card is {card}.")
SEEN_BY_OTHER = marked("{who} sees: the card is {card}.")
#: A card played in a sentence, by whether the player leads and whether a face-down lead
#: was possible too ({cards}: one card or a choice).
PLAYED = WORDS[ActionKind.PLAY].sentence
PLAYED_FACE_UP = marked("play {cards} face up")
LED = marked("lead {cards}")
LED_FACE_UP = marked("lead {cards} face up")

#: A move with one card, by the action's kind: its typed words and the action of a card.
ONE_CARD_WORDS: dict[str, tuple[str, Callable[[Card], Action]]] = {
    ActionKind.PLAY: (WORDS[ActionKind.PLAY].typed, PLAY_OF.__getitem__),
    ActionKind.DOWN: (WORDS[ActionKind.DOWN].typed, DOWN_OF.__getitem__),
}
#: The exchange's typed words, with the card given and the card taken.
EXCHANGE_WORDS = WORDS[ActionKind.EXCHANGE].typed
#: The moves without a card, by their action, with their typed words.
MOVE_WORDS: dict[Action, str] = {
    a: WORDS[a.kind].typed for a in (SEE, RUN, PASS, STOP, PLAY_ON, ALONE, SIT_OUT, CONCEDE)}


def card_text(rules: Ruleset, card: Card | None) -> str:
    """A card as the game writes it: '♠3', or '♠O' in the German-suited games ('?' for
    none)."""
    if card is None:
        return "?"
    return card.german_symbol if rules.german else card.symbol


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


def button_text(rules: Ruleset, action: Action) -> str:
    """The words on the action's button: 'Play ♠3', 'Lead face down ♥2', 'Exchange ♥10 for
    ♥Q', 'See' (the action's own text for a kind without a button)."""
    words = WORDS.get(action.kind)
    if words is None or (action.kind in (ActionKind.PLAY, ActionKind.DOWN, ActionKind.EXCHANGE)
                         and action.card is None):
        return action.text
    if action.kind == ActionKind.EXCHANGE and action.other is None:
        return action.text
    return tr(words.button, card=card_text(rules, action.card),
              other=card_text(rules, action.other))


def done_text(rules: Ruleset, action: Action, who: str, *, by_reader: bool,
              seen: Card | None = None) -> str:
    """The action told in the table's story: 'You play ♠3.', 'North sees: the card is ♥2.'
    (``seen``: the face-down card an answer 'see' turned up), or, for a move the story has
    no sentence for, the seat and the typed move ('East: stop.', German 'Ost: aufhören.').
    ``who``: the seat as the reader knows it, with a capital."""
    if action.kind == ActionKind.SEE and seen is not None:
        said = SEEN_BY_READER if by_reader else SEEN_BY_OTHER
        return tr(said, who=who, card=card_text(rules, seen))
    words = WORDS.get(action.kind)
    told = (words.by_reader if by_reader else words.by_other) if words is not None else ""
    if not told:
        return f"{who}: {move_text(action)}."
    return tr(told, who=who, card=card_text(rules, action.card),
              other=card_text(rules, action.other))
