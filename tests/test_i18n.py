"""knlib's languages and its message catalogue (issue 27, item 1): choosing a language by
``language()``, ``set_language()`` and ``KNLIB_LANG``; the catalogue made by Babel is up to
date, every text has a German translation that keeps its placeholders, plural forms follow
the language, and amounts and dates are written the German way."""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import knlib.i18n as i18n
from knbook.tools.page import PAGE_WORDS, page_words
from knlib.cards import Card
from knlib.errors import RulesError
from knlib.games.stakes import format_amount
from knlib.i18n import amount_text, current_language, date_text, language, ntr, set_language, tr

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "knlib" / "locale" / "de" / "LC_MESSAGES" / "knlib.po"
#: The book's German catalogue, which falls back on knlib's.
BOOK_PO = ROOT / "knbook" / "locale" / "de" / "LC_MESSAGES" / "knbook.po"


@pytest.fixture(autouse=True)
def english_program(monkeypatch):
    """Each test starts with no language chosen for the program and no KNLIB_LANG."""
    monkeypatch.delenv("KNLIB_LANG", raising=False)
    monkeypatch.setattr(i18n, "_program", [None])


def test_english_is_the_default_and_language_is_a_block():
    assert current_language() == "en" and tr("East") == "East"
    with language("de"):
        assert tr("East") == "Ost"
        with language("en"):
            assert tr("East") == "East"
        assert current_language() == "de"
    assert tr("East") == "East"


def test_the_block_wins_over_the_program_which_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("KNLIB_LANG", "de")
    assert current_language() == "de"
    set_language("en")
    assert current_language() == "en"
    with language("de"):
        assert current_language() == "de"
    assert current_language() == "en"


def test_a_bad_language_is_refused_and_nothing_changes(monkeypatch):
    with language("de"):
        with pytest.raises(RulesError, match="'fr' ist keine Sprache"):
            set_language("fr")
        assert current_language() == "de"
    for bad in ("fr", "", None, 5, "german"):
        with pytest.raises(RulesError, match="is not a language knlib writes in"), \
                language(bad):  # type: ignore[arg-type]
            pass
    assert current_language() == "en"
    monkeypatch.setenv("KNLIB_LANG", "xx")
    with pytest.raises(RulesError, match="KNLIB_LANG='xx'"):
        current_language()


def test_a_thread_keeps_its_own_block():
    seen = []
    started, done = threading.Event(), threading.Event()

    def other() -> None:
        started.wait()
        seen.append(tr("East"))
        done.set()

    t = threading.Thread(target=other)
    t.start()
    with language("de"):
        started.set()
        done.wait()
    t.join()
    assert seen == ["East"]


def test_a_refusal_in_german_names_the_value():
    with language("de"), pytest.raises(RulesError) as err:
        Card("X9")
    assert "'X9' ist keine Karte" in str(err.value)
    with pytest.raises(RulesError, match="'X9' is not a card"):
        Card("X9")


def test_plural_forms_and_amounts_follow_the_language():
    assert [format_amount("rungs", n) for n in (1, 2)] == ["1 rung", "2 rungs"]
    assert format_amount("cents", 30) == "€0.30" and amount_text(-120, sign=True) == "-€1.20"
    with language("de"):
        assert [format_amount("rungs", n) for n in (1, 2)] == ["1 Sprosse", "2 Sprossen"]
        assert ntr("{n} point", "{n} points", 0) == "0 Punkte"
        assert format_amount("cents", 30) == "0,30 €"
        assert format_amount("cents", 1000, sign=True) == "+10,00 €"
        assert date_text(datetime.date(2026, 11, 26)) == "26. November 2026"
        assert date_text(datetime.date(2027, 3, 1)) == "1. März 2027"
    assert date_text(datetime.date(2026, 11, 26)) == "26 November 2026"


def test_the_page_words_come_in_the_pages_language():
    assert page_words() == PAGE_WORDS
    with language("de"):
        words = page_words()
    assert words.keys() == PAGE_WORDS.keys()
    assert words["cancel"] == "Abbrechen"
    assert all(words[k] != PAGE_WORDS[k] for k in PAGE_WORDS)


# --------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------

def placeholders(text: str) -> set[str]:
    """The named placeholders of a message: '{value} is ...' -> {'value'}."""
    return set(re.findall(r"\{(\w+)(?::\w+)?\}", text))


def untranslated(po: Path) -> list[str]:
    """What a translator must still do: entries without a translation, fuzzy ones, and
    translations whose placeholders differ from the English."""
    with po.open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            out.append(f"untranslated or fuzzy: {ids[0]!r}")
        elif any(placeholders(s) != placeholders(ids[min(i, len(ids) - 1)])
                 for i, s in enumerate(strings)):
            # each form against the English form it stands for (German, like English, has a
            # singular and a plural), so "one card" may leave out the {n} of "{n} cards"
            out.append(f"placeholders differ: {ids[0]!r}")
    return out


def test_the_catalogue_is_up_to_date_with_the_code():
    run = subprocess.run([sys.executable, "tools/catalogue.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_every_text_has_its_german_translation():
    assert untranslated(PO) == []
    assert untranslated(BOOK_PO) == []


def test_the_book_catalogue_falls_back_on_knlibs_and_holds_no_text_of_knlibs():
    from knbook.i18n import tr as book_tr
    with language("de"):
        assert book_tr("East") == "Ost"  # a text of knlib's, through the fallback
        assert book_tr("Cancel") == "Abbrechen"  # a text of the book's own
        assert tr("Cancel") == "Cancel"  # which knlib's catalogue does not hold
    with PO.open("rb") as f:
        engine = {(m.context, str(m.id)) for m in read_po(f) if m.id}
    with BOOK_PO.open("rb") as f:
        book = {(m.context, str(m.id)) for m in read_po(f) if m.id}
    assert engine and book and not engine & book


def test_the_translation_check_can_fail(tmp_path):
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  'msgid "{value} is not a card"\nmsgstr "{wert} ist keine Karte"\n\n'
                  'msgid "Cancel"\nmsgstr ""\n\n'
                  '#, fuzzy\nmsgid "Stop"\nmsgstr "Halt"\n', encoding="utf-8")
    assert untranslated(po) == ["placeholders differ: '{value} is not a card'",
                                "untranslated or fuzzy: 'Cancel'",
                                "untranslated or fuzzy: 'Stop'"]
