"""Why an action is refused: the text of the RulesError a state raises.

:func:`why` names the action, the rule it breaks and the rule's source; :func:`check_seat`
refuses an action by a seat that is not to move. Nothing here changes a state: the
state calls these only when it refuses an action, and stays as it was; they read it
through its public, read-only properties (:class:`~knlib.engine.view.StateView`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import RulesError
from ..sources import S000_DEAL, S000_DREHEN, S000_EARLY, S000_FIVE, S000_PLAY, S002_PRELIM
from .actions import CONCEDE, Action
from .kinds import ActionKind as K
from .kinds import Phase
from .narration import plural, side_name_of, to_move_text, verb

if TYPE_CHECKING:
    from ..rules.dealing import Procedure
    from .view import StateView

__all__ = ["why", "check_seat", "doing"]


def check_seat(state: StateView, act: Action, seat: object) -> None:
    """Refuse ``act`` if ``seat`` may not act now: only the player to move acts (or, to
    concede, the director of that player's team)."""
    game = state.get_game()
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise RulesError(f"seat {seat!r} is not a seat: seats are 0 to {game.players - 1}")
    if state.phase is Phase.OVER:
        raise RulesError(why(state, act))
    to_move = state.to_move
    if seat == to_move:
        return
    if act is CONCEDE and state.directors and to_move is not None:
        side = state.seating.side[to_move]
        if side >= 0 and seat == state.directors[side]:
            return
    raise RulesError(
        f"{game.names[seat]} (seat {seat}) may not act now: it is "
        f"{to_move_text(state)}'s turn ({doing(state)}); play goes clockwise "
        f"({game.proc.play_source})"
    )


def doing(state: StateView) -> str:
    """What the player to move is to do, in words."""
    p = state.phase
    if p is Phase.DEALER:
        return "to choose 'play alone' or 'sit out'"
    offer = state.exchange_offer
    if p is Phase.EXCHANGE and offer is not None:
        return f"to exchange {state.get_game().sym(offer[2])} or pass"
    if p is Phase.ANSWER:
        return "to see or run"
    if p is Phase.JANN:
        return "to stop or play on"
    return "to lead" if not state.current_trick else "to play to the trick"


def exchange_source(proc: Procedure, what: str) -> str:
    """The source of an exchange: of a low card, an Ole from the stock or from the table."""
    if what == "low":
        return proc.low_source
    if what == "bottom":
        return proc.bottom_source
    return proc.table_source


def why(state: StateView, act: Action) -> str:
    """Why ``act`` is not legal now, with the rule's source."""
    game = state.get_game()
    proc, sym = game.proc, game.sym
    p = state.phase
    who = to_move_text(state)
    if p is Phase.OVER:
        return f"'{act}' comes too late: the deal is over. {state.result}"
    kind = act.kind
    if p is Phase.DEALER:
        return (f"'{act}' is not possible now: {who}, the dealer, first chooses 'play alone' "
                f"or 'sit out' after looking at the stock ({S000_FIVE})")
    if p is Phase.EXCHANGE:
        offer = state.exchange_offer
        assert offer is not None
        what, seat, give, options = offer
        source = exchange_source(proc, what)
        offers = " or ".join(sym(o) for o in options)
        if kind == K.EXCHANGE:
            if act.card is not give:
                return (f"'{act}' is not possible now: the exchange on offer is "
                        f"{who}'s {sym(give)}, not {sym(act.card)}"  # type: ignore[arg-type]
                        f" ({source}); exchanges come one at a time and each card may be "
                        "exchanged only once")
            return f"'{act}' is not possible: {sym(give)} may be exchanged only for {offers} " \
                   f"({source})"
        return (f"'{act}' is not possible now: the exchanges come first; {who} may "
                f"exchange {sym(give)} for {offers} or pass ({source})")
    if p is Phase.ANSWER:
        return (f"'{act}' is not possible now: a card has been led face down and {who} "
                f"must answer 'see' or 'run' ({S000_DREHEN})")
    if p is Phase.JANN:
        assert state.to_move is not None  # a side chooses after its Jann
        side = state.seating.side[state.to_move]
        return (f"'{act}' is not possible now: {side_name_of(state, side)} "
                f"have a {proc.jann_word}; {who} chooses 'stop' or 'play on' "
                f"({proc.jann_source})")
    return _why_in_play(state, act, who)


def _why_in_play(state: StateView, act: Action, who: str) -> str:
    game = state.get_game()
    proc, sym = game.proc, game.sym
    seat = state.to_move
    assert seat is not None  # an action in play is refused only while a seat is to move
    hand = state.hands[seat]
    card = act.card
    kind = act.kind
    if kind in (K.PLAY, K.DOWN) and card not in hand:
        assert card is not None
        name = card.german_name if game.german else card.name
        return (f"{who} does not hold {sym(card)} ({name}): a player plays a card "
                f"from their own hand ({proc.play_source}), which holds "
                f"{' '.join(sym(c) for c in hand) or 'nothing'}")
    if kind == K.PLAY:
        assert card is not None
        if not state.tricks and game.ban is not None and card in game.ban:
            try:
                game.rules.check_first_trick([*(c for _, c in state.current_trick), card],
                                             game.chosen)
            except RulesError as err:
                return f"'{act}' is not allowed: {err}"
            return f"'{act}' is not allowed in the first trick ({proc.first_trick_source})"
    if kind == K.DOWN:
        if game.drehen is None:
            return (f"'{act}' is not allowed: {game.rules.title} has no drehen, so no card "
                    f"may be led face down ({proc.drehen_source})")
        if state.current_trick:
            return (f"'{act}' is not allowed: only the player on lead may lead face down, "
                    f"and {who} is playing to a trick already led ({S000_DREHEN})")
        if state.marching is not None and not game.turn_in_march:
            return (f"'{act}' is not allowed: under the option "
                    "drehen_in_march='forbidden' no card is led face down during a march; "
                    "a team 'would never' turn then, as the opponents could run and the "
                    f"march would fail ({S000_DREHEN})")
        side = state.seating.side[seat]
        return (f"'{act}' is not allowed: {side_name_of(state, side)} "
                f"{verb(state, side, 'have')} won {plural(state.tricks_won[side], 'trick')} and "
                f"turned {state.turns_by_side[side]} "
                "times; Bernhard allows a first turn once a team has won two tricks and a "
                f"second once it has won four ({S000_EARLY})")
    if kind in (K.SEE, K.RUN):
        return f"'{act}' answers a card led face down, and none is waiting ({S000_DREHEN})"
    if kind in (K.EXCHANGE, K.PASS):
        return (f"'{act}' is not possible: the exchanges are over and the play has begun "
                f"({S000_DEAL})")
    if kind in (K.STOP, K.PLAY_ON):
        return (f"'{act}' is not possible: stop or play on is chosen only by a side that "
                f"has won the first {proc.target} tricks ({S000_PLAY})")
    if kind == K.CONCEDE:
        return (f"'{act}' is not possible: only the director of a Karniffel team concedes "
                f"({S002_PRELIM})")
    if kind in (K.ALONE, K.SIT_OUT):
        return (f"'{act}' is not possible: only the dealer of five-player Knüffeln chooses, "
                f"before the exchanges ({S000_FIVE})")
    return f"'{act}' is not possible now: {who} is {doing(state)}"
