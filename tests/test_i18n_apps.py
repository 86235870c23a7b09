"""The command line, the terminal game and the page tools in German (issue 27): ``--lang de``
(before or after the command) and ``KNLIB_LANG=de`` give German output and German errors
with exit status 2, argparse's own words included; a bad language is refused with its
value named; the terminal game's screen is German; every page tool speaks the page's
language (``<html lang>``, passed by the page's script), its refusals too; English stays as
it was."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

from knbook.cli import command_language, main
from knbook.play import PlaySession, terminal
from knbook.play.screen import status_text, trick_text
from knbook.tools import TOOLS, page, tool_class
from knbook.tools.page import page_language, root_html
from knlib import RulesError
from knlib.i18n import language

ROOT = Path(__file__).resolve().parent.parent
EXPLAIN = ["explain", "--chosen", "HS", "D4", "S3", "DA", "C8"]


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-m", "knbook", *args], capture_output=True,
                          text=True, env=full, cwd=ROOT)


def _main(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as done:  # argparse's --help and its refusals
        status = int(done.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


# -- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["--lang", "de", *EXPLAIN], [*EXPLAIN, "--lang", "de"],
                                  ["--lang=de", *EXPLAIN], [EXPLAIN[0], "--lang", "de",
                                                            *EXPLAIN[1:]]])
def test_lang_de_before_or_after_the_command_explains_in_german(argv, capsys):
    status, out, err = _main(argv, capsys)
    assert status == 0, err
    assert out.splitlines()[-1] == "Gewinner: 2. Karte, ♠3."
    assert "Drist" in out and "Winner" not in out
    english = _main(EXPLAIN, capsys)[1]
    assert english.splitlines()[-1] == "Winner: 2nd card, ♠3."  # English is the default


def test_knlib_lang_de_in_the_environment_prints_german():
    out = _run(*EXPLAIN, env={"KNLIB_LANG": "de"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "Gewinner: 2. Karte, ♠3."
    # --lang wins over the environment
    out = _run("--lang", "en", *EXPLAIN, env={"KNLIB_LANG": "de"})
    assert out.stdout.splitlines()[-1] == "Winner: 2nd card, ♠3."


def test_a_bad_card_is_a_german_error_with_exit_2(capsys):
    status, out, err = _main(["--lang", "de", "explain", "--chosen", "HS", "D4", "X9"], capsys)
    assert status == 2 and out == ""
    assert err.startswith("Fehler: 'X9' ist keine Karte")
    assert "error" not in err


def test_argparse_speaks_german_too(capsys):
    status, out, err = _main(["--lang", "de", "explain", "--chosen", "HS"], capsys)
    assert status == 2
    assert err.startswith("Aufruf: knlib explain")
    assert "Fehler: diese Argumente fehlen: KARTEN" in err
    assert "usage" not in err and "error" not in err and "required" not in err
    status, out, err = _main(["--lang", "de", "frobnicate"], capsys)
    assert status == 2 and "ungültige Wahl: 'frobnicate'" in err
    # and argparse's own words are its own again afterwards
    status, out, err = _main(["explain", "--chosen", "HS"], capsys)
    assert status == 2 and err.startswith("usage: ")
    assert "error: the following arguments are required: cards" in err


def test_the_help_is_german(capsys):
    status, out, _ = _main(["--lang", "de", "--help"], capsys)
    assert status == 0
    assert out.startswith("Aufruf: knlib")
    for german in ("Befehle", "Optionen", "diese Hilfe zeigen und beenden",
                   "einen Stich entscheiden und jede Karte erklären", "Kommandozeile"):
        assert german in out
    for english in ("usage", "options:", "commands", "decide a trick", "show this help"):
        assert english not in out
    status, out, _ = _main(["play", "--help", "--lang", "de"], capsys)
    assert status == 0 and "dein Platz (0 = Süd, die Vorgabe)" in out
    status, out, _ = _main(["--help"], capsys)
    assert "decide a trick and explain every card" in out and "Befehle" not in out


@pytest.mark.parametrize("argv", [["--lang", "fr", "games"], ["games", "--lang", "xx"],
                                  ["--lang=", "games"]])
def test_a_language_knlib_does_not_write_in_is_refused_with_exit_2(argv, capsys):
    status, out, err = _main(argv, capsys)
    assert status == 2 and out == ""
    value = argv[1].partition("=")[2] if "=" in argv[0] else argv[argv.index("--lang") + 1]
    assert err.startswith("error: ") and repr(value) in err
    with pytest.raises(RulesError, match=repr(value)):
        command_language(argv)


def test_a_bad_knlib_lang_is_refused_with_exit_2_and_lang_overrides_it():
    out = _run("games", env={"KNLIB_LANG": "xx"})
    assert out.returncode == 2 and "'xx'" in out.stderr and "Traceback" not in out.stderr
    out = _run("--lang", "de", "questions", env={"KNLIB_LANG": "xx"})
    assert out.returncode == 0, out.stderr


def test_a_bad_lang_is_refused_in_the_environments_language():
    out = _run("--lang", "fr", "games", env={"KNLIB_LANG": "de"})
    assert out.returncode == 2
    assert out.stderr.splitlines()[-1].startswith("Fehler: 'fr'")
    assert "Traceback" not in out.stderr


# -- the terminal game ------------------------------------------------------------------------


def _play(lines: list[str], **kw) -> str:
    out = io.StringIO()
    terminal(seed=3, stdin=io.StringIO("".join(f"{x}\n" for x in lines)), stdout=out, **kw)
    return out.getvalue()


def test_the_terminal_game_speaks_german():
    with language("de"):
        text = _play(["hilfe", "99", "1", "ende"])
    for german in ("du bist Süd (Platz 0)", "Spiel 1: Süd gibt.", "Gewählte Farben:",
                   "Dein Blatt (Süd):", "Du bist dran.",
                   "„tipp“ beurteilt deine Entscheidung", "spielen ",
                   "Geht nicht: 99 ist keine der Nummern 1 bis",
                   "Du spielst ", "Tschüss.", "Kasse",
                   "wurde nicht zu Ende gespielt: es wird nicht abgerechnet."):
        assert german in text, german
    for english in ("Your hand", "Not possible", "Goodbye", "You play", "Tricks:", "Trick 1",
                    "so far", "Type the number", "South", "North", "play "):
        assert english not in text, english
    english = _play(["help", "99", "1", "quit"])
    assert "Your hand (South):" in english and "Goodbye." in english
    assert english.count("Not possible: 99 is not one of the numbers 1 to") == 1


def test_the_terminal_screen_is_german_and_english_is_unchanged():
    table = PlaySession("knueffeln", seed=3, seat=0)
    english = status_text(table), trick_text(table), table.prompt()
    with language("de"):
        german = status_text(table), trick_text(table), table.prompt()
    assert german[0].splitlines()[0].startswith("Knüffeln (Bohmstedt), Spiel 1; Geber Süd")
    assert "◀ vorn" in german[1] and german[1].startswith("Stich 1 bisher: ")
    assert german[2] == "Du bist dran."
    assert english[2] == "Your turn to play to the trick."
    assert "◀ ahead" in english[1] and english[1].startswith("Trick 1 so far: ")


def test_a_refused_choice_at_the_table_is_german_and_changes_nothing():
    with language("de"):
        table = PlaySession("knueffeln", seed=3, seat=0)
        before = table.deal.to_json()
        with pytest.raises(RulesError, match="das Spiel ist noch nicht vorbei"):
            table.analyse()
        with pytest.raises(RulesError, match="spiel erst dieses Spiel zu Ende"):
            table.new_deal()
        with pytest.raises(RulesError, match="Platz 7 gibt es nicht"):
            PlaySession("knueffeln", seed=3, seat=7)
    assert table.deal.to_json() == before


# -- the page tools ---------------------------------------------------------------------------

#: Each tool's settings for the test, and German words its first view must show.
CASES: dict[str, tuple[dict, tuple[str, ...]]] = {
    "hand-builder": ({}, ("Gewählte Farbe 1", "Ein zufälliges Blatt geben", "Leeren",
                          "von 9 Karten")),
    "trick-lab": ({}, ("Erster Stich des Spiels", "Karten, die ausgespielte zuerst",
                       "Tippe auf eine Karte")),
    "trick-stepper": ({"game": "knueffeln", "cards": "D4 S3 DA C8", "chosen": "HS"},
                      ("◀ Zurück", "Weiter ▶", "Stich vollständig: die 2. Karte, ♠3, gewinnt.",
                       "Um zwei Karten zu tauschen")),
    "compare": ({}, ("Gewählte Farbe 2", "Karten, die ausgespielte zuerst")),
    "deal-viewer": ({"golden": 9585, "step": 8}, ("Nach 8 von 27 Zügen.", "Bis zum Ende")),
    "puzzle": ({"game": "knueffeln", "seed": 14, "steps": 27},
               ("nach dem 4. Abend", "Deine Wahl:", "Lösung zeigen")),
    "play": ({"seed": 0}, ("Spiel 0-1 ·", "jetzt 0,10 € wert", "Geber", "am Zug", "Tipp",
                           "Was ein Spieler mitzählt", "Noch draußen", "Zählhilfe ausblenden",
                  "Dieses Spiel auswerten", "Nächstes Spiel", "Ein neuer Tisch:",
                  "Was geschah", "Anfänger (irgendein erlaubter Zug)")),
    "lesson": ({}, ("Deine Wahl:", "Gewonnene Stiche:", "entscheidet", "(Entscheidung 1 von")),
    "trainer": ({"kind": "jann", "seed": 7}, ("Beim Jann aufhören oder weiterspielen",
                                               "Deine Wahl:", "Nächste Stellung",
                                               "Diese Sitzung: 0 von 0 richtig.")),
    "diploma": ({}, ("Frage 1 von 20", "Deine Antwort:", "Meinen Bogen bewerten",
                     "Zum Bestehen brauchst du")),
}
#: English words of the tools' own that the German views must not show.
ENGLISH = ("Try it", "Your choice", "Chosen suit", "First trick", "Cards, lead first",
           "Tap a card", "Back", "Next", "To the end", "Show the solution",
           "Question ", "Mark my paper", "The pass mark", "Your hand", "The table",
           "What happened", "Hint", "Analyse", "A new table", "Deal a random hand",
           "Tricks won", "to decide")


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_every_tool_has_a_german_case():
    assert set(CASES) == set(TOOLS)


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_page_tool_speaks_the_pages_language(name):
    config, german = CASES[name]
    reply = json.loads(page.start(name, json.dumps(config), "de"))
    assert "error" not in reply, reply
    text = _text(reply["html"])
    for words in german:
        assert words in text, words
    for words in ENGLISH:
        assert words not in text, words
    english = _text(json.loads(page.start(name, json.dumps(config), "en"))["html"])
    assert english != text
    assert _text(json.loads(page.start(name, json.dumps(config)))["html"]) == english
    with language("de"):  # the static picture and its start button
        root = root_html(tool_class(name)(**config))
    assert "Ausprobieren" in root or "Spielen" in root or "Starten" in root
    assert "Try it" not in root


def test_the_play_pages_story_follows_a_switch_of_the_pages_language():
    """The story of a deal begun on the English page reads in German once the page is
    German: the deal's start and every move told before the switch."""
    reply = json.loads(page.start("play", json.dumps({"seed": 7}), "en"))
    assert "Deal 1: South deals." in _text(reply["html"])
    card = re.findall(r'data-action="(play [^"]+)"', reply["html"])[0]
    text = _text(json.loads(page.act(reply["id"], card, "", "de"))["html"])
    story = text[text.index("Was geschah"):]
    assert "Spiel 1: Süd gibt." in story and "West spielt" in story
    for english in ("Deal 1", "deals.", "plays", "Chosen"):
        assert english not in story, english


