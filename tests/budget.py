"""How many random cases the property tests try.

``make test`` tries them all. ``make unit`` sets ``KNLIB_QUICK=1`` and tries a tenth (at
least 10), so that the quick run stays under a minute and still runs every property.
"""

from __future__ import annotations

import os

QUICK = os.environ.get("KNLIB_QUICK", "") not in ("", "0")


def examples(n: int) -> int:
    """``n`` cases, or a tenth of them (at least 10) in a quick run."""
    return max(10, n // 10) if QUICK else n
