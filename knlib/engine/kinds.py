"""The engine's small vocabularies as string enums: the phase of a deal, the kind of an
action and the kind of a result.

Each member is its text (``Phase.PLAY == "play"``, ``json.dumps`` writes ``"play"``,
``f"{kind}"`` prints ``play``), so the JSON of a deal, the book and comparisons with plain
strings read as before, while a typo in a name is an error instead of a silent mismatch.

>>> Phase.ANSWER == "answer", str(ActionKind.DOWN), ResultKind("failed march").name
(True, 'down', 'FAILED_MARCH')
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase", "ActionKind", "ResultKind"]


class Phase(StrEnum):
    """Where a deal stands: the five-player dealer's choice, the exchanges, the play, a
    card led face down waiting for 'see' or 'run', a side deciding after its Jann (vol),
    or over."""

    DEALER = "dealer's choice"
    EXCHANGE = "exchange"
    PLAY = "play"
    ANSWER = "answer"
    JANN = "Jann"
    OVER = "over"


class ActionKind(StrEnum):
    """What an action does: play a card, lead one face down (drehen), see or run, make or
    pass an exchange, stop or play on after a Jann, the five-player dealer's choice, or a
    Karniffel director's concession."""

    PLAY = "play"
    DOWN = "down"
    SEE = "see"
    RUN = "run"
    EXCHANGE = "exchange"
    PASS = "pass"
    STOP = "stop"
    PLAY_ON = "play on"
    ALONE = "play alone"
    SIT_OUT = "sit out"
    CONCEDE = "concede"


class ResultKind(StrEnum):
    """How a deal ended: a side reached its tricks ('game'), a Jann (vol) taken, a march
    (all nine) made or failed, the opponents ran from a card led face down, or a Karniffel
    director conceded."""

    GAME = "game"
    JANN = "jann"
    MARCH = "march"
    FAILED_MARCH = "failed march"
    RUN = "run"
    CONCEDED = "conceded"
