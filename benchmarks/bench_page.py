"""Time from a reader's first "Try it" click to a practice tool that answers, on the built
book (issue 24), in Debian's headless chromium, with every host but 127.0.0.1 blocked.

* cold: a new browser context (an empty cache): Pyodide and knlib's wheel are fetched and
  compiled, then the tool starts;
* warm: the same context on a second page, clicked as soon as the page has loaded: the
  files come from the browser's cache, and Python starts again;
* warm, after reading: the same context on a third page, clicked after five seconds on
  the page: a reader who has used the tools gets the runtime started while reading
  (page.mjs), so the click finds it ready.

Each run measures the click to ``data-state="ready"``, and the click to the tool's first
answer (one use of a control). The site's runtime download, and what it adds to the
site, are measured from the files themselves.

Usage: python benchmarks/bench_page.py [RUNS]   (needs `make book`; default 5 runs)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update"]
FIRST = "book/evenings/2-chosen-suits.html"   # the hand builder
SECOND = "book/evenings/3-who-wins.html"      # the trick lab
THIRD = "book/family/karniffel.html"          # the trick lab again
READING_S = 5
PORT = 8731


def _tool_answers(page, url: str, app: str, wait: float = 0) -> tuple[float, float]:
    page.goto(url)
    page.wait_for_timeout(wait * 1000)
    root = page.locator(f"[data-knlib-app='{app}']").first
    root.scroll_into_view_if_needed()
    start = time.perf_counter()
    root.get_by_role("button", name="Try it").first.click()
    page.wait_for_function("r => r.dataset.state === 'ready'", arg=root.element_handle(),
                           timeout=300_000)
    ready = time.perf_counter() - start
    before = root.locator(".knlib-app-body").inner_html()
    root.locator("button[data-action]:enabled").first.click()
    page.wait_for_function("([r, old]) => r.querySelector('.knlib-app-body').innerHTML !== old",
                           arg=[root.element_handle(), before], timeout=60_000)
    return ready, time.perf_counter() - start


def sizes() -> dict[str, float]:
    """MB: what a page's runtime downloads (uncompressed), and the runtime's files."""
    static = SITE / "_static"
    core = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
            "pyodide-lock.json"]
    page = sum((static / "pyodide" / n).stat().st_size for n in core)
    page += sum((static / "knlib" / n).stat().st_size
                for n in ("knlib.whl", "worker.mjs", "page.mjs", "page.css"))
    added = sum(p.stat().st_size for p in (static / "pyodide").rglob("*") if p.is_file())
    added += sum(p.stat().st_size for p in (static / "knlib").rglob("*") if p.is_file())
    return {"page download": page / 1e6, "runtime files in the site": added / 1e6}


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 5
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen([sys.executable, "-m", "http.server", str(PORT), "--bind",
                               "127.0.0.1", "--directory", str(SITE)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{PORT}/"
    time.sleep(1)
    results: dict[str, list[float]] = {k: [] for k in (
        "cold ready", "cold answer", "warm ready", "warm answer", "reading ready",
        "reading answer")}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                         args=CHROMIUM_ARGS)
            for _ in range(runs):
                context = browser.new_context()
                context.route("**/*", lambda r: r.continue_()
                              if r.request.url.startswith(base) else r.abort())
                page = context.new_page()
                ready, answer = _tool_answers(page, base + FIRST, "hand-builder")
                results["cold ready"].append(ready)
                results["cold answer"].append(answer)
                ready, answer = _tool_answers(page, base + SECOND, "trick-lab")
                results["warm ready"].append(ready)
                results["warm answer"].append(answer)
                ready, answer = _tool_answers(page, base + THIRD, "trick-lab", READING_S)
                results["reading ready"].append(ready)
                results["reading answer"].append(answer)
                context.close()
            browser.close()
    finally:
        server.terminate()
    for name, values in results.items():
        print(f"{name:14s} median {statistics.median(values):5.2f} s   "
              f"min {min(values):5.2f} s   max {max(values):5.2f} s   ({runs} runs)")
    for name, mb in sizes().items():
        print(f"{name}: {mb:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
