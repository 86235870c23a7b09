"""The family from 1426 to today (:func:`family_timeline`; data: :data:`TIMELINE`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from knlib.sources import STY_TEXT

from ..i18n import marked, tr
from .figure import new_figure, set_alt

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["family_timeline", "TIMELINE", "TimelineEntry"]


# -- the family timeline --------------------------------------------------------------------

SEED_000 = "000_e178d9ace6cd8e42.txt"
SEED_001 = "001_f0279c52950a00bf.txt"
SEED_002 = "002_5011b8fc10a09dee.txt"
SEED_003 = "003_fcae2dfce15b17dd.txt"
SEED_004 = "004_72a445e1f29a5bb6.txt"


@dataclass(frozen=True)
class TimelineEntry:
    """One dated event of the family's history, with where the date is written."""

    year: int
    #: The date and the event as the timeline writes them, in English (translated where
    #: shown: :meth:`label`).
    when: str
    branch: str
    event: str
    #: The file in shared/seeds/ (or shared/rules/styrivolt.md) that gives the date.
    file: str
    section: str

    @property
    def source(self) -> str:
        return f"{self.file}, {self.section}"

    @property
    def label(self) -> str:
        """The date and the event, in the current language: '1924  Bernhard describes
        Knüffeln in Die Heimat'."""
        return tr(self.when) + "  " + tr(self.event)


#: The family's history, oldest first. Every date is written in the file named.
TIMELINE: tuple[TimelineEntry, ...] = (
    TimelineEntry(1426, "1426", "Karnöffel",
                  marked("Nördlingen ordinance: Karnöffel first recorded"), SEED_002,
                  "'History' (the Karnöffel summary: a municipal ordinance of Nördlingen, 1426)"),
    TimelineEntry(1648, "1648", "Stýrivolt",
                  marked("Stiernhielm's poem Herkules names 'stýr-wålt' (one source: 1658)"),
                  STY_TEXT, "'History'"),
    TimelineEntry(1774, "1774", "Stýrivolt", marked("Copenhagen rule book describes Styrvolt"),
                  STY_TEXT, "'History'"),
    TimelineEntry(1781, "1781–82", "Stýrivolt", marked("Svabo mentions the game in the Faroes"),
                  STY_TEXT, "'History'"),
    TimelineEntry(1783, "1783", "Karniffel",
                  marked("Wieland prints Karniffel's rules in Der Teutsche Merkur"), SEED_002,
                  "'History' and 'Literature'"),
    TimelineEntry(1865, marked("c. 1865"), "Knüffeln",
                  marked("Knüffeln among the farmers' Christmas games in Schleswig-Holstein"),
                  SEED_001,
                  "'Background' and 'Literature' (Die Grenzboten, 1865)"),
    TimelineEntry(1924, "1924", "Knüffeln", marked("Bernhard describes Knüffeln in Die Heimat"),
                  SEED_000, "'Introduction' and 'References'"),
    TimelineEntry(1938, "1938", "Knüffeln", marked("Grünberg's article in Die Heimat"), SEED_000,
                  "'Introduction' and 'References'"),
    TimelineEntry(1975, "1975", "Stýrivolt", marked("Bærentsen's 'Stýrivoltur' in Varðin"),
                  STY_TEXT, "opening paragraph"),
    TimelineEntry(1984, "1984", "Knüffeln",
                  marked("Appeles's rules in the Hattstedt village archive"),
                  SEED_000, "'Modern Knüffeln (Hattstedt variant)'; seed 001 'Literature'"),
    TimelineEntry(2001, "2001", "Karnöffel",
                  marked("Overby & Sanders publish a one-suit Karnöffel"),
                  SEED_003, "closing copyright line"),
    TimelineEntry(2019, "2019", "Knüffeln",
                  marked("Feddersen's course rules 'Knüffeln – Spielregeln'"),
                  SEED_001, "'Literature'"),
    TimelineEntry(2021, "2021", "Knüffeln", marked("Eaton's article in The Playing-Card"), SEED_000,
                  "'Introduction' and 'References'"),
    TimelineEntry(2024, "2024", "Karnöffel", marked("The 'Karnoffel' blog post (single ranking)"),
                  SEED_004, "date line (June 20, 2024)"),
)

#: Lane order and marker of each branch (the shape tells the branch, not only the colour).
_BRANCHES = {
    "Karnöffel": ("s", "#4d4d4d"),
    "Karniffel": ("D", "#2e6b30"),
    "Stýrivolt": ("^", "#1f4e99"),
    "Knüffeln": ("o", "#b3261e"),
}


#: Years before this are drawn at a quarter of the scale, so the many recent events fit.
_TIMELINE_BREAK = 1850
_TIMELINE_SQUEEZE = 4.0


def _time_fwd(y: Any) -> Any:
    import numpy as np

    y = np.asarray(y, dtype=float)
    return np.where(y < _TIMELINE_BREAK, _TIMELINE_BREAK - (_TIMELINE_BREAK - y)
                    / _TIMELINE_SQUEEZE, y)


