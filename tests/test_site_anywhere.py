"""The built site works however it is opened and on every phone (issue 36, items 1 to 4).

On the book as `make book` built it, in Debian's headless chromium, in both languages:

- no page raises a JavaScript error or logs a console error;
- the menu (the primary sidebar) and "On this page" (the secondary sidebar) open on a
  phone's 390 pixels, and at a desktop's 1280 the menu's button hides and shows the menu;
- the theme's floating "Back to top" button never covers a practice tool or a quiz;
- a page opened from its file (``file://``), where the browser runs neither the page's
  module script nor a worker, shows in each tool (``data-state="error"``) the message,
  in the page's language, that names the command serving the book;
- the diploma prints on one landscape page;
- the German site holds no copy of the runtime and its tools start on the English
  site's, and the whole site stays within :data:`SITE_LIMIT`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_lite_site import CHAPTERS
from test_page_tools import LOAD_MS, start_tool, use_control

from knbook.tools.page import page_words
from knlib.i18n import language

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
#: bytes: the issue's site weighed 111 MB with a second runtime under de/ (18 MB), the
#: themes' source maps (7 MB) and the German chapters' sources (7.5 MB).
SITE_LIMIT = 80_000_000
#: Every page of both sites: the chapters of _toc.yml, in English and in German.
PAGES = [c.with_suffix(".html").as_posix() for c in CHAPTERS]
BOTH_SITES = [*PAGES, *("de/" + p for p in PAGES)]
TOOL_PAGE = "book/evenings/2-chosen-suits.html"
EXAM_PAGE = "book/evenings/final-exam.html"


@pytest.fixture(scope="module")
def phone(local_context):
    page = local_context(390).new_page()
    yield page
    page.close()


@pytest.fixture(scope="module")
def desktop(local_context):
    page = local_context(1280).new_page()
    yield page
    page.close()


def _errors(page) -> list[str]:
    """Start collecting the page's JavaScript errors and console errors."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(f"pageerror: {error}"))
    page.on("console", lambda m: found.append(f"console: {m.text}") if m.type == "error"
            else None)
    return found


@pytest.mark.parametrize("path", BOTH_SITES)
def test_no_page_raises_a_javascript_error(phone, served, path):
    if not hasattr(phone, "knlib_errors"):
        phone.knlib_errors = _errors(phone)
    phone.knlib_errors.clear()
    phone.goto(served + path, wait_until="load")
    phone.wait_for_timeout(300)  # the theme's and the page's scripts run after load
    assert phone.knlib_errors == [], path


def _open_dialog(page, toggle: str, dialog: str) -> None:
    button = page.locator(f"{toggle}:visible")
    assert button.count() == 1, f"{toggle}: {button.count()} visible"
    button.click()
    page.wait_for_function(f"() => document.querySelector('{dialog}').open", timeout=5000)


@pytest.mark.parametrize("site", ["", "de/"], ids=["en", "de"])
def test_the_menu_and_on_this_page_open_on_a_phone(phone, served, site):
    phone.goto(served + site + "book/evenings/3-who-wins.html")
    _open_dialog(phone, ".primary-toggle", "#pst-primary-sidebar-modal")
    menu = phone.locator("#pst-primary-sidebar-modal a.reference.internal")
    assert menu.count() > 20 and menu.first.is_visible()  # every chapter is in reach
    phone.keyboard.press("Escape")
    phone.wait_for_function("() => !document.querySelector('#pst-primary-sidebar-modal').open")
    _open_dialog(phone, ".secondary-toggle", "#pst-secondary-sidebar-modal")
    contents = phone.locator("#pst-secondary-sidebar-modal a.nav-link")
    assert contents.count() > 2 and contents.first.is_visible()
    phone.keyboard.press("Escape")


