"""Decision questions about which card to play (Evenings 1 to 3): who leads first, the
second chosen suit, the sure card, what to throw, the best pair, the cheapest card that
takes and the safe lead. Each answer is worked out by the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from knlib.cards import SUITS, Card
from knlib.games.family import RoleClass
from knlib.kinds import Phase
from knlib.sources import (
    S000_DEAL,
    S000_PLAY,
    S000_RANKING,
)

from ...i18n import ntr, tr
from ..foundation.thumbs import THUMBS
from .positions import (
    chosen_pair_text,
    count_words,
    numbered_deal,
    play_until,
    reader_names,
    role_of,
    shuffled,
    spread,
    symbol,
    symbols,
    takers_of,
    unseen_cards,
)
from .record import RIGHT, WRONG, build, thumb_words

# ============================================================================================
# Evening 1
# ============================================================================================


def d_first_lead(rng: random.Random, game: str, seed: Any) -> Any:
    """Who leads to the first trick, for a real deal's dealer."""
    deal = numbered_deal(game, rng.randrange(1, 10_000), dealer=rng.randrange(4))
    number = deal.get_game().seed
    names, n, dealer = reader_names(deal), deal.players, deal.dealer
    lead = deal.forehand
    why = {
        dealer: tr("{name} is the dealer: the dealer shuffles and deals, and the player on "
                   "the dealer's left leads.", name=names[dealer]),
        (dealer - 1) % n: tr("{name} sits on the dealer's right and cuts the pack; the lead "
                             "goes the other way, to the dealer's left.",
                             name=names[(dealer - 1) % n]),
        (dealer + 2) % n: tr("{name} sits opposite the dealer, as the dealer's partner; the "
                             "lead goes to the dealer's left.", name=names[(dealer + 2) % n]),
        lead: tr("{name} sits on the dealer's left (forehand) and leads to the first trick; "
                 "play then goes clockwise.", name=names[lead]),
    }
    seats = list(range(n))
    return build(
        kind="d_first_lead", evening=1, goal="e1-table", title=tr("Who leads?"),
        position=number,
        question=tr("Deal number {number}: {dealer} deals (seats in clockwise order: "
                    "{seats}). Who leads to the first trick?", number=number,
                    dealer=names[dealer], seats=", ".join(names)),
        options=[names[s] for s in seats],
        feedback=[(RIGHT if s == lead else WRONG, why[s]) for s in seats],
        source=f"{S000_DEAL}; {S000_PLAY}", seed=seed, values=seats,
        pictures=[(tr("The turn-ups of this deal"), "row",
                   tuple(str(c) for c in deal.turn_ups))],
        extra=[("dealer", dealer)], chosen=deal.chosen,
    )


def d_second_suit(rng: random.Random, game: str, seed: Any) -> Any:
    """Which turn-up gives the second chosen suit (a deal with three or four turn-ups)."""
    for _ in range(400):
        deal = numbered_deal(game, rng.randrange(1, 10_000))
        if len(deal.turn_ups) >= 3:
            break
    ups = list(deal.turn_ups)
    first = ups[0].suit
    k = next(i for i, c in enumerate(ups) if c.suit != first)
    fb = []
    for i, c in enumerate(ups):
        if i == 0:
            fb.append((WRONG, tr("{card} is the first turn-up: it gives the first chosen "
                                 "suit, {suit}, not the second.", card=symbol(c),
                                 suit=chosen_pair_text([first]))))
        elif i < k:
            fb.append((WRONG, tr("{card}, turn-up number {number}, has the same suit as the "
                                 "first, so it chooses nothing new: the dealer has to turn "
                                 "another card.", card=symbol(c), number=count_words(i + 1))))
        else:
            fb.append((RIGHT, tr("{card} is the first turn-up of a different suit, so {suit} "
                                 "is the second chosen suit; the dealer stops.", card=symbol(c),
                                 suit=chosen_pair_text([c.suit]))))
    return build(
        kind="d_second_suit", evening=1, goal="e1-turn-ups", title=tr("Which turn-up decides?"),
        position=deal.get_game().seed,
        question=tr("Deal number {number}: after dealing, the dealer turned up these cards, in "
                    "this order, and then stopped. Which of them gives the second chosen suit?",
                    number=deal.get_game().seed),
        options=[tr("{card} (turn-up {number})", card=symbol(c), number=i + 1)
                 for i, c in enumerate(ups)], feedback=fb,
        source=S000_DEAL, seed=seed, values=[str(c) for c in ups], chosen=deal.chosen,
        pictures=[(tr("The turn-ups, in the order turned"), "row", tuple(str(c) for c in ups))],
    )


