"""What a reader sees in the built book (issue 10, "Done when"): `make book` output in
_build/html, read as HTML with the standard library's parser.

For every reader-facing page (the Welcome, the evenings and the exam, the family and play
chapters, the reference pages, every page _toc.yml lists except the few where programmers
look, see ``PROGRAMMERS``):

(a) no code input is shown outside a collapsed toggle: a ``div.cell_input`` must sit inside
    the theme's ``<details class="hide ...">`` ("Show code cell source");
(b) the text a reader sees (everything in the article except code inputs, scripts and
    styles) contains no "seed 0" and no repository path;
(c) no stored output shown to readers is a bare Python repr: a list, a tuple, a bare
    True/False, ``Action(...)``, ``Hand(...)``, ``<Figure ...>``, "counting from 0", "(seat 2)".

On the learner's pages (issue 25, item 1; the reader's pages but the Sources page, with the
course leaders' guide) the checks are stricter: no code input at all and no code toggle;
one "How this page is made" line at the foot, linking to the knlib guide and the appendix;
and no citation outside the "Where the sources differ" sections, the "Our reading" notes
and the bibliography's own citation links.

Each failure names the page and quotes what it found, so the chapter's owner can fix it.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"

#: Pages where code stays visible on purpose: that is where programmers look (issue 10,
#: item 1), and the course leaders' guide, which is not a learner's page.
PROGRAMMERS = {
    "book/reference/knlib-guide",
    "book/appendix/how-this-book-is-made",
    "book/course/leaders-guide",
}

#: (b): words a reader must not see, with the reason shown in the failure message.
FORBIDDEN_TEXT = [
    (re.compile(r"seed 0", re.IGNORECASE), "an internal source number ('seed 0…')"),
    (re.compile(r"\bshared/"), "a repository path (shared/)"),
    (re.compile(r"rules/README"), "a repository path (rules/README)"),
    (re.compile(r"\w\.md\b"), "a repository file name (.md)"),
    (re.compile(r"\bknlib/"), "a repository path (knlib/)"),
]

#: (c): anywhere in an output.
REPR_ANYWHERE = [
    (re.compile(r"\bAction\("), "Action(...)"),
    (re.compile(r"\bHand\("), "Hand(...)"),
    (re.compile(r"\bCard\('"), "Card('...')"),
    (re.compile(r"<Figure\b"), "<Figure ...>"),
    (re.compile(r"<IPython\.core"), "<IPython.core....>"),
    (re.compile(r"counting from 0", re.IGNORECASE), "'counting from 0'"),
    (re.compile(r"\(seat \d+\)"), "a seat number '(seat N)'"),
]
#: (c): a whole plain-text output, or one of its lines, that is a bare value.
BARE_VALUE = re.compile(r"^\s*(?:\[.*\]|\(.*\)|\{.*\}|True|False|None)\s*$", re.DOTALL)

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}


@dataclass
class Node:
    """An element of the page, with its children (elements and text)."""

    tag: str
    attrs: dict[str, str]
    parent: Node | None = None
    children: list[Node | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self, skip: frozenset[str] = frozenset()) -> str:
        """The text inside, leaving out elements that have any class in ``skip``, scripts
        and styles."""
        out = []
        for c in self.children:
            if isinstance(c, str):
                out.append(c)
            elif c.tag not in ("script", "style") and not (c.classes & skip):
                out.append(c.text(skip))
        return "".join(out)

    def walk(self):
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.walk()

    def ancestors(self):
        p = self.parent
        while p is not None:
            yield p
            p = p.parent


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v or "" for k, v in attrs}, self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, {k: v or "" for k, v in attrs}, self.cur))

    def handle_endtag(self, tag):
        node = self.cur
        while node is not self.root and node.tag != tag:
            node = node.parent  # type: ignore[assignment]
        if node is not self.root:
            self.cur = node.parent  # type: ignore[assignment]

    def handle_data(self, data):
        self.cur.children.append(data)


def parse(html: str) -> Node:
    tree = _Tree()
    tree.feed(html)
    tree.close()
    return tree.root


def article(root: Node) -> Node:
    """The page's main text (the theme's ``<article class="bd-article">``)."""
    for n in root.walk():
        if n.tag == "article" and "bd-article" in n.classes:
            return n
    raise AssertionError("no <article class='bd-article'>: not a page of the book theme")


def _snippet(text: str, at: int = 0, width: int = 90) -> str:
    start = max(0, at - width // 2)
    return " ".join(text[start:start + width].split())


def _collapsed_toggle(node: Node) -> bool:
    """Inside the theme's closed "Show code cell source" toggle."""
    return any(a.tag == "details" and "hide" in a.classes and "open" not in a.attrs
               for a in node.ancestors())


