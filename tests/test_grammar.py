"""Generated sentences agree with the nouns they name (issue 37, "Sentences built with grammar").

A German sentence that names a card by its role ("♠3 ist ein Drist") and then refers back to
it must use the pronoun of the role's noun ("er", not "sie"), and a role named after a card
("sticht ♦4, einen Schiet") must take the article and adjective ending of its gender and of
the case the verb asks. The checker below reads each role's gender from the catalogue's noun
table (knlib.grammar.noun, msgctxt "noun"), by the role's term or the card's rank, and checks
every explanation of a large random sample of tricks in every game, in both languages: each
step, the whole explanation, and the one-sentence summary with and without names, finished
and so far. The role tables' own words (Role.beats, Role.taken_by, Role.note), said after any
role, must use no pronoun at all; a card picture's sentence and the trick questions' feedback
are checked as the explanations are.

The checker must catch the sentences that issue 37 reports ("♣K ist ein ungewählter König;
sie ist ausgespielt", "würde ♥6, ein Paas nicht stechen", "Fehl-As: jede Karte ihrer
Farbe"), and the sample must fail when the phrases give "sie" for every noun again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping

import pytest
from budget import examples

import knlib
from knbook.course.trick_questions import can_beat_question, trick_winner_question
from knlib.cards import Card
from knlib.errors import RulesError
from knlib.games import GAMES, Role, RoleClass, Ruleset, ruleset
from knlib.grammar import CASES, GENDERS, NOUNS, Phrase, noun, nouns, parse_noun
from knlib.i18n import language
from knlib.render.card_face import role_sentence
from knlib.rules.tricks import explain_trick

#: Tricks explained per game and language (seeded; a tenth in a quick run, tests/budget.py).
SAMPLE = examples(250)
SUITS = "CSHD"

#: The personal pronouns and possessives, by the gender they stand for.
PRONOUNS = {
    "er": {"m"}, "ihn": {"m"}, "ihm": {"m", "n"}, "sie": {"f"}, "es": {"n"}, "ihr": {"f"},
    "ihre": {"f"}, "ihrer": {"f"}, "ihren": {"f"}, "ihrem": {"f"}, "ihres": {"f"},
    "sein": {"m", "n"}, "seine": {"m", "n"}, "seiner": {"m", "n"}, "seinen": {"m", "n"},
    "seinem": {"m", "n"}, "seines": {"m", "n"},
}
#: The indefinite article: the genders and cases each form can be.
ARTICLES = {
    "ein": {("m", "nom"), ("n", "nom"), ("n", "acc")},
    "einen": {("m", "acc")},
    "einem": {("m", "dat"), ("n", "dat")},
    "eines": {("m", "gen"), ("n", "gen")},
    "eine": {("f", "nom"), ("f", "acc")},
    "einer": {("f", "dat"), ("f", "gen")},
}
#: An adjective's ending after the indefinite article, by gender and case.
ENDINGS = {("m", "nom"): "er", ("n", "nom"): "es", ("n", "acc"): "es", ("f", "nom"): "e",
           ("f", "acc"): "e"}
#: The words before a card that ask for its case ("sticht ♦4, einen Schiet").
GOVERNS = {"sticht": "acc", "würde": "acc", "liegt": "nom", "wie": "nom", "sobald": "nom",
           "aber": "nom", "ist": "nom"}
#: The rank nouns (the catalogue's keys), French-suited and German-suited packs.
RANK_NOUN = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
             9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
RANK_NOUN_GERMAN_PACK = {**RANK_NOUN, 11: "Unter", 12: "Ober", 13: "König", 14: "Daus"}
#: The roles named after one card take the gender of their class's noun.
CLASS_NOUN = {RoleClass.OLE: "Ole", RoleClass.BEAST: "beast", RoleClass.STICKER: "sticker"}


def expected_gender(rules: Ruleset, role: Role) -> str:
    """The gender of a German role from the noun table: its term's noun ('Fauler Schlingel':
    der Schlingel), else its class's (the Olen and beasts, named after one card; the
    permanent stickers), else its card's rank's ('ungewählter König': der König)."""
    table = nouns()
    if role.term:
        known = [w for w in role.term.split() if w in table]
        if known:
            return table[known[-1]].gender
    if role.klass in CLASS_NOUN and (role.term or not role.chosen):
        return noun(CLASS_NOUN[role.klass]).gender
    ranks = RANK_NOUN_GERMAN_PACK if rules.german else RANK_NOUN
    return noun(ranks[role.card.rank]).gender


def symbol(rules: Ruleset, card: Card) -> str:
    return card.german_symbol if rules.german else card.symbol


def genders(rules: Ruleset, chosen: tuple[str, ...]) -> dict[str, str]:
    """Each card's symbol, as the game shows it, and the gender of its role's noun."""
    return {symbol(rules, c): expected_gender(rules, r) for c, r in rules.roles(chosen).items()}


def mentions(text: str, cards: Mapping[str, str]) -> list[tuple[int, int, str]]:
    """Where each card symbol stands in ``text``: (start, end, symbol), in order."""
    found = []
    for sym in cards:
        for m in re.finditer(rf"(?<!\w){re.escape(sym)}(?!\w)", text):
            found.append((m.start(), m.end(), sym))
    return sorted(found)


def disagreements(text: str, cards: Mapping[str, str]) -> list[str]:
    """What in a German sentence disagrees with the nouns it names: a pronoun whose gender
    is not that of the card named last before it, and a card's role ('♦4, einen Schiet')
    whose article, adjective or noun does not fit the card's gender or the case its verb
    asks."""
    out = []
    marks = mentions(text, cards)
    for m in re.finditer(r"(?<![\w-])(\w+)(?![\w-])", text):
        word = m.group(1).lower()
        if word not in PRONOUNS:
            continue
        if word == "es" and text[m.end():].startswith(" kommt"):
            continue  # impersonal: 'außer es kommt ein Ole'
        before = [sym for start, _, sym in marks if start < m.start()]
        if not before:
            out.append(f"{m.group(1)!r} refers to no card: {text}")
        elif cards[before[-1]] not in PRONOUNS[word]:
            out.append(f"{m.group(1)!r} after {before[-1]} ({cards[before[-1]]}): {text}")
    table = {form: n for n in nouns().values() for form in n.forms}  # every case's form
    for start, end, sym in marks:
        after = text[end:]
        said = re.match(r"(?:, | ist )(ein|eine|einen|einem|einer|eines) ([\w -]+)", after)
        if not said:
            continue
        article, words_after = said.group(1), said.group(2).split()
        heads = [i for i, w in enumerate(words_after) if w in table]
        if not heads:
            out.append(f"no noun of the table names {sym}: {text}")
            continue
        adjectives, head = words_after[: heads[0]], words_after[heads[0]]
        gender = cards[sym]
        words = text[:start].split()
        case = ("nom" if after.startswith(" ist ")
                else GOVERNS.get(words[-1].strip(",;:") if words else ""))
        fits = {(g, c) for g, c in ARTICLES[article] if g == gender and case in (None, c)}
        if not fits:
            out.append(f"{article!r} for {sym} ({gender}, {case or 'any case'}): {text}")
            continue
        if table[head].gender != gender:
            out.append(f"{head!r} ({table[head].gender}) names {sym} ({gender}): {text}")
        for adjective in adjectives:
            endings = {ENDINGS.get(f, "en") for f in fits}
            if adjective[0].islower() and not any(adjective.endswith(e) for e in endings):
                out.append(f"{adjective!r} after {article!r} for {sym} ({gender}): {text}")
    return out


def english_disagreements(text: str) -> list[str]:
    """English refers to a card as 'it' and writes 'an' before a vowel."""
    out = [f"{w!r}: {text}" for w in re.findall(r"\b(?:he|she|him|her|his)\b", text)]
    for article, word in re.findall(r"(?<!\w)(a|an) ([\w-]+)", text):
        if word[0].isalpha() and (article == "an") != (word[0].lower() in "aeiou"):
            out.append(f"{article!r} before {word!r}: {text}")
    return out


def tricks(rules: Ruleset, rng: random.Random, n: int) -> Iterator[tuple[list[Card], tuple]]:
    """``n`` random legal tricks (2 to a full table of cards) with random chosen suits."""
    made = 0
    while made < n:
        chosen = tuple(rng.sample(SUITS, rules.n_chosen))
        size = rng.randint(1, rules.max_table)
        cards = rng.sample(list(rules.pack), size)
        try:
            rules.check_trick(cards, rules.check_chosen(chosen), False)
        except RulesError:
            continue
        made += 1
        yield cards, rules.check_chosen(chosen)


def explanation_texts(rules: Ruleset, cards: list[Card], chosen: tuple) -> Iterator[str]:
    """Every text of a trick's explanation: each step, the whole, the summaries."""
    expl = explain_trick(rules, cards, chosen)
    yield from (str(s) for s in expl.steps)
    yield str(expl)
    names = [f"Spieler{i}" for i in range(len(cards))]
    for so_far in (False, True):
        yield expl.summary(so_far=so_far)
        yield expl.summary(names, so_far=so_far)


