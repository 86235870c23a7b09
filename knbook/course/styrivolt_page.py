"""The Stýrivolt chapter's tables: each rule, whether a source states it or we assume it,
and what the computer does (the engine's answer), in the current language.

>>> "our assumption" in rules_table_html()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from knlib.cards import Card
from knlib.engine.questions import open_questions
from knlib.engine.scoring import stakes
from knlib.games import STYRIVOLT, ChainRuleset, procedure, role, ruleset
from knlib.rules.tricks import trick_winner

from ..i18n import marked, ntr, tr

__all__ = ["MARKS", "RULES", "rules_table_html", "table_html", "takes_text", "order_text",
           "chalk_header"]

GAME = STYRIVOLT
CHOSEN = "HS"
_CELL = "padding:3px 8px;text-align:left;vertical-align:top"

#: A rule's mark: its words and its badge's shade.
MARKS: dict[str, tuple[str, str]] = {
    "S": (marked("stated by a source"), "#dcefdc"),
    "A": (marked("our assumption"), "#fde2c4"),
    "S/A": (marked("stated; details our assumption"), "#eeeeee"),
}

#: The rules: (rule, mark, reason for an assumption, what the engine is asked). The last is
#: an open question's topic ("q:topic") or one of the engine's answers named below.
RULES: tuple[tuple[str, str, str, str], ...] = (
    (marked("four players, two partnerships, partners opposite"), "S", "", "players"),
    (marked("48 cards: a French pack without its Tens"), "S", "", "pack"),
    (marked("shuffled between deals, never cut"), "S", "", "cut"),
    (marked("nine cards each, dealt in threes; twelve in the stock"), "S", "", "packets"),
    (marked("the first side to win five of the nine tricks wins"), "S", "", "target"),
    (marked("no duty to follow suit"), "A", marked("as in every relative"), "q:follow_suit"),
    (marked("forehand leads first; the deal passes to the left"), "A",
     marked("the custom of the family"), "q:first_lead"),
    (marked("chosen suits found as in Knüffeln, from the stock"), "A",
     marked("a stand-in until the rule is known"), "q:chosen_suits"),
    (marked("a rule on taking the stock (an illegal taking costs a cross)"), "S/A", "",
     "q:stock_taking"),
    (marked("permanent stickers ♥2 > ♣4 > ♠8 > ♥9 > ♦9"), "S", "", "order:D9 H9 S8 C4 H2"),
    (marked("... beat every card but a led lamb"), "S", "", "takes:S7 H2"),
    (marked("chosen Aces (styrivolts), then Jacks (karnifls), below the five"), "S", "",
     "order:D9 SA SJ"),
    (marked("of two equal chosen Aces (Jacks) the first stays ahead"), "A",
     marked("as in Alkort"), "q:ties"),
    (marked("the beaters rank 6 (pavstur) > 2 > 3 > 4"), "S", "", "order:S4 S3 S2 S6"),
    (marked("what each beater takes among leaders and unchosen cards"), "A",
     marked("by analogy with Knüffeln"), "q:beater_thresholds"),
    (marked("lambs (chosen Sevens): unbeatable when led, else worthless"), "S", "", "beats:S7"),
    (marked("leaders (chosen 9, K, Q, 5 ...) win only when led"), "S", "", "beats:S9"),
    (marked("unchosen suits rank naturally: a higher card takes a lower"), "S", "",
     "takes:D8 DJ"),
    (marked("... and a leader never takes an unchosen card"), "S", "", "takes:D8 SQ"),
    (marked("a permanent sticker in a chosen suit stays a sticker"), "A",
     marked("as an Ole in Knüffeln"), "q:ole_in_chosen_suit"),
    (marked("each card is compared with the card ahead (Knüffeln's chain)"), "A",
     marked("as in Knüffeln"), "chain"),
    (marked("the vol: the first five tricks; the side may play on for nine"), "S", "",
     "q:vol_decision"),
    (marked("strokes: game 1, vol 2, all nine 3"), "S", "", "strokes"),
    (marked("a vol alone is a cross, all nine alone a double cross"), "S", "", "q:lone_cross"),
    (marked("failing at all nine costs the deal and a penalty"), "S/A", "",
     "q:failed_all_nine"),
)


def order_text(cards: str) -> str:
    """The cards strongest first, as the engine ranks them: '♥2 > ♣4 > ...'."""
    ranked = ruleset(GAME).sort_by_strength(cards.split(), CHOSEN)
    return " > ".join(c.symbol for c in ranked)


def takes_text(first: str, second: str) -> str:
    """Does the second card take the first, led? Asked of the engine, said in words."""
    won = trick_winner(ruleset(GAME), [first, second], CHOSEN) == 1
    a, b = Card(first).symbol, Card(second).symbol
    if won:
        return tr("{card} takes a led {led}", card=b, led=a)
    return tr("{card} does not take a led {led}", card=b, led=a)


def _answer(what: str) -> str:
    """What the computer does about one rule, in words."""
    rules, p, pay = ruleset(GAME), procedure(GAME), stakes(GAME)
    kind, _, arg = what.partition(":")
    if kind == "q":
        return next(q.reading for q in open_questions(GAME) if q.topic == arg)
    if kind == "order":
        return order_text(arg)
    if kind == "takes":
        return takes_text(*arg.split())
    if kind == "beats":
        return role(GAME, arg, CHOSEN).beats
    if kind == "chain":
        return tr("chain rule") if isinstance(rules, ChainRuleset) else tr("winner order")
    if kind == "players":
        return ntr("{n} player", "{n} players", p.players[0])
    if kind == "pack":
        return ntr("{n} card", "{n} cards", len(rules.pack))
    if kind == "cut":
        return tr("cut") if p.cut else tr("no cut")
    if kind == "packets":
        return tr("{packets} cards", packets=" + ".join(map(str, p.packets)))
    if kind == "target":
        return ntr("{n} trick", "{n} tricks", p.target)
    return f"{pay.basic}, {pay.jann}, {pay.march} {tr(pay.unit)}"


def _badge(mark: str, why: str = "") -> str:
    """A mark ('S', 'A', 'S/A') as a labelled badge, with the reason for an assumption."""
    word, shade = MARKS[mark]
    style = (f"background:{shade};padding:1px 6px;border:1px solid #888;"
             "border-radius:8px;white-space:nowrap")
    return f'<span style="{style}">{tr(word)}</span>' + (f" {escape(tr(why))}" if why else "")


def table_html(header: Sequence[str], rows: Sequence[Sequence[object]], *,
               wide: bool = False) -> str:
    """A small HTML table of escaped text; a (mark, reason) pair becomes a badge. A wide
    table turns each row into a small card on a phone (each value after its column's
    name)."""
    def td(label: str, value: object) -> str:
        shown = _badge(*value) if isinstance(value, tuple) else escape(str(value))
        return f'<td data-label="{escape(label)}" style="{_CELL}">{shown}</td>'

    head = "".join(f'<th style="{_CELL}">{escape(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(td(h, c) for h, c in zip(header, r, strict=True))
                   + "</tr>" for r in rows)
    html = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="knlib-wide">{html}</div>' if wide else html


def rules_table_html() -> str:
    """Stýrivolt's rules: each rule, stated or assumed (with the reason), and what the
    computer does."""
    rows = [(tr(rule), (mark, why) if why else (mark,), _answer(what))
            for rule, mark, why, what in RULES]
    header = [tr("rule"), tr("stated or assumed"), tr("what the computer does")]
    return table_html(header, rows, wide=True)


def chalk_header() -> list[str]:
    """The heading of the chalk-up table: deal, result, bars and crosses of each side."""
    return [tr("deal"), tr("result"), tr("bars left (N-S/E-W)"), tr("crosses (N-S/E-W)")]