def _weakest_role(rules: Any, card: Card) -> tuple[tuple[str, ...], Any]:
    """The choice of suits under which ``card`` is weakest, and its role then."""
    from itertools import combinations

    pairs = [tuple(p) for p in combinations(SUITS, rules.n_chosen)]
    best = min(pairs, key=lambda p: (rules.strength(card, p), p))
    return best, rules.roles(best)[card]


def d_sure_card(rng: random.Random, game: str, seed: Any) -> Any:
    """Before the turn-ups: which card of this hand is strong whatever is chosen (an Ole)."""
    from ..foundation.question import is_permanent_top

    rules = None
    for _ in range(400):
        deal = numbered_deal(game, rng.randrange(1, 10_000))
        rules = deal.rules
        seat = rng.randrange(deal.players)
        hand = list(deal.hands[seat])
        olen = [c for c in hand if is_permanent_top(rules, c)]
        others = [c for c in hand if not is_permanent_top(rules, c)]
        # Look-alikes first: Aces, Jacks, Sixes, Sevens and Twos (strong only when chosen).
        good = [c for c in others if c.rank in (14, 11, 6, 7, 2)]
        if len(olen) >= 1 and len({c.rank for c in good}) >= 2 and len(good) >= 3:
            break
    ole = rng.choice(olen)
    wrong = spread(shuffled(rng, good), lambda c: c.rank, 3)
    cards = shuffled(rng, [ole, *wrong])
    fb = []
    for c in cards:
        if c is ole:
            fb.append((RIGHT, tr("{card} is {role}, one of the five Olen: its place is the "
                                 "same whatever suits are chosen.", card=symbol(c),
                                 role=role_of(rules, deal.chosen, c).title)))
        else:
            pair, role = _weakest_role(rules, c)
            fb.append((WRONG, tr("{card} is not an Ole: with {suits} chosen it is only {role}, "
                                 "which beats {beats}.", card=symbol(c),
                                 suits=chosen_pair_text(pair), role=role.title,
                                 beats=role.beats)))
    return build(
        kind="d_sure_card", evening=1, goal="e1-olen", title=tr("A card you can count on"),
        position=deal.get_game().seed,
        question=tr("Deal number {number}: {name} picks up these nine cards before any card is "
                    "turned up. Which of these four can {name} count on, whatever suits are "
                    "chosen?", number=deal.get_game().seed, name=reader_names(deal)[seat]),
        options=[symbol(c) for c in cards], feedback=fb, source=S000_RANKING, seed=seed,
        values=[str(c) for c in cards],
        pictures=[(tr("{name}'s hand, before the turn-ups", name=reader_names(deal)[seat]), "row",
                   tuple(str(c) for c in hand))],
    )


# ============================================================================================
# Evening 2
# ============================================================================================


def _use_of(role: Any) -> str:
    """What a card is good for, in a few words, from its role."""
    k = role.klass
    if k == "Ole":
        return tr("one of the Olen: it takes almost anything, so keep it")
    if k == "beater":
        return tr("a beater that takes {beats}: keep it to win a trick later", beats=role.beats)
    if k == "Seven":
        return tr("led, nothing can take it: keep it for your own lead")
    if k == "free card":
        return tr("led, only an Ole or a chosen Ace or Jack takes it: keep it for a lead")
    if k == "unchosen Ace":
        return tr("it takes any led card of its own suit: keep it")
    if k in ("no power", "unchosen court"):
        return tr("a useful lead that only a beater can take: keep it")
    return tr("worth little")


def is_follow_position(deal: Any) -> bool:
    return deal.phase == Phase.PLAY and bool(deal.current_trick) and deal.to_move is not None


