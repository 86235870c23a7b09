"""Tests for knbook.course.printables: the PDFs exist, have the right number of pages, are the same
on every run, and say what the engine says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdf_text import font_sizes, pdf_text

import knlib
from knbook.course.printables import (
    CHOSEN_PAIRS,
    answer_key_pdf,
    build_all,
    catalogue,
    exam_pdf,
    links_md,
    main,
    page_count,
    role_groups,
    takes_grid,
)
from knlib import RulesError

#: A ligature glyph (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ), one character for two or three letters.
LIGATURE = re.compile("[\ufb00-\ufb06]")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("printables")
    return build_all(out, exam_seeds=[17], jobs=2)


def test_page_count_counts_pages_not_the_page_tree(tmp_path: Path) -> None:
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    path = tmp_path / "three.pdf"
    with PdfPages(path) as pdf:
        for _ in range(3):
            pdf.savefig(Figure())
    assert page_count(path) == 3
    assert page_count(path.read_bytes()) == 3
    assert page_count(b"/Type /Pages /Kids [] /Count 0") == 0


@pytest.mark.slow
def test_every_printable_is_written(built: dict[str, Path]) -> None:
    names = {it.name for it in catalogue(exam_seeds=[17])}
    assert set(built) == names
    for path in built.values():
        assert path.read_bytes()[:5] == b"%PDF-"
    assert len([n for n in built if n.startswith("reference-")]) == len(knlib.GAMES)
    assert len([n for n in built if n.startswith("chosen-")]) == 6
    assert {"exam-1", "exam-1-key", "exam-17", "exam-17-key"} <= set(built)


@pytest.mark.parametrize("game", knlib.GAMES)
@pytest.mark.slow
def test_each_reference_card_is_one_sheet_in_type_of_8_pt(built: dict[str, Path], game: str
                                                         ) -> None:
    """A reference card is one sheet (front and back), its smallest type 8 pt (issue 37): an
    older player reads it at the table."""
    path = built[f"reference-{game}"]
    assert 1 <= page_count(path) <= 2
    sizes = font_sizes(path)
    assert sizes and min(sizes) >= 8.0, sizes


@pytest.mark.slow
def test_every_sheet_is_copied_and_searched_as_written(built: dict[str, Path]) -> None:
    """No ligature in any sheet (issue 37): copying 'Knüffeln' gives 'Knüffeln', not 'Knüﬀeln'
    with one glyph for 'ff', which a search does not find."""
    for name, path in built.items():
        text = pdf_text(path)
        assert not LIGATURE.search(text), f"{name}: {LIGATURE.findall(text)[:3]}"
    assert "Knüffeln" in pdf_text(built["reference-knueffeln"])
    assert "Knüffeln" in pdf_text(built["leader-guide"])


def test_the_pdf_reading_finds_ligatures_and_sizes(tmp_path: Path) -> None:
    """The checks above can fail: a sheet drawn with matplotlib's default features has the
    'ff' ligature and the size it was drawn in."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(3, 1))
    fig.text(0.1, 0.5, "Knüffeln", fontsize=6.5, family="DejaVu Sans")
    path = tmp_path / "lig.pdf"
    fig.savefig(path, format="pdf")
    assert LIGATURE.search(pdf_text(path)) and "Knüffeln" not in pdf_text(path)
    assert font_sizes(path) == [6.5]


@pytest.mark.parametrize("pair", CHOSEN_PAIRS)
@pytest.mark.slow
def test_each_chosen_suits_card_is_one_sheet_in_type_of_8_pt(built: dict[str, Path],
                                                            pair: tuple[str, str]) -> None:
    from knbook.course.printables.catalogue import _pair_name

    path = built[f"chosen-{_pair_name(pair)}"]
    assert 1 <= page_count(path) <= 2
    assert min(font_sizes(path)) >= 8.0


#: The sheets brought to type of 8 pt or more for older players (issue 37), beside the cards.
SHEETS_IN_8_PT = ["at-a-glance", "phrasebook", "leader-guide", "exam-1", "exam-1-key", "puzzles"]


@pytest.mark.parametrize("name", SHEETS_IN_8_PT)
@pytest.mark.slow
def test_every_other_sheet_is_in_type_of_8_pt(built: dict[str, Path], name: str) -> None:
    """No type under 8 pt on the sheets a course leader hands out (issue 37): 7.0 pt on
    at-a-glance, 7.2 on the phrasebook, 7.6 on the exam paper and key and 6.3 on the
    puzzle sheet were too small for older players."""
    sizes = font_sizes(built[name])
    assert sizes and min(sizes) >= 8.0, (name, min(sizes))


