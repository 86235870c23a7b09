"""Every learner page fits its reader's screen and passes axe-core (issue 25, item 6).

On the built book served from 127.0.0.1 (every other request blocked), in Debian's headless
chromium, at a phone's 390 pixels and a desktop's 1280, every learner page of _toc.yml
(all but the knlib guide, the Sources page and the appendix) is checked twice; for the
width of the pages, and their tables' headers on a phone, the German site's too:

- no element of the article (the page's main content, the practice tools' static pictures
  included) is wider than the viewport or sticks out of the article's column, unless a box
  of its own inside the article scrolls it (a wide table or code block scrolls in its box);
- axe-core (npm, node_modules/axe-core, injected from disk) finds no serious or critical
  WCAG 2.0/2.1 A or AA violation in the main content (the theme's toolbar above the
  article, with its download and colour buttons, is left out).

At 1280 pixels, the figures are shown as wide as tests/test_figure_text.py assumes when it
checks that their text is at least 10 pixels high.

Role labels under cards (issue 36): at both widths, on both sites, every label on a badge
under a card, on the learner pages and in a started lesson tool and hand builder, is at
least 11 CSS pixels high (its computed font size times the scale its SVG is shown at) and
inside its picture, and no row of cards is wider than the screen (a long row wraps).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = (390, 1280)
NOT_FOR_LEARNERS = ("book/reference/knlib-guide", "book/reference/sources")


def learner_pages() -> list[str]:
    """The chapters of _toc.yml a learner reads, as paths of the built site."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]] + [chapter["file"] for part in toc["parts"]
                             for chapter in part["chapters"]]
    return [f + ".html" for f in files
            if f not in NOT_FOR_LEARNERS and not f.startswith("book/appendix/")]


PAGES = learner_pages()
#: The same pages of the English and the German site.
BOTH_SITES = [*PAGES, *("de/" + p for p in PAGES)]


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda w: f"{w}px")
def context(request, local_context):
    return local_context(request.param)


@pytest.fixture(scope="module")
def page(context):
    page = context.new_page()
    yield page
    page.close()


def _open(page, served: str, path: str) -> None:
    page.goto(served + path, wait_until="load")
    page.wait_for_timeout(200)  # the page script draws the tools' faces after load


#: The outermost elements of the article that stick out: wider than the viewport, or past
#: the article's left or right edge. A box that scrolls sideways does not excuse what is in
#: it, except in a code block (``pre``), whose lines may scroll inside their own box.
#: Elements not shown (no boxes) and visually hidden ones (placed left of the screen, or in
#: a box of one pixel) are skipped.
OVERFLOW_JS = """
() => {
  const article = document.querySelector('article.bd-article');
  const view = document.documentElement.clientWidth;
  const box = article.getBoundingClientRect();
  // visually hidden for screen readers only: inside a box of at most 1 by 1 pixel
  const hidden = (el) => {
    for (let a = el.parentElement; a && a !== article; a = a.parentElement) {
      const b = a.getBoundingClientRect();
      if (b.width <= 1 && b.height <= 1) return true;
    }
    return false;
  };
  const out = [];
  const flagged = new Set();
  for (const el of article.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= 0 || hidden(el)) continue;
    const wide = r.width > view + 1;
    const past = r.right > box.right + 1 || r.left < box.left - 1;
    if (!(wide || past) || el.parentElement.closest('pre, div.highlight')) continue;
    let a = el.parentElement;
    while (a && a !== article && !flagged.has(a)) a = a.parentElement;
    flagged.add(el);
    if (a && a !== article) continue;
    const cls = typeof el.className === 'string' ? el.className : '';
    out.push(`${el.tagName.toLowerCase()}.${cls.trim().split(/\\s+/).join('.')}`
             + ` ${Math.round(r.width)}px wide, ${Math.round(r.left - box.left)}`
             + `..${Math.round(r.right - box.left)} in a ${Math.round(box.width)}px column`);
  }
  return out;
}
"""

#: Answer each self-check quiz once (its first choice), so its feedback is on the page.
ANSWER_QUIZZES_JS = """
() => document.querySelectorAll('.Quiz').forEach(q => {
  const choice = q.querySelector('.MCButton');
  if (choice) choice.click();
})
"""


@pytest.mark.parametrize("path", BOTH_SITES)
def test_nothing_in_the_main_content_is_wider_than_the_screen(page, served, path):
    _open(page, served, path)
    page.evaluate(ANSWER_QUIZZES_JS)
    page.wait_for_timeout(100)
    offenders = page.evaluate(OVERFLOW_JS)
    assert not offenders, f"{path} at {page.viewport_size['width']}px:\n" + "\n".join(offenders)


