"""Many deals played at once, as numpy arrays: the computer players' fast path.

Rows are deals; every deal still in play takes its next decision in lock step. The
rule-based choices are the habits of :mod:`.habits` evaluated on arrays, so they are the
:class:`~knlib.players.rule_player.RulePlayer`'s own; random choices come from numpy's
generator or from a script of uniform numbers (the tests replay the script through the
deal API and compare deal for deal). The sampling player plays each candidate action out
here (:func:`playout_wins`); the bulk simulator (:mod:`knlib.sim`) deals by the game's
procedure and then plays here. The rules come from a :class:`~.playkit.PlayKit`, read
from the engine's tables; what is left here is the flow of a deal (who is to move, when a
trick, a Jann, a march or the deal ends), on arrays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import SUITS
from ..engine.deal import Deal
from ..errors import RulesError
from ..kinds import ActionKind, Phase
from .card_facts import card_facts
from .habits import (
    follow_key,
    is_strong,
    is_sure,
    lead_key,
    may_turn,
    plays_on,
    runs,
    turns,
    wins_lead,
)
from .playkit import (
    FORCED,
    K_FAILED,
    K_GAME,
    K_JANN,
    K_MARCH,
    K_RUN,
    PH_ANSWER,
    PH_JANN,
    PH_OVER,
    PH_PLAY,
    RANDOM,
    RANDOM_CARDS,
    RULES,
    SCRIPT,
    SEATS,
    PlayKit,
    play_kit,
    why_not_playable,
)

__all__ = ["Deals", "Draw", "Forced", "step", "run", "finish", "end_trick", "jann_choice",
           "load", "supports_playouts", "playout_wins"]

_PHASE = {Phase.PLAY: PH_PLAY, Phase.ANSWER: PH_ANSWER, Phase.JANN: PH_JANN}


def _np() -> Any:
    import numpy

    return numpy


def _popcount(x: Any) -> Any:
    np = _np()
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(x).astype(np.int64)
    # numpy < 2.0: count the bits of each byte
    b = x[..., None].view(np.uint8)
    return np.unpackbits(b, axis=-1).sum(axis=-1).astype(np.int64)  # pragma: no cover


# -- the deals in play, as arrays ---------------------------------------------------------------


class Deals:
    """Many deals in the play, as arrays (rows are deals)."""

    def __init__(self, kit: PlayKit, n: int) -> None:
        np = _np()
        h = kit.hand_size
        self.n = n
        self.cid = np.zeros(n, dtype=np.int64)
        self.hand = np.full((n, SEATS, h), -1, dtype=np.int64)
        self.hbits = np.zeros((n, SEATS), dtype=np.uint64)
        self.seen = np.zeros(n, dtype=np.uint64)
        self.leader = np.zeros(n, dtype=np.int64)
        self.npos = np.zeros(n, dtype=np.int64)
        self.tcards = np.full((n, SEATS), -1, dtype=np.int64)
        self.ahead_pos = np.zeros(n, dtype=np.int64)
        self.ahead_card = np.full(n, -1, dtype=np.int64)
        self.won = np.zeros((n, 2), dtype=np.int64)
        self.ntr = np.zeros(n, dtype=np.int64)
        self.streak = np.full(n, -1, dtype=np.int64)  # -1 none yet, side, -2 broken
        self.first_winner = np.full(n, -1, dtype=np.int64)
        self.lone = np.ones(n, dtype=bool)
        self.march = np.full(n, -1, dtype=np.int64)
        self.march_len = np.full(n, h, dtype=np.int64)
        self.turns = np.zeros(n, dtype=np.int64)
        self.phase = np.zeros(n, dtype=np.int64)
        self.to_move = np.zeros(n, dtype=np.int64)
        self.twin = np.full((n, h), -1, dtype=np.int64)
        self.rwin = np.full(n, -1, dtype=np.int64)
        self.rkind = np.full(n, -1, dtype=np.int64)
        self.rvalue = np.zeros(n, dtype=np.int64)
        self.ctr = np.zeros(n, dtype=np.int64)

    def rows(self, idx: Any) -> Deals:
        """A new set of the rows ``idx`` (rows may repeat)."""
        new = Deals.__new__(Deals)
        for k, v in vars(self).items():
            setattr(new, k, v[idx] if hasattr(v, "shape") else v)
        new.n = len(idx)
        return new


class Forced:
    """The first decision of some rows, given from outside: ``card`` (-1: none) and
    ``flag`` (lead face down, run, or play on)."""

    def __init__(self, card: Any, flag: Any) -> None:
        self.card = card
        self.flag = flag


class Draw:
    """Where random choices come from: numpy's generator, or a script of uniforms per deal
    (each decision of a deal takes the next number, as the tests' script players do)."""

    def __init__(self, rng: Any = None, script: Any = None, forced: Forced | None = None) -> None:
        self.rng = rng
        self.script = script
        self.forced = forced

    def __call__(self, deals: Deals, rows: Any) -> Any:
        if self.script is not None:
            u = self.script[rows, deals.ctr[rows]]
            deals.ctr[rows] += 1
            return u
        return self.rng.random(len(rows))


def _nth_valid(valid: Any, j: Any) -> Any:
    """Position of the j-th (0-based) True in each row of ``valid``."""
    np = _np()
    cs = np.cumsum(valid, axis=1)
    return np.argmax(cs > j[:, None], axis=1)


def _unseen_takers(kit: PlayKit, deals: Deals, rows: Any, seat: Any, h: Any) -> Any:
    """Each card's unseen takers (:mod:`.habits`): not in the seat's hand, not seen."""
    unseen = kit.pack_bits & ~deals.hbits[rows, seat] & ~deals.seen[rows]
    return _popcount(kit.takers[deals.cid[rows][:, None], h] & unseen[:, None])


def _remove(kit: PlayKit, deals: Deals, rows: Any, seat: Any, pos: Any) -> Any:
    card = deals.hand[rows, seat, pos]
    deals.hand[rows, seat, pos] = -1
    deals.hbits[rows, seat] &= ~kit.bit[card]
    return card


def finish(kit: PlayKit, deals: Deals, rows: Any, kind: int | Any, side: Any) -> None:
    """Settle the deals ``rows``: won by ``side`` as ``kind``, at the stakes' value."""
    np = _np()
    kind = np.broadcast_to(np.asarray(kind), rows.shape)
    lone = (deals.lone[rows] & kit.lone_counts).astype(np.int64)
    deals.rvalue[rows] = kit.value[kind, lone] + deals.turns[rows] * kit.turn
    deals.rwin[rows] = side
    deals.rkind[rows] = kind
    deals.phase[rows] = PH_OVER


def step(kit: PlayKit, deals: Deals, pol: Any, draw: Draw) -> bool:
    """One decision for every deal still in play; False when all are over."""
    np = _np()
    live = np.nonzero(deals.phase != PH_OVER)[0]
    if live.size == 0:
        return False
    ph = deals.phase[live]
    lead_rows = live[(ph == PH_PLAY) & (deals.npos[live] == 0)]
    follow_rows = live[(ph == PH_PLAY) & (deals.npos[live] > 0)]
    answer_rows = live[ph == PH_ANSWER]
    jann_rows = live[ph == PH_JANN]
    if lead_rows.size:
        _lead(kit, deals, lead_rows, pol, draw)
    if follow_rows.size:
        _follow(kit, deals, follow_rows, pol, draw)
    if answer_rows.size:
        _answer(kit, deals, answer_rows, pol, draw)
    if jann_rows.size:
        _jann(kit, deals, jann_rows, pol, draw)
    return True


def run(kit: PlayKit, deals: Deals, pol: Any, draw: Draw) -> None:
    """Play every deal to its end."""
    while step(kit, deals, pol, draw):
        pass


def _lead(kit: PlayKit, deals: Deals, rows: Any, pol: Any, draw: Draw) -> None:
    np = _np()
    seat = deals.to_move[rows]
    side = kit.side[seat]
    code = pol[rows, seat]
    h = deals.hand[rows, seat]
    valid = h >= 0
    m = valid.sum(axis=1)
    # Drehen where the game has it; no computer player turns in its own side's march.
    can_down = kit.drehen & may_turn(deals.march[rows], side)
    pos = np.zeros(rows.size, dtype=np.int64)
    down = np.zeros(rows.size, dtype=bool)
    rnd = (code == RANDOM) | (code == SCRIPT) | (code == RANDOM_CARDS)
    if rnd.any():
        r = np.nonzero(rnd)[0]
        u = draw(deals, rows[r])
        with_down = can_down[r] & (code[r] != RANDOM_CARDS)
        total = m[r] * np.where(with_down, 2, 1)
        k = (u * total).astype(np.int64)
        dn = k >= m[r]
        j = np.where(dn, k - m[r], k)
        pos[r] = _nth_valid(valid[r], j)
        down[r] = dn
    fo = code == FORCED
    if fo.any():
        r = np.nonzero(fo)[0]
        pos[r] = np.argmax(h[r] == draw.forced.card[rows[r]][:, None], axis=1)  # type: ignore[union-attr]
        down[r] = draw.forced.flag[rows[r]]  # type: ignore[union-attr]
    rl = code == RULES
    if rl.any():
        r = np.nonzero(rl)[0]
        rr = rows[r]
        hr = h[r]
        tk = _unseen_takers(kit, deals, rr, seat[r], hr)
        strength = kit.strength[deals.cid[rr][:, None], hr]
        key = np.where(valid[r], lead_key(tk, strength, kit.index[hr]), np.iinfo(np.int64).max)
        pos[r] = np.argmin(key, axis=1)
        sure = (is_sure(tk) & valid[r]).sum(axis=1)
        need = kit.target - deals.won[rr, side[r]]
        streak = deals.streak[rr]
        jann_lost = (streak != -1) & (streak != side[r])
        down[r] = can_down[r] & turns(sure, need, jann_lost)
    card = _remove(kit, deals, rows, seat, pos)
    deals.tcards[rows, 0] = card
    deals.npos[rows] = 1
    deals.leader[rows] = seat
    deals.ahead_pos[rows] = 0
    deals.ahead_card[rows] = card
    deals.to_move[rows] = np.where(down, kit.answerer[seat], kit.nxt[seat])
    plain = rows[~down]
    deals.seen[plain] |= kit.bit[card[~down]]
    deals.phase[rows[down]] = PH_ANSWER


def _yes_or_no(kit: PlayKit, deals: Deals, rows: Any, seat: Any, code: Any, draw: Draw,
               coin: Any, rule: Callable[[Any, Any, Any, Any], Any]) -> Any:
    """One yes/no decision per row (run? play on?): a coin flip where ``coin`` is set, the
    given answer for forced rows, and ``rule(r, rr, h, unseen_takers)`` for rule-based
    rows."""
    np = _np()
    out = np.zeros(rows.size, dtype=bool)
    if coin.any():
        r = np.nonzero(coin)[0]
        out[r] = (draw(deals, rows[r]) * 2).astype(np.int64) == 1
    fo = code == FORCED
    if fo.any():
        out[fo] = draw.forced.flag[rows[fo]]  # type: ignore[union-attr]
    rl = code == RULES
    if rl.any():
        r = np.nonzero(rl)[0]
        rr = rows[r]
        h = deals.hand[rr, seat[r]]
        out[r] = rule(r, rr, h, _unseen_takers(kit, deals, rr, seat[r], h))
    return out


def _answer(kit: PlayKit, deals: Deals, rows: Any, pol: Any, draw: Draw) -> None:
    np = _np()
    seat = deals.to_move[rows]
    side = kit.side[seat]
    code = pol[rows, seat]

    def run_rule(r: Any, rr: Any, h: Any, tk: Any) -> Any:
        strong = (is_strong(tk) & (h >= 0)).sum(axis=1)
        our_need = kit.target - deals.won[rr, side[r]]
        their_need = kit.target - deals.won[rr, 1 - side[r]]
        return runs(strong, our_need, their_need)

    ran = _yes_or_no(kit, deals, rows, seat, code, draw, (code == RANDOM) | (code == SCRIPT),
                     run_rule)
    r = rows[ran]
    if r.size:
        # Running from a face-down lead during a march (drehen_in_march='legal') ends the
        # march as failed: the runners win (seed 000, 'Drehen und Sehen'; the engine's
        # State._answer).
        failed = deals.march[r] >= 0
        runners = side[ran]
        finish(kit, deals, r, np.where(failed, K_FAILED, K_RUN),
               np.where(failed, runners, 1 - runners))
    saw = rows[~ran]
    deals.turns[saw] += 1
    deals.seen[saw] |= kit.bit[deals.tcards[saw, 0]]
    deals.phase[saw] = PH_PLAY
    deals.to_move[saw] = kit.nxt[deals.leader[saw]]


def _follow(kit: PlayKit, deals: Deals, rows: Any, pol: Any, draw: Draw) -> None:
    np = _np()
    seat = deals.to_move[rows]
    code = pol[rows, seat]
    h = deals.hand[rows, seat]
    valid = h >= 0
    pos = np.zeros(rows.size, dtype=np.int64)
    rnd = (code != RULES) & (code != FORCED)
    if rnd.any():
        r = np.nonzero(rnd)[0]
        m = valid[r].sum(axis=1)
        k = (draw(deals, rows[r]) * m).astype(np.int64)
        pos[r] = _nth_valid(valid[r], k)
    fo = code == FORCED
    if fo.any():
        r = np.nonzero(fo)[0]
        pos[r] = np.argmax(h[r] == draw.forced.card[rows[r]][:, None], axis=1)  # type: ignore[union-attr]
    rl = code == RULES
    if rl.any():
        r = np.nonzero(rl)[0]
        rr = rows[r]
        hr = h[r]
        cid = deals.cid[rr]
        ahead_seat = kit.after[deals.leader[rr], deals.ahead_pos[rr]]
        partner = kit.side[ahead_seat] == kit.side[seat[r]]
        takes = kit.beats[cid[:, None], deals.ahead_card[rr][:, None], hr]
        key = follow_key(wins_lead(takes, partner[:, None]), kit.strength[cid[:, None], hr],
                         kit.index[hr])
        pos[r] = np.argmin(np.where(valid[r], key, np.iinfo(np.int64).max), axis=1)
    card = _remove(kit, deals, rows, seat, pos)
    npos = deals.npos[rows]
    deals.tcards[rows, npos] = card
    deals.seen[rows] |= kit.bit[card]
    took = kit.beats[deals.cid[rows], deals.ahead_card[rows], card]
    deals.ahead_pos[rows] = np.where(took, npos, deals.ahead_pos[rows])
    deals.ahead_card[rows] = np.where(took, card, deals.ahead_card[rows])
    deals.npos[rows] = npos + 1
    done = npos + 1 == kit.size
    deals.to_move[rows[~done]] = kit.nxt[seat[~done]]
    if done.any():
        end_trick(kit, deals, rows[done])


def end_trick(kit: PlayKit, deals: Deals, rows: Any) -> None:
    """Close the full tricks of ``rows``: the winner leads; a side's target ends the deal,
    or offers the Jann where the side won every trick; a march ends at its first lost
    trick or its last trick (seed 000, 'The Play')."""
    np = _np()
    w = kit.after[deals.leader[rows], deals.ahead_pos[rows]]
    side = kit.side[w]
    deals.won[rows, side] += 1
    deals.twin[rows, deals.ntr[rows]] = w
    deals.ntr[rows] += 1
    ntr = deals.ntr[rows]
    streak = deals.streak[rows]
    deals.streak[rows] = np.where(ntr == 1, side, np.where(streak == side, side, -2))
    first = np.where(ntr == 1, w, deals.first_winner[rows])
    deals.first_winner[rows] = first
    deals.lone[rows] &= w == first
    deals.npos[rows] = 0
    deals.to_move[rows] = w
    deals.leader[rows] = w
    march = deals.march[rows]
    marching = march >= 0
    failed = marching & (side != march)
    made = marching & ~failed & (ntr == deals.march_len[rows])
    if failed.any():
        finish(kit, deals, rows[failed], K_FAILED, side[failed])
    if made.any():
        finish(kit, deals, rows[made], K_MARCH, side[made])
    reached = ~marching & (deals.won[rows, side] >= kit.target)
    jann = reached & kit.jann & (deals.streak[rows] == side)
    if jann.any():
        deals.phase[rows[jann]] = PH_JANN
    game = reached & ~jann
    if game.any():
        finish(kit, deals, rows[game], K_GAME, side[game])


def _jann(kit: PlayKit, deals: Deals, rows: Any, pol: Any, draw: Draw) -> None:
    seat = deals.to_move[rows]
    code = pol[rows, seat]

    def march_rule(r: Any, rr: Any, h: Any, tk: Any) -> Any:
        sure = (is_sure(tk) & (h >= 0)).sum(axis=1)
        return plays_on(sure, deals.march_len[rr] - deals.ntr[rr])

    on = _yes_or_no(kit, deals, rows, seat, code, draw, (code != RULES) & (code != FORCED),
                    march_rule)
    jann_choice(kit, deals, rows, on)


def jann_choice(kit: PlayKit, deals: Deals, rows: Any, on: Any) -> None:
    """After a Jann: stop and take it, or (``on``) play on for the march."""
    side = kit.side[deals.to_move[rows]]
    stop = rows[~on]
    if stop.size:
        finish(kit, deals, stop, K_JANN, side[~on])
    go = rows[on]
    deals.march[go] = side[on]
    deals.phase[go] = PH_PLAY


# -- playouts for the sampling player -------------------------------------------------------------


def supports_playouts(deal: Deal) -> bool:
    """True if the fast path can play this deal on from its present state."""
    if deal.phase not in _PHASE or why_not_playable(deal.rules, deal.players) is not None:
        return False
    try:
        _np()
    except ImportError:  # pragma: no cover - numpy is a test requirement
        return False
    return True


def load(kit: PlayKit, deals: Sequence[Deal]) -> Deals:
    """Deals in play, as arrays (each deal's present position)."""
    np = _np()
    n = len(deals)
    arrays = Deals(kit, n)
    hs = kit.hand_size
    hand = np.full((n, SEATS, hs), -1, dtype=np.int64)
    seen = [0] * n
    for i, d in enumerate(deals):
        for s, h in enumerate(d.hands):
            for j, c in enumerate(h):
                hand[i, s, j] = c.index
        bits = 0
        for c in d.table:
            bits |= 1 << c.index
        winners = []
        for t in d.tricks:
            for c in t.cards:
                bits |= 1 << c.index
            winners.append(t.winner)
        cur = d.current_trick
        face_down = d.current_face_down
        for p, (_, c) in enumerate(cur):
            arrays.tcards[i, p] = c.index
            if not (p == 0 and face_down):
                bits |= 1 << c.index
        seen[i] = bits
        arrays.npos[i] = len(cur)
        if cur:
            arrays.leader[i] = cur[0][0]
            ahead = 0 if face_down else card_facts(d.rules, d.chosen).ahead([c for _, c in cur])
            arrays.ahead_pos[i] = ahead
            arrays.ahead_card[i] = cur[ahead][1].index
        elif winners:
            arrays.leader[i] = winners[-1]
        won = d.tricks_won
        arrays.won[i, 0], arrays.won[i, 1] = won[0], won[1]
        arrays.ntr[i] = len(winners)
        for k, w in enumerate(winners):
            arrays.twin[i, k] = w
        if winners:
            sides = {kit.side[w] for w in winners}
            arrays.streak[i] = kit.side[winners[0]] if len(sides) == 1 else -2
            arrays.first_winner[i] = winners[0]
            arrays.lone[i] = len(set(winners)) == 1
        m = d.marching
        arrays.march[i] = -1 if m is None else m
        arrays.turns[i] = d.turns_accepted
        arrays.phase[i] = _PHASE[d.phase]
        arrays.to_move[i] = d.to_move
        arrays.cid[i] = kit.pair_id[tuple(SUITS.index(s) for s in d.chosen)]
    arrays.hand = hand
    arrays.seen = np.array(seen, dtype=np.uint64)
    arrays.hbits = np.bitwise_or.reduce(kit.bit[hand], axis=2)
    return arrays


def playout_wins(worlds: Sequence[Deal], acts: Sequence[Any], side: int | None) -> list[int]:
    """For each action, in how many of the ``worlds`` the side ``side`` wins the deal when
    the player to move takes that action and all four seats then play by the
    :class:`~knlib.players.rule_player.RulePlayer` habits. The worlds are loaded into
    arrays once, copied for every action, and the action is made by the fast path
    itself."""
    np = _np()
    kit = play_kit(worlds[0].rules)
    base = load(kit, worlds)
    n_actions, n_worlds = len(acts), len(worlds)
    deals = base.rows(np.tile(np.arange(n_worlds), n_actions))
    n = deals.n
    card = np.full(n, -1, dtype=np.int64)
    flag = np.zeros(n, dtype=bool)
    for i, a in enumerate(acts):
        rows = slice(i * n_worlds, (i + 1) * n_worlds)
        if a.kind not in (ActionKind.PLAY, ActionKind.DOWN, ActionKind.SEE, ActionKind.RUN,
                          ActionKind.STOP, ActionKind.PLAY_ON):
            raise RulesError(f"the fast path cannot play {a!r}")
        if a.card is not None:
            card[rows] = a.card.index
        flag[rows] = a.kind in (ActionKind.DOWN, ActionKind.RUN, ActionKind.PLAY_ON)
    pol = np.full((n, SEATS), RULES, dtype=np.int64)
    every = np.arange(n)
    pol[every, deals.to_move] = FORCED
    draw = Draw(np.random.default_rng(0), forced=Forced(card, flag))
    step(kit, deals, pol, draw)
    pol[every, :] = RULES
    run(kit, deals, pol, draw)
    wins = (deals.rwin == side).reshape(n_actions, n_worlds).sum(axis=1)
    return [int(x) for x in wins]
