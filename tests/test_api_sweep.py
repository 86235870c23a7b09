"""A sweep of the public API (issue 36, item 8), in the manner of OpenSpiel's random
simulation test (``open_spiel/python/tests``, pyspiel's ``random_sim_test``): random
playouts of every game at every table size, checking at every step that

* the legal actions are exactly the actions ``apply`` accepts: each legal action applies
  on a clone, and every other well-formed action (every card in every action form, and
  each word action: pass, see, run, stop, ...) is refused with a RulesError;
* a refused action leaves the deal as it was (its JSON before and after);
* ``to_json``/``from_json`` give an equal deal: the same JSON, legal actions, observations,
  returns and result;
* each seat's observation shows its own hand and nothing of the cards it cannot see (the
  hidden cards are worked out here from the deal, not from the observer), and does not
  change when those cards are dealt again;

then a pass over each public function's parameters with values of the wrong type and
range (None, bool, floats and NaN, texts with non-ASCII digits, bytes, lists, dicts,
objects, negative and huge whole numbers up to ``10**5000``): each is refused with a
RulesError or accepted, never another exception and never a hang (each call has a few
seconds). Run as a program, this file prints the calls that fail.
"""

from __future__ import annotations

import dataclasses
import json
import random
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from budget import QUICK
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import knlib
from knlib import Action, Deal, RulesError, new_deal
from knlib.cards import ALL_CARDS, Card
from knlib.engine import Observer
from knlib.rules.dealing import OLE_CARDS

#: Every registered game at every table size its procedure allows (tests/test_toy_game.py
#: runs the same playouts on a game it registers).
COMBOS = [(g, n) for g in knlib.games.game_ids() for n in knlib.ruleset(g).procedure.players]
#: The actions without a card (knlib.engine.actions).
WORDS = ("pass", "see", "run", "stop", "play on", "play alone", "sit out", "concede")
#: Random deals of each game and table size (a few seconds each in all).
PLAYOUTS = 2 if QUICK else 8
#: Seconds one call of the wrong-value pass may take before it counts as a hang.
PATIENCE = 5


# -- random playouts ----------------------------------------------------------------------------


def candidates(deal: Deal, rng: random.Random) -> list[Action]:
    """Well-formed actions to offer ``deal``: every word action, 'play' and 'lead face
    down' of every card of the 52, every exchange of a card the mover holds for any card,
    and a few exchanges of random cards."""
    out = [Action(w) for w in WORDS]
    out += [Action(f"play {c}") for c in ALL_CARDS]
    out += [Action(f"lead face down {c}") for c in ALL_CARDS]
    mover = deal.to_move
    held = deal.hands[mover] if mover is not None else ()
    gives = list(held) + rng.sample(ALL_CARDS, 3)
    out += [Action(f"exchange {g} for {c}") for g in gives for c in rng.sample(ALL_CARDS, 8)]
    out += [a for a in deal.legal_actions() if a.kind == "exchange"]
    return list(dict.fromkeys(out))


