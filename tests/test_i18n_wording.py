"""The German edition says one thing in one way (issue 27): a step's German heading
(:attr:`knbook.course.steps.EveningStep.heading_text`, from knlib's catalogue) is its page's German
heading (the evening's .po of the German site), the catalogue uses the terms of
knlib/locale/de/TERMS.md and not their synonyms, and the role texts decline after a
preposition ("von einem Olen", never "von ein Ole")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import knlib
from knbook.course.steps import STEPS, EveningStep
from knlib.games import GAMES, ruleset

ROOT = Path(__file__).resolve().parent.parent
EVENINGS = {1: "1-pack-and-table", 2: "2-chosen-suits", 3: "3-who-wins", 4: "4-the-deal",
            5: "5-talk-and-play"}
HEADING = re.compile(r"^#{2,4} (.+)$", re.M)


def page_headings(k: int) -> dict[str, str]:
    """Evening k's headings: the English of the chapter's markdown, each with its German
    msgstr from the page's .po ('' when untranslated or fuzzy)."""
    book = json.loads((ROOT / "book" / "evenings" / f"{EVENINGS[k]}.ipynb").read_text())
    english = [m.group(1).strip() for c in book["cells"] if c["cell_type"] == "markdown"
               for m in HEADING.finditer("".join(c["source"]))]
    po = ROOT / "de" / "locales" / "de" / "LC_MESSAGES" / "book" / "evenings" / f"{EVENINGS[k]}.po"
    with po.open("rb") as f:
        cat = read_po(f, locale="de")
    out = {}
    for h in english:
        m = cat.get(h)
        out[h] = "" if m is None or m.fuzzy else str(m.string)
    return out


def heading_mismatches(steps: tuple[EveningStep, ...]) -> list[str]:
    """Each step whose heading is not a heading of its page, or whose German heading is not
    the page's German heading."""
    pages = {k: page_headings(k) for k in EVENINGS}
    out = []
    with knlib.language("de"):
        for s in steps:
            page = pages[s.evening]
            if s.heading not in page:
                out.append(f"{s.id}: {s.heading!r} is no heading of its page")
            elif s.heading_text != page[s.heading]:
                out.append(f"{s.id}: step {s.heading_text!r} != page {page[s.heading]!r}")
    return out


def test_each_steps_german_heading_is_its_pages_german_heading() -> None:
    assert heading_mismatches(STEPS) == []


def test_the_heading_check_can_fail() -> None:
    lab = next(s for s in STEPS if s.id == "e3-lab")
    # A heading Evening 3's page does not have; and one whose German on Evening 3's page
    # differs from the catalogue's (which says it as Evening 4's page does).
    elsewhere = EveningStep(2, lab.id, lab.heading, lab.idea, tool=lab.tool)
    stepper = EveningStep(3, "e3-stepper", "Step through it yourself", lab.idea, tool="TrickLab")
    viewer = next(s for s in STEPS if s.id == "e4-viewer")
    assert heading_mismatches((elsewhere, stepper, viewer)) == [
        "e3-lab: 'Try it: the trick lab' is no heading of its page",
        "e3-stepper: step 'Schritt für Schritt selbst ansehen' != page "
        "'Selbst Schritt für Schritt durchgehen'"]


def _msgstrs() -> list[str]:
    with (ROOT / "knlib" / "locale" / "de" / "LC_MESSAGES" / "knlib.po").open("rb") as f:
        cat = read_po(f, locale="de")
    out: list[str] = []
    for m in cat:
        if m.id:
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            out.extend(str(x) for x in strings if x)
    return out


#: A synonym the catalogue must not use, and the term of TERMS.md it stands for.
SYNONYMS = {
    r"Lernspiel": "Übungsspiel (a lesson deal)",
    r"Stich-Labor": "Stichlabor",
    r"ungewählten? Farben?\b": "nicht gewählte Farbe (TERMS.md: unchosen suit)",
    # The role's name is said after its term ('Fehl-As (ungewähltes As)'), never for it.
    r"(?<=.)(?<!Fehl-As \()ungewähltes As\b": "Fehl-As (the unchosen Ace)",
    r"Probier es aus:": "Ausprobieren: (as the page headings say)",
    r"Leitkarte": "Ausspieler (TERMS.md: leader, a card worth leading; in every game)",
}


