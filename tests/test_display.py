"""SVG and HTML pictures (knlib.render.display) and the Hand value type (knlib.rules.hands).

The pictures are parsed as XML, so a stray '<' or '&' in any text fails the tests.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import knlib
from knlib import GAMES, Card, RulesError, explain_trick, ruleset
from knlib.games.knueffeln import Bohmstedt
from knlib.render.display import (
    badge_text,
    card_svg,
    explanation_html,
    hand_svg,
    open_questions_html,
    role_table_html,
    trick_svg,
)
from knlib.rules.hands import Hand
from knlib.rules.tricks import TrickExplanation
from knlib.sources import for_reader

SVG = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert('x')</script> & <b>"


def chosen_for(game: str) -> str:
    return "HS" if ruleset(game).n_chosen == 2 else "H"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def texts(el: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in el.iter(f"{SVG}text")]


def badge(el: ET.Element) -> str:
    """The badge's label, its lines joined by a space."""
    groups = [g for g in el.iter(f"{SVG}g") if g.get("class") == "badge"]
    assert len(groups) == 1
    return " ".join(texts(groups[0]))


def card_groups(el: ET.Element) -> list[ET.Element]:
    return [g for g in el.iter(f"{SVG}g") if g.get("role") == "img"]


def all_text(el: ET.Element) -> str:
    return "".join(el.itertext())


# -- one card ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_every_pack_is_well_formed_and_shows_its_suit_symbol(game):
    rules = ruleset(game)
    for card in rules.pack:
        root = parse(card_svg(card, game=game, chosen=chosen_for(game)))
        assert root.tag == f"{SVG}svg"
        assert root.get("role") == "img" and root.get("aria-label")
        shown = texts(root)
        # the symbol in both corners and the centre
        assert shown.count(card.symbol[0]) == 3
        rank = (card.german_symbol if rules.german else card.symbol)[1:]
        assert shown.count(rank) == 2


def test_card_svg_badge_and_title_give_the_role():
    roles = knlib.roles("knueffeln", "HS")
    for text, expected in [("S3", "Drist"), ("S9", "Frikort"), ("CA", "Fehl-As"),
                           ("C2", "dud"), ("H2", "de Beste"), ("SJ", "Frikortensteker"),
                           ("S6", "Paas"), ("S2", "Twist"), ("S4", "Veerhack")]:
        card = Card(text)
        root = parse(card_svg(card, game="knueffeln", chosen="HS"))
        assert badge(root) == expected == badge_text(roles[card])
        title = root.find(f"{SVG}title").text
        assert roles[card].title in title and roles[card].beats in title
        assert root.get("aria-label") == title


def test_badge_is_the_local_term_wherever_the_role_has_one():
    for game in GAMES:
        for card, role in knlib.roles(game, chosen_for(game)).items():
            text = badge(parse(card_svg(card, role)))
            if role.term and not (role.name_first and " " not in role.name):
                assert text == role.term, (game, card)
            elif role.term:
                assert text == role.name  # 'dud (Schiet)' shows 'dud'
            else:
                assert text in (role.name, role.klass)


def test_a_card_without_a_role_has_no_badge_and_a_plain_title():
    root = parse(card_svg("D4"))
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "badge"]
    assert root.find(f"{SVG}title").text == "♦4, Four of Diamonds"


def test_hearts_and_diamonds_are_red_clubs_and_spades_black_but_symbols_always_shown():
    red = parse(card_svg("H7"))
    black = parse(card_svg("C7"))
    red_fills = {t.get("fill") for t in red.iter(f"{SVG}text")}
    black_fills = {t.get("fill") for t in black.iter(f"{SVG}text")}
    assert red_fills == {"#b3261e"} and black_fills == {"#1a1a1a"}
    assert "♥" in texts(red) and "♣" in texts(black)


