"""The pictures in German (issue 27): the display HTML of hands, tricks and deals, the role
tables and role cards, the comparison tables and the figures' texts, under
``knlib.language("de")``; English unchanged outside the block; and the German figures still
draw what the engine says."""

from __future__ import annotations

import html
import re

import pytest

import knlib
from knbook.pictures import comparison, role_card
from knlib import GAMES, RulesError, ruleset
from knlib.render import display

#: English function words (and the render layer's own English words) that must not be left
#: in a German text.
ENGLISH = re.compile(
    r"\b(the|is|wins|which|of|and|when|every|not|chosen|unless|taken|nothing|beater|card|"
    r"cards|led|higher|lower|a|by|it|its|or|beast|ahead|why|winner|hand|trick|dealer|"
    r"rungs?|deal|worth|game|year|branch|strongest|suit|notes?|with|for|to|at|on)\b")
#: Source citations keep their own words ('(seed 000, 'The Play')', 'rules/README.md, ...').
CITATION = re.compile(r"\((seed \d|rules/|styrivolt\.md)[^)]*\)|rules/README\.md, reading \d")
#: Names that are English in German too: titles of publications, and the players' seats and
#: sides (the engine's, not this layer's).
NAMES = re.compile(r"The Playing-Card|Thuringia|North-South|East-West|North|South|East|West")


def visible(markup: str) -> str:
    """The text a reader sees (and hears) of some HTML or SVG: the tags' text, plus the
    aria-labels and titles."""
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    text = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(re.sub(r"\s+", " ", f"{text} {labels}"))


def _titles() -> list[str]:
    """The games' titles in the current language (the rules layer's words, not this one's),
    longest first."""
    return sorted((ruleset(g).title for g in GAMES), key=len, reverse=True)


def english_left(text: str) -> list[str]:
    """The English words of ``text``, leaving out citations, names and the games' titles
    (in German as the rules layer gives them)."""
    with knlib.language("de"):
        titles = _titles()
    for title in titles:
        text = text.replace(title, " ")
    return ENGLISH.findall(NAMES.sub(" ", CITATION.sub(" ", text)))


def chosen_for(game: str) -> str:
    return "HS" if ruleset(game).n_chosen == 2 else "H"


def test_the_detector_finds_english():
    """The check of the tests below can fail: it finds the English of the English edition."""
    text = visible(display.explanation_html(knlib.explain_trick("knueffeln", "D4 S3 DA C8",
                                                                "HS")))
    assert {"the", "why", "chosen", "card"} <= set(english_left(text))
    assert english_left("Herz-Zwei: de Beste, die höchste Karte (seed 000, 'The Play')") == []


# -- display: cards, hands, tricks ---------------------------------------------------------


def test_explanation_in_german():
    with knlib.language("de"):
        expl = knlib.explain_trick("knueffeln", "D4 S3 DA C8", "HS")
        won = display.explanation_html(expl)
        ahead = display.explanation_html(expl, so_far=True)
    text = visible(won)
    assert "Knüffeln (Bohmstedt), gewählt: Herz und Pik" in text
    assert "warum?" in text and "Gewinner: 2. Karte, ♠3" in text
    assert "▲ gewinnt" in text and "1. Ausspiel" in text
    assert "Ein Stich aus 4 Karten in Spielreihenfolge: 1. ♦4, 2. ♠3, 3. ♦A, 4. ♣8. " \
        "Die 2. Karte, ♠3, gewinnt." in text
    assert "♠3, Pik-Drei: ein Drist (gewählte Drei). Er sticht gewählte Vieren" in text
    assert english_left(text) == []
    assert "Vorn: 2. Karte, ♠3" in visible(ahead) and "▲ liegt vorn" in visible(ahead)
    assert english_left(visible(ahead)) == []


def test_english_is_unchanged_outside_the_block():
    expl = knlib.explain_trick("knueffeln", "D4 S3 DA C8", "HS")
    with knlib.language("de"):
        display.explanation_html(expl)
    text = visible(display.explanation_html(expl))
    assert "Knüffeln (Bohmstedt), chosen: Hearts and Spades" in text
    assert "why?" in text and "Winner: 2nd card, ♠3" in text and "1st (led)" in text
    assert "A trick of 4 cards in play order" in text
    assert "It beats chosen Fours, Queens and Tens" in text


