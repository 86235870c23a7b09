"""The README's picture, drawn by knlib: the trick of the README's first example
(``docs/trick.svg``), on a white ground so that it reads on a dark page too.

Usage: python tools/readme_picture.py [--check]   (--check: exit 1 if the file is stale;
tests/test_readme.py checks it too)
"""

from __future__ import annotations

import sys
from pathlib import Path

import knlib
from knlib.render.display import trick_svg

PATH = Path(__file__).resolve().parent.parent / "docs" / "trick.svg"
#: The trick, its game and its chosen suits (the README's first example).
TRICK = ("knueffeln", ["D4", "S3", "DA", "C8"], "HS")


def picture() -> str:
    """The picture as SVG text."""
    game, cards, chosen = TRICK
    seats = list(knlib.new_deal(game, seed=0).names)
    svg = trick_svg(cards, game=game, chosen=chosen, seats=seats, width=72)
    head, sep, body = svg.partition("</title>")  # the title stays the first child
    ground = '<rect width="100%" height="100%" fill="#ffffff"/>'
    return head + sep + ground + body + "\n"


def main(argv: list[str]) -> int:
    new = picture()
    if "--check" in argv:
        current = PATH.read_text(encoding="utf-8") if PATH.exists() else ""
        if current != new:
            print(f"{PATH} is stale: run python tools/readme_picture.py", file=sys.stderr)
            return 1
        return 0
    PATH.write_text(new, encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