@pytest.mark.parametrize("pattern", sorted(SYNONYMS))
def test_the_catalogue_uses_one_word_per_thing(pattern: str) -> None:
    rx = re.compile(pattern)
    found = [s for s in _msgstrs() if rx.search(s)]
    assert not found, f"use {SYNONYMS[pattern]}: {found[:3]}"


def test_the_synonym_check_can_fail() -> None:
    texts = ["Dieses Lernspiel folgt einer anderen Wahl", "die Rangfolge der ungewählten Farben",
             "Fehl-As, König: ein ungewähltes As", "Probier es aus: das Stichlabor",
             "♠9, Pik-Neun: eine Leitkarte"]
    hits = {p for p in SYNONYMS for t in texts if re.search(p, t)}
    assert len(hits) == 5
    # The unchosen Ace's name in brackets after its term stays: 'Fehl-As (ungewähltes As)'.
    assert not any(re.search(p, "ein Fehl-As (ungewähltes As)") for p in SYNONYMS)


#: A preposition that takes the dative, followed by a nominative article.
NOMINATIVE_AFTER_DATIVE = re.compile(r"\b(von|mit|vom|bei|aus|nach|seit|zu)\s+(ein|kein)\s")


def _role_texts() -> list[str]:
    out = []
    with knlib.language("de"):
        for game in GAMES:
            rules = ruleset(game)
            suits = "HSDC"[: rules.n_chosen]
            for chosen in {suits, suits[::-1], "CD"[: rules.n_chosen]}:
                for role in rules.roles(rules.check_chosen(chosen)).values():
                    out += [role.label, role.title, role.beats, role.taken_by]
    return out


def test_the_role_texts_decline_after_a_preposition() -> None:
    texts = _role_texts()
    assert any("wird nur von einem Olen gestochen" in t for t in texts)
    bad = [t for t in texts if NOMINATIVE_AFTER_DATIVE.search(t)]
    assert not bad, bad[:3]
    assert NOMINATIVE_AFTER_DATIVE.search("sie wird nur von ein Ole gestochen")


def test_the_role_texts_stay_english_in_english() -> None:
    rules = ruleset("knueffeln")
    from knlib.cards import Card

    assert rules.roles(("H", "S"))[Card("HA")].taken_by == "is taken only by an Ole"
    assert rules.roles(("H", "S"))[Card("HJ")].taken_by == (
        "is taken only by a higher beater or an Ole")


# -- one word for one thing and German typography (issue 37) ---------------------------------
#
# Checked over every German text that is written down: knlib's catalogue (knlib.po) and the
# German chapters' prose (de/locales/**.po), and over texts knlib composes at run time (the
# end of a deal, the answer key, the table talk), which no .po file shows whole.

CHAPTERS = ROOT / "de" / "locales" / "de" / "LC_MESSAGES" / "book"


def _entries(path: Path) -> list[tuple[str, str]]:
    """(English msgid, German msgstr) of a .po file's translated entries."""
    with path.open("rb") as f:
        cat = read_po(f, locale="de")
    out = []
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(str(ids[0]), str(s)) for s in strings if s]
    return out


def _german_texts() -> list[tuple[str, str, str]]:
    """(file, msgid, msgstr) of knlib's catalogue and of every German chapter."""
    files = [ROOT / "knlib" / "locale" / "de" / "LC_MESSAGES" / "knlib.po",
             *sorted(CHAPTERS.rglob("*.po"))]
    return [(p.name, i, s) for p in files for i, s in _entries(p)]


#: Code, links and markup, which keep their own characters: a ::: fence, `code`, ](target), <tags>,
#: {placeholders}, a call (Deal.to_json()) and a value quoted for typing ('see', 'play S3').
_NOT_PROSE = re.compile(r"(?m)^:{3,}.*$|`[^`]*`|\]\([^)]*\)|<[^>]*>|\{[^{}]*\}|"
                        r"\b[A-Za-z_][\w.]*\((?:[^()]|\([^()]*\))*\)|"  # a call: to_json()
                        r"(?:(?<=^)|(?<=[\s(„=\[/]))'[^'\s][^'\n]{0,80}?'(?![A-Za-zäöüß])")
#: Text quoted from the table or printed as a phrase („…“, *…*): the source's own words.
_QUOTED = re.compile(r"„[^“]*“|\*[^*]+\*")