def d_throw(rng: random.Random, game: str, seed: Any) -> Any:
    """Partner has the trick won (you play last): which card do you give up?"""
    from knlib.players.bots import card_facts

    def stop(d: Any) -> bool:
        if not is_follow_position(d) or len(d.current_trick) != d.players - 1:
            return False
        t = card_facts(d.rules, d.chosen)
        cards = [c for _, c in d.current_trick]
        ahead = d.current_trick[t.ahead(cards)][0]
        if d.side_of(ahead) != d.side_of(d.to_move):
            return False
        roles = d.rules.roles(d.chosen)
        hand = d.hands[d.to_move]
        duds = [c for c in hand if roles[c].klass == RoleClass.DUD]
        keep = [c for c in hand if roles[c].klass not in (RoleClass.DUD,)]
        return len(duds) >= 1 and len(keep) >= 3

    deal, number = play_until(rng, game, stop)
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    roles = rules.roles(chosen)
    trick = [c for _, c in deal.current_trick]
    hand = list(deal.hands[seat])
    t = card_facts(rules, chosen)
    ahead_pos = t.ahead(trick)
    partner_card = trick[ahead_pos]
    dud = min((c for c in hand if roles[c].klass == RoleClass.DUD), key=lambda c: (c.rank, c.index))
    keep = shuffled(rng, [c for c in hand if roles[c].klass != RoleClass.DUD])
    # Prefer different kinds of good card: one of each kind first.
    wrong = spread(keep, lambda c: roles[c].klass, 3)
    cards = shuffled(rng, [dud, *wrong])
    fb = []
    for c in cards:
        role = roles[c]
        if c is dud:
            fb.append((RIGHT, tr("{card} is {role}, worth nothing to you, and your partner's "
                                 "{partner} stays ahead: the trick is your side's.",
                                 card=symbol(c), role=role.title, partner=symbol(partner_card))))
            continue
        over = t.takes(trick, ahead_pos, c)
        fb.append((WRONG, tr("{card} is {role}, {use}; played now it would even take the "
                             "trick from your partner's {partner}.", card=symbol(c),
                             role=role.title, use=_use_of(role), partner=symbol(partner_card))
                   if over else tr("{card} is {role}, {use}.", card=symbol(c), role=role.title,
                                   use=_use_of(role))))
    names = reader_names(deal)
    plays = ", ".join(f"{names[s]} {symbol(c)}" for s, c in deal.current_trick)
    return build(
        kind="d_throw", evening=2, goal="e2-leads-duds", title=tr("What do you give up?"),
        position=number,
        question=tr("Deal number {number}, {chosen} chosen. The trick so far: {plays}. {name} "
                    "plays last, holding {hand}, and partner's {partner} is ahead, so the trick "
                    "is already won for {name}'s side. Which card should {name} give up?",
                    number=number, chosen=rules.chosen_text(chosen), plays=plays,
                    name=names[seat], hand=symbols(hand), partner=symbol(partner_card)),
        options=[symbol(c) for c in cards], feedback=fb, source=S000_RANKING, seed=seed,
        values=[str(c) for c in cards], chosen=chosen,
        pictures=[(tr("The trick so far"), "trick", tuple(str(c) for c in trick),
                   tuple(names[s] for s, _ in deal.current_trick)),
                  (tr("{name}'s hand", name=names[seat]), "hand", tuple(str(c) for c in hand))],
        extra=[("trick", tuple(str(c) for c in trick)), ("hand", tuple(str(c) for c in hand))],
    )


def strong_cards(rules: Any, chosen: Sequence[str], hand: Sequence[Card]) -> list[Card]:
    """Cards of the hand that at most two other cards of the pack could take if led."""
    from knlib.players.bots import STRONG_TAKERS, card_facts

    t = card_facts(rules, tuple(chosen))
    return [c for c in hand if t.takers[c.index].bit_count() <= STRONG_TAKERS]


