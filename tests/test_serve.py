"""`make serve` (tools/serve.py) and the page build's script list (page/knlib_page.py),
without a built book: the addresses printed for this machine and for the phones of a local
network, the types the runtime needs, a missing book refused with exit status 2, and each
of a page's scripts once."""

from __future__ import annotations

import ipaddress
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "page"))
import serve  # noqa: E402
from knlib_page import one_script_each  # noqa: E402

sys.path.pop(0)
sys.path.pop(0)


def test_this_machine_alone_gets_one_address():
    assert serve.addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]


def test_the_local_network_gets_this_machines_addresses_for_the_phones():
    urls = serve.addresses("0.0.0.0", 8123)
    assert urls[0] == "http://127.0.0.1:8123/"
    for url in urls[1:]:
        host = url.removeprefix("http://").removesuffix(":8123/")
        ip = ipaddress.ip_address(host)
        assert ip.version == 4 and not ip.is_loopback and not ip.is_unspecified, url
    assert len(set(urls)) == len(urls)


def test_a_missing_book_is_refused(tmp_path, capsys):
    assert serve.main(["--directory", str(tmp_path), "--port", "0"]) == 2
    assert "make book" in capsys.readouterr().err


def test_the_site_is_served_with_the_runtimes_types(tmp_path):
    (tmp_path / "index.html").write_text("<p>book</p>", encoding="utf-8")
    (tmp_path / "page.mjs").write_text("export {};", encoding="utf-8")
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm")
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0",
                               "--directory", str(tmp_path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("Serving the book at http://127.0.0.1:"), first
        base = first.split()[-1]
        with urllib.request.urlopen(base + "page.mjs", timeout=10) as reply:
            assert reply.headers["Content-Type"].startswith("text/javascript")
        with urllib.request.urlopen(base + "pyodide.asm.wasm", timeout=10) as reply:
            assert reply.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(base, timeout=10) as reply:
            assert b"book" in reply.read()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_each_inline_script_is_written_once():
    """Sphinx 7.4 lists an inline script added after its builder started twice, with the
    file names None and "" (sphinx-thebe's ``const THEBE_JS_URL``)."""
    from sphinx.builders.html._assets import _JavaScript

    thebe = 'const THEBE_JS_URL = "x"'
    scripts = [_JavaScript("_static/doctools.js"), _JavaScript(None, body=thebe),
               _JavaScript("_static/page.mjs", type="module"), _JavaScript("", body=thebe),
               _JavaScript(None, body="let other = 1")]
    context = {"script_files": scripts}
    one_script_each(None, "p", "page.html", context, None)  # type: ignore[arg-type]
    assert context["script_files"] == [scripts[0], scripts[1], scripts[2], scripts[4]]