def test_a_refused_action_on_a_german_page_is_german_and_changes_nothing():
    reply = json.loads(page.start("trick-lab", "{}", "de-DE"))
    again = json.loads(page.act(reply["id"], "frob", "", "de"))
    assert again["message"] == "'frob' ist keine Wahl im Stichlabor"
    assert _text(again["html"]).replace(again["message"], "").replace("⚠", "").split() \
        == _text(reply["html"]).split()
    lost = json.loads(page.act(10_000, "next", "", "de"))
    assert lost["error"] == "Übung 10000 ist auf dieser Seite nicht offen"
    bad = json.loads(page.start("hand-builder", json.dumps({"cards": "SA XZ"}), "de"))
    assert "'XZ' ist keine Karte" in bad["error"]
    # the same tool in English, on an English page
    english = json.loads(page.act(reply["id"], "frob", "", "en"))
    assert english["message"] == "'frob' is not a choice of the trick lab"


def test_the_exam_in_german_marks_and_says_so():
    reply = json.loads(page.start("diploma", "{}", "de"))
    marked = json.loads(page.act(reply["id"], "mark", "", "de"))
    text = _text(marked["html"])
    assert "Du hast 0 von 20 richtig (0 %): noch nicht bestanden." in text
    assert "Falsche Antworten:" in text and "Du hast keine Antwort gegeben." in text
    assert "Den Bogen noch einmal machen" in text
    assert "You scored" not in text and "Wrong answers" not in text