def test_karniffel_cards_are_german_suited():
    root = parse(card_svg("SQ", game="karniffel", chosen="SD"))
    shown = texts(root)
    assert shown.count("O") == 2 and "Q" not in shown
    assert "Leaves" in shown
    title = root.find(f"{SVG}title").text
    assert title.startswith("♠O, Ober of Leaves: ")
    assert badge(root) == "Oberkarniffel"
    # Daus and Unter
    assert texts(parse(card_svg("DA", game="karniffel"))).count("D") == 2
    assert texts(parse(card_svg("CJ", game="karniffel"))).count("U") == 2
    # French display elsewhere
    assert texts(parse(card_svg("SQ", game="knueffeln"))).count("Q") == 2


def test_chosen_suit_cards_get_a_dashed_frame():
    dashed = parse(card_svg("S3", game="knueffeln", chosen="HS"))
    plain = parse(card_svg("D3", game="knueffeln", chosen="HS"))
    assert any(r.get("stroke-dasharray") for r in dashed.iter(f"{SVG}rect"))
    assert not any(r.get("stroke-dasharray") for r in plain.iter(f"{SVG}rect"))


def test_card_svg_refuses_bad_cards_and_mismatched_roles():
    with pytest.raises(RulesError, match="'H1' is not a card"):
        card_svg("H1")
    assert parse(card_svg("H5"))  # a Five is a card, though not in today's Knüffeln pack
    with pytest.raises(RulesError, match="not in the"):
        card_svg("H5", game="knueffeln")
    with pytest.raises(RulesError, match="role given is for"):
        card_svg("H3", knlib.role("knueffeln", "S3", "HS"))


def test_output_is_deterministic_and_has_no_ids():
    a = hand_svg("H2 SA D4 S3", game="knueffeln", chosen="HS")
    b = hand_svg("H2 SA D4 S3", game="knueffeln", chosen="HS")
    assert a == b
    assert " id=" not in a


def test_card_repr_svg():
    root = parse(Card("H2")._repr_svg_())
    assert root.get("role") == "img"
    assert "♥" in texts(root) and "2" in texts(root)


# -- escaping ---------------------------------------------------------------------------------


def test_free_text_in_roles_is_escaped():
    role = dataclasses.replace(knlib.role("knueffeln", "S3", "HS"), term=EVIL, note=EVIL,
                               beats=EVIL)
    root = parse(card_svg("S3", role))
    assert badge(root) == EVIL
    assert EVIL in root.find(f"{SVG}title").text
    assert not list(root.iter("script")) and not list(root.iter(f"{SVG}script"))


def test_seats_and_winner_text_are_escaped():
    markup = trick_svg("D4 S3", game="knueffeln", chosen="HS", seats=[EVIL, "W&E"],
                       winner_text=EVIL)
    root = parse(markup)
    shown = texts(root)
    assert EVIL in " ".join(shown) and "W&E" in shown  # a long seat name on two lines
    assert f"▲ {EVIL}" in shown


class _EvilRules(Bohmstedt):
    """Knüffeln with a hostile note on every role, to test the escaping of tables."""

    id = "evil"
    title = "Evil <i>rules</i>"

    def _role(self, card, chosen):
        return dataclasses.replace(super()._role(card, chosen), note=EVIL, source=EVIL)


def test_role_table_escapes_free_text():
    root = parse(role_table_html(_EvilRules(), "HS"))
    assert not list(root.iter("script")) and not list(root.iter("i"))
    cells = [all_text(td) for td in root.iter("td")]
    rows = [tr for tr in root.iter("tr") if list(tr.iter("td"))]
    # a note on every row, in reader's words (knlib.sources.for_reader); no source column
    assert cells.count(for_reader(EVIL)) == len(rows) >= 20
    assert "Evil <i>rules</i>" in all_text(root.find(".//caption"))


