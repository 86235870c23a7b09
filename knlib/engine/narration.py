"""The deal in plain English: the log lines and the result's reason.

A :class:`~knlib.engine.state.State` made with ``log=True`` calls these as it goes and
appends the line each returns to its log; one made without a log never does (a playout
does no narration work), and :attr:`State.log <knlib.engine.state.State.log>` rebuilds
the lines by replaying the history. Each function takes the event and the game, or the
state's read-only face (:class:`~knlib.engine.view.StateView`), and returns one line;
:func:`result_reason` is the one text every deal needs
(:attr:`~knlib.engine.records.Result.reason`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card, suit_name
from ..counts import count_words
from ..rules.stakes import format_amount
from ..seats import cutter, forehand
from ..sources import S000_FIVE, S002_PRELIM
from .kinds import ResultKind

if TYPE_CHECKING:
    from .game import Game
    from .view import StateView

__all__ = ["side_name", "side_name_of", "verb", "plural", "result_reason", "deal_lines",
           "to_move_text"]


def plural(k: int, word: str, many: str | None = None) -> str:
    """A count in words that agrees: 'one face-down lead seen', 'five tricks'
    (:func:`knlib.counts.count_words`; ``many`` where the plural is not word + 's')."""
    return count_words(k, word, many)


def side_name(seats: Sequence[int], names: Sequence[str], n: int) -> str:
    """'North-South', 'East-West', 'South', or names joined with 'and'."""
    if n == 4 and len(seats) == 2 and {names[s] for s in seats} == {"North", "South"}:
        return "North-South"
    if n == 4 and len(seats) == 2 and {names[s] for s in seats} == {"East", "West"}:
        return "East-West"
    ns = [names[s] for s in seats]
    return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + " and " + ns[-1]


def side_name_of(state: StateView, side: int) -> str:
    """The name of side 0 or 1 of a deal ('the four opponents' against a solo dealer)."""
    return _side_words(state.get_game(), state.seating.sides, state.solo, side)


def _side_words(game: Game, sides: Sequence[Sequence[int]], solo: bool | None,
                side: int) -> str:
    if solo and side == 1:
        return "the four opponents"
    return side_name(sides[side], game.names, game.players)


def verb(state: StateView, side: int, word: str) -> str:
    """The verb agreeing with a side's name: 'North-South win', 'Hilmar wins'."""
    return _agree(state.seating.sides[side], word)


def _agree(members: Sequence[int], word: str) -> str:
    if len(members) > 1:
        return word
    return "has" if word == "have" else word + "s"


def to_move_text(state: StateView) -> str:
    if state.to_move is None:
        return "nobody"
    return f"{state.get_game().names[state.to_move]} (seat {state.to_move})"


def _cards(game: Game, cards: Sequence[Card]) -> str:
    return " ".join(game.sym(c) for c in cards)


# -- the deal and the exchanges ------------------------------------------------------------------

def deal_lines(game: Game) -> list[str]:
    """The shuffle, cut, deal and turn-ups, before any decision."""
    n, d, names, proc = game.players, game.dealer, game.names, game.proc
    lines = []
    for r in game.redeals:
        lines.append(f"{names[d]} deals; the turn-ups {_cards(game, r)} give no second suit: "
                     f"the cards are thrown in and {names[d]} deals again "
                     f"({proc.chosen_source}).")
    cut = cutter(d, n)
    lines.append(f"{names[d]} shuffles and {names[cut]} cuts." if proc.cut
                 else f"{names[d]} shuffles (no cut).")
    if game.table_olen:
        k = len(game.table_olen)
        lines.append(f"{names[cut]} looks at the bottom three cards: "
                     f"{'the Ole' if k == 1 else 'the Olen'} {_cards(game, game.table_olen)} "
                     f"{'goes' if k == 1 else 'go'} face up on the table "
                     f"({proc.table_source.split(':')[0]}).")
    elif proc.table_olen:
        lines.append(f"{names[cut]} looks at the bottom three cards: no Ole.")
    packets = (f"in packets of {proc.packets[0]}" if proc.packets[0] > 1 else "one at a time")
    to = "the other four players" if game.five else "each player"
    lines.append(f"{names[d]} deals {proc.hand_size} cards to {to}, {packets}, starting with "
                 f"{names[forehand(d, n)]}.")
    if proc.chosen_by == "face_up":
        low = next(c for c in game.turn_ups if c.suit == game.chosen[0])
        lines.append(f"Face-up cards: {_cards(game, game.turn_ups)}; the lowest, "
                     f"{game.sym(low)}, makes {suit_name(game.chosen[0])} the chosen suit.")
    else:
        lines.append(f"Turn-ups: {_cards(game, game.turned)}; the chosen suits are "
                     f"{game.rules.chosen_text(game.chosen)}. The stock has "
                     f"{len(game.stock)} cards.")
        if game.returned:
            lines.append(f"Of the turn-ups of one suit the highest stays up; "
                         f"{_cards(game, game.returned)} "
                         f"{'goes' if len(game.returned) == 1 else 'go'} back to the stock.")
    return lines


