"""``knlib``: see :mod:`knbook.cli`.

knlib needs no other package, but a few commands use an optional one (the diploma is drawn
with matplotlib). Without it such a command says which package to install, with exit
status 2, instead of a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from knlib.errors import RulesError

from .cli import command_language, main
from .i18n import language, marked, tr

#: The optional packages, and what knlib uses them for (pyproject.toml's extras).
OPTIONAL = {
    "matplotlib": marked("draws the figures and the diploma"),
    "numpy": marked("runs the bulk simulation's fast path"),
    "ipywidgets": marked("draws the practice tools in Jupyter"),
}


def run(argv: Sequence[str] | None = None) -> int:
    """:func:`knbook.cli.main`, with a missing optional package named (in the
    command's language: ``--lang``, else ``KNLIB_LANG``)."""
    try:
        return main(argv)
    except ModuleNotFoundError as err:
        name = (err.name or "").partition(".")[0]
        if name not in OPTIONAL:
            raise
        with language(_language_of(argv)):
            print(tr("error: this command needs {package} (it {use}), which is not "
                     "installed: pip install {package}", package=name,
                     use=tr(OPTIONAL[name])), file=sys.stderr)
        return 2


def _language_of(argv: Sequence[str] | None) -> str:
    """The language the command ran in (English if neither ``--lang`` nor ``KNLIB_LANG``
    names one knlib writes in)."""
    try:
        return command_language(sys.argv[1:] if argv is None else argv)
    except RulesError:
        return "en"


if __name__ == "__main__":
    sys.exit(run())
