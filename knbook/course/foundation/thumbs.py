"""Rules of thumb for the judgement calls of the evenings, each with how often it is right.

A rule of thumb (:class:`Thumb`) has a name, a sentence a person would say at the table,
and a pure function over a deal (:meth:`Thumb.advise`) that reads the facts of the hand
and the position (:func:`facts`) and returns the advice (:class:`Advice`): the actions it
recommends and the deciding fact in words ("You hold two sure winners and your side
needs two more tricks: drehen.").

How often each one is right was measured by ``benchmarks/thumbs.py`` on real positions
(deals played by the computer players' habits, :class:`~knlib.players.bots.RulePlayer`)
and stored in ``benchmarks/results/thumbs.json``; :data:`MEASURED` holds the same figures
(a test checks them against the file). "Right" means the rule of thumb picks the choice
the computer judges better: for choices of odds, the one with the better average payment
when the deal is played on from many layouts of the unseen cards (as the decision
questions do, :mod:`knbook.course.decisions`); for which card to play, a card that is
among the best with all cards face up (:func:`knlib.analysis.solve`). Every rule of
thumb is this book's tactics, not a rule of the sources; the comment above each cites the
section of the source its advice leans on ("seed 000" is McLeod's Knüffeln page,
``000_e178d9ace6cd8e42.txt``, see the rules README).

Measured caveat: in the exchange phase the re-dealt layouts keep the real deal's list of
who may still exchange, so some layouts offer a seat a Ten it no longer holds and fail;
the benchmark leaves them out and counts them (``layouts_failed``, ``positions_failed``
in the results file), so the exchange figure is over the positions that could be played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from knlib.cards import Card
from knlib.counts import count_words, number_word
from knlib.engine.deal import Action, Deal
from knlib.errors import RulesError
from knlib.kinds import ActionKind, Phase
from knlib.players.bots import seen_bits
from knlib.players.player import targets
from knlib.players.talk import describe_hand
from knlib.rules.tricks import takes_relation

from ...i18n import current_language, marked, ntr, tr

__all__ = ["Thumb", "Advice", "Facts", "THUMBS", "MEASURED", "facts", "thumb", "thumb_for",
           "count_words", "rate_words", "STRONG_SOLO", "play_on_wins", "counted", "count_text",
           "tricks_text"]

#: The five-player dealer plays alone with at least this many Olen and high beaters in
#: the stock (the thumb "solo").
STRONG_SOLO = 4


# ============================================================================================
# Counts in words, in the current language
# ============================================================================================

#: The numbers two to ten in words, for the catalogue (none and one are phrases of their own).
_NUMBERS = (marked("two"), marked("three"), marked("four"), marked("five"), marked("six"),
            marked("seven"), marked("eight"), marked("nine"), marked("ten"))


def count_text(n: int) -> str:
    """A count in words in the current language: 'no', 'one', 'two' ... 'ten' in English
    (:func:`knlib.counts.number_word`), 'zwei' ... 'zehn' in German; larger numbers as
    digits. (German needs whole phrases for none and one: :func:`counted`.)"""
    if current_language() == "en":
        return number_word(n)
    return tr(_NUMBERS[n - 2]) if 2 <= n <= 10 else str(n)


def counted(n: int, none: str, one: str, some: Callable[[int, str], str]) -> str:
    """A counted phrase as :func:`knlib.counts.count_words` says it in English: ``none``
    and ``one`` (marked phrases, 'no tricks', 'one trick') for nought and one, since
    German says them in phrases of their own ('keinen Stich', 'einen Stich'); else
    ``some(n, count)``, an :func:`ntr` of the phrase ('{count} trick', '{count} tricks')
    with ``count`` the number in words."""
    if n == 0:
        return tr(none)
    if n == 1:
        return tr(one)
    return some(n, count_text(n))


def tricks_text(n: int) -> str:
    """'no tricks', 'one trick', 'two tricks' (German accusative: 'keinen Stich')."""
    return counted(n, marked("no tricks"), marked("one trick"),
                   lambda k, c: ntr("{count} trick", "{count} tricks", k, count=c))


def _olen(n: int) -> str:
    return counted(n, marked("no Olen"), marked("one Ole"),
                   lambda k, c: ntr("{count} Ole", "{count} Olen", k, count=c))


def _high(n: int) -> str:
    return counted(n, marked("no high beaters"), marked("one high beater"),
                   lambda k, c: ntr("{count} high beater", "{count} high beaters", k,
                                    count=c))


# ============================================================================================
# The facts a rule of thumb reads
# ============================================================================================


@dataclass(frozen=True)
class Facts:
    """What the seat to move can count at the table (all from the engine's state)."""

    seat: int
    side: int
    #: Olen and high beaters (chosen A, J, 6) in the seat's hand (the table talk's words).
    olen: int
    high_beaters: int
    #: cards of the hand that no card the seat has not seen could take if led now
    sure: int
    our_tricks: int
    their_tricks: int
    we_need: int
    they_need: int
    #: the seat's side has lost a trick (so no Jann is at stake for it)
    lost: bool
    #: tricks still to be played
    tricks_left: int
    #: the seat's side is playing for the march
    marching: bool

    @property
    def strong(self) -> int:
        """Olen and high beaters together."""
        return self.olen + self.high_beaters

    def as_dict(self) -> dict[str, int]:
        """The counts by name (for a lesson's stated facts)."""
        return {"olen": self.olen, "high_beaters": self.high_beaters, "sure": self.sure,
                "strong": self.strong, "our_tricks": self.our_tricks,
                "their_tricks": self.their_tricks, "we_need": self.we_need,
                "they_need": self.they_need, "tricks_left": self.tricks_left}


def unseen_cards(deal: Deal, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen: not in its hand, not played, not face up."""
    seen = seen_bits(deal, seat) | sum(1 << c.index for c in deal.hands[seat])
    return [c for c in deal.rules.pack if not seen >> c.index & 1]


def sure_winners(deal: Deal, seat: int, cards: Sequence[Card] | None = None) -> list[Card]:
    """The cards of ``seat``'s hand (or of ``cards``) that no card it has not seen could take
    if led now (the takes relation of seed 000, 'The Play')."""
    takes = takes_relation(deal.rules, deal.chosen)
    unseen = unseen_cards(deal, seat)
    held = deal.hands[seat] if cards is None else cards
    return [c for c in held if not takes.takers(c, unseen)]


def facts(deal: Deal, seat: int | None = None) -> Facts:
    """The facts of the hand and the position of ``seat`` (the seat to move by default)."""
    if seat is None:
        seat = deal.to_move
    if seat is None:
        raise RulesError(tr("the deal is over: there is no hand to read"))
    side = deal.side_of(seat)
    if side is None:
        raise RulesError(tr("{name} sits out this deal: there is no side to read",
                            name=deal.names[seat]))
    summary = describe_hand(deal.hands[seat], deal.chosen, deal.rules)
    need = targets(deal)
    won = deal.tricks_won
    played = len(deal.tricks)
    return Facts(
        seat=seat, side=side, olen=len(summary.olen), high_beaters=len(summary.high_beaters),
        sure=len(sure_winners(deal, seat)), our_tricks=won[side], their_tricks=won[1 - side],
        we_need=max(0, need[side] - won[side]), they_need=max(0, need[1 - side] - won[1 - side]),
        lost=won[1 - side] > 0, tricks_left=deal.rules.hand_size - played,
        marching=deal.marching == side)


# ============================================================================================
# Rules of thumb
# ============================================================================================


@dataclass(frozen=True)
class Advice:
    """What a rule of thumb says in one position: the actions it recommends (``good``, in
    the deal's order; the first is its own pick) and the deciding fact in words."""

    thumb: str
    good: tuple[Action, ...]
    fact: str


@dataclass(frozen=True)
class Thumb:
    """A rule of thumb: ``id``, a short ``name``, the ``saying`` (what a person says at the
    table), the evening that teaches it, when it applies (``applies``) and what it advises
    (``advise``)."""

    id: str
    #: the name and the saying in English (the catalogue's message ids)
    name_text: str
    saying_text: str
    evening: int
    applies: Callable[[Deal], bool]
    read: Callable[[Deal], Advice]

    @property
    def name(self) -> str:
        """The short name in the current language."""
        return tr(self.name_text)

    @property
    def saying(self) -> str:
        """What a person says at the table, in the current language."""
        return tr(self.saying_text)

    def advise(self, deal: Deal) -> Advice:
        """The advice in this position; a RulesError where the rule of thumb does not apply."""
        if deal.is_over or not self.applies(deal):
            raise RulesError(tr("the rule of thumb {name} is not about this decision",
                                name=repr(self.name)))
        return self.read(deal)

    @property
    def measured(self) -> dict[str, Any]:
        """How often it was right, with its 95% interval (:data:`MEASURED`)."""
        return MEASURED[self.id]

    def rate_words(self) -> str:
        """'right in 83% of 500 positions (95% interval 80% to 86%)'."""
        return rate_words(self.measured)

    def html(self) -> str:
        """The rule of thumb for a chapter: its name and saying, with how often it is
        right and how that was found behind a toggle."""
        how = (_HOW_CARDS if self.id in ("lead_holds", "take_cheaply", "partner_ahead")
               else _HOW_ODDS)
        question = tr("How often is it right?")
        rate = tr("It is {rate}.", rate=self.rate_words())
        return (f'<div class="knlib-thumb"><b>{escape(self.name)}.</b> '
                f"{escape(self.saying)}<details><summary>{escape(question)}</summary>"
                f"<p>{escape(rate)} {escape(tr(how))}</p></details></div>")


_HOW_ODDS = marked("The computer took real positions from deals played by its plain habits. For "
             "each one it played the deal on many times from both choices, with the cards "
             "nobody could see dealt at random, and counted the choice with the better "
             "average payment as right. Positions where both choices came to the same "
             "were left out.")
_HOW_CARDS = marked("The computer took real positions from deals played by its plain habits, late "
              "in the deal, and counted the rule's card as right when no other card does "
              "better with all cards face up. Positions where every card comes to the same "
              "were left out.")


def rate_words(m: dict[str, Any]) -> str:
    """A measured right-rate in words."""
    decided = f"{m['decided']:,}"
    if current_language() == "de":
        decided = decided.replace(",", ".")
    return tr("right in {rate}% of {decided} positions (95% interval {low}% to {high}%)",
              rate=round(100 * m["rate"]), decided=decided, low=round(100 * m["low"]),
              high=round(100 * m["high"]))


def _leading(deal: Deal) -> bool:
    return deal.phase == Phase.PLAY and not deal.current_trick and deal.to_move is not None


def _kind(deal: Deal, kind: str) -> list[Action]:
    return [a for a in deal.legal_actions() if a.kind == kind]


def _lead_card(deal: Deal) -> Card:
    """The card the lead is about: the one that the fewest unseen cards could take."""
    return lead_holds_pick(deal)[0]


def lead_holds_pick(deal: Deal) -> list[Card]:
    """The cards of the leader's hand that the fewest unseen cards could take, weakest
    first (seed 000, 'The Play': a led card wins unless a card that takes it comes)."""
    seat = deal.to_move
    assert seat is not None
    takes = takes_relation(deal.rules, deal.chosen)
    unseen = unseen_cards(deal, seat)
    legal = {a.card for a in _kind(deal, "play")}
    counts = {c: len(takes.takers(c, unseen)) for c in deal.hands[seat] if c in legal}
    low = min(counts.values())
    return sorted((c for c, n in counts.items() if n == low),
                  key=lambda c: (deal.rules.strength(c, deal.chosen), c.index))


# -- drehen: when to lead face down ----------------------------------------------------------
# Seed 000, 'Drehen und Sehen': it is usually a mistake to drehen with cards good enough for
# a Jann (the opponents just run), and a team playing for a march would never turn.


def drehen_turns(f: Facts) -> bool:
    """Lead face down: your side has lost a trick (no Jann in sight), needs two more
    tricks at most, and is not playing for the march."""
    return f.lost and f.we_need <= 2 and not f.marching


def _drehen(deal: Deal) -> Advice:
    """Which card to lead (lead what holds) and whether face down."""
    f = facts(deal)
    held = _lead_holds(deal)
    kind = ActionKind.DOWN if drehen_turns(f) else ActionKind.PLAY
    good = tuple(next((b for b in deal.legal_actions() if b.card == a.card and b.kind == kind),
                      a) for a in held.good)
    need = counted(f.we_need, marked("needs no more tricks"), marked("needs one more trick"),
                   lambda k, c: ntr("needs {count} more trick", "needs {count} more tricks",
                                    k, count=c))
    if f.marching:
        fact = tr("Your side is playing for the march: never drehen, lead face up.")
    elif not f.lost:
        fact = tr("Your side has not lost a trick yet, so a Jann is in sight, and it {need}: "
                  "lead face up.", need=need)
    elif kind == ActionKind.DOWN:
        fact = tr("Your side has lost a trick and {need}: drehen.", need=need)
    else:
        fact = tr("Your side has lost a trick but {need}: lead face up.", need=need)
    return Advice("drehen", good, f"{held.fact} {fact}")


# -- see or run ----------------------------------------------------------------------------------
# Seed 000, 'Drehen und Sehen': seeing raises the deal by one basic stake, running pays what
# it was worth before the card led face down.


def see_run_sees(f: Facts) -> bool:
    """See when your side's tricks plus your Olen and high beaters outnumber their tricks."""
    return f.our_tricks + f.strong > f.their_tricks


def _see_run(deal: Deal) -> Advice:
    f = facts(deal)
    see = see_run_sees(f)
    ours = f.our_tricks + f.strong
    total = number_word(ours) if current_language() == "en" else str(ours)
    values = {"tricks": tricks_text(f.our_tricks), "olen": _olen(f.olen),
              "high": _high(f.high_beaters), "total": total,
              "theirs": tricks_text(f.their_tricks)}
    fact = (tr("Your side has {tricks} and you hold {olen} and {high}: that makes {total} "
               "against their {theirs}, so see.", **values) if see else
            tr("Your side has {tricks} and you hold {olen} and {high}: that makes {total} "
               "against their {theirs}, so run.", **values))
    good = tuple(_kind(deal, "see" if see else "run"))
    return Advice("see_run", good, fact)


# -- the Jann: stop or play on ----------------------------------------------------------------
# Seed 000, 'The Play': leading to the sixth trick commits the side to the march; if it fails
# the side pays what the march would have won.


def play_on_wins(f: Facts) -> bool:
    """Play on for the march only with a sure winner for every trick still to come."""
    return f.sure >= f.tricks_left


def _jann(deal: Deal) -> Advice:
    f = facts(deal)
    on = play_on_wins(f)
    values = {"sure": counted(f.sure, marked("no sure winners"), marked("one sure winner"),
                              lambda k, c: ntr("{count} sure winner", "{count} sure winners",
                                               k, count=c)),
              "left": tricks_text(f.tricks_left)}
    fact = (tr("You hold {sure} for {left} still to come: play on.", **values) if on else
            tr("You hold {sure} for {left} still to come: stop.", **values))
    return Advice("jann", tuple(_kind(deal, "play on" if on else "stop")), fact)


# -- the five-player dealer's solo ------------------------------------------------------------
# Seed 000, 'Five-Player Knüffeln': the dealer may look at the stock and play alone with it,
# needing four tricks, or sit out.


def _stock_strong(deal: Deal) -> tuple[int, int]:
    s = describe_hand(deal.stock, deal.chosen, deal.rules)
    return len(s.olen), len(s.high_beaters)


def _solo(deal: Deal) -> Advice:
    olen, high = _stock_strong(deal)
    alone = olen + high >= STRONG_SOLO
    values = {"olen": _olen(olen), "high": _high(high)}
    fact = (tr("The stock holds {olen} and {high}: play alone.", **values) if alone else
            tr("The stock holds {olen} and {high}: sit out.", **values))
    return Advice("solo", tuple(_kind(deal, "play alone" if alone else "sit out")), fact)


# -- the exchanges: which Ten to give, which card to take -------------------------------------
# Seed 000, 'The Deal and Exchange': a chosen Ten for a turn-up of its suit; a Queen (or King)
# for an Ole from the bottom of the stock.


def _exchange(deal: Deal) -> Advice:
    rules, chosen = deal.rules, deal.chosen
    offers = _kind(deal, "exchange")
    best = max(offers, key=lambda a: rules.strength(a.other or _card(a), chosen))
    give, take = best.card, best.other
    assert give is not None and take is not None
    if rules.strength(take, chosen) > rules.strength(give, chosen):
        roles = rules.roles(chosen)
        fact = tr("{take} is {take_role} and {give} is {give_role}: take the strongest card "
                  "on offer.", take=take.symbol, take_role=roles[take].title,
                  give=give.symbol, give_role=roles[give].title)
        return Advice("exchange", (best,), fact)
    return Advice("exchange", tuple(_kind(deal, "pass")),
                  tr("Nothing on offer is stronger than the card you would give: keep it."))


# -- card play: lead what holds, take cheaply, do not waste power on partner's trick ---------
# Seed 000, 'The Play': any card may be played; a card takes the lead only if it beats the
# card ahead, as if that card had been led.


def _lead_holds(deal: Deal) -> Advice:
    cards = lead_holds_pick(deal)
    seat = deal.to_move
    assert seat is not None
    takers = len(takes_relation(deal.rules, deal.chosen).takers(
        cards[0], unseen_cards(deal, seat)))
    plays = {a.card: a for a in _kind(deal, "play")}
    good = tuple(plays[c] for c in cards)
    if takers == 0:
        fact = tr("Nothing still out can take {card}: lead it.", card=cards[0].symbol)
    else:
        fact = (tr("one card still out could take {card}, and fewer than for any other card "
                   "you hold: lead it.", card=cards[0].symbol) if takers == 1 else
                ntr("{count} card still out could take {card}, and fewer than for any other "
                    "card you hold: lead it.",
                    "{count} cards still out could take {card}, and fewer than for any other "
                    "card you hold: lead it.", takers, count=count_text(takers),
                    card=cards[0].symbol))
        fact = fact[0].upper() + fact[1:]
    return Advice("lead_holds", good, fact)


def _ahead(deal: Deal) -> tuple[int, Card]:
    trick = [c for _, c in deal.current_trick]
    return deal.current_trick[deal.rules.ahead_sequence(trick, deal.chosen)[-1]]


def _following(deal: Deal) -> bool:
    return (deal.phase == Phase.PLAY and bool(deal.current_trick) and deal.to_move is not None
            and not deal.current_face_down)


def _partner_ahead(deal: Deal) -> bool:
    seat, _ = _ahead(deal)
    return deal.to_move is not None and deal.side_of(seat) == deal.side_of(deal.to_move)


def _weakest(deal: Deal, acts: Sequence[Action]) -> tuple[Action, ...]:
    low = min(deal.rules.strength(_card(a), deal.chosen) for a in acts)
    return tuple(a for a in acts if deal.rules.strength(_card(a), deal.chosen) == low)


def _takers_now(deal: Deal) -> list[Action]:
    trick = [c for _, c in deal.current_trick]
    return [a for a in _kind(deal, "play")
            if deal.rules.ahead_sequence([*trick, _card(a)], deal.chosen)[-1] == len(trick)]


def _cheaply(deal: Deal) -> Advice:
    _, ahead = _ahead(deal)
    takers = _takers_now(deal)
    if takers:
        good = _weakest(deal, takers)
        fact = tr("{ahead} of the other side is ahead and {card} is your cheapest card that "
                  "takes it: play it.", ahead=ahead.symbol, card=_card(good[0]).symbol)
    else:
        good = _weakest(deal, _kind(deal, "play"))
        fact = tr("Nothing in your hand takes {ahead}: throw your weakest card, {card}.",
                  ahead=ahead.symbol, card=_card(good[0]).symbol)
    return Advice("take_cheaply", good, fact)


def _partner(deal: Deal) -> Advice:
    _, ahead = _ahead(deal)
    takers = set(_takers_now(deal))
    plays = [a for a in _kind(deal, "play") if a not in takers] or _kind(deal, "play")
    good = _weakest(deal, plays)
    fact = tr("Partner's {ahead} is ahead: throw your weakest card, {card}.",
              ahead=ahead.symbol, card=_card(good[0]).symbol)
    return Advice("partner_ahead", good, fact)


THUMBS: dict[str, Thumb] = {t.id: t for t in (
    Thumb("lead_holds", marked("Lead what holds"),
          marked("Lead the card that the fewest cards still out can take: a sure winner (a "
                 "card nothing still out can take when it is led) first."), 3,
          _leading, _lead_holds),
    Thumb("take_cheaply", marked("Take cheaply"),
          marked("When the other side is ahead, take the lead with your cheapest card that "
                 "does; if none does, throw your weakest."), 3,
          lambda d: _following(d) and not _partner_ahead(d), _cheaply),
    Thumb("partner_ahead", marked("Leave partner's trick alone"),
          marked("When partner's card is ahead, throw your weakest card."), 3,
          lambda d: _following(d) and _partner_ahead(d), _partner),
    Thumb("drehen", marked("Drehen near the end, never with a Jann in sight"),
          marked("Lead face down when your side has lost a trick and needs two more tricks "
                 "at most; otherwise lead face up."), 4,
          lambda d: _leading(d) and bool(_kind(d, "down")), _drehen),
    Thumb("see_run", marked("Count before you see"),
          marked("Add your side's tricks to your Olen and high beaters (chosen Aces, Jacks "
                 "and Sixes): see if that comes to more than their tricks, run if it does "
                 "not."),
          4, lambda d: d.phase == Phase.ANSWER, _see_run),
    Thumb("jann", marked("Take the Jann"),
          marked("Stop at the Jann unless you hold a sure winner (a card nothing still out "
                 "can take when it is led) for every trick still to come."),
          4, lambda d: d.phase == Phase.JANN, _jann),
    Thumb("solo", marked("Play alone with four strong cards"),
          marked("As the dealer of five, play alone only when the stock holds four or more "
                 "Olen and high beaters (chosen Aces, Jacks and Sixes)."), 5,
          lambda d: d.phase == Phase.DEALER, _solo),
    Thumb("exchange", marked("Take the strongest card on offer"),
          marked("Give your chosen Ten for the strongest turn-up on offer, and your Queen for "
                 "an Ole."), 4,
          lambda d: d.phase == Phase.EXCHANGE and bool(_kind(d, "exchange")), _exchange),
)}

#: Which rule of thumb speaks to a decision, in this order (the first that applies).
_ORDER = ("solo", "exchange", "see_run", "jann", "drehen", "lead_holds", "partner_ahead",
          "take_cheaply")


def thumb(thumb_id: str) -> Thumb:
    """The rule of thumb ``thumb_id``; a RulesError naming the known ones."""
    if thumb_id not in THUMBS:
        raise RulesError(tr("{value} is not a rule of thumb: choose one of {choices}",
                            value=repr(thumb_id), choices=", ".join(repr(t) for t in THUMBS)))
    return THUMBS[thumb_id]


def thumb_for(deal: Deal) -> Thumb | None:
    """The rule of thumb for the decision now to be made, or None."""
    if deal.is_over:
        return None
    for tid in _ORDER:
        if THUMBS[tid].applies(deal):
            return THUMBS[tid]
    return None


#: How often each rule of thumb was right: ``positions`` measured, ``decided`` (those where
#: the choices differ), ``right`` of those, the ``rate`` and its 95% interval (``low`` to
#: ``high``). Measured by ``benchmarks/thumbs.py 2000 64`` (2,000 positions of each kind,
#: 64 layouts of the unseen cards per position for the choices of odds; three minutes on
#: two cores), stored in ``benchmarks/results/thumbs.json``; tests/test_lessons.py checks
#: the two agree.
MEASURED: dict[str, dict[str, Any]] = {
    "drehen": {"positions": 2000, "decided": 1947, "right": 1278, "rate": 0.6564,
               "low": 0.635, "high": 0.6772},
    "see_run": {"positions": 2000, "decided": 1987, "right": 1540, "rate": 0.775,
               "low": 0.7562, "high": 0.7929},
    "jann": {"positions": 2000, "decided": 2000, "right": 1991, "rate": 0.9955,
               "low": 0.9915, "high": 0.9976},
    "solo": {"positions": 2000, "decided": 2000, "right": 1782, "rate": 0.891,
               "low": 0.8766, "high": 0.9039},
    "exchange": {"positions": 2000, "decided": 1328, "right": 1139, "rate": 0.8577,
               "low": 0.8379, "high": 0.8754},
    "lead_holds": {"positions": 2000, "decided": 887, "right": 841, "rate": 0.9481,
               "low": 0.9315, "high": 0.9609},
    "take_cheaply": {"positions": 2000, "decided": 184, "right": 178, "rate": 0.9674,
               "low": 0.9307, "high": 0.985},
    "partner_ahead": {"positions": 2000, "decided": 172, "right": 156, "rate": 0.907,
               "low": 0.8542, "high": 0.9419},
}


def _card(action: Action) -> Card:
    """The card an action plays."""
    assert action.card is not None
    return action.card
