"""German card letters and the command line in German (issue 37, "What to build" 2 and 3):
in German a card is written ♠D, ♥B, ♣K, ♦A (knlib/locale/de/TERMS.md), every card parser
reads B and D in every language, and ``knlib --lang de`` shows and accepts German
moves, help and role names, with no English words left."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

import knlib
from knbook.play.screen import choice_text
from knbook.play.typed_moves import MOVE_EXAMPLES, move_text, read_move
from knlib import RulesError, language
from knlib.cards import ALL_CARDS, Card, parse_card
from knlib.engine.actions import DOWN_OF, PASS, PLAY_OF, PLAY_ON, SEE, STOP, exchange_action
from knlib.games import GAMES, ruleset

ROOT = Path(__file__).resolve().parent.parent
#: A court card in English letters, as a German text must never write it.
ENGLISH_COURT = re.compile(r"[♣♠♥♦](?:J|Q)(?![a-z])")
#: English words that German command-line output must not contain (whole words).
ENGLISH_WORDS = ("play", "lead", "face down", "see", "run", "stop", "usage", "default",
                 "error", "options", "show this help", "beater", "dud", "chosen", "beats",
                 "note", "GAME", "NUMBER", "LANG", "SEED", "PLAYER", "OUT")


def english_words(text: str) -> list[str]:
    """The words of :data:`ENGLISH_WORDS` in ``text`` (case-sensitive for the upper-case
    metavariables, whole words). The command line's own syntax is left out: the commands'
    names ('knlib play', the list of commands) and the options' names."""
    from knbook.cli import COMMANDS

    names = "|".join(COMMANDS)
    text = re.sub(rf"knlib (?:{names})\b|^\s+(?:{names})(?= {{2,}}|$)", "", text,
                  flags=re.MULTILINE)
    text = re.sub(r"--[a-z][a-z-]*", "", text)
    found = []
    for w in ENGLISH_WORDS:
        flags = 0 if w.isupper() else re.IGNORECASE
        if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, flags):
            found.append(w)
    return found


# -- display -------------------------------------------------------------------------------------


