"""The page face: the practice tools drawn as HTML for the book's in-page runtime.

The book's static pages hold each tool's *root* (:func:`root_html`): a picture of the
tool's first view, its settings as JSON, and a button that starts it. The page's
JavaScript starts Pyodide in a Web Worker, and from there calls :func:`start`,
:func:`act` and :func:`restore` with plain strings; each returns a JSON object whose
``html`` the page puts in the root as it is. The page only draws that HTML and sends
back the ``data-action`` (and the value, for a list or a text box) of what the reader
used: no rule, legality check or text of the game is in the JavaScript.

The contract the page and the browser tests rely on:

* a root has ``data-knlib-app="NAME"`` (a name of :data:`knbook.tools.TOOLS`) and
  ``data-state`` (``static`` before the start, then ``loading``, ``ready`` or ``error``);
* every control is a ``<button>``, ``<select>`` or ``<input>`` with ``data-action``;
  only the enabled ones can be used;
* a finished deal or lesson is ``"over": true``, drawn as ``data-over="true"``;
* a view's :attr:`~.controller.ToolView.attrs` are drawn as data attributes of the root
  (``data-deal``, ``data-kind``), and the reply's ``config`` is the tool's settings as
  it settled them (a fresh deal's number): the page keeps it, so a tool rebuilt after a
  cancel is the same tool;
* the page passes its language (``<html lang>``, "de" on the German site) as the last
  argument of every call, and the tool speaks it (:func:`page_language`).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from knlib.errors import RulesError

from ..i18n import LANGUAGES, language, marked, tr
from .controller import UNEXPECTED, Control, Html, Row, Tool, ToolView

__all__ = ["root_html", "view_html", "start", "act", "restore", "set_progress", "PAGE_WORDS",
           "page_words", "page_language"]

#: What the page itself says while Python is not there yet (loading, waiting, cancelling).
#: The book inlines these in every page (page/knlib_page.py); the page's script has no
#: words of its own.
PAGE_WORDS: dict[str, str] = {
    "loading": marked("Getting the practice tools ready. The first time this takes a few "
                     "seconds; after that it is quick."),
    "stage_python": marked("Starting the practice tools in your browser"),
    "stage_rules": marked("Loading the rules of the game"),
    "stage_tool": marked("Setting up this tool"),
    "working": marked("Working it out"),
    "cancel": marked("Cancel"),
    "cancelled": marked("Stopped. Nothing was changed."),
    "failed": marked("The practice tools could not start in this browser. The pictures on "
                    "this page still show every example."),
    "unserved": marked("The practice tools work only when the book is served, not when its "
                       "page is opened as a file. In the book's folder, run “make serve” and "
                       "open the address it prints."),
    "enlarge": marked("Tap the picture to see it full size."),
    # the decision trainer's score kept in the browser (page/static/knlib/scores.js)
    "kept": marked("Kept in this browser: {right} of {total} right."),
    "kept_off": marked("This browser does not let the page keep your score, so it counts "
                       "this visit only."),
    "decisions": marked("Your decisions in the trainer: {right} of {total} right."),
    "decisions_none": marked("No decisions answered in the trainer in this browser yet."),
    "lost": marked("This tool was reset because the page's helper stopped. Press the button "
                  "to start it again."),
}


def page_words() -> dict[str, str]:
    """:data:`PAGE_WORDS` in the current language (knlib.i18n)."""
    return {key: tr(text) for key, text in PAGE_WORDS.items()}


def page_language(lang: object) -> str:
    """The language knlib speaks on a page whose ``<html lang>`` is ``lang``: its primary
    subtag ("de" for "de-DE") if knlib writes in it, else English (a page's attribute is
    not the reader's input, so it is not refused)."""
    code = str(lang or "").strip().lower().replace("_", "-").partition("-")[0]
    return code if code in LANGUAGES else "en"

#: The tools open in this page, by the number :func:`start` gave them.
_open: dict[int, Tool] = {}
_hook: Any = None


def _attr(value: str) -> str:
    return escape(value, quote=True)


def control_html(control: Control, live: bool = True) -> str:
    """One control as HTML; a static picture (``live=False``) has every control off."""
    off = "" if live and control.enabled else " disabled"
    data = f' data-action="{_attr(control.action)}"'
    if control.long:
        data += ' data-long="true"'
    tone = f" knlib-{control.tone}" if control.tone else ""
    if control.kind == "choice":
        options = "".join(
            f'<option value="{_attr(value)}"{" selected" if value == control.value else ""}>'
            f"{escape(label)}</option>" for label, value in control.options)
        return (f'<label class="knlib-field">{escape(control.label)} '
                f'<select{data}{off}>{options}</select></label>')
    if control.kind == "text":
        return (f'<label class="knlib-field">{escape(control.label)} '
                f'<input type="text"{data} value="{_attr(control.value)}"'
                f' autocomplete="off" spellcheck="false"{off}></label>')
    kind = "knlib-card" if control.kind == "card" else "knlib-btn"
    pressed = f' aria-pressed="{"true" if control.pressed else "false"}"' \
        if control.kind == "card" or control.pressed else ""
    if control.html:
        face = control.html
        named = f' aria-label="{_attr(control.label)}" title="{_attr(control.label)}"'
    else:
        face, named = escape(control.label), ""
    return (f'<button type="button" class="{kind}{tone}"{data}{pressed}{named}{off}>'
            f"{face}</button>")


def view_html(view: ToolView, live: bool = True) -> str:
    """A view as HTML, top to bottom, with its message first where the reader looks."""
    out = []
    if view.message:
        out.append(f'<p class="knlib-message" role="alert">⚠ {escape(view.message)}</p>')
    for part in view.parts:
        if isinstance(part, Html):
            out.append(f'<div class="knlib-part">{part.html}</div>')
        elif isinstance(part, Row):
            label = f'<span class="knlib-row-label">{escape(part.label)}</span>' \
                if part.label else ""
            controls = "".join(control_html(c, live) for c in part.controls)
            attrs = "".join(f' data-{_attr(k)}="{_attr(v)}"' for k, v in part.attrs)
            row = f'<div class="knlib-row"{attrs}>{label}{controls}</div>'
            if part.fold:  # folded away under its title (a lesson's other choices)
                row = (f'<details class="knlib-others" data-knlib-others'
                       f'{" open" if part.open else ""}><summary>{escape(part.fold)}'
                       f"</summary>{row}</details>")
            out.append(row)
    return "".join(out)


def root_html(tool: Tool) -> str:
    """The tool's root on a static page: its view now as a picture, its settings and the
    actions taken so far (the page replays them), and the button that starts it."""
    settings, view = tool.preview()
    config = json.dumps(settings, sort_keys=True, ensure_ascii=False)
    log = json.dumps(tool.log, ensure_ascii=False)
    attrs = "".join(f' data-{_attr(k)}="{_attr(v)}"' for k, v in view.attrs)
    return (f'<div class="knlib-app" data-knlib-app="{tool.name}" data-state="static"'
            f' data-config="{_attr(config)}" data-log="{_attr(log)}"{attrs}>'
            '<div class="knlib-app-start">'
            f'<button type="button" class="knlib-btn knlib-main knlib-try">'
            f"{escape(tr(tool.start_label))}</button>"
            '<span class="knlib-app-status" aria-live="polite"></span></div>'
            f'<div class="knlib-app-body">{view_html(view, live=False)}</div></div>')


# --- what the page's worker calls ---------------------------------------------------------


def _reply(tool_id: int | None, view: ToolView | None, *, logged: bool = False,
           error: str = "", tool: Tool | None = None) -> str:
    if view is None:
        return json.dumps({"id": tool_id, "error": error})
    reply: dict[str, Any] = {"id": tool_id, "html": view_html(view), "over": view.over,
                             "message": view.message, "logged": logged,
                             "attrs": dict(view.attrs)}
    if tool is not None:
        reply["config"] = json.dumps(tool.config, sort_keys=True, ensure_ascii=False)
    return json.dumps(reply)


def _report(tool_id: int):
    def progress(done: int, total: int, what: str) -> None:
        if _hook is not None:
            _hook(tool_id, done, total, what)
    return progress


def _opened(tool: Tool) -> str:
    tool_id = len(_open) + 1
    while tool_id in _open:
        tool_id += 1
    tool.progress = _report(tool_id)
    _open[tool_id] = tool
    return _reply(tool_id, tool.shown(), tool=tool)


def start(name: str, config: str, lang: str = "en") -> str:
    """Open the tool ``name`` with the settings ``config`` (JSON); its first view, in the
    page's language ``lang``."""
    return restore(name, config, "[]", lang)


def restore(name: str, config: str, log: str, lang: str = "en") -> str:
    """Open the tool ``name`` again after the actions of ``log`` (JSON pairs of action and
    value): the page does this when long work was cancelled and the runtime restarted.
    The tool speaks the page's language ``lang``."""
    with language(page_language(lang)):
        return _restore(name, config, log)


def _restore(name: str, config: str, log: str) -> str:
    from . import tool_class

    try:
        settings = json.loads(config)
        steps = [(str(a), str(v)) for a, v in json.loads(log)]
        if not isinstance(settings, dict):
            raise RulesError(tr("{config}: a tool's settings are a JSON object",
                                config=repr(config)))
        tool = tool_class(name).replayed(settings, steps)
    except RulesError as err:
        return _reply(None, None, error=str(err))
    except Exception as err:  # noqa: BLE001 - the page shows a message, never a traceback
        return _reply(None, None, error=tr(UNEXPECTED, error=type(err).__name__))
    return _opened(tool)


def act(tool_id: int, action: str, value: str = "", lang: str = "en") -> str:
    """The reader used the control ``action`` of tool ``tool_id`` (with ``value`` for a
    list or a text box): the new view, and whether the action was taken, in the page's
    language ``lang``."""
    with language(page_language(lang)):
        tool = _open.get(tool_id)
        if tool is None:
            return _reply(tool_id, None, error=tr("tool {number} is not open on this page",
                                                  number=tool_id))
        before = len(tool.log)
        view = tool.answer(action, value)
        return _reply(tool_id, view, logged=len(tool.log) > before, tool=tool)


def set_progress(hook: Any) -> None:
    """Where long work reports (tool number, done, total, what): the page's worker."""
    global _hook
    _hook = hook
