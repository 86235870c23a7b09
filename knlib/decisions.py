"""Decision questions: "what would you do?" in real positions, answered by the engine.

Every question here starts from a real deal (:func:`knlib.new_deal` with a deal number)
that the computer players (:class:`knlib.players.bots.RulePlayer`) play up to a moment worth
stopping at: the dealer has just dealt, a player must lead, follow, exchange, answer a
card led face down (*drehen*), stop at a Jann, or choose as the five-player dealer.
The engine works out the answer and, for every option, says why it is right or why
*that* option is wrong (no two options share a feedback text).

Where a choice is a matter of odds (see or run, stop or play on, play alone or sit out)
the engine plays the rest of the deal out many times, with the unseen cards dealt at
random (:func:`knlib.players.bots.hidden_world`) and the rule-based habits at every seat, and
compares the average result; only positions where one choice is clearly better are
asked. Those habits are this book's tactics, not rules of the sources.

The questions are :class:`knlib.course.Question` objects with ``feedback`` (one sentence
per option), ``pictures`` (what to draw) and a ``goal``, so they also serve in the
self-checks and the exam. :func:`decision_html` draws one question as a small form that
works on the static page with no kernel and no script (radio buttons and CSS).
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .cards import SUITS, Card, suit_name, suit_symbol
from .errors import RulesError

__all__ = [
    "DECISION_KINDS",
    "DECISION_EVENING",
    "decision",
    "decision_html",
    "decisions_html",
    "check_decision",
    "EV_PLAYOUTS",
]

#: Playouts per option when the engine weighs a choice of odds.
EV_PLAYOUTS = 40
_LETTERS = "ABCDEFGHIJ"


# ============================================================================================
# Positions from real deals
# ============================================================================================


def _sym(card: Card) -> str:
    return card.symbol


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(c.symbol for c in cards)


def _pair_text(chosen: Sequence[str]) -> str:
    return " and ".join(f"{suit_symbol(s)} {suit_name(s).lower()}" for s in chosen)


def _new(game: str, seed: int, players: int | None = None, dealer: int = 0) -> Any:
    from .engine.deal import new_deal

    return new_deal(game, seed=seed, players=players, dealer=dealer)


def _walk(rng: random.Random, game: str, stop: Callable[[Any], bool], *, players: int | None = None,
          tries: int = 400) -> tuple[Any, int]:
    """A real deal (its number drawn from ``rng``) played by the rule-based habits up to the
    first moment ``stop(deal)`` holds; the deal is returned there, not played on."""
    from .players.bots import RulePlayer

    player = RulePlayer()
    for _ in range(tries):
        number = rng.randrange(1, 10_000)
        deal = _new(game, number, players, dealer=rng.randrange(players or 4))
        while not deal.is_over:
            if stop(deal):
                return deal, number
            deal.apply(player.choose(deal))
    raise RulesError("no position of this kind found")  # pragma: no cover - very unlikely


def _unseen(deal: Any, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen: not in its hand, not played, not face up."""
    from .players.bots import seen_bits

    seen = seen_bits(deal, seat)
    hand = set(deal.hands[seat])
    return [c for c in deal.rules.pack if c not in hand and not seen >> c.index & 1]


def _takers(rules: Any, chosen: Sequence[str], card: Card, among: Iterable[Card]) -> list[Card]:
    """The cards of ``among`` that would take ``card`` if it were led (engine)."""
    return [x for x in among if x is not card
            and rules.ahead_sequence([card, x], chosen)[-1] == 1]


def _role(rules: Any, chosen: Sequence[str], card: Card) -> Any:
    return rules.roles(tuple(chosen))[card]


def _question(kind: str, evening: int, goal: str, title: str, prompt: str,
              options: Sequence[str], answer: int, feedback: Sequence[str], explanation: str,
              source: str, seed: Any, *, values: Sequence[Any], pictures: Sequence[Any] = (),
              chosen: Sequence[str] | None = None, number: int | None = None,
              extra: Sequence[tuple[str, Any]] = (), game: str = "knueffeln") -> Any:
    from .course import Question

    return Question(
        kind, evening, game, title, prompt, tuple(options), answer, explanation, source, seed,
        values=tuple(values), chosen=tuple(chosen) if chosen else None,
        extra=tuple(sorted([*extra, ("deal_number", number)], key=lambda kv: kv[0])),
        needs_options=True, feedback=tuple(feedback), pictures=tuple(pictures), goal=goal,
    )


def _shuffle(rng: random.Random, items: list[Any]) -> list[Any]:
    rng.shuffle(items)
    return items


def _spread(items: Sequence[Any], key: Callable[[Any], Any], k: int) -> list[Any]:
    """Up to ``k`` items, one of each ``key`` first, in the given order."""
    firsts: list[Any] = []
    seen: list[Any] = []
    for x in items:
        if key(x) not in seen:
            seen.append(key(x))
            firsts.append(x)
    rest = [x for x in items if x not in firsts]
    return (firsts + rest)[:k]


# Sources, as the engine cites them (reader's words come from knlib.sources.for_reader).
S_PLAYERS = "seed 000, 'The Players'"
S_DEAL = "seed 000, 'The Deal and Exchange'"
S_RANK = "seed 000, 'The Cards and their Ranking'"
S_PLAY = "seed 000, 'The Play'"
S_DREHEN = "seed 000, 'Drehen und Sehen'"
S_FIVE = "seed 000, 'Five-Player Knüffeln'"
S_TALK = "seed 000, 'Communication'"
S_HATT = "seed 000, 'Modern Knüffeln (Hattstedt variant)'"
_TACTICS = "; the choice is this book's tactics, worked out by playing the deal on"


# ============================================================================================
# Evening 1
# ============================================================================================


