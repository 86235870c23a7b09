"""The deal in plain words: the log lines and the result's reason (in the current language).

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
from ..counts import count_words, number_text
from ..games.stakes import format_amount
from ..i18n import current_language, marked, tr
from ..kinds import ResultKind
from ..rules.dealing import seat_word
from ..seats import cutter, forehand
from ..sources import S000_FIVE, S002_PRELIM

if TYPE_CHECKING:
    from ..games.procedure import Procedure
    from .game import Game
    from .view import StateView

__all__ = ["side_name", "side_name_of", "verb", "plural", "result_reason", "deal_lines",
           "to_move_text", "seat_text", "seat_number_text", "march_text", "jann_text",
           "Told", "told", "sentence_of", "capitalized"]


def plural(k: int, word: str, many: str | None = None) -> str:
    """A count in words that agrees: 'one face-down lead seen', 'five tricks'
    (:func:`knlib.counts.count_words`; ``many`` where the plural is not word + 's')."""
    return count_words(k, word, many)


def side_name(seats: Sequence[int], names: Sequence[str], n: int) -> str:
    """'North-South', 'East-West', 'South', or names joined with 'and' (in the current
    language: 'Nord-Süd')."""
    if n == 4 and len(seats) == 2 and {names[s] for s in seats} == {"North", "South"}:
        return tr("North-South")
    if n == 4 and len(seats) == 2 and {names[s] for s in seats} == {"East", "West"}:
        return tr("East-West")
    ns = [seat_word(names[s]) for s in seats]
    if len(ns) == 1:
        return ns[0]
    return tr("{first} and {second}", first=", ".join(ns[:-1]), second=ns[-1])


def side_name_of(state: StateView, side: int) -> str:
    """The name of side 0 or 1 of a deal ('the four opponents' against a solo dealer)."""
    return _side_words(state.get_game(), state.seating.sides, state.solo, side)


def _side_words(game: Game, sides: Sequence[Sequence[int]], solo: bool | None,
                side: int) -> str:
    if solo and side == 1:
        return tr("the four opponents")
    return side_name(sides[side], game.names, game.players)


def verb(state: StateView, side: int, word: str) -> str:
    """The verb agreeing with a side's name: 'North-South win', 'Hilmar wins' (English)."""
    return _agree(state.seating.sides[side], word)


def _agree(members: Sequence[int], word: str) -> str:
    if len(members) > 1:
        return word
    return "has" if word == "have" else word + "s"


def _by(members: Sequence[int], one: str, many: str, /, **values: object) -> str:
    """The sentence whose verb agrees with a side of ``members`` (``one``: a side of one
    player, ``many``: of several), translated and filled in."""
    return tr(one if len(members) == 1 else many, **values)


def seat_text(game: Game, seat: int) -> str:
    """A seat's player as a person reads the name ('North', German 'Nord')."""
    return seat_word(game.names[seat])


#: The games' words for a Jann, marked for the catalogue (:func:`jann_text`).
_WORDS = {"Jann": marked("Jann"), "vol": marked("vol")}
#: The games' words for a march as a noun a sentence can decline (German 'den Durchmarsch',
#: 'beim Durchmarsch aller neun Stiche'); English sentences use the game's word itself.
_MARCHES = {"march": marked("march"), "all nine": marked("march of all nine tricks")}


def march_text(proc: Procedure) -> str:
    """The game's word for a march in the current language ('march', 'all nine'; German
    'Durchmarsch', 'Durchmarsch aller neun Stiche')."""
    word = proc.march_word
    if current_language() == "en" or word not in _MARCHES:
        return word
    return tr(_MARCHES[word])


def jann_text(proc: Procedure) -> str:
    """The game's word for a Jann in the current language ('Jann', Stýrivolt's 'vol')."""
    word = proc.jann_word
    return tr(_WORDS[word]) if word in _WORDS else word


class Told(str):
    """A line of the story that cites its source: as text, the line with the citation in
    code form before its full stop ("... deals again (seed 000, 'The Deal and Exchange')."),
    as the deal's log shows it; as values, :attr:`sentence` (the line without its
    citation, for a face that shows none) and :attr:`source` (the citation)."""

    sentence: str
    source: str


