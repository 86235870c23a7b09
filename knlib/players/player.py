"""What every computer player shares: table talk with a stated bluff rate, and the one
habit all of them keep (:func:`never_turn_in_march`).

A player is any object with ``choose(deal) -> action``, one of ``deal.legal_actions()``
for the seat ``deal.to_move``. Every :class:`Player` also talks:
``player.talk(deal, seat)`` gives a table-talk :class:`~knlib.players.talk.Line` about the
seat's hand from the phrasebook (:mod:`knlib.players.talk`), true to the hand except at
the player's stated ``bluff_rate``; ``player.remark(deal, seat, action)`` gives the
announcement that goes with an action ("ich dreh ein um" on a face-down lead, and so on);
``player.call(deal, seat)`` what a seat calls to its partner.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..compiled import mypyc_attr
from ..engine.deal import Action, Deal
from ..engine.serial import shown
from ..engine.state import State
from ..errors import RulesError
from ..i18n import tr
from ..kinds import ActionKind, Phase
from ..rules.dealing import SOLO_TARGET
from .card_facts import card_facts
from .habits import may_turn

__all__ = ["Player", "Remark", "never_turn_in_march", "seat_to_move", "target", "targets",
           "deal_to_decide", "check_player_seed", "check_layouts", "MAX_LAYOUTS"]

#: The most layouts of the unseen cards a player deals for one decision (``samples``).
MAX_LAYOUTS = 100_000


def deal_to_decide(deal: Any) -> Deal:
    """``deal`` itself, when it is a deal (a :class:`~knlib.Deal` or a bare State); a
    :class:`~knlib.RulesError` naming anything else."""
    if not isinstance(deal, State):
        raise RulesError(tr("{value} is not a deal: a player chooses an action for a "
                            "knlib.Deal", value=shown(deal)))
    return deal  # type: ignore[return-value]


def check_player_seed(seed: object, name: str = "seed") -> int | str | None:
    """A player's seed: None (fresh randomness), a whole number or a text; the same seed
    gives the same choices. Anything else (a list, a float, True) is a RulesError."""
    if seed is None or (isinstance(seed, int | str) and not isinstance(seed, bool)):
        return seed
    raise RulesError(tr("{name}={value} is not a whole number or a text: a player's seed "
                        "fixes its choices, so it must be exact (None: fresh randomness)",
                        name=name, value=shown(seed)))


def check_layouts(value: object, name: str, low: int = 1) -> int:
    """A number of layouts a decision, ``low`` to :data:`MAX_LAYOUTS`; else a RulesError."""
    if (isinstance(value, bool) or not isinstance(value, int)
            or not low <= value <= MAX_LAYOUTS):
        raise RulesError(tr("{name}={value} is not a whole number of layouts from {low} to "
                            "{most}", name=name, value=shown(value), low=low,
                            most=MAX_LAYOUTS))
    return value


def seat_to_move(deal: Deal) -> int:
    """The seat whose decision it is; a :class:`~knlib.RulesError` once the deal is over,
    when nobody has a decision to make."""
    seat = deal.to_move
    if seat is None:
        raise RulesError(tr("the deal is over: there is no move to make"))
    return seat


def never_turn_in_march(deal: Deal, acts: list[Action]) -> list[Action]:
    """``acts`` without the face-down leads of a side playing for the march: the computer
    players never make one (:func:`~knlib.players.habits.may_turn`; seed 000, 'Drehen und Sehen':
    a team "would never turn while attempting a march, as the opponents could then end the
    play by running")."""
    march = deal.marching
    if march is None or may_turn(march, deal.side_of(seat_to_move(deal))):
        return acts
    return [a for a in acts if a.kind != ActionKind.DOWN]


def target(deal: Deal, side: int) -> int:
    """Tricks a side needs: four for the lone five-player dealer, else the game's target."""
    return targets(deal)[side]


def targets(deal: Deal) -> tuple[int, int]:
    """The tricks each side needs (:func:`target`), both at once."""
    need = deal.rules.procedure.target
    return (SOLO_TARGET if deal.solo else need), need


@dataclass(frozen=True)
class Remark:
    """A phrase from the phrasebook said at a moment of the play: an announcement that goes
    with an action, or a call about the trick in progress (``bluff``: its claim is false).
    ``english`` is the phrase's gloss in the language in force when it was said."""

    seat: int
    phrase_id: str
    text: str
    english: str
    bluff: bool = False

    def __str__(self) -> str:
        return f"{self.text} ({self.english})"


def _announcement(seat: int, pid: str) -> Remark:
    from .talk import PHRASEBOOK

    p = PHRASEBOOK[pid]
    return Remark(seat, pid, p.low_german_or_german, p.meaning)


@mypyc_attr(allow_interpreted_subclasses=True)  # the solver's and sampling players
class Player:
    """Base of the computer players: table talk with a stated bluff rate (seeded)."""

    name = "player"
    bluff_rate: float
    _talk_rng: random.Random

    def __init__(self, *, bluff_rate: Any = 0.0, talk_seed: Any = None) -> None:
        if (isinstance(bluff_rate, bool) or not isinstance(bluff_rate, int | float)
                or not 0.0 <= bluff_rate <= 1.0):
            raise RulesError(tr("bluff_rate {value} is not a probability: give 0 to 1",
                                value=shown(bluff_rate)))
        self.bluff_rate = float(bluff_rate)
        self._talk_rng = random.Random(check_player_seed(talk_seed))

    def seed_talk(self, seed: Any) -> None:
        """Seed the table talk afresh (which lines are bluffs): the same seed, the same
        talk, whatever seed the player was made with."""
        self._talk_rng.seed(seed)

    def choose(self, deal: Any) -> Action:
        """The action this player takes in ``deal``; anything but a deal to decide is a
        RulesError naming it (:func:`deal_to_decide`)."""
        raise NotImplementedError

    def __call__(self, deal: Any) -> Action:
        return self.choose(deal)

    def talk(self, deal: Deal, seat: int | None = None):  # -> knlib.players.talk.Line | None
        """What this player says about the hand of ``seat`` (default: the seat to move): the
        truthful line (:func:`knlib.players.talk.truthful_line`), or with probability ``bluff_rate``
        a bluff (:func:`knlib.players.talk.bluff_line`: a phrase the sources say may be a bluff,
        false for this hand). None for games without recorded table talk (the phrasebook
        is Knüffeln's) and for an empty hand."""
        from .talk import bluff_line, truthful_line

        seat = deal.to_move if seat is None else seat
        if seat is None or not deal.rules.table_talk:
            return None
        hand = deal.hands[seat]
        if not hand:
            return None
        if self.bluff_rate and self._talk_rng.random() < self.bluff_rate:
            line = bluff_line(hand, deal.chosen, self._talk_rng, deal.rules)
            if line is not None:
                return line
        return truthful_line(hand, deal.chosen, deal.rules)

    def remark(self, deal: Deal, seat: int, action: Action | str) -> Remark | None:
        """The announcement that goes with ``action`` (call it before applying the action):
        'ich dreh ein um' on a face-down lead, 'wir schmeissen' on running, 'wir spieler
        weiter' on playing on for the march (seed 000, 'Communication'). None otherwise,
        and for games without recorded table talk."""
        if not deal.rules.table_talk:
            return None
        kind = Action(action).kind
        pid = {"down": "ich-dreh-ein-um", "run": "wir-schmeissen",
               "play on": "wir-spielen-weiter"}.get(kind)
        return _announcement(seat, pid) if pid else None

    def call(self, deal: Deal, seat: int) -> Remark | None:
        """What ``seat`` calls to its partner, who is to play to a trick in which an
        opponent's card is ahead and ``seat`` still plays after the partner: 'kommt' (I can
        take it, so throw a dud) or 'kann ik nich, mußt en Steker speeln!' (I cannot: you
        must play a beater), whichever is true of the hand (seed 000, 'Communication');
        the other one at the ``bluff_rate``. None when the moment does not fit, and for
        games without recorded table talk."""
        from .talk import claims_true

        mover = deal.to_move
        if (not deal.rules.table_talk or mover is None or mover == seat
                or deal.phase != Phase.PLAY):
            return None
        side = deal.side_of(seat)
        if side is None or deal.side_of(mover) != side:
            return None
        trick = deal.current_trick
        if not trick or any(s == seat for s, _ in trick):
            return None
        t = card_facts(deal.rules, deal.chosen)
        ahead_seat, ahead_card = trick[t.ahead([c for _, c in trick])]
        if deal.side_of(ahead_seat) == side:
            return None
        hand = deal.hands[seat]
        can = claims_true("kommt", hand, deal.chosen, deal.rules, target=ahead_card)
        bluff = bool(self.bluff_rate) and self._talk_rng.random() < self.bluff_rate
        says = can != bluff
        pid = "kommt" if says else "kann-ik-nich"
        r = _announcement(seat, pid)
        return Remark(seat, pid, r.text, r.english, bluff)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
