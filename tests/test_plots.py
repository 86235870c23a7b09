"""The book's figures (knbook.pictures): what they draw, checked against the engine."""

from __future__ import annotations

import re

import pytest
from seeds import shared_dir

pytest.importorskip("matplotlib")

from matplotlib.figure import Figure  # noqa: E402

import knlib  # noqa: E402
from knbook import pictures as plots
from knlib import GAMES, Card, RulesError, fast_table, ruleset
from knlib.render.display import card_label  # noqa: E402


def chosen_for(game: str) -> str:
    return "HS" if ruleset(game).n_chosen == 2 else "H"


def gids(fig: Figure, prefix: str) -> list[str]:
    return [a.get_gid() for a in fig.findobj() if (a.get_gid() or "").startswith(prefix)]


def check_labels(fig: Figure) -> None:
    """Every figure has a title and axis labels, and a one-sentence alt text."""
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert axes
    suptitle = fig.get_suptitle()
    for ax in axes:
        assert ax.get_title() or ax.get_title(loc="left") or suptitle
        assert ax.get_xlabel()
    assert axes[0].get_ylabel()
    alt = plots.alt_text(fig)
    assert alt.endswith(".") and "\n" not in alt and len(alt) > 40


# -- ladders ----------------------------------------------------------------------------------


def card_chips(ax) -> list:
    return [t for t in ax.texts if (t.get_gid() or "").startswith("card:")]


@pytest.mark.parametrize("game", GAMES)
def test_ladder_shows_each_card_once_led_and_once_later(game):
    """Every pack card has one chip for its place when led and one for its place when
    played later (a single chip where the two coincide); chips read as the game writes."""
    rules = ruleset(game)
    fig = plots.ranking_ladder(game, chosen_for(game))
    assert isinstance(fig, Figure)
    chips = card_chips(fig.axes[0])
    led = sorted(t.get_gid().split(":")[1] for t in chips
                 if t.get_gid().split(":")[2] in ("led", "always"))
    later = sorted(t.get_gid().split(":")[1] for t in chips
                   if t.get_gid().split(":")[2] in ("later", "always"))
    assert led == later == sorted(str(c) for c in rules.pack)
    assert all(t.get_text() == card_label(Card(t.get_gid().split(":")[1]), rules)
               for t in chips)
    check_labels(fig)


def test_knueffeln_ladder_rungs():
    rows = plots.ladder_rows("knueffeln", "HS")
    labels = [r.label for r in rows]
    assert labels[:6] == ["led: chosen Seven", "de Beste", "de Wage", "de Dulle", "Harten Ol",
                          "Ruten Ol"]
    assert labels[-1] == "not led: takes nothing"
    # a chosen Seven: unbeatable when led, nothing when not led
    assert rows[0].cards == (Card("S7"), Card("H7")) and set(rows[0].when) == {"led"}
    assert rows[-1].holds(Card("H7"), "later") and rows[-1].holds(Card("S9"), "later")

    def rung(card: str, when: str) -> int:
        return next(i for i, r in enumerate(rows) if r.holds(Card(card), when))

    # a led free card stands between the chosen Jacks and the chosen Sixes (seed 000)
    assert rung("SJ", "later") < rung("S9", "led") < rung("S6", "later")
    # an unchosen Ace counts only in its own suit
    assert rows[rung("CA", "later")].own_suit_only
    assert "Drist (chosen Three)" in labels and "Twist (chosen Two)" in labels


def test_karniffel_ladder_is_german_suited():
    fig = plots.ranking_ladder("karniffel", "SD")
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert {"♠O", "♦U", "♥D"} <= texts and "♠Q" not in texts
    assert plots.alt_text(fig).startswith("A ladder of the 36 cards of Karniffel")


def test_ladders_side_by_side():
    games = ["knueffeln", "styrivolt", "karniffel", "karnoeffel"]
    fig = plots.ranking_ladders(games, ["HS", "HS", "SD", "H"])
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert len(axes) == 4
    for game, ax in zip(games, axes, strict=True):
        firsts = {t.get_gid().split(":")[1] for t in card_chips(ax)}
        assert firsts == {str(c) for c in ruleset(game).pack}
    assert [ax.get_title(loc="left").split("\n")[0] for ax in fig.axes] == [
        ruleset(g).title for g in games]
    check_labels(fig)
    by_id = plots.ranking_ladders(["knueffeln", "karnoeffel"], {"knueffeln": "HS",
                                                                "karnoeffel": "C"})
    assert {t.get_gid().split(":")[1] for t in card_chips(by_id.axes[1])} == {
        str(c) for c in ruleset("karnoeffel").pack}
    with pytest.raises(RulesError, match="2 choices of suits for 3 games"):
        plots.ranking_ladders(["knueffeln", "styrivolt", "karniffel"], ["HS", "HS"])
    with pytest.raises(RulesError, match="no chosen suits given for game 'karnoeffel'"):
        plots.ranking_ladders(["knueffeln", "karnoeffel"], {"knueffeln": "HS"})


