"""The characters the diploma's fonts can draw, so that a name they lack is refused rather
than printed as boxes (:func:`missing_glyphs`).

The diploma draws the name in bold DejaVu Serif, falling back glyph by glyph to bold DejaVu
Sans (:data:`FONT_FAMILIES`): the fonts that come with matplotlib, so every machine draws the
same diploma. The page's SVG diploma names the same fonts first. The table below is the
union of the two fonts' character maps (their ``cmap``, read with fontTools from
matplotlib 3.11.2's copies); ``tests/test_course_inputs.py`` reads the fonts
again and fails when the table differs. It is pure Python, so the page (Pyodide, no
matplotlib) checks a name exactly as the command line does.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["FONT_FAMILIES", "FONT_FILES", "CODE_POINTS", "drawable", "missing_glyphs"]

#: The families the diploma's words are drawn in, in the order matplotlib tries them.
FONT_FAMILIES = ("DejaVu Serif", "DejaVu Sans")
#: The files of matplotlib's own fonts the name is drawn from (it is bold).
FONT_FILES = ("DejaVuSerif-Bold.ttf", "DejaVuSans-Bold.ttf")

#: The code points those fonts have a glyph for, as hexadecimal ranges.
CODE_POINTS = (
    "20-7E A0-2E9 2EC-2F0 2F3 2F7 300-34F 351-353 357-358 35A 35C-362 370-377 37A-37E "
    "384-38A 38C 38E-3A1 3A3-525 531-556 559-55F 561-587 589-58A 5B0-5C3 5C6-5C7 5D0-5EA "
    "5F0-5F4 606-607 609-60A 60C 615 61B 61F 621-63A 640-655 657 65A 660-670 674 679-6BF "
    "6C6-6C8 6CB-6CC 6CE 6D0 6D5 6F0-6F9 7C0-7E7 7EB-7F5 7F8-7FA E3F E81-E82 E84 E87-E88 "
    "E8A E8D E94-E97 E99-E9F EA1-EA3 EA5 EA7 EAA-EAB EAD-EB9 EBB-EBD EC0-EC4 EC6 EC8-ECD "
    "ED0-ED9 EDC-EDD 10A0-10C5 10D0-10FC 1401-1407 1409-141B 141D-1435 1437-144A 144C-1452 "
    "1454-14BD 14C0-14EA 14EC-1507 1510-153E 1540-1550 1552-156A 1574-1585 158A-1596 "
    "15A0-15AF 15DE 15E1 1646-1647 166E-1676 1680-169C 1D00-1D6B 1D77-1D78 1D7B-1D7F 1D85 "
    "1D9B-1DBF 1DC4-1DC9 1E00-1EFB 1F00-1F15 1F18-1F1D 1F20-1F45 1F48-1F4D 1F50-1F57 1F59 "
    "1F5B 1F5D 1F5F-1F7D 1F80-1FB4 1FB6-1FC4 1FC6-1FD3 1FD6-1FDB 1FDD-1FEF 1FF2-1FF4 "
    "1FF6-1FFE 2000-2064 206A-2071 2074-208E 2090-209C 20A0-20B5 20B8-20BA 20BD 20D0-20D1 "
    "20D6-20D7 20DB-20DC 20E1 2100-2109 210B-2149 214B 214E 2150-2185 2189 2190-2311 "
    "2318-2319 231C-2321 2324-2328 232B-232C 2373-2375 237A 237D 2387 2394 239B-23AE "
    "23CE-23CF 23E3 23E5 23E8 2422-2423 2460-2469 2500-269C 269E-26B8 26C0-26C3 26E2 "
    "2701-2704 2706-2709 270C-2727 2729-274B 274D 274F-2752 2756 2758-275E 2761-2794 "
    "2798-27AF 27B1-27BE 27C5-27C6 27E0 27E6-27EB 27F0-297F 2983-2984 29CE-29D5 29EB "
    "29FA-29FB 2A00-2A02 2A0C-2A1C 2A2F 2A6A-2A6B 2A7D-2AA0 2AAE-2ABA 2AF9-2AFA 2B00-2B1A "
    "2B1F-2B24 2B53-2B54 2C60-2C77 2C79-2C7F 2D00-2D25 2D30-2D65 2D6F 2E18 2E1F 2E22-2E25 "
    "2E2E 4DC0-4DFF A4D0-A4FF A644-A647 A64C-A64D A650-A651 A654-A657 A662-A66E A68A-A68D "
    "A694-A695 A708-A716 A71B-A71F A722-A741 A746-A74B A74E-A753 A756-A757 A764-A769 "
    "A77B-A77C A780-A787 A789-A78E A790-A791 A7A0-A7AA A7F8-A7FF EF00-EF19 F400-F426 "
    "F428-F441 F6C5 F6D1 F6D4 FB00-FB06 FB13-FB17 FB1D-FB36 FB38-FB3C FB3E FB40-FB41 "
    "FB43-FB44 FB46-FB4F FB52-FBA3 FBAA-FBAD FBD3-FBDC FBDE-FBDF FBE4-FBE9 FBFC-FBFF "
    "FE00-FE0F FE20-FE23 FE70-FE74 FE76-FEFC FEFF FFF9-FFFD 10300-1031E 10320-10323 "
    "1D300-1D356 1D400-1D433 1D538-1D539 1D53B-1D53E 1D540-1D544 1D546 1D54A-1D550 "
    "1D552-1D56B 1D5D4-1D607 1D6A8-1D6E1 1D756-1D78F 1D7CA-1D7CB 1D7CE-1D7E1 1D7EC-1D7F5 "
    "1F030-1F093 1F0A0-1F0AE 1F0B1-1F0BE 1F0C1-1F0CF 1F0D1-1F0DF 1F42D-1F42E 1F431 1F435 "
    "1F600-1F623 1F625-1F62B 1F62D-1F640 "
)


@lru_cache(maxsize=1)
def _ranges() -> tuple[tuple[int, int], ...]:
    out = []
    for item in CODE_POINTS.split():
        first, _, last = item.partition("-")
        out.append((int(first, 16), int(last or first, 16)))
    return tuple(out)


def drawable(ch: str) -> bool:
    """Whether the diploma's fonts have a glyph for the character ``ch``."""
    code = ord(ch)
    return any(first <= code <= last for first, last in _ranges())


def missing_glyphs(text: str) -> tuple[str, ...]:
    """The characters of ``text`` the diploma's fonts cannot draw, each once, in order
    (spaces and the invisible joiners, which draw nothing, are never missing)."""
    seen: list[str] = []
    for ch in text:
        if ch.isspace() or unicodedata.category(ch) == "Cf" or ch in seen:
            continue
        if not drawable(ch):
            seen.append(ch)
    return tuple(seen)