def _d_first_lead(rng: random.Random, game: str, seed: Any) -> Any:
    """Who leads to the first trick, for a real deal's dealer."""
    deal = _new(game, rng.randrange(1, 10_000), dealer=rng.randrange(4))
    number = deal.seed
    names, n, dealer = deal.names, deal.players, deal.dealer
    lead = deal.forehand
    why = {
        dealer: f"{names[dealer]} is the dealer: the dealer shuffles and deals, and the "
                "player on the dealer's left leads.",
        (dealer - 1) % n: f"{names[(dealer - 1) % n]} sits on the dealer's right and cuts the "
                          "pack; the lead goes the other way, to the dealer's left.",
        (dealer + 2) % n: f"{names[(dealer + 2) % n]} sits opposite the dealer, as the dealer's "
                          "partner; the lead goes to the dealer's left.",
        lead: f"Right: {names[lead]} sits on the dealer's left (forehand) and leads to the "
              "first trick; play then goes clockwise.",
    }
    seats = list(range(n))
    return _question(
        "d_first_lead", 1, "e1-table", "Who leads?",
        f"Deal number {number}: {names[dealer]} deals (seats in clockwise order: "
        f"{', '.join(names)}). Who leads to the first trick?",
        [names[s] for s in seats], seats.index(lead), [why[s] for s in seats],
        why[lead][7:], f"{S_DEAL}; {S_PLAY}", seed, values=seats,
        pictures=[("The turn-ups of this deal", "row", tuple(str(c) for c in deal.turn_ups))],
        number=number, extra=[("dealer", dealer)], chosen=deal.chosen,
    )


def _d_second_suit(rng: random.Random, game: str, seed: Any) -> Any:
    """Which turn-up gives the second chosen suit (a deal with three or four turn-ups)."""
    for _ in range(400):
        deal = _new(game, rng.randrange(1, 10_000))
        if len(deal.turn_ups) >= 3:
            break
    ups = list(deal.turn_ups)
    first = ups[0].suit
    k = next(i for i, c in enumerate(ups) if c.suit != first)
    fb = []
    for i, c in enumerate(ups):
        if i == 0:
            fb.append(f"{_sym(c)} is the first turn-up: it gives the first chosen suit, "
                      f"{_pair_text([first])}, not the second.")
        elif i < k:
            fb.append(f"{_sym(c)}, turn-up number {i + 1}, has the same suit as the first, so "
                      "it chooses nothing new: the dealer has to turn another card.")
        else:
            fb.append(f"Right: {_sym(c)} is the first turn-up of a different suit, so "
                      f"{_pair_text([c.suit])} is the second chosen suit; the dealer stops.")
    return _question(
        "d_second_suit", 1, "e1-turn-ups", "Which turn-up decides?",
        f"Deal number {deal.seed}: after dealing, the dealer turned up these cards, in this "
        "order, and then stopped. Which of them gives the second chosen suit?",
        [f"{_sym(c)} (turn-up {i + 1})" for i, c in enumerate(ups)], k, fb, fb[k][7:], S_DEAL,
        seed, values=[str(c) for c in ups], number=deal.seed, chosen=deal.chosen,
        pictures=[("The turn-ups, in the order turned", "row", tuple(str(c) for c in ups))],
    )


def _weakest_role(rules: Any, card: Card) -> tuple[tuple[str, ...], Any]:
    """The choice of suits under which ``card`` is weakest, and its role then."""
    from itertools import combinations

    pairs = [tuple(p) for p in combinations(SUITS, rules.n_chosen)]
    best = min(pairs, key=lambda p: (rules.strength(card, p), p))
    return best, rules.roles(best)[card]


def _d_sure_card(rng: random.Random, game: str, seed: Any) -> Any:
    """Before the turn-ups: which card of this hand is strong whatever is chosen (an Ole)."""
    from .course import _is_permanent_top

    rules = None
    for _ in range(400):
        deal = _new(game, rng.randrange(1, 10_000))
        rules = deal.rules
        seat = rng.randrange(deal.players)
        hand = list(deal.hands[seat])
        olen = [c for c in hand if _is_permanent_top(rules, c)]
        others = [c for c in hand if not _is_permanent_top(rules, c)]
        # Look-alikes first: Aces, Jacks, Sixes, Sevens (strong only when chosen).
        good = [c for c in others if c.rank in (14, 11, 6, 7, 2)]
        if len(olen) >= 1 and len({c.rank for c in good}) >= 2 and len(good) >= 3:
            break
    ole = rng.choice(olen)
    wrong = _spread(_shuffle(rng, good), lambda c: c.rank, 3)
    cards = _shuffle(rng, [ole, *wrong])
    fb = []
    for c in cards:
        if c is ole:
            fb.append(f"Right: {_sym(c)} is {_role(rules, deal.chosen, c).title}, one of the "
                      "five Olen: its place is the same whatever suits are chosen.")
        else:
            pair, role = _weakest_role(rules, c)
            fb.append(f"{_sym(c)} is not an Ole: with {_pair_text(pair)} chosen it is only "
                      f"{role.title}, which beats {role.beats}.")
    return _question(
        "d_sure_card", 1, "e1-olen", "A card you can count on",
        f"Deal number {deal.seed}: {deal.names[seat]} picks up these nine cards before any "
        "card is turned up. Which of these four can {0} count on, whatever suits are "
        "chosen?".format(deal.names[seat]),
        [_sym(c) for c in cards], cards.index(ole), fb, fb[cards.index(ole)][7:], S_RANK, seed,
        values=[str(c) for c in cards], number=deal.seed,
        pictures=[(f"{deal.names[seat]}'s hand, before the turn-ups", "row",
                   tuple(str(c) for c in hand))],
    )


# ============================================================================================
# Evening 2
# ============================================================================================


def _use_of(role: Any) -> str:
    """What a card is good for, in a few words, from its role."""
    k = role.klass
    if k == "Ole":
        return "one of the Olen: it takes almost anything, so keep it"
    if k == "beater":
        return f"a beater that takes {role.beats}: keep it to win a trick later"
    if k == "Seven":
        return "led, nothing can take it: keep it for your own lead"
    if k == "free card":
        return "led, only an Ole or a chosen Ace or Jack takes it: keep it for a lead"
    if k == "unchosen Ace":
        return "it takes any led card of its own suit: keep it"
    if k in ("no power", "unchosen court"):
        return "a useful lead that only a beater can take: keep it"
    return "worth little"


def _follow_positions(deal: Any) -> bool:
    return deal.phase == "play" and bool(deal.current_trick) and deal.to_move is not None


