"""Sphinx glue for the book's in-page runtime (listed in _config.yml).

Every practice tool on a static page (a root drawn by :func:`knbook.tools.page.root_html`)
comes alive in the reader's browser: ``_static/knlib/page.mjs`` starts Pyodide in a Web
Worker (``_static/knlib/worker.mjs``) when the reader first presses "Try it", loads
knlib's pure wheel into it, and from then on draws what the tool's Python controller
returns. Everything comes from the site itself, so it works offline:

* ``_static/pyodide/``: Pyodide's core from the npm package ``pyodide`` and the pure
  wheels the JupyterLite kernel needs, as ``tools/pyodide_mirror.py`` made them
  (``make pyodide-mirror``); the Lite app loads the same copy (lite/jupyter-lite.json);
* ``_static/knlib/knlib.whl``: knlib's wheel, as ``tools/build_lite_wheels.py`` made it;
* both once for the whole site: a site built inside another one (the German site, in
  ``de/``) sets ``knlib_runtime`` to the way up to that site's root ("../"), copies no
  runtime of its own, and its pages load the other's (the ``knlib-runtime`` meta tag,
  :func:`runtime_link`);
* the page's words, from :func:`knbook.tools.page.page_words` in the site's language
  (``language`` in _config.yml: "de" for the German site), inlined in every page
  (``window.knlibWords``), so the page says nothing that is not in Python; the page
  passes its ``<html lang>`` to every tool it calls, so the tools speak it too. A page
  opened from a file (``file://``), where the browser runs neither the page's module script
  nor a worker, says so in each tool and names the command that serves the book
  (``_static/knlib/notice.js``, a classic script, with the words "unserved").
* the decision trainer's score, kept in the browser's local storage by kind of decision
  and shown in each trainer and at the end of each evening (``_static/knlib/scores.js``,
  a classic script; its words are in ``window.knlibWords`` too).

A figure (a chapter's picture drawn by matplotlib) is shrunk to the column on a phone,
where its labels become too small to read; so each is a link to itself at full size, and
on a narrow screen a line under it says so (:func:`enlargeable_figures`). Its alt text is the
one its output carries, in the page's language (``figure_alt.py``).

A site in another language than English (the German site) finds the words that Sphinx and
the themes leave English, or say in a way the book does not, in its own catalogues
(``locale_dirs``): Sphinx reads a ``sphinx.po`` there first by itself (the templates of
``de/_templates`` ask it for their labels); :func:`theme_words` puts a ``booktheme.po`` before
sphinx-book-theme's own, and :func:`script_words` gives the ``sphinx.po``'s words to the
page's scripts (the search page's, whose catalogue, ``translations.js``, is Sphinx's, and
sphinx-togglebutton's labels). Its bibliography is
set in German (``bibliography_de.py``).

The rest keeps the pages free of errors and the site small: each inline script once
(:func:`one_script_each`), no source maps (:func:`_leave_out`), and no download link to a page's
source where the site copies no sources (:func:`source_links`).
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
    from knbook.tools.page import page_language, page_words
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
    from knbook.tools.page import page_language, page_words
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


def runtime_link(app: Sphinx, pagename: str, templatename: str, context: dict,
                 doctree: object) -> None:
    """Tell the page where the site's runtime is: the ``_static/`` folder holding
    ``pyodide/`` and ``knlib/knlib.whl``, relative to the page (page.mjs reads it)."""
    here = context.get("content_root") or "./"
    href = html.escape(here + app.config.knlib_runtime + "_static/", quote=True)
    context["metatags"] = (context.get("metatags", "") +
                           f'<meta name="knlib-runtime" content="{href}">')


def one_script_each(app: Sphinx, pagename: str, templatename: str, context: dict,
                    doctree: object) -> None:
    """Each of the page's scripts once. Sphinx 7.4 lists an inline script added after its
    builder started (sphinx-thebe's ``const THEBE_JS_URL``, sphinx-togglebutton's
    selector) twice, once with the file name None and once with "", and a ``const``
    declared twice is a SyntaxError on every page."""
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple[str, str]] = set()
    kept = []
    for script in scripts:
        key = (str(getattr(script, "filename", script) or ""),
               json.dumps(getattr(script, "attributes", {}), sort_keys=True, default=str))
        if key not in seen:
            seen.add(key)
            kept.append(script)
    context["script_files"] = kept


def source_links(app: Sphinx, pagename: str, templatename: str, context: dict,
                 doctree: object) -> None:
    """Where the site copies no sources (``html_copy_source`` off), the theme's download menu
    links each chapter's notebook in ``knlib_sources`` (the English site: the Lite app's
    copy, the same notebook less its footer link), or keeps only its entries that do not
    link into ``_sources`` (the German site, which ships no notebooks)."""
    if app.config.html_copy_source:
        return
    folder = app.config.knlib_sources
    for group in context.get("header_buttons", []):
        if not isinstance(group.get("buttons"), list):
            continue
        if folder:  # the page's own notebook (Sphinx names no source when it copies none)
            suffix = context.get("page_source_suffix") or ".ipynb"
            for button in group["buttons"]:
                if "_sources" in str(button.get("url", "")):
                    button["url"] = context["pathto"](f"{folder}{pagename}{suffix}", 1)
        else:
            group["buttons"] = [b for b in group["buttons"]
                                if "_sources" not in str(b.get("url", ""))]


#: The themes' catalogues a site's ``locale_dirs`` may put words before (sphinx-book-theme's):
#: a theme registers its own first, and Sphinx would add the site's behind it.
THEME_CATALOGUES = ("booktheme",)


def _site_catalogues(app: Sphinx) -> dict:
    """The site's own catalogues (``.po`` in its ``locale_dirs``) by name; none in English."""
    from sphinx.util.i18n import CatalogRepository

    if (app.config.language or "en") == "en":
        return {}
    repo = CatalogRepository(app.srcdir, app.config.locale_dirs, app.config.language,
                             app.config.source_encoding)
    return {catalog.domain: catalog for catalog in repo.catalogs}


