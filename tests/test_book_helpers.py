"""knbook.course.book_helpers: the boxes, tables, figure and plain player of the book's chapters.

Each helper is checked against what the reader must see (no code citation, no repository
path, escaped HTML) and against the rules it arranges, stated here from the sources.
"""

from __future__ import annotations

import random
import re

import pytest

import knlib
from knbook.course.book_helpers import (
    HtmlBlock,
    MystMarkdown,
    lead_cases,
    lead_cases_table,
    merge_citations,
    open_question_note,
    our_reading,
    plain_player,
    play_out,
    reader_table,
    seating_figure,
    sources_differ,
    takes_table,
)
from knlib import RulesError, trick_winner

#: What a reader must never see: a code citation or a path (as in tests/test_sources.py).
FILE_WORDS = re.compile(r"seed 0|\.md\b|README|shared/|rules/", re.IGNORECASE)
#: Seed 000, 'The Play': the Olen, highest first.
OLEN = ["H2", "C4", "S8", "H9", "D9"]


# -- the boxes ---------------------------------------------------------------------------------


def test_markdown_and_html_blocks_show_as_themselves():
    md = MystMarkdown("**x**")
    assert md._repr_markdown_() == "**x**"
    html = HtmlBlock("<table></table>")
    assert html._repr_html_() == "<table></table>"
    assert repr(html) == "(a table; open the page to see it)"  # no HTML in a text output


@pytest.mark.parametrize("game", knlib.GAMES)
def test_sources_box_lists_exactly_the_games_open_questions(game):
    questions = knlib.open_questions(game)
    box = sources_differ(game)
    assert box.startswith("::::{admonition} Where the sources differ\n:class: note dropdown")
    assert box.rstrip().endswith("::::")
    headings = re.findall(r"^\*\*(.+?)\.\*\* ", box, flags=re.MULTILINE)
    assert headings == [q.title for q in questions]
    assert box.count("**Our reading:**") == len(questions)
    assert box.count("*Sources:*") == len(questions)
    assert not FILE_WORDS.search(box), FILE_WORDS.findall(box)


def test_sources_box_takes_the_topics_asked_for_and_other_games():
    box = sources_differ("knueffeln", ["ties", "jann_decision"],
                         also=[("styrivolt", "vol_decision")], title="Two games")
    by_topic = {q.topic: q.title for g in ("knueffeln", "styrivolt")
                for q in knlib.open_questions(g)}
    headings = re.findall(r"^\*\*(.+?)\.\*\* ", box, flags=re.MULTILINE)
    assert headings == [by_topic["ties"], by_topic["jann_decision"], by_topic["vol_decision"]]
    assert box.startswith("::::{admonition} Two games")
    with pytest.raises(RulesError, match=r"'no_such_topic' is not an open question of "
                                         r"knueffeln: its topics are ties, "):
        sources_differ("knueffeln", ["no_such_topic"])


@pytest.mark.parametrize("game", knlib.GAMES)
def test_each_open_question_note_is_in_the_readers_words(game):
    for q in knlib.open_questions(game):
        note = open_question_note(game, q.topic)
        first, *_ = note.splitlines()
        assert first.startswith(":::{admonition} Our reading: ")
        assert note.endswith(":::")
        assert "**Our reading:**" in note
        assert ("*Other readings the computer can play:*" in note) == bool(q.alternatives)
        assert not FILE_WORDS.search(note), (q.topic, FILE_WORDS.findall(note))


def test_open_question_note_says_the_default_reading():
    # rules/README.md, reading 2: between equal cards the earlier one stays ahead.
    note = open_question_note("knueffeln", "ties", title="Equal cards")
    assert note.startswith(":::{admonition} Equal cards\n:class: note")
    assert "**Our reading:** Between equal cards the earlier one stays ahead" in note
    with pytest.raises(RulesError, match="'drehen' is not an open question of styrivolt"):
        open_question_note("styrivolt", "drehen")


def test_our_reading_puts_citations_in_readers_words():
    box = our_reading("As seed 000, 'The Play' says, the Olen come first.", title="Olen")
    assert box.splitlines()[:2] == [":::{admonition} Olen", ":class: note"]
    assert "McLeod after Eaton (2021), “The Play”" in box
    assert not FILE_WORDS.search(box)


