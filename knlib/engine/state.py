"""A deal in progress: the state machine of one deal, in the OpenSpiel manner.

``legal_actions()``, ``apply(action)``, ``to_move``, ``is_over``, ``returns()`` (the
payments per seat), ``clone()`` and ``resample_hidden(seat, rng)``. The fixed facts of
the deal live in its :class:`~knlib.engine.game.Game`, shared by every state and copy;
a state holds only what changes (the hands and their play actions as short lists, the
rest as numbers and tuples replaced when they change), so ``clone()`` copies a few
references and lists.

:class:`State` is the only code that changes a deal's fields (declared, and read through
public read-only properties, by its base :class:`~knlib.engine.fields.StateFields`). The
phases are its methods: the setup (with the phase object :class:`~.exchanges.Exchanges`,
called with plain values), the play, the face-down leads and the end of the deal. The
modules it calls take plain values or read the state through its public properties:
:mod:`.legal` and :mod:`.drehen` (what may be played), :mod:`.narration` (the lines of a
state made with ``log=True``), :mod:`.explain` (why an action is refused, only when one
is), :mod:`.observer` (what a seat can see) and :mod:`.records` (tricks and results).

Rules, with their sources, are cited where the code applies them; where the sources
are silent or disagree the reading used is in its game's ``DEAL_QUESTIONS`` (knlib.games).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..cards import Card
from ..compiled import by_slots
from ..counts import seat_number, shown
from ..errors import RulesError
from ..games.stakes import payments
from ..i18n import tr
from ..kinds import ActionKind, Phase, ResultKind
from ..rules.dealing import OLE_CARDS, SOLO_TARGET
from ..seats import next_seat, seating
from . import explain
from . import narration as say
from .actions import ALONE, CONCEDE, PASS, PLAY_OF, PLAY_ON, RUN, SEE, STOP, Action
from .drehen import SEE_RUN, turn_allowed
from .ends import TrickEnd, trick_end
from .exchanges import Exchanges
from .fields import FIELDS, StateFields
from .legal import UP_OR_DOWN, Legal, follow_actions, lead_actions
from .observer import Observer, keeps_what_all_know
from .records import Result, made_result, made_trick
from .setting import Setting

if TYPE_CHECKING:
    from .game import Game

__all__ = ["State"]

S = TypeVar("S", bound="State")

# (Final: the compiled engine keeps these in C variables, not in the module's dict.)
_new_trick: Final = made_trick
_parse: Final = Action.parse
_K_PLAY: Final = ActionKind.PLAY
_K_DOWN: Final = ActionKind.DOWN
_P_PLAY: Final = Phase.PLAY
_P_JANN: Final = Phase.JANN
_P_OVER: Final = Phase.OVER
_STOP_PLAY_ON: Final = (STOP, PLAY_ON)
_E_LEAD: Final = TrickEnd.LEAD
_E_JANN: Final = TrickEnd.JANN
#: The result of each end of a trick that settles the deal.
_RESULT_OF: Final[dict[TrickEnd, ResultKind]] = {
    e: r for e in TrickEnd if (r := e.result) is not None}


class State(StateFields):
    """One deal from the first decision to the settlement; start it with
    ``State.from_game(game)`` (or use :class:`knlib.Deal`, which is a State). The state is
    the only writer of the deal's fields (:class:`~.fields.StateFields`): the play, the
    setup (the five-player dealer's choice and the exchanges, with the phase object
    :class:`~.exchanges.Exchanges`) and the end of the deal."""

    __slots__ = ()

    # -- the deal as a whole --------------------------------------------------------------------
    def __init__(self, game: Game | None = None, *, log: bool = False) -> None:
        if game is None:  # a blank state for clone() to fill in
            return
        self._game = game
        self._log = [] if log else None
        self._hands = list(map(list, game.hands))
        self._own = (1 << game.players) - 1
        self._setting = Setting.dealt(game)
        self._history, self._history_shown = [], ()
        # (Actions compare as strings, fast; Cards through Python-level methods, slowly.)
        self._hand_plays = []
        self._trick = ()
        self._trick_seats = ()
        self._face_down = False
        self._tricks = ()
        self._won = self._turns_side = (0, 0)
        self._streak = self._march = -1
        self._turns = 0
        self._end = None
        self._to_move = None
        self._legal = ()
        self._phase = Phase.EXCHANGE
        if self._log is not None:
            self._log.extend(say.deal_lines(game))
        self._setup = Exchanges()
        self._advance_setup()

    @classmethod
    def from_game(cls: type[S], game: Game, *, log: bool = False) -> S:
        """The deal of ``game`` at its first decision, as a State or a :class:`knlib.Deal`
        (the one way to start a deal from a game; ``log``: narrate it as it goes)."""
        return cls(game, log=log)

    @property
    def log(self) -> tuple[str, ...]:
        """The deal so far in plain English, one line per event (rebuilt by replay when
        the state was made without ``log=True``)."""
        if self._log is not None:
            return tuple(self._log)
        replay = State(self._game, log=True)
        for seat, act in self._history:
            replay.apply(act, seat)
        return replay.log

    def _say(self, line: str) -> None:
        """Append one line to the log (the caller checks that there is one)."""
        log = self._log
        assert log is not None, "narration into a state made without log=True"
        log.append(say.capitalized(line))


    # -- the play -------------------------------------------------------------------------------
    def _lead_actions(self) -> Legal:
        """The legal actions of the player to move, on lead (:mod:`.legal`)."""
        seat: int = self._to_move  # type: ignore[assignment]
        game = self._game
        may_turn = False
        if game.drehen is not None:
            side = self._setting.seat.side[seat]
            may_turn = turn_allowed(game, self._march >= 0, self._turns_side[side],
                                    self._won[side])
        return lead_actions(game, self._hand_plays[seat], self._hands[seat], not self._tricks,
                            may_turn)

    def _follow_actions(self, seat: int) -> list[Action] | None:
        """The legal actions of ``seat``, playing to a trick already led."""
        return follow_actions(self._game, self._hand_plays[seat], not self._tricks)

    def _take(self, seat: int, act: Action) -> None:
        """Take a card from a hand to the trick (the hand keeps its order); RulesError, and
        no change, if the hand does not hold it."""
        card = act.card
        try:
            i = self._hand_plays[seat].index(PLAY_OF[card])  # type: ignore[index]
        except ValueError:
            raise explain.refusal(self, act) from None
        self._history.append((seat, act))
        hand = self._own_hand(seat)
        del self._hand_plays[seat][i], hand[i]
        self._trick += (card,)  # type: ignore[operator]
        self._trick_seats += (seat,)

    def _own_hand(self, seat: int) -> list[Card]:
        """The seat's hand (and play actions) to change in place, copied first if shared."""
        if not self._own >> seat & 1:
            self._hands[seat] = self._hands[seat][:]
            if self._hand_plays:
                self._hand_plays[seat] = self._hand_plays[seat][:]
            self._own |= 1 << seat
        return self._hands[seat]

    def _lead_down(self, act: Action) -> None:
        """The leader plays the first card of the trick face down (drehen, :mod:`.drehen`)."""
        seat: int = self._to_move  # type: ignore[assignment]
        self._take(seat, act)
        self._face_down = True
        # The next opponent in play order answers for the team (DEAL_QUESTIONS 'who_answers').
        s = self._setting.seat.next_opponent(seat)
        self._phase = Phase.ANSWER
        self._to_move = s
        self._legal = SEE_RUN
        if self._log is not None:
            self._say(say.face_down(self, seat, s))

    def _answer(self, act: Action) -> None:
        """The opponents see the card led face down, or run."""
        seat: int = self._to_move  # type: ignore[assignment]
        self._history.append((seat, act))
        leader = self._trick_seats[0]
        lside = self._setting.seat.side[leader]
        if act is RUN:
            if self._log is not None:
                self._say(say.answer(self, seat, False, lside))
            if self._march >= 0:
                # Running ends the play, and the march has failed (the opponents "could then
                # end the play by running, causing the march to fail"; seed 000, 'The Play':
                # the marching side pays what the march would have won).
                self._finish(ResultKind.FAILED_MARCH, 1 - lside)
            else:
                # They run: the deal is conceded at the value so far.
                self._finish(ResultKind.RUN, lside)
            return
        # They see: the card is turned up and the game is worth one basic stake more.
        self._turns += 1
        ts = self._turns_side
        self._turns_side = (ts[0] + 1, ts[1]) if lside == 0 else (ts[0], ts[1] + 1)
        if self._log is not None:
            self._say(say.answer(self, seat, True, lside))
        self._phase = _P_PLAY
        setting = self._setting
        nxt = self._to_move = setting.seat.nxt[leader]
        # (_follow_actions, inlined.)
        self._legal = follow_actions(self._game, self._hand_plays[nxt], not self._tricks)

    def _end_trick(self) -> None:
        cards, seats = self._trick, self._trick_seats
        game = self._game
        fast = game.fast
        if fast is not None:
            w = fast.winner_of(cards)
        else:
            w = game.rules.ahead_sequence(list(cards), game.chosen)[-1]
        winner = seats[w]
        number = len(self._tricks) + 1
        self._tricks += (_new_trick((number, seats[0], cards, seats, winner,
                                     self._face_down)),)
        self._trick = self._trick_seats = ()
        self._face_down = False
        setting = self._setting
        side = setting.seat.side[winner]
        w0, w1 = self._won
        won = self._won = (w0 + 1, w1) if side == 0 else (w0, w1 + 1)
        if number == 1:
            self._streak = side
        elif self._streak != side:
            self._streak = -1
        if self._log is not None:
            self._say(say.trick(self, number, cards, seats, winner, w))
        # (side, its tricks, its target, unbroken, the marching side, the trick's number,
        # the tricks of the deal, whether the game has the Jann)
        end = trick_end(side, won[side], setting.target[side], self._streak == side, self._march,
                        number, setting.march_len, game.proc.jann)
        if end is _E_LEAD:
            self._to_move = winner
            if self._march >= 0:
                self._legal = self._lead_actions()
                return
            # (_lead_actions, inlined: the usual end of a trick.)
            may_turn = False
            if game.drehen is not None:
                may_turn = turn_allowed(game, False, self._turns_side[side], won[side])
            self._legal = lead_actions(game, self._hand_plays[winner], self._hands[winner],
                                       False, may_turn)
        elif end is _E_JANN:
            # A Jann (vol): stop and take it, or lead to the next trick for the march.
            self._phase = _P_JANN
            self._to_move = winner
            self._legal = _STOP_PLAY_ON
            if self._log is not None:
                self._say(say.jann(self, side, winner))
        else:
            self._finish(_RESULT_OF[end], side)

    # -- the end of the deal --------------------------------------------------------------------
    def _jann_choice(self, act: Action) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self._history.append((seat, act))
        side = self._setting.seat.side[seat]
        if self._log is not None:
            self._say(say.jann_choice(self, seat, act is STOP))
        if act is STOP:
            self._finish(ResultKind.JANN, side)
            return
        self._march = side
        self._phase = _P_PLAY
        self._legal = self._lead_actions()

    def _concede(self) -> None:
        setting = self._setting
        side = setting.seat.side[self._to_move]  # type: ignore[index]
        director = setting.directors[side]
        self._history.append((director, CONCEDE))
        if self._log is not None:
            self._say(say.concede(self, director, side))
        self._finish(ResultKind.CONCEDED, 1 - side)

    def _finish(self, kind: ResultKind, side: int) -> None:
        # (Settled when first read: State.result.)
        self._end = (kind, side, self._phase is Phase.ANSWER)
        self._phase = _P_OVER
        self._to_move = None
        self._legal = ()
        if self._log is not None:
            self._say(str(self.result))

    def returns(self) -> tuple[int, ...]:
        """What each seat receives (negative: pays) once the deal is over; zeros before."""
        result = self.result
        if result is None:
            return (0,) * self._game.players
        return result.payments

    @property
    def result(self) -> Result | None:
        """The result once the deal is over (None before); settled when first read, so
        that a copy played to its end and dropped unread does no settling."""
        end = self._end
        if isinstance(end, tuple):
            kind, side, ran = end
            end = self._end = self._settle(kind, side, ran)
        return end

    def _settle(self, kind: ResultKind, side: int, ran: bool) -> Result:
        """The result of a deal that has ended, won by ``side`` (``ran``: the opponents ran
        from a face-down lead): its value by the game's stakes and the payments
        (:mod:`knlib.engine.scoring`)."""
        game = self._game
        stakes = game.stakes
        lone = False
        crosses = 0
        if game.proc.lone_crosses and (kind == ResultKind.JANN or kind == ResultKind.MARCH):
            # Stýrivolt: a vol / all nine by one partner alone (styrivolt.md, 'End of a deal').
            lone = len({t.winner for t in self._tricks}) == 1
            crosses = (1 if kind == ResultKind.JANN else 2) if lone else 0
        turns, won = self._turns, self._won
        value = stakes.value(kind, turns, lone)
        sides = self._setting.seat.sides
        return made_result({
            "winner": side, "winners": sides[side], "tricks": won, "kind": kind,
            "jann": kind == ResultKind.JANN, "march_attempted": self._march >= 0,
            "march_made": kind == ResultKind.MARCH, "turns_accepted": turns,
            "ran_away": ran, "conceded": kind == ResultKind.CONCEDED,
            "lone": lone, "crosses": crosses, "value": value, "unit": stakes.unit,
            "payments": payments(game.players, sides, side, value, stakes.pays),
            "words": partial(say.result_reason, game, sides, self._setting.solo, won, turns, kind,
                             side, value, lone, crosses, ran)})

    # -- the setup ------------------------------------------------------------------------------
    def _advance_setup(self) -> None:
        """Offer the setup's next decision, or start the play."""
        setup = self._setup
        assert setup is not None  # the setup's actions are legal only during the setup
        setting = self._setting  # (this state's own during the setup)
        lines: list[str] | None = None if self._log is None else []
        offer = setup.next_offer(self._game, setting, self._hands, lines)
        if lines:
            for line in lines:
                self._say(line)
        setting.bottom_seen = setup.looked
        if offer is None:
            self._start_play()
        else:
            self._phase, self._to_move, self._legal = offer

    def _exchange(self, act: Action) -> None:
        """Apply 'exchange X for Y' or 'pass' to the offer pending."""
        setup = self._setup
        assert setup is not None and setup.pending is not None
        what, seat, give, _ = setup.pending
        self._history.append((seat, act))
        setting = self._setting
        get = act.other if act is not PASS else None
        if get is not None:
            hand = self._own_hand(seat)
            hand[hand.index(give)] = get
            setting.obtained = setting.obtained | {get}
            setting.exchanges = setting.exchanges + ((seat, give, get),)
            if what == "low":
                up = list(setting.up)
                up.remove(get)
                setting.up = tuple(up)
                setting.table = tuple(give if c is get else c for c in setting.table)
            elif what == "bottom":
                # A Queen given for an Ole from the bottom goes to the top of the stock (seed
                # 000, 'The Deal and Exchange', does not say where; this keeps its size).
                setting.stock = (give,) + setting.stock[:-1]
            else:
                setting.table = tuple(give if c is get else c for c in setting.table)
        game = self._game
        ole = setup.answered(game, setting, get is not None)
        if self._log is not None:
            self._say(say.exchange(self, what, seat, give, get, ole))
            self._advance_setup()
            return
        # (_advance_setup without a log, inlined: a playout's usual setup.)
        offer = setup.next_offer(game, setting, self._hands, None)
        setting.bottom_seen = setup.looked
        if offer is None:
            self._start_play()
        else:
            self._phase, self._to_move, self._legal = offer

    def _dealer_choice(self, act: Action) -> None:
        # Seed 000, 'Five-Player Knüffeln': the dealer may look at the whole stock and play
        # alone with it, or sit out.
        game = self._game
        d = game.dealer
        self._history.append((d, act))
        setting = self._setting
        if act is ALONE:
            setting.solo = True
            self._hands[d] = list(setting.stock)
            setting.stock = ()
            # The dealer needs four tricks, the four opponents five.
            setting.seat_at(game, seating(game.players, d, "solo"), SOLO_TARGET)
        else:
            setting.solo = False
            setting.seat_at(game, seating(game.players, d, "sit out"), game.proc.target)
        if self._log is not None:
            self._say(say.dealer_choice(self, act is ALONE))
        self._advance_setup()

    def _start_play(self) -> None:
        self._phase = _P_PLAY
        setting = self._setting  # (this state's own until the setup ends here)
        active = setting.seat.active
        setting.size = len(active)
        hands = self._hands
        setting.march_len = min([len(hands[s]) for s in active])
        self._setup = None
        self._hand_plays = [list(map(PLAY_OF.__getitem__, h)) for h in hands]
        # The player second to the dealer's right leads a solo (seed 000, 'Five-Player
        # Knüffeln'); otherwise forehand (seed 000, 'The Play'; seed 002; seed 003, 'Play').
        game = self._game
        leader = next_seat(game.dealer, game.players, -2) if setting.solo else active[0]
        if self._log is not None:
            self._say(say.first_lead(self, leader))
        self._to_move = leader
        self._legal = self._lead_actions()

    # -- applying actions -----------------------------------------------------------------------
    def apply(self, action: Action | str | object, seat: int | object = None) -> None:
        """Apply one action of the player to move (``seat``, if given, must be that player,
        or for 'concede' the director of that player's team). An illegal action raises
        RulesError saying why and changes nothing (so does anything else given: the compiled
        engine checks the annotated types, so they admit every value)."""
        act: Action = action if action.__class__ is Action else _parse(action)
        if seat is not None:
            explain.check_seat(self, act, seat)
        # None: any card of the hand (anything else is refused where the card is taken from
        # the hand); UP_OR_DOWN: any card, face up or face down (the hand is checked there).
        legal = self._legal
        if legal is None:
            kind = _K_PLAY
        else:
            kind = act.kind
            if legal is UP_OR_DOWN:
                if kind is not _K_PLAY and kind is not _K_DOWN:
                    raise explain.refusal(self, act)
            elif act not in legal:
                raise explain.refusal(self, act)
        if kind is _K_PLAY:
            # Any card may be played: no duty to follow suit (seed 000, 'The Play').
            # (_take, inlined: the hand and its play actions keep the same order.)
            # (Typed locals: the compiled engine does their arithmetic on machine ints.)
            to: int = self._to_move  # type: ignore[assignment]
            plays = self._hand_plays[to]
            try:
                i = plays.index(act)
            except ValueError:
                raise explain.refusal(self, act) from None
            self._history.append((to, act))
            hand = self._hands[to]
            trick = self._trick = self._trick + (hand[i],)
            if self._own >> to & 1:
                del plays[i], hand[i]
            else:
                plays = self._hand_plays[to] = plays[:]
                hand = self._hands[to] = hand[:]
                del plays[i], hand[i]
                self._own |= 1 << to
            self._trick_seats += (to,)
            setting = self._setting
            if len(trick) < setting.size:
                to = self._to_move = setting.seat.nxt[to]
                if self._game.plain_follow:
                    self._legal = None
                else:
                    self._legal = self._follow_actions(to)
            else:
                self._end_trick()
        elif kind is _K_DOWN:
            self._lead_down(act)
        elif act is SEE or act is RUN:
            self._answer(act)
        elif act is STOP or act is PLAY_ON:
            self._jann_choice(act)
        elif act is CONCEDE:
            self._concede()
        elif kind is ActionKind.EXCHANGE or kind is ActionKind.PASS:
            self._exchange(act)
        else:
            self._dealer_choice(act)

    # -- copies ---------------------------------------------------------------------------------
    def clone(self: S, kind: type[S] | None = None) -> S:
        """An independent copy of the state, sharing the game: the one copy operation
        (``Deal.copy()`` is its alias). It is of the state's own class, or of ``kind``
        (a State copied as a :class:`~.deal.Deal`)."""
        new = (self.__class__ if kind is None else kind)()
        new._game, new._phase, new._to_move = self._game, self._phase, self._to_move
        new._legal = self._legal  # never changed in place
        # The hands and play actions are shared until one changes (_own, _own_hand).
        new._hands, new._hand_plays = self._hands[:], self._hand_plays[:]
        new._own = self._own = 0
        # The setting is shared once the play has begun (knlib.engine.setting).
        setup = self._setup
        if setup is None:
            new._setting, new._setup = self._setting, None
        else:
            new._setting, new._setup = self._setting.copy(), setup.copy()
        new._history, new._history_shown = self._history[:], self._history_shown
        new._trick, new._trick_seats = self._trick, self._trick_seats
        new._face_down, new._tricks, new._won = self._face_down, self._tricks, self._won
        new._streak, new._march = self._streak, self._march
        new._turns, new._turns_side = self._turns, self._turns_side
        new._end = self._end
        new._log = None if self._log is None else self._log[:]
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        return by_slots(self, FIELDS)

    def with_hidden(self: S, hands: Sequence[Iterable[Card]], stock: Iterable[Card],
                    face_down_lead: Card | None = None, *, check: bool = True) -> S:
        """A copy in which the cards nobody can see are placed differently: new hands, a new
        stock and, while a face-down lead is unanswered, a new face-down card. For players
        that sample what they cannot see (:mod:`knlib.players.bots`). The same cards stay in
        play, each hand and the stock keep their sizes, and what every seat knows stays as it
        was (a card taken in an exchange stays with its taker, no Ole lies at a bottom of the
        stock that was looked at): a :class:`RulesError` otherwise (``check=False`` skips
        that test, for :meth:`resample_hidden`, whose layouts keep it by construction)."""
        groups = [*hands, stock] if isinstance(hands, list | tuple) else [None]
        if not all(isinstance(g, list | tuple) and all(isinstance(c, Card) for c in g)
                   for g in groups) or not isinstance(face_down_lead, Card | None):
            raise RulesError(tr("hands {hands}, stock {stock}: a hidden deal is given as a "
                                "list of cards for each hand and one for the stock",
                                hands=shown(hands), stock=shown(stock)))
        new_hands = [list(h) for h in hands]
        new_stock = tuple(stock)
        setting = self._setting
        old = [c for h in self._hands for c in h] + list(setting.stock)
        new = [c for h in new_hands for c in h] + list(new_stock)
        if face_down_lead is not None:
            if self._phase is not Phase.ANSWER:
                raise RulesError(tr("no card lies face down: there is no face-down lead "
                                    "to replace"))
            old.append(self._trick[0])
            new.append(face_down_lead)
        sizes_old = [len(h) for h in self._hands] + [len(setting.stock)]
        sizes_new = [len(h) for h in new_hands] + [len(new_stock)]
        if sizes_new != sizes_old or sorted(c.index for c in new) != sorted(c.index
                                                                          for c in old):
            raise RulesError(tr("a hidden deal must hold the same unseen cards, with each "
                                "hand and the stock keeping its size"))
        if check:
            keeps_what_all_know(self, new_hands, new_stock)
        world = self.clone()
        world._hands = new_hands
        world._own = (1 << len(new_hands)) - 1
        world._setting = setting.copy()  # (shared with the state in the play)
        world._setting.stock = new_stock
        if self._hand_plays:
            world._hand_plays = [list(map(PLAY_OF.__getitem__, h)) for h in new_hands]
        if self._phase is Phase.PLAY and self._to_move is not None:
            # The seat to move may now hold other cards: its legal actions follow them.
            if self._trick:
                world._legal = world._follow_actions(self._to_move)
            else:
                world._legal = world._lead_actions()
        if face_down_lead is not None:
            world._trick = (face_down_lead, *self._trick[1:])
        return world

    def resample_hidden(self: S, seat: object, rng: Any, *, canonical: bool = False) -> S:
        """A copy in which every card ``seat`` cannot see is dealt again at random,
        consistent with what it has seen (:meth:`Observer.unseen
        <knlib.engine.observer.Observer.unseen>`): its own hand, the cards played and face
        up, the cards others took in exchanges, a face-down lead it led. Each hand and the
        stock keep their sizes. The one resampling function of knlib. A RulesError for a
        ``seat`` that is no seat of the deal, or an ``rng`` with no ``shuffle``.

        ``canonical=True``: the layout depends on what the seat sees and on ``rng`` only
        (unseen cards sorted before the shuffle; Tens yet to be offered follow the layout)."""
        if not callable(getattr(rng, "shuffle", None)):
            raise RulesError(tr("rng={value} is not a random generator: give a "
                                "random.Random", value=shown(rng)))
        hidden = Observer(seat_number(seat, self._game.players)).unseen(self)
        pool = sorted(hidden.pool) if canonical else list(hidden.pool)
        rng.shuffle(pool)
        # No Ole where the seat knows the bottom holds none: deal again (uniform still).
        while any(pool[i] in OLE_CARDS for i in hidden.no_ole):
            rng.shuffle(pool)
        hands, stock, lead = hidden.place(pool)
        world = self.with_hidden(hands, stock, lead, check=False)
        if canonical and world._setup is not None:
            world._setup = world._setup.requeued(self._game, world._setting, world._hands)
        return world