def sample_problems(lang: str, n: int = SAMPLE) -> list[str]:
    """What disagrees in the explanations of ``n`` random tricks of every game."""
    problems: list[str] = []
    with language(lang):
        for game in GAMES:
            rules = ruleset(game)
            rng = random.Random(f"grammar {game}")
            for cards, chosen in tricks(rules, rng, n):
                if lang == "de":
                    said = genders(rules, chosen)
                    for text in explanation_texts(rules, cards, chosen):
                        problems += disagreements(text, said)
                else:
                    for text in explanation_texts(rules, cards, chosen):
                        problems += english_disagreements(text)
    return problems


# -- the noun table ------------------------------------------------------------------------


def test_every_noun_has_its_gender_and_forms_in_german():
    with language("de"):
        for key in NOUNS:
            n = noun(key)
            assert n.gender in GENDERS, key
            assert all(n.forms), key
    with language("en"):
        assert all(noun(key).forms[0] == key for key in NOUNS)


def test_a_noun_entry_gives_its_cases():
    ole = parse_noun("Ole", "der Ole, den Olen, dem Olen, des Olen")
    assert (ole.gender, ole.form("acc"), ole.form("dat")) == ("m", "Olen", "Olen")
    assert parse_noun("Frikort", "die Frikort").forms == ("Frikort",) * 4


