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
from ..i18n import marked, tr
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
from .kinds import Phase
from .layout import from_hands
from .narration import side_name
from .observer import place_hidden
from .records import Result, Trick
from .state import State

__all__ = [
    "Action",
    "Trick",
    "Result",
    "Deal",
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
        return self._game.names

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
        return self._game.rules.id

    # -- where the deal stands ------------------------------------------------------------------
    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action so far with the seat that made it."""
        return self._history

    @property
    def exchanges(self) -> list[tuple[int, Card, Card]]:
        """(seat, card given, card taken) of each exchange made."""
        return list(self._exchanges)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._seat.sides

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, indexed by seat (the five-player dealer holds the
        stock only when playing alone)."""
        return tuple(map(tuple, self._hands))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards face down, top first (the bottom card last)."""
        return self._stock

    @property
    def table(self) -> tuple[Card, ...]:
        """Cards face up on the table and out of play: turn-ups not taken, the Tens (dogs,
        Banners) given for them, and the cutter's table Olen (1924, 1938) or the Queens
        (Kings) given for them. A Queen given for an Ole from the bottom of the stock is not
        here: she goes to the top of the stock (seed 000, 'The Deal and Exchange', does not
        say where; this keeps the stock's size)."""
        return self._table

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs of the trick in progress (a face-down lead included)."""
        return tuple(zip(self._tseats, self._trick, strict=True))

    @property
    def current_face_down(self) -> bool:
        """True while the led card of the current trick lies face down, unanswered."""
        return self._phase is Phase.ANSWER

    @property
    def active(self) -> tuple[int, ...]:
        """The seats taking part in the play, clockwise from forehand."""
        return self._seat.active

    @property
    def forehand(self) -> int:
        return forehand(self._game.dealer, self._game.players)

    @property
    def solo(self) -> bool | None:
        """Five-player Knüffeln: True if the dealer plays alone, False if sitting out, None
        before the choice (and in every other game)."""
        return self._solo

    @property
    def directors(self) -> tuple[int, ...]:
        """Karniffel: the director of each side (seed 002, 'Preliminaries')."""
        return tuple(self._directors)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._won

    @property
    def turns_accepted(self) -> int:
        return self._turns

    @property
    def marching(self) -> int | None:
        """The side playing for the march, or None."""
        return self._march if self._march >= 0 else None

    @property
    def value(self) -> int:
        """What the deal is worth so far: the basic game plus the accepted turns."""
        return self._game.stakes.value("game", self._turns)

    @property
    def result(self) -> Result | None:
        """The result once the deal is over (None before)."""
        return self._result

    @property
    def pending_exchange(self) -> tuple[int, Card, tuple[Card, ...]] | None:
        """During the exchanges: (seat, the card it may give, the cards it may take)."""
        if self._phase is not Phase.EXCHANGE or self._setup is None or self._setup.pending is None:
            return None
        _, seat, give, options = self._setup.pending
        return seat, give, tuple(options)

    def side_of(self, seat: int) -> int | None:
        """The side index of a seat (None for a five-player dealer sitting out, or before
        the five-player dealer has chosen)."""
        s = self._seat.side[seat]
        return None if s < 0 else s

    # -- words ----------------------------------------------------------------------------------
    def side_name(self, side: int) -> str:
        return narration.side_name_of(self, side)

    def to_move_text(self) -> str:
        return narration.to_move_text(self)

    def _sym(self, card: Card) -> str:
        return self._game.sym(card)

    @property
    def log(self) -> list[str]:
        """The deal so far in plain English, one line per event (rebuilt by replay)."""
        if self._log is not None:
            return list(self._log)
        replay = State(self._game, log=True)
        for seat, act in self._history:
            replay.apply(act, seat)
        return replay._log or []

    # -- copies and storage ---------------------------------------------------------------------
    def copy(self) -> Deal:
        """An independent copy of the deal in its present state."""
        return self.clone()

    def with_hidden(self, hands: Sequence[Iterable[Card]], stock: Iterable[Card],
                    face_down_lead: Card | None = None) -> Deal:
        """A copy in which the cards nobody can see are placed differently: new hands, a new
        stock and, while a face-down lead is unanswered, a new face-down card. For players
        that sample what they cannot see (:mod:`knlib.players.bots`). The same cards stay in play,
        each hand and the stock keep their sizes, and what every seat knows stays as it was
        (a card taken in an exchange stays with its taker, no Ole lies at a bottom of the
        stock that was looked at): a :class:`RulesError` otherwise."""
        return place_hidden(self, hands, stock, face_down_lead)

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
                f"chosen={''.join(self.chosen)!r} tricks={len(self._tricks)} "
                f"phase={str(self._phase)!r}>")

    def __str__(self) -> str:
        sym = self._sym
        names = [seat_word(n) for n in self.names]
        lines = [tr("{game}: {dealer} deals; chosen {suits}; turn-ups {cards}",
                    game=self.rules.title, dealer=names[self.dealer],
                    suits=self.rules.chosen_text(self.chosen),
                    cards=" ".join(sym(c) for c in self.turn_ups))]
        for s in range(self.players):
            lines.append(f"  {names[s]:<11} {' '.join(sym(c) for c in self._hands[s])}")
        for t in self._tricks:
            lines.append("  " + tr("trick {number}: {cards} -> {winner}", number=t.number,
                                   cards=" ".join(f"{names[s][0]}:{sym(c)}" for s, c in
                                                  zip(t.seats, t.cards, strict=True)),
                                   winner=names[t.winner]))
        lines.append(f"  {self._result}" if self._result else
                     "  " + tr("{who} to act", who=self.to_move_text()))
        return "\n".join(lines)


def new_deal(game: str | Ruleset, *, seed: Any = None, players: object = None,
             dealer: object = 0, deck: Iterable[str | Card] | None = None,
             names: Sequence[str] | None = None, **options: str) -> Deal:
    """Shuffle (seeded), cut and deal by the game's procedure; the same seed gives the same
    deal. ``deck`` deals a given pack order instead (top first; no shuffle or cut).

    Four turn-ups of one suit (Karniffel: running out of cards) mean the same dealer deals
    again (seed 000, 'The Deal and Exchange'); the thrown-in turn-ups are kept in
    ``deal.redeals``. Keyword options go to :func:`knlib.ruleset`."""
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