def told(sentence: str, source: str) -> Told:
    """``sentence`` (a line ending in a full stop) told with its ``source``: the citation
    goes in parentheses before the full stop."""
    line = Told(f"{sentence.removesuffix('.')} ({source}).")
    line.sentence, line.source = sentence, source
    return line


def capitalized(line: str) -> str:
    """``line`` with a capital first letter, as the log writes each line (a :class:`Told`
    line stays told)."""
    if line[:1].isupper():
        return line
    if isinstance(line, Told):
        return told(capitalized(line.sentence), line.source)
    return line[:1].upper() + line[1:]


def sentence_of(line: str) -> str:
    """A line of the story without its citation: a :class:`Told` line's sentence, any other
    line as it is."""
    return line.sentence if isinstance(line, Told) else line


def seat_number_text(game: Game, seat: int) -> str:
    """A seat's player as the engine's messages name it, with the seat's number: 'North
    (seat 2)' (German 'Nord (Platz 2)')."""
    return tr("{name} (seat {seat})", name=seat_text(game, seat), seat=seat)


def to_move_text(state: StateView) -> str:
    if state.to_move is None:
        return tr("nobody")
    return seat_number_text(state.get_game(), state.to_move)


def _cards(game: Game, cards: Sequence[Card]) -> str:
    return " ".join(game.sym(c) for c in cards)


# -- the deal and the exchanges ------------------------------------------------------------------

#: How the dealer deals: to whom, in packets or one at a time.
_DEALS = {
    (False, True): marked("{dealer} deals {size} cards to each player, in packets of {packet}, "
                          "starting with {first}."),
    (False, False): marked("{dealer} deals {size} cards to each player, one at a time, "
                           "starting with {first}."),
    (True, True): marked("{dealer} deals {size} cards to the other four players, in packets "
                         "of {packet}, starting with {first}."),
    (True, False): marked("{dealer} deals {size} cards to the other four players, one at a "
                          "time, starting with {first}."),
}


def deal_lines(game: Game) -> list[str]:
    """The shuffle, cut, deal and turn-ups, before any decision."""
    n, d, proc = game.players, game.dealer, game.proc
    dealer = seat_text(game, d)
    lines: list[str] = []
    for r in game.redeals:
        lines.append(told(tr("{dealer} deals; the turn-ups {cards} give no second suit: the "
                             "cards are thrown in and {dealer} deals again.", dealer=dealer,
                             cards=_cards(game, r)), proc.chosen_source))
    cut = seat_text(game, cutter(d, n))
    lines.append(tr("{dealer} shuffles and {cutter} cuts.", dealer=dealer, cutter=cut)
                 if proc.cut else tr("{dealer} shuffles (no cut).", dealer=dealer))
    if game.table_olen:
        values = {"cutter": cut, "cards": _cards(game, game.table_olen)}
        lines.append(told(tr("{cutter} looks at the bottom three cards: the Ole {cards} goes "
                             "face up on the table.", **values) if len(game.table_olen) == 1
                          else tr("{cutter} looks at the bottom three cards: the Olen {cards} "
                                  "go face up on the table.", **values),
                          proc.table_source.split(":")[0]))
    elif proc.table_olen:
        lines.append(tr("{cutter} looks at the bottom three cards: no Ole.", cutter=cut))
    lines.append(tr(_DEALS[game.five, proc.packets[0] > 1], dealer=dealer,
                    size=proc.hand_size, packet=proc.packets[0],
                    first=seat_text(game, forehand(d, n))))
    if proc.chosen_by == "face_up":
        low = next(c for c in game.turn_ups if c.suit == game.chosen[0])
        lines.append(tr("Face-up cards: {cards}; the lowest, {low}, makes {suit} the chosen "
                        "suit.", cards=_cards(game, game.turn_ups), low=game.sym(low),
                        suit=suit_name(game.chosen[0])))
    else:
        lines.append(tr("Turn-ups: {cards}; the chosen suits are {suits}. The stock has {n} "
                        "cards.", cards=_cards(game, game.turned),
                        suits=game.rules.chosen_text(game.chosen), n=len(game.stock)))
        if game.returned:
            back = _cards(game, game.returned)
            lines.append(tr("Of the turn-ups of one suit the highest stays up; {cards} goes "
                            "back to the stock.", cards=back) if len(game.returned) == 1
                         else tr("Of the turn-ups of one suit the highest stays up; {cards} go "
                                 "back to the stock.", cards=back))
    return lines


