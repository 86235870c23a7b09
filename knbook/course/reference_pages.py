"""The reference pages' generated texts, in the current language: the roles page's
example suits, the glossary's introduction and captions, the common mistakes' free lead,
and the Sources page's count of the citations of each source.
"""

from __future__ import annotations

import re
from dataclasses import fields
from html import escape

from knlib.cards import Card
from knlib.engine.questions import open_questions
from knlib.games import GAMES, RoleExample, game_ids, procedure, ruleset
from knlib.players.talk import GLOSSARY, glossary_html
from knlib.sources import (
    READER_WORDS,
    S000_GLOSSARY,
    SOURCES,
    cite,
    reader_name,
    seed_of,
    source,
)

from ..i18n import ntr, tr
from .book_helpers import MystMarkdown

__all__ = ["role_examples", "role_examples_md", "glossary_intro_md",
           "eatons_glossary_html", "further_terms_html", "free_lead_html", "citations",
           "source_counts_html"]


def role_examples() -> dict[str, RoleExample]:
    """Each registered game's role-table example (:attr:`knlib.games.Ruleset.ROLE_EXAMPLE`),
    by game id, in the registry's order; a game without one is left out."""
    return {game: example for game in game_ids()
            if (example := ruleset(game).ROLE_EXAMPLE) is not None}


def _example_why(example: RoleExample) -> str:
    """Why a role table shows these suits, in the current language, with the book's
    citation of the source: 'the example trick of {cite:t}`mcleod-knueffeln`', 'as
    Bohmstedt, for comparison'."""
    if example.like:
        return tr("as {game}, for comparison", game=tr(example.words))
    seed = seed_of(example.source)
    if source(seed).key.startswith("wikipedia-"):  # an article: its title, then the citation
        return tr("{example} of the Wikipedia article “{title}” {source}",
                  example=tr(example.words), title=READER_WORDS[seed][1],
                  source=cite(seed, style="p"))
    return tr("{example} of {source}", example=tr(example.words), source=cite(seed))


def role_examples_md() -> MystMarkdown:
    """The roles page's table: each game, the suits its role table chooses, and why."""
    rows = ["| " + tr("game") + " | " + tr("chosen") + " | " + tr("why") + " |",
            "|---|---|---|"]
    for game, example in role_examples().items():
        rules = ruleset(game)
        rows.append(f"| {rules.title} | {rules.chosen_text(rules.check_chosen(example.chosen))} "
                    f"| {_example_why(example)} |")
    return MystMarkdown("\n".join(rows))


def _from_list() -> list:
    return list(GLOSSARY.from_source(S000_GLOSSARY))


def glossary_intro_md() -> MystMarkdown:
    """How many terms the glossary has, and where they come from."""
    listed = _from_list()
    return MystMarkdown(tr("The glossary has {total} terms: {listed} from Eaton's list, and "
                           "{others} from other passages and sources.", total=len(GLOSSARY),
                           listed=len(listed), others=len(GLOSSARY) - len(listed)))


def eatons_glossary_html() -> str:
    """The terms of Eaton's list, in its order."""
    return glossary_html(_from_list(), caption=tr("Eaton's Knüffeln glossary"))


def further_terms_html() -> str:
    """The glossary's other terms: from other passages, and the relatives' words."""
    listed = _from_list()
    return glossary_html([t for t in GLOSSARY if t not in listed],
                         caption=tr("Further terms, and the relatives' words"))


def free_lead_html(leader: str, led: Card, player: str, same_suit: int, allowed: int) -> str:
    """'West led ♥2. North holds 2 cards of that suit, and may play any of these 9:'."""
    return "<p>" + ntr("{leader} led {card}. {player} holds {n} card of that suit, and may "
                       "play any of these {allowed}:",
                       "{leader} led {card}. {player} holds {n} cards of that suit, and may "
                       "play any of these {allowed}:", same_suit, leader=leader,
                       card=led.symbol, player=player, allowed=allowed) + "</p>"


def citations(game: str) -> list[str]:
    """Every source citation the engine gives for a game's rules."""
    rules = ruleset(game)
    chosen = "HS"[: rules.n_chosen]
    proc = procedure(game)
    texts = [rules.pack_source, rules.chosen_source, rules.stakes.source]
    texts += [r.source for r in rules.roles(chosen).values()]
    texts += [q.source for q in open_questions(game)]
    texts += [getattr(proc, f.name) for f in fields(proc) if f.name.endswith("_source")]
    return [t for t in texts if t]


#: How the engine's citations name each source (a seed file, the Stýrivolt digest, the
#: rules README's readings).
_PATTERNS: dict[str, str] = {
    **{s.seed: rf"seed {s.seed}" if s.seed.isdigit() else r"styrivolt\.md"
       for s in SOURCES.values()},
    "README": r"README"}

_CELL = "padding:4px 10px;text-align:left;vertical-align:top;border-bottom:1px solid #dddddd"


def _source_name(key: str) -> str:
    return tr("our own reading") if key == "README" else reader_name(key, cite=True)


def source_counts_html() -> str:
    """For each game, how many of the rules the engine cites name each source (the
    published titles are ``<cite>`` elements outside English)."""
    rows = ""
    for game in GAMES:
        cites = citations(game)
        found = [(key, sum(bool(re.search(pattern, t)) for t in cites))
                 for key, pattern in _PATTERNS.items()]
        parts = "<br>".join(f"{_name_html(key)}: <b>{n}</b>" for key, n in found if n)
        rows += (f'<tr><th scope="row" style="{_CELL};white-space:nowrap">'
                 f"{escape(ruleset(game).title)}</th><td style=\"{_CELL}\">{parts}</td></tr>")
    return (f'<table style="border-collapse:collapse"><thead><tr><th style="{_CELL}">'
            + escape(tr("game")) + f'</th><th style="{_CELL}">'
            + escape(tr("rules that cite each source")) + "</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


def _name_html(key: str) -> str:
    """A source's name escaped, its ``<cite>`` markup kept."""
    name = _source_name(key)
    return "<cite>".join("</cite>".join(escape(p) for p in part.split("</cite>"))
                         for part in name.split("<cite>"))