#: The words of table headers that break inside a word (not after a hyphen, a dash or a
#: slash), in tables of up to four columns but the glossary and the phrasebook (page.css
#: keeps their headers' words whole on a phone).
BROKEN_WORDS_JS = """
() => {
  const out = [];
  for (const t of document.querySelectorAll('article.bd-article table')) {
    if (t.querySelector('th:nth-child(5)')) continue;
    if (t.matches('.knlib-glossary, .knlib-phrasebook')) continue;
    for (const cell of t.querySelectorAll('th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        // (a line may break after a hyphen, a dash or a slash: "turn-|ups", "(N-S/|E-W)")
        for (const m of n.data.matchAll(/[^\\s\\/\u2013-]+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const tops = new Set([...r.getClientRects()].filter(x => x.width > 0)
                               .map(x => Math.round(x.top)));
          if (tops.size > 1) out.push(`"${m[0]}" in "${cell.innerText.trim()}"`);
        }
      }
    }
  }
  return out;
}
"""


@pytest.mark.parametrize("path", BOTH_SITES)
def test_a_narrow_tables_headers_keep_their_words_whole_on_a_phone(page, served, path):
    if page.viewport_size["width"] != 390:
        pytest.skip("a phone's width")
    _open(page, served, path)
    broken = page.evaluate(BROKEN_WORDS_JS)
    assert not broken, f"{path}: " + "; ".join(broken)


AXE_JS = """
async () => {
  const result = await axe.run(
    {include: [['#main-content']], exclude: [['.bd-header-article']]},
    {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
     resultTypes: ['violations']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id} (${v.impact}): ${v.help}; ` + v.nodes.slice(0, 4)
         .map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n')[1])
         .join(' | '));
}
"""


