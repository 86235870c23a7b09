"""Shared fixtures: the built book served on localhost, and Debian's headless chromium."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update"]


@pytest.fixture(scope="module")
def served():
    """_build/html over HTTP on a free localhost port."""
    if not (SITE / "index.html").exists():
        pytest.fail("no built book in _build/html: run `make book` (make test does)")
    site = SITE
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                pytest.fail("http.server did not start")
            time.sleep(0.1)
    yield base
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (Debian's package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()




@pytest.fixture(scope="module")
def local_context(browser):
    """Make a browser context ``width`` pixels wide that lets only this machine's requests
    through (on the context, so a page's Web Workers are covered too); the addresses it
    blocked are in its ``outside`` list."""
    made = []

    def make(width: int):
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        outside: list[str] = []

        def keep_local(route):
            if route.request.url.startswith("http://127.0.0.1:"):
                return route.continue_()
            outside.append(route.request.url)
            return route.abort()

        ctx.route("**/*", keep_local)
        ctx.outside = outside
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()
