"""The moves of the book's golden deal and the reason for each: :func:`book_player` (the
book's plain player, :func:`knlib.course.book_helpers.plain_player`, except that the
answer to a face-down lead and the choice at a Jann follow
:class:`knlib.players.bots.RulePlayer`'s habits) and :func:`explain_move`, which works the
reason out from the engine at the moment of the move (which cards take which, what the
stake is, how many tricks each side needs) and checks that it leads to the move that was
made. **These are tactics, not rules.**
"""

from __future__ import annotations

from ..cards import Card
from ..counts import count_words
from ..engine.deal import Action, Deal
from ..engine.scoring import format_amount
from ..players.base import seat_to_move, target
from ..players.bots import STRONG_TAKERS, RulePlayer, seen_bits, tables
from ..rules.games import Role
from ..rules.tricks import takes_relation
from .book_helpers import plain_player

__all__ = ["book_player", "explain_move", "role_words"]


_RULE_PLAYER = RulePlayer()


def book_player(deal: Deal) -> Action:
    """The move of the golden deal's players: the plain player's, but seeing or running and
    stopping or playing on as :class:`~knlib.players.bots.RulePlayer` does."""
    if deal.phase in ("answer", "Jann"):
        return _RULE_PLAYER.choose(deal)
    return plain_player(deal)


# -- words for cards ---------------------------------------------------------------------------


def role_words(role: Role) -> str:
    """A card's role in a few words: 'de Dulle (the third Ole)', 'a dud'."""
    name = role.name.split(",")[0]
    if role.name_first or not role.term:
        if name.startswith(("the ", "a ", "an ")):
            return name
        return f"{'an' if name[0] in 'aeiouAEIOU' else 'a'} {name}"
    return f"{role.term} ({name})"


