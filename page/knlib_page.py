"""Sphinx glue for the book's in-page runtime (listed in _config.yml).

Every practice tool on a static page (a root drawn by :func:`knlib.apps.tools.page.root_html`)
comes alive in the reader's browser: ``_static/knlib/page.mjs`` starts Pyodide in a Web
Worker (``_static/knlib/worker.mjs``) when the reader first presses "Try it", loads
knlib's pure wheel into it, and from then on draws what the tool's Python controller
returns. Everything comes from the site itself, so it works offline:

* ``_static/pyodide/``: Pyodide's core from the npm package ``pyodide`` and the pure
  wheels the JupyterLite kernel needs, as ``tools/pyodide_mirror.py`` made them
  (``make pyodide-mirror``); the Lite app loads the same copy (lite/jupyter-lite.json);
* ``_static/knlib/knlib.whl``: knlib's wheel, as ``tools/build_lite_wheels.py`` made it;
* the page's words, from :func:`knlib.apps.tools.page.page_words` in the site's language
  (``language`` in _config.yml: "de" for the German site), inlined in every page
  (``window.knlibWords``), so the page says nothing that is not in Python; the page
  passes its ``<html lang>`` to every tool it calls, so the tools speak it too.

A figure (a chapter's picture drawn by matplotlib) is shrunk to the column on a phone,
where its labels become too small to read; so each is a link to itself at full size, and
on a narrow screen a line under it says so (:func:`enlargeable_figures`).
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MIRROR = ROOT / "_build" / "pyodide-mirror"
WHEELS = ROOT / "lite" / "pypi"


def _words_script(lang: str | None = None) -> str:
    from knlib.apps.tools.page import page_language, page_words
    from knlib.i18n import language

    with language(page_language(lang)):
        words = page_words()
    return "window.knlibWords = " + json.dumps(words, ensure_ascii=False) + ";"


def _site_language(app: Sphinx | None) -> str | None:
    return getattr(getattr(app, "config", None), "language", None)


#: A chapter's figure as the book writes it: a PNG of the build's image folder.
_FIGURE = re.compile(r'<img alt="[^"]*" src="((?:\.\./)*_images/[0-9a-f]+\.png)" />')


def enlargeable_figures(app: Sphinx, pagename: str, templatename: str, context: dict,
                         doctree: object) -> None:
    """Make each figure of the page a link to its full-size picture, with a line under it
    that narrow screens show (page.css)."""
    from knlib.apps.tools.page import page_language, page_words
    from knlib.i18n import language

    body = context.get("body")
    if not body:
        return
    with language(page_language(_site_language(app))):
        hint = html.escape(page_words()["enlarge"])

    def link(m: re.Match[str]) -> str:
        return (f'<a class="knlib-zoom" href="{m.group(1)}">{m.group(0)}'
                f'<span class="knlib-zoom-hint">{hint}</span></a>')

    context["body"] = _FIGURE.sub(link, body)


def language_link(app: Sphinx, pagename: str, templatename: str, context: dict,
                  doctree: object) -> None:
    """Link the page to the same page in the other language: the English site's pages are
    at its root, the German site's at the same paths under ``de/`` (``make book``)."""
    from knlib.i18n import LANGUAGE_NAMES

    body = context.get("body")
    if body is None:
        return
    here = app.config.language or "en"
    other = "en" if here == "de" else "de"
    up = "../" * pagename.count("/")
    href = up + ("../" if here == "de" else "de/") + pagename + ".html"
    name = html.escape(LANGUAGE_NAMES[other])
    context["body"] = (f'<p class="knlib-language"><a href="{href}" hreflang="{other}" '
                       f'lang="{other}">{name}</a></p>' + body)
    context["metatags"] = (context.get("metatags", "") +
                           f'<link rel="alternate" hreflang="{other}" href="{href}">')


def _copy_runtime(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    if not (MIRROR / "pyodide-lock.json").is_file():
        raise ExtensionError(f"no Pyodide copy in {MIRROR}: run `make pyodide-mirror`")
    wheels = sorted(WHEELS.glob("knlib-*.whl"))
    if not wheels:
        raise ExtensionError(f"no knlib wheel in {WHEELS}: run `make lite-wheels`")
    target = static / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(MIRROR, target)
    shutil.copyfile(wheels[-1], static / "knlib" / "knlib.whl")


def _static_path(app: Sphinx, config) -> None:
    config.html_static_path.append(str(HERE / "static"))
    app.add_js_file(None, body=_words_script(config.language))


class TranslatedCaptions(SphinxTransform):
    """The sidebar's section captions in the site's language. sphinx-external-toc inserts
    the table of contents (priority 100) after Sphinx has translated the page, so its
    captions are translated here, from the page's own catalogue (the master page's .po
    holds them)."""

    default_priority = 101

    def apply(self, **kwargs: object) -> None:
        from os import path

        from sphinx import addnodes
        from sphinx.locale import init as init_locale
        from sphinx.util.i18n import docname_to_domain

        if (self.config.language or "en") == "en":
            return
        domain = docname_to_domain(self.env.docname, self.config.gettext_compact)
        dirs = [path.join(self.env.srcdir, d) for d in self.config.locale_dirs]
        catalog, found = init_locale(dirs, self.config.language, domain)
        if not found:
            return
        for node in self.document.findall(addnodes.toctree):
            if node.get("caption"):
                node["caption"] = catalog.gettext(node["caption"])


def setup(app: Sphinx) -> dict:
    app.add_transform(TranslatedCaptions)
    app.connect("config-inited", _static_path)
    app.add_css_file("knlib/page.css")
    app.add_js_file("knlib/page.mjs", type="module")
    app.connect("build-finished", _copy_runtime)
    app.connect("html-page-context", enlargeable_figures)
    app.connect("html-page-context", language_link)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
