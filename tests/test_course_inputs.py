"""Issue 36, items 7 and the diploma's file names: bad input to knbook.course's public
functions gets a RulesError naming the value (never a ValueError, TypeError or
AttributeError of Python's own), and a diploma's file name is made from the name as a
person writes it, never overwriting another; a name the diploma's fonts cannot draw is
refused, saying which characters."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from knbook.course import (
    correct_options,
    evening_questions,
    exam,
    exam_html,
    exercises_myst,
    goals_of,
    option_feedback,
    pictures_of,
    question,
    question_key,
    questions,
    score,
    self_check_questions,
)
from knbook.course.diploma import check_name, diploma, file_name_words
from knbook.course.diploma_fonts import missing_glyphs
from knbook.course.lessons import lesson
from knbook.course.papers import answers_from_letters, paper_number
from knlib import RulesError

BIG = 10**5000
DATE = datetime.date(2026, 3, 14)


@pytest.fixture(scope="module")
def paper():
    return exam(1)


# -- the cases 16 and 17 ---------------------------------------------------------------


def test_an_exam_of_a_five_thousand_digit_seed_is_refused():
    with pytest.raises(RulesError, match="a seed of 5001 digits is too long: give a whole "
                                         "number of at most 100 digits"):
        exam(seed=BIG)
    with pytest.raises(RulesError, match="5001 digits"):
        exam(seed=-BIG)


def test_score_without_answers_is_refused(paper):
    with pytest.raises(RulesError, match="None is not a list of answers"):
        score(paper, None)
    with pytest.raises(RulesError, match="5 is not a list of answers"):
        score(paper, 5)


# -- more of the same kind ----------------------------------------------------------------------


@pytest.mark.parametrize(("call", "needle"), [
    (lambda p: exam(1, n=BIG), "a number of 5001 digits is not a number of questions"),
    (lambda p: exam(1, n=0), "0 is not a number of questions: give a whole number, 1 to 100"),
    (lambda p: exam(1, n="20"), "'20' is not a number of questions"),
    (lambda p: exam(1, game=BIG), "a number of 5001 digits is not a game"),
    (lambda p: exam(1, game=None), "None is not a game"),
    (lambda p: score(p, [0] * 20, pass_mark=BIG), "a number of 5001 digits is not a pass mark"),
    (lambda p: score(p, [BIG] * 20), "answer a number of 5001 digits to question 1"),
    (lambda p: score(p, {BIG: 1}), "a number of 5001 digits is not a question number"),
    (lambda p: score(BIG, []), "a number of 5001 digits is not an exam paper"),
    (lambda p: score([1, 2], [0, 0]), r"\[1, 2\] is not an exam paper"),
    (lambda p: answers_from_letters("A", 17), "17 is not an exam paper"),
    (lambda p: question(BIG, 1), "a number of 5001 digits is not a kind of question"),
    (lambda p: question([], 1), r"\[\] is not a kind of question"),
    (lambda p: question("ole", BIG), "a seed of 5001 digits is too long"),
    (lambda p: questions("ole", BIG, 1), "is not a number of questions"),
    (lambda p: questions("ole", "3", 1), "'3' is not a number of questions"),
    (lambda p: evening_questions([], 3, 1), r"\[\] is not an evening of the course"),
    (lambda p: evening_questions(1, -1, 1), "-1 is not a number of questions"),
    (lambda p: exercises_myst(1, seed=BIG), "a seed of 5001 digits is too long"),
    (lambda p: exercises_myst(BIG), "a number of 5001 digits is not an evening"),
    (lambda p: self_check_questions(1, seed=BIG), "a seed of 5001 digits is too long"),
    (lambda p: self_check_questions(1, n=BIG), "is not a number of questions"),
    (lambda p: correct_options("q"), "'q' is not a question"),
    (lambda p: question_key(None), "None is not a question"),
    (lambda p: pictures_of(3), "3 is not a question"),
    (lambda p: option_feedback({}), r"\{\} is not a question"),
    (lambda p: goals_of(BIG), "a number of 5001 digits is not a question"),
    (lambda p: exam_html(None), "None is not an exam paper"),
    (lambda p: exam_html(p, answers=[9] * 20), "answer 9 to question 1 is not one of"),
    (lambda p: lesson(BIG), "a number of 5001 digits is not a lesson deal"),
    (lambda p: lesson([]), r"\[\] is not a lesson deal"),
    (lambda p: diploma("X", BIG, date=DATE), "a number of 5001 digits is not a score"),
    (lambda p: diploma("X", 0.9, date=DATE, evenings=[BIG]),
     "a number of 5001 digits is not an evening"),
    (lambda p: diploma("X", 0.9, date=BIG), "a number of 5001 digits is not a date"),
    (lambda p: diploma(BIG, 0.9, date=DATE), "a number of 5001 digits is not a name"),
    (lambda p: paper_number("9" * 5000), "a paper's number of 5000 digits is too long"),
    (lambda p: paper_number("٣"), "'٣' is not a paper's number"),
])
@pytest.mark.slow
def test_bad_values_get_a_rules_error_naming_them(call, needle, paper):
    with pytest.raises(RulesError, match=needle):
        call(paper)


def test_a_paper_number_is_written_in_the_digits_0_to_9():
    assert paper_number("17") == 17 and paper_number(" 0042 ") == 42
    for bad in ("", "-1", "1.5", "abc", "²", "17a", "+3"):
        with pytest.raises(RulesError, match="is not a paper's number"):
            paper_number(bad)


# -- diploma file names ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "words"), [
    ("Jürgen Süßmann", "juergen-suessmann"),
    ("ÖZDEMİR Ärger", "oezdemir-aerger"),
    ("José Álvarez-Núñez", "jose-alvarez-nunez"),
    ("Søren Ærø", "soeren-aeroe"),
    ("Inke Petersen", "inke-petersen"),
    ("שלום", ""),
    ("😀 🃏", ""),
])
def test_file_names_write_umlauts_out_and_strip_accents(name, words):
    assert file_name_words(name) == words


def test_names_with_nothing_to_write_get_files_of_their_own():
    a = diploma("שלום", 0.9, date=DATE)
    b = diploma("אבג", 0.9, date=DATE)
    c = diploma("😀", 0.9, date=DATE)
    assert len({a.slug, b.slug, c.slug}) == 3
    assert all(d.slug.startswith("diploma-") and d.slug.isascii() for d in (a, b, c))
    assert diploma("שלום", 0.9, date=DATE).slug == a.slug  # the same name, the same stem


@pytest.mark.slow
def test_no_diploma_overwrites_another(tmp_path: Path):
    first = diploma("שלום", 0.9, date=DATE).save(tmp_path)
    second = diploma("שלום", 0.85, date=DATE).save(tmp_path)  # the same name again
    third = diploma("Jürgen Süßmann", 0.9, date=DATE).save(tmp_path)
    names = [p.name for p in (*first, *second, *third)]
    assert len(set(names)) == 6
    assert second[0].name == first[0].stem + "-2.pdf"
    assert third[0].name == "diploma-juergen-suessmann.pdf"
    before = first[0].read_bytes()
    with pytest.raises(RulesError, match="would overwrite .*exists"):
        diploma("Other", 0.9, date=DATE).save(first[0].with_suffix(""))
    assert first[0].read_bytes() == before  # left as it was


@pytest.mark.parametrize(("name", "chars"), [
    ("王小明", "'王' '小' '明'"),
    ("Anna 山田", "'山' '田'"),
    ("नमस्ते", "'न'"),
])
def test_a_name_the_fonts_cannot_draw_is_refused_naming_the_characters(name, chars):
    with pytest.raises(RulesError, match=f"the diploma's fonts cannot draw {chars}"):
        check_name(name)
    with pytest.raises(RulesError, match="cannot draw"):
        diploma(name, 0.9, date=DATE)


def test_names_the_fonts_can_draw_pass():
    for name in ("Jürgen Süßmann", "Ωμέγα Жанна", "שלום", "Ĳsbrand Łukasz", "Zoë 😀"):
        assert check_name(name) == name
        assert missing_glyphs(name) == ()


def test_the_glyph_table_is_the_fonts_character_maps():
    """The stored table is exactly what the diploma's fonts (matplotlib's own DejaVu, bold)
    can draw, read again from the font files with fontTools."""
    matplotlib = pytest.importorskip("matplotlib")
    ttlib = pytest.importorskip("fontTools.ttLib")
    from knbook.course.diploma_fonts import FONT_FILES, drawable

    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    have: set[int] = set()
    for name in FONT_FILES:
        have |= set(ttlib.TTFont(folder / name).getBestCmap())
    assert all(drawable(chr(c)) for c in have)
    others = [c for c in range(0x20, 0x30000) if c not in have and not 0xD800 <= c < 0xE000]
    assert not [hex(c) for c in others if drawable(chr(c))]


@pytest.mark.slow
def test_the_diploma_is_drawn_in_the_fonts_checked():
    """Every text of the drawn diploma asks for the fonts of the table, and none of the
    name's glyphs falls back to another font."""
    import warnings

    from matplotlib.text import Text

    from knbook.course.diploma_fonts import FONT_FAMILIES

    d = diploma("Jürgen Süßmann שלום", 0.9, date=DATE)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph would warn
        fig = d.figure()
        fig.canvas.draw()
    families = {tuple(t.get_fontfamily()) for t in fig.findobj(Text) if t.get_text()}
    assert families <= {FONT_FAMILIES, ("DejaVu Sans",)}