@pytest.mark.parametrize("lang,code", [("de", "de"), ("de-DE", "de"), ("DE_at", "de"),
                                       ("en", "en"), ("en-GB", "en"), ("", "en"),
                                       (None, "en"), ("fr", "en")])
def test_the_pages_language_attribute_becomes_knlibs_language(lang, code):
    assert page_language(lang) == code


def test_the_pages_script_passes_its_language_to_every_call():
    script = (ROOT / "page" / "static" / "knlib" / "page.mjs").read_text(encoding="utf-8")
    assert "document.documentElement.lang" in script
    calls = re.findall(r'call\("(\w+)", \[([^\]]*)\]', script, flags=re.S)
    assert {op for op, _ in calls} == {"restore", "act"}
    for _, args in calls:
        assert args.rstrip().endswith("lang"), args


def test_the_german_sites_page_words_are_german():
    sys.path.insert(0, str(ROOT / "page"))
    try:
        from knlib_page import _words_script  # the book's Sphinx glue (not knlib)
    finally:
        sys.path.remove(str(ROOT / "page"))
    german = json.loads(_words_script("de").removeprefix("window.knlibWords = ")[:-1])
    english = json.loads(_words_script("en").removeprefix("window.knlibWords = ")[:-1])
    assert german["cancel"] == "Abbrechen" and english["cancel"] == "Cancel"