def test_every_role_title_is_headed_by_a_noun_of_the_table():
    with language("de"):
        for game in GAMES:
            rules = ruleset(game)
            for chosen in ("HS", "CD", "H", "S"):
                try:
                    suits = rules.check_chosen(chosen)
                except RulesError:
                    continue
                for role in rules.roles(suits).values():
                    title = role.title
                    assert isinstance(title, Phrase)
                    assert title.gender == expected_gender(rules, role), (game, str(title))


# -- the issue's examples ------------------------------------------------------------------


def test_the_issue_sentences_read_as_german():
    with language("de"):
        expl = explain_trick("knueffeln", "CK SK H6 DA", "HS")
        assert "♣K ist ein ungewählter König; er ist ausgespielt" in expl.steps[0].sentence
        assert "er sticht ♣K, einen ungewählten König" in expl.summary()
        assert "es ist ausgespielt" in str(explain_trick("knueffeln", "DA D4", "HS"))
        roles = ruleset("knueffeln").roles(("H", "S"))
        assert f"{roles[Card('DA')].title:seiner} Farbe" == "seiner Farbe"
        assert f"{roles[Card('H6')].title:acc}" == "einen Paas (gewählte Sechs)"
        assert f"{roles[Card('SQ')].title:dat}" == "einer gewählten Dame"


def test_english_is_unchanged_by_the_phrases():
    expl = explain_trick("knueffeln", "D4 S3 DA C8", "HS")
    assert expl.summary() == ("♠3, a Drist (chosen Three), wins the trick: it takes ♦4, a dud "
                              "(Schiet).")
    assert str(expl.steps[1]).endswith("is a dud (Schiet), which is taken only by the Ace of "
                                       "its own suit, any beater (a chosen Four or higher) or an "
                                       "Ole, so ♠3 now leads the trick.")


@pytest.mark.parametrize("sentence, cards", [
    ("1. Karte: ♣K ist ein ungewählter König; sie ist ausgespielt und führt damit den Stich.",
     {"♣K": "m"}),
    ("♥6 ist ein Paas (gewählte Sechs) und gewinnt den Stich: sie sticht ♠K, die ein gewählter "
     "König ist.", {"♥6": "m", "♠K": "m"}),
    ("♥B würde ♥6, ein Paas (gewählte Sechs) nicht stechen", {"♥B": "m", "♥6": "m"}),
    ("♦A ist ein Fehl-As (ungewähltes As) und gewinnt den Stich: sie sticht ♦4.",
     {"♦A": "n", "♦4": "m"}),
    ("♦A ist eine ungewählte As.", {"♦A": "n"}),
    ("er sticht ♦4, einen ungewählte König.", {"♦4": "m"}),
])
def test_the_checker_catches_the_reported_sentences(sentence, cards):
    with language("de"):
        assert disagreements(sentence, cards)


def test_the_checker_passes_agreeing_sentences():
    with language("de"):
        assert disagreements("♥6 ist ein Paas (gewählte Sechs) und gewinnt den Stich: er "
                             "sticht ♣K, einen ungewählten König.", {"♥6": "m", "♣K": "m"}) == []