def visible_code(page: Node) -> list[str]:
    """(a) Code inputs a reader sees without opening a toggle."""
    return [_snippet(n.text()) for n in page.walk()
            if "cell_input" in n.classes and not _collapsed_toggle(n)]


def forbidden_text(page: Node) -> list[str]:
    """(b) Internal citations and repository paths in the text a reader sees, and in the
    alt text of pictures (what a screen reader reads out)."""
    text = page.text(skip=frozenset({"cell_input"}))
    alts = [n.attrs["alt"] for n in page.walk() if n.tag == "img" and n.attrs.get("alt")]
    found = []
    for where, body in [("", text), *(("in alt text, ", alt) for alt in alts)]:
        for pattern, why in FORBIDDEN_TEXT:
            for m in pattern.finditer(body):
                found.append(f"{where}{why}: …{_snippet(body, m.start())}…")
    return found


def repr_outputs(page: Node) -> list[str]:
    """(c) Stored outputs that show a Python value instead of a picture or a sentence."""
    found = []
    for n in page.walk():
        if "cell_output" not in n.classes:
            continue
        text = n.text()
        for pattern, why in REPR_ANYWHERE:
            for m in pattern.finditer(text):
                found.append(f"{why}: …{_snippet(text, m.start())}…")
        for out in n.walk():
            if "output" in out.classes and out.classes & {"text_plain", "stream"}:
                plain = out.text()
                lines = [plain, *plain.splitlines()]
                bare = next((x for x in lines if x.strip() and BARE_VALUE.match(x)), None)
                if bare is not None:
                    found.append(f"a bare Python value: {_snippet(bare)}")
    return found