def cards_in(value: Any) -> set[Card]:
    """Every card anywhere in ``value`` (tuples, lists, sets, dataclasses: an observation
    and its tricks)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple | list | set | frozenset):
        return set().union(*(cards_in(v) for v in value))
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None:
        return set().union(*(cards_in(getattr(value, f)) for f in fields))
    return set()


def check_observation(deal: Deal, seat: int, rng: random.Random) -> None:
    """Seat ``seat``'s observation against the deal itself."""
    obs = Observer(seat).observe(deal)
    n = deal.players
    assert obs.hand == deal.hands[seat]
    assert obs.known[seat] == deal.hands[seat]
    assert obs.hand_sizes == tuple(len(h) for h in deal.hands)
    assert (obs.phase, obs.to_move, obs.table) == (deal.phase, deal.to_move, deal.table)
    assert obs.tricks == tuple(deal.tricks) and obs.stock_size == len(deal.stock)
    assert obs.legal == (tuple(deal.legal_actions()) if deal.to_move == seat else ())
    # A card led face down is hidden from all but its leader until it is seen.
    trick = deal.current_trick
    hidden_lead = deal.phase == "answer" and trick[0][0] != seat
    assert obs.trick == tuple((s, None if hidden_lead and i == 0 else c)
                              for i, (s, c) in enumerate(trick))
    # What the whole table sees of another hand: the cards taken in exchanges (face up) and
    # the first card dealt face up to each Karnöffel player; the seat may know no more.
    taken = {s: {get for t, _, get in deal.exchanges if t == s} for s in range(n)}
    face_up = set(deal.get_game().turned) if deal.rules.procedure.chosen_by == "face_up" else set()
    # Of a leader whose face-down card is hidden from the seat, it knows nothing: the
    # leader might have led any of its cards.
    for s in range(n):
        if s != seat:
            known, hand = set(obs.known[s]), set(deal.hands[s])
            assert known <= hand & (taken[s] | face_up), (s, known)
            if not (hidden_lead and s == trick[0][0]):
                assert taken[s] & hand <= known
    # The stock: the seat knows cards there only as returned, given away in an exchange,
    # an Ole shown, or looked at at the bottom (all of it: the five-player dealer).
    stock = deal.stock
    in_stock = [c for c in stock if c in set(obs.stock_known)]
    assert list(obs.stock_known) == in_stock
    if not (n == 5 and seat == deal.dealer):
        gives = {give for _, give, _ in deal.exchanges}
        allowed = set(deal.get_game().returned) | gives | set(OLE_CARDS) | set(stock[-3:])
        assert set(obs.stock_known) <= allowed
    hidden = {c for s in range(n) if s != seat for c in deal.hands[s]
              if c not in obs.known[s]}
    hidden |= set(stock) - set(obs.stock_known)
    if hidden_lead:
        hidden.add(trick[0][1])
    # (The exchanges are the table's history: their cards were face up when taken.)
    assert obs.exchanges == tuple(deal.exchanges)
    shown = cards_in(dataclasses.replace(obs, exchanges=()))
    assert not shown & hidden, shown & hidden
    if hidden_lead:
        # The leader might have led any card of its hand face down: the seat sees the same.
        leader, down = trick[0]
        for i, card in enumerate(deal.hands[leader]):
            hands = [list(h) for h in deal.hands]
            hands[leader][i] = down
            other = deal.with_hidden(hands, stock, card, check=False)
            assert Observer(seat).observe(other) == obs, (down, card)
    # The cards it cannot see dealt again: the seat sees the same.
    if not deal.is_over:
        assert Observer(seat).observe(deal.resample_hidden(seat, rng)) == obs


def check_step(deal: Deal, rng: random.Random) -> None:
    """Every check of one decision (or of the end of the deal)."""
    before = deal.to_json()
    legal = deal.legal_actions()
    assert len(set(legal)) == len(legal)
    assert (legal == []) == deal.is_over
    for act in legal:
        deal.clone().apply(act)
        if act != "concede":  # a director may concede for the seat to move
            assert deal.to_move is not None
            other = (deal.to_move + 1) % deal.players
            with pytest.raises(RulesError):
                deal.apply(act, other)
            assert deal.to_json() == before
    offered = candidates(deal, rng)
    assert set(legal) <= set(offered), set(legal) - set(offered)
    for act in offered:
        if act not in legal:
            with pytest.raises(RulesError):
                deal.apply(act)
            assert deal.legal_actions() == legal, act
    assert deal.to_json() == before  # (once for all the refusals: to_json is slow)
    back = Deal.from_json(before)
    assert back.to_json() == before and back.legal_actions() == legal
    assert (back.phase, back.to_move, back.is_over) == (deal.phase, deal.to_move, deal.is_over)
    assert back.returns() == deal.returns() and str(back.result) == str(deal.result)
    assert back.log == deal.log
    for seat in range(deal.players):
        assert Observer(seat).observe(back) == Observer(seat).observe(deal)
        check_observation(deal, seat, rng)


