"""The end of a trick, stated once (knlib.engine.ends.trick_end, issue 28 item 2): the rule
against the sources' cases, the state's deals against it trick by trick in every game, and
the numpy path's end of a trick against it on every reachable count of tricks."""

from __future__ import annotations

import random
from itertools import product

import pytest

import knlib
from knlib.engine.deal import random_playout
from knlib.engine.ends import TrickEnd, trick_end
from knlib.games import ruleset
from knlib.kinds import ActionKind, Phase
from knlib.rules.dealing import SOLO_TARGET

np = pytest.importorskip("numpy")


# -- the rule, against the sources (seed 000, 'The Play'; seed 002 for Karniffel) -------------


def end(side=0, won=1, target=5, unbroken=False, march=-1, number=1, march_len=9, jann=True):
    return trick_end(side=side, won=won, target=target, unbroken=unbroken, march=march,
                     number=number, march_len=march_len, jann=jann)


def test_the_first_five_tricks_in_a_row_are_a_jann():
    assert end(won=5, unbroken=True, number=5) is TrickEnd.JANN
    assert end(won=5, unbroken=False, number=7) is TrickEnd.GAME
    assert end(won=5, unbroken=True, number=5, jann=False) is TrickEnd.GAME  # Karniffel


def test_a_side_short_of_its_target_leads_on():
    assert end(won=4, number=8) is TrickEnd.LEAD
    assert end(won=4, target=4, number=8) is TrickEnd.GAME  # the lone five-player dealer


def test_the_march_needs_every_trick():
    assert end(side=1, won=1, march=0, number=6) is TrickEnd.FAILED_MARCH
    assert end(side=0, won=6, unbroken=True, march=0, number=6) is TrickEnd.LEAD
    assert end(side=0, won=9, unbroken=True, march=0, number=9) is TrickEnd.MARCH


def test_the_ends_that_settle_name_their_result():
    assert [e.result for e in TrickEnd] == [None, None, "game", "march", "failed march"]


# -- the state, trick by trick, in every game --------------------------------------------------


def replayed_ends(deal):
    """Each trick's end as the deal's record shows it, with the arguments of trick_end for
    it, worked out from the record alone: the sides, the tricks won, the march (a side
    that played on after its Jann), the targets (a lone five-player dealer needs
    SOLO_TARGET, seed 000, 'Five-Player Knüffeln') and the tricks of a deal."""
    game = deal.get_game()
    replay = knlib.Deal.from_game(game)
    proc = replay.rules.procedure
    march = -1
    won = [0, 0]
    streak: int | None = None
    out = []
    for seat, act in deal.history:
        before = len(replay.tricks)
        if act.kind == ActionKind.PLAY_ON:
            march = replay.side_of(replay.to_move)
        replay.apply(act, seat)
        if len(replay.tricks) == before:
            continue
        trick = replay.tricks[-1]
        side = replay.side_of(trick.winner)
        won[side] += 1
        streak = side if streak in (None, side) else -1
        if replay.is_over:
            seen = TrickEnd(str(replay.result.kind))
        elif replay.phase == Phase.JANN:
            seen = TrickEnd.JANN
        else:
            assert replay.to_move == trick.winner
            seen = TrickEnd.LEAD
        lone = len(replay.sides[side]) == 1 and replay.players == 5
        out.append((seen, dict(side=side, won=won[side],
                               target=SOLO_TARGET if lone else proc.target,
                               unbroken=streak == side, march=march, number=trick.number,
                               march_len=proc.hand_size, jann=proc.jann)))
    return out


@pytest.mark.parametrize("gid", sorted(knlib.GAMES))
def test_every_trick_of_the_states_deals_ends_as_the_rule_says(gid):
    rng = random.Random(gid)
    seen = set()
    for n in knlib.ruleset(gid).procedure.players:
        for seed in range(60):
            deal = knlib.new_deal(gid, players=n, seed=seed)
            random_playout(deal, rng)
            for end_seen, args in replayed_ends(deal):
                assert trick_end(**args) is end_seen, (gid, n, seed, args)
                seen.add(end_seen)
    assert {TrickEnd.LEAD, TrickEnd.GAME} <= seen, seen


