"""How long "Analyse this deal" takes on the page (issue 35): the coach's review of a whole
four-player Knüffeln deal, in the site's Pyodide, in Debian's headless chromium, on the
built book (`make book` first) with every host but 127.0.0.1 blocked.

For each deal number N (the first deal of table N, "N-1") the play page
(book/play/play-the-computer.html) is opened afresh, the tool started, the deal replayed
from the table's deal-number field, and the deal played to its end through the page's
buttons: the reader's choice is asked of knlib (the same table in this Python) and made to
keep the deal going as long as the reader can (never running from a face-down lead,
leading face down or stopping at a Jann while there is another choice; among the rest,
one at random, seeded by the deal number). Then the
click on "Analyse this deal" is timed until the review is drawn complete
(``[data-knlib-review][data-complete="true"]``). Wall time: other jobs lengthen it; the
load average is printed before and after.

Usage: python benchmarks/review_page.py [DEAL_NUMBER ...]   (default: 1 2 3 4 5)
"""

from __future__ import annotations

import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update"]
PLAY = "book/play/play-the-computer.html"
DEALS = (1, 2, 3, 4, 5)
#: The issue's target: the median review at most this many seconds.
TARGET_S = 20
#: The reader's choices kept out while there is another: they end the deal early.
SHORTENING = ("run", "down", "stop")
STEP_MS = 120_000
REVIEW_MS = 600_000

#: Counts every redraw of a tool's root (page.mjs dispatches ``knlib:drawn``).
COUNT_DRAWS_JS = """
document.addEventListener('knlib:drawn', (e) => {
  e.target.knlibDraws = (e.target.knlibDraws || 0) + 1;
});
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _drawn(root, draws: int, timeout: int = STEP_MS) -> None:
    """Wait until the tool has drawn an answer after ``draws`` redraws."""
    root.page.wait_for_function(
        "([r, n]) => (r.knlibDraws || 0) > n && !r.getAttribute('aria-busy')",
        arg=[root.element_handle(), draws], timeout=timeout)


def _draws(root) -> int:
    return int(root.evaluate("r => r.knlibDraws || 0"))


def _click(root, action: str) -> None:
    draws = _draws(root)
    root.locator(f"button[data-action={json.dumps(action)}]:enabled").first.click()
    _drawn(root, draws)


def _choice(legal: list, rng: random.Random):
    """The reader's choice: one at random of those that keep the deal going."""
    going = [a for a in legal if a.kind not in SHORTENING] or legal
    return rng.choice(going)


def review_one(page, base: str, number: int) -> dict[str, float | int | bool]:
    """Deal ``number`` replayed, played to its end and reviewed: the seconds of the
    review, the reader's decisions (more than one legal action) and the tricks played."""
    from knbook.tools.play import PlayTool

    page.goto(base + PLAY)
    root = page.locator("[data-knlib-app='play']").first
    root.scroll_into_view_if_needed()
    root.locator(".knlib-try").first.click()
    page.wait_for_function("r => r.dataset.state === 'ready'", arg=root.element_handle(),
                           timeout=300_000)
    field = root.locator("input[data-action='deal']")
    draws = _draws(root)
    field.fill(str(number))
    field.press("Enter")
    _drawn(root, draws)
    if root.get_attribute("data-deal") != f"{number}-1":
        raise SystemExit(f"the deal-number field gave deal {root.get_attribute('data-deal')} "
                         f"for {number}: {root.inner_text()[:300]}")
    table = PlayTool.replayed(json.loads(root.get_attribute("data-config") or "{}"),
                              [("deal", str(number))])  # the same table, in this Python
    assert isinstance(table, PlayTool)
    rng = random.Random(number)
    decisions = 0
    while not table.table.deal.is_over:
        legal = list(table.table.legal_actions())
        decisions += len(legal) > 1
        action = str(_choice(legal, rng))
        _click(root, action)
        table.answer(action)
    page.wait_for_function("r => r.dataset.over === 'true'", arg=root.element_handle())
    draws = _draws(root)
    start = time.perf_counter()
    root.locator("button[data-action='analyse']:enabled").click()
    page.wait_for_function("r => r.querySelector('[data-knlib-review][data-complete]')",
                           arg=root.element_handle(), timeout=REVIEW_MS, polling=50)
    seconds = time.perf_counter() - start
    _drawn(root, draws)
    review = root.locator("[data-knlib-review]")
    return {"seconds": seconds, "decisions": decisions,
            "reviewed": review.locator("[data-decision]").count(),
            "tricks": len(table.table.deal.tricks),
            "complete": review.get_attribute("data-complete") == "true"}


def main(argv: list[str]) -> int:
    numbers = [int(a) for a in argv] or list(DEALS)
    if not (SITE / "index.html").exists():
        raise SystemExit(f"no built book in {SITE}: run `make book`")
    from playwright.sync_api import sync_playwright

    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "--directory", str(SITE)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    time.sleep(1)
    load_before = os.getloadavg()
    times = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                         args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.route("**/*", lambda r: r.continue_()
                          if r.request.url.startswith(base) else r.abort())
            page = context.new_page()
            page.add_init_script(COUNT_DRAWS_JS)
            for number in numbers:
                r = review_one(page, base, number)
                times.append(float(r["seconds"]))
                print(f"deal {number}: {r['tricks']} tricks, {r['decisions']} decisions of the "
                      f"reader, {r['reviewed']} reviewed, "
                      f"{'complete' if r['complete'] else 'NOT complete'}: "
                      f"{r['seconds']:.1f} s", flush=True)
            context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    load_after = os.getloadavg()
    print(f"median {statistics.median(times):.1f} s (target {TARGET_S} s), "
          f"min {min(times):.1f} s, max {max(times):.1f} s, {len(times)} deals")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} "
          f"(1 min; {os.cpu_count()} cores)")
    print("command: .venv/bin/python benchmarks/review_page.py " + " ".join(map(str, numbers)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
