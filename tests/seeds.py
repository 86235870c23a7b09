"""The source texts beside the clone: ``../shared`` (seed texts in ``seeds/``, readings in
``rules/``), or ``$KNLIB_SHARED``.

A clone without them (CI's fresh clone has them, a copy elsewhere may not) gets skipped tests
that say where the texts were looked for, never a collection error.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

SHARED = Path(os.environ.get("KNLIB_SHARED") or Path(__file__).resolve().parents[2] / "shared")
SEEDS = SHARED / "seeds"


def _missing(what: Path) -> str:
    return f"{what} is missing: the source texts beside the clone (KNLIB_SHARED names another)"


def shared_dir() -> Path:
    """The shared sources' folder; skips the calling test when it is missing."""
    if not SHARED.is_dir():
        pytest.skip(_missing(SHARED))
    return SHARED


def seed_text(prefix: str) -> str:
    """The text of the seed whose file name starts with ``prefix`` ("000"); skips the
    calling test when it is missing."""
    files = sorted(SEEDS.glob(f"{prefix}_*.txt")) if SEEDS.is_dir() else []
    if not files:
        pytest.skip(_missing(SEEDS / f"{prefix}_*.txt"))
    return files[0].read_text(encoding="utf-8")


def seed_params(make: Callable[[], list[Any]]) -> list[Any]:
    """Parameters read from the sources while pytest collects (``make()``), or a single
    skipped parameter with the reason when they are missing."""
    try:
        return make()
    except pytest.skip.Exception as skip:
        return [pytest.param(None, marks=pytest.mark.skip(reason=skip.msg))]
