"""Citations that the library, its refusals and the command line show name author and title
(issue 36, item 5): never a file a reader cannot look up ("seed 000", "rules/README.md,
reading 3", "styrivolt.md"). A refusal carries its citation as a value
(``RulesError(message, source=S000_DEAL)``) and puts it into reader's words when it is read;
the data (``Role.source``, ``OpenQuestion.source``, the rules' ``*_source``) keep the code
citations, which tests/test_sources.py checks against the seed texts."""

from __future__ import annotations

import contextlib
import copy
import io
import pickle
import random
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest

import knlib
from knbook.cli import COMMANDS, main
from knlib.errors import RulesError
from knlib.sources import README_OLE, S000_DEAL, S004_HOW

#: A citation in code form: a seed file, the rules README or one of its numbered readings,
#: the shared folder, the Stýrivolt digest.
CODE_CITATION = re.compile(r"seed 0|rules/README|README\.md|reading \d|\.\./shared|digest|"
                           r"styrivolt\.md", re.IGNORECASE)


def code_citations(text: str) -> list[str]:
    """Each line of ``text`` that cites in code form."""
    return [line.strip() for line in text.splitlines() if CODE_CITATION.search(line)]


def test_the_check_finds_every_code_form():
    for text in ("(seed 000, 'The Play')", "Seed 001 says", "(rules/README.md, reading 3)",
                 "README.md", "reading 7", "../shared/seeds", "the Stýrivolt digest",
                 "(styrivolt.md, 'Card classes')"):
        assert code_citations(text), text
    assert not code_citations("McLeod after Eaton (2021), “The Play”; our reading")


# -- a refusal carries its citation as a value ----------------------------------------------

def test_a_refusal_reads_its_citation_in_readers_words_in_the_language_of_the_reading():
    err = RulesError("'play S3' is not possible now", source=S000_DEAL)
    assert err.message == "'play S3' is not possible now" and err.source == S000_DEAL
    assert str(err) == ("'play S3' is not possible now (McLeod after Eaton (2021), “The Deal "
                        "and Exchange”)")
    with knlib.language("de"):
        assert str(err) == ("'play S3' is not possible now (McLeod nach Eaton (2021), „The Deal "
                            "and Exchange“)")
    assert str(RulesError("x", source=README_OLE)) == "x (our reading)"
    assert str(RulesError("x", source=f"{S004_HOW}; rules/README.md, reading 8")) == (
        "x (the blog Tales of the Lunar Lands (2024), “How to Play”; our reading)")


def test_a_refusal_stays_a_value_error_with_its_message_in_args_and_survives_a_pickle():
    err = RulesError("bad", source=S000_DEAL)
    assert isinstance(err, ValueError) and err.args == ("bad",)
    for again in (pickle.loads(pickle.dumps(err)), copy.copy(err), copy.deepcopy(err)):
        assert type(again) is RulesError
        assert (again.message, again.source, str(again)) == (err.message, err.source, str(err))
    plain = RulesError("no source here")
    assert plain.source is None and str(plain) == "no source here"


def test_a_refusal_without_a_language_to_read_its_citation_in_keeps_its_message(monkeypatch):
    import knlib.i18n

    monkeypatch.setattr(knlib.i18n, "_program", [None])  # no set_language() of another test
    monkeypatch.setenv("KNLIB_LANG", "xx")
    assert str(RulesError("bad", source=S000_DEAL)) == "bad"


def test_a_refusal_made_empty_reads_empty():
    assert str(RulesError()) == "" and RulesError().message == ""


def test_readme_example_refusal_names_author_and_title():
    deal = knlib.new_deal("knueffeln", seed=54)
    deal.apply("pass")
    with pytest.raises(RulesError) as refused:
        deal.apply("play S3")
    assert refused.value.source is not None and "seed" in refused.value.source  # the value
    text = str(refused.value)
    assert text.startswith("'play S3' is not possible now: the exchanges come first; South "
                           "(seat 0) may exchange ♠Q for ♠8 or pass (McLeod after Eaton (2021), "
                           "“The Deal and Exchange”")
    assert not code_citations(text)