def test_merge_citations_names_a_seed_once_for_neighbouring_sections():
    assert (merge_citations("seed 000, 'A'; seed 000, 'B'; seed 001, 'C'")
            == "seed 000, 'A' and 'B'; seed 001, 'C'")
    # not neighbours, or no section: left as they are
    assert (merge_citations("seed 000, 'A'; seed 001, 'B'; seed 000, 'C'")
            == "seed 000, 'A'; seed 001, 'B'; seed 000, 'C'")
    assert merge_citations("our reading; seed 000, 'A'") == "our reading; seed 000, 'A'"
    assert merge_citations("seed 000; seed 000, 'A'") == "seed 000; seed 000, 'A'"


# -- the tables --------------------------------------------------------------------------------


def test_reader_table_escapes_reads_tuples_and_rewords_citations():
    html = reader_table(["card", "<source>"], [("x<y & z", (2, 4)),
                                               ("Ole", "seed 000, 'The Play'")])
    assert "x&lt;y &amp; z" in html and "&lt;source&gt;" in html
    assert ">2 or 4<" in html
    assert "McLeod after Eaton (2021), “The Play”" in html
    assert not FILE_WORDS.search(html)
    assert html.count("<tr>") == 3 and html.count("<th ") == 2 and html.count("<td ") == 4
    assert html.startswith("<table>") and html.endswith("</table>")


def test_reader_table_with_a_min_width_scrolls_in_its_own_box():
    html = reader_table(["a"], [("b",)], min_width="60em")
    assert html.startswith('<div class="knlib-wide" style="max-width:100%;overflow-x:auto">')
    assert '<table style="min-width:60em">' in html and html.endswith("</table></div>")


def test_takes_table_of_the_olen_follows_their_order():
    """Seed 000, 'The Play': each Ole takes every lower Ole, and none takes a higher one."""
    table = takes_table("knueffeln", "HS", OLEN, OLEN).splitlines()
    assert table[0] == "| played next ↓ · led → | ♥2 | ♣4 | ♠8 | ♥9 | ♦9 |"
    for i, row in enumerate(table[2:]):
        cells = [c.strip() for c in row.strip("|").split("|")][1:]
        assert cells == ["–"] * i + [""] + ["✓"] * (len(OLEN) - i - 1), row
    assert "♥2 de Beste" in table[2]


def test_takes_table_refuses_a_card_not_in_the_pack():
    with pytest.raises(RulesError):
        takes_table("knueffeln", "HS", ["H5"], ["C2"])  # Knüffeln's pack has no Fives


@pytest.mark.parametrize("game", knlib.GAMES)
def test_lead_cases_group_the_whole_pack_once(game):
    rules = knlib.ruleset(game)
    chosen = "HS"[: rules.n_chosen]
    cases = lead_cases(game, chosen)
    cards = [c for case in cases for c in case.cards]
    assert sorted(cards) == sorted(rules.pack)
    for case in cases:
        assert case.role.card in case.cards
        assert 0 <= case.takers < len(rules.pack)


def test_lead_cases_of_knueffeln():
    cases = lead_cases("knueffeln", "HS")
    # The Olen and beaters come first; each is taken only by a higher one.
    assert {knlib.Card(c) for c in OLEN} <= set(cases[0].cards)
    # Seed 000, 'The Play': a chosen Seven led cannot be beaten.
    sevens = next(case for case in cases if knlib.Card("H7") in case.cards)
    assert set(sevens.cards) == {knlib.Card("H7"), knlib.Card("S7")}
    assert sevens.takers == 0
    # An unchosen plain card led is taken by the Ace of its own suit.
    low = next(case for case in cases if knlib.Card("C2") in case.cards)
    assert trick_winner("knueffeln", [low.role.card, f"{low.role.card.suit}A"], "HS") == 1
    table = lead_cases_table("knueffeln", "HS").splitlines()
    assert len(table) == 2 + len(cases)
    assert all(row.endswith(f"{case.takers} of 47 |") for row, case in zip(table[2:], cases,
                                                                            strict=True))