@pytest.mark.parametrize("game", GAMES)
def test_hands_and_tricks_in_german(game):
    rules = ruleset(game)
    chosen = chosen_for(game)
    cards = list(rules.pack)[:4]
    with knlib.language("de"):
        hand = display.hand_svg(cards, game=game, chosen=chosen)
        one = display.hand_svg(cards[:1], game=game, chosen=chosen)
        trick = display.trick_svg(cards, game=game, chosen=chosen, seats=["A", "B", "C", "D"])
        partial = display.trick_svg(cards[:2], game=game, chosen=chosen, winner_text="ahead")
        card = display.card_svg(cards[0], game=game, chosen=chosen)
        empty = display.hand_svg([])
    assert "Ein Blatt mit 4 Karten: " in hand and "Ein Blatt mit einer Karte: " in one
    assert "Ein Stich aus 4 Karten in Spielreihenfolge" in trick and "gewinnt" in trick
    assert "liegt vorn" in partial  # a caller's 'ahead' is shown in German too
    assert "Ein leeres Blatt" in empty and "(keine Karten)" in empty
    for markup in (hand, one, trick, partial, card, empty):
        assert english_left(visible(markup)) == [], visible(markup)


def test_a_caller_s_own_winner_words_are_shown_as_given():
    with knlib.language("de"):
        svg = display.trick_svg("D4 S3", game="knueffeln", chosen="HS", winner_text="holt")
    assert "▲ holt" in svg


def test_role_badges_are_german():
    """A role whose German name is too long for its badge shows its class in German."""
    rules = ruleset("knueffeln")
    with knlib.language("de"):
        roles = rules.roles("HS")
        badges = {c.symbol: display.badge_text(roles[c]) for c in rules.pack}
    assert badges["♠7"] == "Sieben" and badges["♣2"] == "Schiet"
    assert badges["♠3"] == "Drist"
    assert display.badge_text(rules.roles("HS")[knlib.Card("S7")]) == "chosen Seven"


# -- display: tables and deals -------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_role_tables_and_cards_in_german(game):
    chosen = chosen_for(game)
    with knlib.language("de"):
        table = display.role_table_html(game, chosen, fit=True)
        card = role_card.role_card_html(game, chosen)
        title = ruleset(game).title
        chosen_text = ruleset(game).chosen_text(tuple(chosen))
    for head in ("Karte", "Name am Tisch", "Beschreibung", "sticht", "liegt sie vorn, …",
                 "Hinweise"):
        assert f">{head}</th>" in table
    assert f"{title}, gewählt: {chosen_text} – die Rolle jeder Karte" in html.unescape(table)
    assert "Alle Karten mit ihrer Rolle, die stärkste Gruppe zuerst." in card
    assert re.search(r"\(\d+ Karten?\)", card) and re.search(r"(Er|Sie|Es) sticht ", card)
    for markup in (table, card):
        assert english_left(visible(markup)) == [], english_left(visible(markup))


def test_role_classes_are_german_in_the_tables():
    with knlib.language("de"):
        table = display.role_table_html("knueffeln", "HS")
        card = role_card.role_card_html("karniffel", "SD")
    assert "Steker " in table and "leere Karte " in table and "(5 Karten)" in table
    assert "Tier " in card


def test_comparison_in_german():
    with knlib.language("de"):
        side = comparison.compare_trick_html(["D4", "S3", "DA", "C8"], "HS")
        stacked = comparison.compare_trick_stacked_html(["D4", "S3", "DA", "C8"], "HS")
    assert "<th>Spiel</th><th>Stich</th><th>Warum die Karte gewinnt</th>" in side
    assert "gewählt: ♥ ♠" in side and "gewählt: ♥ ♠" in stacked
    for markup in (side, stacked):
        assert english_left(visible(markup)) == [], english_left(visible(markup))


def test_deal_in_german():
    session = knlib.Session("knueffeln", seed=1)
    deal = session.new_deal()
    for _ in range(6):
        deal.apply(deal.legal_actions()[0])
    with knlib.language("de"):
        text = visible(display.deal_html(deal, last="pass"))
    assert ", Geber Süd; gewählt: Karo und Pik; aufgedeckt: ♦4 ♦9 ♠10" in text
    assert re.search(r"Stich \d bis jetzt:", text) and "Gewonnene Stiche:" in text
    assert "◀ am Zug" in text and "Letzter Zug: pass" in text
    assert english_left(text.replace("Letzter Zug: pass", "")) == []


def test_a_face_down_lead_in_german():
    deal = knlib.Session("knueffeln", seed=1).new_deal()
    deal.apply(deal.legal_actions()[0])
    deal.apply(next(a for a in deal.legal_actions() if str(a).startswith("lead face down")))
    with knlib.language("de"):
        text = visible(display.deal_html(deal))
    assert re.search(r"Stich 1: \w+ hat verdeckt ausgespielt \(drehen\); die Gegner müssen "
                     r"sehen oder laufen\.", text)
    assert english_left(text) == []