def _d_throw(rng: random.Random, game: str, seed: Any) -> Any:
    """Partner has the trick won (you play last): which card do you give up?"""
    from .players.bots import tables

    def stop(d: Any) -> bool:
        if not _follow_positions(d) or len(d.current_trick) != d.players - 1:
            return False
        t = tables(d.rules, d.chosen)
        cards = [c for _, c in d.current_trick]
        ahead = d.current_trick[t.ahead(cards)][0]
        if d.side_of(ahead) != d.side_of(d.to_move):
            return False
        roles = d.rules.roles(d.chosen)
        hand = d.hands[d.to_move]
        duds = [c for c in hand if roles[c].klass == "dud"]
        keep = [c for c in hand if roles[c].klass not in ("dud",)]
        return len(duds) >= 1 and len(keep) >= 3

    deal, number = _walk(rng, game, stop)
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    roles = rules.roles(chosen)
    trick = [c for _, c in deal.current_trick]
    hand = list(deal.hands[seat])
    t = tables(rules, chosen)
    ahead_pos = t.ahead(trick)
    partner_card = trick[ahead_pos]
    dud = min((c for c in hand if roles[c].klass == "dud"), key=lambda c: (c.rank, c.index))
    keep = _shuffle(rng, [c for c in hand if roles[c].klass != "dud"])
    # Prefer different kinds of good card: one of each kind first.
    wrong = _spread(keep, lambda c: roles[c].klass, 3)
    cards = _shuffle(rng, [dud, *wrong])
    fb = []
    for c in cards:
        role = roles[c]
        if c is dud:
            fb.append(f"Right: {_sym(c)} is {role.title}, worth nothing to you, and your "
                      f"partner's {_sym(partner_card)} stays ahead: the trick is your side's.")
            continue
        over = t.takes(trick, ahead_pos, c)
        tail = (f"; played now it would even take the trick from your partner's "
                f"{_sym(partner_card)}" if over else "")
        fb.append(f"{_sym(c)} is {role.title}, {_use_of(role)}{tail}.")
    names = deal.names
    plays = ", ".join(f"{names[s]} {_sym(c)}" for s, c in deal.current_trick)
    return _question(
        "d_throw", 2, "e2-leads-duds", "What do you give up?",
        f"Deal number {number}, {rules.chosen_text(chosen)} chosen. The trick so far: {plays}. "
        f"{names[seat]} plays last, holding {_cards(hand)}, and partner's "
        f"{_sym(partner_card)} is ahead, so the trick is already won for "
        f"{names[seat]}'s side. Which card should {names[seat]} give up?",
        [_sym(c) for c in cards], cards.index(dud), fb, fb[cards.index(dud)][7:], S_RANK, seed,
        values=[str(c) for c in cards], chosen=chosen, number=number,
        pictures=[("The trick so far", "trick", tuple(str(c) for c in trick),
                   tuple(names[s] for s, _ in deal.current_trick)),
                  (f"{names[seat]}'s hand", "hand", tuple(str(c) for c in hand))],
        extra=[("trick", tuple(str(c) for c in trick)), ("hand", tuple(str(c) for c in hand))],
    )


def _strong(rules: Any, chosen: Sequence[str], hand: Sequence[Card]) -> list[Card]:
    """Cards of the hand that at most two other cards of the pack could take if led."""
    from .players.bots import STRONG_TAKERS, tables

    t = tables(rules, tuple(chosen))
    return [c for c in hand if t.takers[c.index].bit_count() <= STRONG_TAKERS]


def _d_best_pair(rng: random.Random, game: str, seed: Any) -> Any:
    """Which chosen suits would make this hand strongest?"""
    from itertools import combinations

    for _ in range(400):
        deal = _new(game, rng.randrange(1, 10_000))
        rules = deal.rules
        seat = rng.randrange(deal.players)
        hand = list(deal.hands[seat])
        pairs = [tuple(p) for p in combinations(SUITS, 2)]
        counts = {p: len(_strong(rules, p, hand)) for p in pairs}
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
    options = _shuffle(rng, [answer, *picked[:3]])
    fb = []
    for p in options:
        strong = _strong(rules, p, hand)
        roles = rules.roles(p)
        listed = "; ".join(f"{_sym(c)} {roles[c].label}" for c in strong) or "none"
        head = "Right: with" if p == answer else "With"
        n = len(strong)
        verb = "is" if n == 1 else "are"
        tail = "" if p == answer else f", fewer than the {top} with {_pair_text(answer)}"
        fb.append(f"{head} {_pair_text(p)} chosen, {n} of the cards {verb} strong "
                  f"(at most two cards could take {'it' if n == 1 else 'each'} when led): "
                  f"{listed}{tail}.")
    i = options.index(answer)
    return _question(
        "d_best_pair", 2, "e2-role-change", "Which suits would you wish for?",
        f"Deal number {deal.seed}: {deal.names[seat]} holds these nine cards. Counting as "
        "strong a card that at most two other cards of the pack could take when it is led, "
        "which pair of chosen suits would make this hand strongest?",
        [_pair_text(p) for p in options], i, fb, fb[i][7:], S_RANK, seed,
        values=["".join(p) for p in options], number=deal.seed,
        pictures=[(f"{deal.names[seat]}'s hand", "row", tuple(str(c) for c in hand))],
        extra=[("hand", tuple(str(c) for c in hand))],
    )


# ============================================================================================
# Evening 3
# ============================================================================================


def _step_reason(rules: Any, trick: Sequence[Card], card: Card, chosen: Sequence[str]) -> str:
    from .rules.tricks import explain_trick

    s = explain_trick(rules, [*trick, card], chosen).steps[-1].sentence
    return (s.split(": ", 1)[1] if ": " in s else s).rstrip(".")


def _cheapest_taker(d: Any) -> Card:
    from .players.bots import tables

    t = tables(d.rules, d.chosen)
    cards = [c for _, c in d.current_trick]
    a = t.ahead(cards)
    return min((c for c in d.hands[d.to_move] if t.takes(cards, a, c)),
               key=lambda c: t.key[c.index])


