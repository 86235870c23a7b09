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
disagree the reading used is in :data:`DEAL_QUESTIONS`, which
``knlib.open_questions(game)`` includes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card
from ..errors import RulesError
from ..i18n import current_language, marked, tr
from ..rules.dealing import (
    OLE_CARDS,
    PROCEDURES,
    Procedure,
    seat_word,
)
from ..rules.games import OpenQuestion, Ruleset, ruleset
from ..rules.games.base import option_question
from ..rules.stakes import SCORING_OPTIONS, SCORING_QUESTIONS, Stakes
from ..seats import forehand
from ..sources import (
    S000_DEAL,
    S000_DREHEN,
    S000_EARLY,
    S000_FIVE,
    S000_PLAY,
    S001_EXCH,
    S002_PRELIM,
    S003_PLAY,
    STY_DEAL,
    STY_END,
)
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
    "DEAL_QUESTIONS",
    "random_playout",
    "PLAY",
    "PROCEDURES",
    "OLE_CARDS",
]


class Deal(State):
    """One deal of one game, from the deal to the settlement. Build it with
    :func:`new_deal`, :meth:`Deal.from_hands` or :meth:`Deal.from_json`."""

    __slots__ = ()

    # -- the deal's facts (its Game) ------------------------------------------------------------
    @property
    def rules(self) -> Ruleset:
        return self._game.rules

    @property
    def proc(self) -> Procedure:
        return self._game.proc

    @property
    def stakes(self) -> Stakes:
        return self._game.stakes

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
    def seed(self) -> Any:
        return self._game.seed

    @property
    def cut(self) -> int:
        return self._game.cut

    @property
    def redeals(self) -> tuple[tuple[Card, ...], ...]:
        """The turn-ups of each deal thrown in before this one."""
        return self._game.redeals

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
    def turned(self) -> tuple[Card, ...]:
        return self._game.turned

    @property
    def turn_ups(self) -> tuple[Card, ...]:
        return self._game.turn_ups

    @property
    def returned(self) -> tuple[Card, ...]:
        return self._game.returned

    @property
    def table_olen(self) -> tuple[Card, ...]:
        return self._game.table_olen

    @property
    def game(self) -> str:
        """The game's id, e.g. 'knueffeln': an alias of :attr:`game_id` (the Game itself
        is ``get_game()``)."""
        return self._game.rules.id

    @property
    def forehand(self) -> int:
        return forehand(self._game.dealer, self._game.players)

    @property
    def value(self) -> int:
        """What the deal is worth so far: the basic game plus the accepted turns."""
        return self._game.stakes.value("game", self.turns_accepted)

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
    ``deal.redeals``. Keyword options go to :func:`knlib.ruleset`. A seed and a deck
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

_Q = tuple[str, str, str, str]

_CUT: _Q = ("cut_point", marked("Where is the pack cut?"),
            marked("At a random point, leaving at least one card in each part; a cut cannot "
                   "change the odds of a well-shuffled pack."), S000_DEAL)
_ORDER: _Q = ("exchange_order",
              marked("In what order are the exchanges made? Seed 000 describes the Olen from "
                     "the bottom of the stock first and the Ten exchanges second, but its "
                     "no-double-exchange rule (a Queen or King got for a Ten may not take an "
                     "Ole) only matters if the Tens go first."),
              marked("The Ten exchanges first, in turn from forehand (each holder's first "
                     "chosen suit first), then the Olen from the bottom of the stock."),
              S000_DEAL)
_JANN_WHO: _Q = ("jann_decision",
                 marked("Who decides whether a side with a Jann stops or plays on?"),
                 marked("The winner of the fifth trick, who is on lead: leading to the sixth "
                        "trick commits the side. The choice is an explicit 'stop' or 'play "
                        "on'."), S000_PLAY)
_ANSWER: _Q = ("who_answers",
               marked("Who sees or runs for the opponents when a card is led face down?"),
               marked("The next opponent in play order (the leader's left-hand opponent with "
                      "four players; the dealer when a defender leads in the five-player solo). "
                      "The face-up card is then played to by the next player as usual."),
               S000_DREHEN)