def theme_words(app: Sphinx) -> None:
    """Put the site's catalogue for a theme (:data:`THEME_CATALOGUES`) before the theme's own,
    which stays behind it for the words the site's leaves out."""
    from gettext import GNUTranslations

    from sphinx.locale import translators

    for name, catalog in _site_catalogues(app).items():
        if name not in THEME_CATALOGUES:
            continue
        if catalog.is_outdated():
            catalog.write_mo(app.config.language)
        with open(catalog.mo_path, "rb") as mo:
            ours = GNUTranslations(mo)
        key = ("general", name)
        if key in translators:
            ours.add_fallback(translators[key])
        translators[key] = ours


#: Run after the page is read, when sphinx-togglebutton has added its buttons (with an
#: English label that no setting changes): their label, asked from the page's catalogue.
_TOGGLE_LABELS = """document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button.toggle-button[aria-label]")) {
    button.setAttribute("aria-label", Documentation.gettext(button.getAttribute("aria-label")));
  }
});"""


def script_words(app: Sphinx) -> None:
    """Give the scripts of the page the words of the site's ``sphinx.po``: the search page's
    (Sphinx's searchtools.js, which translates with ``translations.js``, Sphinx's own
    catalogue: a script after that catalogue adds the site's words to it) and the labels of
    sphinx-togglebutton's buttons (the exercises' solutions)."""
    from babel.messages.pofile import read_po

    catalog = _site_catalogues(app).get("sphinx")
    if catalog is None:
        return
    with open(catalog.po_path, "rb") as po:
        read = read_po(po, locale=app.config.language)
    messages = {m.id: m.string for m in read if m.id and m.string and not m.fuzzy}
    words = {"locale": app.config.language, "messages": messages,
             "plural_expr": read.plural_expr}
    app.add_js_file(None, priority=501,  # after translations.js (500)
                    body="Documentation.addTranslations("
                    + json.dumps(words, ensure_ascii=False) + ");\n" + _TOGGLE_LABELS)


def _visit_hidden_code(self, node) -> None:
    """myst-nb's folded code cell, its label asked from the site's catalogue (myst-nb writes
    it in English): the German site's sphinx.po says it in German."""
    from html import escape

    from sphinx.locale import _

    classes = " ".join(node["classes"])
    self.body.append(f'<details class="admonition hide {classes}">\n')
    self.body.append(f'<summary aria-label="{escape(_("Toggle hidden content"))}">\n')
    for state, prompt in (("collapsed", "prompt_show"), ("expanded", "prompt_hide")):
        self.body.append(f'<p class="{state} admonition-title">{escape(node[prompt])}</p>\n')
    self.body.append("</summary>\n")


def _depart_hidden_code(self, node) -> None:
    self.body.append("</details>\n")


def _leave_out(app: Sphinx) -> None:
    """Drop the themes' source maps (a browser fetches them only for its developer tools,
    and they were 7 MB of the site) and, where the site copies no sources, the sources an
    earlier build left in the output folder."""
    out = Path(app.outdir)
    for source_map in (out / "_static").rglob("*.map"):
        source_map.unlink()
    if not app.config.html_copy_source:
        shutil.rmtree(out / "_sources", ignore_errors=True)


def _copy_runtime(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    _leave_out(app)
    if app.config.knlib_runtime:  # the runtime is the enclosing site's
        shutil.rmtree(static / "pyodide", ignore_errors=True)
        (static / "knlib" / "knlib.whl").unlink(missing_ok=True)
        return
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
    if not config.html_favicon:  # else every first visit logs the browser's 404
        config.html_favicon = str(HERE / "static" / "knlib" / "favicon.svg")


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
    from bibliography_de import register  # a sibling module: page/ is on the path

    register()  # the German bibliography style, chosen in de/_config.yml
    if (app.config.language or "en") != "en":
        from myst_nb.sphinx_ import HideCodeCellNode

        app.add_node(HideCodeCellNode, override=True,
                     html=(_visit_hidden_code, _depart_hidden_code))
    # the way from this site's root up to the site that serves the runtime ("" for itself)
    app.add_config_value("knlib_runtime", "", "html", types=[str])
    # the folder, from this site's root, that holds each chapter's notebook for the download
    # menu where the site copies no sources ("" for none)
    app.add_config_value("knlib_sources", "", "html", types=[str])
    app.add_transform(TranslatedCaptions)
    app.connect("config-inited", _static_path)
    app.add_css_file("knlib/page.css")
    app.add_js_file("knlib/notice.js")
    app.add_js_file("knlib/scores.js")  # the decision trainer's kept score
    app.add_js_file("knlib/page.mjs", type="module")
    app.connect("build-finished", _copy_runtime)
    app.connect("builder-inited", theme_words)
    app.connect("builder-inited", script_words)
    app.setup_extension("figure_alt")  # each figure's alt text from its output (figure_alt.py)
    app.connect("html-page-context", enlargeable_figures)
    app.connect("html-page-context", language_link)
    app.connect("html-page-context", runtime_link)
    app.connect("html-page-context", one_script_each)
    # after the theme has made its header buttons (sphinx-book-theme, priority 500)
    app.connect("html-page-context", source_links, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
