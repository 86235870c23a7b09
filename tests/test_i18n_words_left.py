"""English words left in German output (issue 37, "What to build" 3, the content side): the
pictures' alt texts and seat labels, the glossary's entries, the lessons' and puzzles'
words, a German-suited suit's typed name, the notes of the sources a refusal cites, and
the Urkunde's source line. Each check runs under ``knlib.language("de")``, and each detector
is shown to find the English it looks for.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import knlib
from knlib.i18n import tr
from knlib.sources import READER_WORDS, for_reader

ROOT = Path(__file__).resolve().parent.parent

#: Common English words that are not also German words.
_ENGLISH = ("the and of to is are that it with for you your this these those on be by not or "
            "which from can at its have has what when who they their there would should been "
            "were does how if than then into only each every one two three cards card player "
            "players team tricks trick suit chosen led lead deal first may no any")
ENGLISH_WORDS = frozenset(_ENGLISH.split())
#: A title or a quoted section title keeps its own words: „…“, “…”, <cite>…</cite>, and the
#: sources' published titles.
QUOTED = re.compile(r"„[^“]*“|“[^”]*”|<cite>.*?</cite>")
TITLES = tuple(sorted({title for _, title in READER_WORDS.values() if title}, key=len,
                      reverse=True))


def english(text: str) -> list[str]:
    """The common English words of ``text``, leaving out quoted titles and the sources'
    titles."""
    text = QUOTED.sub(" ", text)
    for title in TITLES:
        text = text.replace(title, " ")
    return [w for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", text) if w.lower() in ENGLISH_WORDS]


def test_the_detector_finds_english_and_skips_titles():
    assert english("eine gewählte Zehn gegen the turn-up of its suit") == ["the", "of", "its",
                                                                          "suit"]
    assert english("Parlett, The Penguin Book of Card Games, „Players, pack, deal“: "
                   "zwei gewählte Farben") == []


# -- pictures: seat labels and alt texts ---------------------------------------------------


def test_the_seats_of_a_trick_picture_are_named_in_german():
    from knlib.render.display import trick_html
    from knlib.rules.dealing import seat_names

    with knlib.language("de"):
        german = trick_html("D4 S3 DA C8", game="knueffeln", chosen="HS", seats=seat_names(4))
        given = trick_html("D4 S3 DA C8", game="knueffeln", chosen="HS",
                           seats=["Anna", "Ben", "Carla", "Dirk"])
    english_picture = trick_html("D4 S3 DA C8", game="knueffeln", chosen="HS",
                                 seats=seat_names(4))
    text = re.sub(r"<[^>]+>", " ", german)
    assert all(f" {seat} " in text for seat in ("Süd", "West", "Nord", "Ost"))
    assert not re.search(r"\b(South|North|East)\b", text)
    assert "Carla" in given  # a name a player was given stays as it is
    assert all(seat in english_picture for seat in ("South", "West", "North", "East"))


def _figures():
    from knbook import pictures as plots
    from knbook.course import glance
    from knbook.course.book_helpers import seating_figure

    return {
        "table": glance.table_figure,
        "seating": lambda: seating_figure(dealer=0),
        "grid": lambda: plots.beats_matrix("knueffeln", "HS"),
        "ladder": lambda: plots.ranking_ladder("karniffel", "SD"),
        "stakes": plots.stakes_chart,
    }


@pytest.mark.parametrize("name", ["table", "seating", "grid", "ladder", "stakes"])
def test_a_figure_shown_in_a_notebook_carries_its_alt_text_in_the_notebook_s_language(name):
    """IPython's formatter gives the PNG of a knlib figure its alt text as metadata, in the
    language the notebook runs in (page/figure_alt.py puts it on the page)."""
    pytest.importorskip("matplotlib")
    formatter = pytest.importorskip("IPython.core.formatters")
    from knbook.pictures import alt_text

    with knlib.language("de"):
        fig = _figures()[name]()
        german = alt_text(fig)
    _, metadata = formatter.DisplayFormatter().format(fig)
    assert metadata["image/png"]["alt"] == german
    assert english(german) == [], german
    assert not re.search(r"\b(South|North|East)\b", german)
    _, metadata = formatter.DisplayFormatter().format(_figures()[name]())
    assert metadata["image/png"]["alt"] != german  # English outside the block


def test_the_simulations_charts_have_alt_texts_in_both_languages():
    from knbook.chapters import simulations as chapter

    for key in chapter.CHART_ALTS:
        with knlib.language("de"):
            german = chapter.chart_alt(key)
        assert english(german) == [] and german != chapter.chart_alt(key)
    with pytest.raises(knlib.RulesError):
        chapter.chart_alt("no such chart")


def _figure_alt():
    spec = importlib.util.spec_from_file_location("figure_alt", ROOT / "page" / "figure_alt.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_gives_each_notebook_picture_the_alt_text_of_its_output():
    pytest.importorskip("sphinx")
    from docutils import nodes

    figure_alt = _figure_alt()
    png = b"\x89PNG pretend picture"
    data = base64.b64encode(png).decode()
    name = hashlib.sha256(png).hexdigest()
    notebook = {"cells": [
        {"cell_type": "code", "outputs": [
            {"output_type": "execute_result", "data": {"image/png": data},
             "metadata": {"image/png": {"alt": "Ein Kartentisch von oben"}}},
            {"output_type": "display_data", "data": {"image/png": "AAAA"}, "metadata": {}}]},
        {"cell_type": "markdown", "source": "text"}]}
    alts = figure_alt.output_alts(notebook)
    assert alts == {name: "Ein Kartentisch von oben"}

    def page() -> nodes.document:
        doc = nodes.paragraph()
        doc += nodes.image(uri=f"../../_build/jupyter_execute/{name}.png",
                           alt="A card table seen from above")
        doc += nodes.image(uri="../other.png")
        return doc

    german = page()
    assert figure_alt.place_alts(german, alts) == 1
    assert [i.get("alt") for i in german.findall(nodes.image)] == ["Ein Kartentisch von oben",
                                                                    None]
    english_page = page()  # the English site keeps a cell's own alt text
    assert figure_alt.place_alts(english_page, alts, keep=True) == 0
    assert next(iter(english_page.findall(nodes.image)))["alt"] == "A card table seen from above"


# -- the glossary ------------------------------------------------------------------------------


def test_a_glossary_entry_names_the_german_word_with_an_english_source_s_word_in_brackets():
    from knlib.players.talk.glossary import GLOSSARY, glossary_html, glossary_sources_md

    with knlib.language("de"):
        names = {t.term: t.name for t in GLOSSARY}
        page = glossary_html()
    assert names["beasts"] == "Tiere (beasts)" and names["Devil"] == "Teufel (Devil)"
    assert names["chalk-up"] == "Tafel (chalk-up)" and names["lambs"] == "Lämmer (lambs)"
    assert names["Puzer or kleine Stecher"] == "Puzer oder kleine Stecher"
    assert names["Paap, Paas, Pape"] == "Paap, Paas, Pape"  # a German source's own word
    for english_term in ("beasts", "Devil", "stickers", "lambs", "leaders", "chalk-up"):
        assert f"<i lang='de'>{english_term}</i>" not in page
    assert " or " not in re.sub(r"<[^>]+>", " ", page)
    with knlib.language("de"):
        box = glossary_sources_md()
    assert "*Teufel (Devil)*" in box and "*Devil*" not in box
    assert {t.name for t in GLOSSARY} >= {"beasts", "Devil", "Puzer or kleine Stecher"}


def test_a_see_also_link_shows_the_words_not_the_slug():
    from knlib.players.talk.glossary import GLOSSARY, glossary_html, see_also_name

    slugs = {s for t in GLOSSARY for s in t.see_also if s not in GLOSSARY}  # phrase ids
    assert "macker-heft-noch-wat" in slugs  # the check has slugs to find
    for language in ("en", "de"):
        with knlib.language(language):
            page = glossary_html()
        assert not any(f">{s}<" in page or f", {s}" in page or f"{s}, " in page
                       for s in slugs), language
    assert see_also_name("macker-heft-noch-wat") == "Macker, heft noch wat?"
    assert see_also_name("Twist") == "Twist" and see_also_name("<s>") == "<s>"


# -- the lessons, the puzzles and the Karniffel page's words --------------------------------


def test_the_five_player_dealer_s_choices_are_german():
    from knbook.tools.lesson import LessonTool
    from knlib.analysis.advice import action_words

    tool = LessonTool("e5-dealer-solo")
    deal = tool.run.deal
    with knlib.language("de"):
        words = [action_words(deal, a) for a in ("play alone", "sit out")]
    assert words == ["allein spielen", "aussetzen"]
    assert [action_words(deal, a) for a in ("play alone", "sit out")] == ["play alone",
                                                                           "sit out"]


def test_a_puzzle_s_grade_is_german():
    from knbook.course.puzzles import BOOK_PUZZLES
    from knbook.tools.puzzle import PuzzleTool

    tool = PuzzleTool(*BOOK_PUZZLES[0])
    with knlib.language("de"):
        head = tool.head_html()
    assert re.search(r"<b>(Leicht|Mittel|Schwer)</b>, nach dem \d+\. Abend", head), head
    assert "<b>Easy</b>" in tool.head_html() or "<b>Medium</b>" in tool.head_html() \
        or "<b>Hard</b>" in tool.head_html()


def test_a_german_suit_s_typed_name_is_german():
    from knbook.course.book_helpers import typed_as

    with knlib.language("de"):
        assert typed_as("C") == "(eingegeben als Kreuz)"
    assert typed_as("C") == "(typed as Clubs)"


def test_evening_four_s_box_names_the_choice_in_german():
    box = ("The winner of the fifth trick, who is on lead: leading to the sixth trick commits "
           "the side. The choice is an explicit 'stop' or 'play on'.")
    with knlib.language("de"):
        german = tr(box)
    assert german != box and "stop" not in german and "play on" not in german


# -- the notes of the sources a refusal cites ------------------------------------------------


def _citations() -> list[str]:
    """Every source a game's pack, chosen suits, procedure or stakes cites."""
    import dataclasses

    procedures = [knlib.ruleset(g).procedure for g in knlib.GAMES]
    found = [getattr(p, f.name) for p in procedures for f in dataclasses.fields(p)
             if f.name.endswith("_source")]
    found += [s.source for s in (knlib.ruleset(g).stakes for g in knlib.GAMES)]
    found += [c for g in knlib.GAMES for c in (knlib.ruleset(g).pack_source,
                                               knlib.ruleset(g).chosen_source)]
    return [c for c in found if isinstance(c, str) and c]


