"""Random legal deals of every game, checked by a referee written from the sources.

The referee does not use the engine's deal code: it re-derives the sides, who leads, when
the deal must end, how it ends and what it pays from the history of actions and the
completed tricks, using its own transcription of the rules (below). Tricks are decided by
the public trick engine (`knlib.trick_winner`), which has its own tests.
"""

import random
from collections import Counter

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import knlib
from knlib import Deal, RulesError, new_deal
from knlib.kinds import Phase

# Independent transcription: target tricks, Jann/march, drehen, stakes
# (basic, per accepted turn, Jann, march), Stýrivolt's lone vol / lone all nine, how losers pay,
# and the first-trick rule on chosen Sevens.
RULES = {
    # seed 000, 'The Play', 'Drehen und Sehen', 'Scoring'
    "knueffeln": dict(target=5, jann=True, drehen="any", stakes=(10, 10, 100, 300)),
    # seed 000, 'Modern Knüffeln (Hattstedt variant)': no drehen; Jann 2x, march 4x basic
    "knueffeln-hattstedt": dict(target=5, jann=True, drehen=None, stakes=(10, 0, 20, 40)),
    # seeds 000/001: rungs; drehen after two tricks, again after four
    "knueffeln-1924": dict(target=5, jann=True, drehen="bernhard", stakes=(1, 1, 2, 3)),
    # seed 000, 'Early 20th century versions': Grünberg's scale
    "knueffeln-1938": dict(target=5, jann=True, drehen="any", stakes=(5, 1, 10, 20)),
    # styrivolt.md: strokes 1, 2, 3; a lone vol a cross (3), lone all nine a double cross (6)
    "styrivolt": dict(target=5, jann=True, drehen=None, stakes=(1, 0, 2, 3), lone=(3, 6)),
    # seed 002: three tricks; the director concedes; each loser pays each winner one point
    "karniffel": dict(target=3, jann=False, drehen=None, stakes=(1, 0, None, None),
                      each=True, seven="lead"),
    # seed 003: three tricks; the Devil not led to the first trick
    "karnoeffel": dict(target=3, jann=False, drehen=None, stakes=(1, 0, None, None),
                       seven="lead"),
    # seed 004: the Devil not played in the first trick at all
    "karnoeffel-2024": dict(target=3, jann=False, drehen=None, stakes=(1, 0, None, None),
                            seven="all"),
}
COMBOS = [(g, n) for g in knlib.GAMES for n in knlib.ruleset(g).procedure.players]


def conserved(d):
    """Every card of the pack is in exactly one place."""
    places = [c for h in d.hands for c in h] + list(d.stock) + list(d.table)
    places += [c for t in d.tricks for c in t.cards] + [c for _, c in d.current_trick]
    counts = Counter(places)
    assert all(v == 1 for v in counts.values()), [c for c, v in counts.items() if v > 1]
    assert set(counts) == set(knlib.pack(d.rules.id))


