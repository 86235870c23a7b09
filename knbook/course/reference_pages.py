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
from knlib.games import GAMES, procedure, ruleset
from knlib.players.talk import GLOSSARY, glossary_html
from knlib.sources import S000_GLOSSARY, SOURCES, reader_name

from ..i18n import marked, ntr, tr
from .book_helpers import MystMarkdown

__all__ = ["ROLE_EXAMPLES", "role_examples_md", "glossary_intro_md", "eatons_glossary_html",
           "further_terms_html", "free_lead_html", "citations", "source_counts_html"]

#: The chosen suits of each game's role table on the roles page, and why these.
ROLE_EXAMPLES: dict[str, tuple[str, str]] = {
    "knueffeln": ("HS", marked("the example trick of {cite:t}`mcleod-knueffeln`")),
    "knueffeln-hattstedt": ("HS", marked("as Bohmstedt, for comparison")),
    "knueffeln-1924": ("CH", marked("the example of the Wikipedia article “Knüffeln” "
                                    "{cite:p}`wikipedia-knueffeln`")),
    "knueffeln-1938": ("HS", marked("as Bohmstedt, for comparison")),
    "styrivolt": ("HS", marked("as Knüffeln, for comparison")),
    "karniffel": ("SD", marked("Leaves and Bells, the example of the Wikipedia article "
                               "“Karniffel” {cite:p}`wikipedia-karniffel`")),
    "karnoeffel": ("H", marked("as the 2024 single ranking, for comparison")),
    "karnoeffel-2024": ("H", marked("cups, read as hearts, in the example of "
                                    "{cite:t}`lunar-lands-2024`")),
}


def role_examples_md() -> MystMarkdown:
    """The roles page's table: each game, the suits its role table chooses, and why."""
    rows = ["| " + tr("game") + " | " + tr("chosen") + " | " + tr("why") + " |",
            "|---|---|---|"]
    for game, (chosen, why) in ROLE_EXAMPLES.items():
        rules = ruleset(game)
        rows.append(f"| {rules.title} | {rules.chosen_text(rules.check_chosen(chosen))} | "
                    f"{tr(why)} |")
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