def _d_cheapest(rng: random.Random, game: str, seed: Any,
                want: Callable[[Any], bool] | None = None) -> Any:
    """You play last, an opponent is ahead: the cheapest card that takes the trick."""
    from .players.bots import tables

    def stop(d: Any) -> bool:
        if not _follow_positions(d) or len(d.current_trick) != d.players - 1:
            return False
        t = tables(d.rules, d.chosen)
        cards = [c for _, c in d.current_trick]
        a = t.ahead(cards)
        if d.side_of(d.current_trick[a][0]) == d.side_of(d.to_move):
            return False
        hand = d.hands[d.to_move]
        takers = [c for c in hand if t.takes(cards, a, c)]
        return len(takers) >= 2 and len(hand) - len(takers) >= 2

    deal, number = _walk(rng, game, stop if want is None else lambda d: stop(d) and want(d))
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    t = tables(rules, chosen)
    trick = [c for _, c in deal.current_trick]
    a = t.ahead(trick)
    hand = list(deal.hands[seat])
    takers = sorted((c for c in hand if t.takes(trick, a, c)), key=lambda c: t.key[c.index])
    cheap = takers[0]
    if t.strength[takers[1].index] == t.strength[cheap.index]:
        # Two equally cheap takers: ask with only one of them.
        takers = [cheap] + [c for c in takers[1:] if t.strength[c.index] > t.strength[cheap.index]]
    dearer = takers[1:]
    non = _shuffle(rng, [c for c in hand if c not in takers and c not in dearer
                         and not t.takes(trick, a, c)])
    wrong = (_shuffle(rng, dearer)[:1] + non[:2])
    wrong += [c for c in dearer[1:] + non[2:] if c not in wrong][: 3 - len(wrong)]
    cards = _shuffle(rng, [cheap, *wrong])
    roles = rules.roles(chosen)
    fb = []
    for c in cards:
        if c is cheap:
            fb.append(f"Right: {_sym(c)} takes the trick, and no card of the hand that also "
                      f"takes it is worth less. {_step_reason(rules, trick, c, chosen)}.")
        elif t.takes(trick, a, c):
            fb.append(f"{_sym(c)} would take the trick too, but it is {roles[c].title}; "
                      f"{_sym(cheap)}, {roles[cheap].title}, does the same job and {_sym(c)} "
                      "stays in the hand for later.")
        else:
            fb.append(f"{_sym(c)} does not take the trick: "
                      f"{_step_reason(rules, trick, c, chosen)}.")
    names = deal.names
    plays = ", ".join(f"{names[s]} {_sym(c)}" for s, c in deal.current_trick)
    i = cards.index(cheap)
    return _question(
        "d_cheapest", 3, "e3-can-beat", "The cheapest card that takes it",
        f"Deal number {number}, {rules.chosen_text(chosen)} chosen. The trick so far: {plays}; "
        f"the opponents' {_sym(trick[a])} is ahead. {names[seat]} plays last, holding "
        f"{_cards(hand)}. Which card takes the trick and costs the least?",
        [_sym(c) for c in cards], i, fb, fb[i][7:], S_PLAY, seed,
        values=[str(c) for c in cards], chosen=chosen, number=number, game=rules.id,
        pictures=[("The trick so far", "trick", tuple(str(c) for c in trick),
                   tuple(names[s] for s, _ in deal.current_trick)),
                  (f"{names[seat]}'s hand", "hand", tuple(str(c) for c in hand))],
        extra=[("trick", tuple(str(c) for c in trick)), ("hand", tuple(str(c) for c in hand))],
    )


def _d_safe_lead(rng: random.Random, game: str, seed: Any) -> Any:
    """You lead: which card wins the trick whatever the others hold?"""
    def sure(d: Any, c: Card) -> bool:
        return not _takers(d.rules, d.chosen, c, _unseen(d, d.to_move))

    def stop(d: Any) -> bool:
        if d.phase != "play" or d.current_trick or d.to_move is None:
            return False
        hand = d.hands[d.to_move]
        if len(hand) < 4:
            return False
        return sum(sure(d, c) for c in hand) == 1

    deal, number = _walk(rng, game, stop)
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    hand = list(deal.hands[seat])
    unseen = _unseen(deal, seat)
    taken = {c: _takers(rules, chosen, c, unseen) for c in hand}
    win = next(c for c in hand if not taken[c])
    others = sorted((c for c in hand if taken[c]), key=lambda c: len(taken[c]))
    wrong = others[:3]
    cards = _shuffle(rng, [win, *wrong])
    roles = rules.roles(chosen)
    fb = []
    for c in cards:
        if c is win:
            fb.append(f"Right: {_sym(c)} is {roles[c].title}, and no card that "
                      f"{deal.names[seat]} has not seen can take it when it is led.")
        else:
            k = len(taken[c])
            ex = _cards(taken[c][:3]) + (" …" if k > 3 else "")
            fb.append(f"{_sym(c)} led can be taken by {k} card{'s' if k != 1 else ''} "
                      f"{deal.names[seat]} has not seen ({ex}): it {roles[c].taken_by}.")
    done = len(deal.tricks)
    i = cards.index(win)
    return _question(
        "d_safe_lead", 3, "e3-lead-cases", "Which card is sure to win?",
        f"Deal number {number}, {rules.chosen_text(chosen)} chosen. {done} trick"
        f"{'s have' if done != 1 else ' has'} been played. {deal.names[seat]} is to lead "
        f"with {_cards(hand)}. Which card wins the trick whatever the others hold?",
        [_sym(c) for c in cards], i, fb, fb[i][7:], S_PLAY, seed,
        values=[str(c) for c in cards], chosen=chosen, number=number,
        pictures=[(f"{deal.names[seat]}'s hand", "hand", tuple(str(c) for c in hand))],
        extra=[("unseen", tuple(str(c) for c in unseen))],
    )


# ============================================================================================
# Evening 4
# ============================================================================================