def test_every_cited_source_reads_in_german_notes_and_all():
    citations = _citations()
    assert len(citations) > 60
    with knlib.language("de"):
        left = {c: english(for_reader(c)) for c in citations}
    assert {c: w for c, w in left.items() if w} == {}
    assert sum(bool(english(for_reader(c))) for c in citations) > 30  # English outside


def test_a_section_after_a_paragraph_note_is_joined_in_german():
    """The comparison cites Overby and Sanders' first paragraph and a section: 'and' is
    German too, not only between two quoted sections."""
    citation = "seed 003, first paragraph and 'Play'"
    with knlib.language("de"):
        assert for_reader(citation) == "Overby und Sanders (2001), erster Absatz und „Play“"
    assert for_reader(citation) == "Overby and Sanders (2001), first paragraph and “Play”"


def test_the_timeline_s_sources_read_in_german():
    from knbook.course.family_tables import timeline_rows, where_from

    with knlib.language("de"):
        text = where_from(timeline_rows(), lead="Where each date of the timeline is written.")
    assert "Datumszeile (20. Juni 2024)" in text
    assert english(re.sub(r"\*[^*]*\*", " ", text)) == []


def test_a_refusal_in_german_carries_no_english_note():
    """Wrong actions at every step of a few random deals of every game."""

    found = {}
    for game in knlib.GAMES:
        for players in knlib.ruleset(game).procedure.players:
            deal = knlib.new_deal(game, seed=7, players=players)
            rng = random.Random(7)
            while not deal.is_over:
                legal = deal.legal_actions()
                for text in ("pass", "see", "stop", "play alone", f"play {rng.choice('HSDC')}7",
                             f"lead face down {rng.choice('HSDC')}8", "exchange H2 for S2"):
                    if text in [str(a) for a in legal]:
                        continue
                    with knlib.language("de"):
                        try:
                            deal.clone().apply(text)
                        except knlib.RulesError as refused:
                            message = str(refused)
                        else:
                            continue
                    # the move as typed is quoted: 'play H7'
                    if words := english(re.sub(r"'[^']*'", " ", message)):
                        found.setdefault(message, words)
                deal.apply(rng.choice(legal))
    assert found == {}