def reader_pages() -> list[str]:
    """Every page of _toc.yml that a learner reads (all but ``PROGRAMMERS``)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def collect(entries):
        for e in entries or []:
            if "file" in e:
                files.append(e["file"])
            collect(e.get("sections"))

    for part in toc.get("parts", []):
        collect(part.get("chapters"))
    return [f for f in files if f not in PROGRAMMERS]


def _load(page: str) -> Node:
    path = SITE / f"{page}.html"
    if not path.exists():
        pytest.fail(f"{path} is missing: run `make book` (make test does)")
    return article(parse(path.read_text(encoding="utf-8")))


def _report(page: str, what: str, found: list[str]) -> str:
    shown = "\n  ".join(found[:15])
    more = f"\n  … and {len(found) - 15} more" if len(found) > 15 else ""
    return f"{page}.html: {len(found)} {what}:\n  {shown}{more}"


PAGES = reader_pages()


@pytest.mark.parametrize("page", PAGES)
def test_no_code_in_the_readers_way(page):
    found = visible_code(_load(page))
    assert not found, _report(page, "code input(s) shown outside a collapsed toggle", found)


@pytest.mark.parametrize("page", PAGES)
def test_no_internal_citations_or_paths(page):
    found = forbidden_text(_load(page))
    assert not found, _report(page, "internal citation(s) or path(s) in the reader's text",
                              found)


@pytest.mark.parametrize("page", PAGES)
def test_no_python_reprs_in_outputs(page):
    found = repr_outputs(_load(page))
    assert not found, _report(page, "output(s) that are Python reprs", found)


# -- the checks themselves can fail ------------------------------------------------------------

_SAMPLE = """<html><body><article class="bd-article">
<p>Hearts are chosen (seed 000, 'The Play'); see <code>shared/rules/README.md</code>.</p>
<img src="x.png" alt="A ladder after seed 004">
<div class="cell tag_hide-input"><details class="admonition hide above-input"><summary>s</summary>
<div class="cell_input"><pre>hidden = "seed 001"</pre></div></details>
<div class="cell_output"><div class="output text_plain"><pre>('South', 'West')</pre></div></div>
</div>
<div class="cell"><div class="cell_input"><pre>visible_code()</pre></div>
<div class="cell_output"><div class="output stream"><pre>North (seat 2) to act
True
</pre></div></div></div>
<div class="cell"><div class="cell_output"><div class="output text_html"><p>A sentence.</p>
</div></div></div>
</article></body></html>"""


def test_the_checks_catch_each_kind_of_fault():
    page = article(parse(_SAMPLE))
    assert visible_code(page) == ["visible_code()"]  # the hidden input is not counted
    text = forbidden_text(page)
    assert any("seed 000" in f for f in text) and not any("seed 001" in f for f in text)
    assert any("shared/" in f for f in text) and any(".md" in f for f in text)
    assert any(f.startswith("in alt text") and "seed 004" in f for f in text)
    outputs = repr_outputs(page)
    assert any("('South', 'West')" in f for f in outputs)
    assert any("(seat N)" in f for f in outputs)
    assert any(f.endswith("True") for f in outputs)
    assert not any("A sentence" in f for f in outputs)


def test_the_pages_checked_cover_the_readers_chapters():
    for page in ("book/welcome", "book/evenings/1-pack-and-table", "book/evenings/final-exam",
                 "book/family/history", "book/play/play-the-computer"):
        assert page in PAGES
    assert not PROGRAMMERS & set(PAGES)


# -- Knüffeln at a glance (issue 10, item 4) ---------------------------------------------------

EVENINGS = [p for p in PAGES if p.startswith("book/evenings/") and "exam" not in p]


@pytest.mark.parametrize("page", EVENINGS)
def test_every_evening_links_to_the_glance_page(page):
    links = [n.attrs.get("href", "") for n in _load(page).walk() if n.tag == "a"]
    assert any(h.split("#")[0].endswith("reference/at-a-glance.html") for h in links), (
        f"{page}.html has no link to Knüffeln at a glance in its text")


def test_the_glance_page_shows_table_olen_lead_cases_and_stakes():
    from knbook.course import glance

    page = _load("book/reference/at-a-glance")
    alts = [n.attrs.get("alt", "") for n in page.walk() if n.tag == "img"]
    assert any("card table seen from above" in a for a in alts)
    text = page.text()
    # the lead cases as text that reflows on a phone (glance.lead_cases_html): every step's
    # question and what takes the led card, strongest lead first
    steps = glance.lead_case_steps()
    assert len(steps) >= 6
    places = [text.find(f"{i + 1}. {'anything else: ' if i == len(steps) - 1 else ''}"
                        f"{step.question}") for i, step in enumerate(steps)]
    assert -1 not in places and places == sorted(places)
    for step in steps:
        assert step.answer in text
    for card in glance.olen("knueffeln"):  # the Olen, as card pictures with their names
        assert card.symbol in text
    for item, amount in glance.stake_lines("knueffeln"):
        assert item in text and amount in text
    assert any(n.attrs.get("href", "").endswith("at-a-glance.pdf") for n in page.walk()
               if n.tag == "a"), "the printable sheet is linked"


# -- the learner's pages show the game, not the program (issue 25, item 1) -------------------

#: The learner's pages: every reader's page but the Sources page, whose citations are its
#: subject, plus the course leaders' guide (it shows no code either).
LEARNER_PAGES = [p for p in PAGES if p != "book/reference/sources"
                 and not p.startswith("book/appendix/")] + ["book/course/leaders-guide"]


def code_toggles(page: Node) -> list[str]:
    """Code inputs of any kind, hidden behind a toggle or not, and the toggles themselves."""
    found = [f"code input: {_snippet(n.text())}" for n in page.walk()
             if "cell_input" in n.classes]
    found += [f"a '{_snippet(n.text(), width=40)}' toggle" for n in page.walk()
              if n.tag == "details" and "hide" in n.classes]
    return found


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_learner_pages_have_no_code_toggles(page):
    found = code_toggles(_load(page))
    assert not found, _report(page, "code input(s) or code toggle(s)", found)


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_learner_pages_link_once_at_their_foot_to_how_they_are_made(page):
    """One line, "How this page is made", after everything else on the page, linking to the
    knlib guide and the appendix (tools/first_cell.py writes it)."""
    paras = [n for n in _load(page).walk()
             if n.tag == "p" and n.text().startswith("How this page is made")]
    assert len(paras) == 1, f"{page}.html has {len(paras)} 'How this page is made' lines"
    here = posixpath.dirname(page)
    hrefs = [posixpath.normpath(posixpath.join(here, a.attrs.get("href", "").split("#")[0]))
             for a in paras[0].walk() if a.tag == "a"]
    assert "book/reference/knlib-guide.html" in hrefs, hrefs
    assert "book/appendix/how-this-book-is-made.html" in hrefs, hrefs
    text = _load(page).text(skip=frozenset({"cell_input"})).rstrip()
    assert text.endswith(paras[0].text().rstrip()), f"{page}.html: the line is not at the foot"


def _reader_citations() -> list[str]:
    from knlib.sources import SOURCES

    return [s.reader for s in SOURCES.values()]


def _sources_box(node: Node) -> bool:
    """Inside a chapter's "Where the sources differ" section or box, or an "Our reading"
    note (the places a citation belongs), or a citation of the book's bibliography."""
    for a in (node, *node.ancestors()):
        if a.tag == "section" and a.attrs.get("id", "").startswith("where-the-sources-differ"):
            return True
        if "bibtex-citation" in a.classes:
            return True
        if "admonition" in a.classes:
            title = next((c for c in a.walk() if "admonition-title" in c.classes), None)
            if title is not None and title.text().strip().startswith(
                    ("Where the sources differ", "Our reading")):
                return True
    return False


