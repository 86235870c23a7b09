"""The exam, the diploma (Urkunde) and the printables in German (issue 27): the exam's own
frame (headings, scoring, pass and fail, refusals), the diploma's words and date, and the
German sheets of ``make printables``, which print without overflowing text. The answers and
the scoring are the same in both languages."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import knlib
from knbook.course import ExamForm, exam, exam_html, score
from knbook.course.diploma import diploma
from knbook.course.evening_words import EVENING_TEXTS, evening_title
from knbook.course.evenings import EVENINGS
from knbook.course.papers import answers_from_letters
from knbook.i18n import tr as book_tr
from knlib import RulesError

ROOT = Path(__file__).resolve().parent.parent
DATE = "2026-11-26"


def _right(paper) -> list[int | None]:
    return [q.answer for q in paper]


# -- the exam's frame ---------------------------------------------------------------------------


def test_the_exam_paper_frame_is_german() -> None:
    with knlib.language("de"):
        paper = exam(1)
        html = exam_html(paper, key=True, seed=1)
    assert "Prüfungsbogen 1, 20 Fragen." in html
    assert "1. Abend: Karten und Tisch" in html
    assert "5. Abend: Tischgespräch und Spiel" in html
    assert "<summary>Warum</summary>" in html
    for english in ("Evening ", "Paper 1", "<summary>Why"):
        assert english not in html


def test_the_english_paper_frame_is_unchanged() -> None:
    html = exam_html(exam(1), key=True, seed=1)
    assert "Paper 1, 20 questions." in html
    assert "Evening 1: The pack and the table" in html
    assert "<summary>Why</summary>" in html


def test_the_result_says_passed_or_not_in_german() -> None:
    with knlib.language("de"):
        paper = exam(3)
        right = _right(paper)
        passed = score(paper, right)
        failed = score(paper, [None] * len(paper), pass_mark=0.625)
        assert str(passed) == ("20 von 20 richtig (100 %): bestanden (Bestehensgrenze 80 %, "
                               "16 richtige Antworten)")
        assert str(failed) == ("0 von 20 richtig (0 %): nicht bestanden (Bestehensgrenze "
                               "62,5 %, 13 richtige Antworten)")
    assert str(passed) == "20 of 20 right (100%): passed (pass mark 80%, 16 right answers)"


def test_answers_and_scoring_are_the_same_in_both_languages() -> None:
    rng = random.Random(27)
    for seed in (1, 17, "Inke"):
        en = exam(seed)
        with knlib.language("de"):
            de = exam(seed)
        assert [q.answer for q in en] == [q.answer for q in de]
        assert [len(q.options) for q in en] == [len(q.options) for q in de]
        assert [q.evening for q in en] == [q.evening for q in de]
        for _ in range(5):
            given = [rng.choice([None, *range(len(q.options))]) for q in en]
            r_en = score(en, given)
            with knlib.language("de"):
                r_de = score(de, given)
            assert (r_en.marks, r_en.correct, r_en.passed, r_en.needed) == \
                (r_de.marks, r_de.correct, r_de.passed, r_de.needed)


def test_the_exam_refuses_in_german_and_keeps_its_state() -> None:
    with knlib.language("de"):
        paper = exam(1)
        before = [(q.prompt, q.answer) for q in paper]
        with pytest.raises(RulesError, match="3 Antworten für eine Prüfung mit 20 Fragen"):
            score(paper, [0, 1, 2])
        with pytest.raises(RulesError, match="ist keine Bestehensgrenze"):
            score(paper, _right(paper), pass_mark=1.5)
        with pytest.raises(RulesError, match=r"'X' \(Antwort 2\) ist kein Antwortbuchstabe"):
            answers_from_letters("B X")
        with pytest.raises(RulesError, match="ist keine Anzahl von Fragen"):
            exam(1, n=0)
        assert [(q.prompt, q.answer) for q in paper] == before
    with pytest.raises(RulesError, match="3 answers given for an exam of 20 questions"):
        score(paper, [0, 1, 2])


def test_the_exam_form_speaks_german() -> None:
    with knlib.language("de"):
        form = ExamForm(exam(1), date=DATE, seed=1)
        assert form.score_button.description == "Prüfung auswerten"
        assert form.diploma_button.description == "Urkunde erstellen"
        assert form.name.description == "Dein Name"
        snapshot = form.snapshot_html()
        assert "Prüfung auswerten" in snapshot and "Statische Vorschau" in snapshot
        for rb, q in zip(form.choices, form.paper, strict=True):
            rb.value = q.answer
        form.score_button.click()
        report = form.report.value
        assert "Bestanden! Gib deinen Namen für die Urkunde ein." in report
        assert "✔ richtig" in report and "(Antwort " in report
        form.name.value = "Inke Petersen"
        form.diploma_button.click()
        assert "Urkunde herunterladen (PDF)" in form.diploma_view.value
        assert "Urkunde für Inke Petersen" in form.diploma_view.value


def test_a_failed_form_says_what_is_missing_in_german() -> None:
    with knlib.language("de"):
        form = ExamForm(exam(1), date=DATE)
        form.make_diploma()
        assert "werte zuerst die Prüfung aus" in form.message.value
        form.score_button.click()
        assert "Noch nicht bestanden: 16 richtige Antworten sind nötig" in form.report.value
        assert "✘ falsch" in form.report.value
        assert form.diploma_button.disabled


# -- the evenings' words --------------------------------------------------------------------------


def test_every_text_of_the_evenings_is_marked_and_translated() -> None:
    marked = set(EVENING_TEXTS)
    for ev in EVENINGS.values():
        texts = (ev.title, *ev.goals, *(part for part, _ in ev.timings), *ev.materials)
        missing = [t for t in texts if t not in marked]
        assert not missing, f"evening {ev.number}: not in EVENING_TEXTS: {missing}"
    with knlib.language("de"):
        untranslated = [t for t in EVENING_TEXTS if book_tr(t) == t
                        and t != "drehen und sehen"]
        assert not untranslated
        assert evening_title(3) == "Wer macht den Stich?"
    assert evening_title(3) == EVENINGS[3].title


# -- the diploma ----------------------------------------------------------------------------------


def _figure_texts(fig) -> str:
    from matplotlib.text import Text

    return "\n".join(t.get_text() for t in fig.findobj(Text))


def test_the_german_diploma_is_an_urkunde_with_a_german_date() -> None:
    paper = exam(1)
    with knlib.language("de"):
        d = diploma("Inke Petersen", score(paper, _right(paper)), date=DATE)
        lines = d.lines()
        assert lines == [
            "Urkunde",
            "Knüffeln, das Kartenspiel Nordfrieslands",
            "Hiermit wird bescheinigt, dass",
            "Inke Petersen",
            "an allen fünf Abenden des Kurses teilgenommen",
            "1. Karten und Tisch; 2. Die gewählten Farben; 3. Wer macht den Stich? "
            "4. Das ganze Spiel; 5. Tischgespräch und Spiel",
            "und die Abschlussprüfung mit 100 % (20 von 20 Fragen) bestanden hat",
            "(Bestehensgrenze 80 %)",
            "26. November 2026",
        ]
        assert str(d) == ("Urkunde für Inke Petersen: 100 % (20 von 20 Fragen), "
                          "Bestehensgrenze 80 %, alle fünf Abende des Kurses, 26. November 2026")
        assert d.alt_text.startswith(str(d) + ". Geschmückt mit den fünf Olen: ♥2 de Beste")
        assert d.slug == "urkunde-inke-petersen"
        svg = d.svg()
        drawn = _figure_texts(d.figure())
    for text in (svg, drawn):
        for word in ("Urkunde", "Hiermit wird bescheinigt, dass", "26. November 2026",
                     "Kursleitung", "Datum", "de fief Olen, die fünf Alten"):
            assert word in text
        for english in ("Diploma", "certify", "course leader",
                        "the five old ones", "passed the final exam"):
            assert english not in text
    assert d.lines()[0] == "Diploma" and d.date_text == "26 November 2026"


def test_some_evenings_and_a_decimal_pass_mark_in_german() -> None:
    with knlib.language("de"):
        one = diploma("Jan", 0.9, date=DATE, evenings=[2], pass_mark=0.625)
        three = diploma("Jan", 0.9, date="2027-03-01", evenings=[3, 1, 2])
        assert one.lines()[4] == "am 2. Abend des Kurses teilgenommen"
        assert one.lines()[7] == "(Bestehensgrenze 62,5 %)"
        assert three.lines()[4] == "an den Abenden 1, 2 und 3 des Kurses teilgenommen"
        assert str(three) == ("Urkunde für Jan: 90 %, Bestehensgrenze 80 %, Abende 1, 2 und 3 "
                              "des Kurses, 1. März 2027")
    assert str(three) == ("Diploma for Jan: 90%, pass mark 80%, evenings 1, 2 and 3 of the "
                          "course, 1 March 2027")


def test_the_diploma_refuses_in_german() -> None:
    with knlib.language("de"):
        with pytest.raises(RulesError, match="eine Urkunde braucht den Namen"):
            diploma("  ", 0.9, date=DATE)
        with pytest.raises(RulesError, match=r"ein Ergebnis von 50 % liegt unter der "
                                             r"Bestehensgrenze von 80 %: noch keine Urkunde"):
            diploma("Inke", 0.5, date=DATE)
        with pytest.raises(RulesError, match="ist kein Datum"):
            diploma("Inke", 0.9, date="26.11.2026")
        with pytest.raises(RulesError, match="ist kein Abend des Kurses"):
            diploma("Inke", 0.9, date=DATE, evenings=[6])


def test_the_diploma_from_the_command_line_in_german(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from argparse import Namespace

    from knbook.course.diploma import run_diploma

    paper = exam(1)
    letters = " ".join("ABCDEFGHIJ"[q.answer] for q in paper)
    with knlib.language("de"):
        args = Namespace(name="Inke Petersen", seed="1", answers=letters, date=DATE,
                         pass_mark=None, out=str(tmp_path))
        assert run_diploma(args) == 0
    out = capsys.readouterr().out
    assert "Urkunde für Inke Petersen" in out and "26. November 2026" in out
    assert "geschrieben: " in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["urkunde-inke-petersen.pdf",
                                                          "urkunde-inke-petersen.png"]


# -- the printables -------------------------------------------------------------------------------


def _drawn(monkeypatch: pytest.MonkeyPatch, make: Callable[[], object],
           dpi: float = 0) -> tuple[str, list[tuple[str, str]]]:
    """Every text drawn on the pages ``make`` saves, and (with ``dpi``) the pairs of texts
    that overlap, or run off the page, when the page is drawn at that resolution."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    texts: list[str] = []
    clashes: list[tuple[str, str]] = []
    original = Figure.savefig

    def savefig(fig, *args, **kwargs):
        found = [t for t in fig.findobj(Text) if t.get_text().strip()]
        texts.extend(t.get_text() for t in found)
        if dpi:
            canvas, old = FigureCanvasAgg(fig), fig.canvas
            fig.set_dpi(dpi)
            r = canvas.get_renderer()
            boxes = [(t.get_text(), t.get_window_extent(r)) for t in found
                     if len(t.get_text().strip()) > 2]  # not a card picture's rank or suit
            w, h = fig.bbox.width, fig.bbox.height
            for i, (s, b) in enumerate(boxes):
                if b.x0 < 0 or b.y0 < 0 or b.x1 > w or b.y1 > h:
                    clashes.append((s, "off the page"))
                for s2, b2 in boxes[i + 1:]:
                    if b.x0 < b2.x1 - 1 and b2.x0 < b.x1 - 1 and b.y0 < b2.y1 - 1 \
                            and b2.y0 < b.y1 - 1:
                        clashes.append((s, s2))
            fig.set_canvas(old)
        return original(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", savefig)
    make()
    assert texts, "nothing was drawn"
    return "\n".join(texts), clashes


#: Each German sheet, words it must say, and English words of its frame it must not.
SHEETS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "leader-guide": (("Der Knüffelkurs: fünf Abende", "1. Abend: Karten und Tisch",
                      "Ziele: ", "Ablauf: ", "Material: ", "Drucken und die Abschlussprüfung",
                      "Seite 1 von 1"),
                     ("Evening", "Goals:", "Timings:", "Materials:", "page 1")),
    "exam-1": (("Abschlussprüfung: Knüffeln", "Bestehensgrenze 80 %", "Datum:",
                "Kreuze bei jeder Frage eine Antwort an", "1. Abend: Karten und Tisch"),
               ("Final exam", "Evening", "Date:", "pass mark", "page 1")),
    "exam-1-key": (("Lösungsschlüssel: Prüfungsbogen 1", "Für die Kursleitung"),
                   ("Answer key", "For the course leader", "page 1")),
    "phrasebook": (("Sprüche am Knüffeltisch", "auf Hochdeutsch", "was er behauptet", "Fragen",
                    "Zurufe während eines Stichs"),
                   ("English", "what it claims", "Questions", "(German:")),
    "reference-knueffeln": (("Knüffeln (Bohmstedt): Übersichtskarte",
                             "Wie ein Stich entschieden wird", "Wer sticht wen", "Quellen:"),
                            ("reference card", "How a trick is decided", "Sources:",
                             "Who takes whom")),
    "chosen-spades-hearts": (("Gewählt: ♠ Pik und ♥ Herz", "(5 Karten)",
                              "die stärkste Klasse zuerst"),
                             ("Chosen:", "cards)", "the strongest class first")),
    "puzzles": (("Knobelaufgaben zum Knüffeln", "Lösungen", "Abend)"),
                ("Solutions", "after Evening", "Chosen:")),
    "at-a-glance": (("Knüffeln auf einen Blick", "Der Tisch", "Die fünf Olen, der höchste zuerst",
                     "ja", "nein"),
                    ("at a glance", "The table", "The five Olen", "lead cases")),
}
#: Sheets whose German text still overlaps when printed (none: the glance sheet measures
#: its stakes column and its last line, knbook/course/glance.py).
OVERFLOWING: set[str] = set()


