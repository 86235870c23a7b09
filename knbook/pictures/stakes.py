"""What deals are worth, in figures: the stakes of three Knüffeln versions
(:func:`stakes_chart`, from :func:`stake_rows`; data: :mod:`knlib.engine.scoring`), and
Bernhard's slate ladder over a session (:func:`ladder_history`,
:func:`ladder_session_figure`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from knlib.errors import RulesError
from knlib.games import GAMES, RULESETS, ruleset
from knlib.games.stakes import format_amount

from ..i18n import current_language, marked, ntr, tr
from .figure import new_figure, set_alt

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "stakes_chart", "STAKES_VERSIONS", "Stake", "stake_rows", "LadderPoint", "ladder_history",
    "ladder_session_figure", "version_text", "item_text",
]


# -- the stakes chart -----------------------------------------------------------------------


@dataclass(frozen=True)
class Stake:
    """One bar of the stakes chart: a payment of one version, the amount as the chart
    writes it, and the amount in units of that version's basic game (None where the
    version has no such payment). ``version`` and ``item`` are the chart's keys, in English
    (:func:`version_text` and :func:`item_text` give them in the current language);
    ``amount`` is written in the current language ('1.5 €', German '1,5 €')."""

    version: str
    item: str
    amount: str
    basic_games: float | None
    source: str


#: The units of the stakes that are money.
_MONEY = ("cents", "Pf")
#: The versions the stakes chart compares by default, those of a game's versions that pay
#: in money, with their names on the chart (:attr:`knlib.games.Ruleset.VERSION_NAME`).
STAKES_VERSIONS: dict[str, str] = {
    game: RULESETS[game].VERSION_NAME for game in GAMES
    if RULESETS[game].VERSION_NAME and RULESETS[game].stakes.unit in _MONEY
}
_ITEMS = (marked("basic game"), marked("each face-down lead seen"), marked("Jann"),
          marked("march"))


def version_text(version: str) -> str:
    """A version's name on the chart in the current language ('Bohmstedt (heute)')."""
    return tr(version) if version in STAKES_VERSIONS.values() else version


def item_text(item: str) -> str:
    """A payment's name on the chart in the current language ('Grundspiel')."""
    return tr(item) if item in _ITEMS else item


def _number(value: float) -> str:
    """A short number ('1.5', German '1,5')."""
    text = f"{value:g}"
    return text.replace(".", ",") if current_language() == "de" else text


def _amount(unit: str, value: int) -> str:
    if unit == "cents":
        return f"{value} ct" if value < 100 else f"{_number(value / 100)} €"
    if unit == "Pf":
        return f"{value} Pf"
    return format_amount(unit, value)


def stake_rows(games: Iterable[str] = tuple(STAKES_VERSIONS)) -> list[Stake]:
    """The bars of the stakes chart, from the stakes table of :mod:`knlib.engine.scoring`
    (each row cites its source there)."""
    rows = []
    for game in games:
        rules = ruleset(game)
        stakes = rules.stakes
        version = STAKES_VERSIONS.get(rules.id, rules.title)
        values = (stakes.basic, stakes.turn or None, stakes.jann, stakes.march)
        for item, value in zip(_ITEMS, values, strict=True):
            if value is None:
                amount = tr("no drehen") if item == _ITEMS[1] else tr("none")
                rows.append(Stake(version, item, amount, None, stakes.source))
                continue
            if rules.stakes_in_multiples:  # the chart writes them as 2×, 4×, not in money
                amount = f"{_number(value / stakes.basic)}×"
            else:
                amount = _amount(stakes.unit, value)
            if item == "each face-down lead seen":
                amount = "+" + amount
            rows.append(Stake(version, item, amount, value / stakes.basic, stakes.source))
    return rows