def test_ladders_one_below_the_other_as_large_as_one_ladder():
    """ncols=1 (the family chapters): each ladder is drawn at the size of a ladder alone,
    one column, and the title and alt text say where the ladders stand."""
    games = ["knueffeln", "karnoeffel-2024"]
    stacked = plots.ranking_ladders(games, ["HS", "H"], ncols=1)
    alone = plots.ranking_ladder("knueffeln", "HS")
    lefts = {round(ax.get_position().x0, 3) for ax in stacked.axes}
    assert len(lefts) == 1
    assert stacked.get_figwidth() <= 1.3 * alone.get_figwidth()
    assert "one below the other" in stacked.get_suptitle()
    assert "one below the other" in plots.alt_text(stacked)
    side = plots.ranking_ladders(games, ["HS", "H"])
    assert side.get_figwidth() >= 2 * stacked.get_figwidth() - 0.01
    assert "side by side" in side.get_suptitle()


def test_ladder_draws_into_a_given_axes():
    fig = Figure()
    ax = fig.subplots()
    assert plots.ranking_ladder("knueffeln", "HS", ax=ax) is fig
    rows = plots.ladder_rows("knueffeln", "HS")
    assert len(gids(fig, "card:")) == sum(len(r.cards) for r in rows)


# -- who beats whom ----------------------------------------------------------------------------


def expected_beats(rules, suits, cards):
    """From the engine's fast table, read directly (None where the rule set has none)."""
    table = fast_table(rules, suits)
    out = set()
    for i, x in enumerate(cards):
        for j, c in enumerate(cards):
            if c is x:
                continue
            if table is None:
                takes = rules.ahead_sequence([x, c], rules.check_chosen(suits))[-1] == 1
            elif table.chain:
                takes = table.beats[x.index * 52 + c.index] == 1
            else:
                takes = table.rank[x.index * 52 + c.index] > table.lead_rank[x.index]
            if takes:
                out.add((j, i))
    return out


def markers_of(fig):
    (coll,) = [c for c in fig.axes[0].collections if c.get_gid() == "beats-markers"]
    return {(int(round(x)), int(round(y))) for x, y in coll.get_offsets()}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_beats_matrix_markers_match_the_fast_table_in_every_cell(game):
    rules = ruleset(game)
    suits = chosen_for(game)
    fig = plots.beats_matrix(game, suits)
    cards = plots.default_matrix_cards(game, suits)
    assert markers_of(fig) == expected_beats(rules, suits, cards)
    ax = fig.axes[0]
    expected = [card_label(c, rules) for c in cards]
    assert [t.label1.get_text() for t in ax.xaxis.get_major_ticks()] == expected
    assert [t.label2.get_text() for t in ax.xaxis.get_major_ticks()] == expected
    assert [t.label1.get_text() for t in ax.yaxis.get_major_ticks()] == expected
    check_labels(fig)


def test_beats_matrix_agrees_with_two_card_tricks_and_with_options():
    # fast_table is None for a ties rule other than 'first': the matrix uses the slow path
    rules = ruleset("knueffeln", ties="suit_priority")
    assert fast_table(rules, "HS") is None
    cards = [Card(c) for c in ("SA", "HA", "SJ", "HJ", "S3", "D4", "DA")]
    fig = plots.beats_matrix(rules, "HS", cards)
    expected = {(j, i) for i, x in enumerate(cards) for j, c in enumerate(cards)
                if c is not x and knlib.trick_winner(rules, [x, c], "HS") == 1}
    assert markers_of(fig) == expected
    # suit priority: spades over hearts, so the later ♠A takes a led ♥A, not the reverse
    assert (0, 1) in expected and (1, 0) not in expected
    # the default ties rule: neither Ace takes the other
    plain = markers_of(plots.beats_matrix("knueffeln", "HS", cards))
    assert (0, 1) not in plain and (1, 0) not in plain


def test_beats_matrix_worked_cases_of_seed_000():
    cards = [Card(c) for c in ("D4", "S3", "DA")]
    marks = markers_of(plots.beats_matrix("knueffeln", "HS", cards))
    assert (1, 0) in marks  # the Drist takes a led ♦4
    assert (2, 0) in marks  # the unchosen Ace takes a led ♦4
    assert (1, 2) not in marks  # but the Drist cannot take an unchosen Ace (Case 2)
    assert (2, 1) not in marks


