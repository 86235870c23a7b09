"""A whole deal: dealing, exchanges, tricks, Jann and march, drehen und sehen, the result.

:func:`new_deal` deals by the game's procedure (:mod:`knlib.rules.dealing`); a :class:`Deal`
is a state machine in the OpenSpiel manner: ``legal_actions()``, ``apply(action)``,
``is_over``, ``result``. Actions are interned :class:`Action` objects with a stable
text ("play S3", "lead face down H2", "see", "run", "exchange H10 for HQ", "pass",
"stop", "play on", "play alone", "sit out", "concede"); ``apply`` takes either.

An illegal action raises :class:`~knlib.RulesError` naming the value and the rule,
and leaves the deal exactly as it was. ``to_json()`` / ``Deal.from_json()`` store the
pack order and the actions and rebuild by replay.

:class:`Deal` is the friendly face of the engine in :mod:`knlib.engine`: a
:class:`~knlib.engine.state.State` (the rules of play) with the deal's facts read from its
:class:`~knlib.engine.game.Game`, its words (:mod:`~knlib.engine.narration`,
:mod:`~knlib.engine.explain`), its JSON (:mod:`~knlib.engine.serial`) and
:meth:`Deal.from_hands` (:mod:`~knlib.engine.layout`). Where the sources are silent or
disagree the reading used is in the game's own open questions (``DEAL_QUESTIONS`` of its
rule set, :mod:`knlib.games`), which :func:`deal_questions` and
``knlib.open_questions(game)`` include.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card
from ..errors import RulesError
from ..games import OpenQuestion, Ruleset, ruleset
from ..games.family import open_question, option_question
from ..i18n import current_language, tr
from ..kinds import ResultKind
from ..rules.dealing import (
    OLE_CARDS,
    seat_word,
)
from ..seats import forehand
from . import narration, serial
from .actions import PLAY, Action, action
from .game import check_players, new_game
from .layout import from_hands
from .narration import side_name
from .records import Result, Trick
from .state import State

__all__ = [
    "Action",
    "Trick",
    "Result",
    "Deal",
    "as_deal",
    "new_deal",
    "action",
    "check_players",
    "side_name",
    "deal_questions",
    "random_playout",
    "PLAY",
    "OLE_CARDS",
]


class Deal(State):
    """One deal of one game, from the deal to the settlement. Build it with
    :func:`new_deal`, :meth:`Deal.from_hands` or :meth:`Deal.from_json`."""

    __slots__ = ()

    # -- the deal's facts (its Game) ------------------------------------------------------------
    # What a player reads at the table, one way each: the rest of the dealing record (the
    # seed, the cut, the deals thrown in, the turn-ups turned and given back, the table
    # Olen) is the Game's (``get_game()``), and the game's procedure and stakes are its
    # rule set's (``rules.procedure``, ``rules.stakes``).
    @property
    def rules(self) -> Ruleset:
        """The rule set of the game (its id is ``rules.id``)."""
        return self._game.rules

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def dealer(self) -> int:
        return self._game.dealer

    @property
    def deck(self) -> tuple[Card, ...]:
        """The pack order as dealt, top first."""
        return self._game.deck

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as a person reads them: a default seat name in the current
        language ('Nord' for 'North', :func:`~knlib.rules.dealing.seat_word`), a name a
        player was given as it is. The names as set are ``get_game().names``."""
        names = self._game.names
        if current_language() == "en":
            return names
        return tuple(map(seat_word, names))

    @property
    def chosen(self) -> tuple[str, ...]:
        return self._game.chosen

    @property
    def turn_ups(self) -> tuple[Card, ...]:
        return self._game.turn_ups

    @property
    def forehand(self) -> int:
        return forehand(self._game.dealer, self._game.players)

    @property
    def value(self) -> int:
        """What the deal is worth so far: the basic game plus the accepted turns."""
        return self._game.stakes.value(ResultKind.GAME, self.turns_accepted)

    # -- words ----------------------------------------------------------------------------------
    def side_name(self, side: object) -> str:
        """A side's name ('North-South'); a RulesError for anything but a side's number."""
        sides = len(self.sides)
        if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < sides:
            raise RulesError(tr("side {side} is not a side of this deal: its sides are 0 to "
                                "{last}", side=serial.shown(side), last=sides - 1))
        return narration.side_name_of(self, side)

    def to_move_text(self) -> str:
        return narration.to_move_text(self)

    def card_symbol(self, card: object) -> str:
        """The card as this game writes it ('♠3', or '♠O' in German-suited Karniffel); a
        card's name ('S3') is read as the card."""
        return self._game.sym(card if isinstance(card, Card) else Card(card))

    # -- copies and storage ---------------------------------------------------------------------
    def copy(self) -> Deal:
        """An alias of :meth:`clone`: an independent copy of the deal in its present state."""
        return self.clone()

    def to_json(self) -> str:
        """The deal as JSON: game, options, players, dealer, seed, the pack order as dealt,
        and every action with its seat. :meth:`from_json` rebuilds it by replay."""
        return serial.to_json(self)

    @classmethod
    def from_json(cls, text: object) -> Deal:
        """Rebuild a deal from :meth:`to_json` output."""
        return serial.from_json(text, cls)

    @classmethod
    def from_hands(cls, game: str | Ruleset, hands: Sequence[Iterable[str | Card] | None], *,
                   dealer: object = 0, turn_ups: Iterable[str | Card] | None = None,
                   chosen: str | Iterable[str] | None = None,
                   stock: Iterable[str | Card] | None = None,
                   names: Sequence[str] | None = None, **options: str) -> Deal:
        """A deal with given hands, for examples and the book (:func:`from_hands
        <knlib.engine.layout.from_hands>` says how they are given: by seat, each in the
        order dealt; the turn-ups or the chosen suits; the stock, top first; names)."""
        return cls.from_game(from_hands(game, hands, dealer=dealer, turn_ups=turn_ups,
                                        chosen=chosen, stock=stock, names=names, **options))

    # -- display --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return (f"<Deal {self.rules.id!r} players={self.players} dealer={self.dealer} "
                f"chosen={''.join(self.chosen)!r} tricks={len(self.tricks)} "
                f"phase={str(self.phase)!r}>")

    def __str__(self) -> str:
        sym = self.card_symbol
        names = [seat_word(n) for n in self.names]
        lines = [tr("{game}: {dealer} deals; chosen {suits}; turn-ups {cards}",
                    game=self.rules.title, dealer=names[self.dealer],
                    suits=self.rules.chosen_text(self.chosen),
                    cards=" ".join(sym(c) for c in self.turn_ups))]
        for s in range(self.players):
            lines.append(f"  {names[s]:<11} {' '.join(sym(c) for c in self.hands[s])}")
        for t in self.tricks:
            lines.append("  " + tr("trick {number}: {cards} -> {winner}", number=t.number,
                                   cards=" ".join(f"{names[s][0]}:{sym(c)}" for s, c in
                                                  zip(t.seats, t.cards, strict=True)),
                                   winner=names[t.winner]))
        lines.append(f"  {self.result}" if self.result else
                     "  " + tr("{who} to act", who=self.to_move_text()))
        return "\n".join(lines)