def _d_exchange(rng: random.Random, game: str, seed: Any) -> Any:
    """Which exchange to make (a chosen Ten for a turn-up, a Queen or King for an Ole)."""
    def stop(d: Any) -> bool:
        return d.phase == "exchange" and sum(a.kind == "exchange" for a in d.legal_actions()) >= 1

    # Two turn-ups on offer or more: keeping the powerless Ten is never the answer, so the
    # question is which turn-up to take.
    deal, number = _walk(rng, game, lambda d: stop(d) and (
        sum(a.kind == "exchange" for a in d.legal_actions()) >= 2))
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    acts = deal.legal_actions()
    roles = rules.roles(chosen)
    strength = {a: rules.strength(a.other if a.kind == "exchange" else a.card or
                                  next(x.card for x in acts if x.kind == "exchange"), chosen)
                for a in acts}
    give = next(a.card for a in acts if a.kind == "exchange")
    best = max((a for a in acts if a.kind == "exchange"), key=lambda a: strength[a])
    ole = best.other in {c for c in rules.pack if roles[c].klass == "Ole"}
    fb = []
    options = []
    for a in acts:
        if a.kind == "pass":
            options.append(f"keep {_sym(give)}")
            fb.append(f"Keeping {_sym(give)} wastes the exchange: it is {roles[give].title}, "
                      f"and {_sym(best.other)} is {roles[best.other].title}.")
        else:
            options.append(f"take {_sym(a.other)}")
            if a is best:
                fb.append(f"Right: {_sym(a.other)} is {roles[a.other].title}, the best card on "
                          f"offer and worth more than {_sym(give)}, {roles[give].title}.")
            else:
                fb.append(f"{_sym(a.other)} is only {roles[a.other].title}; "
                          f"{_sym(best.other)}, {roles[best.other].title}, is worth more.")
    what = ("an Ole from the bottom of the stock" if ole else
            "a turn-up of its suit")
    i = acts.index(best)
    return _question(
        "d_exchange", 4, "e4-exchanges", "Which exchange?",
        f"Deal number {number}, {rules.chosen_text(chosen)} chosen. {deal.names[seat]} may give "
        f"{_sym(give)} for {what}. What should {deal.names[seat]} do?",
        options, i, fb, fb[i][7:], S_DEAL, seed,
        values=[str(a) for a in acts], chosen=chosen, number=number,
        pictures=[("The cards face up on the table", "row",
                   tuple(str(c) for c in deal.table)),
                  (f"{deal.names[seat]}'s hand", "hand",
                   tuple(str(c) for c in deal.hands[seat]))],
        extra=[("deal", deal.to_json())],
    )


def _expected(deal: Any, acts: Sequence[Any], seat: int, rng: random.Random,
              n: int = EV_PLAYOUTS) -> list[float]:
    """Average payment to ``seat`` after each action, over ``n`` deals of the cards it cannot
    see, each played out by the rule-based habits (engine)."""
    from .players.bots import RulePlayer, hidden_world

    rp = RulePlayer()
    totals = [0.0] * len(acts)
    for _ in range(n):
        world = hidden_world(deal, seat, rng)
        for i, a in enumerate(acts):
            d = world.copy()
            d.apply(a)
            while not d.is_over:
                d.apply(rp.choose(d))
            totals[i] += d.result.payments[seat]
    return [t / n for t in totals]


def _odds_question(rng: random.Random, game: str, seed: Any, *, kind: str, goal: str,
                   title: str, phase: str, players: int | None, margin: float,
                   prompt: Callable[[Any, int], str], why: Callable[[Any, Any, float, str], str],
                   pictures: Callable[[Any], list[Any]], source: str,
                   habits: bool = True) -> Any:
    """A yes/no choice weighed by playing the deal out: the answer is clearly better. Each
    answer is aimed at about equally often (with ``habits``, the rule-based habits pick the
    candidates), so that "always stop" is not a winning guess."""
    from .engine.scoring import format_amount
    from .players.bots import RulePlayer

    habit = RulePlayer()
    first = _walk(rng, game, lambda d: d.phase == phase, players=players)[0]
    kinds = sorted({a.kind for a in first.legal_actions()})
    want = rng.choice(kinds)
    found = fallback = None
    gap_best = -1.0
    for attempt in range(80):
        aim = want if attempt < 12 and habits else None
        deal, number = _walk(rng, game, lambda d, aim=aim: d.phase == phase and (
            aim is None or habit.choose(d).kind == aim), players=players)
        acts = deal.legal_actions()
        seat = deal.to_move
        ev = _expected(deal, acts, seat, random.Random(f"{kind}|{number}"))
        best = max(range(len(acts)), key=lambda i: ev[i])
        gap = min(ev[best] - ev[j] for j in range(len(acts)) if j != best)
        if gap > gap_best:  # the clearest position so far, should none be clear enough
            gap_best, fallback = gap, (deal, number, acts, seat, ev, best)
        if gap >= margin * deal.stakes.basic:
            found = (deal, number, acts, seat, ev, best)
            if acts[best].kind == want or attempt >= 12:
                break
    found = found or fallback
    assert found is not None
    deal, number, acts, seat, ev, best = found
    u = deal.stakes.unit

    def amount(x: float) -> str:
        return format_amount(u, round(x), sign=True)

    fb = []
    for i, a in enumerate(acts):
        head = "Right: " if i == best else ""
        fb.append(head + why(deal, a, ev[i], amount(ev[i])) + (
            "" if i == best else f" {str(acts[best]).capitalize()} averages "
                                 f"{amount(ev[best])} instead."))
    return _question(
        kind, 4, goal, title, prompt(deal, number),
        [str(a).capitalize() for a in acts], best, fb, fb[best][7:],
        source + _TACTICS, seed, values=[str(a) for a in acts], chosen=deal.chosen,
        number=number, pictures=pictures(deal),
        extra=[("deal", deal.to_json()), ("ev", tuple(round(x, 2) for x in ev))],
    )


def _money(deal: Any, value: int) -> str:
    from .engine.scoring import format_amount

    return format_amount(deal.stakes.unit, value)


def _tricks_text(deal: Any) -> str:
    won = deal.tricks_won
    return (f"{deal.side_name(0)} have {won[0]} trick{'s' if won[0] != 1 else ''}, "
            f"{deal.side_name(1)} {won[1]}")