@pytest.mark.parametrize("game, players", COMBOS)
@settings(max_examples=PLAYOUTS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts(game, players, seed):
    playout(game, players, seed)


def playout(game: str, players: int, seed: int) -> Deal:
    """A random playout of ``game`` with every check of :func:`check_step` at each decision;
    the finished deal."""
    rng = random.Random(seed)
    deal = new_deal(game, seed=seed, players=players)
    while not deal.is_over:
        check_step(deal, rng)
        deal.apply(rng.choice(deal.legal_actions()))
    check_step(deal, rng)
    return deal


# -- values of the wrong type and range ---------------------------------------------------------


#: Values a caller might pass by mistake, for any parameter.
WRONG: tuple[Any, ...] = (
    None, True, False, 0.5, float("nan"), float("inf"), -float("inf"), "", "zz",
    "٣", "१२", "３", "Ⅻ", "S٣", "H１０", "\x00", b"S3", bytearray(b"x"), [], [1], ["S3", None],
    ("S3",), {}, {"a": 1}, {1, 2}, object(), 1 + 2j, -1, 2**63, 10**400, -(10**400), 10**5000)
#: No shrinking of a failing value: an escape is reported as found (a hang would be
#: waited for again at every step of shrinking).
RUN_ONLY = (Phase.explicit, Phase.reuse, Phase.generate)
#: Whole numbers out of range for a seat, a side or a dealer.
NOT_SEATS = (4, 7, 53)


def wrong_values() -> st.SearchStrategy[Any]:
    """Random values of the kinds in :data:`WRONG`, kept small."""
    # ASCII, Arabic-Indic, Devanagari and full-width digits, superscripts, a Roman twelve.
    alphabet = "0123456789٠١٢٣٤٥٦٧٨٩०१२३४५६७८९０１２３４５６７８９²³ⅫSHDCA"
    digits = st.text(alphabet=alphabet, max_size=4)
    atoms = st.one_of(
        st.none(), st.booleans(), st.floats(), st.text(max_size=6), digits, st.binary(max_size=4),
        st.integers(max_value=-1), st.sampled_from([2**63, 10**400, -(10**400), 10**5000]),
        st.builds(object), st.complex_numbers(max_magnitude=10))
    return st.one_of(atoms, st.lists(atoms, max_size=3), st.dictionaries(
        st.text(max_size=2), atoms, max_size=2))


class Hang(Exception):
    """A call ran past :data:`PATIENCE`."""


@contextmanager
def patience(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the call if it runs past ``seconds`` (SIGALRM)."""
    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def shown(v: Any) -> str:
    """``repr(v)``, short, also for numbers too long to print."""
    try:
        text = repr(v)
    except ValueError:
        return f"<an int of {v.bit_length()} bits>" if isinstance(v, int) else "<unprintable>"
    return text if len(text) <= 40 else text[:37] + "..."


def played(game: str = "knueffeln", seed: int = 3, tricks: int = 9) -> Deal:
    """A deal played at random up to ``tricks`` tricks (or its end)."""
    d = new_deal(game, seed=seed)
    rng = random.Random(seed)
    while not d.is_over and len(d.tricks) < tricks:
        d.apply(rng.choice(d.legal_actions()))
    return d


def late() -> Deal:
    """A deal with a decision left after seven tricks: quick to solve and to sample."""
    return next(d for s in range(100) if not (d := played(seed=s, tricks=7)).is_over)


HANDS = ["S3 S4 S5 S6", "H3 H4 H5 H6", "D3 D4 D5 D6", "C3 C4 C5 C6"]
#: (name, what kinds of wrong value, the call with the value in that parameter).
Call = Callable[[Any], object]


def _deal_calls() -> dict[str, Call]:
    """knlib's own face: knlib.__all__ and a deal's public methods."""
    fresh = lambda: new_deal("knueffeln", seed=54)  # noqa: E731 - one line each, below
    mid = lambda: played(seed=5, tricks=3)  # noqa: E731
    expl = knlib.explain_trick("knueffeln", "D4 S3 DA C8", "HS")
    return {
        "Card(text)": lambda v: Card(v),
        "parse_card(text)": lambda v: knlib.parse_card(v),
        "parse_cards(cards)": lambda v: knlib.parse_cards(v),
        "parse_suits(chosen)": lambda v: knlib.parse_suits(v),
        "Action(text)": lambda v: Action(v),
        "new_deal(game)": lambda v: new_deal(v),
        "new_deal(seed)": lambda v: new_deal("knueffeln", seed=v),
        "new_deal(players)": lambda v: new_deal("knueffeln", players=v),
        "new_deal(dealer)": lambda v: new_deal("knueffeln", dealer=v),
        "new_deal(deck)": lambda v: new_deal("knueffeln", deck=v),
        "new_deal(names)": lambda v: new_deal("knueffeln", names=v),
        "new_deal(option)": lambda v: new_deal("knueffeln", ties=v),
        "Deal.from_json(text)": lambda v: Deal.from_json(v),
        "Deal.from_hands(game)": lambda v: Deal.from_hands(v, HANDS, chosen="HS"),
        "Deal.from_hands(hands)": lambda v: Deal.from_hands("knueffeln", v, chosen="HS"),
        "Deal.from_hands(dealer)": lambda v: Deal.from_hands("knueffeln", HANDS, chosen="HS",
                                                             dealer=v),
        "Deal.from_hands(turn_ups)": lambda v: Deal.from_hands("knueffeln", HANDS, turn_ups=v),
        "Deal.from_hands(chosen)": lambda v: Deal.from_hands("knueffeln", HANDS, chosen=v),
        "Deal.from_hands(stock)": lambda v: Deal.from_hands("knueffeln", HANDS, chosen="HS",
                                                            stock=v),
        "Deal.from_hands(names)": lambda v: Deal.from_hands("knueffeln", HANDS, chosen="HS",
                                                            names=v),
        "Deal.apply(action)": lambda v: unchanged(fresh(), lambda d: d.apply(v)),
        "Deal.apply(seat)": lambda v: unchanged(fresh(), lambda d: d.apply("pass", v)),
        "Deal.side_of(seat)": lambda v: fresh().side_of(v),
        "Deal.side_name(side)": lambda v: fresh().side_name(v),
        "Deal.card_symbol(card)": lambda v: fresh().card_symbol(v),
        "Deal.resample_hidden(seat)": lambda v: mid().resample_hidden(v, random.Random(1)),
        "Deal.resample_hidden(rng)": lambda v: mid().resample_hidden(0, v),
        "Deal.with_hidden(hands)": lambda v: unchanged(mid(), lambda d: d.with_hidden(
            v, d.stock)),
        "Deal.with_hidden(stock)": lambda v: unchanged(mid(), lambda d: d.with_hidden(
            d.hands, v)),
        "Observer(seat).observe": lambda v: Observer(v).observe(mid()),
        "Observer(seat).unseen": lambda v: Observer(v).unseen(mid()),
        "Observer(0).observe(state)": lambda v: Observer(0).observe(v),
        "trick_winner(game)": lambda v: knlib.trick_winner(v, ["D4", "S3"], "HS"),
        "trick_winner(cards)": lambda v: knlib.trick_winner("knueffeln", v, "HS"),
        "trick_winner(chosen)": lambda v: knlib.trick_winner("knueffeln", ["D4", "S3"], v),
        "trick_winner(first_trick)": lambda v: knlib.trick_winner("knueffeln", ["D4", "S3"],
                                                                  "HS", first_trick=v),
        "explain_trick(game)": lambda v: knlib.explain_trick(v, ["D4", "S3"], "HS"),
        "explain_trick(cards)": lambda v: knlib.explain_trick("knueffeln", v, "HS"),
        "explain_trick(chosen)": lambda v: knlib.explain_trick("knueffeln", ["D4", "S3"], v),
        "ahead_sequence(cards)": lambda v: knlib.ahead_sequence("knueffeln", v, "HS"),
        "ahead_sequence(chosen)": lambda v: knlib.ahead_sequence("knueffeln", ["D4"], v),
        "TrickExplanation.summary(names)": lambda v: expl.summary(v),
        "fast_table(game)": lambda v: knlib.fast_table(v, "HS"),
        "fast_table(chosen)": lambda v: knlib.fast_table("knueffeln", v),
        "open_questions(game)": lambda v: knlib.open_questions(v),
        "pack(game)": lambda v: knlib.pack(v),
        "role(game)": lambda v: knlib.role(v, "S3", "HS"),
        "role(card)": lambda v: knlib.role("knueffeln", v, "HS"),
        "role(chosen)": lambda v: knlib.role("knueffeln", "S3", v),
        "roles(game)": lambda v: knlib.roles(v, "HS"),
        "roles(chosen)": lambda v: knlib.roles("knueffeln", v),
        "ruleset(game)": lambda v: knlib.ruleset(v),
        "ruleset(option)": lambda v: knlib.ruleset("knueffeln", ties=v),
        "Hand(cards)": lambda v: knlib.Hand(v),
        "Hand(game)": lambda v: knlib.Hand("S3 H2", v),
        "Hand(chosen)": lambda v: knlib.Hand("S3 H2", chosen=v),
        "Hand.with_chosen(chosen)": lambda v: knlib.Hand("S3 H2").with_chosen(v),
        "language(code)": lambda v: in_language(v),
        "set_language(code)": lambda v: set_language(v),
        "Session(game)": lambda v: knlib.Session(v),
        "Session(seed)": lambda v: knlib.Session("knueffeln", seed=v),
        "Session(players)": lambda v: knlib.Session("knueffeln", players=v),
        "Session(dealer)": lambda v: knlib.Session("knueffeln", dealer=v),
        "Session(names)": lambda v: knlib.Session("knueffeln", names=v),
        "Session(option)": lambda v: knlib.Session("knueffeln", ties=v),
        "Session.play(deals)": lambda v: knlib.Session("knueffeln").play(v),
        "Session.play(choose)": lambda v: knlib.Session("knueffeln").play(1, v),
        "Session.record(deal)": lambda v: knlib.Session("knueffeln").record(v),
    }


def _layer_calls() -> dict[str, Call]:
    """The simulation, the players, the analysis and the course."""
    from knbook.course import answers_from_letters, exam, question, score
    from knbook.course.puzzles import puzzle_at, puzzles
    from knlib.analysis import review, solve
    from knlib.analysis.advice import hint, load_review
    from knlib.analysis.player import SolverPlayer
    from knlib.players.bots import RandomPlayer, RulePlayer, SamplingPlayer, make_player
    from knlib.sim import simulate

    fresh = lambda: new_deal("knueffeln", seed=54)  # noqa: E731
    paper = exam(1, n=2)
    solver_params = ("samples", "seed", "exact_cards", "early_samples", "objective",
                     "playouts", "blend", "max_nodes", "inference", "inference_pool",
                     "lookahead", "bluff_rate", "time_budget")
    calls: dict[str, Call] = {
        "simulate(game)": lambda v: simulate(v, 2),
        "simulate(n_deals)": lambda v: simulate("knueffeln", v),
        "simulate(players)": lambda v: simulate("knueffeln", 2, players=v),
        "simulate(seed)": lambda v: simulate("knueffeln", 2, seed=v),
        "simulate(n_players)": lambda v: simulate("knueffeln", 2, n_players=v),
        "simulate(fast)": lambda v: simulate("knueffeln", 2, fast=v),
        "simulate(progress)": lambda v: simulate("knueffeln", 2, progress=v),
        "simulate(batch)": lambda v: simulate("knueffeln", 2, batch=v),
        "simulate(holders)": lambda v: simulate("knueffeln", 2, holders=v),
        "simulate(option)": lambda v: simulate("knueffeln", 2, ties=v),
        "RandomPlayer(seed)": lambda v: RandomPlayer(v).choose(fresh()),
        "RandomPlayer(drehen)": lambda v: RandomPlayer(1, drehen=v).choose(fresh()),
        "RandomPlayer(bluff_rate)": lambda v: RandomPlayer(1, bluff_rate=v).choose(fresh()),
        "RandomPlayer.choose(deal)": lambda v: RandomPlayer(1).choose(v),
        "RulePlayer(bluff_rate)": lambda v: RulePlayer(bluff_rate=v).choose(fresh()),
        "RulePlayer(talk_seed)": lambda v: RulePlayer(talk_seed=v).choose(fresh()),
        "RulePlayer.choose(deal)": lambda v: RulePlayer().choose(v),
        "SamplingPlayer(samples)": lambda v: SamplingPlayer(v, 1).choose(late()),
        "SamplingPlayer(seed)": lambda v: SamplingPlayer(4, v).choose(late()),
        "SamplingPlayer(engine)": lambda v: SamplingPlayer(4, 1, engine=v).choose(late()),
        "SamplingPlayer(bluff_rate)": lambda v: SamplingPlayer(4, 1, bluff_rate=v).choose(late()),
        "SamplingPlayer(time_budget)": lambda v: SamplingPlayer(
            4, 1, time_budget=v).choose(late()),
        "SamplingPlayer.choose(deal)": lambda v: SamplingPlayer(4, 1).choose(v),
        "make_player(name)": lambda v: make_player(v),
        "make_player(seed)": lambda v: make_player("random", v),
        "SolverPlayer.choose(deal)": lambda v: SolverPlayer(2, 1).choose(v),
        "solve(deal)": lambda v: solve(v),
        "solve(line)": lambda v: solve(late(), line=v),
        "review(deal)": lambda v: review(v, progress=False),
        "hint(deal)": lambda v: hint(v),
        "hint(who)": lambda v: hint(late(), who=v),
        "hint(max_cards)": lambda v: hint(late(), max_cards=v),
        "load_review(text)": lambda v: load_review(v),
        "puzzles(game)": lambda v: puzzles(v, range(1)),
        "puzzles(seeds)": lambda v: puzzles("knueffeln", v, limit=1),
        "puzzles(max_cards)": lambda v: puzzles("knueffeln", range(2), max_cards=v),
        "puzzles(limit)": lambda v: puzzles("knueffeln", range(2), limit=v),
        "puzzle_at(game)": lambda v: puzzle_at(v, 1, 20),
        "puzzle_at(seed)": lambda v: puzzle_at("knueffeln", v, 20),
        "puzzle_at(steps)": lambda v: puzzle_at("knueffeln", 1, v),
        "course.exam(seed)": lambda v: exam(v, n=2),
        "course.exam(n)": lambda v: exam(1, n=v),
        "course.exam(game)": lambda v: exam(1, n=2, game=v),
        "course.score(exam)": lambda v: score(v, [0, 1]),
        "course.score(answers)": lambda v: score(paper, v),
        "course.score(pass_mark)": lambda v: score(paper, [0, 1], v),
        "course.question(kind)": lambda v: question(v, 1),
        "course.question(seed)": lambda v: question("roles", v),
        "course.answers_from_letters(text)": lambda v: answers_from_letters(v),
    }
    def solver(param: str) -> Call:
        return lambda v: SolverPlayer(**{"samples": 2, "seed": 1, param: v}).choose(late())

    for p in solver_params:
        calls[f"SolverPlayer({p})"] = solver(p)
    return calls


def unchanged(deal: Deal, change: Callable[[Deal], object]) -> object:
    """``change(deal)``; if it is refused, the deal must be as it was."""
    before = deal.to_json()
    try:
        return change(deal)
    except RulesError:
        assert deal.to_json() == before, "a refused call changed the deal"
        raise


def in_language(code: Any) -> None:
    with knlib.language(code):
        pass


def set_language(code: Any) -> None:
    was = knlib.current_language()
    try:
        knlib.set_language(code)
    finally:
        knlib.set_language(was)


CALLS: dict[str, Call] = {**_deal_calls(), **_layer_calls()}
#: The parameters that take a seat, a side or a dealer: small numbers are wrong there too.
SEATS = {name for name in CALLS if any(w in name for w in ("seat)", "side)", "dealer)"))}


def escape(name: str, value: Any, seconds: float = PATIENCE) -> str | None:
    """What went wrong when ``value`` is given to the call ``name``, or None: a
    RulesError and a result are both fine."""
    try:
        with patience(seconds):
            CALLS[name](value)
    except RulesError:
        return None
    except Exception as e:  # noqa: BLE001 - any other exception is what is looked for
        return f"{name}({shown(value)}): {type(e).__name__}: {str(e)[:120]}"
    return None


@pytest.mark.parametrize("name", sorted(CALLS))
def test_each_wrong_value_is_refused_or_taken(name):
    values = WRONG + (NOT_SEATS if name in SEATS else ())
    escapes = [e for v in values if (e := escape(name, v))]
    assert escapes == []


@pytest.mark.parametrize("name", sorted(CALLS))
@settings(max_examples=2 if QUICK else 8, deadline=None, phases=RUN_ONLY,
          suppress_health_check=[HealthCheck.too_slow])
@given(value=wrong_values())
def test_random_wrong_values_are_refused_or_taken(name, value):
    assert escape(name, value) is None


def forever() -> None:
    """A planted hang (in Python: a signal is handled between its steps)."""
    while True:
        pass


def test_the_sweep_can_fail():
    """The pass above tells an escape from a refusal and a hang from a slow answer."""
    CALLS["planted(value)"] = lambda v: {}[v]
    CALLS["planted(slow)"] = lambda v: forever()
    try:
        assert escape("planted(value)", 5) == "planted(value)(5): KeyError: 5"
        assert "Hang" in (escape("planted(slow)", 5, seconds=0.2) or "")
        assert escape("Card(text)", "zz") is None
    finally:
        del CALLS["planted(value)"], CALLS["planted(slow)"]


if __name__ == "__main__":
    found = [e for name in sorted(CALLS) if not sys.argv[1:] or name in sys.argv[1:]
             for v in WRONG + (NOT_SEATS if name in SEATS else ())
             if (e := escape(name, v))]
    print(json.dumps(found, ensure_ascii=False, indent=1))