def d_best_pair(rng: random.Random, game: str, seed: Any) -> Any:
    """Which chosen suits would make this hand strongest?"""
    from itertools import combinations

    for _ in range(400):
        deal = numbered_deal(game, rng.randrange(1, 10_000))
        rules = deal.rules
        seat = rng.randrange(deal.players)
        hand = list(deal.hands[seat])
        pairs = [tuple(p) for p in combinations(SUITS, 2)]
        counts = {p: len(strong_cards(rules, p, hand)) for p in pairs}
        top = max(counts.values())
        best = [p for p in pairs if counts[p] == top]
        lower = sorted({v for v in counts.values() if v < top}, reverse=True)
        if len(best) == 1 and len(lower) >= 2:
            break
    answer = best[0]
    others = [p for p in pairs if p != answer]
    others.sort(key=lambda p: -counts[p])
    picked: list[tuple[str, ...]] = []
    for p in others:  # wrong pairs with different counts where possible
        if counts[p] not in [counts[q] for q in picked]:
            picked.append(p)
    picked += [p for p in others if p not in picked]
    options = shuffled(rng, [answer, *picked[:3]])
    fb = []
    for p in options:
        strong = strong_cards(rules, p, hand)
        roles = rules.roles(p)
        listed = "; ".join(f"{symbol(c)} {roles[c].label}" for c in strong)
        fb.append((RIGHT if p == answer else WRONG, _pair_feedback(
            len(strong), chosen_pair_text(p), listed, p == answer, top, chosen_pair_text(answer))))
    return build(
        kind="d_best_pair", evening=2, goal="e2-role-change",
        title=tr("Which suits would you wish for?"), position=deal.get_game().seed,
        question=tr("Deal number {number}: {name} holds these nine cards. Counting as strong a "
                    "card that at most two other cards of the pack could take when it is led, "
                    "which pair of chosen suits would make this hand strongest?",
                    number=deal.get_game().seed, name=reader_names(deal)[seat]),
        options=[chosen_pair_text(p) for p in options], feedback=fb, source=S000_RANKING, seed=seed,
        values=["".join(p) for p in options],
        pictures=[(tr("{name}'s hand", name=reader_names(deal)[seat]), "row",
                   tuple(str(c) for c in hand))],
        extra=[("hand", tuple(str(c) for c in hand))],
    )


def _pair_feedback(n: int, suits: str, listed: str, right: bool, top: int, best: str) -> str:
    """Why a pair of chosen suits makes ``n`` cards strong, as one sentence (a wrong pair
    names the best pair's count)."""
    if n == 0:
        if right:
            return tr("With {suits} chosen, none of the cards is strong.", suits=suits)
        return tr("With {suits} chosen, none of the cards is strong, fewer than the {top} "
                  "with {best}.", suits=suits, top=count_words(top), best=best)
    if n == 1 and right:
        return tr("With {suits} chosen, one of the cards is strong (at most two cards could "
                  "take it when led): {listed}.", suits=suits, listed=listed)
    if n == 1:
        return tr("With {suits} chosen, one of the cards is strong (at most two cards could "
                  "take it when led): {listed}, fewer than the {top} with {best}.",
                  suits=suits, listed=listed, top=count_words(top), best=best)
    if right:
        return ntr("With {suits} chosen, {count} of the cards is strong (at most two cards "
                   "could take it when led): {listed}.",
                   "With {suits} chosen, {count} of the cards are strong (at most two cards "
                   "could take each when led): {listed}.", n, suits=suits,
                   count=count_words(n), listed=listed)
    return ntr("With {suits} chosen, {count} of the cards is strong (at most two cards could "
               "take it when led): {listed}, fewer than the {top} with {best}.",
               "With {suits} chosen, {count} of the cards are strong (at most two cards could "
               "take each when led): {listed}, fewer than the {top} with {best}.", n,
               suits=suits, count=count_words(n), listed=listed, top=count_words(top), best=best)


# ============================================================================================
# Evening 3
# ============================================================================================


def step_reason(rules: Any, trick: Sequence[Card], card: Card, chosen: Sequence[str]) -> str:
    from knlib.rules.tricks import explain_trick

    s = explain_trick(rules, [*trick, card], chosen).steps[-1].sentence
    return (s.split(": ", 1)[1] if ": " in s else s).rstrip(".")


