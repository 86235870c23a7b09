"""Decision questions that are a matter of odds (Evenings 4 and 5): the exchange, see or
run, stop at a Jann or play on, the five-player dealer's choice, what to say, and a Hattstedt trick.

Where the answer is a matter of odds, the engine plays the rest of the deal out many
times (:data:`EV_PLAYOUTS` per option), with the unseen cards dealt at random
(:func:`knlib.players.bots.hidden_world`) and the rule-based habits at every seat, and
compares the average result; only positions where one choice is clearly better are
asked. Those habits are this book's tactics, not rules of the sources.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from knlib.cards import Card
from knlib.errors import RulesError
from knlib.games import HATTSTEDT, KNUEFFELN
from knlib.games.family import RoleClass
from knlib.kinds import ActionKind, Phase
from knlib.rules.tricks import takes_relation
from knlib.sources import (
    S000_DEAL,
    S000_DREHEN,
    S000_FIVE,
    S000_HATTSTEDT,
    S000_PLAY,
    S000_TALK,
)

from ...i18n import current_language, marked, tr
from ..foundation.thumbs import THUMBS, tricks_text
from .card_choices import is_follow_position, step_reason
from .positions import (
    EV_PLAYOUTS,
    TACTICS_NOTE,
    count_words,
    numbered_deal,
    play_until,
    reader_names,
    shuffled,
    spread,
    symbol,
    symbols,
)
from .record import RIGHT, WRONG, build, thumb_words

# ============================================================================================
# Evening 4
# ============================================================================================


def _exchange_agrees(d: Any) -> bool:
    """The rule of thumb takes the strongest card on offer (not "keep")."""
    rules, chosen = d.rules, d.chosen
    offers = [a for a in d.legal_actions() if a.kind == ActionKind.EXCHANGE]
    best = max(offers, key=lambda a: rules.strength(a.other, chosen))
    good = THUMBS["exchange"].advise(d).good
    return bool(good) and good[0] == best


def d_exchange(rng: random.Random, game: str, seed: Any) -> Any:
    """Which exchange to make (a chosen Ten for a turn-up, a Queen or King for an Ole)."""
    def stop(d: Any) -> bool:
        return d.phase == Phase.EXCHANGE and sum(a.kind == ActionKind.EXCHANGE
                                                 for a in d.legal_actions()) >= 1

    # Two turn-ups on offer or more: keeping the powerless Ten is never the answer, so the
    # question is which turn-up to take.
    deal, number = play_until(rng, game, lambda d: stop(d) and (
        sum(a.kind == ActionKind.EXCHANGE for a in d.legal_actions()) >= 2) and _exchange_agrees(d))
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    acts = deal.legal_actions()
    roles = rules.roles(chosen)
    strength = {a: rules.strength(a.other if a.kind == ActionKind.EXCHANGE else a.card or
                                  next(x.card for x in acts if x.kind == ActionKind.EXCHANGE),
                                  chosen)
                for a in acts}
    give = next(a.card for a in acts if a.kind == ActionKind.EXCHANGE)
    best = max((a for a in acts if a.kind == ActionKind.EXCHANGE), key=lambda a: strength[a])
    ole = best.other in {c for c in rules.pack if roles[c].klass == RoleClass.OLE}
    rule = thumb_words("exchange", THUMBS["exchange"].advise(deal).fact)
    fb = []
    options = []
    for a in acts:
        if a.kind == ActionKind.PASS:
            options.append(tr("keep {card}", card=symbol(give)))
            fb.append((WRONG, tr("Keeping {card} wastes the exchange: it is {role}, and {best} "
                                 "is {best_role}. {rule}", card=symbol(give),
                                 role=roles[give].title, best=symbol(best.other),
                                 best_role=roles[best.other].title, rule=rule)))
        else:
            options.append(tr("take {card}", card=symbol(a.other)))
            if a is best:
                fb.append((RIGHT, rule))
            else:
                fb.append((WRONG, tr("{card} is only {role}; {best}, {best_role}, is worth "
                                     "more. {rule}", card=symbol(a.other),
                                     role=roles[a.other].title, best=symbol(best.other),
                                     best_role=roles[best.other].title, rule=rule)))
    values = {"number": number, "chosen": rules.chosen_text(chosen),
              "name": reader_names(deal)[seat], "card": symbol(give)}
    question = (tr("Deal number {number}, {chosen} chosen. {name} may give {card} for an Ole "
                   "from the bottom of the stock. What should {name} do?", **values) if ole else
                tr("Deal number {number}, {chosen} chosen. {name} may give {card} for a "
                   "turn-up of its suit. What should {name} do?", **values))
    return build(
        kind="d_exchange", evening=4, goal="e4-exchanges", title=tr("Which exchange?"),
        position=number, thumb="exchange",
        question=question,
        options=options, feedback=fb, source=S000_DEAL, seed=seed,
        values=[str(a) for a in acts], chosen=chosen,
        pictures=[(tr("The cards face up on the table"), "row",
                   tuple(str(c) for c in deal.table)),
                  (tr("{name}'s hand", name=reader_names(deal)[seat]), "hand",
                   tuple(str(c) for c in deal.hands[seat]))],
        extra=[("deal", deal.to_json())],
    )


def expected_payments(deal: Any, acts: Sequence[Any], seat: int, rng: random.Random,
                      n: int = EV_PLAYOUTS) -> list[float]:
    """Average payment to ``seat`` after each action, over ``n`` deals of the cards it cannot
    see, each played out by the rule-based habits (engine). The deals keep all that the
    seat has seen (:meth:`knlib.engine.state.State.resample_hidden`): the five-player dealer
    keeps the stock it looked at (seed 000, 'Five-Player Knüffeln'), and no Ole lies at
    the bottom of the stock where the dealer found none (seed 000, 'The Deal and
    Exchange')."""
    from knlib.players.bots import RulePlayer, hidden_world

    rp = RulePlayer()
    totals = [0.0] * len(acts)
    for _ in range(n):
        world = hidden_world(deal, seat, rng)
        for i, a in enumerate(acts):
            d = world.copy()
            d.apply(a)
            while not d.is_over:
                d.apply(rp.choose(d))
            assert d.result is not None  # the deal was played to its end
            totals[i] += d.result.payments[seat]
    return [t / n for t in totals]


def _odds_question(rng: random.Random, game: str, seed: Any, *, kind: str, goal: str,
                   title: str, phase: Phase, players: int | None, margin: float,
                   prompt: Callable[[Any, int], str], why: Callable[[Any, Any], str],
                   pictures: Callable[[Any], list[Any]], source: str, thumb: str,
                   habits: bool = True) -> Any:
    """A choice weighed by playing the deal out: the answer is clearly better (by at least
    ``margin`` basic stakes on average), and it is the advice of the rule of thumb
    ``thumb``, so that the feedback teaches the rule with the fact of this hand that decides
    (positions where the rule of thumb is wrong are passed over). Each answer is aimed at
    about equally often (with ``habits``, the rule-based habits pick the candidates), so that
    "always stop" is not a winning guess; the search is the one the questions had before
    they named a rule of thumb, so a position where the rule holds is the same as before."""
    from knlib.players.bots import RulePlayer

    habit = RulePlayer()
    rule_of = THUMBS[thumb]
    first = play_until(rng, game, lambda d: d.phase == phase, players=players)[0]
    kinds = sorted({a.kind for a in first.legal_actions()})
    want = rng.choice(kinds)
    found = fallback = None
    gap_best = -1.0
    for attempt in range(200):
        aim = want if attempt < 12 and habits else None

        def wanted(d: Any, aim: str | None = aim) -> bool:
            return bool(d.phase == phase and (aim is None or habit.choose(d).kind == aim))

        deal, number = play_until(rng, game, wanted, players=players)
        acts = deal.legal_actions()
        seat = deal.to_move
        ev = expected_payments(deal, acts, seat, random.Random(f"{kind}|{number}"))
        best = max(range(len(acts)), key=lambda i: ev[i])
        if acts[best] not in rule_of.advise(deal).good:
            continue  # one of the positions where the rule of thumb is wrong: not asked
        gap = min(ev[best] - ev[j] for j in range(len(acts)) if j != best)
        if gap > gap_best:  # the clearest position so far, should none be clear enough
            gap_best, fallback = gap, (deal, number, acts, ev, best)
        if gap >= margin * deal.rules.stakes.basic:
            found = (deal, number, acts, ev, best)
            if acts[best].kind == want or attempt >= 12:
                break
    found = found or fallback
    if found is None:  # pragma: no cover - the rules of thumb are right far more often
        raise RulesError(tr("no position for a {kind} question where the rule of thumb holds",
                            kind=repr(kind)))
    deal, number, acts, ev, best = found
    rule = thumb_words(thumb, rule_of.advise(deal).fact)
    fb = [(RIGHT, f"{rule} {why(deal, a)}") if i == best else (WRONG, f"{why(deal, a)} {rule}")
          for i, a in enumerate(acts)]
    return build(
        kind=kind, evening=4, goal=goal, title=title, position=number, thumb=thumb,
        question=prompt(deal, number), options=[_option(a) for a in acts],
        feedback=fb, source=source + tr(TACTICS_NOTE), seed=seed, values=[str(a) for a in acts],
        chosen=deal.chosen, pictures=pictures(deal),
        extra=[("deal", deal.to_json()), ("ev", tuple(round(x, 2) for x in ev))],
    )


#: The choices of odds as options ('See', 'Play on'), for the catalogue.
_OPTIONS = {"see": marked("See"), "run": marked("Run"), "stop": marked("Stop"),
            "play on": marked("Play on"), "play alone": marked("Play alone"),
            "sit out": marked("Sit out")}


def _option(action: Any) -> str:
    """An action as an option of a question: its text with a capital ('Play on')."""
    text = str(action).capitalize()
    return tr(_OPTIONS[action.kind]) if action.kind in _OPTIONS else text


def _money(deal: Any, value: int) -> str:
    from knlib.engine.scoring import format_amount

    return format_amount(deal.rules.stakes.unit, value)


def _tricks_text(deal: Any) -> str:
    won = deal.tricks_won
    if current_language() == "en":
        first = ("no tricks" if won[0] == 0 else
                 f"{count_words(won[0])} trick{'s' if won[0] != 1 else ''}")
        return f"{deal.side_name(0)} have {first}, {deal.side_name(1)} {count_words(won[1])}"
    return tr("{first_side} have {first}, {second_side} {second}", first_side=deal.side_name(0),
              first=_won(won[0]), second_side=deal.side_name(1), second=_won(won[1]))


def _won(n: int) -> str:
    return tricks_text(n)


def d_see_run(rng: random.Random, game: str, seed: Any) -> Any:
    def prompt(d: Any, number: int) -> str:
        leader = d.current_trick[0][0]
        return tr("Deal number {number}, {chosen} chosen. {tricks}. {leader} leads a card face "
                  "down (drehen): the deal is now worth {seen} if {name}'s side sees, or {run} "
                  "to the leaders if it runs. {name} holds {hand}. See or run?",
                  number=number, chosen=d.rules.chosen_text(d.chosen), tricks=_tricks_text(d),
                  leader=reader_names(d)[leader], seen=_money(d, d.value + d.rules.stakes.turn),
                  name=reader_names(d)[d.to_move], run=_money(d, d.value),
                  hand=symbols(d.hands[d.to_move]))

    def why(d: Any, a: Any) -> str:
        if a.kind == ActionKind.SEE:
            return tr("Seeing raises the deal to {amount} and plays on for it.",
                      amount=_money(d, d.value + d.rules.stakes.turn))
        return tr("Running gives the deal up at once: {name}'s side pays {amount} for sure.",
                  name=reader_names(d)[d.to_move], amount=_money(d, d.value))

    return _odds_question(
        rng, game, seed, kind="d_see_run", goal="e4-drehen", title=tr("See or run?"),
        phase=Phase.ANSWER, players=None, margin=1.0, prompt=prompt, why=why, source=S000_DREHEN,
        thumb="see_run",
        pictures=lambda d: [(tr("{name}'s hand", name=reader_names(d)[d.to_move]), "hand",
                             tuple(str(c) for c in d.hands[d.to_move]))])


def d_jann(rng: random.Random, game: str, seed: Any) -> Any:
    def prompt(d: Any, number: int) -> str:
        me = reader_names(d)[d.to_move]
        return tr("Deal number {number}, {chosen} chosen. {name}'s side has taken the first "
                  "five tricks in a row: a Jann. Leading to the sixth trick means playing on "
                  "for the march (all nine). {name} holds {hand}. Stop at the Jann or play on?",
                  number=number, chosen=d.rules.chosen_text(d.chosen), name=me,
                  hand=symbols(d.hands[d.to_move]))

    def why(d: Any, a: Any) -> str:
        if a.kind == ActionKind.STOP:
            return tr("Stopping takes the Jann for sure.")
        return tr("Playing on wins the march only if every trick still to come is won; if one "
                  "is lost, the side pays what the march would have won.")

    return _odds_question(
        rng, game, seed, kind="d_jann", goal="e4-jann", title=tr("Stop at the Jann?"),
        phase=Phase.JANN, players=None, margin=1.0, prompt=prompt, why=why, source=S000_PLAY,
        thumb="jann", habits=False,
        pictures=lambda d: [(tr("{name}'s hand", name=reader_names(d)[d.to_move]), "hand",
                             tuple(str(c) for c in d.hands[d.to_move]))])


def d_five(rng: random.Random, game: str, seed: Any) -> Any:
    def prompt(d: Any, number: int) -> str:
        me = reader_names(d)[d.dealer]
        return tr("Deal number {number}, five players, {chosen} chosen. {name} deals and may "
                  "look at the stock ({stock}): {name} either plays alone with it against the "
                  "other four (needing four tricks) or sits out this deal. Which?",
                  number=number, chosen=d.rules.chosen_text(d.chosen), name=me,
                  stock=symbols(d.stock))

    def why(d: Any, a: Any) -> str:
        if a.kind == ActionKind.SIT_OUT:
            return tr("Sitting out, the dealer neither pays nor receives.")
        return tr("Playing alone, the dealer needs four tricks against the other four players "
                  "and pays each of them if it fails.")

    return _odds_question(
        rng, game, seed, kind="d_five", goal="e4-five", title=tr("Play alone?"),
        phase=Phase.DEALER, players=5, margin=1.0, prompt=prompt, why=why,
        source=S000_FIVE, thumb="solo",
        pictures=lambda d: [(tr("The stock"), "hand", tuple(str(c) for c in d.stock))])


# ============================================================================================
# Evening 5
# ============================================================================================


def d_say(rng: random.Random, game: str, seed: Any) -> Any:
    """What can you tell partner truthfully about this hand?"""
    from knlib.players.talk import PHRASEBOOK, claims_true, phrase_said

    cands = [p for p in PHRASEBOOK if p.test is not None and not p.needs_target
             and p.kind != "question"]
    for _ in range(400):
        deal = numbered_deal(game, rng.randrange(1, 10_000))
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
    for p in shuffled(rng, no):
        if p.claim not in [q.claim for q in wrong] and p.claim != right.claim:
            wrong.append(p)
        if len(wrong) == 3:
            break
    ps = shuffled(rng, [right, *wrong])
    fb = []
    for p in ps:
        said = phrase_said(p)
        if p is right:
            fb.append((RIGHT, tr("{said} claims the speaker {claim}, and this hand does.",
                                 said=said, claim=p.claim_text)))
        else:
            fb.append((WRONG, tr("{said} claims the speaker {claim}: this hand does not, so it "
                                 "would be a bluff.", said=said, claim=p.claim_text)))
    return build(
        kind="d_say", evening=5, goal="e5-truthful", title=tr("What can you say?"),
        position=deal.get_game().seed,
        question=tr("Deal number {number}, {chosen} chosen. {name} holds {hand} and wants to "
                    "tell partner about them without bluffing (and without naming a card). "
                    "Which line is true?", number=deal.get_game().seed,
                    chosen=deal.rules.chosen_text(deal.chosen), name=reader_names(deal)[seat],
                    hand=symbols(hand)),
        options=[phrase_said(p) for p in ps], feedback=fb,
        source=S000_TALK, seed=seed, values=[p.id for p in ps], chosen=deal.chosen,
        pictures=[(tr("{name}'s hand", name=reader_names(deal)[seat]), "hand",
                   tuple(str(c) for c in hand))],
        extra=[("hand", tuple(str(c) for c in hand))],
    )


def d_hattstedt(rng: random.Random, game: str, seed: Any) -> Any:
    """At a Hattstedt table an unchosen card beats a lower card of its own suit: which card
    of this hand takes the lead (one that would not in Bohmstedt)?"""
    from knlib.games import ruleset
    from knlib.players.bots import card_facts

    base = ruleset(KNUEFFELN)
    hatt = ruleset(HATTSTEDT)

    def split(d: Any) -> tuple[list[Card], list[Card]]:
        t = card_facts(d.rules, d.chosen)
        cards = [c for _, c in d.current_trick]
        a = t.ahead(cards)
        hand = d.hands[d.to_move]
        takers = [c for c in hand if t.takes(cards, a, c)]
        return takers, [c for c in hand if c not in takers]

    def stop(d: Any) -> bool:
        if not is_follow_position(d):
            return False
        cards = [c for _, c in d.current_trick]
        takers, others = split(d)
        return (len(takers) == 1 and len(others) >= 3 and
                not takes_relation(base, d.chosen)(takers[0], cards))

    deal, number = play_until(rng, HATTSTEDT, stop, tries=3000)
    chosen, seat, names = deal.chosen, deal.to_move, reader_names(deal)
    trick = [c for _, c in deal.current_trick]
    takers, others = split(deal)
    right = takers[0]
    cards = shuffled(rng, [right, *spread(shuffled(rng, others), lambda c: c.suit, 3)])
    fb = []
    for c in cards:
        why = step_reason(hatt, trick, c, chosen)
        if c is right:
            fb.append((RIGHT, tr("In Hattstedt {card} takes the lead: {why}. In Bohmstedt it "
                                 "would not: {other}.", card=symbol(c), why=why,
                                 other=step_reason(base, trick, c, chosen))))
        else:
            fb.append((WRONG, tr("{card} does not take the lead, in Hattstedt either: {why}.",
                                 card=symbol(c), why=why)))
    plays = ", ".join(f"{names[s]} {symbol(c)}" for s, c in deal.current_trick)
    return build(
        kind="d_hattstedt", evening=5, goal="e5-variants", title=tr("At a Hattstedt table"),
        position=number,
        question=tr("Deal number {number} at a Hattstedt table, {chosen} chosen. The trick so "
                    "far: {plays}. {name} holds {hand}. Which of these cards would take the lead "
                    "there?", number=number, chosen=hatt.chosen_text(chosen), plays=plays,
                    name=names[seat], hand=symbols(deal.hands[seat])),
        options=[symbol(c) for c in cards], feedback=fb, source=f"{S000_HATTSTEDT}; {S000_PLAY}",
        seed=seed, values=[str(c) for c in cards], chosen=chosen, game=hatt.id,
        pictures=[(tr("The trick so far"), "trick", tuple(str(c) for c in trick),
                   tuple(names[s] for s, _ in deal.current_trick)),
                  (tr("{name}'s hand", name=names[seat]), "hand",
                   tuple(str(c) for c in deal.hands[seat]))],
        extra=[("trick", tuple(str(c) for c in trick))],
    )