def _make(name: str, out: Path) -> Callable[[], object]:
    from knbook.course.printables import catalogue

    with knlib.language("de"):
        item = next(it for it in catalogue() if it.name == name)

    def make() -> object:
        with knlib.language("de"):
            return item.build(out)
    return make


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SHEETS))
def test_each_german_sheet_says_it_in_german(name: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    said, _ = _drawn(monkeypatch, _make(name, tmp_path))
    german, english = SHEETS[name]
    for word in german:
        assert word in said, f"the German {name} does not say {word!r}"
    for word in english:
        assert word not in said, f"the German {name} still says {word!r}"
    assert (tmp_path / f"{name}.pdf").read_bytes()[:5] == b"%PDF-"


@pytest.mark.slow
@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="the glance sheet's German "
                                            "overflows: see OVERFLOWING"))
    if n in OVERFLOWING else n for n in sorted(SHEETS)])
def test_no_german_text_overflows_when_printed(name: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _, clashes = _drawn(monkeypatch, _make(name, tmp_path), dpi=300)
    assert not clashes, f"in the German {name}, texts overlap: {clashes[:3]}"


@pytest.mark.slow
def test_the_english_glance_sheet_does_not_overlap(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The English sheet too: its amounts stand right of "each face-down lead seen", which is
    wider than the 40 % the column once had; its footnote is drawn whole (at the sheets'
    8 pt it takes two lines, on the page and clear of the rest)."""
    from knbook.course.printables import catalogue

    item = next(it for it in catalogue() if it.name == "at-a-glance")
    said, clashes = _drawn(monkeypatch, lambda: item.build(tmp_path), dpi=300)
    assert not clashes, clashes[:3]
    assert "Each later card takes the lead only if it beats the card ahead at that moment, " \
           "judged as if that card had been led. Drawn from the rules the book plays by." \
           in " ".join(said.split())
    assert "pays what it would have won" in said.split("\n")


def test_the_overlap_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    from matplotlib.figure import Figure

    def make() -> None:
        fig = Figure(figsize=(3, 2))
        fig.text(0.1, 0.5, "Abschlussprüfung")
        fig.text(0.15, 0.5, "Prüfungsbogen")
        fig.text(0.9, 0.1, "Lösungsschlüssel")
        fig.savefig(Path("/dev/null"), format="pdf")

    _, clashes = _drawn(monkeypatch, make, dpi=100)
    assert ("Abschlussprüfung", "Prüfungsbogen") in clashes
    assert ("Lösungsschlüssel", "off the page") in clashes


def test_the_sheets_have_the_same_file_names_in_both_languages() -> None:
    from knbook.course.printables import catalogue

    english = catalogue(exam_seeds=[17])
    with knlib.language("de"):
        german = catalogue(exam_seeds=[17])
    assert [it.filename for it in german] == [it.filename for it in english]
    assert "chosen-clubs-spades.pdf" in {it.filename for it in german}
    titles = {it.name: it.title for it in german}
    assert titles["exam-17-key"] == "Lösungsschlüssel zu Prüfungsbogen 17"
    assert titles["reference-knueffeln"] == "Übersichtskarte: Knüffeln (Bohmstedt)"


def test_the_command_line_prints_german_sheets(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from knbook.course.printables import main

    made: list[str] = []

    def drawn(monkeypatch: pytest.MonkeyPatch) -> None:
        said, _ = _drawn(monkeypatch, lambda: main(["--lang", "de", "--out", str(tmp_path),
                                                    "--only-exams", "--exam-seeds", "5"]))
        made.append(said)

    drawn(monkeypatch)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["exam-5-key.pdf", "exam-5.pdf"]
    assert "Lösungsschlüssel: Prüfungsbogen 5" in made[0]
    assert "Abschlussprüfung: Knüffeln" in made[0]
    out = capsys.readouterr().out
    assert re.search(r"exam-5\.pdf \([2-5] Seiten\)", out), out  # the paper shows its cards
    with pytest.raises(SystemExit):
        main(["--lang", "fr"])


def test_make_printables_also_makes_the_german_sheets() -> None:
    makefile = (ROOT / "Makefile").read_text()
    rule = re.search(r"^printables:.*?(?=^\S)", makefile, re.M | re.S)
    assert rule is not None
    recipe = rule.group(0)
    assert "-m knbook.course.printables --out $(PRINTABLES) " in recipe
    assert "-m knbook.course.printables --lang de --out $(PRINTABLES)/de " in recipe
