"""The fast path's deal: many pack orders laid out by the game's procedure at once, as
numpy arrays, then played by :mod:`knlib.players.playouts`.

Dealing states no rule of its own. A :class:`DealKit` reads, once per rule set:

* the packets and the order of dealing (``Procedure.packets``,
  :func:`~knlib.rules.dealing.deal_order`): where each hand's cards lie in a pack order;
* the turn-ups: :func:`~knlib.rules.dealing.lay_out` itself, run on one pack order for
  each pattern of suits of the cards after the deal, gives how many cards are turned (or
  a redeal) for that pattern;
* the exchanges: the chosen card given for a turn-up of its suit (``Procedure.low_rank``:
  a Ten), the Olen (:data:`~knlib.rules.dealing.OLE_CARDS`) and the Queen or King that
  may take one (:data:`~knlib.rules.dealing.OLE_TAKER_RANKS`), from the bottom of the
  stock (``bottom_olen``, up to :data:`~knlib.rules.dealing.BOTTOM_OLEN_MAX`) or face up
  from the cutter's look (``table_olen``, :data:`~knlib.rules.dealing.CUTTER_LOOKS`
  cards), and when the Queen sleeps (``queen_sleeps_in_stock`` or the rule set's option
  ``sleeping_queen``).

What is left here is the order of the exchanges as the engine makes them (in turn from
forehand, each holder's chosen suits in order; then the bottom of the stock; then the
table), on arrays. The pack orders it lays out are the deal API's own, shuffled, cut and
dealt again after a redeal as :func:`knlib.new_deal` does (:mod:`.packs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from ..cards import ALL_CARDS, SUITS, Card
from ..errors import RulesError
from ..games import GAMES, Ruleset, ruleset
from ..players.bots import RulePlayer
from ..players.habits import may_turn, takes_offer
from ..players.playkit import (
    K_RUN,
    PH_JANN,
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
from ..players.playouts import Deals, Draw, end_trick, finish, jann_choice, run
from ..rules.dealing import (
    BOTTOM_OLEN_MAX,
    CUTTER_LOOKS,
    OLE_CARDS,
    OLE_TAKER_RANKS,
    deal_order,
    lay_out,
)

__all__ = ["DealKit", "deal_kit", "why_not_dealt", "fast_deals", "deal", "run_in_order",
           "turned", "holders_array", "arrays", "policies", "policy_code", "FAST_GAMES",
           "FAST_POLICIES"]


def _np() -> Any:
    import numpy

    return numpy


def why_not_dealt(rules: Ruleset, players: int = SEATS) -> str | None:
    """None if the fast path deals and plays this rule set at a table of ``players``, else
    why not: beyond :func:`~knlib.players.playouts.why_not_playable`, it finds the chosen
    suits by turn-ups (keeping every turn-up face up) and lets any Queen take an Ole."""
    why = why_not_playable(rules, players)
    if why is not None:
        return why
    proc = rules.procedure
    if (proc.chosen_by != "turn_ups" or proc.max_same_suit is None or proc.keep_highest
            or proc.ole_queen_chosen or rules.n_chosen != 2):
        return f"the fast path does not deal {rules.title}'s way of choosing suits or Olen"
    return None


#: Games the fast path deals and plays (four players, chain rule, turn-ups, exchanges).
FAST_GAMES: tuple[str, ...] = tuple(g for g in GAMES if why_not_dealt(ruleset(g)) is None)
#: Player names the fast path plays, with their codes.
FAST_POLICIES = {"random": RANDOM, "random-cards": RANDOM_CARDS, "rules": RULES}


def policy_code(p: Any) -> int:
    """The fast path's code of a player given by name, or of a RulePlayer or RandomPlayer."""
    if isinstance(p, str):
        return FAST_POLICIES[p]
    if type(p) is RulePlayer:
        return RULES
    return RANDOM if p.drehen else RANDOM_CARDS


