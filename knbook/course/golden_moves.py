"""The moves of the book's golden deal and the reason for each: :func:`book_player` (the
book's plain player, :func:`knbook.course.book_helpers.plain_player`, except that the
answer to a face-down lead and the choice at a Jann follow
:class:`knlib.players.bots.RulePlayer`'s habits) and :func:`explain_move`, which works the
reason out from the engine at the moment of the move (which cards take which, what the
stake is, how many tricks each side needs) and checks that it leads to the move that was
made. **These are tactics, not rules.**
"""

from __future__ import annotations

from knlib.cards import Card
from knlib.counts import number_word
from knlib.engine.deal import Action, Deal
from knlib.engine.scoring import format_amount
from knlib.games import Role
from knlib.kinds import ActionKind, Phase, ResultKind
from knlib.players.bots import STRONG_TAKERS, RulePlayer, card_facts, seen_bits
from knlib.players.player import seat_to_move, target
from knlib.rules.tricks import takes_relation

from ..i18n import marked, tr
from .book_helpers import plain_player
from .foundation.question import in_english, number_text

__all__ = ["book_player", "explain_move", "role_words", "RULE_PLAYER"]

#: The rule-based player whose habits and talk the golden deal shows.
RULE_PLAYER = RulePlayer()


def book_player(deal: Deal) -> Action:
    """The move of the golden deal's players: the plain player's, but seeing or running and
    stopping or playing on as :class:`~knlib.players.bots.RulePlayer` does."""
    if deal.phase in (Phase.ANSWER, Phase.JANN):
        return RULE_PLAYER.choose(deal)
    return plain_player(deal)


# -- words for cards ---------------------------------------------------------------------------


def role_words(role: Role) -> str:
    """A card's role in a few words: 'de Dulle (the third Ole)', 'a dud'."""
    name = role.name.split(",")[0]
    if (role.name_first or not role.term) and not in_english():
        return role.title  # with its article, in the language's grammar
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
    return tr("{first} and {second}", first=", ".join(items[:-1]), second=items[-1])


# -- one move explained --------------------------------------------------------------------------


def _unseen(deal: Deal, seat: int) -> int:
    t = card_facts(deal.rules, deal.chosen)
    held = 0
    for c in deal.hands[seat]:
        held |= 1 << c.index
    return t.pack_bits & ~held & ~seen_bits(deal, seat)


def _cards_of(bits: int, deal: Deal) -> list[Card]:
    return [c for c in deal.rules.sort_by_strength(deal.rules.pack, deal.chosen)
            if bits >> c.index & 1]


def _need(deal: Deal, side: int) -> int:
    return target(deal, side) - deal.tricks_won[side]


def _count(n: int, none: str, one: str, many: str) -> str:
    """A count with the noun that agrees, in the current language: ``none``, ``one`` or
    ``many`` (with ``{count}``), each a marked text ('no tricks', 'one trick', '{count}
    tricks')."""
    if n == 0:
        return tr(none)
    if n == 1:
        return tr(one)
    return tr(many, count=number_word(n) if in_english() else number_text(n))


