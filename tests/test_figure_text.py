"""Every figure on a learner page has text at least 10 pixels high where it is shown
(issue 25, item 6: the "who beats whom" grid had labels about 7 pixels high).

A notebook shows a figure as a PNG of its tight bounding box at the figure's dpi (IPython's
inline backend, 0.1 inch of padding each side); the page shrinks a picture wider than its
column to the column's width. So a text of ``size`` points is shown
``size / 72 * dpi * min(1, column / natural width)`` pixels high (its em). The column is
:data:`FIGURE_COLUMN`, the width the built book gives a cell's picture at a 1280-pixel
screen; tests/test_page_fit.py checks that width in the browser.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from knbook import pictures as plots
from knbook.course import glance
from knbook.course.book_helpers import seating_figure
from knbook.pictures.intervals import ci_chart
from knlib.sim.stats import Proportion

#: Pixels a cell's picture gets in the built book's text column at 1280 pixels.
FIGURE_COLUMN = 688
MIN_TEXT_PX = 10.0


def _ladder_session():
    import knlib
    from knbook.course.golden_moves import book_player

    session = knlib.Session("knueffeln-1924", seed=3)
    session.play(12, choose=book_player)
    return plots.ladder_session_figure(session)


#: The figures of the learner pages (the notebooks' calls), and their builders.
FIGURES: dict[str, Callable[[], object]] = {
    "at a glance: the table": glance.table_figure,
    "evening 1: seating": lambda: seating_figure(dealer=0),
    "evening 2: who beats whom": lambda: plots.beats_matrix("knueffeln", "HS"),
    "evening 4: stakes": plots.stakes_chart,
    "evening 5: the slate ladder": _ladder_session,
    "history: timeline": plots.family_timeline,
    "karniffel: ladder": lambda: plots.ranking_ladder("karniffel", "SD"),
    "comparison: five ladders": lambda: plots.ranking_ladders(
        ["knueffeln", "styrivolt", "karniffel", "karnoeffel", "karnoeffel-2024"],
        ["HS", "HS", "SD", "H", "H"], ncols=1),
    "simulations: a chart": lambda: ci_chart(
        [("Knüffeln (Bohmstedt)", Proportion(30, 100)), ("Stýrivolt", Proportion(55, 100))],
        title="Deals won by the side holding the card", xlabel="deals won (%)", width=8),
}


def shown_text_heights(fig, column: float = FIGURE_COLUMN) -> list[tuple[float, str]]:
    """(pixels high as shown, text) for every visible text of ``fig``, smallest first."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    FigureCanvasAgg(fig)
    renderer = fig.canvas.get_renderer()
    fig.draw(renderer)
    natural = (fig.get_tightbbox(renderer).width + 0.2) * fig.dpi
    scale = min(1.0, column / natural)
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    assert texts, "a figure without text"
    return sorted((t.get_fontsize() / 72 * fig.dpi * scale, t.get_text()) for t in texts)


@pytest.mark.parametrize("name", FIGURES)
def test_every_text_of_a_figure_is_at_least_10_pixels_high_as_shown(name):
    smallest = shown_text_heights(FIGURES[name]())[0]
    assert smallest[0] >= MIN_TEXT_PX, f"{name}: {smallest[1]!r} is {smallest[0]:.1f}px high"


def test_the_measure_fails_on_small_text():
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 4), dpi=100)
    fig.text(0.5, 0.5, "tiny", fontsize=7.5)  # 10.4 px at its size, but shown at 0.69
    fig.text(0.01, 0.9, "x" * 150, fontsize=7.5)  # makes the figure as wide as the page
    assert shown_text_heights(fig)[0][0] < MIN_TEXT_PX
    assert shown_text_heights(fig, column=10_000)[0][0] == pytest.approx(7.5 / 72 * 100)