def _cited(sentence: str, source: str | None) -> str:
    """``sentence`` told with ``source`` (:func:`told`), or as it is without one."""
    return sentence if source is None else told(sentence, source)


def bottom_card(game: Game, card: Card, holder: int | None, which: Card | None,
                why: str, source: str | None = None) -> str:
    """The dealer shows an Ole at the bottom of the stock (seed 000, 'The Deal and
    Exchange'): nobody may take it (``why``, by the rule of ``source``), or it is on offer
    to ``holder``."""
    if holder is None or which is None:
        return _cited(tr("The bottom card of the stock is {card}, an Ole, shown to all; "
                         "nobody may take it: {why}.", card=game.sym(card), why=why), source)
    values = {"card": game.sym(card), "name": seat_text(game, holder), "give": game.sym(which)}
    return (tr("The bottom card of the stock is {card}, an Ole, shown to all: {name} may "
                  "exchange {give} for it (the Queen is sleeping, so the King inherits the "
                  "right).", **values) if why else
        tr("The bottom card of the stock is {card}, an Ole, shown to all: {name} may "
           "exchange {give} for it.", **values))


def table_ole(game: Game, ole: Card, holder: int | None, which: Card | None,
              why: str, source: str | None = None) -> str:
    """An Ole on the table (Bernhard's cutter's Olen): on offer, or staying there (``why``,
    by the rule of ``source``)."""
    if holder is None or which is None:
        return _cited(tr("The Ole {ole} stays on the table: {why}.", ole=game.sym(ole),
                         why=why), source)
    values = {"ole": game.sym(ole), "name": seat_text(game, holder), "give": game.sym(which)}
    return (tr("{name} may exchange {give} for the Ole {ole} on the table (the Queen is "
                  "sleeping, so the King inherits the right).", **values) if why else
        tr("{name} may exchange {give} for the Ole {ole} on the table.", **values))


#: A low card exchanged for the turn-up of its suit, by the game's word for it.
_LOW = {
    "Ten": marked("{name} exchanges the Ten {card} for the turn-up {get}."),
    "dog": marked("{name} exchanges the dog {card} for the turn-up {get}."),
    "Banner": marked("{name} exchanges the Banner {card} for the turn-up {get}."),
}


def exchange(state: StateView, what: str, seat: int, give: Card, get: Card | None,
             ole: Card | None = None) -> str:
    """An exchange made (``get``) or passed (``get`` None; ``ole`` the Ole left)."""
    game = state.get_game()
    name, g = seat_text(game, seat), game.sym(give)
    if get is None:
        if what == "low":
            return (tr("{name} keeps {card}.", name=name, card=g))
        else:
            assert ole is not None  # an Ole from the stock or the table was on offer
            return (tr("{name} keeps {card}; the Ole {ole} stays in the stock.", name=name,
                          card=g, ole=game.sym(ole)) if what == "bottom" else
                tr("{name} keeps {card}; the Ole {ole} stays on the table.", name=name, card=g,
                   ole=game.sym(ole)))
    elif what == "low":
        low = game.proc.low_word
        if low in _LOW:
            return (tr(_LOW[low], name=name, card=g, get=game.sym(get)))
        else:
            return (f"{name} exchanges the {low} {g} for the turn-up {game.sym(get)}.")
    elif what == "bottom":
        return (tr("{name} exchanges {card} for the Ole {get} from the bottom of the "
                      "stock.", name=name, card=g, get=game.sym(get)))
    else:
        return (tr("{name} exchanges {card} for the Ole {get} from the table.", name=name,
                      card=g, get=game.sym(get)))