# -- the table figure --------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_seating_figure_dealer_forehand_and_partners(dealer):
    """Seed 000, 'The Players': four players, partners opposite; the player on the dealer's
    left (the next seat clockwise) leads to the first trick."""
    names = ["South", "West", "North", "East"]
    fig = seating_figure(dealer)
    forehand = names[(dealer + 1) % 4]
    assert fig.axes[0].get_title() == (f"Four players, partners opposite: {names[dealer]} "
                                       f"deals, {forehand} leads first")
    alt = fig.knlib_alt
    assert f"{names[dealer]} is the dealer and {forehand}, on the dealer's left" in alt
    assert "South and North are partners" in alt and "West and East are partners" in alt
    assert not FILE_WORDS.search(alt)


# -- the plain player --------------------------------------------------------------------------


def _games_and_players():
    return [(g, n) for g in knlib.GAMES for n in knlib.new_deal(g).rules.procedure.players]


@pytest.mark.parametrize(("game", "players"), _games_and_players())
def test_plain_player_plays_whole_deals_of_every_game(game, players):
    for seed in range(10):
        deal = knlib.new_deal(game, seed=seed, players=players, dealer=seed % players)
        assert play_out(deal) is deal
        assert deal.is_over and deal.result is not None
        with pytest.raises(RulesError, match="the deal is over"):
            plain_player(deal)


def _positions(game, players, deals, seed):
    """Every position of some deals, each with the plain player to move; the deals go on by
    the plain player's move or, half the time, by a random one that is not giving up."""
    rng = random.Random(seed)
    for i in range(deals):
        deal = knlib.new_deal(game, seed=rng.getrandbits(32), players=players,
                              dealer=i % players)
        while not deal.is_over:
            yield deal
            acts = [a for a in deal.legal_actions() if a.kind not in ("concede", "run")]
            deal.apply(rng.choice(acts) if acts and rng.random() < 0.5 else plain_player(deal))


@pytest.mark.parametrize(("game", "players"), _games_and_players())
def test_plain_player_does_what_its_docstring_says(game, players):
    leads = follows = 0
    for deal in _positions(game, players, 6, f"plain-{game}-{players}"):
        acts = deal.legal_actions()
        kinds = {a.kind for a in acts}
        move = plain_player(deal)
        assert move in acts
        offered = [k for k in ("exchange", "see", "stop", "sit out") if k in kinds]
        if offered:  # take what is offered, see, stop, sit out
            assert move.kind == offered[0]
            continue
        plays = [a for a in acts if a.kind == "play"]
        if not plays:
            assert move.kind != "concede" or kinds == {"concede"}
            continue
        rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
        strength = [rules.strength(a.card, chosen) for a in plays]
        trick = deal.current_trick
        if not trick:  # leading: the strongest card, face down only if nothing can take it
            assert rules.strength(move.card, chosen) == max(strength)
            outside = [x for x in rules.pack if x not in deal.hands[seat]]
            safe = not any(trick_winner(rules, [move.card, x], chosen) == 1 for x in outside)
            can_turn = any(a.kind == "down" and a.card is move.card for a in acts)
            # never face down while its side plays for the march (seed 000, 'Drehen und
            # Sehen': a team "would never turn while attempting a march")
            turn = safe and can_turn and deal.marching is None
            assert move.kind == ("down" if turn else "play")
            leads += 1
        else:
            cards = [c for _, c in trick]
            ahead = trick[trick_winner(rules, cards, chosen)][0]
            takes = trick_winner(rules, [*cards, move.card], chosen) == len(cards)
            if deal.side_of(ahead) == deal.side_of(seat):  # partner ahead: the weakest
                assert rules.strength(move.card, chosen) == min(strength)
            elif takes:  # the weakest card that takes the lead
                assert not any(trick_winner(rules, [*cards, a.card], chosen) == len(cards)
                               for a in plays
                               if rules.strength(a.card, chosen)
                               < rules.strength(move.card, chosen))
            else:  # nothing takes it: the weakest
                assert rules.strength(move.card, chosen) == min(strength)
            follows += 1
    assert leads >= 10 and follows >= 20, (leads, follows)
