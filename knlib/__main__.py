"""``python -m knlib``: see :mod:`knlib.apps.cli`.

knlib needs no other package, but a few commands use an optional one (the diploma is drawn
with matplotlib). Without it such a command says which package to install, with exit
status 2, instead of a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .apps.cli import main

#: The optional packages, and what knlib uses them for (pyproject.toml's extras).
OPTIONAL = {
    "matplotlib": "draws the figures and the diploma",
    "numpy": "runs the bulk simulation's fast path",
    "ipywidgets": "draws the practice tools in Jupyter",
}


def run(argv: Sequence[str] | None = None) -> int:
    """:func:`knlib.apps.cli.main`, with a missing optional package named."""
    try:
        return main(argv)
    except ModuleNotFoundError as err:
        name = (err.name or "").partition(".")[0]
        if name not in OPTIONAL:
            raise
        print(f"error: this command needs {name} (it {OPTIONAL[name]}), which is not "
              f"installed: pip install {name}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(run())
