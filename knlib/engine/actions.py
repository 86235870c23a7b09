"""Actions: one move each, an interned string with its meaning ('play S3', 'see', ...).

:class:`Action` is its canonical text, so it compares equal to that string, hashes like
it and goes into JSON as it is. :data:`PLAY` and :data:`DOWN` hold the action of every
card by card index; the others are module constants. There is one object per text, so
the engine compares actions by identity.

>>> Action("play ♥10") is PLAY[Card("H10").index], action("See").kind
(True, <ActionKind.SEE: 'see'>)
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ..cards import ALL_CARDS, Card
from ..compiled import mypyc_attr
from ..counts import shown
from ..errors import RulesError
from ..i18n import tr
from ..kinds import ActionKind

__all__ = ["Action", "action", "exchange_action", "PLAY", "DOWN", "PLAY_OF", "DOWN_OF", "SEE",
           "RUN", "PASS", "STOP", "PLAY_ON", "ALONE", "SIT_OUT", "CONCEDE"]


@mypyc_attr(native_class=False)  # a str (mypyc compiles no native subclass of one)
class Action(str):
    """One move: an interned string with its meaning, e.g. ``Action('play S3')``.

    An Action is its canonical text ('play S3', 'lead face down H2', 'see', 'run',
    'exchange H10 for HQ', 'pass', 'stop', 'play on', 'play alone', 'sit out', 'concede'),
    so it compares equal to that string, hashes like it and goes into JSON as it is;
    ``"stop" in deal.legal_actions()`` works. ``kind`` is 'play', 'down' (lead face down),
    'see', 'run', 'exchange', 'pass', 'stop', 'play on', 'play alone', 'sit out' or
    'concede' (an :class:`~knlib.kinds.ActionKind`); ``card`` is the card played or
    given, ``other`` the card received in an exchange. There is one object per text.
    """

    _interned: ClassVar[dict[str, Action]] = {}

    kind: ActionKind
    card: Card | None
    other: Card | None

    def __new__(cls, text: str | Action | object) -> Action:
        return cls.parse(text)

    @classmethod
    def _make(cls, kind: ActionKind, text: str, card: Card | None = None,
              other: Card | None = None) -> Action:
        a = str.__new__(cls, text)
        for k, v in (("kind", kind), ("card", card), ("other", other)):
            object.__setattr__(a, k, v)
        cls._interned[text] = a
        return a

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (str(self),))

    @property
    def text(self) -> str:
        """The canonical text, as a plain string."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Action({str.__str__(self)!r})"

    @classmethod
    def parse(cls, text: str | Action | object) -> Action:
        """Strict parsing; case and spacing are free, cards as :func:`~knlib.parse_card`
        reads them ('play ♥10' is 'play H10')."""
        if text.__class__ is Action:
            return text
        if not isinstance(text, str):
            raise RulesError(tr("{text} is not an action: give an Action or its text, e.g. "
                                "'play S3'", text=shown(text)))
        hit = cls._interned.get(text)
        if hit is not None:
            return hit
        words = text.strip().split()
        low = [w.lower() for w in words]
        norm = " ".join(low)
        if norm in _SIMPLE:
            return _SIMPLE[norm]
        try:
            if len(low) == 2 and low[0] == "play":
                return PLAY[Card(words[1]).index]
            if len(low) == 4 and low[:3] == ["lead", "face", "down"]:
                return DOWN[Card(words[3]).index]
            if len(low) == 4 and low[0] == "exchange" and low[2] == "for":
                return exchange_action(Card(words[1]), Card(words[3]))
        except RulesError as err:
            raise RulesError(tr("{text} is not an action: {reason}", text=shown(text),
                                reason=err)) from None
        raise RulesError(tr(
            "{text} is not an action: the actions are 'play S3', 'lead face down H2', 'see', "
            "'run', 'exchange H10 for HQ', 'pass', 'stop', 'play on', 'play alone', 'sit out' "
            "and 'concede'", text=shown(text)))


K = ActionKind
#: "play X" and "lead face down X" for every card, by card index.
PLAY: Final[tuple[Action, ...]] = tuple(Action._make(K.PLAY, f"play {c}", c) for c in ALL_CARDS)
DOWN: Final[tuple[Action, ...]] = tuple(Action._make(K.DOWN, f"lead face down {c}", c)
                                 for c in ALL_CARDS)
SEE: Final = Action._make(K.SEE, "see")
RUN: Final = Action._make(K.RUN, "run")
PASS: Final = Action._make(K.PASS, "pass")
STOP: Final = Action._make(K.STOP, "stop")
PLAY_ON: Final = Action._make(K.PLAY_ON, "play on")
ALONE: Final = Action._make(K.ALONE, "play alone")
SIT_OUT: Final = Action._make(K.SIT_OUT, "sit out")
CONCEDE: Final = Action._make(K.CONCEDE, "concede")
#: The play and face-down actions of each card, by card.
PLAY_OF: Final[dict[Card, Action]] = {c: PLAY[c.index] for c in ALL_CARDS}
DOWN_OF: Final[dict[Card, Action]] = {c: DOWN[c.index] for c in ALL_CARDS}
_SIMPLE = {a.text: a for a in (SEE, RUN, PASS, STOP, PLAY_ON, ALONE, SIT_OUT, CONCEDE)}


_EXCHANGES: dict[tuple[Card, Card], Action] = {}


def exchange_action(give: Card, get: Card) -> Action:
    """The interned action 'exchange GIVE for GET'."""
    hit = _EXCHANGES.get((give, get))
    if hit is None:
        text = f"exchange {give} for {get}"
        hit = _EXCHANGES[give, get] = (Action._interned.get(text)
                                        or Action._make(K.EXCHANGE, text, give, get))
    return hit


def action(text: str | Action) -> Action:
    """Parse an action from its text (a passing Action is returned as it is)."""
    return Action.parse(text)