# -- in the browser, on the German site (needs `make book`) -----------------------------------


@pytest.mark.book
def test_a_tool_on_the_german_site_speaks_german_in_the_browser(served, local_context):
    """The page passes <html lang="de"> to the tool's Python, which answers in German."""
    page = local_context(1280).new_page()
    try:
        page.goto(served + "de/book/evenings/3-who-wins.html")
        assert page.evaluate("() => document.documentElement.lang") == "de"
        root = page.locator("[data-knlib-app='trick-lab']").first
        root.scroll_into_view_if_needed()
        root.locator(".knlib-try").click()
        page.wait_for_function("r => r.dataset.state === 'ready' || r.dataset.state === "
                               "'error'", arg=root.element_handle(), timeout=180_000)
        assert root.get_attribute("data-state") == "ready", root.inner_text()
        body = root.locator(".knlib-app-body")
        assert "Erster Stich des Spiels" in body.inner_text()
        before = body.inner_html()
        box = root.locator("input[data-action='cards']")
        box.fill("D4 X9")
        box.press("Enter")
        page.wait_for_function("([r, old]) => r.querySelector('.knlib-app-body').innerHTML "
                               "!== old", arg=[root.element_handle(), before],
                               timeout=60_000)
        text = body.inner_text()
        assert "'X9' ist keine Karte" in text and "is not a card" not in text
    finally:
        page.close()
