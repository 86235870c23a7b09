"""Decision questions drawn for the page: :func:`decision_html` draws one question as a
small form that works on the static page with no kernel and no script (radio buttons
and CSS); :func:`picture_html` draws one of a question's pictures.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ...i18n import tr
from .positions import LETTERS

__all__ = ["decision_html", "decisions_html"]


def picture_html(q: Any, pic: Sequence[Any], *, dark: bool = False) -> str:
    """One of a question's pictures (a hand, a row of cards or a trick) with its caption;
    ``dark`` for a caption on a dark background (the self-check quiz)."""
    from knlib.render.display import hand_html, trick_html

    caption, kind, cards = pic[0], pic[1], pic[2]
    if not cards:
        none = tr("(none)")
        body = f"<p style='margin:0;color:#555'>{html.escape(none)}</p>"
    elif kind == "trick":
        body = trick_html(cards, game=q.game, chosen=q.chosen, seats=pic[3], width=52,
                          winner_text="ahead")
    elif kind == "hand" and q.chosen:
        body = hand_html(cards, game=q.game, chosen=q.chosen, width=52)
    else:
        body = hand_html(cards, width=52, sort=False)
    colour = "#f0f0f0" if dark else "#444"
    return (f"<figure style='margin:0.3em 0'>{body}<figcaption style='font-size:0.85em;"
            f"color:{colour}'>{html.escape(caption)}</figcaption></figure>")


_CSS = (
    "<style>"
    ".knlib-decision{border:1px solid #8a8a8a;border-radius:8px;padding:0.6em 1em;"
    "margin:0.8em 0;background:#fbfbf7;color:#1a1a1a}"
    ".knlib-decision .opt{flex:1;margin:0.25em 0;padding:0.3em 0.6em;border:1px solid "
    "#b0b0b0;border-radius:5px;background:#fff;cursor:pointer}"
    ".knlib-decision .row input{flex:0 0 auto;width:auto;display:inline-block;margin:0 0.5em 0 0}"
    ".knlib-decision .fb{display:none;margin:0.2em 0 0.5em 1.6em;padding:0.3em 0.6em;"
    "border-left:4px solid #b00020;background:#fff3f3}"
    ".knlib-decision .fb.right{border-left-color:#1b5e20;background:#eef7ee}"
    ".knlib-decision input:checked+label+.fb{display:block}"
    ".knlib-decision input:checked+label{border-color:#2f4b7c;background:#eef2fa}"
    ".knlib-decision .row{display:flex;flex-wrap:wrap;align-items:center}"
    ".knlib-decision .row .fb{flex-basis:calc(100% - 1.6em);box-sizing:border-box}"
    "</style>"
)


def decision_html(q: Any, *, number: int | None = None, uid: str | None = None) -> str:
    """One decision question as a form that works without a kernel or a script: pictures,
    the question, and one radio button per option; choosing an option shows why it is right
    or wrong (CSS only). ``uid`` makes the element ids unique on a page."""
    e = html.escape
    uid = uid or f"knlibD{abs(hash((q.kind, str(q.seed)))) % 10**8}"
    from knlib.sources import for_reader

    pics = "".join(picture_html(q, p) for p in q.pictures)
    head = f"{number}. " if number is not None else ""
    opts = []
    for i, (o, fb) in enumerate(zip(q.options, q.feedback, strict=True)):
        oid = f"{uid}o{i}"
        cls = "fb right" if i == q.answer else "fb"
        mark = "✔ " if i == q.answer else "✘ "
        opts.append(f"<div class='row'><input type='radio' name='{uid}' id='{oid}' "
                    f"value='{i}'><label class='opt' for='{oid}'>{LETTERS[i]}. {e(o)}</label>"
                    f"<div class='{cls}' role='status'>{mark}{e(for_reader(fb))}</div></div>")
    css = _CSS
    return (f"{css}<div class='knlib-decision' id='{uid}' data-kind='{e(q.kind)}' "
            f"data-answer='{q.answer}'>"
            f"<p style='margin:0.2em 0;font-weight:bold'>{head}{e(q.title)}</p>{pics}"
            f"<p style='margin:0.4em 0'>{e(for_reader(q.prompt))}</p>"
            f"<fieldset style='border:0;padding:0;margin:0'><legend style='position:absolute;"
            f"left:-9999px'>{e(q.title)}</legend>{''.join(opts)}</fieldset></div>")


def decisions_html(questions: Sequence[Any], *, prefix: str = "knlibD") -> str:
    """Several decision questions, numbered, each with its own ids."""
    return "".join(decision_html(q, number=i + 1, uid=f"{prefix}{i}")
                   for i, q in enumerate(questions))
