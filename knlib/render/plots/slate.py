"""Bernhard's slate ladder over a session (:func:`ladder_history`,
:func:`ladder_session_figure`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import RulesError
from .figure import _figure, _set_alt

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["LadderPoint", "ladder_history", "ladder_session_figure"]


# -- Bernhard's slate ladder over a session ------------------------------------------------------


@dataclass(frozen=True)
class LadderPoint:
    """The slate after one deal of a Bernhard (1924) session: rungs left per side (when a
    ladder is won, as it stood before the slate was redrawn), and the side that won a
    ladder with this deal (None if nobody did) and its mark on the losers."""

    deal: int
    rungs: tuple[int, int]
    ladder_won_by: int | None
    mark: str | None


def ladder_history(session: Any) -> list[LadderPoint]:
    """The slate after every deal of a ``knueffeln-1924`` session, replayed from its results
    through a fresh :class:`knlib.engine.scoring.LadderSlate` with the session's Brille rule."""
    from ...engine.scoring import LadderSlate

    slate = session.score
    if not isinstance(slate, LadderSlate):
        raise RulesError(f"{session.rules.id} keeps no slate ladder: only Bernhard's game "
                         "(knueffeln-1924) does")
    replay = LadderSlate(slate.side_names, brille=slate.brille_rule)
    out = [LadderPoint(0, (replay.RUNGS, replay.RUNGS), None, None)]
    for i, res in enumerate(session.results, start=1):
        before_k, before_b = list(replay.knueppel), list(replay.brille)
        loser_rungs = replay.rungs[1 - res.winner]
        replay.erase(res.winner, res.value)
        won: int | None = None
        mark: str | None = None
        for side in (0, 1):
            if replay.brille[side] > before_b[side]:
                won, mark = 1 - side, "Brille"
            elif replay.knueppel[side] > before_k[side]:
                won, mark = 1 - side, "Knüppel"
        # A won ladder is drawn at the moment of winning (the winners at 0), before the
        # slate is wiped and redrawn with four rungs a side for the next deal.
        rungs: tuple[int, int]
        if won is not None:
            rungs = (0, loser_rungs) if won == 0 else (loser_rungs, 0)
        else:
            rungs = (replay.rungs[0], replay.rungs[1])
        out.append(LadderPoint(i, rungs, won, mark))
    return out


def ladder_session_figure(session: Any) -> Figure:
    """Bernhard's slate ladder over a whole session: the rungs each side still has to erase
    after every deal (four to start; a side that erases its last rung wins the ladder, the
    losers get a Knüppel or a Brille, and the slate is redrawn). Data: :func:`ladder_history`."""
    history = ladder_history(session)
    names = session.score.side_names
    fig = _figure(8.4, 3.8)
    ax = fig.subplots()
    xs = [p.deal for p in history]
    styles = (("o", "-", "#1f4e99"), ("s", "--", "#b3261e"))
    for side in (0, 1):
        marker, ls, colour = styles[side]
        ax.plot(xs, [p.rungs[side] for p in history], marker=marker, ls=ls, color=colour,
                drawstyle="steps-post", label=f"{names[side]}: rungs left", gid=f"side:{side}")
    for p in history:
        if p.ladder_won_by is not None:
            ax.axvline(p.deal, color="#999999", lw=0.8, ls=":")
            text = (f"{names[p.ladder_won_by]} win\nthe ladder;\n"
                    f"{names[1 - p.ladder_won_by]}: {'●●' if p.mark == 'Brille' else '●'} "
                    f"{p.mark}")
            ax.text(p.deal, 4.45, text, fontsize=7.5, ha="center", va="bottom")
    ax.set_ylim(-0.3, 5.9)
    ax.set_yticks(range(5))
    ax.set_xlim(-0.3, max(xs) + 0.5)
    ax.set_xticks(xs)
    ax.set_xlabel("after deal")
    ax.set_ylabel("rungs left on the slate")
    ax.set_title(f"Bernhard's slate ladder over {len(history) - 1} deals", fontsize=11)
    ax.legend(loc="lower left", fontsize=8, frameon=False)
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    wins = [p for p in history if p.ladder_won_by is not None]
    _set_alt(fig, f"A step chart of the rungs left for {names[0]} and {names[1]} after each of "
             f"{len(history) - 1} deals of Bernhard's game; {len(wins)} ladders are won: "
             + "; ".join(f"after deal {p.deal} by {names[p.ladder_won_by]} "
                         f"({p.mark} for the losers)" for p in wins) + ".")
    return fig