def _cheapest_taker(d: Any) -> Card:
    from knlib.players.bots import card_facts

    t = card_facts(d.rules, d.chosen)
    cards = [c for _, c in d.current_trick]
    a = t.ahead(cards)
    return min((c for c in d.hands[d.to_move] if t.takes(cards, a, c)),
               key=lambda c: t.key[c.index])


def _cheap_agrees(d: Any) -> bool:
    """The rule of thumb "Take cheaply" applies here and its card is the cheapest taker."""
    take = THUMBS["take_cheaply"]
    return take.applies(d) and take.advise(d).good[0].card == _cheapest_taker(d)


def d_cheapest(rng: random.Random, game: str, seed: Any,
               want: Callable[[Any], bool] | None = None) -> Any:
    """You play last, an opponent is ahead: the cheapest card that takes the trick."""
    from knlib.players.bots import card_facts

    def stop(d: Any) -> bool:
        if not is_follow_position(d) or len(d.current_trick) != d.players - 1:
            return False
        t = card_facts(d.rules, d.chosen)
        cards = [c for _, c in d.current_trick]
        a = t.ahead(cards)
        if d.side_of(d.current_trick[a][0]) == d.side_of(d.to_move):
            return False
        hand = d.hands[d.to_move]
        takers = [c for c in hand if t.takes(cards, a, c)]
        return len(takers) >= 2 and len(hand) - len(takers) >= 2 and _cheap_agrees(d)

    deal, number = play_until(rng, game, stop if want is None else lambda d: stop(d) and want(d))
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    t = card_facts(rules, chosen)
    trick = [c for _, c in deal.current_trick]
    a = t.ahead(trick)
    hand = list(deal.hands[seat])
    takers = sorted((c for c in hand if t.takes(trick, a, c)), key=lambda c: t.key[c.index])
    cheap = takers[0]
    if t.strength[takers[1].index] == t.strength[cheap.index]:
        # Two equally cheap takers: ask with only one of them.
        takers = [cheap] + [c for c in takers[1:] if t.strength[c.index] > t.strength[cheap.index]]
    dearer = takers[1:]
    non = shuffled(rng, [c for c in hand if c not in takers and c not in dearer
                         and not t.takes(trick, a, c)])
    wrong = (shuffled(rng, dearer)[:1] + non[:2])
    wrong += [c for c in dearer[1:] + non[2:] if c not in wrong][: 3 - len(wrong)]
    cards = shuffled(rng, [cheap, *wrong])
    roles = rules.roles(chosen)
    rule = thumb_words("take_cheaply", THUMBS["take_cheaply"].advise(deal).fact)
    fb = []
    for c in cards:
        if c is cheap:
            fb.append((RIGHT, f"{rule} {step_reason(rules, trick, c, chosen)}."))
        elif t.takes(trick, a, c):
            fb.append((WRONG, tr("{card} would take the trick too, but it is {role}; {cheap}, "
                                 "{cheap_role}, does the same job and {card} stays in the hand "
                                 "for later. {rule}", card=symbol(c), role=roles[c].title,
                                 cheap=symbol(cheap), cheap_role=roles[cheap].title,
                                 rule=rule)))
        else:
            fb.append((WRONG, tr("{card} does not take the trick: {why}. {rule}", card=symbol(c),
                                 why=step_reason(rules, trick, c, chosen), rule=rule)))
    names = reader_names(deal)
    plays = ", ".join(f"{names[s]} {symbol(c)}" for s, c in deal.current_trick)
    return build(
        kind="d_cheapest", evening=3, goal="e3-can-beat",
        title=tr("The cheapest card that takes it"), position=number, thumb="take_cheaply",
        question=tr("Deal number {number}, {chosen} chosen. The trick so far: {plays}; the "
                    "opponents' {ahead} is ahead. {name} plays last, holding {hand}. Which card "
                    "takes the trick and costs the least?", number=number,
                    chosen=rules.chosen_text(chosen), plays=plays, ahead=symbol(trick[a]),
                    name=names[seat], hand=symbols(hand)),
        options=[symbol(c) for c in cards], feedback=fb, source=S000_PLAY, seed=seed,
        values=[str(c) for c in cards], chosen=chosen, game=rules.id,
        pictures=[(tr("The trick so far"), "trick", tuple(str(c) for c in trick),
                   tuple(names[s] for s, _ in deal.current_trick)),
                  (tr("{name}'s hand", name=names[seat]), "hand", tuple(str(c) for c in hand))],
        extra=[("trick", tuple(str(c) for c in trick)), ("hand", tuple(str(c) for c in hand)),
               ("deal", deal.to_json())],
    )