class DealKit:
    """What the vectorised deal of one rule set reads (see the module's docstring), beside
    the :class:`~knlib.players.playouts.PlayKit` (``play``) that plays it."""

    def __init__(self, rules: Ruleset) -> None:
        np = _np()
        why = why_not_dealt(rules)
        if why is not None:
            raise RulesError(why)
        self.rules = rules
        self.play: PlayKit = play_kit(rules)
        proc = self.proc = rules.procedure
        self.n_chosen = rules.n_chosen
        #: suit[card index]: the suit's place in SUITS (the 53rd entry: no card).
        self.suit = np.array([SUITS.index(c.suit) for c in ALL_CARDS] + [-1], dtype=np.int64)
        # -- the packets: deck position of each seat's hand slots, per dealer --------------
        hs = self.hand_size = proc.hand_size
        self.gather = np.zeros((SEATS, SEATS, hs), dtype=np.int64)
        #: place[dealer, seat]: the seat's place in the order of dealing (forehand first).
        self.place = np.zeros((SEATS, SEATS), dtype=np.int64)
        for d in range(SEATS):
            order = deal_order(SEATS, d)
            for i, s in enumerate(order):
                self.place[d, s] = i
            pos = 0
            taken = [0] * SEATS
            for size in proc.packets:
                for s in order:
                    self.gather[d, s, taken[s]:taken[s] + size] = np.arange(pos, pos + size)
                    taken[s] += size
                    pos += size
        self.dealt = pos
        # -- the turn-ups, by the suits of the next cards (lay_out decides) ------------------
        assert proc.max_same_suit is not None  # (why_not_dealt)
        self.look = proc.max_same_suit
        self.turned = np.array([_turned_for(rules, pattern, self.dealt)
                                for pattern in product(range(len(SUITS)), repeat=self.look)])
        # -- the exchanges ----------------------------------------------------------------------
        self.low = (np.array([Card.of(s, proc.low_rank).index for s in SUITS])
                    if proc.low_rank else None)
        self.ole = np.zeros(53, dtype=bool)
        self.ole[[c.index for c in OLE_CARDS]] = True
        queen, king = OLE_TAKER_RANKS
        self.queen = np.array([Card.of(s, queen).index for s in SUITS])
        self.king = np.array([Card.of(s, king).index for s in SUITS])
        #: The King inherits only while the Queen lies in the stock (the engine's ole_right).
        self.sleeps_in_stock = (proc.queen_sleeps_in_stock
                                or rules.options.get("sleeping_queen") == "in_stock")

    def most_draws(self, in_order: bool) -> int:
        """The most random numbers a deal's players can draw: an offer per chosen low card
        and per Ole looked at, per trick a lead and an answer, and the three followers
        unless the seats play in order (:func:`run_in_order`), and the Jann choice."""
        per_trick = 2 if in_order else SEATS + 1
        return self.n_chosen + BOTTOM_OLEN_MAX + CUTTER_LOOKS + per_trick * self.hand_size + 1


def _turned_for(rules: Ruleset, suits: tuple[int, ...], dealt: int) -> int:
    """How many cards :func:`~knlib.rules.dealing.lay_out` turns when the cards after the
    deal have these suits (0: a redeal): it is given a pack order with them there."""
    proc = rules.procedure
    rest = [c for c in rules.pack if c not in OLE_CARDS]
    first: list[Card] = []
    for s in suits:
        card = next(c for c in rest if c.suit == SUITS[s])
        rest.remove(card)
        first.append(card)
    rest += [c for c in rules.pack if c in OLE_CARDS]  # no Ole at the cutter's look
    others = rest[CUTTER_LOOKS:]
    deck = others[:dealt] + first + others[dealt:] + rest[:CUTTER_LOOKS]
    layout = lay_out(proc, deck, SEATS, 0)
    return 0 if layout.redeal else len(layout.turned)


_KITS: dict[Any, DealKit] = {}


def deal_kit(rules: Ruleset) -> DealKit:
    """The cached :class:`DealKit` of a rule set."""
    kit = _KITS.get(rules.key)
    if kit is None:
        kit = _KITS[rules.key] = DealKit(rules)
    return kit


