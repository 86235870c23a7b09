"""Score sheets, sessions, the computer players' refusals and the chapters on the deal,
playing the computer and simulations in German (issue 27): German comes out under
``knlib.language("de")``, English stays exactly what it was outside it, and a refusal leaves
the deal as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pdf_text import font_sizes, pdf_text

import knlib
from knbook.chapters import players as chapter
from knbook.chapters import simulations as sim_chapter
from knbook.course.evening_tables import STAKE_EXAMPLES, stake_examples_table
from knbook.pictures.comparison import order_matters_text
from knlib.errors import RulesError
from knlib.players.bots import RandomPlayer, RulePlayer, SamplingPlayer
from knlib.players.player import Player, seat_to_move
from knlib.sim import simulate

#: English words that must not be left in a German text.
ENGLISH = re.compile(r"\b(?:the|is|are|and|of|to|with|for|from|won|wins?|deals?|played|next|"
                     r"dealer|players?|seat|balance|purse|ladder|slate|rung|chalk-up|bar|"
                     r"cross(?:es)?|points|leads?|plays|trick|chosen|lead|says|true|yes|"
                     r"share|side|random|sampling|rule-based|march|failed|ran|"
                     r"face-down|seen|stands|after|game|any|fixed|cards?|exact|simulated|"
                     r"redeal|same|different|stored|match|fast|path|could|force)\b", re.I)


def english_left(text: str) -> list[str]:
    """The English words of ``text`` (HTML tags and card symbols aside)."""
    return ENGLISH.findall(re.sub(r"<[^>]*>", " ", text))


def session(game: str, deals: int = 3) -> knlib.Session:
    s = knlib.Session(game, seed=7)
    s.play(deals, choose=RulePlayer().choose if game == "knueffeln" else None)
    return s


ENGLISH_SESSION = """\
Knüffeln (Bohmstedt), 4 players: 3 deals played; next dealer East
Purse (cents)
  South     +€0.10
  West      -€0.10
  North     +€0.10
  East      -€0.10"""


def test_a_session_and_its_purse_in_english_are_as_before():
    s = session("knueffeln")
    assert str(s) == ENGLISH_SESSION
    assert s._repr_html_().startswith(
        "<div class='knlib-session'><p>Knüffeln (Bohmstedt), 4 players: 3 deals played; "
        "next dealer East</p><table class='knlib-purse'><tr><th>seat</th>"
        "<th>balance (cents)</th></tr><tr><td>South</td><td>+€0.10</td></tr>")
    assert chapter.purse_text(s) == ("After three deals the purse stands at: South +€0.10, "
                                     "West -€0.10, North +€0.10, East -€0.10.")


@pytest.mark.parametrize("game, english, german", [
    ("knueffeln", "Purse (cents)", "Kasse (Cent)"),
    ("knueffeln-1924", "Ladder slate", "Anschreibeleiter"),
    ("styrivolt", "Chalk-up", "Kreidetafel"),
    ("karniffel", "Points", "Punkte"),
])
def test_every_score_sheet_speaks_german(game, english, german):
    s = session(game)
    text, page = str(s), s._repr_html_()
    assert text.splitlines()[1] == english
    assert "deals played; next dealer East" in text
    with knlib.language("de"):
        text_de, page_de = str(s), s._repr_html_()
    assert text_de.splitlines()[1] == german
    assert "3 Spiele gespielt; nächster Geber Ost" in text_de
    assert not english_left(text_de), english_left(text_de)
    assert not english_left(page_de), english_left(page_de)
    assert (str(s), s._repr_html_()) == (text, page)  # English again after the block


def test_one_deal_played_is_counted_in_the_singular():
    s = session("knueffeln-1924", deals=1)
    assert "1 deal played;" in str(s)
    with knlib.language("de"):
        assert "1 Spiel gespielt;" in str(s)


def test_the_stakes_table_of_evening_four():
    english = stake_examples_table()
    assert english.splitlines()[:3] == ["| what happened | each loser pays one winner |",
                                        "|---|---|", "| a plain win (five tricks) | €0.10 |"]
    assert len(english.splitlines()) == 2 + len(STAKE_EXAMPLES)
    with knlib.language("de"):
        german = stake_examples_table()
    assert "| ein misslungener Durchmarsch, an die Gegner bezahlt | 3,00 € |" in german
    assert not english_left(german), english_left(german)


def over() -> knlib.Deal:
    deal = knlib.new_deal("knueffeln", seed=3)
    rp = RulePlayer()
    while not deal.is_over:
        deal.apply(rp.choose(deal))
    return deal


@pytest.mark.parametrize("choose", [RulePlayer().choose, RandomPlayer(1).choose,
                                    seat_to_move])
def test_a_computer_player_refuses_a_finished_deal_in_german(choose):
    deal = over()
    before = deal.to_json()
    with knlib.language("de"), pytest.raises(RulesError) as err:
        choose(deal)
    assert str(err.value) == "das Spiel ist vorbei: Es gibt keinen Zug mehr"
    assert deal.to_json() == before
    with pytest.raises(RulesError, match="the deal is over: there is no move to make"):
        choose(deal)


def test_a_bluff_rate_that_is_no_probability_is_refused_in_german():
    with knlib.language("de"), pytest.raises(RulesError) as err:
        Player(bluff_rate=1.5)
    assert str(err.value) == ("bluff_rate 1.5 ist keine Wahrscheinlichkeit: gib eine Zahl von "
                              "0 bis 1 an")
    with pytest.raises(RulesError, match=r"bluff_rate 1.5 is not a probability: give 0 to 1"):
        RulePlayer(bluff_rate=1.5)


def test_the_computer_players_chapter_in_german():
    deal = knlib.new_deal("knueffeln", seed=7)
    rp = RulePlayer()
    while deal.phase == "exchange":
        deal.apply(rp.choose(deal))
    sampler = SamplingPlayer(samples=8, seed=1)
    choice = sampler.choose(deal)
    habit = rp.choose(deal)
    players = [RulePlayer(bluff_rate=1 / 3, talk_seed=seat) for seat in range(4)]
    english = chapter.sampling_text(deal, sampler, choice, habit)
    assert "| lead | deals won (of 8) |" in english and "The rule-based habit would lead" in english
    assert chapter.talk_table(deal, players).startswith("| seat | says | true of the hand? |")
    with knlib.language("de"):
        texts = [chapter.turn_ups_text(deal), chapter.sampling_text(deal, sampler, choice, habit),
                 chapter.play_text("West", habit, lead=True),
                 chapter.play_text("North", habit, lead=False), chapter.first_trick_head()]
        table = chapter.talk_table(deal, players)
        purse = chapter.purse_text(session("knueffeln"))
        with pytest.raises(RulesError, match="wird nicht mit einer Kasse angeschrieben"):
            chapter.purse_text(session("styrivolt", deals=1))
    assert "Nach den Gewohnheiten des Regelspielers käme" in texts[1]
    assert texts[2].startswith("West spielt ") and texts[3].startswith("Nord gibt ")
    assert purse.startswith("Nach drei Spielen steht die Kasse so: Süd +0,10 €")
    for text in [*texts, purse]:
        assert not english_left(text), english_left(text)
    # the glosses of the Low German phrases aside, the table talk's table is German
    rows = [re.sub(r"\*[^*]*\* \([^)]*\)", "", row) for row in table.splitlines()]
    assert not english_left("\n".join(rows)), rows


@pytest.fixture(scope="module")
def runs():
    return {name: simulate("knueffeln", 400, players=[kind] * 4, seed=2, progress=False,
                           holders=True)
            for name, kind in (("random", "random"), ("random cards", "random-cards"),
                               ("rule-based", "rules"))}


def test_the_simulations_chapter_in_english_is_as_before(runs):
    r = runs["rule-based"]
    assert sim_chapter.outcomes_table(r).splitlines()[:3] == [
        "| | share of the deals |", "|---|---|", f"| South and North won | {r.win_rate(0)} |"]
    assert sim_chapter.kinds_table(runs).splitlines()[0] == (
        "| players | first five tricks won | Jann taken | march tried | march made "
        "| ran from a face-down lead |")
    assert sim_chapter.jann_money_text(0.56) == (
        "Of all the money the rule-based players won, **56%** came from Janns.")
    assert sim_chapter.players_text("SamplingPlayer(samples=1, seed)") == (
        "sampling player, 1 sample")
    assert sim_chapter.agreement_text(40, 900, 40) == (
        "**40 of 40 deals** (deal numbers 900 to 939) are the same in both.")


def test_the_simulations_chapter_in_german(runs):
    from knlib.sim import Proportion, card_values

    r = runs["rule-based"]
    p = Proportion(3, 7)
    match = {"side0": "SamplingPlayer(samples=4, seed)", "side1": "RulePlayer()",
             "deals": 2000, "side0_wins": 1200, "winners": "010"}
    with knlib.language("de"):
        texts = [sim_chapter.outcomes_table(r), sim_chapter.kinds_table(runs),
                 sim_chapter.jann_money_text(0.56),
                 sim_chapter.card_values_table(card_values(r)),
                 sim_chapter.olen_janns_table([("♥2 de Beste", p, p)]),
                 sim_chapter.turn_ups_text([(2, p, 0.7738)], 0.0102, [("Herz und Pik", 0.17)]),
                 sim_chapter.order_table([("Stýrivolt", p, p, p)]),
                 sim_chapter.matches_table([match]),
                 sim_chapter.replay_table([(match, "011")]),
                 sim_chapter.fast_and_stored_text(100_000, p, p),
                 sim_chapter.agreement_text(40, 900, 40),
                 sim_chapter.beste_text(p, p, 300, 247),
                 order_matters_text("knueffeln", ["D4", "S3", "DA", "C8"], "HS"),
                 *(sim_chapter.chart_text(k) for k in sim_chapter.CHART_WORDS),
                 *(sim_chapter.kind_text(k) for k in sim_chapter.PLAYER_KINDS),
                 sim_chapter.sampling_text(4)]
        with pytest.raises(RulesError, match="ist keine Art von Spieler"):
            sim_chapter.kind_text("clever")
    assert "**56\u00a0%**" in texts[2]
    assert "77,38\u00a0%" in texts[5] and "1,02\u00a0%" in texts[5]
    assert "| Vorausdenker, 4 Verteilungen | Regelspieler | 2.000 |" in texts[7]
    assert "| SWS | SWW | ANDERS |" in texts[8]
    assert texts[12].startswith("Die vier Karten ♦4 ♠3 ♦A ♣8, gewählt Herz und Pik")
    for text in texts:
        assert not english_left(text), (text, english_left(text))


def test_the_terminal_names_no_unit_in_the_purse_heading_in_either_language():
    from knbook.play.screen import score_text

    s = session("knueffeln")
    assert score_text(s).splitlines()[1] == "Purse"
    with knlib.language("de"):
        assert score_text(s).splitlines()[1] == "Kasse"


# -- the printed sheets in German (issue 37) -------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
@pytest.mark.parametrize("game", knlib.GAMES)
def test_a_german_reference_card_is_german_in_type_of_8_pt(game: str, tmp_path: Path) -> None:
    """Every role on a German reference card is named in German (a group of cards of
    several names, such as the unchosen cards of Bernhard's game, says its class in German),
    'Knüffeln' is copied as written, and no type is smaller than 8 pt. The sources' titles
    (after 'Quellen:') stay as published."""
    from knbook.course.printables import page_count, reference_card_pdf

    with knlib.language("de"):
        path = reference_card_pdf(game, tmp_path / f"{game}.pdf")
    text = pdf_text(path)
    assert "Übersichtskarte" in text and "Quellen:" in text
    assert not english_left(text.split("Quellen:")[0]), english_left(text.split("Quellen:")[0])
    if game.startswith("knueffeln"):
        assert "Knüffeln" in text
    assert min(font_sizes(path)) >= 8.0
    assert page_count(path) <= 2


@pytest.mark.slow
def test_the_german_handouts_are_in_type_of_8_pt(tmp_path: Path) -> None:
    """The German at-a-glance sheet, phrasebook, puzzle sheet, exam paper and key keep no
    type under 8 pt (issue 37), though German words are longer: the puzzle sheet prints
    fewer puzzles rather than smaller type, still front and back."""
    from knbook.course.printables import (
        answer_key_pdf,
        at_a_glance_pdf,
        exam_pdf,
        page_count,
        phrasebook_pdf,
        puzzle_sheet_pdf,
    )

    with knlib.language("de"):
        paths = [at_a_glance_pdf(tmp_path / "glance.pdf"),
                 phrasebook_pdf(tmp_path / "talk.pdf"),
                 puzzle_sheet_pdf(tmp_path / "puzzles.pdf"),
                 exam_pdf(1, tmp_path / "exam.pdf"), answer_key_pdf(1, tmp_path / "key.pdf")]
    for path in paths:
        assert min(font_sizes(path)) >= 8.0, (path.name, min(font_sizes(path)))
    assert page_count(paths[0]) == 1 and page_count(paths[2]) == 2
    assert "Knobelaufgaben" in pdf_text(paths[2])


def test_the_german_puzzles_page_links_the_german_puzzle_sheet() -> None:
    """The puzzles page links its sheet; the German page's translation keeps the link, so
    the German site links ``puzzles.pdf`` of the German printables (tools/german_site.py
    links ``_build/printables`` of the German root to ``_build/printables/de``)."""
    from babel.messages.pofile import read_po

    link = re.compile(r"\]\(\.\./\.\./_build/printables/puzzles\.pdf\)")
    book = json.loads((ROOT / "book" / "play" / "puzzles.ipynb").read_text(encoding="utf-8"))
    prose = ["".join(c["source"]) for c in book["cells"] if c["cell_type"] == "markdown"]
    assert any(link.search(p) for p in prose)
    po = ROOT / "de" / "locales" / "de" / "LC_MESSAGES" / "book" / "play" / "puzzles.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale="de")
    linked = [m for m in catalog if m.id and link.search(str(m.id))]
    assert linked, "the puzzles page's .po has no entry with the sheet's link"
    for m in linked:
        assert not m.fuzzy and link.search(str(m.string)), m.string
        assert not english_left(re.sub(r"\(.*?\)", "", str(m.string)))


@pytest.mark.parametrize("name, stem", [
    ("Jürgen Süßmann", "urkunde-juergen-suessmann"),
    ("Öde Änne", "urkunde-oede-aenne"),
    ("Inke Petersen", "urkunde-inke-petersen"),
])
def test_the_urkunde_file_name_writes_umlauts_out(name: str, stem: str, tmp_path: Path
                                                  ) -> None:
    """ü -> ue, ö -> oe, ä -> ae, ß -> ss in the Urkunde's file name (issue 37)."""
    from knbook.course.diploma import diploma

    with knlib.language("de"):
        d = diploma(name, 0.9, date="2026-11-28")
        assert d.slug == stem
        if name.startswith("Jürgen"):
            pdf, png = d.save(tmp_path)
            assert (pdf.name, png.name) == (f"{stem}.pdf", f"{stem}.png")


def test_the_urkunde_sets_ff_as_two_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Urkunde's 'Knüffeln' is drawn letter by letter, with no 'ff' ligature (one glyph
    for two letters, which a copy or a search of the PDF does not read as 'ff'): every text
    with 'ff' is laid out in as many glyphs as it has letters."""
    from matplotlib import _text_helpers as helpers

    from knbook.course.diploma import diploma

    laid_out: list[tuple[str, int]] = []
    original = helpers.layout

    def counted(string, font, *, features=None, language=None):  # type: ignore[no-untyped-def]
        items = list(original(string, font, features=features, language=language))
        if "ff" in string:
            laid_out.append((string, len(items)))
        return iter(items)

    monkeypatch.setattr(helpers, "layout", counted)
    with knlib.language("de"):
        diploma("Jürgen Süßmann", 0.9, date="2026-11-28").pdf_bytes()
    assert any("Knüffeln" in s for s, _ in laid_out)
    assert [(s, n) for s, n in laid_out if n != len(s)] == []