def as_deal(deal_or_state: Any) -> Any:
    """The :class:`Deal` of a bare :class:`~.state.State` (a copy; the state is left as it
    is); a Deal, or anything else, as it is (the caller refuses what is not a deal)."""
    if isinstance(deal_or_state, State) and not isinstance(deal_or_state, Deal):
        return deal_or_state.clone(Deal)
    return deal_or_state


def new_deal(game: str | Ruleset, *, seed: Any = None, players: object = None,
             dealer: object = 0, deck: Iterable[str | Card] | None = None,
             names: Sequence[str] | None = None, **options: str) -> Deal:
    """Shuffle (seeded), cut and deal by the game's procedure; the same seed gives the same
    deal. ``deck`` deals a given pack order instead (top first; no shuffle or cut).

    Four turn-ups of one suit (Karniffel: running out of cards) mean the same dealer deals
    again (seed 000, 'The Deal and Exchange'); the thrown-in turn-ups are kept in
    ``deal.get_game().redeals``. Keyword options go to :func:`knlib.ruleset`. A seed and a deck
    together are a RulesError (the seed deals a pack order of its own)."""
    if deck is not None and seed is not None:
        raise RulesError(tr("seed {seed} and a pack order (deck) given together: a seed deals "
                            "a pack order of its own, so give one or the other",
                            seed=serial.shown(seed)))
    return Deal.from_game(new_game(game, seed=seed, players=players, dealer=dealer, deck=deck,
                                   names=names, **options))


def random_playout(deal: Deal, rng: random.Random) -> Deal:
    """Play a deal to its end with uniformly random legal actions."""
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# -- open questions -------------------------------------------------------------------------------

def deal_questions(game: str | Ruleset) -> list[OpenQuestion]:
    """The deal- and scoring-level open questions of a game, with the readings used."""
    rules = ruleset(game)
    out = [open_question(rules.id, q) for q in rules.DEAL_QUESTIONS + rules.SCORING_QUESTIONS]
    out += [option_question(rules.id, o) for o in rules.SCORING_OPTIONS]
    return out