def d_safe_lead(rng: random.Random, game: str, seed: Any) -> Any:
    """You lead: which card wins the trick whatever the others hold?"""
    def sure(d: Any, c: Card) -> bool:
        return not takers_of(d.rules, d.chosen, c, unseen_cards(d, d.to_move))

    def stop(d: Any) -> bool:
        if d.phase != Phase.PLAY or d.current_trick or d.to_move is None:
            return False
        hand = d.hands[d.to_move]
        if len(hand) < 4 or sum(sure(d, c) for c in hand) != 1:
            return False
        # The rule of thumb "Lead what holds" leads that card (it always does: the card no
        # unseen card can take is the one the fewest can take).
        good = THUMBS["lead_holds"].advise(d).good
        return bool(good) and good[0].card is not None and sure(d, good[0].card)

    deal, number = play_until(rng, game, stop)
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    hand = list(deal.hands[seat])
    unseen = unseen_cards(deal, seat)
    taken = {c: takers_of(rules, chosen, c, unseen) for c in hand}
    win = next(c for c in hand if not taken[c])
    others = sorted((c for c in hand if taken[c]), key=lambda c: len(taken[c]))
    wrong = others[:3]
    cards = shuffled(rng, [win, *wrong])
    roles = rules.roles(chosen)
    rule = thumb_words("lead_holds", THUMBS["lead_holds"].advise(deal).fact)
    fb = []
    for c in cards:
        if c is win:
            fb.append((RIGHT, tr("{rule} {card} is {role}, and no card that {name} has not seen "
                                 "can take it when it is led.", rule=rule, card=symbol(c),
                                 role=roles[c].title, name=reader_names(deal)[seat])))
        else:
            k = len(taken[c])
            ex = symbols(taken[c][:3]) + (" …" if k > 3 else "")
            fb.append((WRONG, tr("{card} led can be taken by one card {name} has not seen "
                                 "({cards}): it {taken_by}. {rule}", card=symbol(c),
                                 name=reader_names(deal)[seat], cards=ex,
                                 taken_by=roles[c].taken_by, rule=rule) if k == 1 else
                       ntr("{card} led can be taken by {count} card {name} has not seen "
                           "({cards}): it {taken_by}. {rule}",
                           "{card} led can be taken by {count} cards {name} has not seen "
                           "({cards}): it {taken_by}. {rule}", k, card=symbol(c),
                           count=count_words(k), name=reader_names(deal)[seat], cards=ex,
                           taken_by=roles[c].taken_by, rule=rule)))
    done = len(deal.tricks)
    played = (tr("No trick has been played yet.") if done == 0 else
              tr("One trick has been played.") if done == 1 else
              ntr("{count} trick has been played.", "{count} tricks have been played.", done,
                  count=count_words(done).capitalize()))
    return build(
        kind="d_safe_lead", evening=3, goal="e3-lead-cases",
        title=tr("Which card is sure to win?"), position=number, thumb="lead_holds",
        question=tr("Deal number {number}, {chosen} chosen. {played} {name} is to lead with "
                    "{hand}. Which card wins the trick whatever the others hold?",
                    number=number, chosen=rules.chosen_text(chosen), played=played,
                    name=reader_names(deal)[seat], hand=symbols(hand)),
        options=[symbol(c) for c in cards], feedback=fb, source=S000_PLAY, seed=seed,
        values=[str(c) for c in cards], chosen=chosen,
        pictures=[(tr("{name}'s hand", name=reader_names(deal)[seat]), "hand",
                   tuple(str(c) for c in hand))],
        extra=[("unseen", tuple(str(c) for c in unseen)), ("deal", deal.to_json())],
    )
