"""Confidence intervals for what a simulation counts: :func:`wilson` for a proportion,
:func:`mean_ci` for a mean, and the small values :class:`Proportion` and :class:`Mean`
that carry them into the book's tables and charts."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..i18n import current_language, tr

__all__ = ["wilson", "mean_ci", "Proportion", "Mean", "percent_text", "count_text",
           "number_text"]


def _german(text: str) -> str:
    """English digits in German: '1,234.5' -> '1.234,5'."""
    return text.replace(",", "_").replace(".", ",").replace("_", ".")


def percent_text(x: float, digits: int = 1) -> str:
    """A share as the current language writes it, ``digits`` decimals (one by default):
    '48.2%', '48,2 %'."""
    if current_language() == "de":
        return _german(f"{x * 100:.{digits}f}") + "\u00a0%"
    return f"{x:.{digits}%}"


def count_text(n: int) -> str:
    """A whole number with its thousands marked: '12,000', '12.000'."""
    text = f"{n:,}"
    return _german(text) if current_language() == "de" else text


def number_text(x: float) -> str:
    """A number to three significant digits: '0.125', '0,125'."""
    text = f"{x:.3g}"
    return _german(text) if current_language() == "de" else text


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``k`` successes in ``n`` trials
    (``z=1.96``: 95%). Returns (low, high); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Iterable[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean of ``values`` and its normal-approximation interval: (mean, low, high)."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


@dataclass(frozen=True)
class Proportion:
    """``k`` of ``n``, with its Wilson interval (95% unless ``z`` says otherwise)."""

    k: int
    n: int
    z: float = 1.96

    @property
    def p(self) -> float:
        return self.k / self.n if self.n else math.nan

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.k, self.n, self.z)

    def __str__(self) -> str:
        lo, hi = self.ci
        return tr("{p} (95% CI {low} to {high}; {k} of {n})", p=percent_text(self.p),
                  low=percent_text(lo), high=percent_text(hi), k=count_text(self.k),
                  n=count_text(self.n))


@dataclass(frozen=True)
class Mean:
    """A mean with its normal-approximation interval."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float], z: float = 1.96) -> Mean:
        m, lo, hi = mean_ci(values, z)
        return cls(m, lo, hi, len(values))

    @property
    def ci(self) -> tuple[float, float]:
        return (self.low, self.high)

    def __str__(self) -> str:
        return tr("{mean} (95% CI {low} to {high}; n = {n})", mean=number_text(self.mean),
                  low=number_text(self.low), high=number_text(self.high),
                  n=count_text(self.n))