def dealer_choice(state: StateView, alone: bool) -> str:
    """The five-player dealer plays alone or sits out (seed 000, 'Five-Player Knüffeln')."""
    game = state.get_game()
    d = game.dealer
    if alone:
        return told(tr("{dealer} looks at the stock ({n} cards) and plays alone against the "
                       "other four: the dealer needs four tricks, the opponents five.",
                       dealer=seat_text(game, d), n=len(state.hands[d])), S000_FIVE)
    else:
        return (tr("{dealer} looks at the stock and sits out: {first} play against "
                      "{second}.", dealer=seat_text(game, d), first=side_name_of(state, 0),
                      second=side_name_of(state, 1)))


# -- the play ------------------------------------------------------------------------------------

def first_lead(state: StateView, leader: int) -> str:
    return (tr("{name} leads to the first trick.", name=seat_text(state.get_game(), leader)))


def face_down(state: StateView, seat: int, answerer: int) -> str:
    game = state.get_game()
    return (tr("{name} leads a card face down (drehen); {answerer} answers for {side}.",
                  name=seat_text(game, seat), answerer=seat_text(game, answerer),
                  side=side_name_of(state, state.seating.side[answerer])))


def answer(state: StateView, seat: int, seen: bool, leader_side: int) -> str:
    game = state.get_game()
    name = seat_text(game, seat)
    if not seen and state.marching is not None:
        return (tr("{name} runs: the {march} of {side} has failed.", name=name,
                      march=march_text(game.proc), side=side_name_of(state, leader_side)))
    elif seen:
        n = state.turns_accepted
        return (tr("{name} sees: the card is {card}; one face-down lead seen so far.",
                      name=name, card=game.sym(state.current_trick[0][1])) if n == 1 else
            tr("{name} sees: the card is {card}; {count} face-down leads seen so far.",
               name=name, card=game.sym(state.current_trick[0][1]), count=number_text(n)))
    else:
        other = 1 - leader_side
        return (_by(state.seating.sides[other],
                       marked("{name} runs: {side} concedes the deal."),
                       marked("{name} runs: {side} concede the deal."), name=name,
                       side=side_name_of(state, other)))


def trick(state: StateView, number: int, cards: Sequence[Card], seats: Sequence[int],
          winner: int, w: int) -> str:
    game = state.get_game()
    won = state.tricks_won
    played = ", ".join(f"{seat_text(game, s)} {game.sym(c)}"
                       for s, c in zip(seats, cards, strict=True))
    return (tr("Trick {number}: {played}; {winner} wins with {card} ({first} {won_first}, "
                  "{second} {won_second}).", number=number, played=played,
                  winner=seat_text(game, winner), card=game.sym(cards[w]),
                  first=side_name_of(state, 0), won_first=won[0],
                  second=side_name_of(state, 1), won_second=won[1]))


def jann(state: StateView, side: int, winner: int) -> str:
    proc = state.get_game().proc
    return (_by(state.seating.sides[side],
                   marked("{side} has won the first {count} tricks: a {jann}. {winner} "
                          "decides: stop, or play on for the {march}."),
                   marked("{side} have won the first {count} tricks: a {jann}. {winner} "
                          "decides: stop, or play on for the {march}."),
                   side=side_name_of(state, side), count=number_text(state.tricks_won[side]),
                   jann=jann_text(proc), winner=seat_text(state.get_game(), winner),
                   march=march_text(proc)))


def jann_choice(state: StateView, seat: int, stop: bool) -> str:
    game = state.get_game()
    if stop:
        return (tr("{name}: we stop.", name=seat_text(game, seat)))
    else:
        return (tr("{name}: we play on for the {march} (all {n} tricks).",
                      name=seat_text(game, seat), march=march_text(game.proc),
                      n=state.march_length))


def concede(state: StateView, director: int, side: int) -> str:
    return told(tr("{name}, director of {side}, concedes.",
                   name=seat_text(state.get_game(), director), side=side_name_of(state, side)),
                S002_PRELIM)