# -- the Urkunde ---------------------------------------------------------------------------


def test_the_urkunde_names_its_source_with_german_words_around_the_title():
    from knbook.i18n import tr as book_tr
    from knlib.sources import S000_RANKING

    with knlib.language("de"):
        line = book_tr("de fief Olen, the five old ones ({source})",
                  source=for_reader(S000_RANKING))
    assert line == ("de fief Olen, die fünf Alten (Quelle: McLeod nach Eaton (2021), "
                    "„The Cards and their Ranking“)")
    assert english(line) == []


# -- the built site (make book) -----------------------------------------------------------


class _Pictures(HTMLParser):
    """The alt text of every <img> of a page (None where it has none)."""

    def __init__(self) -> None:
        super().__init__()
        self.alts: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.alts.append(dict(attrs).get("alt"))


def _learner_pages() -> list[str]:
    spec = importlib.util.spec_from_file_location("german_site", ROOT / "tools" /
                                                  "german_site.py")
    assert spec and spec.loader
    german_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(german_site)
    chapters = sorted((ROOT / "book").rglob("*.ipynb"))
    pages = [str(p.relative_to(ROOT).with_suffix("")) for p in chapters
             if ".ipynb_checkpoints" not in p.parts]
    return [p for p in pages if p not in german_site.PROGRAMMER_PAGES]


@pytest.mark.book
@pytest.mark.parametrize("site", ["", "de/"])
def test_every_picture_of_a_learner_page_says_what_it_shows(site):
    """An alt text is a sentence from the notebook's output in the page's language, never
    the picture's file name (what a page shows for a picture with no alt text)."""
    built = ROOT / "_build" / "html"
    if not (built / site / "book" / "welcome.html").exists():
        pytest.fail(f"no site in _build/html/{site}: run `make book`")
    bad = {}
    for page in _learner_pages():
        parser = _Pictures()
        parser.feed((built / site / f"{page}.html").read_text("utf-8"))
        named = [a for a in parser.alts if not a or re.search(r"\.(png|jpe?g|svg)$|_images/", a)]
        if named:
            bad[page] = named
    assert bad == {}