# -- every refusal across the API ----------------------------------------------------------

def _refusals(game: str) -> list[str]:
    """The text of every RulesError that a broad set of bad input to ``game`` raises: bad
    options, chosen suits, cards and tricks, numbers of players, stored deals, and every
    kind of action tried in every phase of a few whole deals, by the wrong seat too."""
    out: list[str] = []

    def refused(call, *args, **kwargs) -> None:
        try:
            call(*args, **kwargs)
        except RulesError as err:
            out.append(str(err))

    rules = knlib.ruleset(game)
    n, pack = rules.n_chosen, [str(c) for c in rules.pack]
    chosen = "HSCD"[:n]
    refused(knlib.ruleset, game, nonsense="x")
    for q in knlib.open_questions(game):
        if q.option:
            refused(knlib.ruleset, game, **{q.option: "nonsense"})
    for bad in ("", "H" * n, "HSCD"[:n + 1], "X", chosen + "Z"):
        refused(rules.roles, bad)
    refused(knlib.explain_trick, game, ["ZZ", "S3"], chosen)
    refused(knlib.explain_trick, game, [pack[0], pack[0]], chosen)
    for card in ("HA", "H5", "H7", "S7", "D4", "S3"):
        refused(knlib.explain_trick, game, [card, "S9"], chosen)
        refused(knlib.explain_trick, game, [card], chosen, first_trick=True)
        refused(knlib.explain_trick, game, ["S9", card], chosen, first_trick=True)
    for players in (0, 3, 7, "x"):
        refused(knlib.new_deal, game, seed=1, players=players)
        refused(knlib.Session, game, seed=1, players=players)
    refused(knlib.new_deal, game, seed=1, dealer=9)
    refused(knlib.new_deal, game, deck=["HA"])
    refused(knlib.Deal.from_hands, game, [["HA"], ["S3"], [], []])
    refused(knlib.Session(game, seed=1).record, knlib.new_deal(game, seed=1))
    tries = ["pass", "see", "run", "stop", "play on", "concede", "play alone", "sit out",
             "nonsense", "play ZZ"]
    for card in pack[::4]:
        tries += [f"play {card}", f"lead face down {card}", f"exchange {card} for {pack[0]}"]
    for players in knlib.ruleset(rules.id).procedure.players:
        deal = knlib.new_deal(game, seed=2, players=players)
        rng = random.Random(2)
        while True:
            for act in tries:
                refused(deal.apply, act)
            if deal.is_over:
                break
            seat = deal.to_move
            refused(deal.apply, deal.legal_actions()[0], seat=(seat + 1) % deal.players)
            deal.apply(rng.choice(deal.legal_actions()))
        stored = deal.to_json()
        refused(knlib.Deal.from_json, stored.replace('"cut": ', '"cut": 99'))
        refused(knlib.Deal.from_json, stored.replace('"players": ', '"players": null, "x": '))
        refused(knlib.Deal.from_json, stored.replace('"history": [', '"history": [[0, "see"], '))
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", knlib.GAMES)
def test_no_refusal_cites_a_file(game, lang):
    with knlib.language(lang):
        messages = _refusals(game)
    assert len(messages) > 100, len(messages)
    bad = sorted({m for m in messages if code_citations(m)})
    assert not bad, f"{len(bad)} refusals cite a file, e.g. {bad[:3]}"
    cited = [m for m in messages if any(
        name in m for name in ("McLeod", "Wikipedia", "Overby", "Lunar", "Parlett",
                               "our reading", "unsere Lesart"))]
    assert cited, "no refusal named its source"


def test_a_refusal_of_a_rule_set_and_a_game_id_cites_no_file():
    for lang in ("en", "de"):
        with knlib.language(lang):
            for call in (lambda: knlib.ruleset("chess"), lambda: knlib.new_deal("chess"),
                         lambda: knlib.open_questions("chess")):
                with pytest.raises(RulesError) as refused:
                    call()
                assert "'chess'" in str(refused.value)
                assert not code_citations(str(refused.value))