def test_explanation_and_open_questions_escape_free_text(monkeypatch):
    expl = explain_trick("knueffeln", "D4 S3", "HS")
    bad_step = dataclasses.replace(expl.steps[1], sentence=EVIL)
    evil = TrickExplanation(expl.game, expl.cards, expl.chosen, expl.winner,
                            [expl.steps[0], bad_step])
    root = parse(explanation_html(evil))
    assert [all_text(li) for li in root.iter("li")][1] == EVIL
    assert not list(root.iter("script"))

    q = knlib.OpenQuestion(game="knueffeln", topic=EVIL, question=EVIL, default=EVIL,
                           source=EVIL, option=EVIL, alternatives=(EVIL,))
    root = parse(open_questions_html("knueffeln", [q]))
    # the question, the reading and the source are read in reader's words
    assert all_text(root).count(EVIL) == 3 and all_text(root).count(for_reader(EVIL)) == 3
    assert not list(root.iter("script"))


# -- hands and tricks --------------------------------------------------------------------------


def test_hand_svg_sorts_strongest_first_with_a_badge_each():
    cards = "D4 C8 SA H2 S3 H10"
    root = parse(hand_svg(cards, game="knueffeln", chosen="HS"))
    groups = card_groups(root)
    order = ruleset("knueffeln").sort_by_strength(cards.split(), "HS")
    assert [g.get("aria-label").split(",")[0] for g in groups] == [c.symbol for c in order]
    assert [c.symbol for c in order] == ["♥2", "♠A", "♠3", "♥10", "♣8", "♦4"]
    assert len([g for g in root.iter(f"{SVG}g") if g.get("class") == "badge"]) == 6


def test_hand_svg_without_chosen_keeps_order_and_has_no_badges():
    root = parse(hand_svg(["D4", "H2"]))
    assert [g.get("aria-label") for g in card_groups(root)] == [
        "♦4, Four of Diamonds", "♥2, Two of Hearts"]
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "badge"]
    assert "no cards" in all_text(parse(hand_svg([])))


def placed(el: ET.Element, x: float = 0.0):
    """Every element under ``el`` with the x of its origin in its own <svg> (the sum of the
    translations of the groups around it; a nested <svg> starts again at 0)."""
    for child in el:
        at = 0.0 if child.tag == f"{SVG}svg" else x
        move = child.get("transform") or ""
        if move.startswith("translate("):
            at += float(move.split("(")[1].split(",")[0])
        yield child, at
        yield from placed(child, at)


def _winner_of_picture(markup: str) -> tuple[int, float, float]:
    """(index of the outlined card, x of its centre, x of the 'wins' marker in the same
    <svg>): one SVG (trick_svg) or a row of one SVG a card (trick_html)."""
    root = parse(markup)
    svgs = [root] if root.tag == f"{SVG}svg" else list(root.iter(f"{SVG}svg"))
    outlined, centres, markers = [], [], []
    index = 0
    for svg in svgs:
        for el, x in placed(svg):
            if el.tag == f"{SVG}g" and el.get("role") == "img":
                if any(r.get("stroke-width") == "4" for r in el.iter(f"{SVG}rect")):
                    outlined.append(index)
                    width = float(next(el.iter(f"{SVG}rect")).get("width")) + 2
                    centres.append((svg, x + width / 2))
                index += 1
            if el.tag == f"{SVG}text" and el.get("class") == "winner-marker":
                markers.append((svg, x + float(el.get("x"))))
    assert len(outlined) == 1 and len(markers) == 1 and "wins" in all_text(root)
    assert markers[0][0] is centres[0][0]  # the marker is in the winner's picture
    return outlined[0], centres[0][1], markers[0][1]


