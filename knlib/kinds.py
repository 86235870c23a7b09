"""The small vocabularies of a deal as string enums: the phase of a deal, the kind of an
action and the kind of a result. A base module: the games (their stakes) and the engine
read them alike; :mod:`knlib.engine` re-exports the three enums.

One casing: a member's name is in capitals, its value the same words in lower case
(``Phase.JANN`` is "jann", as ``ResultKind.JANN`` is). Each member is its text
(``Phase.PLAY == "play"``, ``json.dumps`` writes ``"play"``, ``f"{kind}"`` prints
``play``), so text that holds one reads as before; code compares with the members, never
with a string (``deal.phase is Phase.PLAY``).

>>> Phase.ANSWER == "answer", str(ActionKind.DOWN), ResultKind("failed march").name
(True, 'down', 'FAILED_MARCH')
>>> Phase.JANN, ResultKind.JANN
(<Phase.JANN: 'jann'>, <ResultKind.JANN: 'jann'>)
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase", "ActionKind", "ResultKind", "SETUP_PHASES", "PLAY_PHASES"]


class Phase(StrEnum):
    """Where a deal stands: the five-player dealer's choice, the exchanges, the play, a
    card led face down waiting for 'see' or 'run', a side deciding after its Jann (vol),
    or over."""

    DEALER = "dealer's choice"
    EXCHANGE = "exchange"
    PLAY = "play"
    ANSWER = "answer"
    JANN = "jann"
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


#: The phases before the play: the five-player dealer's choice and the exchanges.
SETUP_PHASES: tuple[Phase, ...] = (Phase.EXCHANGE, Phase.DEALER)
#: The phases of the play: a card to play, a face-down lead to answer, a Jann to decide.
PLAY_PHASES: tuple[Phase, ...] = (Phase.PLAY, Phase.ANSWER, Phase.JANN)