_FIVE_QS: tuple[_Q, ...] = (
    ("five_dealer_when",
     marked("When does the five-player dealer choose to play alone: before or after the Ten "
            "exchanges?"),
     marked("Right after the turn-ups, before any exchange; a solo dealer then exchanges a "
            "chosen Ten from the stock in turn, last."), S000_FIVE),
    ("five_partners", marked("When the dealer sits out, who partners whom?"),
     marked("The players opposite each other among the four: forehand with the third player "
            "from the dealer; forehand leads."), S000_FIVE),
    ("five_march_8",
     marked("With an 8-card dealer's stock no 9th trick can be played. How many tricks make "
            "the opponents' march?"),
     marked("All the tricks that can be played: eight, as for the dealer."), S000_FIVE),
    ("five_drehen", marked("May cards be led face down in the five-player game?"),
     marked("Yes: the payments are 'as usual ... plus 10 cents for each accepted turn'."),
     S000_FIVE),
)

#: Deal-level open questions per game: (topic, question, default reading, source).
DEAL_QUESTIONS: dict[str, tuple[_Q, ...]] = {
    "knueffeln": (_CUT, _ORDER, _JANN_WHO, _ANSWER) + _FIVE_QS,
    "knueffeln-hattstedt": (
        _CUT, _ORDER, _JANN_WHO,
        ("hattstedt_deal", marked("Does Hattstedt deal and exchange as Bohmstedt does?"),
         marked("Yes: seed 000 lists no difference there."), "seed 000, 'Modern Knüffeln'"),
    ),
    "knueffeln-1938": (
        _CUT, _JANN_WHO, _ANSWER,
        ("gruenberg_exchanges", marked("Did Grünberg's game have the cutter's bottom three cards? "
         "Seed 000 lists them among the early 20th-century differences, next to the ranked "
         "unchosen suits, and names neither Bernhard nor Grünberg for either (it names "
         "Bernhard for the Fives and for when to drehen, Grünberg for the Tens and for his "
         "scale of payments)."),
         marked("Yes, as for the unchosen suits, whose higher cards beat lower ones in 1938 too: "
         "the two differences that name no author are read alike. As in "
         "Bernhard's game the cutter looks at the bottom three cards and lays any Olen face "
         "up on the table, where the Queen of an Ole's suit may take it (any suit: seed 000 "
         "says 'the Queens of the same suits'; 'a chosen Queen' is Bernhard's), or the King "
         "if the Queen is 'sleeping' in the stock; a Queen given lies on the table. The Ten "
         "exchanges come first, and no Ole is taken from the bottom of the stock, as it is "
         "today."),
         f"{S000_EARLY}; rules/README.md, reading 5; seed 001, 'Preliminaries' and "
         "'Exchanging'"),
        ("gruenberg_drehen", marked("When may Grünberg's players turn? Only Bernhard's "
                                    "restriction is "
         "reported."), marked("On any lead, as today."), S000_EARLY),
    ),
    "knueffeln-1924": (
        _CUT, _JANN_WHO, _ANSWER,
        ("cutter", marked("Who cuts? Seed 001 says 'rearhand (the player to the left)'; seed "
                          "000 has the player to the dealer's right cut in today's game."),
         marked("The player to the dealer's right (rearhand in its usual sense)."),
         "seed 001, 'Preliminaries'; seed 000, 'The Deal and Exchange'"),
        ("turn_up_kept", marked("Of several turn-ups of one suit 'the higher (or highest)' stays "
                                "up: higher by what order?"),
         marked("By natural rank, Ace high, Two low."),
         "seed 001, 'Preliminaries'"),
        ("table_ole_queen", marked("Must the Queen that takes an Ole from the table be of a "
                                   "chosen suit? Seed 001 says 'a chosen Queen'; seed 000 says "
                                   "'the Queens of the same suits'."),
         marked("Yes, a chosen Queen (or King); Olen of unchosen suits stay on the table."),
         f"{S001_EXCH}; {S000_EARLY}"),
        ("dog_double_exchange", marked("May a Queen or King got for a dog take an Ole from the "
                                       "table?"),
         marked("No, as seed 000 rules for a Queen or King got for a Ten. The King inherits only "
                "when "
         "the Queen is 'sleeping' in the stock, as seed 001 defines it; a Queen face up on the "
         "table (a turn-up, or given for another table Ole) is not."), f"{S001_EXCH}; {S000_DEAL}"),
        ("bernhard_turns", marked("How often may a team lead face down in Bernhard's game?"),
         marked("The first time once it has won two tricks, a second time once it has won four: "
                "at most twice per team per deal."), S000_EARLY),
    ),
    "styrivolt": (
        ("chosen_suits",
         marked("How are the two chosen suits found? Not in the accessible sources."),
         marked("The Knüffeln procedure on the twelve-card stock: turn until two suits show, at "
                "most "
         "four; four of one suit and the same dealer deals again."), f"{STY_DEAL} [A]"),
        ("first_lead", marked("Who leads first, and which way does the deal pass?"),
         marked("Forehand (left of dealer) leads; the deal passes to the left."),
         f"{STY_DEAL} [A]"),
        ("vol_decision", marked("Who decides to play on after a vol?"),
         marked("The winner of the fifth trick, with an explicit 'stop' or 'play on'."),
         f"{STY_END} [A]"),
    ),
    "karniffel": (
        _CUT,
        ("karniffel_packets", marked("How are the five cards dealt?"),
         marked("One at a time, from forehand; the source gives no packets."), S002_PRELIM),
        ("karniffel_no_second_suit",
         marked("What if the cards run out before a second suit shows?"),
         marked("The same dealer deals again, as in Knüffeln."), S002_PRELIM),
        ("banner_choice", marked("When several turn-ups of the first suit show, which may the "
                                 "Banner "
         "take?"), marked("Any of them, as a Ten may in Knüffeln."),
         f"{S002_PRELIM}; {S000_DEAL} (by analogy)"),
        ("director", marked("Who is each team's director, and when may he concede?"),
         marked("The first player of each team after the dealer (forehand, and the player after "
         "forehand); he may concede during the play whenever a member of his team is to move. "
         "Conceding loses the stake."), S002_PRELIM),
        ("karniffel_end", marked("Is play continued after a team has three tricks?"),
         marked("No: the deal ends when a team has three tricks."),
         "seed 002, 'Aim' and 'Scoring'"),
    ),
    "karnoeffel": (
        ("karnoeffel_end", marked("Seed 003 continues 'until all cards have been played'; is the "
                                  "deal "
         "over at three tricks?"),
         marked("The deal ends at three tricks: with no bonus for more, the result is the same."),
         S003_PLAY),
        ("karnoeffel_cut", marked("Is the pack cut?"), marked("No cut: the source mentions none."),
         "seed 003, 'Deal'"),
    ),
    "karnoeffel-2024": (
        ("karnoeffel_cut", marked("Is the pack cut?"), marked("No cut: the source mentions none."),
         "seed 004, 'How to Play'"),
        ("team_deal", marked("With two teams, who sits where and who leads?"),
         marked("Partners sit opposite; cards are dealt one at a time from forehand, the dealer's "
         "left, who leads first."), "seed 004, 'How to Play'"),
    ),
}


def deal_questions(game: str | Ruleset) -> list[OpenQuestion]:
    """The deal- and scoring-level open questions of a game, with the readings used."""
    gid = ruleset(game).id
    out = [OpenQuestion(game=gid, topic=t, question=tr(q), default=tr(d), source=s)
           for t, q, d, s in DEAL_QUESTIONS.get(gid, ()) + SCORING_QUESTIONS.get(gid, ())]
    out += [option_question(gid, o) for o in SCORING_OPTIONS.get(gid, ())]
    return out
