"""The German edition says one thing in one way (issue 27): a step's German heading
(:attr:`knlib.course.steps.Step.heading_text`, from knlib's catalogue) is its page's German
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
from knlib.course.steps import STEPS, Step
from knlib.rules.games import GAMES, ruleset

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


def heading_mismatches(steps: tuple[Step, ...]) -> list[str]:
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
    elsewhere = Step(2, lab.id, lab.heading, lab.idea, tool=lab.tool)
    stepper = Step(3, "e3-stepper", "Step through it yourself", lab.idea, tool="TrickLab")
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
