"""Charts of simulated rates and means with their 95% intervals (matplotlib)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from knlib.sim.stats import Mean, Proportion, number_text, percent_text

from ..i18n import current_language

__all__ = ["ci_chart"]


def ci_chart(rows: Sequence[tuple[str, Proportion | Mean]], *, title: str, xlabel: str,
             reference: float | None = None, reference_label: str = "",
             percent: bool = True, ax: Any = None, width: float = 7.0) -> Any:
    """Horizontal bars with 95% intervals, one per (label, Proportion or Mean), each value
    written beside its bar (matplotlib, imported here; a Figure without pyplot). A dashed
    ``reference`` line marks a value to compare with (50%, a target)."""
    from matplotlib.figure import Figure

    fig = None
    if ax is None:
        fig = Figure(figsize=(width, 0.42 * len(rows) + 1.3), dpi=100, layout="constrained")
        ax = fig.add_subplot()
    labels = [r[0] for r in rows]
    vals: list[float] = []
    lo: list[float] = []
    hi: list[float] = []
    for _, value in rows:
        a, b = value.ci
        vals.append(value.p if isinstance(value, Proportion) else value.mean)
        lo.append(vals[-1] - a)
        hi.append(b - vals[-1])
    scale = 100.0 if percent else 1.0
    y = list(range(len(rows)))[::-1]
    ax.barh(y, [v * scale for v in vals], color="#cfe0fb", edgecolor="#1a1a1a", hatch="//",
            height=0.6)
    ax.errorbar([v * scale for v in vals], y, xerr=[[x * scale for x in lo],
                                                    [x * scale for x in hi]],
                fmt="o", color="#1a1a1a", ecolor="#1a1a1a", capsize=3, markersize=3)
    for yy, v, h in zip(y, vals, hi, strict=True):
        text = f"{v * scale:.1f}%" if percent else f"{v:.3g}"
        if current_language() == "de":
            text = percent_text(v) if percent else number_text(v)
        ax.text((v + h) * scale, yy, "  " + text, va="center", fontsize=9)
    ax.set_ylim(-0.6, len(rows) - 0.05)
    if reference is not None:
        ax.axvline(reference * scale, color="#555555", linestyle="--", linewidth=1)
        if reference_label:
            # Inside the axes, above the top bar.
            ax.text(reference * scale, len(rows) - 0.35, f" {reference_label}", fontsize=8,
                    color="#333333", va="center")
    ax.set_yticks(y)
    ax.set_yticklabels(labels)
    ax.set_xlabel(xlabel)
    ax.set_title(title, loc="left", fontsize=11)
    ax.margins(x=0.18)
    if percent:
        ax.set_xlim(left=min(0.0, min(v - d for v, d in zip(vals, lo, strict=True)) * scale))
    return fig if fig is not None else ax
