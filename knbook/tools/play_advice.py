"""The coach at the table, drawn: the hint (:func:`hint_html`, a
:class:`~knbook.course.coach.Judgement` of the reader's decision from what the reader can
see) and the review of the whole deal (:func:`review_html`, a
:class:`~knbook.course.coach.DealReview`, with :func:`rewind_row`: "Play on from here").

The page's contract: the hint is ``[data-knlib-hint]`` with ``data-basis="layouts"`` and
``data-layouts`` (how many layouts of the unseen cards were played out), one
``[data-choice]`` row for each of the best options with ``data-cents`` (the expected
payment in cents); the review is ``[data-knlib-review]`` with ``data-complete``, one
``[data-decision]`` for each decision of the reader with ``data-trick`` and ``data-cost``
(whole cents), costliest first. A rule of thumb is named with a link to the evening that
teaches it, relative to the play chapter's page (``book/play/``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from knlib.engine.deal import Action
from knlib.engine.scoring import format_amount
from knlib.render.display import HTML_STYLE

from ..course.coach_words import option_words
from ..i18n import marked, tr
from .controller import Row, button

__all__ = ["hint_html", "review_html", "rewind_row", "thumb_link",
           "HINT_CHOICES"]

#: How many of the best options the hint shows.
HINT_CHOICES = 3
#: The face-up solver's values, labelled as what they are.
FACE_UP_LINE = marked("If all the cards were face up: {best} with best play, {made} after "
                      "your choice.")


def cents(amount: float) -> str:
    """An amount in cents as the course writes it, with its sign: '+0,12 €' in German."""
    return format_amount("cents", round(amount), sign=True)


def thumb_link(thumb: str | None) -> str:
    """The rule of thumb ``thumb`` (an id of :data:`knbook.course.foundation.thumbs.THUMBS`)
    named, with a link to the evening that teaches it; empty for None."""
    if thumb is None:
        return ""
    from ..course.coach import evening_href
    from ..course.foundation.thumbs import THUMBS

    rule = THUMBS[thumb]
    href = evening_href(rule.evening)
    evening = escape(tr("Evening {number}", number=rule.evening))
    words = tr("Rule of thumb: “{name}”, taught on {evening}", name=escape(rule.name),
               evening=f'<a href="{escape(href, quote=True)}" data-thumb="{escape(thumb)}">'
                       f"{evening}</a>")
    return f'<p class="knlib-thumb">{words}</p>'


def _words(judgement: Any, action: Action) -> str:
    deal = judgement.deal
    return option_words(deal, action) if deal is not None else str(action)


def hint_html(judgement: Any) -> str:
    """The hint: the best options with their expected payment over the layouts played
    out, one sentence each, and the rule of thumb that speaks to the decision."""
    n = judgement.layouts
    head = escape(tr("Hint"))
    basis = escape(tr("from what you can see: each choice played out in {count} layouts of "
                      "the cards you cannot see, and what it brings you on average.",
                      count=n))
    rows = []
    for c in judgement.choices[:HINT_CHOICES]:
        won = tr("your side won {wins} of {count}", wins=c.wins, count=n)
        rows.append(
            f'<li data-choice="{escape(str(c.action), quote=True)}" data-cents="{c.cents:.1f}">'
            f"<b>{escape(_words(judgement, c.action))}</b>: {escape(cents(c.cents))} "
            f"(± {escape(format_amount('cents', round(c.error)))}; {escape(won)}). "
            f"{escape(judgement.choice_reason(c.action))}</li>")
    return (f'<div class="knlib-hint" data-knlib-hint data-basis="layouts" data-layouts="{n}"'
            f' style="{HTML_STYLE}"><p><b>{head}</b>, {basis}</p>'
            f"<p>{escape(judgement.reason())}</p>"
            f'<ol class="knlib-choices">{"".join(rows)}</ol>{thumb_link(judgement.thumb)}'
            "</div>")


def _when(trick: int) -> str:
    return tr("Trick {number}", number=trick) if trick else tr("Before the first trick")


def review_html(review: Any) -> str:
    """Every decision of the reader, costliest first: the choice made, the best by the
    hint's judgement, the cost, one sentence why, and the face-up values where the solver
    answered (labelled so)."""
    items = []
    for r in review.costliest():
        j = r.judgement
        made, best = _words(j, r.made), _words(j, j.best.action)
        cost = format_amount("cents", r.cost)
        line = tr("cost {cost} · your choice: {made} · the best: {best}.",
                  cost=f"<b>{escape(cost)}</b>", made=f"<b>{escape(made)}</b>",
                  best=escape(best)) if r.cost else \
            tr("your choice: {made}, none clearly better.", made=f"<b>{escape(made)}</b>")
        face = ""
        if r.face_up is not None:
            before, after = r.face_up
            values = escape(tr(FACE_UP_LINE, best=cents(before), made=cents(after)))
            face = f'<br><small class="knlib-face-up">{values}</small>'
        items.append(
            f'<li data-decision data-trick="{r.trick}" data-cost="{r.cost}" '
            f'data-index="{r.index}"><b>{escape(_when(r.trick))}</b>: {line} '
            f"{escape(r.reason())}{thumb_link(j.thumb)}{face}</li>")
    total = format_amount("cents", sum(r.cost for r in review.decisions))
    head = escape(tr("Your decisions in this deal"))
    basis = escape(tr("each judged as the hint judges it, from what you could see then; "
                      "the costliest first. They cost {total} in all.", total=total))
    early = tr("The review stopped early: these are the decisions it reached.")
    stopped = "" if review.complete else f"<p>{escape(early)}</p>"
    complete = "true" if review.complete else "false"
    return (f'<div class="knlib-review" data-knlib-review data-complete="{complete}" '
            f'style="{HTML_STYLE}"><p><b>{head}</b>: {basis}</p>{stopped}'
            f'<ol class="knlib-decisions">{"".join(items)}</ol></div>')


def rewind_row(review: Any, enabled: bool = True) -> Row:
    """"Play on from here": one button for each reviewed decision, costliest first, that
    takes the deal back to just before it."""
    return Row(tuple(
        button(f"rewind {r.index}",
               tr("{when}: {made}", when=_when(r.trick), made=_words(r.judgement, r.made)),
               enabled=enabled)
        for r in review.costliest()), tr("Play on from here:"))