def bottom_card(game: Game, card: Card, holder: int | None, which: Card | None,
                why: str) -> str:
    """The dealer shows an Ole at the bottom of the stock (seed 000, 'The Deal and
    Exchange'): nobody may take it (``why``), or it is on offer to ``holder``."""
    if holder is None or which is None:
        return (f"The bottom card of the stock is {game.sym(card)}, an Ole, shown to all; "
            f"nobody may take it: {why}.")
    note = " (the Queen is sleeping, so the King inherits the right)" if why else ""
    return (f"The bottom card of the stock is {game.sym(card)}, an Ole, shown to all: "
        f"{game.names[holder]} may exchange {game.sym(which)} for it{note}.")


def table_ole(game: Game, ole: Card, holder: int | None, which: Card | None,
              why: str) -> str:
    """An Ole on the table (Bernhard's cutter's Olen): on offer, or staying there."""
    if holder is None or which is None:
        return (f"The Ole {game.sym(ole)} stays on the table: {why}.")
    note = " (the Queen is sleeping, so the King inherits the right)" if why else ""
    return (f"{game.names[holder]} may exchange {game.sym(which)} for the Ole "
        f"{game.sym(ole)} on the table{note}.")


def exchange(state: StateView, what: str, seat: int, give: Card, get: Card | None,
             ole: Card | None = None) -> str:
    """An exchange made (``get``) or passed (``get`` None; ``ole`` the Ole left)."""
    game = state.get_game()
    name, g = game.names[seat], game.sym(give)
    if get is None:
        if what == "low":
            return (f"{name} keeps {g}.")
        else:
            where = "in the stock" if what == "bottom" else "on the table"
            assert ole is not None  # an Ole from the stock or the table was on offer
            return (f"{name} keeps {g}; the Ole {game.sym(ole)} stays {where}.")
    elif what == "low":
        return (f"{name} exchanges the {game.proc.low_word} {g} for the turn-up "
            f"{game.sym(get)}.")
    elif what == "bottom":
        return (f"{name} exchanges {g} for the Ole {game.sym(get)} from the bottom of the "
            "stock.")
    else:
        return (f"{name} exchanges {g} for the Ole {game.sym(get)} from the table.")


def dealer_choice(state: StateView, alone: bool) -> str:
    """The five-player dealer plays alone or sits out (seed 000, 'Five-Player Knüffeln')."""
    game = state.get_game()
    d = game.dealer
    if alone:
        return (f"{game.names[d]} looks at the stock ({len(state.hands[d])} cards) and "
            "plays alone against the other four: the dealer needs four tricks, the opponents "
            f"five ({S000_FIVE}).")
    else:
        return (f"{game.names[d]} looks at the stock and sits out: "
            f"{side_name_of(state, 0)} play against {side_name_of(state, 1)}.")


# -- the play ------------------------------------------------------------------------------------

def first_lead(state: StateView, leader: int) -> str:
    return (f"{state.get_game().names[leader]} leads to the first trick.")


def face_down(state: StateView, seat: int, answerer: int) -> str:
    names = state.get_game().names
    return (f"{names[seat]} leads a card face down (drehen); {names[answerer]} answers for "
        f"{side_name_of(state, state.seating.side[answerer])}.")