def _time_inv(t: Any) -> Any:
    import numpy as np

    t = np.asarray(t, dtype=float)
    return np.where(t < _TIMELINE_BREAK, _TIMELINE_BREAK - (_TIMELINE_BREAK - t)
                    * _TIMELINE_SQUEEZE, t)


def _spread(targets: Sequence[float], gap: float) -> list[float]:
    """Label positions as near their targets (sorted ascending) as a minimum gap allows:
    overlapping labels form a cluster centred on the mean of its targets."""
    clusters: list[list[float]] = []
    for t in targets:
        clusters.append([t])
        while len(clusters) > 1:
            a, b = clusters[-2], clusters[-1]
            top_a = sum(a) / len(a) + (len(a) - 1) / 2 * gap
            bottom_b = sum(b) / len(b) - (len(b) - 1) / 2 * gap
            if bottom_b - top_a >= gap:
                break
            clusters[-2:] = [a + b]
    out: list[float] = []
    for c in clusters:
        mid = sum(c) / len(c)
        out += [mid + (i - (len(c) - 1) / 2) * gap for i in range(len(c))]
    return out


def family_timeline() -> Figure:
    """The family from 1426 to today: one lane per branch (Karnöffel, Karniffel,
    Stýrivolt, Knüffeln), each event a marker at its year with a labelled callout.
    Years before 1850 are drawn at a quarter of the scale. Data: :data:`TIMELINE`."""
    from matplotlib.lines import Line2D

    fig = new_figure(9.0, 7.0)
    ax = fig.subplots()
    ax.set_yscale("function", functions=(_time_fwd, _time_inv))
    lanes = {b: i for i, b in enumerate(_BRANCHES)}
    entries = sorted(TIMELINE, key=lambda e: (e.year, e.when))
    # Callouts: each label sits as near its year as a minimum gap allows, and a leader
    # line joins it to its marker, so close dates (2019, 2021, 2024) stay readable.
    spots = _spread([float(_time_fwd(e.year)) for e in entries], gap=17.0)
    label_x = len(lanes) - 0.25
    last_in_lane: dict[str, tuple[float, float]] = {}
    for e, spot in zip(entries, spots, strict=True):
        marker, colour = _BRANCHES[e.branch]
        x = float(lanes[e.branch])
        t = float(_time_fwd(e.year))
        prev = last_in_lane.get(e.branch)
        if prev is not None and t - prev[0] < 6:  # markers that would overlap step aside
            x = prev[1] + 0.16
        last_in_lane[e.branch] = (t, x)
        ly = float(_time_inv(spot))
        ax.plot([x], [e.year], marker=marker, ms=8, color=colour, mec="#111111", mew=0.6,
                ls="", zorder=3, gid=f"event:{e.year}")
        ax.plot([x, len(lanes) - 0.6, label_x - 0.05], [e.year, e.year, ly], color="#9a9a9a",
                lw=0.6, zorder=1)
        ax.text(label_x, ly, e.label, va="center", ha="left", fontsize=10.2,
                gid=f"label:{e.year}")
    for i in lanes.values():
        ax.axvline(i, color="#dddddd", lw=1, zorder=0)
    ax.axhspan(1400, _TIMELINE_BREAK, color="#f4f4f4", zorder=-1, lw=0)
    ax.text(-0.45, 1835, tr("before 1850: a quarter of the scale"), fontsize=10.2, color="#555555",
            va="bottom", ha="left")
    ax.set_xticks(range(len(lanes)), list(lanes), fontsize=10.2)
    ax.tick_params(axis="x", labeltop=True, labelbottom=False, length=0)
    ax.set_xlim(-0.5, len(lanes) + 6.0)
    ax.set_ylim(max(2035.0, float(_time_inv(spots[-1] + 6))), min(1400.0, float(_time_inv(
        spots[0] - 6))))
    ax.set_yticks([1400, 1500, 1600, 1700, 1800, 1850, 1900, 1950, 2000])
    ax.set_yticks([], minor=True)
    ax.tick_params(axis="y", labelsize=10.2)
    ax.grid(axis="y", color="#e8e8e8", lw=0.6)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.set_ylabel(tr("year"), fontsize=10)
    ax.set_xlabel(tr("branch of the family (marker shape: ■ Karnöffel, ◆ Karniffel, "
                     "▲ Stýrivolt, ● Knüffeln)"), fontsize=10)
    ax.set_title(tr("The Karnöffel family, 1426 to today"), fontsize=12, loc="left")
    ax.legend(handles=[Line2D([], [], marker=m, color=c, mec="#111111", ls="", label=b)
                       for b, (m, c) in _BRANCHES.items()],
              loc="upper left", bbox_to_anchor=(0.005, 0.56), fontsize=10.2, title=tr("branch"),
              title_fontsize=10.2)
    set_alt(fig, tr(
        "A timeline of {n} dated events of the Karnöffel family, from the Nördlingen "
        "ordinance of {first} to {last}, in lanes for Karnöffel, Karniffel, Stýrivolt and "
        "Knüffeln.", n=len(entries), first=entries[0].year, last=entries[-1].year))
    return fig
