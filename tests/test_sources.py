"""knlib.sources: every citation the engine gives reads as author and title for a reader,
and each citation is defined once, there."""

import ast
import re
from pathlib import Path

import pytest
from seeds import seed_text, shared_dir

import knlib
from knbook.course.book_helpers import open_question_note, sources_differ
from knlib.errors import RulesError
from knlib.sources import SOURCES, cite, for_reader

FILE_WORDS = re.compile(r"seed 0|\.md\b|README|shared/|rules/", re.IGNORECASE)


def test_seed_citation_becomes_author_and_section():
    assert for_reader("seed 000, 'The Play'") == "McLeod after Eaton (2021), “The Play”"
    assert for_reader("Seed 003 says so") == "Overby and Sanders (2001) says so"


def test_readings_and_styrivolt_digest_become_plain_words():
    assert for_reader("rules/README.md, reading 8") == "our reading"
    assert for_reader("shared/rules/styrivolt.md, 'End of a deal'") == (
        "Parlett, The Penguin Book of Card Games, “End of a deal”")


def test_apostrophes_are_left_alone():
    assert for_reader("the dealer's stock and the opponents' march") == (
        "the dealer's stock and the opponents' march")


def test_a_refusal_reads_its_citation_in_reader_words_and_keeps_its_quoted_values():
    # what the widgets and the terminal show of a RulesError: the citation is a value, put
    # into reader's words when the refusal is read; the message is left as it is
    err = knlib.RulesError("'play H7' is not possible: the Devil may not lead the first "
                           "trick, nor 'chess'", source="seed 003, 'The «Trump» Suit' and "
                           "'How to Play'; rules/README.md, reading 5")
    assert str(err) == (
        "'play H7' is not possible: the Devil may not lead the first trick, nor 'chess' "
        "(Overby and Sanders (2001), “The «Trump» Suit” and “How to Play”; our reading)")
    assert err.message == ("'play H7' is not possible: the Devil may not lead the first "
                           "trick, nor 'chess'")


@pytest.mark.parametrize("game", knlib.GAMES)
def test_every_open_question_reads_without_file_names(game):
    for q in knlib.open_questions(game):
        for text in (q.question, q.default, q.source, *q.alternatives):
            assert not FILE_WORDS.search(for_reader(text)), (game, q.topic, text)
        assert "_" not in q.title, (game, q.topic)


def test_sources_box_is_one_collapsible_box_with_titles():
    box = sources_differ("knueffeln", ["five_march_8", "ties"])
    assert box.startswith("::::{admonition} Where the sources differ")
    assert ":class: note dropdown" in box
    assert "**A march with eight tricks.**" in box and "**Equal cards.**" in box
    assert not FILE_WORDS.search(box)
    assert open_question_note("knueffeln", "ties").startswith(
        ":::{admonition} Our reading: equal cards")


def test_unknown_source_and_topic_are_rules_errors():
    with pytest.raises(RulesError, match="'009'"):
        cite("009")
    with pytest.raises(RulesError, match="'nope'"):
        sources_differ("knueffeln", ["nope"])


def test_every_source_has_a_bibliography_entry():
    from pathlib import Path

    bib = (Path(__file__).parent.parent / "references.bib").read_text(encoding="utf-8")
    for s in SOURCES.values():
        assert "{" + s.key + "," in bib


# -- the citation constants: each defined once, in knlib.sources ---------------------------------

PACKAGE = Path(knlib.__file__).resolve().parent
#: A citation constant's name (S000_PLAY, S002_TEXT) and a citation's text.
CITATION_NAME = re.compile(r"^S\d{3}(_[A-Z0-9_]+)?$")
CITATION_TEXT = re.compile(r"^(seed 00\d|styrivolt\.md|rules/README\.md)\b")


def _module_constants(path: Path) -> list[tuple[str, int, object]]:
    """(name, line, value) of each module-level assignment; value is the string assigned,
    or None when it is not a string literal."""
    out = []
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        text = value.value if isinstance(value, ast.Constant) else None
        out += [(t.id, node.lineno, text) for t in targets if isinstance(t, ast.Name)]
    return out


def test_citation_constants_are_defined_only_in_sources():
    stray = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == PACKAGE / "sources.py":
            continue
        for name, line, text in _module_constants(path):
            if CITATION_NAME.match(name) or (isinstance(text, str) and CITATION_TEXT.match(text)):
                stray.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {name} = {text!r}")
    assert not stray, "citation constants outside knlib/sources.py:\n" + "\n".join(stray)


def test_the_check_catches_a_stray_constant(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('S000_PLAY = "x"\nS_PLAY = "seed 000, \'The Play\'"\nOTHER = "y"\n')
    found = [n for n, _, t in _module_constants(bad)
             if CITATION_NAME.match(n) or (isinstance(t, str) and CITATION_TEXT.match(t))]
    assert found == ["S000_PLAY", "S_PLAY"]


def _citations() -> dict[str, str]:
    from knlib import sources

    return {n: t for n, _, t in _module_constants(Path(sources.__file__))
            if isinstance(t, str) and CITATION_TEXT.match(t)}


def test_each_citation_is_defined_once():
    texts = list(_citations().values())
    assert len(texts) >= 40
    assert sorted(texts) == sorted(set(texts)), "one citation under two names"


def test_each_cited_section_is_a_heading_of_its_source():
    """The sections, as the seed texts and the Stýrivolt digest head them (../shared)."""
    shared = shared_dir()
    for name, text in _citations().items():
        for part in text.split("; "):
            m = re.match(r"(seed (\d{3})|styrivolt\.md|rules/README\.md)(.*)", part)
            assert m, (name, part)
            if m.group(2):
                source_text = seed_text(m.group(2))
                heading = r"^{}(:|\n)"
            elif part.startswith("styrivolt.md"):
                source_text = (shared / "rules" / "styrivolt.md").read_text(encoding="utf-8")
                heading = r"^## {}(?:$| \(| \[)"
            else:
                readme = (shared / "rules" / "README.md").read_text(encoding="utf-8")
                for n in re.findall(r"reading (\d+)", part):
                    assert re.search(rf"^{n}\. \*\*", readme, re.M), (name, n)
                continue
            for section in re.findall(r"'([^']+)'", m.group(3)):
                assert re.search(heading.format(re.escape(section)), source_text, re.M), (
                    name, section)