def _d_see_run(rng: random.Random, game: str, seed: Any) -> Any:
    def prompt(d: Any, number: int) -> str:
        leader = d.current_trick[0][0]
        return (f"Deal number {number}, {d.rules.chosen_text(d.chosen)} chosen. "
                f"{_tricks_text(d)}. {d.names[leader]} leads a card face down (drehen): the "
                f"deal is now worth {_money(d, d.value + d.stakes.turn)} if "
                f"{d.names[d.to_move]}'s side sees, or {_money(d, d.value)} to the leaders if "
                "it runs. "
                f"{d.names[d.to_move]} holds {_cards(d.hands[d.to_move])}. See or run?")

    def why(d: Any, a: Any, ev: float, amt: str) -> str:
        me = d.names[d.to_move]
        if a.kind == "see":
            return (f"Seeing raises the stake and plays on: over {EV_PLAYOUTS} ways the unseen "
                    f"cards could lie, {me} averages {amt}.")
        return (f"Running gives the deal up at once: {me} pays for sure, {amt}.")

    return _odds_question(
        rng, game, seed, kind="d_see_run", goal="e4-drehen", title="See or run?",
        phase="answer", players=None, margin=1.0, prompt=prompt, why=why, source=S_DREHEN,
        pictures=lambda d: [(f"{d.names[d.to_move]}'s hand", "hand",
                             tuple(str(c) for c in d.hands[d.to_move]))])


def _d_jann(rng: random.Random, game: str, seed: Any) -> Any:
    def prompt(d: Any, number: int) -> str:
        me = d.names[d.to_move]
        return (f"Deal number {number}, {d.rules.chosen_text(d.chosen)} chosen. {me}'s side "
                "has taken the first five tricks in a row: a Jann. Leading to the sixth trick "
                f"means playing on for the march (all nine). {me} holds "
                f"{_cards(d.hands[d.to_move])}. Stop "
                "at the Jann or play on?")

    def why(d: Any, a: Any, ev: float, amt: str) -> str:
        if a.kind == "stop":
            return f"Stopping takes the Jann for sure: {amt}."
        return (f"Playing on wins the march only if every remaining trick is won: over "
                f"{EV_PLAYOUTS} ways the unseen cards could lie it averages {amt}.")

    return _odds_question(
        rng, game, seed, kind="d_jann", goal="e4-jann", title="Stop at the Jann?",
        phase="Jann", players=None, margin=1.0, prompt=prompt, why=why, source=S_PLAY,
        habits=False,
        pictures=lambda d: [(f"{d.names[d.to_move]}'s hand", "hand",
                             tuple(str(c) for c in d.hands[d.to_move]))])


def _d_five(rng: random.Random, game: str, seed: Any) -> Any:
    def prompt(d: Any, number: int) -> str:
        me = d.names[d.dealer]
        return (f"Deal number {number}, five players, {d.rules.chosen_text(d.chosen)} chosen. "
                f"{me} deals and may look at the stock ({_cards(d.stock)}): {me} either "
                "plays alone with it against the other four (needing four tricks) or sits "
                "out this deal. Which?")

    def why(d: Any, a: Any, ev: float, amt: str) -> str:
        if a.kind == "sit out":
            return f"Sitting out, the dealer neither pays nor receives: {amt}."
        return (f"Playing alone with these cards averages {amt} for the dealer over "
                f"{EV_PLAYOUTS} ways the other cards could lie.")

    return _odds_question(
        rng, game, seed, kind="d_five", goal="e4-five", title="Play alone?",
        phase="dealer's choice", players=5, margin=1.0, prompt=prompt, why=why,
        source=S_FIVE,
        pictures=lambda d: [("The stock", "hand", tuple(str(c) for c in d.stock))])


# ============================================================================================
# Evening 5
# ============================================================================================


def _d_say(rng: random.Random, game: str, seed: Any) -> Any:
    """What can you tell partner truthfully about this hand?"""
    from .players.talk import PHRASEBOOK, claims_true

    cands = [p for p in PHRASEBOOK if p.test is not None and not p.needs_target
             and p.kind != "question"]
    for _ in range(400):
        deal = _new(game, rng.randrange(1, 10_000))
        seat = rng.randrange(deal.players)
        hand = list(deal.hands[seat])
        truth = {p.id: claims_true(p.id, hand, deal.chosen, deal.rules) for p in cands}
        yes = [p for p in cands if truth[p.id]]
        no = [p for p in cands if not truth[p.id]]
        claims = {p.claim for p in no}
        if yes and len(claims) >= 3:
            break
    right = rng.choice(yes)
    wrong: list[Any] = []
    for p in _shuffle(rng, no):
        if p.claim not in [q.claim for q in wrong] and p.claim != right.claim:
            wrong.append(p)
        if len(wrong) == 3:
            break
    ps = _shuffle(rng, [right, *wrong])
    fb = []
    for p in ps:
        said = f"“{p.low_german_or_german}” ({p.english})"
        if p is right:
            fb.append(f"Right: {said} claims the speaker {p.claim}, and this hand does.")
        else:
            fb.append(f"{said} claims the speaker {p.claim}: this hand does not, so it would "
                      "be a bluff.")
    i = ps.index(right)
    return _question(
        "d_say", 5, "e5-truthful", "What can you say?",
        f"Deal number {deal.seed}, {deal.rules.chosen_text(deal.chosen)} chosen. "
        f"{deal.names[seat]} holds {_cards(hand)} and wants to tell partner about them "
        "without bluffing (and without naming a card). Which line is true?",
        [f"“{p.low_german_or_german}” ({p.english})" for p in ps], i, fb, fb[i][7:], S_TALK,
        seed, values=[p.id for p in ps], chosen=deal.chosen, number=deal.seed,
        pictures=[(f"{deal.names[seat]}'s hand", "hand", tuple(str(c) for c in hand))],
        extra=[("hand", tuple(str(c) for c in hand))],
    )