#: Two chosen suits named together ('Diamonds and Spades', 'Karo und Pik').
_SUITS = {"en": "Clubs|Spades|Hearts|Diamonds", "de": "Kreuz|Pik|Herz|Karo"}


def chosen_pairs(text: str) -> set[str]:
    """Every pair of suits ``text`` names as 'X and Y' or 'X und Y', in either language."""
    pattern = "|".join(f"(?:{s}) (?:and|und) (?:{s})" for s in _SUITS.values())
    return set(re.findall(pattern, text))


def test_the_check_on_one_choice_of_suits_can_fail() -> None:
    assert chosen_pairs("turn-ups: Diamonds and Spades are chosen. A card is led (Hearts and "
                        "Spades chosen)") == {"Diamonds and Spades", "Hearts and Spades"}
    assert chosen_pairs("Karo und Pik sind gewählt … (Herz und Pik gewählt)") == {
        "Karo und Pik", "Herz und Pik"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.slow
def test_at_a_glance_speaks_of_one_choice_of_suits(lang: str, tmp_path: Path) -> None:
    """The table's turn-ups and the flowchart of lead cases name the same chosen suits
    (issue 37: the German sheet said 'Karo und Pik' in its picture and 'Herz und Pik' in
    its flowchart)."""
    from knbook.course.printables import at_a_glance_pdf

    with knlib.language(lang):
        text = pdf_text(at_a_glance_pdf(tmp_path / "glance.pdf"))
    pairs = chosen_pairs(text)
    assert len(pairs) == 1 and text.count(next(iter(pairs))) >= 2, pairs


@pytest.mark.parametrize(("lang", "puzzle_sheet"),
                         [("en", "puzzle sheet"), ("de", "Aufgabenblatt")])
def test_the_leaders_guide_lists_the_puzzle_sheet(lang: str, puzzle_sheet: str,
                                                  tmp_path: Path) -> None:
    """The guide's list of printouts names the puzzle sheet and where it is linked (issue
    37)."""
    from knbook.course.printables import leader_guide_pdf

    with knlib.language(lang):
        text = " ".join(pdf_text(leader_guide_pdf(tmp_path / "guide.pdf")).split())
    assert puzzle_sheet in text
    assert ("the page 'Puzzles'" if lang == "en" else "Seite „Knobelaufgaben“") in text


@pytest.mark.slow
def test_page_counts_of_the_other_sheets(built: dict[str, Path]) -> None:
    assert page_count(built["leader-guide"]) == 1
    assert 1 <= page_count(built["phrasebook"]) <= 3
    assert 2 <= page_count(built["exam-1"]) <= 5
    assert 1 <= page_count(built["exam-1-key"]) <= 5


@pytest.mark.slow
def test_same_seed_same_file(tmp_path: Path, built: dict[str, Path]) -> None:
    again = exam_pdf(17, tmp_path / "again.pdf")
    assert again.read_bytes() == built["exam-17"].read_bytes()
    key = answer_key_pdf(17, tmp_path / "key.pdf")
    assert key.read_bytes() == built["exam-17-key"].read_bytes()
    other = exam_pdf(18, tmp_path / "other.pdf")
    assert other.read_bytes() != built["exam-17"].read_bytes()


@pytest.mark.parametrize("game", knlib.GAMES)
def test_role_groups_cover_every_card_once_per_choice(game: str) -> None:
    groups = role_groups(game)
    rules = knlib.ruleset(game)
    from itertools import combinations

    for chosen in combinations(knlib.SUITS, rules.n_chosen):
        cards = [c for g in groups for c, ch in g.members if ch == chosen]
        assert sorted(cards) == sorted(rules.pack)
    for g in groups:
        for c, ch in g.members:
            role = knlib.role(game, c, ch)
            assert (role.klass, role.beats, role.taken_by) == (g.klass, g.beats, g.taken_by)


def test_knueffeln_groups_and_grid_say_what_the_rules_say() -> None:
    groups = role_groups("knueffeln")
    labels = [g.label for g in groups]
    # The five Olen come first, highest first (seed 000, 'The Cards and their Ranking').
    assert labels[:5] == ["de Beste", "de Wage", "de Dulle", "Harten Ol", "Ruten Ol"]
    assert all(g.permanent for g in groups[:5])
    grid = takes_grid("knueffeln", groups)
    seven = labels.index("chosen Seven")
    # Nothing takes a led chosen Seven, and a chosen Seven played later takes nothing.
    assert grid[seven] == [""] * len(groups)
    assert all(row[seven] == "" for row in grid)
    # De Beste takes every other card when played after it, except a led chosen Seven.
    beste = labels.index("de Beste")
    assert [row[beste] for i, row in enumerate(grid) if i not in (beste, seven)] == \
        ["all"] * (len(groups) - 2)
    # An unchosen Ace takes a dud only in its own suit: "sometimes".
    assert grid[labels.index("Schiet")][labels.index("Fehl-As")] == "some"


@pytest.mark.parametrize("game", ["knueffeln-hattstedt", "karniffel", "karnoeffel-2024"])
def test_grid_agrees_with_the_engine(game: str) -> None:
    groups = role_groups(game)
    grid = takes_grid(game, groups)
    for i, row in enumerate(groups):
        for j, col in enumerate(groups):
            results = {knlib.trick_winner(game, [a, b], ch) == 1
                       for a, ch in row.members[:6] for b, ch2 in col.members[:12]
                       if ch2 == ch and a is not b}
            if grid[i][j] == "all":
                assert results <= {True}
            elif grid[i][j] == "":
                assert results <= {False}


@pytest.mark.slow
def test_links_md_and_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    md = links_md("../../_build/printables", kinds=["reference"])
    assert md.count("\n") == len(knlib.GAMES) - 1
    assert "(../../_build/printables/reference-knueffeln.pdf)" in md
    assert main(["--out", str(tmp_path), "--only-exams", "--exam-seeds", "5"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["exam-5-key.pdf", "exam-5.pdf"]
    assert "exam-5.pdf (" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--game", "skat"])


def test_chosen_suits_card_refuses_bad_suits(tmp_path: Path) -> None:
    from knbook.course.printables import chosen_suits_card_pdf

    with pytest.raises(RulesError):
        chosen_suits_card_pdf("HH", tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.slow
def test_at_a_glance_is_one_page(built: dict[str, Path]) -> None:
    assert page_count(built["at-a-glance"]) == 1


# -- what the sheets say (issue 25, item 1): no internal citation, file name or command ------

#: What a printed sheet must not say, with the reason shown on failure.
INTERNAL = [
    (r"\b[Ss]eeds? \d{3}\b", "an internal source number ('seed 000')"),
    (r"\bseed\b", "the word 'seed'"),
    (r"README|\w\.md\b|_build/|knlib\.\w|knlib/", "a file, folder or module name"),
    (r"python -m|make printables|--\w", "a command line"),
]


def _printed_text(monkeypatch: pytest.MonkeyPatch, make) -> str:
    """Every text drawn on the pages ``make`` saves (matplotlib's own Text objects, as they
    are written into the PDF)."""
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    texts: list[str] = []
    original = Figure.savefig

    def savefig(fig, *args, **kwargs):
        texts.extend(t.get_text() for t in fig.findobj(Text))
        return original(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", savefig)
    make()
    assert texts, "nothing was drawn"
    return "\n".join(texts)


def _internal(text: str) -> list[str]:
    import re

    return [f"{why}: …{text[max(0, m.start() - 40):m.end() + 40]}…"
            for pattern, why in INTERNAL for m in re.finditer(pattern, text)]


@pytest.mark.slow
def test_the_players_sheets_name_no_internal_source_or_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from knbook.course.printables import (
        at_a_glance_pdf,
        chosen_suits_card_pdf,
        leader_guide_pdf,
        phrasebook_pdf,
        reference_card_pdf,
    )
    from knlib.sources import SOURCES

    sheets = {f"reference card {g}": (lambda g=g: reference_card_pdf(g, tmp_path / f"{g}.pdf"))
              for g in knlib.GAMES}
    sheets |= {
        "chosen-suits card": lambda: chosen_suits_card_pdf("HS", tmp_path / "hs.pdf"),
        "at a glance": lambda: at_a_glance_pdf(tmp_path / "glance.pdf"),
        "phrasebook": lambda: phrasebook_pdf(tmp_path / "talk.pdf"),
        "leader's guide": lambda: leader_guide_pdf(tmp_path / "guide.pdf"),
        "exam paper": lambda: exam_pdf(17, tmp_path / "exam.pdf"),
        "answer key": lambda: answer_key_pdf(17, tmp_path / "key.pdf"),
    }
    for name, make in sheets.items():
        text = _printed_text(monkeypatch, make)
        found = _internal(text)
        assert not found, f"the {name} says: " + "\n  ".join(found[:5])
        if name.startswith("reference card knueffeln"):
            # the sources are named once, by author and title
            assert SOURCES["000"].reader in text and text.count("Sources:") == 1


def test_the_check_on_printed_text_can_fail() -> None:
    assert _internal("Sources: seed 000, 'The Play'; rules/README.md, reading 1.")
    assert _internal("run 'python -m knbook.course.printables --exam-seeds 17'")
    assert not _internal("Sources: McLeod after Eaton (2021), “The Play”; our reading.")
