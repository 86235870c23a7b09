"""The reader's moves in words: an action as the terminal offers it in the current language
(:func:`move_text`: 'play S3', German 'spielen S3') and a typed move read back
(:func:`read_move`), in English or in German whatever the language.

The words of each move are knlib.engine.move_words's (a refusal names a move in them too);
a card is typed as in the current language (German 'HD' for the Dame of Hearts).
"""

from __future__ import annotations

import re

from knlib.cards import Card, parse_card
from knlib.counts import shown
from knlib.engine.actions import (
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
from knlib.engine.move_words import EXCHANGE_WORDS, MOVE, MOVE_WORDS, ONE_CARD_WORDS, move_text
from knlib.errors import RulesError
from knlib.kinds import ActionKind

from ..i18n import LANGUAGES, language, marked, ptr, tr

__all__ = ["move_text", "read_move", "MOVE", "MOVE_EXAMPLES", "GERMAN_ALSO"]

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
            out += [(ptr(MOVE, t), kind) for kind, (t, _) in ONE_CARD_WORDS.items()]
            out.append((ptr(MOVE, EXCHANGE_WORDS), "exchange"))
            out += [(ptr(MOVE, w), a.kind) for a, w in MOVE_WORDS.items()]
    return sorted(out + list(GERMAN_ALSO.items()), key=lambda t: "{" in t[0])


_PATTERNS: list[tuple[re.Pattern[str], str]] = []


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    if not _PATTERNS:
        _PATTERNS.extend((_pattern(t), kind) for t, kind in _templates())
    return _PATTERNS


def _action(kind: str, card: str | None, other: str | None) -> Action:
    if kind in ONE_CARD_WORDS and card is not None:
        return ONE_CARD_WORDS[kind][1](parse_card(card))
    if kind == ActionKind.EXCHANGE and card is not None and other is not None:
        return exchange_action(parse_card(card), parse_card(other))
    return next(a for a in MOVE_WORDS if a.kind == kind)


def read_move(text: str) -> Action:
    """The action of a typed move, in English or German words, cards as
    :func:`~knlib.parse_card` reads them ('spielen HD', 'play ♥Q' and 'play HQ' are one
    action). A RulesError naming the text otherwise, listing the moves in the current
    language (whether the move is possible now is the deal's to say)."""
    typed = " ".join(text.split())
    said = tr(_QUOTED, move=typed) if typed and len(typed) <= 80 else shown(text)
    for pattern, kind in _patterns():
        m = pattern.fullmatch(typed)
        if m is None:
            continue
        found = m.groupdict()
        try:
            return _action(kind, found.get("card"), found.get("other"))
        except RulesError as err:
            raise RulesError(tr("{text} is not an action: {reason}", text=said,
                                reason=err)) from None
    moves = [tr(_QUOTED, move=move_text(a)) for a in MOVE_EXAMPLES]
    raise RulesError(tr("{text} is not an action: the actions are {moves}", text=said,
                        moves=tr("{first} and {second}", first=", ".join(moves[:-1]),
                                 second=moves[-1])))