def _list(items: list[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


# -- one move explained --------------------------------------------------------------------------


def _unseen(deal: Deal, seat: int) -> int:
    t = tables(deal.rules, deal.chosen)
    held = 0
    for c in deal.hands[seat]:
        held |= 1 << c.index
    return t.pack_bits & ~held & ~seen_bits(deal, seat)


def _cards_of(bits: int, deal: Deal) -> list[Card]:
    return [c for c in deal.rules.sort_by_strength(deal.rules.pack, deal.chosen)
            if bits >> c.index & 1]


def _need(deal: Deal, side: int) -> int:
    return target(deal, side) - deal.tricks_won[side]


def _tricks(n: int) -> str:
    return count_words(n, "trick")


def explain_move(deal: Deal, action: Action | str) -> str:
    """Why the player to move in ``deal`` makes ``action``, in plain words worked out from
    the engine; ``deal`` is the state before the move. Raises AssertionError if the move is
    not the one :func:`book_player` makes, so a reason never describes another move."""
    act = Action(action)
    assert book_player(deal) == act, f"{act} is not the book player's move"
    seat = seat_to_move(deal)
    who = deal.names[seat]
    rules, chosen = deal.rules, deal.chosen
    roles = rules.roles(chosen)
    sym = deal._sym
    if act.kind == "exchange":
        give, get = act.card, act.other
        assert give is not None and get is not None
        if give.rank == 10:
            return (f"{who} holds {sym(give)}, a chosen Ten, which has no power in the play, "
                    f"and takes the turn-up {sym(get)} for it: {role_words(roles[get])}.")
        queen = "Queen" if give.rank == 12 else "King (the Queen is sleeping: no player holds her)"
        return (f"The bottom card of the stock is {sym(get)}, {role_words(roles[get])}. {who} "
                f"holds the {queen} of its suit, {sym(give)}, and exchanges it for the Ole.")
    if act.kind == "pass":
        return f"{who} keeps {sym(act.card) if act.card else 'the card'}."
    side: int = deal.side_of(seat)  # type: ignore[assignment]
    if act.kind in ("see", "run"):
        leader = deal.current_trick[0][0]
        t = tables(rules, chosen)
        unseen = _unseen(deal, seat)
        strong = [c for c in rules.sort_by_strength(deal.hands[seat], chosen)
                  if t.unseen_takers(c, unseen) <= STRONG_TAKERS]
        ours, theirs = _need(deal, side), _need(deal, 1 - side)
        now = format_amount(deal.stakes.unit, deal.value)
        more = format_amount(deal.stakes.unit, deal.stakes.value("game", deal.turns_accepted + 1))
        counted = (count_words(len(strong), "strong card")
                   + (f" ({' '.join(sym(c) for c in strong)})" if strong else "")
                   + ", cards that at most two unseen cards could take")
        text = (f"{deal.names[leader]} has led a card face down, and {who} cannot see it. "
                f"{deal.side_name(1 - side)} need {count_words(theirs, 'more trick')}, "
                f"{deal.side_name(side)} {_tricks(ours)}. {who} holds {counted}. ")
        if act.kind == "run":
            return text + (f"Those, with one trick hoped for from partner, are not enough, and "
                           f"the other side is close, so {who} runs and pays {now} "
                           "rather than more.")
        if theirs > 2:
            why = f"{deal.side_name(1 - side)} are still far from five tricks"
        else:
            why = "those, with one trick hoped for from partner, could still win the deal"
        return text + (f"{why[:1].upper() + why[1:]}, so {who} sees: the deal is now worth "
                       f"{more} instead of {now}.")
    if act.kind in ("stop", "play on"):
        t = tables(rules, chosen)
        unseen = _unseen(deal, seat)
        left = min(len(deal.hands[s]) for s in deal.active)
        sure = [c for c in deal.hands[seat] if t.unseen_takers(c, unseen) == 0]
        jann = format_amount(deal.stakes.unit, deal.stakes.value("jann", deal.turns_accepted))
        march = format_amount(deal.stakes.unit, deal.stakes.value("march", deal.turns_accepted))
        have = (f"{who} holds {count_words(len(sure), 'sure winner')} (cards that "
                "no unseen card can take)" + (f": {' '.join(sym(c) for c in sure)}" if sure
                                                else ""))
        still = ("the one trick" if left == 1
                 else f"the {count_words(left, 'trick')}") + " still to come"
        if act.kind == "stop":
            return (f"{deal.side_name(side)} have won the first five tricks: a Jann, worth "
                    f"{jann}. Playing on would need {still}, for "
                    f"{march}, and losing one would cost {march}. {have}, so {who} stops.")
        return (f"{deal.side_name(side)} have won the first five tricks: a Jann. {have}, one "
                f"for each of {still}, so {who} plays on for the march.")
    card = act.card
    assert card is not None
    role = role_words(roles[card])
    trick = deal.current_trick
    if not trick:
        t = tables(rules, chosen)
        takers = _cards_of(t.takers[card.index] & _unseen(deal, seat), deal)
        text = f"{who} is on lead and leads the strongest card in hand, {sym(card)}, {role}. "
        if not takers:
            text += "No card that " + who + " cannot see could take it"
            if act.kind == "down":
                return text + (", so the trick is safe and " + who + " leads it face down "
                               "(drehen), offering to raise the stake.")
            return text + "."
        shown = " ".join(sym(c) for c in takers[:6]) + (" …" if len(takers) > 6 else "")
        count = count_words(len(takers), "card")
        return text + (f"{count[:1].upper() + count[1:]} that {who} cannot "
                       f"see could take it ({shown}).")
    cards = [c for _, c in trick]
    ahead = rules.ahead_sequence(cards, chosen)[-1]
    a_seat, a_card = trick[ahead]
    takes = takes_relation(rules, chosen)
    takers = [c for c in rules.sort_by_strength(deal.hands[seat], chosen)[::-1]
              if takes(c, cards)]
    if deal.side_of(a_seat) == side:
        return (f"Partner {deal.names[a_seat]}'s {sym(a_card)} is ahead, so {who} keeps the good "
                f"cards and throws the weakest, {sym(card)}, {role}.")
    if not takers:
        return (f"{deal.names[a_seat]}'s {sym(a_card)} is ahead and nothing in {who}'s hand "
                f"takes it, so {who} throws the weakest card, {sym(card)}, {role}.")
    others = [sym(c) for c in takers if c is not card]
    also = f" ({_list(others)} would take it too)" if others else ""
    return (f"{deal.names[a_seat]}'s {sym(a_card)} is ahead. {who} takes it with the cheapest "
            f"card that does, {sym(card)}, {role}{also}.")