def test_default_matrix_cards():
    cards = plots.default_matrix_cards("knueffeln", "HS")
    rules = ruleset("knueffeln")
    assert len(cards) == len(set(cards))
    for c in rules.pack:
        if c.suit in "HS" or knlib.role(rules, c, "HS").klass == "Ole":
            assert c in cards
    unchosen = [c for c in cards if c.suit in "CD" and knlib.role(rules, c, "HS").klass != "Ole"]
    assert {c.symbol for c in unchosen} == {"♣A", "♣K", "♣Q", "♣J", "♣2", "♦A"}
    with pytest.raises(RulesError, match="at least two"):
        plots.beats_matrix("knueffeln", "HS", ["H2"])


# -- timeline ---------------------------------------------------------------------------------


def test_timeline_entries_carry_sources_that_give_their_dates():
    assert len(plots.TIMELINE) >= 14
    years = [e.year for e in plots.TIMELINE]
    assert years == sorted(years)
    assert {1426, 1648, 1774, 1781, 1783, 1865, 1924, 1938, 1975, 1984, 2001, 2019, 2021,
            2024} <= set(years)
    for e in plots.TIMELINE:
        assert e.file and e.section and e.file in e.source
        assert e.branch in ("Karnöffel", "Karniffel", "Stýrivolt", "Knüffeln")
        assert str(e.year) in e.when
    shared = shared_dir()
    for e in plots.TIMELINE:
        path = shared / ("rules" if e.file.endswith(".md") else "seeds") / e.file
        text = path.read_text(encoding="utf-8")
        assert str(e.year) in text, (e.when, e.file)
        # the date in the source sits near a word of the event (the source names it)
        words = [w for w in re.findall(r"[A-Za-zÀ-ÿðø]{5,}", e.event)]
        assert any(w.lower() in text.lower() for w in words), e


def test_timeline_figure_has_a_marker_and_a_label_per_entry():
    fig = plots.family_timeline()
    assert sorted(gids(fig, "event:")) == sorted(f"event:{e.year}" for e in plots.TIMELINE)
    labels = [a for a in fig.findobj() if (a.get_gid() or "").startswith("label:")]
    assert len(labels) == len(plots.TIMELINE)
    assert {t.get_text() for t in labels} == {f"{e.when}  {e.event}" for e in plots.TIMELINE}
    # labels never overlap: at least the minimum gap apart, in date order
    ys = [float(plots.timeline._time_fwd(t.get_position()[1])) for t in
          sorted(labels, key=lambda t: int(t.get_gid()[6:]))]
    assert all(b - a >= 16.9 for a, b in zip(ys, ys[1:], strict=False))
    check_labels(fig)


# -- stakes -----------------------------------------------------------------------------------


def test_stakes_rows_come_from_the_scoring_table():
    rows = plots.stake_rows()
    assert [r.version for r in rows[::4]] == ["Bohmstedt (today)", "Hattstedt (today)",
                                             "Grünberg (1938)"]
    amounts = {(r.version.split(" ")[0], r.item): r.amount for r in rows}
    assert amounts[("Bohmstedt", "basic game")] == "10 ct"
    assert amounts[("Bohmstedt", "each face-down lead seen")] == "+10 ct"
    assert amounts[("Bohmstedt", "Jann")] == "1 €"
    assert amounts[("Bohmstedt", "march")] == "3 €"
    assert amounts[("Hattstedt", "Jann")] == "2×" and amounts[("Hattstedt", "march")] == "4×"
    assert amounts[("Hattstedt", "each face-down lead seen")] == "no drehen"
    assert [amounts[("Grünberg", i)] for i in ("basic game", "each face-down lead seen", "Jann",
                                                "march")] == ["5 Pf", "+1 Pf", "10 Pf", "20 Pf"]
    for r in rows:
        game = {v: k for k, v in plots.STAKES_VERSIONS.items()}[r.version]
        assert r.source == knlib.ruleset(game).stakes.source


def test_stakes_chart_bars_and_labels():
    fig = plots.stakes_chart()
    rows = plots.stake_rows()
    bars = gids(fig, "bar:")
    assert len(bars) == sum(r.basic_games is not None for r in rows) == 11
    labels = {a.get_gid(): a.get_text() for a in fig.findobj()
              if (a.get_gid() or "").startswith("stake:")}
    assert len(labels) == len(rows)
    assert labels["stake:Bohmstedt (today):march"] == "3 €"
    heights = {a.get_gid(): a.get_height() + a.get_y() for a in fig.findobj()
               if (a.get_gid() or "").startswith("bar:")}
    assert heights["bar:Bohmstedt (today):Jann"] == pytest.approx(10)
    assert heights["bar:Grünberg (1938):each face-down lead seen"] == pytest.approx(0.2)
    assert heights["bar:Hattstedt (today):march"] == pytest.approx(4)
    # three versions, three different hatchings
    patches = [a for a in fig.findobj() if (a.get_gid() or "").startswith("bar:")]
    assert len({p.get_hatch() for p in patches}) == 3
    check_labels(fig)


def test_alt_text_needs_a_knlib_figure():
    with pytest.raises(RulesError, match="not made by knbook.pictures"):
        plots.alt_text(Figure())
