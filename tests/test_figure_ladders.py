"""The ladder figures agree with the engine on every pair of cards (issue 10, item 7).

A ladder is read the way its legend tells a reader to read it: a card played after a led
card takes the lead if it stands on a higher rung than the led card (on one rung the led
card stays ahead); a card on a rung marked "own suit only" counts only against a led card
of its own suit. Each card has a place when led and a place when played later (the two are
one chip where they coincide). The test reads those places from the drawn figure (each
card chip's gid and height) and checks, for every game and every choice of suits, every
ordered pair of different pack cards against :func:`knlib.trick_winner`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import pytest
from seeds import seed_text

pytest.importorskip("matplotlib")

from matplotlib.axes import Axes  # noqa: E402

from knbook import pictures as plots  # noqa: E402
from knlib import GAMES, SUITS, Card, ruleset, trick_winner


def choices(game: str) -> list[str]:
    """Every choice of chosen suits of a game (two-suit games: the six pairs)."""
    n = ruleset(game).n_chosen
    return ["".join(p) for p in itertools.combinations(SUITS, n)]


@dataclass(frozen=True)
class Place:
    rung: int
    own_suit_only: bool


def read_ladder(ax: Axes) -> tuple[dict[Card, Place], dict[Card, Place]]:
    """The led place and the later place of every card, as the drawn ladder shows them.

    Chips carry the gid ``card:<card>[:<when>[:<scope>]]`` (when: led, later or always;
    scope: any or suit); a chip belongs to the lowest rung whose tick is at or above it.
    """
    ticks = sorted(ax.get_yticks())
    led: dict[Card, Place] = {}
    later: dict[Card, Place] = {}
    for t in ax.texts:
        gid = t.get_gid() or ""
        if not gid.startswith("card:"):
            continue
        parts = gid.split(":")
        card = Card(parts[1])
        when = parts[2] if len(parts) > 2 else "always"
        scope = parts[3] if len(parts) > 3 else "any"
        y = t.get_position()[1]
        rung = max(i for i, tick in enumerate(ticks) if tick <= y + 0.1)
        place = Place(rung, scope == "suit")
        if when in ("led", "always"):
            assert card not in led, f"{card} has two places when led"
            led[card] = place
        if when in ("later", "always"):
            assert card not in later, f"{card} has two places when played later"
            later[card] = place
    return led, later


def ladder_says(led: dict[Card, Place], later: dict[Card, Place], x: Card, c: Card) -> bool:
    """Does ``c``, played after the led card ``x``, take the lead, as the ladder reads?"""
    p = later[c]
    return p.rung < led[x].rung and (not p.own_suit_only or c.suit == x.suit)


def disagreements(game: str, chosen: str, ax: Axes) -> list[str]:
    rules = ruleset(game)
    led, later = read_ladder(ax)
    assert set(led) == set(later) == set(rules.pack), "every card needs both places"
    out = []
    for x, c in itertools.permutations(rules.pack, 2):
        engine = trick_winner(rules, [x, c], chosen) == 1
        if ladder_says(led, later, x, c) != engine:
            out.append(f"{x} led, {c} later: engine says {'takes' if engine else 'stays'}")
    return out


@pytest.mark.parametrize("game,chosen", [(g, s) for g in GAMES for s in choices(g)])
@pytest.mark.slow
def test_single_ladder_agrees_with_trick_winner_on_every_pair(game, chosen):
    fig = plots.ranking_ladder(game, chosen)
    bad = disagreements(game, chosen, fig.axes[0])
    assert not bad, f"{len(bad)} pairs disagree, e.g. {bad[:5]}"


def test_side_by_side_ladders_agree_with_trick_winner():
    """The comparison chapter's figure: five games side by side."""
    games = ["knueffeln", "styrivolt", "karniffel", "karnoeffel", "karnoeffel-2024"]
    chosen = ["HS", "HS", "HS", "H", "H"]
    fig = plots.ranking_ladders(games, chosen)
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert len(axes) == len(games)
    for game, suits, ax in zip(games, chosen, axes, strict=True):
        bad = disagreements(game, suits, ax)
        assert not bad, f"{game}: {len(bad)} pairs disagree, e.g. {bad[:5]}"