def _d_hattstedt(rng: random.Random, game: str, seed: Any) -> Any:
    """At a Hattstedt table an unchosen card beats a lower card of its own suit: which card
    of this hand takes the lead (one that would not in Bohmstedt)?"""
    from .players.bots import tables
    from .rules.games import ruleset

    base = ruleset("knueffeln")
    hatt = ruleset("knueffeln-hattstedt")

    def split(d: Any) -> tuple[list[Card], list[Card]]:
        t = tables(d.rules, d.chosen)
        cards = [c for _, c in d.current_trick]
        a = t.ahead(cards)
        hand = d.hands[d.to_move]
        takers = [c for c in hand if t.takes(cards, a, c)]
        return takers, [c for c in hand if c not in takers]

    def stop(d: Any) -> bool:
        if not _follow_positions(d):
            return False
        cards = [c for _, c in d.current_trick]
        takers, others = split(d)
        return (len(takers) == 1 and len(others) >= 3 and
                base.ahead_sequence([*cards, takers[0]], d.chosen)[-1] != len(cards))

    deal, number = _walk(rng, "knueffeln-hattstedt", stop, tries=3000)
    chosen, seat, names = deal.chosen, deal.to_move, deal.names
    trick = [c for _, c in deal.current_trick]
    takers, others = split(deal)
    right = takers[0]
    cards = _shuffle(rng, [right, *_spread(_shuffle(rng, others), lambda c: c.suit, 3)])
    fb = []
    for c in cards:
        why = _step_reason(hatt, trick, c, chosen)
        if c is right:
            fb.append(f"Right: in Hattstedt {_sym(c)} takes the lead: {why}. In Bohmstedt it "
                      f"would not: {_step_reason(base, trick, c, chosen)}.")
        else:
            fb.append(f"{_sym(c)} does not take the lead, in Hattstedt either: {why}.")
    plays = ", ".join(f"{names[s]} {_sym(c)}" for s, c in deal.current_trick)
    i = cards.index(right)
    return _question(
        "d_hattstedt", 5, "e5-variants", "At a Hattstedt table",
        f"Deal number {number} at a Hattstedt table, {hatt.chosen_text(chosen)} chosen. The "
        f"trick so far: {plays}. {names[seat]} holds {_cards(deal.hands[seat])}. Which of these "
        "cards would take the lead there?",
        [_sym(c) for c in cards], i, fb, fb[i][7:], f"{S_HATT}; {S_PLAY}", seed,
        values=[str(c) for c in cards], chosen=chosen, number=number, game=hatt.id,
        pictures=[("The trick so far", "trick", tuple(str(c) for c in trick),
                   tuple(names[s] for s, _ in deal.current_trick)),
                  (f"{names[seat]}'s hand", "hand",
                   tuple(str(c) for c in deal.hands[seat]))],
        extra=[("trick", tuple(str(c) for c in trick))],
    )


# ============================================================================================
# The registry, the check, the pictures
# ============================================================================================

_DECISIONS: dict[str, Callable[[random.Random, str, Any], Any]] = {
    "d_first_lead": _d_first_lead,
    "d_second_suit": _d_second_suit,
    "d_sure_card": _d_sure_card,
    "d_throw": _d_throw,
    "d_best_pair": _d_best_pair,
    "d_cheapest": _d_cheapest,
    "d_safe_lead": _d_safe_lead,
    "d_exchange": _d_exchange,
    "d_see_run": _d_see_run,
    "d_jann": _d_jann,
    "d_five": _d_five,
    "d_say": _d_say,
    "d_hattstedt": _d_hattstedt,
}
#: Every kind of decision question, in course order.
DECISION_KINDS: tuple[str, ...] = tuple(_DECISIONS)
#: The evening of each kind.
DECISION_EVENING: dict[str, int] = {
    "d_first_lead": 1, "d_second_suit": 1, "d_sure_card": 1,
    "d_throw": 2, "d_best_pair": 2,
    "d_cheapest": 3, "d_safe_lead": 3,
    "d_exchange": 4, "d_see_run": 4, "d_jann": 4, "d_five": 4,
    "d_say": 5, "d_hattstedt": 5,
}


def decision(kind: str, seed: Any, game: Any = "knueffeln") -> Any:
    """One decision question of a kind from a seed (the same seed, the same question);
    None for games other than Knüffeln (Bohmstedt), whose deals these are."""
    from .rules.games import ruleset

    rules = ruleset(game)
    if kind not in _DECISIONS:
        raise RulesError(f"{kind!r} is not a kind of decision question: choose one of "
                         f"{', '.join(_DECISIONS)}")
    if rules.id != "knueffeln":
        return None
    return _DECISIONS[kind](random.Random(f"{kind}|{seed}"), "knueffeln", seed)


