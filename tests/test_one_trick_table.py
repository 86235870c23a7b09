"""One trick table (issue 28, item 2): the rules own one table per rule set and choice of
suits (:func:`knlib.rules.tricks.fast_table`, read through :class:`~knlib.rules.tricks.Takes`);
the players' card facts, the solver's kit and the numpy path's arrays are views of it, and
each agrees with it card for card in every game and every choice of suits."""

from __future__ import annotations

from itertools import combinations

import pytest

import knlib
from knlib.analysis.position import kit
from knlib.cards import SUITS
from knlib.players.card_facts import card_facts
from knlib.players.playkit import play_kit, why_not_playable
from knlib.rules.tricks import fast_table, takes_relation

RULE_SETS = [knlib.ruleset(g) for g in knlib.GAMES] + [
    knlib.ruleset("knueffeln", ties="suit_priority"),  # no fast table: the rule set decides
]


def choices(rules):
    return [tuple(c) for c in combinations("CDHS", rules.n_chosen)]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.id}{dict(r.options)}")
def test_the_players_and_the_solver_read_the_one_table(rules):
    for chosen in choices(rules):
        table = fast_table(rules, chosen)
        relation = takes_relation(rules, chosen)
        assert relation.fast is table
        pack = rules.pack
        # the players' card facts: the same chain table object, takers from the relation
        t = card_facts(rules, chosen)
        assert t.beats == (table.beats if table is not None and table.chain else None)
        # the solver's kit: the same table (made once, kept by the rule set; a cached kit
        # may hold an earlier copy of it), renumbered weakest first
        k = kit(rules, chosen)
        assert (k.table is None) == (table is None)
        if table is not None:
            assert (k.table.beats, k.table.rank, k.table.lead_rank) == (
                table.beats, table.rank, table.lead_rank)
        for led in pack:
            takers = {c for c in pack if c is not led and relation.led(c, led)}
            assert {c for c in pack if t.takers[led.index] >> c.index & 1} == takers
            x = k.local[led.index]
            assert {c for c in pack if k.beaten[x] >> k.local[c.index] & 1} == takers


np = pytest.importorskip("numpy")


@pytest.mark.parametrize("gid", [g for g in knlib.GAMES
                                 if why_not_playable(knlib.ruleset(g)) is None])
def test_the_numpy_arrays_are_the_one_table(gid):
    rules = knlib.ruleset(gid)
    pk = play_kit(rules)
    for k, suits in enumerate(pk.pairs):
        chosen = tuple(SUITS[s] for s in suits)
        table = fast_table(rules, chosen)
        beats = np.frombuffer(table.beats, dtype=np.uint8).reshape(52, 52) != 0
        assert (pk.beats[k, :52, :52] == beats).all()
        assert not pk.beats[k, 52].any() and not pk.beats[k, :, 52].any()
        t = card_facts(rules, chosen)
        assert list(pk.strength[k, :52]) == t.strength
