"""Sphinx glue between the book and its JupyterLite site (listed in _config.yml).

jupyterlite-sphinx builds the Lite site at the end of every HTML build from a staging
folder (``jupyterlite_content_dir``) that it empties when the build starts. This
extension:

* stages every chapter notebook of the book there, on every build, so the Lite site
  holds all chapters even after a cached rebuild that re-read none of them. Cells tagged
  ``jupyterlite_sphinx_strip`` (the "Run this chapter live" link, see
  tools/first_cell.py) are left out of the Lite copy: there the reader is already live;
* stages the ``data/*.json`` files beside a chapter (stored simulation results), so
  the live chapter reads them as the static one did;
* drops the web-font stylesheet that jupyterlite-sphinx links from every page (it is
  fetched from a font CDN, and only styles the "Try it live" iframe prompt, which the
  book does not use), so reading the book contacts no third party.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from sphinx.application import Sphinx

STRIP_TAG = "jupyterlite_sphinx_strip"
#: A chapter's stored data folder, next to the notebook, staged into the Lite site too.
DATA_DIR = "data"
REMOTE_CSS = "fonts.googleapis.com"


def lite_copy(notebook: dict) -> dict:
    """The notebook as the Lite site serves it: without the cells tagged for stripping."""
    cells = [c for c in notebook.get("cells", [])
             if STRIP_TAG not in c.get("metadata", {}).get("tags", [])]
    return {**notebook, "cells": cells}


def _drop_remote_css(app: Sphinx, config) -> None:
    app.registry.css_files = [
        (name, attrs) for name, attrs in app.registry.css_files if REMOTE_CSS not in name
    ]


def _stage_notebooks(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    srcdir = Path(app.srcdir)
    content_dir = srcdir / app.config.jupyterlite_content_dir
    for docname in sorted(app.env.found_docs):
        source = Path(app.env.doc2path(docname))
        if source.suffix != ".ipynb":
            continue
        target = content_dir / source.relative_to(srcdir)
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = json.loads(source.read_text(encoding="utf-8"))
        text = json.dumps(lite_copy(notebook), indent=1, sort_keys=True, ensure_ascii=False)
        target.write_text(text + "\n", encoding="utf-8")
        # Stored results a chapter reads (e.g. book/play/data/matches.json) go with it.
        for data in sorted((source.parent / DATA_DIR).glob("*.json")):
            copy = target.parent / DATA_DIR / data.name
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(data, copy)


def setup(app: Sphinx) -> dict:
    app.setup_extension("jupyterlite_sphinx")
    app.connect("config-inited", _drop_remote_css, priority=900)
    # before jupyterlite-sphinx's own build-finished handler (priority 500) runs the Lite build
    app.connect("build-finished", _stage_notebooks, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
