"""``python -m knlib``: see :mod:`knlib.cli`."""

import sys

from .cli import main

sys.exit(main())