@pytest.mark.parametrize("site", ["", "de/"], ids=["en", "de"])
def test_the_menu_toggles_and_on_this_page_shows_on_a_desktop(desktop, served, site):
    desktop.goto(served + site + "book/evenings/3-who-wins.html")
    menu = desktop.locator("#pst-primary-sidebar")
    contents = desktop.locator("#pst-secondary-sidebar a.nav-link").first
    assert menu.is_visible() and contents.is_visible()
    button = desktop.locator(".primary-toggle:visible")
    assert button.count() == 1
    button.click()  # the theme hides the menu (on a wide screen it does not pop up)
    menu.wait_for(state="hidden", timeout=5000)
    assert not desktop.evaluate("() => document.querySelector('dialog[open]')")
    button.click()
    menu.locator("a.reference.internal").first.wait_for(state="visible", timeout=5000)


#: The boxes of the page's tools and quizzes that a floating button covers, if any does.
COVERED_JS = """
() => {
  const button = document.querySelector('#pst-back-to-top');
  if (!button) return [];
  const b = button.getBoundingClientRect();
  if (b.width === 0 || b.height === 0 || getComputedStyle(button).visibility === 'hidden')
    return [];
  return [...document.querySelectorAll('.knlib-app, .Quiz, [id^=knlibE]')]
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
    }).map((el) => el.className || el.id);
}
"""


@pytest.mark.parametrize("path", ["book/evenings/3-who-wins.html",
                                  "de/book/evenings/3-who-wins.html"])
def test_back_to_top_never_covers_a_tool_or_a_quiz(phone, served, path):
    phone.goto(served + path)
    height = phone.viewport_size["height"]
    for box in phone.locator(".knlib-app, .Quiz").all()[:6]:
        box.scroll_into_view_if_needed()
        # the theme shows the button while the reader scrolls back up, low on the screen
        top = phone.evaluate("el => el.getBoundingClientRect().top + scrollY", box.element_handle())
        phone.evaluate(f"() => window.scrollTo(0, {top} - {height * 0.6} + 300)")
        phone.wait_for_timeout(100)
        phone.mouse.wheel(0, -300)
        phone.wait_for_timeout(400)
        assert phone.evaluate(COVERED_JS) == [], path


# --- opened from a file ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tool_opened_from_its_file_says_how_to_serve_the_book(browser, lang):
    page_file = SITE / ("de/" if lang == "de" else "") / TOOL_PAGE
    if not page_file.exists():
        pytest.fail("no built book in _build/html: run `make book` (make test does)")
    with language(lang):
        message = page_words()["unserved"]
    assert "make serve" in message
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(page_file.as_uri(), wait_until="load")
        roots = page.locator("[data-knlib-app]")
        assert roots.count() >= 1
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-knlib-app]')]"
            ".every(r => r.dataset.state === 'error')", timeout=5000)
        for root in roots.all():
            assert message in root.locator("[role=alert]").inner_text()
            assert root.locator(".knlib-try").is_hidden()  # no button that does nothing
    finally:
        context.close()


# --- the diploma on paper -------------------------------------------------------------------