def citations_outside_the_sources_boxes(page: Node) -> list[str]:
    """Citations in reader's words ("McLeod after Eaton (2021)") or in code form ("seed
    000") in what a learner reads outside the sources boxes: feedback, tables, table talk."""
    names = _reader_citations()
    found = []

    def visit(node: Node) -> None:
        if node.tag in ("script", "style") or "cell_input" in node.classes or _sources_box(node):
            return
        for c in node.children:
            if isinstance(c, Node):
                visit(c)
                continue
            for name in names:
                if name in c:
                    found.append(f"'{name}': …{_snippet(c, c.index(name))}…")
            if re.search(r"\bseed \d{3}\b", c):
                found.append(f"a seed file: …{_snippet(c)}…")

    visit(page)
    return found


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_no_citations_outside_the_sources_boxes(page):
    found = citations_outside_the_sources_boxes(_load(page))
    assert not found, _report(page, "citation(s) outside the sources boxes", found)


def test_the_learner_checks_can_fail():
    sample = """<html><body><article class="bd-article">
<div class="cell tag_hide-input"><details class="hide above-input"><summary>Show code cell
source</summary><div class="cell_input"><pre>x = 1</pre></div></details>
<div class="cell_output"><p>Right. So West gets +€1.00 (McLeod after Eaton (2021),
“Scoring”).</p></div></div>
<section id="where-the-sources-differ"><p>The cut (McLeod after Eaton (2021), “Deal”).</p>
</section>
<div class="admonition note"><p class="admonition-title">Our reading: the cut</p>
<p>Sources: McLeod after Eaton (2021).</p></div>
<p>The main source <span class="bibtex-citation">[McLeod after Eaton (2021)]</span>.</p>
</article></body></html>"""
    page = article(parse(sample))
    assert len(code_toggles(page)) == 2  # the input and its toggle
    found = citations_outside_the_sources_boxes(page)
    assert len(found) == 1 and "West gets" in found[0]