def turned(kit: DealKit, decks: Any) -> Any:
    """How many cards are turned for the chosen suits, per pack order (0: a redeal)."""
    s = kit.suit[decks[:, kit.dealt:kit.dealt + kit.look]]
    pattern = 0
    for i in range(kit.look):
        pattern = pattern * len(SUITS) + s[:, i]
    return kit.turned[pattern]


def _decide(deals: Deals, pol: Any, rows: Any, seats: Any, draw: Draw, n_options: Any,
            rule: Any) -> Any:
    """An exchange offer per row: the option taken (0 to n_options - 1) or -1 (pass). A
    random player takes the action at ``int(u * (n_options + 1))`` of the legal ones (the
    options, then 'pass'); the rule-based habit's choice is ``rule(q)`` for its rows."""
    np = _np()
    code = pol[rows, seats]
    choice = np.full(rows.size, -1, dtype=np.int64)
    rnd = code != RULES
    if rnd.any():
        q = np.nonzero(rnd)[0]
        idx = (draw(deals, rows[q]) * (n_options[q] + 1)).astype(np.int64)
        choice[q] = np.where(idx < n_options[q], idx, -1)
    if (~rnd).any():
        q = np.nonzero(~rnd)[0]
        choice[q] = rule(q)
    return choice


def _low_exchanges(kit: DealKit, deals: Deals, pol: Any, draw: Draw, dealers: Any, k: Any,
                   hand: Any, at: Any, table: Any, obtained: Any, chosen: Any) -> None:
    """The chosen low cards (Tens) for the turn-ups of their suits, in turn from forehand,
    each holder's chosen suits in order (the engine's DEAL_QUESTIONS 'exchange_order')."""
    np = _np()
    assert kit.low is not None
    n = hand.shape[0]
    rows = np.arange(n)
    hs, nc = kit.hand_size, kit.n_chosen
    strength = kit.play.strength
    cid = deals.cid
    low = kit.low[chosen]  # (n, nc)
    pos = at[rows[:, None], low].astype(np.int64)
    holder = (pos // hs) % SEATS  # (a card nobody holds counts as the last seat's: it only
    # decides in which round the other card's offer is drawn, as in earlier versions, so
    # that a seed gives the same deals as before)
    order = np.argsort(kit.place[dealers[:, None], holder] * nc + np.arange(nc), axis=1,
                       kind="stable")
    up = table[:, :SEATS].copy()  # the turn-ups, face up
    for turn in range(nc):
        for j in range(nc):
            r = np.nonzero((order[:, turn] == j) & (pos[:, j] >= 0))[0]
            if r.size == 0:
                continue
            give = low[r, j]
            # The options: the turn-ups of this suit, in the order turned.
            opt_ok = (kit.suit[up[r]] == chosen[r, j][:, None]) & (up[r] >= 0)
            rank = np.cumsum(opt_ok, axis=1) - 1
            n_opt = opt_ok.sum(axis=1)
            sv = np.where(opt_ok, strength[cid[r][:, None], up[r]], -1)

            def habit(q: Any, r: Any = r, sv: Any = sv, give: Any = give, rank: Any = rank
                      ) -> Any:
                best = np.argmax(sv[q], axis=1)  # the strongest on offer (the first of equals)
                take = takes_offer(sv[q, best], strength[cid[r[q]], give[q]])
                return np.where(take, rank[q, best], -1)

            choice = _decide(deals, pol, r, holder[r, j], draw, n_opt, habit)
            t = choice >= 0
            rt, ct, gt = r[t], choice[t], give[t]
            slot = np.argmax((rank[t] == ct[:, None]) & opt_ok[t], axis=1)
            got = up[rt, slot]
            p = pos[rt, j]
            hand[rt, p] = got
            at[rt, got] = p
            at[rt, gt] = -1
            obtained[rt, j] = got
            table[rt, slot] = gt  # the low card lies on the table where the turn-up was


def _ole_right(kit: DealKit, at: Any, rows: Any, ole: Any, obtained: Any, face_up: Any
               ) -> tuple[Any, Any]:
    """Who may take an Ole, per row: the flat hand position of the Queen of its suit, or of
    the King while she sleeps, and that card; -1 where nobody may. No double exchange: a
    Queen or King obtained by an exchange may not be given (the engine's ole_right)."""
    np = _np()
    suit = kit.suit[ole]
    queen, king = kit.queen[suit], kit.king[suit]
    qpos, kpos = at[rows, queen].astype(np.int64), at[rows, king].astype(np.int64)
    q_obt = (obtained[rows] == queen[:, None]).any(axis=1)
    k_obt = (obtained[rows] == king[:, None]).any(axis=1)
    use_q = (qpos >= 0) & ~q_obt
    sleeping = qpos < 0
    if kit.sleeps_in_stock:  # a Queen face up on the table is not sleeping
        sleeping &= ~face_up(rows, queen)
    use_k = sleeping & (kpos >= 0) & ~k_obt
    return np.where(use_q, qpos, np.where(use_k, kpos, -1)), np.where(use_q, queen, king)


def _ole_offer(kit: DealKit, deals: Deals, pol: Any, draw: Draw, rows: Any, ole: Any, pos: Any,
               give: Any, hand: Any, at: Any) -> Any:
    """Offer each row's Ole to the holder at ``pos``; make the exchanges taken. Returns
    which rows took it."""
    np = _np()
    strength, cid = kit.play.strength, deals.cid

    def habit(q: Any) -> Any:
        take = takes_offer(strength[cid[rows[q]], ole[q]], strength[cid[rows[q]], give[q]])
        return np.where(take, 0, -1)

    take = _decide(deals, pol, rows, pos // kit.hand_size, draw,
                   np.ones(rows.size, dtype=np.int64), habit) == 0
    r = rows[take]
    hand[r, pos[take]] = ole[take]
    at[r, ole[take]] = pos[take]
    at[r, give[take]] = -1
    return take


def deal(kit: DealKit, decks: Any, dealers: Any, pol: Any, draw: Draw, *,
         bits: bool = True) -> tuple[Deals, Any, Any]:
    """Lay out pack orders by the game's procedure, make the exchanges, start the play.
    Returns the deals, the turned count per deal and ``at``: for each card the flat
    position (seat * hand size + slot) of the hand holding it at the start of the play, or
    -1. ``bits``: fill in the hand and seen bit masks the rule-based player needs."""
    np = _np()
    play = kit.play
    n = decks.shape[0]
    deals = Deals(play, n)
    rows = np.arange(n)
    hs = kit.hand_size
    hand = np.take_along_axis(decks, kit.gather[dealers].reshape(n, SEATS * hs), axis=1)
    at = np.full((n, 53), -1, dtype=np.int16)
    at[rows[:, None], hand] = np.arange(SEATS * hs, dtype=np.int16)[None, :]
    k = turned(kit, decks)
    if (k == 0).any():
        raise RulesError("a pack order of the batch gives a redeal")
    base = kit.dealt
    chosen = np.stack([kit.suit[decks[:, base]], kit.suit[decks[rows, base + k - 1]]], axis=1)
    deals.cid = play.pair_id[chosen[:, 0], chosen[:, 1]]  # (first and last suit turned)
    # The cards face up on the table: the turn-ups, then the cutter's Olen.
    table = np.where(np.arange(SEATS)[None, :] < k[:, None], decks[:, base:base + SEATS], -1)
    obtained = np.full((n, kit.n_chosen), -1, dtype=np.int64)
    if kit.low is not None:
        _low_exchanges(kit, deals, pol, draw, dealers, k, hand, at, table, obtained, chosen)
    if kit.proc.bottom_olen:
        # The bottom card of the stock, while it is an Ole taken (seed 000, 'The Deal and
        # Exchange'): a Queen given goes to the top of the stock, where she sleeps.
        r = rows
        for it in range(BOTTOM_OLEN_MAX):
            b = decks[r, decks.shape[1] - 1 - it]
            r, b = r[kit.ole[b]], b[kit.ole[b]]
            pos, give = _ole_right(kit, at, r, b, obtained,
                                   lambda q, c: (table[q] == c[:, None]).any(axis=1))
            offer = pos >= 0
            r, b, pos, give = r[offer], b[offer], pos[offer], give[offer]
            if r.size == 0:
                break
            take = _ole_offer(kit, deals, pol, draw, r, b, pos, give, hand, at)
            r = r[take]
    if kit.proc.table_olen:
        # The Olen among the cutter's bottom cards lie face up for the Queen (the King while
        # she sleeps); a Queen or King given lies on the table in its place.
        up = np.full((n, CUTTER_LOOKS), -1, dtype=np.int64)
        for it in range(CUTTER_LOOKS):
            b = decks[:, decks.shape[1] - 1 - it]
            up[:, it] = np.where(kit.ole[b], b, -1)
        for it in range(CUTTER_LOOKS):
            r = rows[up[:, it] >= 0]
            b = up[r, it]
            pos, give = _ole_right(kit, at, r, b, obtained, lambda q, c: (
                (table[q] == c[:, None]).any(axis=1) | (up[q] == c[:, None]).any(axis=1)))
            offer = pos >= 0
            r, b, pos, give = r[offer], b[offer], pos[offer], give[offer]
            if r.size == 0:
                continue
            take = _ole_offer(kit, deals, pol, draw, r, b, pos, give, hand, at)
            up[r[take], it] = give[take]
        table = np.concatenate([table, up], axis=1)
    deals.hand = hand.reshape(n, SEATS, hs)
    if bits:
        # The table's cards are seen by all; each seat's hand as a bit mask.
        deals.seen = np.bitwise_or.reduce(play.bit[table], axis=1)
        deals.hbits = np.bitwise_or.reduce(play.bit[deals.hand], axis=2)
    lead = play.forehand[dealers]
    deals.to_move = lead
    deals.leader = lead.copy()
    return deals, k, at


def run_in_order(kit: DealKit, deals: Deals, pol: Any, draw: Draw) -> None:
    """The random players' fast path: every seat plays the cards of its hand in the order
    it holds them, one per trick. Dealt from a shuffled pack, a hand's order is uniformly
    random, so this is the same as choosing a random card at every turn (a Ten exchanged
    keeps its place, which keeps the order random). Drehen, seeing or running and the
    Jann choice are coin flips, as for :class:`~knlib.players.bots.RandomPlayer` (with
    ``drehen=False``: no face-down lead, always see). Tricks are decided for all deals at
    once, one beats-table look-up per card after the lead."""
    np = _np()
    play = kit.play
    flat = play.beats.reshape(-1)
    for t in range(kit.hand_size):
        live = np.nonzero(deals.phase == PH_PLAY)[0]
        if live.size == 0:
            break
        lead = deals.to_move[live]
        if play.drehen:
            # A random leader (not random-cards) leads face down half the time, but never
            # in its own side's march; the next opponent then sees or runs at random.
            r = np.nonzero((pol[live, lead] != RANDOM_CARDS)
                           & may_turn(deals.march[live], play.side[lead]))[0]
            if r.size:
                r = r[(draw(deals, live[r]) * 2).astype(np.int64) == 1]
            if r.size:
                ans = play.answerer[lead[r]]
                q = np.nonzero(pol[live[r], ans] != RANDOM_CARDS)[0]
                ran = np.zeros(r.size, dtype=bool)
                if q.size:
                    ran[q] = (draw(deals, live[r[q]]) * 2).astype(np.int64) == 1
                gone = live[r[ran]]
                if gone.size:
                    deals.tcards[gone, 0] = deals.hand[gone, lead[r[ran]], t]
                    finish(play, deals, gone, K_RUN, play.side[lead[r[ran]]])
                deals.turns[live[r[~ran]]] += 1
                keep = deals.phase[live] == PH_PLAY
                live, lead = live[keep], lead[keep]
        base = deals.cid[live] * (53 * 53)
        cards = deals.hand[live, :, t]  # each seat's card for this trick
        row = np.arange(live.size)
        ahead = cards[row, lead]
        pos = np.zeros(live.size, dtype=np.int64)
        for i in range(1, play.size):
            c = cards[row, play.after[lead, i]]
            took = flat[base + ahead * 53 + c]
            ahead = np.where(took, c, ahead)
            pos = np.where(took, i, pos)
        deals.leader[live] = lead
        deals.ahead_pos[live] = pos
        end_trick(play, deals, live)
        j = live[deals.phase[live] == PH_JANN]
        if j.size:
            jann_choice(play, deals, j, (draw(deals, j) * 2).astype(np.int64) == 1)


def policies(codes: Sequence[int], n: int) -> Any:
    """The players of ``n`` deals, one code per seat."""
    np = _np()
    return np.broadcast_to(np.asarray(codes, dtype=np.int64)[None, :], (n, SEATS))


def fast_deals(game: str | Ruleset, decks: Any, dealers: Any, players: Sequence[Any] = (
               "random",) * 4, *, seed: Any = 0, script: Any = None,
               in_order: bool = False) -> dict[str, Any]:
    """Play given pack orders (``decks``: card indices, top first, one row per deal, as
    ``deal.deck`` gives them) through the fast path and return its arrays: ``winner``,
    ``kind`` (index into :data:`~knlib.sim.KINDS`), ``value``, ``payments`` (n, 4),
    ``tricks`` (n, 2), ``trick_winners`` (n, 9; -1 after the end), ``turns``, ``cid``,
    ``turned``, ``holders``.

    ``script`` (n, k) gives the uniform random numbers of each deal in the order of its
    decisions, for every seat (``players`` then only say who plays by the rules): the same
    numbers fed to :class:`~knlib.sim.UniformScript` in the deal API give the same deal.

    ``in_order`` plays random players by the random fast path (each seat plays its cards
    in the order it holds them; coin flips for the other choices): with ``script``, the
    same as :class:`~knlib.sim.OrderScript` in the deal API."""
    np = _np()
    kit = deal_kit(ruleset(game))
    decks = np.asarray(decks, dtype=np.int64)
    dealers = np.asarray(dealers, dtype=np.int64)
    codes = [policy_code(p) for p in players]
    if in_order and RULES in codes:
        raise RulesError("in_order plays random players only")
    if script is not None:
        if not in_order:
            codes = [c if c == RULES else SCRIPT for c in codes]
        script = np.asarray(script, dtype=np.float64)
    pol = policies(codes, decks.shape[0])
    draw = Draw(np.random.default_rng(seed), script)
    deals, k, at = deal(kit, decks, dealers, pol, draw)
    holders = holders_array(kit, at)
    (run_in_order if in_order else _run)(kit, deals, pol, draw)
    return arrays(kit, deals, k, holders)


def _run(kit: DealKit, deals: Deals, pol: Any, draw: Draw) -> None:
    run(kit.play, deals, pol, draw)


def holders_array(kit: DealKit, at: Any) -> Any:
    """(n, 52): the seat holding each card at the start of the play, -1 elsewhere."""
    np = _np()
    a = at[:, :52]
    return np.where(a >= 0, a // kit.hand_size, -1).astype(np.int8)


def arrays(kit: DealKit, deals: Deals, k: Any, holders: Any) -> dict[str, Any]:
    """The results of the deals ``deals`` as arrays (see :func:`fast_deals`); the payments
    from the engine's payments per unit of value."""
    win = deals.rwin
    pays = kit.play.pay[win] * deals.rvalue[:, None]
    return {"winner": win, "kind": deals.rkind, "value": deals.rvalue, "payments": pays,
            "tricks": deals.won, "trick_winners": deals.twin, "n_tricks": deals.ntr,
            "turns": deals.turns, "cid": deals.cid, "turned": k, "holders": holders,
            "march_attempted": deals.march >= 0}