# -- the sample ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_explanation_agrees_with_its_nouns(lang):
    problems = sample_problems(lang)
    assert problems == [], f"{len(problems)} disagreements, e.g. {problems[:5]}"


def test_the_sample_fails_when_every_card_is_sie_again(monkeypatch):
    agreeing = Phrase.__format__

    def every_card_is_sie(self: Phrase, spec: str) -> str:
        if self.gender and spec.lower() in ("er", "ihn"):
            return "Sie" if spec[0].isupper() else "sie"
        return agreeing(self, spec)

    monkeypatch.setattr(Phrase, "__format__", every_card_is_sie)
    assert len(sample_problems("de", 10)) > 50


def test_the_sample_fails_when_a_role_after_a_verb_keeps_the_nominative(monkeypatch):
    agreeing = Phrase.__format__

    def nominative(self: Phrase, spec: str) -> str:
        return str(self) if spec in CASES else agreeing(self, spec)

    monkeypatch.setattr(Phrase, "__format__", nominative)
    assert any("einen" not in p and "(m, acc)" in p for p in sample_problems("de", 25))


def test_the_roles_own_words_use_no_pronoun():
    """A role's words are said after the role's name in tables ('Fehl-As: jede Karte der
    eigenen Farbe') and after any card in sentences, so they name no pronoun."""
    found = []
    with language("de"):
        for game in GAMES:
            rules = ruleset(game)
            for chosen in ("HS", "CD", "SD", "H", "S", "C", "D"):
                try:
                    suits = rules.check_chosen(chosen)
                except RulesError:
                    continue
                for role in rules.roles(suits).values():
                    for text in (role.beats, role.taken_by, role.note or ""):
                        words = re.findall(r"(?<![\w-])(\w+)(?![\w-])( kommt)?", text)
                        found += [f"{w!r} in {text!r}" for w, impersonal in words
                                  if w.lower() in PRONOUNS and not impersonal]
    assert found == []


def test_the_pronoun_check_of_role_words_can_fail():
    words = re.findall(r"(?<![\w-])(\w+)(?![\w-])( kommt)?", "jede Karte ihrer Farbe")
    assert any(w in PRONOUNS and not k for w, k in words)


def test_card_pictures_and_trick_questions_agree():
    problems = []
    with language("de"):
        for game in GAMES:
            rules = ruleset(game)
            suits = rules.check_chosen("HS"[: rules.n_chosen])
            said = genders(rules, suits)
            for card, role in rules.roles(suits).items():
                problems += disagreements(role_sentence(card, role, rules.german), said)
            for seed in range(40):
                for make in (trick_winner_question, can_beat_question):
                    try:
                        q = make(random.Random(seed), rules, seed)
                    except RulesError:
                        continue
                    said = genders(rules, q.chosen)
                    for text in (q.explanation, *q.feedback):
                        problems += disagreements(text, said)
    assert problems == [], f"{len(problems)} disagreements, e.g. {problems[:5]}"


def test_an_english_phrase_gives_its_english_pronoun():
    title = Phrase("a Drist (chosen Three)")
    assert f"{title:it} / {title:which} / {title}" == "it / which / a Drist (chosen Three)"
    assert format(title, "er") == "sie"  # an English role in a German sentence: 'die Karte'
    with language("de"):
        drist = ruleset("knueffeln").roles(("H", "S"))[Card("S3")].title
    assert f"{drist:it} / {drist:Er}" == "it / Er"  # a German role in an English sentence
    with pytest.raises(ValueError):
        format(title, "him")
    assert set(CASES) == {"nom", "acc", "dat", "gen"}
    assert knlib.explain_trick("knueffeln", "D4", "HS").summary().endswith("it is led.")


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_card_s_sentence_says_each_thing_once(code):
    """A card's sentence says what it beats and what takes it, but says nothing twice: a
    chosen Seven's power already says that it cannot be beaten when led (in every game that
    has one), so its sentence does not say it again."""
    from knbook.pictures.role_card import role_card_html
    unbeatable = {"de": "unschlagbar", "en": "cannot be beaten"}[code]
    sevens = 0
    with language(code):
        for game in GAMES:
            rules = ruleset(game)
            suits = rules.check_chosen("HS"[: rules.n_chosen])
            for card, role in rules.roles(suits).items():
                said = role_sentence(card, role, rules.german)
                assert said.lower().count(unbeatable) <= 1, said
                sevens += unbeatable in said.lower()
        page = role_card_html("knueffeln", "HS").lower()
    assert sevens >= 5  # the chosen Sevens of Knüffeln's four games and Stýrivolt
    assert page.count(unbeatable) == 1, page.count(unbeatable)  # one row for both Sevens