@pytest.mark.parametrize("game,chosen", [(g, s) for g in GAMES for s in choices(g)[:1]])
def test_ladder_rows_are_what_the_figure_draws(game, chosen):
    """The figure draws exactly the rows of plots.ladder_rows, top down."""
    rows = plots.ladder_rows(game, chosen)
    fig = plots.ranking_ladder(game, chosen)
    led, later = read_ladder(fig.axes[0])
    for i, row in enumerate(rows):
        for c, when in zip(row.cards, row.when, strict=True):
            if when in ("led", "always"):
                assert led[c].rung == i
            if when in ("later", "always"):
                assert later[c] == Place(i, row.own_suit_only)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels == [r.label for r in rows]


# -- the 2024 single ranking, exactly as the blog post lists it ------------------------------

_RANK = {"Jack": 11, "King": 13, "Queen": 12, **{str(n): n for n in range(2, 11)}}


def seed_004_ranking() -> list[tuple[str, int]]:
    """The list under 'The value of the cards is as follows, in descending order', each
    line as (which suits, rank): 'chosen', 'unchosen' or 'any'; the Devil's two places are
    ('chosen led', 7) and ('chosen not led', 7)."""
    text = seed_text("004")
    block = text.split("in descending order:")[1].split("From personal experience")[0]
    out = []
    for line in block.splitlines():
        m = re.match(r"(Jack|King|Queen|\d+) of (Trump Suit|Any Suit|Any Non-Trump Suit)", line)
        if not m:
            continue
        rank, which = _RANK[m.group(1)], m.group(2)
        if which == "Trump Suit":
            which = "chosen"
            if rank == 7:
                which = "chosen not led" if "when not played" in line else "chosen led"
        else:
            which = "any" if which == "Any Suit" else "unchosen"
        out.append((which, rank))
    assert len(out) == 20
    return out


def test_2024_ladder_is_the_blog_posts_ranking_in_order():
    chosen = "H"
    rows = plots.ladder_rows("karnoeffel-2024", chosen)
    got = []
    for row in rows:
        ranks = {c.rank for c in row.cards}
        assert len(ranks) == 1, f"one rank per rung: {row.label}"
        suits = {c.suit for c in row.cards}
        if suits == {chosen}:
            which = "chosen"
            if row.cards[0].rank == 7:
                which = "chosen led" if row.when == ("led",) else "chosen not led"
        elif chosen in suits:
            which = "any"
        else:
            which = "unchosen"
        got.append((which, ranks.pop()))
    assert got == seed_004_ranking()


def test_the_blog_posts_interleaving_and_the_devil():
    """The points the old figure got wrong: King above the chosen Three, Queen above the
    chosen Four, an unchosen Jack above the chosen Five; the Devil second when led, last
    otherwise."""
    rows = plots.ladder_rows("karnoeffel-2024", "H")

    def rung(card: str, when: str) -> int:
        return next(i for i, r in enumerate(rows) if r.holds(Card(card), when))

    assert rung("SK", "later") < rung("H3", "led") < rung("SQ", "led") < rung("H4", "led")
    assert rung("SJ", "later") < rung("H5", "led")
    assert rung("H7", "led") == 1
    assert rung("H7", "later") == len(rows) - 1


def test_seed_003_led_devil_is_above_the_farbenstecher():
    rows = plots.ladder_rows("karnoeffel", "H")
    led_devil = next(i for i, r in enumerate(rows) if r.holds(Card("H7"), "led"))
    farben = next(i for i, r in enumerate(rows) if r.holds(Card("H5"), "led"))
    assert led_devil == 1 < farben