@pytest.mark.parametrize(("cards", "winner"), [
    ("D4 S3 DA C8", 1),  # seed 000, Case 1: West's Drist wins
    ("D4 C8 DA S3", 2),  # seed 000, Case 2: North's unchosen Ace wins
    ("S7 H2 SA HA", 0),  # a led chosen Seven cannot be beaten
])
def test_trick_svg_marks_the_winner_by_outline_and_text(cards, winner):
    assert knlib.trick_winner("knueffeln", cards, "HS") == winner
    index, centre, marker_x = _winner_of_picture(
        trick_svg(cards, game="knueffeln", chosen="HS", seats="SWNE"))
    assert index == winner
    assert marker_x == pytest.approx(centre)


def test_trick_svg_labels_positions_and_seats():
    root = parse(trick_svg("D4 S3 DA C8", game="knueffeln", chosen="HS",
                           seats=["South", "West", "North", "East"]))
    shown = texts(root)
    for label in ("1st (led)", "2nd", "3rd", "4th", "South", "West", "North", "East"):
        assert label in shown
    assert root.get("aria-label").endswith("The 2nd card, ♠3, wins.")


def test_trick_svg_refuses_bad_input():
    with pytest.raises(RulesError, match="seats"):
        trick_svg("D4 S3", game="knueffeln", chosen="HS", seats=["S"])
    with pytest.raises(RulesError, match="winner"):
        trick_svg("D4 S3", game="knueffeln", chosen="HS", winner=2)
    with pytest.raises(RulesError, match="twice"):
        trick_svg("D4 D4", game="knueffeln", chosen="HS")
    with pytest.raises(RulesError, match="table"):
        trick_svg("D4 S3 DA C8 C9 C10", game="knueffeln", chosen="HS")


def test_explanation_html_has_picture_steps_and_winner():
    expl = explain_trick("knueffeln", "D4 C8 DA S3", "HS")
    markup = expl._repr_html_()
    assert markup == explanation_html(expl)
    root = parse(markup)
    items = [all_text(li) for li in root.iter("li")]
    assert items == [s.sentence for s in expl.steps]
    assert root.find(".//ol") is not None
    assert "Winner: 3rd card, ♦A." in all_text(root)
    row = root.find(".//div[@class='knlib-cards knlib-trick']")
    index, centre, marker_x = _winner_of_picture(ET.tostring(row, encoding="unicode"))
    assert index == expl.winner == 2 and marker_x == pytest.approx(centre)


def test_explanation_html_in_german_suits():
    expl = explain_trick("karniffel", "CK SQ", "SD")
    root = parse(explanation_html(expl))
    assert "Winner: 2nd card, ♠O." in all_text(root)


# -- tables -----------------------------------------------------------------------------------


def _table_cards(root: ET.Element) -> list[str]:
    out = []
    for tr in root.iter("tr"):
        tds = list(tr.iter("td"))
        if tds:
            out += [all_text(span) for span in tds[0].iter("span")]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_role_table_lists_every_pack_card_exactly_once(game):
    rules = ruleset(game)
    for merge in (True, False):
        root = parse(role_table_html(game, chosen_for(game), merge=merge))
        shown = _table_cards(root)
        expected = [c.german_symbol if rules.german else c.symbol for c in rules.pack]
        assert Counter(shown) == Counter(expected)
        rows = [tr for tr in root.iter("tr") if list(tr.iter("td"))]
        if not merge:
            assert len(rows) == len(rules.pack)


def test_role_table_groups_by_class_strongest_first_with_notes():
    root = parse(role_table_html("knueffeln", "HS"))
    headers = [all_text(th).split(" (")[0] for th in root.iter("th") if th.get("colspan")]
    assert headers[:2] == ["Ole", "beater"] and headers[-1] == "dud"
    assert len(headers) == len(set(headers))
    text = all_text(root)
    assert "♥2 keeps its place as de Beste although Hearts is chosen" in text
    first_row = next(tr for tr in root.iter("tr") if list(tr.iter("td")))
    cells = [all_text(td) for td in first_row.iter("td")]
    assert cells[:3] == ["♥2", "de Beste", "the highest Ole, Two of Hearts"]
    # merged rows: the two chosen Aces share a row
    assert any(all_text(list(tr.iter("td"))[0]) == "♠A ♥A" for tr in root.iter("tr")
               if list(tr.iter("td")))