def _pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """The width and height of each page of a PDF as chromium writes it."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == len(boxes)
    return [(float(w), float(h)) for w, h in boxes]


def test_pdf_pages_are_counted():
    one = b"<< /Type /Page /MediaBox [0 0 841.92 595.2] >> << /Type /Pages >>"
    assert _pdf_pages(one) == [(841.92, 595.2)]
    assert len(_pdf_pages(one + b"<< /Type /Page /MediaBox [0 0 595 842] >>")) == 2


def test_the_diploma_prints_on_one_landscape_page(desktop, served):
    from knbook.course import BOOK_EXAM_SEED, exam

    desktop.goto(served + EXAM_PAGE)
    root = desktop.locator("[data-knlib-app='diploma']")
    root.scroll_into_view_if_needed()
    start_tool(root)
    for i, question in enumerate(exam(BOOK_EXAM_SEED)):
        if i:
            use_control(root, "next")
        use_control(root, f"answer {i + 1} {question.letter}")
    use_control(root, "mark")
    use_control(root, "name", "Inke Petersen")
    # the print button, with the browser's dialog left out: the page is left as printed
    desktop.evaluate("() => { window.print = () => {}; }")
    root.locator("[data-print]").first.click()
    assert desktop.evaluate("() => document.body.classList.contains('knlib-print-one')")
    pages = _pdf_pages(desktop.pdf(prefer_css_page_size=True, print_background=True))
    assert len(pages) == 1, f"{len(pages)} pages"
    width, height = pages[0]
    assert width > height, "portrait"
    desktop.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    assert not desktop.evaluate("() => document.body.classList.contains('knlib-print-one')")
    # and the diploma fills the sheet's width (not a picture in a corner)
    root.locator("[data-print]").first.click()
    desktop.emulate_media(media="print")
    shown = desktop.evaluate("() => document.querySelector('.knlib-printing svg')"
                             ".getBoundingClientRect().width / innerWidth")
    desktop.emulate_media(media="screen")
    assert shown > 0.8, f"the diploma takes {shown:.0%} of the sheet's width"


# --- one runtime, and the site's size -------------------------------------------------------


def test_the_german_site_has_no_runtime_of_its_own(served):
    german = SITE / "de"
    assert (german / "book" / "welcome.html").exists(), "run `make book`"
    assert not (german / "_static" / "pyodide").exists()
    assert not list(german.rglob("*.whl")) and not list(german.rglob("*.wasm"))
    assert (SITE / "_static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert (SITE / "_static" / "knlib" / "knlib.whl").is_file()
    for page in (SITE / TOOL_PAGE, german / TOOL_PAGE):
        meta = re.search(r'<meta name="knlib-runtime" content="([^"]+)"',
                         page.read_text(encoding="utf-8"))
        assert meta and (page.parent / meta.group(1)).resolve() == SITE / "_static", page


def test_a_german_tool_starts_on_the_english_sites_runtime(local_context, served):
    context = local_context(390)
    page = context.new_page()
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    page.goto(served + "de/" + TOOL_PAGE)
    root = page.locator("[data-knlib-app]").first
    root.scroll_into_view_if_needed()
    root.locator(".knlib-try").click()
    page.wait_for_function("r => r.dataset.state !== 'loading' && r.dataset.state !== 'static'",
                           arg=root.element_handle(), timeout=LOAD_MS)
    assert root.get_attribute("data-state") == "ready", root.inner_text()
    runtime = [u for u in fetched if "/pyodide/" in u or u.endswith(".whl")]
    assert any(u.endswith("/pyodide.asm.wasm") for u in runtime)
    assert all(u.startswith(served + "_static/") for u in runtime), runtime
    assert context.outside == []
    page.close()


def _megabytes(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def test_the_site_is_within_its_size(served):
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    biggest = sorted(((_megabytes(p), p.relative_to(SITE).as_posix())
                      for p in [*SITE.iterdir(), *(SITE / "de").iterdir()] if p.is_dir()),
                     reverse=True)[:6]
    assert size <= SITE_LIMIT, (f"{size / 1e6:.1f} MB; the biggest folders: "
                                + ", ".join(f"{name} {mb:.1f} MB" for mb, name in biggest))
    assert not list(SITE.rglob("*.map"))  # the themes' source maps are left out


def test_the_download_menu_gives_each_chapters_notebook_once():
    """The English site carries each chapter's notebook once, in the Lite app: the download
    menu links that copy, which is the chapter's notebook (its cells, less the footer link),
    and no second copy sits in ``_sources``; the German menu links no notebook."""
    import json

    assert not (SITE / "_sources").exists()
    for chapter in ("book/evenings/3-who-wins", "book/play/puzzles"):
        html = (SITE / f"{chapter}.html").read_text(encoding="utf-8")
        links = re.findall(r'href="([^"]+\.ipynb)"', html)
        assert links, chapter
        notebook = (SITE / chapter).parent / links[0]
        cells = json.loads(notebook.resolve().read_text(encoding="utf-8"))["cells"]
        source = json.loads((ROOT / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"]
        assert [c["id"] for c in cells] == [c["id"] for c in source
                                            if c["id"] != "knlib-foot-link"]
        german = (SITE / "de" / f"{chapter}.html").read_text(encoding="utf-8")
        assert not re.findall(r'href="[^"]+\.ipynb"', german)