def test_a_card_is_written_with_german_letters_in_german():
    cards = [Card(c) for c in ("SQ", "HJ", "CK", "DA", "H10")]
    assert [c.symbol for c in cards] == ["♠Q", "♥J", "♣K", "♦A", "♥10"]
    with language("de"):
        assert [c.symbol for c in cards] == ["♠D", "♥B", "♣K", "♦A", "♥10"]
        assert [c.typed for c in cards] == ["SD", "HB", "CK", "DA", "H10"]
        # what code reads back stays as it is
        assert [str(c) for c in cards] == ["SQ", "HJ", "CK", "DA", "H10"]
        assert Card("SQ").german_symbol == "♠O" and Card("HJ").german_symbol == "♥U"
    assert [c.typed for c in cards] == ["SQ", "HJ", "CK", "DA", "H10"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_card_reads_back_from_its_symbol_and_its_typed_form(lang):
    with language(lang):
        for card in ALL_CARDS:
            assert parse_card(card.symbol) is card
            assert parse_card(card.typed) is card
            assert parse_card(card.typed.lower()) is card


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("text, card", [
    ("DD", "DQ"), ("dd", "DQ"), ("♦D", "DQ"), ("HD", "HQ"), ("DH", "HQ"), ("SB", "SJ"),
    ("BS", "SJ"), ("DB", "DJ"), ("BD", "DJ"), ("D10", "D10"), ("10D", "D10"), ("DK", "DK"),
    ("KD", "DK"), ("DA", "DA"), ("♠D", "SQ"), ("♥B", "HJ"), ("HQ", "HQ"), ("SJ", "SJ"),
])
def test_b_and_d_are_read_in_every_language(lang, text, card):
    with language(lang):
        assert Card(text) is Card(card)


def test_a_refused_card_lists_the_languages_letters():
    with pytest.raises(RulesError) as en:
        Card("HX")
    assert "J, Q, K, A" in str(en.value)
    with language("de"), pytest.raises(RulesError) as de:
        Card("HX")
    text = str(de.value)
    assert "'HX'" in text and "2–10, B, D, K, A" in text and "J" not in text.split("Rang")[1]


def test_a_trick_with_a_queen_and_a_jack_is_explained_with_d_and_b():
    trick = ["HQ", "SJ", "C7", "D6"]
    english = str(knlib.explain_trick("knueffeln", trick, "CD"))
    assert "♥Q" in english and "♠J" in english
    with language("de"):
        german = str(knlib.explain_trick("knueffeln", trick, "CD"))
        summary = knlib.explain_trick("knueffeln", trick, "CD").summary()
    assert "♥D" in german and "♠B" in german
    assert not ENGLISH_COURT.findall(german + summary)


@pytest.mark.parametrize("game", GAMES)
def test_no_english_court_letter_in_any_games_german_explanations(game):
    """Every pair of courts of the pack (a Queen or Jack among them) as a trick, under every
    pair of chosen suits (one suit where the game chooses one): in German no ♥Q or ♠J.
    Karniffel writes its German suits' O and U instead."""
    rules = ruleset(game)
    courts = [c for c in rules.pack if c.rank in (11, 12)]
    suits = ["H", "S", "C", "D"] if rules.n_chosen == 1 else ["HS", "CD", "HD"]
    seen = 0
    with language("de"):
        for chosen in suits:
            for a, b in combinations(courts, 2):
                text = str(knlib.explain_trick(rules, [a, b], chosen))
                assert not ENGLISH_COURT.findall(text), text
                seen += text.count("♥D" if not rules.german else "♥O")
    assert seen > 0


def test_the_card_pictures_use_the_languages_letters():
    from knlib.render.display import card_svg

    with language("de"):
        svg = card_svg(Card("HQ"))
    assert ">D<" in svg and "♥D" in svg and ">Q<" not in svg and "♥Q" not in svg
    english = card_svg(Card("HQ"))
    assert ">Q<" in english and ">D<" not in english


# -- the terminal's moves ------------------------------------------------------------------------


def test_the_moves_are_offered_in_german_and_in_english():
    cases = [
        (PLAY_OF[Card("HQ")], "play HQ", "spielen HD"),
        (DOWN_OF[Card("SJ")], "lead face down SJ", "drehen SB"),
        (exchange_action(Card("H10"), Card("HQ")), "exchange H10 for HQ", "tauschen H10 gegen HD"),
        (SEE, "see", "sehen"), (PASS, "pass", "passen"), (STOP, "stop", "aufhören"),
        (PLAY_ON, "play on", "weiterspielen"),
    ]
    for action, english, german in cases:
        assert move_text(action) == english == action.text
        with language("de"):
            assert move_text(action) == german
        for lang in ("en", "de"):
            with language(lang):
                assert read_move(english) is action
                assert read_move(german) is action
                assert read_move(german.upper()) is action


@pytest.mark.parametrize("typed, expected", [
    ("spiel ♥D", "play HQ"), ("Spielen  hd", "play HQ"), ("verdeckt H2", "lead face down H2"),
    ("verdeckt ausspielen DD", "lead face down DQ"), ("halt", "stop"), ("weiter", "play on"),
    ("behalten", "pass"), ("Schluss", "stop"), ("play on", "play on"),
    ("play alone", "play alone"),
])
def test_the_tables_other_words_are_read(typed, expected):
    with language("de"):
        assert read_move(typed).text == expected


def test_a_refused_move_lists_the_moves_in_the_language():
    with pytest.raises(RulesError) as en:
        read_move("HHHH")
    assert "'play S3', 'lead face down H2', 'see'" in str(en.value)
    with language("de"), pytest.raises(RulesError) as de:
        read_move("HHHH")
    text = str(de.value)
    assert "„spielen S3“, „drehen H2“, „sehen“" in text and "kein Spielzug" in text
    assert not english_words(text.replace("'HHHH'", ""))
    with language("de"), pytest.raises(RulesError) as card:
        read_move("spielen HX")
    assert "2–10, B, D, K, A" in str(card.value)
    assert len({move_text(a) for a in MOVE_EXAMPLES}) == len(MOVE_EXAMPLES)


def test_a_choice_on_screen_shows_the_move_and_the_card_in_german():
    rules = ruleset("knueffeln")
    with language("de"):
        assert choice_text(rules, PLAY_OF[Card("CQ")]) == "spielen CD  (♣D)"
    assert choice_text(rules, PLAY_OF[Card("CQ")]) == "play CQ  (♣Q)"


# -- the command line in German ------------------------------------------------------------------


def knlib_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("KNLIB_LANG", None)
    return subprocess.run([sys.executable, "-W", "ignore", "-m", *args], input=stdin,
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def test_play_in_german_shows_and_takes_german_moves():
    first = knlib_cli("knbook", "--lang", "de", "play", "--seed", "3", "--deals", "1",
                      stdin="quit\n")
    choices = re.findall(r"^\s+\d+\. (\S+ \S+)  \((\S+)\)$", first.stdout, re.MULTILINE)
    assert choices and all(move.startswith("spielen ") for move, _ in choices)
    # a German move with a German letter where the hand has a court card
    move, shown = next(((m, s) for m, s in choices if m[-1] in "BD"), choices[0])
    out = knlib_cli("knbook", "--lang", "de", "play", "--seed", "3", "--deals", "1",
                    stdin=f"{move}\nquit\n")
    assert out.returncode == 0, out.stderr
    assert f"Du spielst {shown}." in out.stdout
    assert "Geht nicht" not in out.stdout
    assert not english_words(out.stdout), english_words(out.stdout)
    assert not ENGLISH_COURT.findall(out.stdout)


def test_a_refused_move_in_the_german_terminal_has_no_english():
    out = knlib_cli("knbook", "--lang", "de", "play", "--seed", "3", "--deals", "1",
                    stdin="HHHH\nplay HX\nquit\n")
    assert out.stdout.count("Geht nicht:") == 2
    assert "„spielen S3“" in out.stdout and "2–10, B, D, K, A" in out.stdout
    text = out.stdout.replace("„HHHH“", "").replace("„play HX“", "")
    assert not english_words(text), english_words(text)


def test_the_deal_refuses_a_german_move_in_german_words():
    """A move the deal refuses now (seed 3: Süd plays to a trick already led) is named as
    the reader typed it, and the moves it asks for are German ('see' would be English)."""
    first = knlib_cli("knbook", "--lang", "de", "play", "--seed", "3", "--deals", "1",
                      stdin="quit\n")
    card = re.findall(r"^\s+\d+\. spielen (\S+)  ", first.stdout, re.MULTILINE)[0]
    out = knlib_cli("knbook", "--lang", "de", "play", "--seed", "3", "--deals", "1",
                    stdin=f"drehen {card}\nsehen\nquit\n")
    assert f"Geht nicht: „drehen {card}“ ist nicht erlaubt: verdeckt ausspielen" in out.stdout
    assert "Geht nicht: „sehen“ antwortet auf eine verdeckt ausgespielte Karte" in out.stdout
    assert "lead face down" not in out.stdout and "'see'" not in out.stdout


@pytest.mark.parametrize("args", [
    ("knbook", "--lang", "de", "roles", "--chosen", "HS"),
    ("knbook", "--lang", "de", "roles", "--chosen", "H", "--game", "karnoeffel"),
    ("knbook", "--lang", "de", "roles", "--chosen", "HS", "--game", "styrivolt"),
    ("knbook", "--lang", "de", "--help"),
    ("knbook", "--lang", "de", "diploma", "--help"),
    ("knbook", "--lang", "de", "questions", "--help"),
    ("knbook", "--lang", "de", "play", "--help"),
    ("knbook", "--lang", "de", "explain", "--help"),
    ("knbook", "--lang", "de", "roles", "--help"),
    ("knbook.course.printables", "--lang", "de", "--help"),
])
def test_the_german_command_line_has_no_english_words(args):
    out = knlib_cli(*args)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()
    assert not english_words(out.stdout), english_words(out.stdout)
    assert not ENGLISH_COURT.findall(out.stdout)


def test_the_german_command_lines_refusals_have_no_english_words():
    for args in (("knbook", "--lang", "de", "explain", "--chosen", "HS", "HX"),
                 ("knbook", "--lang", "de", "play", "--seat", "x"),
                 ("knbook.course.printables", "--lang", "de", "--only-exams")):
        out = knlib_cli(*args)
        assert out.returncode == 2
        text = out.stderr.replace("'HX'", "").replace("'x'", "")
        assert text.strip() and not english_words(text), (args, text)


@pytest.mark.parametrize("game, players", [("knueffeln", None), ("knueffeln", 5),
                                           ("karniffel", None), ("styrivolt", None),
                                           ("karnoeffel", None)])
def test_whole_german_deals_in_the_terminal_have_no_english(game, players):
    """Deals played to the end by always taking the first choice (the computer's moves,
    the tricks and their explanations, the score): no English word and no ♥Q or ♠J."""
    import io

    from knbook.play import terminal

    for seed in (1, 3):
        out = io.StringIO()
        with language("de"):
            status = terminal(game, seed=seed, players=players, deals=1,
                              stdin=io.StringIO("1\n" * 40 + "\n"), stdout=out)
        text = out.getvalue()
        assert status == 0 and "1 Spiel gespielt" in text, text[-300:]
        assert not [w for line in text.splitlines() for w in english_words(line)]
        assert not ENGLISH_COURT.findall(text)