def test_open_questions_html_lists_each_question_with_its_source():
    root = parse(open_questions_html("styrivolt", knlib.open_questions("styrivolt")))
    items = [li for li in root.iter("li") if li.find("b") is not None]
    qs = knlib.open_questions("styrivolt")
    assert [all_text(li.find("b")) for li in items] == [q.topic for q in qs]
    text = all_text(root)
    for q in qs:
        assert for_reader(q.source) in text and q.source not in text
    assert "beater_thresholds" in text


# -- Hand -------------------------------------------------------------------------------------


def test_hand_basics():
    h = Hand("D4 SA H2", chosen="HS")
    assert str(h) == "♦4 ♠A ♥2"
    assert str(h.sorted()) == "♥2 ♠A ♦4"
    assert len(h) == 3 and Card("SA") in h and "H2" in h and "C9" not in h
    assert h.game == "knueffeln" and h.chosen == ("H", "S")
    assert eval(repr(h), {"Hand": Hand}) == h
    assert {h, Hand(["♦4", "SA", "2H"], chosen="HS")} == {h}
    assert Hand("D4 SA H2") != h and Hand("D4 SA H2", game="styrivolt", chosen="HS") != h
    assert Hand(str(h), chosen="HS") == h
    with pytest.raises(AttributeError):
        h.cards = ()


def test_hand_roles_and_counts():
    h = Hand("D4 SA H2 S3 C8 CA", chosen="HS")
    roles = h.roles()
    assert list(roles) == list(h.cards)
    assert roles[Card("S3")].term == "Drist"
    assert h.count_by_class() == {"Ole": 1, "beater": 2, "unchosen Ace": 1, "dud": 2}
    assert list(h.count_by_class()) == ["Ole", "beater", "unchosen Ace", "dud"]


def test_hand_caption_counts_classes_in_the_plural():
    """The caption under a hand agrees in number: '2 beaters', '2 Olen', '1 dud'."""
    h = Hand("D4 SA H2 S3 C8 CA H9", chosen="HS")
    caption = h._repr_html_().split("</div>")[0]
    counts = h.count_by_class()
    assert counts["beater"] == 2 and "2 beaters" in caption
    assert counts["Ole"] == 2 and "2 Olen" in caption and "2 Ole;" not in caption
    assert counts["unchosen Ace"] == 1 and "1 unchosen Ace;" in caption
    one = Hand("D4 SA", chosen="HS")._repr_html_()
    assert "1 beater;" in one and "1 dud)" in one
    from knlib.rules.hands import class_count
    assert class_count(3, "no power") == "3 with no power"
    assert class_count(2, "stecher") == "2 stecher"


def test_hand_needs_chosen_suits_for_roles_but_sorts_in_display_order_without():
    h = Hand("D4 H2 CA C8")
    with pytest.raises(RulesError, match="chosen"):
        h.roles()
    with pytest.raises(RulesError, match="chosen"):
        h.count_by_class()
    assert str(h.sorted()) == "♣A ♣8 ♥2 ♦4"
    assert str(h.with_chosen("CD").sorted()) == "♥2 ♣A ♦4 ♣8"


@pytest.mark.parametrize(("game", "size"), [
    ("knueffeln", 9), ("knueffeln-hattstedt", 9), ("knueffeln-1924", 9), ("knueffeln-1938", 9),
    ("styrivolt", 9), ("karniffel", 5), ("karnoeffel", 5), ("karnoeffel-2024", 5),
])
def test_hand_size_per_game(game, size):
    rules = ruleset(game)
    assert rules.hand_size == size
    cards = [c for c in rules.pack if c.suit in "CD"][: size + 1]
    assert len(Hand(cards[:size], game)) == size
    with pytest.raises(RulesError, match=f"dealt {size} cards"):
        Hand(cards, game)