def test_open_questions_frame_in_german():
    with knlib.language("de"):
        text = visible(display.open_questions_html("styrivolt",
                                                    knlib.open_questions("styrivolt")))
    assert "Stýrivolt: offene Fragen" in text
    assert "Verwendete Lesart: " in text and "Quelle: " in text


def test_refusals_in_german_and_nothing_drawn():
    with knlib.language("de"):
        with pytest.raises(RulesError, match="2 Plätze angegeben für einen Stich aus 3 Karten"):
            display.trick_svg("D4 S3 DA", game="knueffeln", chosen="HS", seats=["A", "B"])
        with pytest.raises(RulesError, match="Gewinner 7 ist kein Platz in einem Stich aus 2"):
            display.trick_svg("D4 S3", game="knueffeln", chosen="HS", winner=7)
        with pytest.raises(RulesError, match="gib eine oder zwei verschiedene gewählte Farben"):
            comparison.compared_chosen("HSD")
    with pytest.raises(RulesError, match="2 seats given for a trick of 3 cards"):
        display.trick_svg("D4 S3 DA", game="knueffeln", chosen="HS", seats=["A", "B"])


# -- figures ----------------------------------------------------------------------------------


def figure_texts(fig) -> list[str]:
    """Every visible text of a figure (titles, labels, ticks, legends, annotations)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    FigureCanvasAgg(fig)
    fig.draw(fig.canvas.get_renderer())
    return [t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


def _slate_session():
    from knbook.course.golden_moves import book_player

    session = knlib.Session("knueffeln-1924", seed=3)
    session.play(12, choose=book_player)
    return session


FIGURES = {
    "beats": lambda plots: plots.beats_matrix("knueffeln", "HS"),
    "beats karniffel": lambda plots: plots.beats_matrix("karniffel", "SD"),
    "stakes": lambda plots: plots.stakes_chart(),
    "slate": lambda plots: plots.ladder_session_figure(_slate_session()),
    "timeline": lambda plots: plots.family_timeline(),
    "ladder": lambda plots: plots.ranking_ladder("karniffel", "SD"),
    "ladders": lambda plots: plots.ranking_ladders(
        ["knueffeln", "styrivolt", "karniffel", "karnoeffel", "karnoeffel-2024"],
        ["HS", "HS", "SD", "H", "H"], ncols=1),
    "ladders side by side": lambda plots: plots.ranking_ladders(["knueffeln", "karnoeffel"],
                                                                ["HS", "H"]),
}


@pytest.mark.parametrize("name", FIGURES)
def test_figure_texts_are_german(name):
    plots = pytest.importorskip("knbook.pictures")
    with knlib.language("de"):
        fig = FIGURES[name](plots)
        texts = figure_texts(fig)
        alt = plots.alt_text(fig)
    left = [(t, english_left(t)) for t in [*texts, alt] if english_left(t)]
    assert left == []
    english = figure_texts(FIGURES[name](plots))
    assert english != texts  # the figure has words, and they changed


def test_figure_titles_and_labels_in_german():
    plots = pytest.importorskip("knbook.pictures")
    with knlib.language("de"):
        beats = plots.beats_matrix("knueffeln", "HS")
        stakes = plots.stakes_chart()
        timeline = plots.family_timeline()
        ladder = plots.ranking_ladder("karniffel", "SD")
        ladders = plots.ranking_ladders(["knueffeln", "karnoeffel"], ["HS", "H"])
        slate = plots.ladder_session_figure(_slate_session())
    ax = beats.axes[0]
    assert ax.get_title() == "Wer sticht wen: Knüffeln (Bohmstedt), gewählt ♥ ♠"
    assert ax.get_xlabel() == "die später gespielte Karte"
    assert "Steker" in figure_texts(beats) and "leere Karte" in figure_texts(beats)
    ax = stakes.axes[0]
    assert ax.get_title(loc="left") == ("Was ein Spiel Knüffeln wert ist: Bohmstedt, Hattstedt "
                                        "und Grünberg (1938)")
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "Grundspiel", "jedes gesehene Drehen", "Jann", "Durchmarsch"]
    assert "0,5" in [t.get_text() for t in ax.get_yticklabels()]
    assert {t.get_text() for t in ax.get_legend().get_texts()} == {
        "Bohmstedt (heute)", "Hattstedt (heute)", "Grünberg (1938)"}
    assert "kein Drehen" in figure_texts(stakes)
    ax = timeline.axes[0]
    assert ax.get_title(loc="left") == "Die Karnöffel-Familie von 1426 bis heute"
    assert "um 1865  Knüffeln unter den Weihnachtsspielen der Bauern in Schleswig-Holstein" \
        in figure_texts(timeline)
    assert ladder.axes[0].get_title(loc="left") == "Karniffel (Thüringen 1783): Rangleiter\n" \
        "gewählt ♠ ♦"
    assert ladder.axes[0].get_ylabel() == "stärkste Sprosse oben"
    assert ladders.get_suptitle() == "Rangleitern nebeneinander, die stärksten Karten oben"
    assert slate.axes[0].get_title() == "Bernhards Leiter auf der Tafel über 12 Spiele"
    assert slate.axes[0].get_xlabel() == "nach Spiel"


def test_german_figures_draw_what_the_engine_says():
    """The words change with the language, the drawing does not: the same beats markers
    (the engine's takes relation), ladder chips and rungs, stake bars and timeline events."""
    plots = pytest.importorskip("knbook.pictures")
    from knlib.rules.tricks import takes_relation

    def drawing(fig):
        out = []
        for a in fig.findobj():
            gid = a.get_gid() or ""
            if gid.startswith(("card:", "bar:", "event:", "side:", "stake:", "label:")):
                out.append((gid, getattr(a, "get_height", lambda: None)()))
        return sorted(out, key=str)

    for name, make in FIGURES.items():
        english = make(plots)
        with knlib.language("de"):
            german = make(plots)
        assert drawing(english) == drawing(german), name
    with knlib.language("de"):
        fig = plots.beats_matrix("knueffeln", "HS")
        cards = plots.default_matrix_cards("knueffeln", "HS")
    (markers,) = [c for c in fig.axes[0].collections if c.get_gid() == "beats-markers"]
    drawn = {(int(y), int(x)) for x, y in markers.get_offsets()}
    takes = takes_relation(ruleset("knueffeln"), "HS")
    expected = {(i, j) for i, led in enumerate(cards) for j, later in enumerate(cards)
                if led is not later and takes.led(later, led)}
    assert drawn == expected


def test_german_ladder_labels_are_the_rows_labels():
    plots = pytest.importorskip("knbook.pictures")
    with knlib.language("de"):
        rows = plots.ladder_rows("knueffeln", "HS")
        fig = plots.ranking_ladder("knueffeln", "HS")
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == [r.label for r in rows]
    labels = [r.label for r in rows]
    assert labels[0] == "ausgespielt: gewählte Sieben"
    assert labels[-1] == "nicht ausgespielt: sticht nichts"
    assert "ausgespielt: König jeder Farbe" in labels
    english = plots.ladder_rows("knueffeln", "HS")
    assert [r.cards for r in rows] == [r.cards for r in english]
    assert [r.when for r in rows] == [r.when for r in english]


def test_german_stakes_amounts_use_decimal_commas():
    plots = pytest.importorskip("knbook.pictures")
    with knlib.language("de"):
        rows = plots.stake_rows()
    amounts = {(r.version, r.item): r.amount for r in rows}
    assert amounts[("Hattstedt (today)", "each face-down lead seen")] == "kein Drehen"
    assert amounts[("Bohmstedt (today)", "Jann")] == "1 €"
    assert plots.stakes._amount("cents", 150) == "1.5 €"
    with knlib.language("de"):
        assert plots.stakes._amount("cents", 150) == "1,5 €"


@pytest.mark.parametrize("name", [n for n in FIGURES if n != "ladders side by side"])
def test_german_figure_text_is_at_least_10_pixels_high_as_shown(name):
    """German words are longer; the book's figures still fit their text as tests/
    test_figure_text.py measures it (two ladders side by side are no figure of the book: in
    English too their text is smaller)."""
    plots = pytest.importorskip("knbook.pictures")
    from test_figure_text import MIN_TEXT_PX, shown_text_heights

    with knlib.language("de"):
        smallest = shown_text_heights(FIGURES[name](plots))[0]
    assert smallest[0] >= MIN_TEXT_PX, f"{name}: {smallest[1]!r} is {smallest[0]:.1f}px high"


def test_figure_refusals_in_german():
    plots = pytest.importorskip("knbook.pictures")
    from matplotlib.figure import Figure

    with knlib.language("de"):
        with pytest.raises(RulesError, match="braucht mindestens zwei Karten"):
            plots.beats_matrix("knueffeln", "HS", ["H2"])
        with pytest.raises(RulesError, match="ranking_ladders braucht mindestens ein Spiel"):
            plots.ranking_ladders([], [])
        with pytest.raises(RulesError, match="2 Farbwahlen für 1 Spiele"):
            plots.ranking_ladders(["knueffeln"], ["HS", "HD"])
        with pytest.raises(RulesError, match="stammt nicht aus knbook.pictures"):
            plots.alt_text(Figure())
        with pytest.raises(RulesError, match="führt keine Leiter auf der Tafel"):
            plots.ladder_history(knlib.Session("knueffeln", seed=1))