#: What ended the deal, by whether the winning side (then the losing side) is one player.
_FAILED_RAN = {
    (True, True): marked("{winners} ran from a card led face down during the {march}: {losers} "
                         "fails in it, and {winners} wins at {score}"),
    (True, False): marked("{winners} ran from a card led face down during the {march}: "
                          "{losers} fail in it, and {winners} wins at {score}"),
    (False, True): marked("{winners} ran from a card led face down during the {march}: "
                          "{losers} fails in it, and {winners} win at {score}"),
    (False, False): marked("{winners} ran from a card led face down during the {march}: "
                           "{losers} fail in it, and {winners} win at {score}"),
}
_FAILED = {
    (True, True): marked("{losers} fails in the {march}: {winners} takes a trick and wins "
                         "({score})"),
    (True, False): marked("{losers} fail in the {march}: {winners} takes a trick and wins "
                          "({score})"),
    (False, True): marked("{losers} fails in the {march}: {winners} take a trick and win "
                          "({score})"),
    (False, False): marked("{losers} fail in the {march}: {winners} take a trick and win "
                           "({score})"),
}
_CONCEDED = {
    (True, True): marked("{losers} concedes: {winners} wins at {score}"),
    (True, False): marked("{losers} concede: {winners} wins at {score}"),
    (False, True): marked("{losers} concedes: {winners} win at {score}"),
    (False, False): marked("{losers} concede: {winners} win at {score}"),
}


def result_reason(game: Game, sides: Sequence[Sequence[int]], solo: bool | None,
                  won: Sequence[int], turns: int, kind: ResultKind, side: int, value: int,
                  lone: bool, crosses: int, ran: bool = False) -> str:
    """Why the deal ended so, and who pays what: the text of ``Result.reason`` (``ran``: the
    losers ran from a card led face down)."""
    stakes, proc = game.stakes, game.proc
    wname, lname = _side_words(game, sides, solo, side), _side_words(game, sides, solo, 1 - side)
    winners = sides[side]
    score = tr("{won}-{lost}", won=won[side], lost=won[1 - side])  # German '5:0'
    values = {"winners": wname, "losers": lname, "score": score, "march": march_text(proc)}
    pair = (len(winners) == 1, len(sides[1 - side]) == 1)
    if kind == ResultKind.GAME:
        what = _by(winners, marked("{winners} wins {score}"), marked("{winners} win {score}"),
                   **values)
    elif kind == ResultKind.JANN:
        what = _by(winners,
                   marked("{winners} wins with a {jann} ({score}, the first {count} tricks)"),
                   marked("{winners} win with a {jann} ({score}, the first {count} tricks)"),
                   jann=jann_text(proc), count=number_text(won[side]), **values)
    elif kind == ResultKind.MARCH:
        what = _by(winners, marked("{winners} makes the {march} ({score})"),
                   marked("{winners} make the {march} ({score})"), **values)
    elif kind == ResultKind.FAILED_MARCH and ran:
        what = tr(_FAILED_RAN[pair], **values)
    elif kind == ResultKind.FAILED_MARCH:
        what = tr(_FAILED[pair], **values)
    elif kind == ResultKind.RUN:
        what = _by(winners,
                   marked("{losers} ran from a card led face down: {winners} wins at {score}"),
                   marked("{losers} ran from a card led face down: {winners} win at {score}"),
                   **values)
    else:
        what = tr(_CONCEDED[pair], **values)
    extra = []
    if turns:
        extra.append(tr("one face-down lead seen") if turns == 1 else
                     tr("{count} face-down leads seen", count=number_text(turns)))
    if lone:
        extra.append(tr("made by one partner alone: a cross") if crosses == 1 else
                     tr("made by one partner alone: a double cross"))
    amount = format_amount(stakes.unit, value)
    if solo:
        how = (tr("the dealer receives {amount} from each opponent", amount=amount) if side == 0
               else tr("the dealer pays each opponent {amount}", amount=amount))
    elif stakes.pays == "each_winner":
        how = tr("each loser pays each winner {amount}", amount=amount)
    elif stakes.unit in ("cents", "Pf"):
        how = tr("each loser pays one winner {amount}", amount=amount)
    else:
        how = _by(winners, marked("{winners} scores {amount}"),
                  marked("{winners} score {amount}"), winners=wname, amount=amount)
    if extra and what.endswith(")"):  # 'a Jann (5-0, the first five tricks)': one bracket
        return tr("{what}: {how}.", what=f"{what[:-1]}; {'; '.join(extra)})", how=how)
    if extra:
        return tr("{what} ({extra}): {how}.", what=what, extra="; ".join(extra), how=how)
    return tr("{what}: {how}.", what=what, how=how)
