"""The whole pack's roles for one pair of chosen suits, as a compact card to keep beside you.

The sheet of Evening 2 (issue 25, item 6): every card of the pack in its role, grouped by
class, strongest class first, like the one-page "at a glance" sheet. Each class is a small
block: the cards that share a role on one line with the role's name, then what they beat and
what takes them. The blocks sit side by side on a wide screen and one under the other on a
phone, so nothing is wider than the text column and no column shrinks to a word a line.
Notes are said once, under the blocks, without citations (those live in the chapter's
"Where the sources differ" box).

Pure Python (the standard library and :mod:`knlib.render.display`), so it also runs under Pyodide.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from knlib.cards import Card
from knlib.games import ruleset
from knlib.render.card_face import says_what_takes_it
from knlib.render.display import card_html, classes_by_strength
from knlib.render.picture_words import class_text

from ..i18n import current_language, ntr, tr

if TYPE_CHECKING:
    from knlib.games import Role, Ruleset

__all__ = ["role_card_html", "role_card_rows"]

_BOX = ("border:1px solid #c9d3dd;border-radius:8px;padding:0.6em 0.8em;margin:0.6em 0;"
        "background:#fbfcfe;color:#1a1a1a;line-height:1.35;max-width:100%;"
        "box-sizing:border-box;overflow-wrap:break-word")
# One block per class: as many side by side as fit (at least 15em each), else one a line.
_GRID = ("display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,15em),1fr));"
         "gap:0.5em 1em")
_HEAD = ("margin:0 0 0.2em;padding-bottom:0.1em;border-bottom:1px solid #999;"
         "font-weight:bold")


def _same(a: Role, b: Role) -> bool:
    return (a.klass, a.name, a.term, a.beats, a.taken_by) == \
        (b.klass, b.name, b.term, b.beats, b.taken_by)


def role_card_rows(game: str | Ruleset, chosen: str | Iterable[str]
                   ) -> list[tuple[str, list[list[Card]]]]:
    """The card's content: (class, rows) pairs, strongest class first; a row is the cards
    of equal strength that share one role (the two chosen Aces, a suit's duds)."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    out: list[tuple[str, list[list[Card]]]] = []
    for klass, members in classes_by_strength(rules, suits):
        rows: list[list[Card]] = []
        for c in members:
            if (rows and _same(roles[rows[-1][0]], roles[c])
                    and rules.strength(rows[-1][0], suits) == rules.strength(c, suits)):
                rows[-1].append(c)
            else:
                rows.append([c])
        out.append((klass, rows))
    return out


def _beats_line(role: Role) -> str:
    """What a role beats and what takes it, under its name: 'Beats … . Taken only by …' in
    English; in German one sentence with its subject ('Sie sticht …; sie ist ausgespielt
    unschlagbar'), since a German sentence does not start with its verb."""
    if not says_what_takes_it(role):
        return (tr("Beats {beats}.", beats=role.beats) if current_language() == "en" else
                tr("{title:It} beats {beats}.", title=role.title, beats=role.beats))
    if current_language() == "en":
        taken = role.taken_by.removeprefix("is ")
        return tr("Beats {beats}. {taken}.", beats=role.beats,
                  taken=taken[:1].upper() + taken[1:])
    return tr("{title:It} beats {beats}; {title:it} {taken_by}.", title=role.title,
              beats=role.beats, taken_by=role.taken_by)


def role_card_html(game: str | Ruleset, chosen: str | Iterable[str]) -> str:
    """Every card of the game's pack in its role with ``chosen`` chosen, as one compact
    card: a block per role class, strongest first, each row the cards, the role's name,
    what they beat and what takes them; the notes once, at the foot."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    title = tr("{game}: {chosen} chosen", game=rules.title, chosen=rules.chosen_text(suits))
    blocks, notes = [], []
    for klass, rows in role_card_rows(rules, suits):
        count = ntr("{n} card", "{n} cards", sum(len(r) for r in rows))
        items = []
        for row in rows:
            role = roles[row[0]]
            cards = " ".join(card_html(c, rules) for c in row)
            name = (f"<b>{escape(role.term)}</b> ({escape(role.name)})" if role.term
                    else escape(role.name))
            items.append(
                f'<li style="margin:0 0 0.35em">{cards} · {name}'
                f'<div style="font-size:0.9em;color:#333">{escape(_beats_line(role))}'
                "</div></li>")
            for c in row:
                note = roles[c].note or ""
                if note and note not in notes:
                    notes.append(note)
        blocks.append(
            f'<section style="min-width:0"><div style="{_HEAD}">{escape(class_text(klass))} '
            f'<span style="font-weight:normal;color:#555">({count})'
            f'</span></div><ul style="list-style:none;margin:0;padding:0">{"".join(items)}'
            f"</ul></section>")
    foot = "".join('<p style="margin:0.4em 0 0;font-size:0.9em">'
                   + tr("<i>Note:</i> {note}.", note=escape(note.rstrip(".")))
                   + "</p>" for note in notes)
    return (
        f'<div class="knlib-role-card" role="group" aria-label="{escape(title)}" '
        f'style="{_BOX}">'
        f'<div style="font-weight:bold;font-size:1.1em;margin-bottom:0.1em">'
        f"{escape(title)}</div>"
        f'<div style="font-size:0.9em;color:#444;margin-bottom:0.5em">'
        + tr("Every card of the pack in its role, the strongest class first.") + "</div>"
        f'<div style="{_GRID}">{"".join(blocks)}</div>{foot}</div>'
    )