def prose(text: str) -> str:
    """``text`` with code, links, markup and placeholders each standing as one word."""
    return _NOT_PROSE.sub(lambda m: " " if m.group().startswith("<") else "X", text)


def terms_fault(msgid: str, text: str) -> str | None:
    """Which decision of TERMS.md a German text breaks, or None."""
    own = _QUOTED.sub(" ", prose(text))
    if re.search(r"Freikarte", own):
        return "Freikarte: say Frikort (TERMS.md: free card)"
    if re.search(r"\bmachtlos", own):
        return "machtlos: say ohne Stichkraft (TERMS.md: a chosen card with no power)"
    if re.search(r"Hinterhand[^.;]{0,40}links vom Geber|links vom Geber[^.;]{0,12}Hinterhand",
                 own):
        return "the player on the dealer's left is the Vorhand (TERMS.md)"
    if re.search(r"\bStecher", own) and "stecher" not in msgid.lower():
        return "Stecher: say Steker (TERMS.md: beater), except in a phrase quoted as said"
    return None


def typography_fault(text: str) -> str | None:
    """Which rule of German typography a text breaks, or None."""
    t = prose(text)
    rules = [
        (r"(?:\b(?:gewinn\w*|verlier\w*|steht|stand|endet|zu)\s+|\()\d{1,2}-\d{1,2}(?![\w%-])",
         "a score is written 5:0"),
        (r"\b(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn) Mal\b", "zweimal, in one word"),
        (r"”|(?:^|(?<=[\s(]))\"[A-Za-zÄÖÜäöü][^\"\n]*\"", "quotation marks are „…“"),
        (r"(?<=[A-Za-zäöüß])'", "the apostrophe is ’ (hab’)"),
        (r"€\s?\d|\d\.\d\d\s?€|\d€", "an amount is written 0,10 €"),
        (r"(?:bekommt|erhält)\s+\S+(?:\s+\S+)?\s+[-−]\s?\d", "a loss is paid, not got: "
                                                              "'zahlt 0,10 €'"),
        (r"(?<!\.)\.\.(?!\.)|,,|\(\(|\)\)|\)\s*\(|[,;:]\s*(?:[;:]|\.(?!\.\.))|\.\s*[,;:]",
         "double punctuation"),
        (r"(?:^|[.!?]\s+)(?:Ist|Wird|Sticht|Nimmt|Gewinnt) (?:ausgespielt|nur|nichts|jede)\b"
         r"[^.?!]*\.", "a sentence without its subject (fragments glued together)"),
    ]
    for pattern, rule in rules:
        if re.search(pattern, t):
            return rule
    if t.count("„") != t.count("“"):
        return "quotation marks are „…“"
    return None


def test_the_german_texts_use_the_terms_of_terms_md() -> None:
    found = [(f, s[:90], why) for f, i, s in _german_texts() if (why := terms_fault(i, s))]
    assert not found, found[:5]


def test_the_german_texts_follow_german_typography() -> None:
    found = [(f, s[:90], why) for f, i, s in _german_texts() if (why := typography_fault(s))]
    assert not found, found[:5]


#: A text breaking each rule (the checks can fail), and texts that keep them.
FAULTS = {
    "terms": [("free card", "eine ausgespielte Freikarte"), ("no power", "machtlos"),
              ("cuts", "Die Hinterhand, der Spieler links vom Geber, hebt ab."),
              ("a beater", "ein gewählter Stecher")],
    "typography": ["Nord-Süd gewinnen 5-0", "zwei Mal gedreht und gesehen", "sagt \"ja\"",
                   "sagt “ja”", "ich hab' nix", "zahlt €0.10", "bekommt West -0,10 €",
                   "15 Min..", "(5:0, die ersten fünf Stiche) (zweimal gedreht und gesehen)",
                   "… ist sie unschlagbar. Ist ausgespielt unschlagbar.", "„ja"],
}
KEPT = {
    "terms": [("a beater", "„hab’ einen Stecher und zwei Ausspieler“"),
              ("stecher", "Stecher"), ("Oberstecher", "der **Oberstecher** (Drei)"),
              ("cuts", "Die Hinterhand, der Spieler rechts vom Geber, hebt ab."),
              ("the free cards (Freykarte)", "die Frikorten (*Freykarte*)")],
    "typography": ["Nord-Süd gewinnen 5:0", "zweimal gedreht und gesehen", "sagt „ja“",
                   "„hab’ einen Stecher“", "zahlt 0,10 €", "West zahlt 0,10 €",
                   "die 95-%-Intervalle", "mit 'see' antworten", "[Prüfung](../a/b.ipynb)",
                   "(5:0, die ersten fünf Stiche; zweimal gedreht und gesehen)",
                   "Ist die Karte ausgespielt, ist sie unschlagbar.", "Ziffern 0-9",
                   "Wird jede Karte verglichen?", "nimm A, B, C, ... oder '-'"],
}


