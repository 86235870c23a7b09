"""The reader's moves in words: an action as the terminal offers it in the current language
(:func:`move_text`: 'play S3', German 'spielen S3') and a typed move read back
(:func:`read_move`), in English or in German whatever the language.

The engine's actions keep their English text ('play S3', 'lead face down H2', 'see'): it is
what code and records use. The reader sees and types the words of the table: the German
moves are the words of knlib/locale/de/TERMS.md (*drehen* for a face-down lead, *sehen*,
*laufen*), and a card is typed as in the current language (German 'HD' for the Dame of
Hearts; :attr:`knlib.cards.Card.typed`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...cards import Card, parse_card
from ...counts import shown
from ...engine.actions import (
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
    exchange_action,
)
from ...errors import RulesError
from ...i18n import LANGUAGES, language, marked, pmarked, ptr, tr

__all__ = ["move_text", "read_move", "MOVE", "MOVE_EXAMPLES", "GERMAN_ALSO"]

#: The gettext context of a move's words (what the reader types at the terminal).
MOVE = "move"
#: A move with one card ('play {card}'), by the action's kind.
_ONE_CARD: dict[str, tuple[str, Callable[[Card], Action]]] = {
    "play": (pmarked("move", "play {card}"), PLAY_OF.__getitem__),
    "down": (pmarked("move", "lead face down {card}"), DOWN_OF.__getitem__),
}
#: The exchange, with the card given and the card taken.
_EXCHANGE = pmarked("move", "exchange {card} for {other}")
#: The moves without a card, by their action (the words as the table says them).
_WORDS: dict[Action, str] = {
    SEE: pmarked("move", "see"), RUN: pmarked("move", "run"), PASS: pmarked("move", "pass"),
    STOP: pmarked("move", "stop"), PLAY_ON: pmarked("move", "play on"),
    ALONE: pmarked("move", "play alone"), SIT_OUT: pmarked("move", "sit out"),
    CONCEDE: pmarked("move", "concede"),
}
#: More words a German table uses for a move, read in every language besides the shown ones.
GERMAN_ALSO: dict[str, str] = {
    "spiel {card}": "play", "spiele {card}": "play", "ausspielen {card}": "play",
    "verdeckt {card}": "down", "verdeckt ausspielen {card}": "down",
    "tausche {card} gegen {other}": "exchange", "behalten": "pass",
    "nicht tauschen": "pass", "halt": "stop", "stopp": "stop", "schluss": "stop",
    "weiter": "play on", "allein": "play alone",
}
#: The moves a refusal lists as examples, in this order.
MOVE_EXAMPLES: tuple[Action, ...] = (
    PLAY_OF[Card("S3")], DOWN_OF[Card("H2")], SEE, RUN, exchange_action(Card("H10"), Card("HQ")),
    PASS, STOP, PLAY_ON, ALONE, SIT_OUT, CONCEDE,
)
_QUOTED = marked("'{move}'")


def move_text(action: Action) -> str:
    """The action as the reader types it in the current language: 'play S3', 'lead face down
    H2', 'exchange H10 for HQ', 'see' (German 'spielen S3', 'drehen H2', 'tauschen H10 gegen
    HD', 'sehen'). In English it is the action's own text."""
    if action.card is not None and action.kind in _ONE_CARD:
        return ptr(MOVE, _ONE_CARD[action.kind][0]).format(card=action.card.typed)
    if action.card is not None and action.other is not None:
        return ptr(MOVE, _EXCHANGE).format(card=action.card.typed, other=action.other.typed)
    return ptr(MOVE, _WORDS[action]) if action in _WORDS else action.text


def _pattern(template: str) -> re.Pattern[str]:
    """A move's words as a pattern: free spacing and case, each card one word."""
    parts = re.split(r"(\{card\}|\{other\})", template.strip())
    body = r"\s+".join(
        p if p in ("{card}", "{other}") else r"\s+".join(map(re.escape, p.split()))
        for p in parts if p.strip())
    body = body.replace("{card}", r"(?P<card>\S+)").replace("{other}", r"(?P<other>\S+)")
    return re.compile(body, re.IGNORECASE)


def _templates() -> list[tuple[str, str]]:
    """(words, kind) of every move in every language, and the German table's other words;
    the moves without a card first ('play on' is not 'play' with a card 'on')."""
    out = []
    for code in LANGUAGES:
        with language(code):
            out += [(ptr(MOVE, t), kind) for kind, (t, _) in _ONE_CARD.items()]
            out.append((ptr(MOVE, _EXCHANGE), "exchange"))
            out += [(ptr(MOVE, w), a.kind) for a, w in _WORDS.items()]
    return sorted(out + list(GERMAN_ALSO.items()), key=lambda t: "{" in t[0])


_PATTERNS: list[tuple[re.Pattern[str], str]] = []


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    if not _PATTERNS:
        _PATTERNS.extend((_pattern(t), kind) for t, kind in _templates())
    return _PATTERNS


def _action(kind: str, card: str | None, other: str | None) -> Action:
    if kind in _ONE_CARD and card is not None:
        return _ONE_CARD[kind][1](parse_card(card))
    if kind == "exchange" and card is not None and other is not None:
        return exchange_action(parse_card(card), parse_card(other))
    return next(a for a in _WORDS if a.kind == kind)


def read_move(text: str) -> Action:
    """The action of a typed move, in English or German words, cards as
    :func:`~knlib.parse_card` reads them ('spielen HD', 'play ♥Q' and 'play HQ' are one
    action). A RulesError naming the text otherwise, listing the moves in the current
    language (whether the move is possible now is the deal's to say)."""
    typed = " ".join(text.split())
    for pattern, kind in _patterns():
        m = pattern.fullmatch(typed)
        if m is None:
            continue
        found = m.groupdict()
        try:
            return _action(kind, found.get("card"), found.get("other"))
        except RulesError as err:
            raise RulesError(tr("{text} is not an action: {reason}", text=shown(text),
                                reason=err)) from None
    moves = [tr(_QUOTED, move=move_text(a)) for a in MOVE_EXAMPLES]
    raise RulesError(tr("{text} is not an action: the actions are {moves}", text=shown(text),
                        moves=tr("{first} and {second}", first=", ".join(moves[:-1]),
                                 second=moves[-1])))
