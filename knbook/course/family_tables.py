"""The family chapters' tables, and where their rules come from (issue 25, items 1 and 6).

A table says what each rule is, in plain words, with no source in its rows; the sources
go once into the chapter's "Where the sources differ" section (:func:`where_from`), in
reader's words (:func:`knlib.sources.for_reader`).

* :class:`RuleRow`: one row of a table, with the code citation of its rule.
* :func:`rules_table`: the rows as a reader's table (a wide one turns into cards on a phone).
* :func:`where_from`: the rows' sources as a short list, rows with the same sources together.
* :func:`deal_rules`, :func:`one_suit_rules`: the deal procedures of Karniffel and of the two
  Karnöffel versions.
* :func:`game_facts`, :func:`inherited_and_changed`: the comparison chapter's two tables.
* :func:`timeline_rows`: the history's timeline, each date with the text that gives it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from knlib.cards import Card
from knlib.engine.scoring import stakes
from knlib.errors import RulesError
from knlib.games import ChainRuleset, TableRule, branch_heads, procedure, ruleset
from knlib.kinds import ActionKind
from knlib.rules.dealing import seat_word
from knlib.sources import (
    S000_PLAY,
    S000_RANKING,
    S000_SCORING,
    S002_CHOSEN,
    S002_PRELIM,
    S003_DEAL,
    S003_TRUMP,
    STY_CLASSES,
    STY_DEAL,
    STY_END,
    for_reader,
)

from ..i18n import marked, ntr, tr
from ..pictures import TIMELINE
from .book_helpers import HtmlBlock, MystMarkdown, merge_citations, reader_table

__all__ = ["RuleRow", "citations", "rules_table", "where_from", "deal_rules", "one_suit_rules",
           "game_facts", "inherited_and_changed", "timeline_rows", "exchange_offers_text",
           "turn_ups_html"]


@dataclass(frozen=True)
class RuleRow:
    """One row of a family table: the rule (or the game) it is about, its values (one a
    column), and the code citation of where the rule is written ("seed 002,
    'Preliminaries': ..."; several joined by "; "; empty for what the computer computes)."""

    rule: str
    values: tuple[Any, ...]
    source: str = ""


def rules_table(header: Sequence[str], rows: Iterable[RuleRow], *,
                min_width: str | None = None) -> HtmlBlock:
    """The rows as a reader's table, without their sources (:func:`reader_table`; with
    ``min_width`` each row becomes a small card on a phone)."""
    rows = list(rows)
    for r in rows:
        if len(r.values) != len(header) - 1:
            raise RulesError(tr("row {rule} has {count} values for the {columns} columns "
                                "{names}", rule=repr(r.rule), count=len(r.values),
                                columns=len(header) - 1, names=list(header[1:])))
    return reader_table(header, [(r.rule, *r.values) for r in rows], min_width=min_width)


#: A Stýrivolt digest's mark of our assumption, "[A]", kept with its citation ("[S: Parlett]",
#: stated by the source, goes: the citation says so).
_MARK = re.compile(r"\s*\[([SA])\b[^\]]*\]")
#: The start of a citation in code form (what :func:`knlib.sources.for_reader` converts).
_CITATION = re.compile(r"(?:[Ss]eeds? \d{3}\b|`?(?:shared/)?rules/README|styrivolt\.md)")


def _without_note(citation: str) -> str:
    """A citation without the note after its first ": " outside parentheses and quotes."""
    depth, quoted = 0, False
    for i, ch in enumerate(citation):
        apostrophe = citation[i - 1:i].isalpha() and citation[i + 1:i + 2].isalpha()
        if ch == "'" and not apostrophe:
            quoted = not quoted
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if citation.startswith(": ", i) and depth == 0 and not quoted:
            return citation[:i].strip()
    return citation.strip()


def citations(source: str) -> str:
    """A row's source in reader's words, without the notes after its citations, each
    source named once: ``"seed 002, 'Aim': three or more tricks"`` gives the Wikipedia
    article's “Aim”. A part that does not start with a citation belongs to the note
    before it."""
    heads: list[str] = []
    for part in (p.strip() for p in source.split(";")):
        if not _CITATION.match(part):
            continue
        assumed = any(m.group(1) == "A" for m in _MARK.finditer(part))
        head = _without_note(_MARK.sub("", part)) + (" [A]" if assumed else "")
        if head not in heads:
            heads.append(head)
    return for_reader(merge_citations("; ".join(heads))) if heads else ""


def where_from(rows: Iterable[RuleRow], *, lead: str) -> MystMarkdown:
    """Where the rows' rules come from, for the "Where the sources differ" section: a
    bold lead, then one line for each set of sources, naming the rows that use it."""
    groups: dict[str, list[str]] = {}
    for r in rows:
        cited = citations(r.source)
        if cited:
            groups.setdefault(cited, []).append(r.rule)
    if not groups:
        raise RulesError(tr("{lead}: none of the rows names a source", lead=repr(lead)))
    lines = [f"**{tr(lead)}**", ""]
    for cited, rules in groups.items():
        lines.append(f"- *{', '.join(rules)}*: {cited}.")
    return MystMarkdown("\n".join(lines))


# -- the deal procedures --------------------------------------------------------------------

#: How a first trick is restricted, in plain words.
FIRST_TRICK = {"no_seven_lead": marked("no chosen Seven may be led to it"),
               "no_seven": marked("no chosen Seven may be played in it"),
               None: marked("no rule")}
#: How the chosen suit is found, in plain words.
CHOSEN_BY = {"face_up": marked("the lowest face-up card"), "turn_ups": marked("two turn-ups")}
#: The exchange of each deal procedure's low chosen card, in plain words.
_EXCHANGE = {"Ten": marked("the Ten for the turn-up of its suit"),
             "dog": marked("the dog for the turn-up of its suit"),
             "Banner": marked("the Banner for the turn-up of its suit")}
#: The units a game is scored in, for the catalogue.
_UNITS = (marked("points"), marked("strokes"), marked("cents"))


def _exchange(low_word: str) -> str:
    if low_word in _EXCHANGE:
        return tr(_EXCHANGE[low_word])
    return f"the {low_word} for the turn-up of its suit"


def deal_rules(game: str) -> list[RuleRow]:
    """A game's deal procedure, rule by rule (the Karniffel chapter's table)."""
    p, rules = procedure(game), ruleset(game)
    return [
        RuleRow(tr("players"), (p.players,), p.players_source),
        RuleRow(tr("cut"), (tr("yes") if p.cut else tr("no"),), p.cut_source),
        RuleRow(tr("cards to each player"), (p.hand_size,), p.deal_source),
        RuleRow(tr("chosen suits"), (rules.n_chosen,), p.chosen_source),
        RuleRow(tr("exchange"), (_exchange(p.low_word),), p.low_source),
        RuleRow(tr("tricks to win"), (p.target,), p.target_source),
        RuleRow(tr("first trick"), (tr(FIRST_TRICK[p.first_trick]),), p.first_trick_source),
        RuleRow(tr("director"), (tr("one in each team") if p.directors else tr("none"),),
                p.directors_source),
    ]


def one_suit_rules(games: Sequence[str]) -> list[RuleRow]:
    """The deal procedures of the one-suit versions side by side, a column per game (the
    Karnöffel chapter's table); each row's sources are all the games' sources."""
    procs = [procedure(g) for g in games]

    def row(rule: str, values: Iterable[Any], sources: Iterable[str]) -> RuleRow:
        return RuleRow(rule, tuple(values), "; ".join(sources))

    return [
        row(tr("players"), (p.players for p in procs), (p.players_source for p in procs)),
        row(tr("cards each"), (p.hand_size for p in procs), (p.deal_source for p in procs)),
        row(tr("the chosen suit comes from"),
            (tr(CHOSEN_BY[p.chosen_by]) if p.chosen_by in CHOSEN_BY else p.chosen_by
             for p in procs), (p.chosen_source for p in procs)),
        row(tr("tricks to win"), (p.target for p in procs), (p.target_source for p in procs)),
        row(tr("the first trick"), (tr(FIRST_TRICK[p.first_trick]) for p in procs),
            (p.first_trick_source for p in procs)),
    ]


# -- the comparison chapter -----------------------------------------------------------------

#: The classes of permanent top cards (Knüffeln's Olen, Karniffel's beasts, Stýrivolt's
#: stickers).
TOP = ("Ole", "beast", "sticker")


def _chosen_for(game: str, chosen: str) -> str:
    return chosen[: ruleset(game).n_chosen]


def game_facts(games: Sequence[str], chosen: str = "HS") -> list[RuleRow]:
    """What the computer knows of each game, a row per game: cards, ranks left out, chosen
    suits, permanent top cards, trick rule, players, cards each, tricks to win."""
    rows = []
    for game in games:
        rules, proc = ruleset(game), procedure(game)
        ch = _chosen_for(game, chosen)
        top = [c for c, r in rules.roles(ch).items() if r.klass in TOP and not r.chosen]
        left_out = [r for r in range(2, 15) if r not in rules.pack_ranks]
        rows.append(RuleRow(rules.title, (
            len(rules.pack),
            " ".join("A" if r == 14 else str(r) for r in left_out),
            rules.n_chosen,
            " ".join(c.symbol for c in rules.sort_by_strength(top, ch)) or tr("none"),
            tr("chain") if isinstance(rules, ChainRuleset) else tr("winner order"),
            proc.players,
            rules.hand_size,
            proc.target,
        ), f"{rules.pack_source}; {proc.target_source}"))
    return rows


#: The header of :func:`game_facts`' table.
FACTS_HEADER = (marked("game"), marked("cards"), marked("ranks left out"),
                marked("chosen suits"), marked("permanent top cards"), marked("trick rule"),
                marked("players"), marked("cards each"), marked("tricks to win"))

#: The family's branch heads, oldest first (:func:`knlib.games.branch_heads`): the games of
#: :func:`inherited_and_changed`.
BRANCHES: tuple[str, ...] = branch_heads()


def inherited_and_changed(branches: Sequence[str] | None = None) -> list[RuleRow]:
    """One idea a row, followed through one game of each branch (by default the head of
    each, :func:`knlib.games.branch_heads`), with Spades chosen (and Hearts as the second
    chosen suit where a game has two). The role names, the bonus and the stakes come from
    the computer; following suit and talk are each game's table rules
    (:attr:`~knlib.games.Ruleset.FOLLOW_SUIT`, :attr:`~knlib.games.Ruleset.PARTNER_TALK`)."""
    games = tuple(branch_heads() if branches is None else branches)
    chosen = {g: "SH"[: ruleset(g).n_chosen] for g in games}
    roles_from = "; ".join((S003_TRUMP, S002_CHOSEN, STY_CLASSES, S000_RANKING))

    def role_of(card: str) -> tuple[str, ...]:
        return tuple(ruleset(g).role(Card(card), chosen[g]).label
                     if Card(card) in ruleset(g).pack else tr("not in the pack")
                     for g in games)

    def table_rule(name: str, rules: Sequence[TableRule]) -> RuleRow:
        return RuleRow(tr(name), tuple(tr(r.words) for r in rules),
                       "; ".join(r.source for r in rules if r.source))

    return [
        RuleRow(tr("chosen suits"), tuple(ruleset(g).n_chosen for g in games),
                "; ".join((S003_DEAL, S002_PRELIM, STY_DEAL + " [A]",
                           "seed 000, 'The Deal and Exchange'"))),
        *(RuleRow(tr(name), role_of(card), roles_from)
          for name, card in ((marked("chosen Jack"), "SJ"), (marked("chosen Six"), "S6"),
                             (marked("chosen Two"), "S2"), (marked("chosen Seven"), "S7"))),
        RuleRow(tr("a led chosen Seven"), tuple(ruleset(g).role(Card("S7"), chosen[g]).taken_by
                                                for g in games), roles_from),
        RuleRow(tr("chosen Nine"), role_of("S9"), roles_from),
        table_rule(marked("follow suit?"), [ruleset(g).FOLLOW_SUIT for g in games]),
        table_rule(marked("talk between partners"), [ruleset(g).PARTNER_TALK for g in games]),
        RuleRow(tr("a clean sweep of the first five"),
                tuple(procedure(g).jann_word if procedure(g).jann else tr("no bonus")
                      for g in games), "; ".join((S000_PLAY, STY_END))),
        RuleRow(tr("scored in"), tuple(tr(stakes(g).unit) for g in games),
                "; ".join((S000_SCORING, STY_END))),
    ]


# -- the history's timeline -----------------------------------------------------------------

def timeline_rows() -> list[RuleRow]:
    """The family's timeline, oldest first: the date, with its branch and event, and the
    text that gives the date (:data:`knbook.pictures.TIMELINE`)."""
    rows = []
    for e in TIMELINE:
        name = f"seed {e.file[:3]}" if e.file[:3].isdigit() else e.file
        rows.append(RuleRow(tr(e.when), (e.branch, tr(e.event)), f"{name}, {e.section}"))
    return rows


# -- the Karniffel chapter's exchange offer -----------------------------------------------------

#: How many choices the computer offers, in words (more are counted in figures).
_CHOICES = {1: marked("one choice"), 2: marked("two choices"), 3: marked("three choices")}


def exchange_offers_text(deal: Any) -> str:
    """What the computer offers the player to move in an exchange phase, in words: 'The
    computer offers South two choices: exchange the Banner ♥10 for the turn-up ♥9, or
    pass.'"""
    def in_words(action: Any) -> str:
        if action.kind == ActionKind.EXCHANGE:
            return tr("exchange the {term} {card} for the turn-up {other}",
                      term=ruleset(deal.rules.id).role(action.card, deal.chosen).term,
                      card=action.card.german_symbol, other=action.other.german_symbol)
        return tr("pass") if action.kind == ActionKind.PASS else action.kind

    offers = [in_words(a) for a in deal.legal_actions()]
    n = len(offers)
    count = tr(_CHOICES[n]) if n in _CHOICES else ntr("{n} choice", "{n} choices", n)
    return tr("The computer offers {name} {count}: {offers}.",
              name=seat_word(deal.names[deal.to_move]), count=count,
              offers=tr(", or ").join(offers))


def turn_ups_html(deal: Any, *, german_symbols: bool = False) -> str:
    """'Turn-ups ♥9 ♠10: the chosen suits are Hearts and Leaves.' as a paragraph (with the
    German-suited symbols of Karniffel's cards when ``german_symbols``)."""
    ups = " ".join(c.german_symbol if german_symbols else c.symbol for c in deal.turn_ups)
    return "<p>" + tr("Turn-ups {cards}: the chosen suits are {suits}.", cards=ups,
                      suits=ruleset(deal.rules.id).chosen_text(deal.chosen)) + "</p>"