def check_decision(q: Any) -> list[int]:
    """The options the engine finds right, worked out again from the question's data."""
    from .engine.deal import Deal
    from .rules.games import ruleset

    kind = q.kind
    rules = ruleset(q.game)
    number = q.get("deal_number")
    if kind == "d_first_lead":
        from .rules.dealing import seat_names

        d = _new(q.game, number, dealer=q.get("dealer"))
        return [i for i, v in enumerate(q.values) if v == d.forehand
                and seat_names(d.players)[v] == q.options[i]]
    if kind == "d_second_suit":
        ups = [Card(v) for v in q.values]
        return [i for i, c in enumerate(ups) if c.suit != ups[0].suit
                and all(x.suit == ups[0].suit for x in ups[:i])]
    if kind == "d_sure_card":
        from .course import _is_permanent_top

        return [i for i, v in enumerate(q.values) if _is_permanent_top(rules, Card(v))]
    if kind == "d_throw":
        roles = rules.roles(q.chosen)
        trick = [Card(c) for c in q.get("trick")]
        ahead = rules.ahead_sequence(trick, q.chosen)[-1]
        return [i for i, v in enumerate(q.values) if roles[Card(v)].klass == "dud"
                and rules.ahead_sequence([*trick, Card(v)], q.chosen)[-1] == ahead]
    if kind == "d_best_pair":
        hand = [Card(c) for c in q.get("hand")]
        counts = [len(_strong(rules, tuple(v), hand)) for v in q.values]
        return [i for i, n in enumerate(counts) if n == max(counts)]
    if kind == "d_hattstedt":
        trick = [Card(c) for c in q.get("trick")]
        return [i for i, v in enumerate(q.values)
                if rules.ahead_sequence([*trick, Card(v)], q.chosen)[-1] == len(trick)]
    if kind == "d_cheapest":
        trick = [Card(c) for c in q.get("trick")]
        hand = [Card(c) for c in q.get("hand")]
        takers = [c for c in hand
                  if rules.ahead_sequence([*trick, c], q.chosen)[-1] == len(trick)]
        low = min(rules.strength(c, q.chosen) for c in takers)
        return [i for i, v in enumerate(q.values) if Card(v) in takers
                and rules.strength(Card(v), q.chosen) == low]
    if kind == "d_safe_lead":
        unseen = [Card(c) for c in q.get("unseen")]
        return [i for i, v in enumerate(q.values)
                if not _takers(rules, q.chosen, Card(v), unseen)]
    if kind == "d_exchange":
        d = Deal.from_json(q.get("deal"))
        offers = [a for a in d.legal_actions() if a.kind == "exchange"]
        top = max(rules.strength(a.other, q.chosen) for a in offers)
        return [i for i, v in enumerate(q.values)
                if any(str(a) == v and rules.strength(a.other, q.chosen) == top for a in offers)]
    if kind in ("d_see_run", "d_jann", "d_five"):
        d = Deal.from_json(q.get("deal"))
        acts = d.legal_actions()
        ev = _expected(d, acts, d.to_move, random.Random(f"{kind}|{number}"))
        best = max(ev)
        return [i for i, v in enumerate(q.values) if ev[[str(a) for a in acts].index(v)] == best]
    if kind == "d_say":
        from .players.talk import claims_true

        hand = [Card(c) for c in q.get("hand")]
        return [i for i, v in enumerate(q.values) if claims_true(v, hand, q.chosen, rules)]
    raise RulesError(f"{kind!r} is not a kind of decision question")


def picture_html(q: Any, pic: Sequence[Any], *, dark: bool = False) -> str:
    """One of a question's pictures (a hand, a row of cards or a trick) with its caption;
    ``dark`` for a caption on a dark background (the self-check quiz)."""
    from .render.display import hand_svg, trick_svg

    caption, kind, cards = pic[0], pic[1], pic[2]
    if not cards:
        body = "<p style='margin:0;color:#555'>(none)</p>"
    elif kind == "trick":
        body = trick_svg(cards, game=q.game, chosen=q.chosen, seats=pic[3], width=52,
                         winner_text="ahead")
    elif kind == "hand" and q.chosen:
        body = hand_svg(cards, game=q.game, chosen=q.chosen, width=52)
    else:
        body = hand_svg(cards, width=52, sort=False)
    colour = "#f0f0f0" if dark else "#444"
    return (f"<figure style='margin:0.3em 0'>{body}<figcaption style='font-size:0.85em;"
            f"color:{colour}'>{html.escape(caption)}</figcaption></figure>")


_CSS = (
    "<style>"
    ".knlib-decision{border:1px solid #8a8a8a;border-radius:8px;padding:0.6em 1em;"
    "margin:0.8em 0;background:#fbfbf7;color:#1a1a1a}"
    ".knlib-decision .opt{flex:1;margin:0.25em 0;padding:0.3em 0.6em;border:1px solid "
    "#b0b0b0;border-radius:5px;background:#fff;cursor:pointer}"
    ".knlib-decision .row input{flex:0 0 auto;width:auto;display:inline-block;margin:0 0.5em 0 0}"
    ".knlib-decision .fb{display:none;margin:0.2em 0 0.5em 1.6em;padding:0.3em 0.6em;"
    "border-left:4px solid #b00020;background:#fff3f3}"
    ".knlib-decision .fb.right{border-left-color:#1b5e20;background:#eef7ee}"
    ".knlib-decision input:checked+label+.fb{display:block}"
    ".knlib-decision input:checked+label{border-color:#2f4b7c;background:#eef2fa}"
    ".knlib-decision .row{display:flex;flex-wrap:wrap;align-items:center}"
    ".knlib-decision .row .fb{flex-basis:100%}"
    "</style>"
)


def decision_html(q: Any, *, number: int | None = None, uid: str | None = None) -> str:
    """One decision question as a form that works without a kernel or a script: pictures,
    the question, and one radio button per option; choosing an option shows why it is right
    or wrong (CSS only). ``uid`` makes the element ids unique on a page."""
    e = html.escape
    uid = uid or f"knlibD{abs(hash((q.kind, str(q.seed)))) % 10**8}"
    from .sources import for_reader

    pics = "".join(picture_html(q, p) for p in q.pictures)
    head = f"{number}. " if number is not None else ""
    opts = []
    for i, (o, fb) in enumerate(zip(q.options, q.feedback, strict=True)):
        oid = f"{uid}o{i}"
        cls = "fb right" if i == q.answer else "fb"
        mark = "✔ " if i == q.answer else "✘ "
        opts.append(f"<div class='row'><input type='radio' name='{uid}' id='{oid}' "
                    f"value='{i}'><label class='opt' for='{oid}'>{_LETTERS[i]}. {e(o)}</label>"
                    f"<div class='{cls}' role='status'>{mark}{e(for_reader(fb))}</div></div>")
    css = _CSS
    return (f"{css}<div class='knlib-decision' id='{uid}' data-kind='{e(q.kind)}' "
            f"data-answer='{q.answer}'>"
            f"<p style='margin:0.2em 0;font-weight:bold'>{head}{e(q.title)}</p>{pics}"
            f"<p style='margin:0.4em 0'>{e(for_reader(q.prompt))}</p>"
            f"<fieldset style='border:0;padding:0;margin:0'><legend style='position:absolute;"
            f"left:-9999px'>{e(q.title)}</legend>{''.join(opts)}</fieldset>"
            f"<p style='margin:0.4em 0 0;font-size:0.8em;color:#555'>Rules: "
            f"{e(for_reader(q.source))}.</p></div>")


def decisions_html(questions: Sequence[Any], *, prefix: str = "knlibD") -> str:
    """Several decision questions, numbered, each with its own ids."""
    return "".join(decision_html(q, number=i + 1, uid=f"{prefix}{i}")
                   for i, q in enumerate(questions))
