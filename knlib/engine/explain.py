"""Why an action is refused: the RulesError a state raises.

:func:`refusal` names the action and the rule it breaks, and carries the rule's source as
a value (:class:`~knlib.errors.RulesError`'s ``source``, read in reader's words);
:func:`check_seat` refuses an action by a seat that is not to move. Nothing here changes a
state: the state calls these only when it refuses an action, and stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..counts import either_text, number_text, shown
from ..errors import RulesError
from ..i18n import marked, tr
from ..kinds import ActionKind as K
from ..kinds import Phase
from ..sources import S000_DEAL, S000_DREHEN, S000_EARLY, S000_FIVE, S000_PLAY, S002_PRELIM
from .actions import CONCEDE, Action
from .move_words import move_text
from .narration import jann_text, seat_number_text, side_name_of

if TYPE_CHECKING:
    from ..games.procedure import Procedure
    from .game import Game
    from .view import StateView

__all__ = ["refusal", "refused", "check_seat", "doing"]


def refused(rule: str, game: Game, seats: Mapping[str, int | None], *,
            source: str | None = None, words: Callable[..., str] = tr,
            **values: object) -> RulesError:
    """The refusal ``rule`` (a sentence marked for the catalogue) naming the seats
    ``seats`` (placeholder to seat; None is "nobody") with the other ``values``, read by
    ``words`` (the ``tr`` of the catalogue that marks ``rule``). Its message names each
    seat as the engine does ('South (seat 0)'); the refusal keeps the rule, the seats and
    the values, so a face can name the seats in its own words
    (:meth:`~knlib.errors.RulesError.worded`)."""
    named = {key: seat for key, seat in seats.items() if seat is not None}
    values.update({key: tr("nobody") for key, seat in seats.items() if seat is None})
    message = words(rule, **values,
                    **{key: seat_number_text(game, seat) for key, seat in named.items()})
    return RulesError(message, source=source, rule=rule, seats=named, values=values)


def check_seat(state: StateView, act: Action, seat: object) -> None:
    """Refuse ``act`` if ``seat`` may not act now: only the player to move acts (or, to
    concede, the director of that player's team)."""
    game = state.get_game()
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise RulesError(tr("seat {seat} is not a seat: seats are 0 to {last}",
                            seat=shown(seat), last=game.players - 1))
    if state.phase is Phase.OVER:
        raise refusal(state, act)
    to_move = state.to_move
    if seat == to_move:
        return
    if act is CONCEDE and state.directors and to_move is not None:
        side = state.seating.side[to_move]
        if side >= 0 and seat == state.directors[side]:
            return
    raise refused(marked("{name} may not act now: it is {who}'s turn ({doing}); play goes "
                         "clockwise"), game, {"name": seat, "who": to_move},
                  source=game.proc.play_source, doing=doing(state))


def doing(state: StateView) -> str:
    """What the player to move is to do, in words ('to lead'; German the bare infinitive,
    'ausspielen')."""
    p = state.phase
    if p is Phase.DEALER:
        return tr("to choose 'play alone' or 'sit out'")
    offer = state.exchange_offer
    if p is Phase.EXCHANGE and offer is not None:
        return tr("to exchange {card} or pass", card=state.get_game().sym(offer[2]))
    if p is Phase.ANSWER:
        return tr("to see or run")
    if p is Phase.JANN:
        return tr("to stop or play on")
    return tr("to lead") if not state.current_trick else tr("to play to the trick")


def exchange_source(proc: Procedure, what: str) -> str:
    """The source of an exchange: of a low card, an Ole from the stock or from the table."""
    if what == "low":
        return proc.low_source
    if what == "bottom":
        return proc.bottom_source
    return proc.table_source


def refusal(state: StateView, act: Action) -> RulesError:
    """The RulesError refusing ``act``: why it is not legal now, citing the rule's
    source (its ``source``)."""
    game = state.get_game()
    proc, sym = game.proc, game.sym
    p = state.phase
    said = move_text(act)
    who = {"who": state.to_move}
    if p is Phase.OVER:
        return RulesError(tr("'{act}' comes too late: the deal is over. {result}", act=said,
                             result=state.result))
    kind = act.kind
    if p is Phase.DEALER:
        return refused(marked("'{act}' is not possible now: {who}, the dealer, first chooses "
                              "'play alone' or 'sit out' after looking at the stock"), game, who,
                       source=S000_FIVE, act=said)
    if p is Phase.EXCHANGE:
        offer = state.exchange_offer
        assert offer is not None
        what, seat, give, options = offer
        source = exchange_source(proc, what)
        offers = either_text([sym(o) for o in options])
        if kind == K.EXCHANGE:
            if act.card is not give:
                return refused(marked(
                    "'{act}' is not possible now: the exchange on offer is {who}'s {card}, not "
                    "{other}; exchanges come one at a time and each card may be exchanged "
                    "only once"), game, who, source=source, act=said, card=sym(give),
                    other=sym(act.card))  # type: ignore[arg-type]
            return RulesError(tr("'{act}' is not possible: {card} may be exchanged only for "
                                 "{offers}", act=said, card=sym(give), offers=offers),
                              source=source)
        return refused(marked("'{act}' is not possible now: the exchanges come first; {who} "
                              "may exchange {card} for {offers} or pass"), game, who,
                       source=source, act=said, card=sym(give), offers=offers)
    if p is Phase.ANSWER:
        return refused(marked("'{act}' is not possible now: a card has been led face down and "
                              "{who} must answer 'see' or 'run'"), game, who,
                       source=S000_DREHEN, act=said)
    if p is Phase.JANN:
        assert state.to_move is not None  # a side chooses after its Jann
        side = state.seating.side[state.to_move]
        return refused(marked("'{act}' is not possible now: {side} have a {jann}; {who} "
                              "chooses 'stop' or 'play on'"), game, who,
                       source=proc.jann_source, act=said, side=side_name_of(state, side),
                       jann=jann_text(proc))
    return _why_in_play(state, act)


def _why_in_play(state: StateView, act: Action) -> RulesError:
    game = state.get_game()
    proc, sym = game.proc, game.sym
    seat = state.to_move
    assert seat is not None  # an action in play is refused only while a seat is to move
    hand = state.hands[seat]
    card, kind, said = act.card, act.kind, move_text(act)
    who = {"who": seat}
    if kind in (K.PLAY, K.DOWN) and card not in hand:
        assert card is not None
        name = card.german_name if game.german else card.name
        if not hand:
            return refused(marked("{who} does not hold {card} ({name}): a player plays a card "
                                  "from their own hand, which holds nothing"), game, who,
                           source=proc.play_source, card=sym(card), name=name)
        return refused(marked("{who} does not hold {card} ({name}): a player plays a card from "
                              "their own hand, which holds {cards}"), game, who,
                       source=proc.play_source, card=sym(card), name=name,
                       cards=" ".join(sym(c) for c in hand))
    if kind == K.PLAY:
        assert card is not None
        if not state.tricks and game.ban is not None and card in game.ban:
            try:
                game.rules.check_first_trick([*(c for _, c in state.current_trick), card],
                                             game.chosen)
            except RulesError as err:
                return RulesError(tr("'{act}' is not allowed: {reason}", act=said,
                                     reason=err.message), source=err.source)
            return RulesError(tr("'{act}' is not allowed in the first trick", act=said),
                              source=proc.first_trick_source)
    if kind == K.DOWN:
        if game.drehen is None:
            return RulesError(tr("'{act}' is not allowed: {game} has no drehen, so no card "
                                 "may be led face down", act=said, game=game.rules.title),
                              source=proc.drehen_source)
        if state.current_trick:
            return refused(marked("'{act}' is not allowed: only the player on lead may lead "
                                  "face down, and {who} is playing to a trick already led"),
                           game, who, source=S000_DREHEN, act=said)
        if state.marching is not None and not game.turn_in_march:
            return RulesError(tr("'{act}' is not allowed: under the option "
                                 "drehen_in_march='forbidden' no card is led face down during "
                                 "a march; a team 'would never' turn then, as the opponents "
                                 "could run and the march would fail", act=said),
                              source=S000_DREHEN)
        return _why_early(state, act, seat)
    if kind in (K.SEE, K.RUN):
        return RulesError(tr("'{act}' answers a card led face down, and none is waiting",
                             act=said), source=S000_DREHEN)
    if kind in (K.EXCHANGE, K.PASS):
        return RulesError(tr("'{act}' is not possible: the exchanges are over and the play "
                             "has begun", act=said), source=S000_DEAL)
    if kind in (K.STOP, K.PLAY_ON):
        return RulesError(tr("'{act}' is not possible: stop or play on is chosen only by a "
                             "side that has won the first {n} tricks", act=said,
                             n=proc.target), source=S000_PLAY)
    if kind == K.CONCEDE:
        return RulesError(tr("'{act}' is not possible: only the director of a Karniffel team "
                             "concedes", act=said), source=S002_PRELIM)
    if kind in (K.ALONE, K.SIT_OUT):
        return RulesError(tr("'{act}' is not possible: only the dealer of five-player "
                             "Knüffeln chooses, before the exchanges", act=said),
                          source=S000_FIVE)
    return refused(marked("'{act}' is not possible now: {who} is {doing}"), game, who,
                   act=said, doing=doing(state))


def _why_early(state: StateView, act: Action, seat: int) -> RulesError:
    """Why a team may not lead face down yet in Bernhard's game (seed 000, 'Early
    Versions'): it has won too few tricks for its next turn."""
    side = state.seating.side[seat]
    members, won = state.seating.sides[side], state.tricks_won[side]
    values = {"act": move_text(act), "side": side_name_of(state, side),
              "turned": state.turns_by_side[side], "count": number_text(won)}
    one = len(members) == 1
    text = _EARLY_NONE if won == 0 else _EARLY_ONE if won == 1 else _EARLY_MANY
    return RulesError(tr(text[one], **values), source=S000_EARLY)


#: Why a turn comes too early, by the tricks won (none, one, more) and whether the side is
#: one player.
_EARLY_NONE = {
    True: marked("'{act}' is not allowed: {side} has won no tricks and turned {turned} times; "
                 "Bernhard allows a first turn once a team has won two tricks and a second "
                 "once it has won four"),
    False: marked("'{act}' is not allowed: {side} have won no tricks and turned {turned} "
                  "times; Bernhard allows a first turn once a team has won two tricks and a "
                  "second once it has won four"),
}
_EARLY_ONE = {
    True: marked("'{act}' is not allowed: {side} has won one trick and turned {turned} times; "
                 "Bernhard allows a first turn once a team has won two tricks and a second "
                 "once it has won four"),
    False: marked("'{act}' is not allowed: {side} have won one trick and turned {turned} "
                  "times; Bernhard allows a first turn once a team has won two tricks and a "
                  "second once it has won four"),
}
_EARLY_MANY = {
    True: marked("'{act}' is not allowed: {side} has won {count} tricks and turned {turned} "
                 "times; Bernhard allows a first turn once a team has won two tricks and a "
                 "second once it has won four"),
    False: marked("'{act}' is not allowed: {side} have won {count} tricks and turned "
                  "{turned} times; Bernhard allows a first turn once a team has won two tricks "
                  "and a second once it has won four"),
}