def _tricks(n: int) -> str:
    return _count(n, marked("no tricks"), marked("one trick"), marked("{count} tricks"))


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
    sym = deal.card_symbol
    if act.kind == ActionKind.EXCHANGE:
        give, get = act.card, act.other
        assert give is not None and get is not None
        if give.rank == 10:
            return tr("{who} holds {card}, a chosen Ten, which has no power in the play, and "
                      "takes the turn-up {other} for it: {role}.", who=who, card=sym(give),
                      other=sym(get), role=role_words(roles[get]))
        if give.rank == 12:
            return tr("The bottom card of the stock is {other}, {role}. {who} holds the Queen "
                      "of its suit, {card}, and exchanges it for the Ole.", other=sym(get),
                      role=role_words(roles[get]), who=who, card=sym(give))
        return tr("The bottom card of the stock is {other}, {role}. {who} holds the King (the "
                  "Queen is sleeping: no player holds her) of its suit, {card}, and exchanges "
                  "it for the Ole.", other=sym(get), role=role_words(roles[get]), who=who,
                  card=sym(give))
    if act.kind == ActionKind.PASS:
        return (tr("{who} keeps {card}.", who=who, card=sym(act.card)) if act.card
                else tr("{who} keeps the card.", who=who))
    side: int = deal.side_of(seat)  # type: ignore[assignment]
    if act.kind in (ActionKind.SEE, ActionKind.RUN):
        leader = deal.current_trick[0][0]
        t = card_facts(rules, chosen)
        unseen = _unseen(deal, seat)
        strong = [c for c in rules.sort_by_strength(deal.hands[seat], chosen)
                  if t.unseen_takers(c, unseen) <= STRONG_TAKERS]
        ours, theirs = _need(deal, side), _need(deal, 1 - side)
        stakes = deal.rules.stakes
        now = format_amount(stakes.unit, deal.value)
        more = format_amount(stakes.unit,
                             stakes.value(ResultKind.GAME, deal.turns_accepted + 1))
        strong_cards = _count(len(strong), marked("no strong cards"), marked("one strong card"),
                              marked("{count} strong cards"))
        if strong:
            strong_cards = tr("{cards} ({list})", cards=strong_cards,
                              list=" ".join(sym(c) for c in strong))
        their_need = _count(theirs, marked("no more tricks"), marked("one more trick"),
                            marked("{count} more tricks"))
        text = tr("{leader} has led a card face down, and {who} cannot see it. {them} need "
                  "{their_need}, {us} {our_need}. {who} holds {strong}, cards that at most two "
                  "unseen cards could take. ", leader=deal.names[leader], who=who,
                  them=deal.side_name(1 - side), us=deal.side_name(side),
                  their_need=their_need,
                  our_need=_tricks(ours), strong=strong_cards)
        if act.kind == ActionKind.RUN:
            return text + tr("Those, with one trick hoped for from partner, are not enough, and "
                             "the other side is close, so {who} runs and pays {now} rather than "
                             "more.", who=who, now=now)
        if theirs > 2:
            return text + tr("{them} are still far from five tricks, so {who} sees: the deal is "
                             "now worth {more} instead of {now}.",
                             them=deal.side_name(1 - side), who=who, more=more, now=now)
        return text + tr("Those, with one trick hoped for from partner, could still win the "
                         "deal, so {who} sees: the deal is now worth {more} instead of {now}.",
                         who=who, more=more, now=now)
    if act.kind in (ActionKind.STOP, ActionKind.PLAY_ON):
        t = card_facts(rules, chosen)
        unseen = _unseen(deal, seat)
        left = min(len(deal.hands[s]) for s in deal.active)
        sure = [c for c in deal.hands[seat] if t.unseen_takers(c, unseen) == 0]
        stakes = deal.rules.stakes
        jann = format_amount(stakes.unit, stakes.value(ResultKind.JANN, deal.turns_accepted))
        march = format_amount(stakes.unit, stakes.value(ResultKind.MARCH, deal.turns_accepted))
        winners = _count(len(sure), marked("no sure winners"), marked("one sure winner"),
                         marked("{count} sure winners"))
        have = (tr("{who} holds {winners} (cards that no unseen card can take): {cards}",
                   who=who, winners=winners, cards=" ".join(sym(c) for c in sure)) if sure
                else tr("{who} holds {winners} (cards that no unseen card can take)", who=who,
                        winners=winners))
        still = (tr("the one trick still to come") if left == 1 else
                 tr("the {tricks} still to come", tricks=_tricks(left)))
        if act.kind == ActionKind.STOP:
            return tr("{side} have won the first five tricks: a Jann, worth {jann}. Playing on "
                      "would need {still}, for {march}, and losing one would cost {march}. "
                      "{have}, so {who} stops.", side=deal.side_name(side), jann=jann,
                      still=still, march=march, have=have, who=who)
        return tr("{side} have won the first five tricks: a Jann. {have}, one for each of "
                  "{still}, so {who} plays on for the march.", side=deal.side_name(side),
                  have=have, still=still, who=who)
    card = act.card
    assert card is not None
    role = role_words(roles[card])
    trick = deal.current_trick
    if not trick:
        t = card_facts(rules, chosen)
        takers = _cards_of(t.takers[card.index] & _unseen(deal, seat), deal)
        text = tr("{who} is on lead and leads the strongest card in hand, {card}, {role}. ",
                  who=who, card=sym(card), role=role)
        if not takers:
            if act.kind == ActionKind.DOWN:
                return text + tr("No card that {who} cannot see could take it, so the trick is "
                                 "safe and {who} leads it face down (drehen), offering to "
                                 "raise the stake.", who=who)
            return text + tr("No card that {who} cannot see could take it.", who=who)
        shown = " ".join(sym(c) for c in takers[:6]) + (" …" if len(takers) > 6 else "")
        if len(takers) == 1:
            return text + tr("One card that {who} cannot see could take it ({cards}).", who=who,
                             cards=shown)
        count = number_word(len(takers)) if in_english() else number_text(len(takers))
        return text + tr("{count} cards that {who} cannot see could take it ({cards}).",
                         count=count[:1].upper() + count[1:], who=who, cards=shown)
    cards = [c for _, c in trick]
    ahead = rules.ahead_sequence(cards, chosen)[-1]
    a_seat, a_card = trick[ahead]
    takes = takes_relation(rules, chosen)
    takers = [c for c in rules.sort_by_strength(deal.hands[seat], chosen)[::-1]
              if takes(c, cards)]
    if deal.side_of(a_seat) == side:
        return tr("Partner {partner}'s {ahead} is ahead, so {who} keeps the good cards and "
                  "throws the weakest, {card}, {role}.", partner=deal.names[a_seat],
                  ahead=sym(a_card), who=who, card=sym(card), role=role)
    if not takers:
        return tr("{other}'s {ahead} is ahead and nothing in {who}'s hand takes it, so {who} "
                  "throws the weakest card, {card}, {role}.", other=deal.names[a_seat],
                  ahead=sym(a_card), who=who, card=sym(card), role=role)
    others = [sym(c) for c in takers if c is not card]
    if others:
        return tr("{other}'s {ahead} is ahead. {who} takes it with the cheapest card that "
                  "does, {card}, {role} ({others} would take it too).",
                  other=deal.names[a_seat], ahead=sym(a_card), who=who, card=sym(card),
                  role=role, others=_list(others))
    return tr("{other}'s {ahead} is ahead. {who} takes it with the cheapest card that does, "
              "{card}, {role}.", other=deal.names[a_seat], ahead=sym(a_card), who=who,
              card=sym(card), role=role)
