"""Serve the built book (``make serve``): the practice tools run only on a served site,
since a browser runs neither their module script nor their worker from a ``file://`` page.

``make serve`` serves ``_build/html`` on this machine alone (127.0.0.1) and prints the
address to open. ``make serve HOST=0.0.0.0`` serves it to the local network as well, for a
course whose phones share one Wi-Fi without the internet, and prints the addresses to type
on the phones: this machine's addresses on its networks, found with the standard library.

Usage: python tools/serve.py [--host HOST] [--port PORT] [--directory DIR]
"""

from __future__ import annotations

import argparse
import functools
import ipaddress
import socket
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
#: The types the site's runtime needs whatever the machine's own table says: a module
#: script and Pyodide's WebAssembly are refused under another type.
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".whl": "application/zip", ".json": "application/json", ".svg": "image/svg+xml"}
#: Hosts that mean "every network of this machine".
EVERYWHERE = ("0.0.0.0", "")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks, loopback left out: those of its host
    name, and the one its default route leaves by (a UDP socket's ``connect`` sends nothing,
    so this works with no internet)."""
    found: list[str] = []
    try:
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(sockaddr[0]))
    except OSError:
        pass
    for probe in ("10.255.255.255", "192.168.255.255"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                s.connect((probe, 9))
                found.append(s.getsockname()[0])
            except OSError:
                pass
    usable = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) \
                and address not in usable:
            usable.append(address)
    return usable


def addresses(host: str, port: int) -> list[str]:
    """The addresses to open: this machine's own, then, served to every network, the
    machine's addresses there (for the phones)."""
    hosts = ["127.0.0.1", *lan_addresses()] if host in EVERYWHERE else [host]
    return [f"http://{h}:{port}/" for h in hosts]


class Handler(SimpleHTTPRequestHandler):
    """Files of the site, with the runtime's types, and no line per request."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1",
                        help="127.0.0.1 (this machine only, the default) or 0.0.0.0 (the "
                             "local network too)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", type=Path, default=SITE)
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").is_file():
        print(f"no built book in {args.directory}: run `make book` first", file=sys.stderr)
        return 2
    handler = functools.partial(Handler, directory=str(args.directory))
    try:
        server = ThreadingHTTPServer((args.host, args.port), handler)
    except OSError as refused:
        print(f"cannot serve on {args.host}:{args.port}: {refused.strerror}; "
              "choose another port with PORT=...", file=sys.stderr)
        return 2
    port = server.server_address[1]
    urls = addresses(args.host, port)
    print(f"Serving the book at {urls[0]}", flush=True)
    if len(urls) > 1:
        print("On the phones (the same network), open:", flush=True)
        for url in urls[1:]:
            print(f"  {url}", flush=True)
    elif args.host in EVERYWHERE:
        print("This machine has no network address besides its own: join the network "
              "first.", flush=True)
    print("Press Ctrl+C to stop.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