def stakes_chart(games: Iterable[str] = tuple(STAKES_VERSIONS)) -> Figure:
    """The stakes of a deal in three versions of Knüffeln (Bohmstedt, Hattstedt and
    Grünberg's 1938 game), as grouped bars: each payment in units of that version's
    basic game (log scale), labelled with the amount as the source gives it. Each version
    has its own hatching. Data: :func:`stake_rows`, from :attr:`knlib.games.Ruleset.stakes`."""
    import numpy as np
    from matplotlib.ticker import NullLocator

    stakes = stake_rows(games)
    versions = list(dict.fromkeys(s.version for s in stakes))
    by = {(s.version, s.item): s for s in stakes}
    hatches = ["", "xxx", "...", "///", "\\\\"]
    faces = ["#4d4d4d", "#ffffff", "#c9c9c9", "#ffffff", "#e6e6e6"]
    fig = new_figure(8.4, 4.8)
    ax = fig.subplots()
    x = np.arange(len(_ITEMS))
    width = 0.8 / len(versions)
    floor = 0.1
    for k, v in enumerate(versions):
        pos = x + (k - (len(versions) - 1) / 2) * width
        for xi, item in zip(pos, _ITEMS, strict=True):
            s = by[(v, item)]
            if s.basic_games is None:
                ax.text(xi, floor * 1.3, s.amount, rotation=90, ha="center", va="bottom",
                        fontsize=9, color="#333333", gid=f"stake:{v}:{item}")
                continue
            ax.bar([xi], [s.basic_games - floor], width * 0.92, bottom=floor,
                   color=faces[k % len(faces)], edgecolor="#111111",
                   hatch=hatches[k % len(hatches)], lw=0.8,
                   label=version_text(v) if item == _ITEMS[0] else None, gid=f"bar:{v}:{item}")
            ax.text(xi, s.basic_games * 1.08, s.amount, ha="center", va="bottom", fontsize=9,
                    gid=f"stake:{v}:{item}")
    top = max(s.basic_games or 1 for s in stakes)
    ticks = [t for t in (0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200) if t <= top * 2]
    ax.set_yscale("log")
    ax.set_ylim(floor, top * 2)
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_yticks(ticks, [_number(t) for t in ticks])
    ax.set_xticks(x, [item_text(i) for i in _ITEMS])
    ax.set_ylabel(tr("worth, in basic games (log scale)"), fontsize=10)
    ax.set_xlabel(tr("what is paid for"), fontsize=10)
    names = [v.split(" (")[0] if "today" in v else version_text(v) for v in versions]
    ax.set_title(tr("What a deal of Knüffeln is worth: {versions}", versions=tr(
        "{first} and {second}", first=", ".join(names[:-1]), second=names[-1])
        if len(names) > 1 else names[0]), fontsize=11, loc="left")
    ax.grid(axis="y", color="#e5e5e5", lw=0.6)
    ax.set_axisbelow(True)
    ax.legend(fontsize=9.5, loc="upper left")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    parts = [f"{version_text(v)}: " + ", ".join(by[(v, i)].amount for i in _ITEMS)
             for v in versions]
    set_alt(fig, tr("Grouped bars of what a basic game, each face-down lead seen, a Jann and "
                    "a march are worth, in basic games, in {versions}.",
                    versions="; ".join(parts)))
    return fig


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
    from knlib.engine.scoring import LadderSlate

    slate = session.score
    if not isinstance(slate, LadderSlate):
        raise RulesError(tr("{game} keeps no slate ladder: only Bernhard's game "
                            "(knueffeln-1924) does", game=session.rules.id))
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
    fig = new_figure(8.4, 3.8)
    ax = fig.subplots()
    xs = [p.deal for p in history]
    styles = (("o", "-", "#1f4e99"), ("s", "--", "#b3261e"))
    for side in (0, 1):
        marker, ls, colour = styles[side]
        ax.plot(xs, [p.rungs[side] for p in history], marker=marker, ls=ls, color=colour,
                drawstyle="steps-post", label=tr("{side}: rungs left", side=names[side]),
                gid=f"side:{side}")
    for p in history:
        if p.ladder_won_by is not None:
            ax.axvline(p.deal, color="#999999", lw=0.8, ls=":")
            text = tr("{winners} win\nthe ladder;\n{losers}: {dots} {mark}",
                      winners=names[p.ladder_won_by], losers=names[1 - p.ladder_won_by],
                      dots="●●" if p.mark == "Brille" else "●", mark=p.mark)
            ax.text(p.deal, 4.45, text, fontsize=9, ha="center", va="bottom")
    ax.set_ylim(-0.3, 5.9)
    ax.set_yticks(range(5))
    ax.set_xlim(-0.3, max(xs) + 0.5)
    ax.set_xticks(xs)
    ax.set_xlabel(tr("after deal"))
    ax.set_ylabel(tr("rungs left on the slate"))
    ax.set_title(ntr("Bernhard's slate ladder over {n} deal",
                     "Bernhard's slate ladder over {n} deals", len(history) - 1), fontsize=11)
    ax.legend(loc="lower left", fontsize=9.5, frameon=False)
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    wins = [p for p in history if p.ladder_won_by is not None]
    won = "; ".join(tr("after deal {n} by {winners} ({mark} for the losers)", n=p.deal,
                       winners=names[p.ladder_won_by], mark=p.mark) for p in wins)
    set_alt(fig, tr("A step chart of the rungs left for {first} and {second} after each of "
                    "{deals} deals of Bernhard's game; {wins} ladders are won: {won}.",
                    first=names[0], second=names[1], deals=len(history) - 1, wins=len(wins),
                    won=won))
    return fig