@pytest.mark.parametrize(("game", "cards", "match"), [
    ("knueffeln", "H2 X9", "'X9' is not a card"),
    ("knueffeln", "H2 H2", "♥2 is given twice"),
    ("knueffeln", "H5", "not in the Knüffeln"),
    ("knueffeln-1924", "H10", "not in the Knüffeln"),
    ("karnoeffel", "HA", "not in the Karnöffel"),
    ("karniffel", "H5", "not in the Karniffel"),
])
def test_hand_refuses_bad_cards(game, cards, match):
    with pytest.raises(RulesError, match=match):
        Hand(cards, game)


def test_hand_refuses_bad_chosen_suits_and_games():
    with pytest.raises(RulesError, match="twice"):
        Hand("H2", chosen="HH")
    with pytest.raises(RulesError, match="one chosen suit"):
        Hand("H2", game="karnoeffel", chosen="HS")
    with pytest.raises(RulesError, match="not a game"):
        Hand("H2", game="poker")
    with pytest.raises(RulesError, match="not a list of cards"):
        Hand(42)


def test_hand_pictures():
    h = Hand("D4 SA H2", chosen="HS")
    svg = parse(h._repr_svg_())
    assert [g.get("aria-label").split(",")[0] for g in card_groups(svg)] == ["♥2", "♠A", "♦4"]
    html = parse(h._repr_html_())
    assert "3 of 9 cards" in all_text(html) and "1 Ole; 1 beater; 1 dud" in all_text(html)
    kf = parse(Hand("SQ CK", game="karniffel", chosen="SD")._repr_html_())
    assert "Leaves and Bells" in all_text(kf) and "O" in texts(kf)


@pytest.mark.parametrize("game", ["karniffel", "knueffeln"])
def test_role_table_that_fits_the_text_column(game):
    """fit=True: the same columns (no source: issue 25), every card's note is kept, and the table
    fills its own scrolling box (its wrapper scrolls sideways, never the page)."""
    wide = parse(role_table_html(game, chosen_for(game)))
    narrow = parse(role_table_html(game, chosen_for(game), fit=True))
    heads = [all_text(th) for th in narrow.iter("th") if not th.get("colspan")]
    assert heads[-1] == "notes" and len(heads) == 6
    assert not any("source" in h for h in heads)
    assert {int(th.get("colspan")) for th in narrow.iter("th") if th.get("colspan")} == {6}
    assert _table_cards(narrow) == _table_cards(wide)
    for tr_w, tr_n in zip(wide.iter("tr"), narrow.iter("tr"), strict=True):
        tds_w, tds_n = list(tr_w.iter("td")), list(tr_n.iter("td"))
        if tds_w:
            assert all_text(tds_w[5]) == all_text(tds_n[5])
    table = next(narrow.iter("table"))
    assert "width:100%" in table.get("style") and "min-width" in table.get("style")
    assert "overflow-x:auto" in narrow.get("style")


def test_fitted_role_table_wraps_long_runs_of_cards():
    """The Bohmstedt duds share one row: fitted, that row may wrap between cards, never
    inside one, so the card column stays narrow."""
    root = parse(role_table_html("knueffeln", "HS", fit=True))
    rows = [list(tr.iter("td")) for tr in root.iter("tr") if list(tr.iter("td"))]
    longest = max(rows, key=lambda tds: len(list(tds[0].iter("span"))))
    assert len(list(longest[0].iter("span"))) >= 10
    assert "nowrap" not in longest[0].get("style") and "max-width" in longest[0].get("style")
    assert all("nowrap" in span.get("style") for span in longest[0].iter("span"))
    wide = parse(role_table_html("knueffeln", "HS"))
    first = next(tr for tr in wide.iter("tr") if list(tr.iter("td")))
    assert "nowrap" in next(first.iter("td")).get("style")
