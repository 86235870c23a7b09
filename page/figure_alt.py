"""Sphinx glue: a chapter's figure gets the alt text its own output carries (set up by
page/knlib_page.py).

A figure drawn by knlib (``knbook.pictures.set_alt``) stores its one-sentence
description in its notebook output, as the picture's metadata (``{"image/png": {"alt":
...}}``), in the language the notebook was executed in: English in ``book/``, German in the
German copies in ``de/book/``. myst-nb reads only a picture's size from that metadata and
takes the alt text from the cell's metadata (``mystnb.image.alt``), which is the same in
both copies; so the German page would read out the English sentence, and a figure with
neither would read out its file name. So each picture's own alt text goes on its image
node, found by the picture's content (myst-nb names the file by its SHA-256): on a site in
another language than English, always (the cell's text is English); on the English site,
where the cell gives none (a cell's own text, written for the page, is kept there).
"""

from __future__ import annotations

import binascii
import hashlib
import json
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx

#: The picture types whose output metadata may carry an alt text.
PICTURES = ("image/png", "image/jpeg")


def output_alts(notebook: dict) -> dict[str, str]:
    """The alt text each picture of a notebook's outputs carries, by the SHA-256 of the
    picture (the name myst-nb gives its file)."""
    found: dict[str, str] = {}
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            for kind in PICTURES:
                alt = output.get("metadata", {}).get(kind, {}).get("alt")
                data = output.get("data", {}).get(kind)
                if not (isinstance(alt, str) and alt and isinstance(data, str | list)):
                    continue
                try:
                    picture = binascii.a2b_base64("".join(data))
                except binascii.Error:
                    continue
                found[hashlib.sha256(picture).hexdigest()] = alt
    return found


def place_alts(doctree: nodes.Node, alts: dict[str, str], *, keep: bool = False) -> int:
    """Set the alt text of each image of ``doctree`` whose file is one of ``alts`` (with
    ``keep``, only of an image that has none yet); the number set."""
    placed = 0
    for image in doctree.findall(nodes.image):
        name = Path(str(image.get("uri", ""))).stem
        if name in alts and not (keep and image.get("alt")):
            image["alt"] = alts[name]
            placed += 1
    return placed


def figure_alts(app: Sphinx, doctree: nodes.document) -> None:
    """Give the page's notebook figures their own alt texts (``doctree-read``)."""
    source = Path(app.env.doc2path(app.env.docname))
    if source.suffix != ".ipynb" or not source.is_file():
        return
    alts = output_alts(json.loads(source.read_text(encoding="utf-8")))
    if alts:
        place_alts(doctree, alts, keep=(app.config.language or "en") == "en")


def setup(app: Sphinx) -> dict:
    app.connect("doctree-read", figure_alts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
