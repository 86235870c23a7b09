"""What a reader of a sheet's PDF gets: its text as copy and search see it, and its type
sizes. Enough PDF for the sheets knlib draws (matplotlib, Type 3 fonts, Flate streams): each
font's codes are read through its ``/Differences`` glyph names (fontTools' glyph list, which
matplotlib brings), so a ligature glyph comes out as the one character it is ('ﬀ')."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from fontTools.agl import toUnicode

_OBJ = re.compile(rb"(\d+) 0 obj(.*?)endobj", re.S)
_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_FONT_SIZE = re.compile(rb"/(\w+) ([\d.]+) Tf")
_TEXT_OP = re.compile(rb"/(\w+) [\d.]+ Tf|\[(.*?)\]\s*TJ|(\((?:\\.|[^\\)])*\))\s*Tj", re.S)
_STRING = re.compile(rb"\(((?:\\.|[^\\)])*)\)", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _objects(pdf: bytes) -> dict[int, bytes]:
    return {int(m.group(1)): m.group(2) for m in _OBJ.finditer(pdf)}


def _content_streams(pdf: bytes) -> list[bytes]:
    out = []
    for m in _STREAM.finditer(pdf):
        try:
            out.append(zlib.decompress(m.group(1)))
        except zlib.error:
            out.append(m.group(1))
    return [s for s in out if b" Tf" in s]


def _fonts(pdf: bytes) -> dict[bytes, dict[int, str]]:
    """Each font resource name ('F1') with its code -> character table."""
    objects = _objects(pdf)
    out: dict[bytes, dict[int, str]] = {}
    for body in objects.values():
        for name, ref in re.findall(rb"/(F\d+) (\d+) 0 R", body):
            font = objects.get(int(ref), b"")
            diff = re.search(rb"/Differences\s*\[(.*?)\]", font, re.S)
            table: dict[int, str] = {}
            code = 0
            for token in (diff.group(1).split() if diff else []):
                if token.startswith(b"/"):
                    table[code] = toUnicode(token[1:].decode()) or "?"
                    code += 1
                else:
                    code = int(token)
            out[name] = table
    return out


def _unescape(raw: bytes) -> bytes:
    out = bytearray()
    i = 0
    while i < len(raw):
        ch = raw[i:i + 1]
        if ch == b"\\" and i + 1 < len(raw):
            nxt = raw[i + 1:i + 2]
            octal = re.match(rb"[0-7]{1,3}", raw[i + 1:i + 4])
            if octal:
                out.append(int(octal.group(0), 8) & 0xFF)
                i += 1 + len(octal.group(0))
                continue
            out += _ESCAPES.get(nxt, nxt)
            i += 2
            continue
        out += ch
        i += 1
    return bytes(out)


def pdf_text(pdf: str | Path | bytes) -> str:
    """The PDF's text as a reader's copy gets it: one line per text object."""
    data = pdf if isinstance(pdf, bytes) else Path(pdf).read_bytes()
    fonts = _fonts(data)
    lines = []
    for stream in _content_streams(data):
        for block in re.findall(rb"BT(.*?)ET", stream, re.S):
            font: dict[int, str] = {}
            text = []
            for m in _TEXT_OP.finditer(block):
                if m.group(1):
                    font = fonts.get(m.group(1), {})
                    continue
                strings = _STRING.findall(m.group(2)) if m.group(2) is not None else \
                    _STRING.findall(m.group(3))
                for s in strings:
                    text += [font.get(b, chr(b)) for b in _unescape(s)]
            lines.append("".join(text))
    return "\n".join(lines)


def font_sizes(pdf: str | Path | bytes) -> list[float]:
    """Every type size (points) the PDF's text is set in."""
    data = pdf if isinstance(pdf, bytes) else Path(pdf).read_bytes()
    return sorted({float(m.group(2)) for s in _content_streams(data)
                   for m in _FONT_SIZE.finditer(s)})