def expected_sides(d, history):
    n, dealer = d.players, d.dealer
    if n == 5:
        four = tuple((dealer + 1 + i) % 5 for i in range(4))
        if any(str(a) == "play alone" for _, a in history):
            return ((dealer,), four), (4, 5), tuple((dealer + 1 + i) % 5 for i in range(5))
        return ((four[0], four[2]), (four[1], four[3])), (5, 5), four
    t = RULES[d.rules.id]["target"]
    sides = ((0,), (1,)) if n == 2 else (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
    return sides, (t, t), tuple((dealer + 1 + i) % n for i in range(n))


def check_step(d, rng):
    """Before an action: the legal actions are exactly those the rules allow."""
    r = RULES[d.rules.id]
    acts = d.legal_actions()
    seat = d.to_move
    hand = set(d.hands[seat])
    kinds = {a.kind for a in acts}
    if d.phase == Phase.PLAY:
        plays = {a.card for a in acts if a.kind == "play"}
        banned = set()
        first = not d.tricks
        if first and r.get("seven") and (not d.current_trick or r["seven"] == "all"):
            banned = {knlib.Card.of(s, 7) for s in d.chosen}
        assert plays == hand - banned
        downs = {a.card for a in acts if a.kind == "down"}
        lead = not d.current_trick
        in_march = d.rules.options.get("drehen_in_march") == "legal"
        allowed = lead and r["drehen"] is not None and (d.marching is None or in_march)
        if allowed and r["drehen"] == "bernhard":
            side = d.side_of(seat)
            mine = [t for t in d.tricks if t.face_down and d.side_of(t.leader) == side]
            allowed = (len(mine) == 0 and d.tricks_won[side] >= 2) or (
                len(mine) == 1 and d.tricks_won[side] >= 4)
        assert downs == (hand if allowed else set())
        assert ("concede" in kinds) == (d.rules.id == "karniffel")
    elif d.phase == Phase.ANSWER:
        assert [str(a) for a in acts] == ["see", "run"]
        leader = d.current_trick[0][0]
        assert d.side_of(seat) != d.side_of(leader)
    elif d.phase == Phase.JANN:
        assert [str(a) for a in acts] == ["stop", "play on"]
    elif d.phase == Phase.EXCHANGE:
        assert str(acts[-1]) == "pass"
        give = acts[0].card
        assert give in hand and all(a.card is give for a in acts[:-1])
        for a in acts[:-1]:
            if give.rank in (12, 13):  # a Queen or King for an Ole of its suit
                assert a.other in knlib.engine.deal.OLE_CARDS and a.other.suit == give.suit
                assert a.other in (d.table if d.rules.procedure.table_olen else d.stock[-1:])
            else:  # a Ten / dog / Banner of a chosen suit for a turn-up of that suit
                assert give.suit in d.chosen and a.other in d.table and a.other.suit == give.suit
                assert a.other in d.turn_ups
    elif d.phase == Phase.DEALER:
        assert [str(a) for a in acts] == ["play alone", "sit out"] and seat == d.dealer
    # Bad input gets a RulesError and changes nothing.
    if rng.random() < 0.15:
        before = d.to_json()
        stranger = next(c for c in knlib.pack(d.rules.id) if c not in hand)
        for bad in (f"play {stranger}", "concede" if d.rules.id != "karniffel" else "see"):
            if bad not in map(str, acts):
                with pytest.raises(RulesError):
                    d.apply(bad)
        with pytest.raises(RulesError):
            d.apply(acts[0], (seat + 1) % d.players if "concede" not in kinds else 99)
        assert d.to_json() == before


def referee(d):
    """Re-derive the whole course and result of a finished deal from its history."""
    r = RULES[d.rules.id]
    history = d.history
    sides, target, active = expected_sides(d, history)
    assert d.sides == sides
    side_of = {s: i for i, side in enumerate(sides) for s in side}
    solo = d.players == 5 and len(sides[0]) == 1
    first_leader = (d.dealer - 2) % 5 if solo else active[0]
    played = Counter(s for t in d.tricks for s in t.seats)
    march_len = min(played[s] + len(d.hands[s]) + sum(1 for s2, _ in d.current_trick if s2 == s)
                    for s in active)
    size = len(active)
    # Walk the history, closing a trick after every `size` cards.
    won = [0, 0]
    marching = None
    ending = None
    trick_no = 0
    in_trick = 0
    jann_pending = None
    tricks = d.tricks
    for seat, a in history:
        assert ending is None, f"action {a} after the deal should have ended ({ending})"
        if jann_pending is not None:
            assert a.kind in ("stop", "play on") and side_of[seat] == jann_pending
            if a.kind == "stop":
                ending = ("jann", jann_pending)
            else:
                marching = jann_pending
            jann_pending = None
            continue
        if a.kind == "run":
            leader = tricks[trick_no].leader if trick_no < len(tricks) else d.current_trick[0][0]
            # Running during a march ends it as failed (seed 000, 'Drehen und Sehen').
            ending = ("failed march", side_of[seat]) if marching is not None else (
                "run", side_of[leader])
            continue
        if a.kind == "concede":
            assert d.rules.id == "karniffel"
            ending = ("conceded", 1 - side_of[seat])
            continue
        if a.kind not in ("play", "down"):
            continue
        in_trick += 1
        if in_trick < size:
            continue
        in_trick = 0
        t = tricks[trick_no]
        order = active.index(t.leader)
        assert t.seats == tuple(active[(order + j) % size] for j in range(size))
        assert t.leader == (first_leader if trick_no == 0 else tricks[trick_no - 1].winner)
        w = knlib.trick_winner(d.rules, t.cards, d.chosen, first_trick=trick_no == 0)
        assert t.winner == t.seats[w]
        trick_no += 1
        side = side_of[t.winner]
        won[side] += 1
        if marching is not None:
            if side != marching:
                ending = ("failed march", side)
            elif trick_no == march_len:
                ending = ("march", side)
            continue
        if won[side] >= target[side]:
            if r["jann"] and won[1 - side] == 0:
                jann_pending = side
            else:
                ending = ("game", side)
    assert trick_no == len(tricks)
    assert ending is not None, "the deal ended without a reason"
    res = d.result
    kind, winner = ending
    assert (res.kind, res.winner) == (kind, winner)
    assert res.tricks == tuple(won)
    assert res.jann == (kind == "jann") and res.march_made == (kind == "march")
    assert res.march_attempted == (marching is not None)
    assert res.ran_away == any(a.kind == "run" for _, a in history)
    turns = sum(1 for _, a in history if a.kind == "see")
    assert res.turns_accepted == turns
    # The stakes table.
    basic, turn, jann, march = r["stakes"]
    lone = kind in ("jann", "march") and len({t.winner for t in tricks}) == 1 and "lone" in r
    base = {"jann": jann, "march": march, "failed march": march}.get(kind, basic)
    if lone:
        base = r["lone"][0 if kind == "jann" else 1]
    value = base + turns * turn
    assert res.value == value
    pays = [0] * d.players
    win, lose = sides[winner], sides[1 - winner]
    each = r.get("each") or len(win) != len(lose)
    for s in win:
        pays[s] = value * (len(lose) if each else 1)
    for s in lose:
        pays[s] = -value * (len(win) if each else 1)
    assert res.payments == tuple(pays) and sum(res.payments) == 0
    conserved(d)


def play_checked(d, rng, *, check_every=True, json_at=None):
    steps = 0
    while not d.is_over:
        if check_every:
            check_step(d, rng)
            conserved(d)
        if json_at is not None and steps == json_at:
            text = d.to_json()
            assert Deal.from_json(text).to_json() == text
        d.apply(rng.choice(d.legal_actions()))
        steps += 1
    referee(d)
    return d


@pytest.mark.parametrize(("game", "players"), COMBOS)
def test_many_random_deals(game, players):
    rng = random.Random(f"{game}-{players}")
    for i in range(examples(1000)):
        d = new_deal(game, seed=rng.getrandbits(32), players=players, dealer=i % players)
        play_checked(d, rng, check_every=i % 8 == 0, json_at=rng.randrange(40))


@pytest.mark.parametrize(("game", "players"), COMBOS)
def test_random_deals_with_rare_answers(game, players):
    """Seeing far more often than running, so that deals go long and marches happen."""
    rng = random.Random(f"long-{game}-{players}")
    for i in range(examples(150)):
        d = new_deal(game, seed=i, players=players, dealer=i % players)
        while not d.is_over:
            acts = d.legal_actions()
            names = [str(a) for a in acts]
            if "see" in names:
                d.apply("see" if rng.random() < 0.9 else "run")
            elif "concede" in names and rng.random() < 0.9:
                d.apply(rng.choice(acts[:-1]))
            elif any(a.kind == "down" for a in acts) and rng.random() < 0.7:
                d.apply(rng.choice([a for a in acts if a.kind == "play"]))
            else:
                d.apply(rng.choice(acts))
        referee(d)


@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 5),
       rnd=st.randoms(use_true_random=False))
def test_hypothesis_random_deals(combo, seed, dealer, rnd):
    game, players = combo
    d = new_deal(game, seed=seed, players=players, dealer=dealer % players)
    play_checked(d, rnd, json_at=rnd.randrange(30))


@pytest.mark.parametrize("game", ["knueffeln", "knueffeln-1924", "knueffeln-1938"])
@pytest.mark.parametrize("choice", ["legal", "forbidden"])
def test_random_deals_under_both_drehen_in_march_readings(game, choice):
    """Option drehen_in_march (seed 000, 'Drehen und Sehen'): seeing often, so that marches
    happen; the legal actions and the result follow the option."""
    rng = random.Random(f"march-{game}-{choice}")
    rules = knlib.ruleset(game, drehen_in_march=choice)
    for i in range(300):
        d = new_deal(rules, seed=i, dealer=i % 4)
        while not d.is_over:
            check_step(d, rng)
            acts = d.legal_actions()
            if "see" in map(str, acts) and d.marching is None:
                d.apply("see" if rng.random() < 0.9 else "run")
            else:
                d.apply(rng.choice(acts))
        referee(d)