def test_the_deals_above_reach_every_end():
    """The check above sees every end of a trick, the Jann and both ends of a march too."""
    seen = set()
    for gid in ("knueffeln", "styrivolt"):
        rng = random.Random(gid)
        for seed in range(60):
            deal = knlib.new_deal(gid, seed=seed)
            random_playout(deal, rng)
            seen |= {end_seen for end_seen, _ in replayed_ends(deal)}
    assert seen == set(TrickEnd)


# -- the numpy path's end of a trick, on every reachable count of tricks -----------------------


def numpy_games():
    from knlib.players.playkit import why_not_playable

    return [g for g in sorted(knlib.GAMES) if why_not_playable(ruleset(g)) is None]


@pytest.mark.parametrize("gid", numpy_games())
def test_the_numpy_end_of_a_trick_is_the_rule(gid):
    """playouts.end_trick on one row per situation: every leader and place of the card
    ahead, every split of the tricks won so far, with and without a march; each row ends
    as trick_end says (the phase, the result and its winner, or the winner to lead)."""
    from knlib.players import playouts
    from knlib.players.playkit import (
        K_FAILED,
        K_GAME,
        K_MARCH,
        KINDS,
        PH_JANN,
        PH_OVER,
        PH_PLAY,
        play_kit,
    )

    kit = play_kit(ruleset(gid))
    size = kit.size
    cases = []
    for leader, pos, before in product(range(4), range(size), range(kit.hand_size)):
        for w0 in range(before + 1):
            won = (w0, before - w0)
            if max(won) >= kit.target:
                continue  # the deal would be over already
            for march in (-1, 0, 1):
                if march >= 0 and not (kit.jann and won[1 - march] == 0
                                       and won[march] >= kit.target):
                    continue  # a march only after a Jann
                cases.append((leader, pos, won, march))
    # the march rows: a Jann side past its target, which the loop above leaves out
    for leader, pos, march, before in product(range(4), range(size), (0, 1),
                                              range(kit.target, kit.hand_size)):
        if kit.jann:
            won = (before, 0) if march == 0 else (0, before)
            cases.append((leader, pos, won, march))
    st = playouts.Deals(kit, len(cases))
    for r, (leader, pos, won, march) in enumerate(cases):
        before = sum(won)
        st.leader[r], st.ahead_pos[r], st.npos[r] = leader, pos, size
        st.won[r] = won
        st.ntr[r] = before
        st.streak[r] = -1 if before == 0 else (0 if won[1] == 0 else 1 if won[0] == 0 else -2)
        st.march[r] = march
        st.phase[r] = PH_PLAY
    playouts.end_trick(kit, st, np.arange(len(cases)))
    kinds = {K_GAME: TrickEnd.GAME, K_MARCH: TrickEnd.MARCH, K_FAILED: TrickEnd.FAILED_MARCH}
    seen = set()
    for r, (leader, pos, won, march) in enumerate(cases):
        winner = int(kit.after[leader, pos])
        side = int(kit.side[winner])
        before = sum(won)
        want = trick_end(side=side, won=won[side] + 1, target=kit.target,
                         unbroken=before == 0 or won[1 - side] == 0, march=march,
                         number=before + 1, march_len=kit.hand_size, jann=bool(kit.jann))
        if st.phase[r] == PH_OVER:
            got = kinds[int(st.rkind[r])]
            assert int(st.rwin[r]) == side, (gid, cases[r])
        elif st.phase[r] == PH_JANN:
            got = TrickEnd.JANN
        else:
            assert st.phase[r] == PH_PLAY and int(st.to_move[r]) == winner
            got = TrickEnd.LEAD
        assert got is want, (gid, cases[r], KINDS)
        seen.add(got)
    assert seen == set(TrickEnd) if kit.jann else seen == {TrickEnd.LEAD, TrickEnd.GAME}