def test_the_wording_checks_can_fail() -> None:
    assert all(terms_fault(i, s) for i, s in FAULTS["terms"])
    assert not [s for i, s in KEPT["terms"] if terms_fault(i, s)]
    assert [t for t in FAULTS["typography"] if not typography_fault(t)] == []
    assert [t for t in KEPT["typography"] if typography_fault(t)] == []


def _composed_texts() -> list[str]:
    """German texts knlib composes from several catalogue entries: how each deal of a few
    sessions ended (in every game), the table talk's lesson, phrasebook and glossary, each
    game's card of roles (Evening 2's), and the questions of a few exam papers with their
    explanations (the answer key)."""
    from knbook.course.papers import exam
    from knbook.course.talk_lesson import talk_lesson_html
    from knbook.pictures.role_card import role_card_html
    from knlib.players.talk import glossary_html, phrasebook_html

    out: list[str] = []
    with knlib.language("de"):
        for game in GAMES:
            out += [d.result.reason for d in knlib.Session(game, seed=3).play(10)]
        pages = [talk_lesson_html(), phrasebook_html(), glossary_html()]
        pages += [role_card_html(game, "HSDC"[: ruleset(game).n_chosen]) for game in GAMES]
        out += [line for h in pages for line in re.sub(r"<[^>]*>", "\n", h).split("\n")]
        for seed in (1, 2, 3):
            for q in exam(seed):
                out += [q.prompt, *q.options, q.explanation, *q.feedback]
    return out


@pytest.mark.slow
def test_the_texts_knlib_composes_follow_german_typography() -> None:
    texts = _composed_texts()
    assert any(re.search(r"gewinnen \d:\d", t) for t in texts)  # a score is among them
    found = [(t[:120], why) for t in texts if (why := typography_fault(t))]
    assert not found, found[:5]


#: An answer option that starts with a verb has lost its subject: 'hat keine starke Karte'.
VERB_FIRST = re.compile(r"^(?:hat|ist|kann|sagt|sticht|nimmt|spielt|deutet|wird|gewinnt|"
                        r"bleibt|bietet|zahlt|bekommt)\b")


def test_a_german_answer_option_has_its_subject() -> None:
    """The table-talk questions' options (what a phrase claims) are sentences in German:
    'Wer das sagt, hat …', 'Es sagt nichts über das Blatt: …' (the exam's other options
    are names of cards, roles, seats and amounts: see the typography test above)."""
    import random

    from knbook.course.play_questions import phrase_question

    rules = ruleset("knueffeln")
    with knlib.language("de"):
        options = [o for seed in range(60)
                   if (q := phrase_question(random.Random(seed), rules, seed)) is not None
                   for o in q.options]
    assert any(o.startswith("Wer das sagt, hat ") for o in options)
    assert not [o for o in options if VERB_FIRST.match(o)]
    assert VERB_FIRST.match("hat keine starke Karte: keinen Olen und keinen hohen Steker")


def test_the_glossary_and_the_role_tables_agree_on_the_chosen_ten() -> None:
    """A chosen Ten is no Schiet in the role tables (a chosen card with no power), and the
    glossary's Schiet says so instead of counting it among the duds."""
    from knlib.cards import Card
    from knlib.players.talk import term
    from knlib.render.picture_words import class_text

    roles = ruleset("knueffeln").roles(("H", "S"))
    ten, dud = roles[Card("H10")], roles[Card("C10")]
    assert ten.klass != dud.klass
    with knlib.language("de"):
        schiet = term("Schiet").meaning
        assert class_text(ten.klass) == "ohne Stichkraft" and "ohne Stichkraft" in schiet
        assert not re.search(r"(?:etwa|wie|und) gewählte Zehnen", schiet), schiet