def answer(state: StateView, seat: int, seen: bool, leader_side: int) -> str:
    game = state.get_game()
    if not seen and state.marching is not None:
        return (f"{game.names[seat]} runs: the {game.proc.march_word} of "
            f"{side_name_of(state, leader_side)} has failed.")
    elif seen:
        card = state.current_trick[0][1]
        return (f"{game.names[seat]} sees: the card is {game.sym(card)}; "
                f"{plural(state.turns_accepted, 'face-down lead seen', 'face-down leads seen')}"
                " so far.")
    else:
        return (f"{game.names[seat]} runs: {side_name_of(state, 1 - leader_side)} "
            f"{verb(state, 1 - leader_side, 'concede')} the deal.")


def trick(state: StateView, number: int, cards: Sequence[Card], seats: Sequence[int],
          winner: int, w: int) -> str:
    game = state.get_game()
    won = state.tricks_won
    played = ", ".join(f"{game.names[s]} {game.sym(c)}" for s, c in zip(seats, cards,
                                                                          strict=True))
    return (f"Trick {number}: {played}; {game.names[winner]} wins with {game.sym(cards[w])} "
        f"({side_name_of(state, 0)} {won[0]}, {side_name_of(state, 1)} {won[1]}).")


def jann(state: StateView, side: int, winner: int) -> str:
    proc = state.get_game().proc
    return (f"{side_name_of(state, side)} {verb(state, side, 'have')} won the first "
        f"{plural(state.tricks_won[side], 'trick')}: a {proc.jann_word}. "
        f"{state.get_game().names[winner]} decides: stop, or play on for the {proc.march_word}.")


def jann_choice(state: StateView, seat: int, stop: bool) -> str:
    game = state.get_game()
    if stop:
        return (f"{game.names[seat]}: we stop.")
    else:
        return (f"{game.names[seat]}: we play on for the {game.proc.march_word} "
            f"(all {state.march_length} tricks).")


def concede(state: StateView, director: int, side: int) -> str:
    return (f"{state.get_game().names[director]}, director of {side_name_of(state, side)}, "
        f"concedes ({S002_PRELIM}).")


def result_reason(game: Game, sides: Sequence[Sequence[int]], solo: bool | None,
                  won: Sequence[int], turns: int, kind: ResultKind, side: int, value: int,
                  lone: bool, crosses: int, ran: bool = False) -> str:
    """Why the deal ended so, and who pays what: the text of ``Result.reason`` (``ran``: the
    losers ran from a card led face down)."""
    st, proc = game.stakes, game.proc
    wname, lname = _side_words(game, sides, solo, side), _side_words(game, sides, solo, 1 - side)

    def v(word: str) -> str:
        return _agree(sides[side], word)

    def lv(word: str) -> str:
        return _agree(sides[1 - side], word)

    score = f"{won[side]}-{won[1 - side]}"
    if kind == ResultKind.GAME:
        what = f"{wname} {v('win')} {score}"
    elif kind == ResultKind.JANN:
        what = (f"{wname} {v('win')} with a {proc.jann_word} ({score}, the first "
                f"{plural(won[side], 'trick')})")
    elif kind == ResultKind.MARCH:
        what = f"{wname} {v('make')} the {proc.march_word} ({score})"
    elif kind == ResultKind.FAILED_MARCH and ran:
        what = (f"{wname} ran from a card led face down during the {proc.march_word}: "
                f"{lname} {lv('fail')} in it, and {wname} {v('win')} at {score}")
    elif kind == ResultKind.FAILED_MARCH:
        what = (f"{lname} {lv('fail')} in the {proc.march_word}: {wname} {v('take')} a trick "
                f"and {v('win')} ({score})")
    elif kind == ResultKind.RUN:
        what = f"{lname} ran from a card led face down: {wname} {v('win')} at {score}"
    else:
        what = f"{lname} {lv('concede')}: {wname} {v('win')} at {score}"
    extra = []
    if turns:
        extra.append(plural(turns, "face-down lead seen", "face-down leads seen"))
    if lone:
        extra.append("made by one partner alone: " + ("a cross" if crosses == 1
                                                      else "a double cross"))
    amount = format_amount(st.unit, value)
    if solo:
        how = (f"the dealer receives {amount} from each opponent" if side == 0
               else f"the dealer pays each opponent {amount}")
    elif st.pays == "each_winner":
        how = f"each loser pays each winner {amount}"
    elif st.unit in ("cents", "Pf"):
        how = f"each loser pays one winner {amount}"
    else:
        how = f"{wname} {v('score')} {amount}"
    return what + (f" ({'; '.join(extra)})" if extra else "") + f": {how}."