# -- what the library shows of its data ----------------------------------------------------

@pytest.mark.parametrize("game", knlib.GAMES)
def test_open_questions_print_in_readers_words_and_keep_their_citations(game):
    questions = knlib.open_questions(game)
    assert any(code_citations(q.source) for q in questions)  # the data keep them
    for lang in ("en", "de"):
        with knlib.language(lang):
            shown = "\n".join(str(q) for q in knlib.open_questions(game))
        assert not code_citations(shown), code_citations(shown)[:3]
    for q in questions:
        if q.option:
            value = q.default.split(": ", 1)[0]
            assert f"option {q.option}={value}" in str(q)


# -- the command line ------------------------------------------------------------------------

def _cli(argv: list[str], monkeypatch, stdin: str = "") -> str:
    """What ``knlib ARGV`` writes to stdout and stderr (run in this process)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), contextlib.suppress(SystemExit):  # --help
        main(argv)
    return out.getvalue() + err.getvalue()


#: Typed at the terminal's table: refused choices in every phase, and the first choice.
PLAY_INPUT = "\n".join(["play ZZ", "see", "pass", "stop", "play H7", "exchange HA for S2",
                        "lead face down HA", "concede", "1"] * 40 + ["quit"]) + "\n"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", knlib.GAMES)
def test_no_command_cites_a_file(game, lang, monkeypatch):
    rules = knlib.ruleset(game)
    chosen, pack = "HSCD"[:rules.n_chosen], [str(c) for c in rules.pack]
    runs = [
        ["games"], ["questions", "--game", game],
        ["roles", "--game", game, "--chosen", chosen],
        ["roles", "--game", game, "--chosen", "CD"[:rules.n_chosen]],
        ["roles", "--game", game, "--chosen", "H" * rules.n_chosen],
        ["explain", "--game", game, "--chosen", chosen, *pack[:4]],
        ["explain", "--game", game, "--chosen", chosen, "--first-trick", "H7", "S9"],
        ["explain", "--game", game, "--chosen", chosen, "HA", "H5", "X9"],
        ["explain", "--game", game, "--chosen", chosen, "--option", "nonsense=x", pack[0]],
        ["play", "--game", game, "--seed", "3", "--deals", "1"],
        ["play", "--game", game, "--players", "3"],
        *([name, "--help"] for name in COMMANDS),
    ]
    shown = []
    for argv in runs:
        text = _cli(["--lang", lang, *argv], monkeypatch, PLAY_INPUT)
        assert text, argv
        shown += [f"{' '.join(argv)}: {line}" for line in code_citations(text)]
    assert not shown, f"{len(shown)} lines cite a file, e.g. {shown[:3]}"


def test_roles_names_the_source_of_a_note_and_questions_the_option(monkeypatch):
    roles = _cli(["roles", "--chosen", "HS"], monkeypatch)
    assert ("note: ♥2 keeps its place as de Beste although Hearts is chosen, so that suit has "
            "no Twist (chosen Two) (our reading)") in roles
    with knlib.language("de"):
        assert knlib.role("karniffel", "S8", "SH").note_source is not None
    german = _cli(["--lang", "de", "roles", "--game", "karniffel", "--chosen", "SH"],
                  monkeypatch)
    assert "(Wikipedia, „Karniffel“, nach Wieland (1783), „Beasts“; unsere Lesart)" in german
    questions = _cli(["questions", "--game", "karnoeffel"], monkeypatch)
    assert "Reading used: the 3 (4, 5) does not beat the King" in questions
    assert ("(Overby and Sanders (2001), “The «Trump» Suit”; our reading; option "
            "stecher_blocked_by=led_suit)") in questions
    assert "Verwendete Lesart:" in _cli(["--lang", "de", "questions"], monkeypatch)