@pytest.mark.parametrize("path", PAGES)
def test_axe_core_finds_no_serious_wcag_violation(page, served, path):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make node_modules` (npm's axe-core)")
    _open(page, served, path)
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(AXE_JS)
    assert not violations, f"{path} at {page.viewport_size['width']}px:\n" + "\n".join(violations)


FIGURES_JS = """
() => [...document.querySelectorAll('article.bd-article .cell_output img')]
  .map(i => [i.getAttribute('alt') || i.src, i.naturalWidth, i.getBoundingClientRect().width])
"""


@pytest.mark.parametrize("path", PAGES)
def test_figures_are_shown_as_wide_as_the_text_test_assumes(page, served, path):
    from test_figure_text import FIGURE_COLUMN

    if page.viewport_size["width"] != 1280:
        pytest.skip("the figures' text is measured at the desktop column")
    _open(page, served, path)
    for name, natural, shown in page.evaluate(FIGURES_JS):
        assert shown >= min(natural, FIGURE_COLUMN) - 1, (path, name[:60], natural, shown)


def test_the_pages_checked_are_the_learner_pages():
    assert "book/evenings/2-chosen-suits.html" in PAGES
    assert "book/welcome.html" in PAGES
    assert "book/play/trainer.html" in PAGES
    assert not any("appendix" in p or "knlib-guide" in p or "sources" in p for p in PAGES)
    assert len(PAGES) == 22


ZOOM_JS = """
() => [...document.querySelectorAll('article.bd-article .cell_output img')].map(i => {
  const a = i.closest('a.knlib-zoom');
  const hint = a && a.querySelector('.knlib-zoom-hint');
  return [i.getAttribute('src'), a && a.getAttribute('href'),
          hint ? hint.getBoundingClientRect().height > 0 : null];
})
"""


@pytest.mark.parametrize("path", PAGES)
def test_every_figure_opens_full_size_and_a_phone_says_so(page, served, path):
    _open(page, served, path)
    phone = page.viewport_size["width"] < 720
    for src, href, hint_shown in page.evaluate(ZOOM_JS):
        assert href == src, (path, src, href)
        assert hint_shown is phone, (path, src, page.viewport_size["width"])


def test_the_figure_link_wraps_a_figure_and_nothing_else():
    import sys

    sys.path.insert(0, str(ROOT / "page"))
    from knlib_page import enlargeable_figures

    from knbook.tools.page import PAGE_WORDS

    fig = '<img alt="A grid" src="../../_images/ab12.png" />'
    other = '<img alt="logo" src="../_static/logo.svg" />'
    context = {"body": f"<p>{fig}</p>{other}"}
    enlargeable_figures(None, "p", "page.html", context, None)  # type: ignore[arg-type]
    assert context["body"] == (
        f'<p><a class="knlib-zoom" href="../../_images/ab12.png">{fig}<span '
        f'class="knlib-zoom-hint">{PAGE_WORDS["enlarge"]}</span></a></p>{other}')


#: Every role label under a card shown in ``scope`` (the article, or a tool): its text, its
#: size in CSS pixels as shown (the computed font size times the scale of its SVG on the
#: screen) and whether it lies inside its picture; and every picture or row of cards wider
#: than the screen or past its edges. A label not shown (a closed "why?") is skipped.
LABELS_JS = """
(scope) => {
  const root = document.querySelector(scope);
  const view = document.documentElement.clientWidth;
  const labels = [];
  for (const t of root.querySelectorAll('g.badge text')) {
    const r = t.getBoundingClientRect();
    const ctm = t.getScreenCTM();
    if ((r.width === 0 && r.height === 0) || !ctm) continue;
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b);
    const pic = t.ownerSVGElement.getBoundingClientRect();
    const inside = r.left >= pic.left - 1 && r.right <= pic.right + 1;
    labels.push([t.textContent, Math.round(size * 100) / 100, inside]);
  }
  const wide = [];
  const rows = [...root.querySelectorAll('.knlib-cards')];
  for (const g of root.querySelectorAll('g.badge')) {
    const svg = g.ownerSVGElement;
    if (!svg.closest('.knlib-cards') && !rows.includes(svg)) rows.push(svg);
  }
  for (const row of rows) {
    const r = row.getBoundingClientRect();
    if (r.width === 0) continue;
    if (r.width > view + 1 || r.left < -1 || r.right > view + 1)
      wide.push(`${(row.getAttribute('aria-label') || '').slice(0, 50)}: `
                + `${Math.round(r.left)}..${Math.round(r.right)} on a ${view}px screen`);
  }
  return {labels, wide};
}
"""
MIN_LABEL_PX = 11
#: Pages that show cards with role labels (so the check cannot pass on finding none).
PAGES_WITH_LABELS = ("book/evenings/2-chosen-suits.html", "book/evenings/4-the-deal.html",
                     "book/family/karniffel.html", "book/play/puzzles.html")


def _small_or_wide(found: dict) -> list[str]:
    small = sorted({f"{text!r} at {size}px" for text, size, _ in found["labels"]
                    if size < MIN_LABEL_PX})
    outside = sorted({f"{text!r} past its picture" for text, _, inside in found["labels"]
                      if not inside})
    return small + outside + found["wide"]


@pytest.mark.parametrize("path", BOTH_SITES)
def test_role_labels_under_cards_are_readable_and_rows_fit(page, served, path):
    _open(page, served, path)
    found = page.evaluate(LABELS_JS, "article.bd-article")
    if path.removeprefix("de/") in PAGES_WITH_LABELS:
        assert len(found["labels"]) >= 5, path
    bad = _small_or_wide(found)
    assert not bad, (f"{path} at {page.viewport_size['width']}px: {len(bad)} problems:\n"
                     + "\n".join(bad[:20]))


#: Tools that draw hands and tricks with labels as soon as they start, and their pages.
TOOLS_WITH_LABELS = {"lesson": "book/evenings/3-who-wins.html",
                     "hand-builder": "book/evenings/2-chosen-suits.html"}


@pytest.mark.parametrize("site", ["", "de/"], ids=["en", "de"])
@pytest.mark.parametrize("app", list(TOOLS_WITH_LABELS))
def test_role_labels_in_a_started_tool_are_readable(page, served, app, site):
    page.goto(served + site + TOOLS_WITH_LABELS[app], wait_until="load")
    root = page.locator(f"[data-knlib-app='{app}']").first
    root.scroll_into_view_if_needed()
    root.locator(".knlib-try").first.click()  # "Try it", „Ausprobieren“ on the German site
    page.wait_for_function("r => r.dataset.state === 'ready'", arg=root.element_handle(),
                           timeout=120_000)
    page.wait_for_function("r => r.querySelector('g.badge') !== null",
                           arg=root.element_handle(), timeout=60_000)
    found = page.evaluate(LABELS_JS, f"[data-knlib-app='{app}']")
    assert found["labels"]
    bad = _small_or_wide(found)
    assert not bad, f"{site}{app} at {page.viewport_size['width']}px:\n" + "\n".join(bad[:20])
