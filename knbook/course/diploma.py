"""The diploma at the end of the five-evening course, as PDF and PNG (matplotlib) and as
SVG (:meth:`Diploma.svg`, pure Python, for the page).

In Bohmstedt a Knüffeln course of five evenings ends with a diploma (seed 000,
'Introduction'). :func:`diploma` makes one for a candidate who has passed the final
exam (:func:`knbook.course.exam`, :func:`knbook.course.score`): the name, the date, the
score, the evenings covered and a border of the five Olen, drawn from the engine's
table of them (:data:`knlib.games.knueffeln.OLEN`).

It refuses an empty name and a score below the pass mark with a
:class:`~knlib.RulesError`, and a name with characters its fonts cannot draw
(:mod:`.diploma_fonts`), saying which. Wherever the name goes into HTML it is escaped, and
in the pictures it is drawn as plain text (never as maths). Its files are named after it
in ASCII (:func:`file_name_words`) and never overwrite another file.
The date is always given by the caller: nothing here reads the clock.

matplotlib is imported only when a PDF or PNG is drawn.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import html
import io
import os
import re
import unicodedata
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from knlib.counts import semicolon_list
from knlib.errors import RulesError
from knlib.sources import (
    S000_RANKING,
    for_reader,
)

from ..i18n import current_language, date_text, ptr, tr
from .diploma_fonts import FONT_FAMILIES, missing_glyphs
from .evening_words import evening_title
from .evenings import EVENINGS
from .foundation.question import shown
from .papers import PASS_MARK, answers_from_letters, check_pass_mark, exam, paper_number, score

__all__ = ["Diploma", "diploma", "diploma_for", "check_name", "check_date", "writable_stem",
           "file_name_words", "free_stem", "OLE_DECORATION", "add_diploma_arguments",
           "pass_mark_arg", "run_diploma"]


#: Page size (A4 landscape, inches).
PAGE = (11.69, 8.27)
_INK = "#1a1a1a"
_RED = "#b3261e"
_GOLD = "#8a6d1d"


def _olen() -> tuple[tuple[str, str, str, str], ...]:
    """(symbol, suit, term, English name) of the five Olen, highest first (engine table)."""
    from knlib.games.knueffeln import OLEN

    return tuple((c.symbol, c.suit, term, name) for c, _, term, name in OLEN)


#: The decoration: the five Olen, highest first, as (symbol, local term).
OLE_DECORATION: tuple[tuple[str, str], ...] = tuple((s, t) for s, _, t, _ in _olen())


# -- checking input ---------------------------------------------------------------------------


def check_name(name: object) -> str:
    """The name as it will stand on the diploma (spaces collapsed, NFC); a RulesError
    for a name that is not text, empty or blank, holds a control or unassigned character,
    is longer than 120 characters, or holds characters the diploma's fonts cannot draw
    (:func:`~.diploma_fonts.missing_glyphs`). The command line and the page both ask
    this."""
    if not isinstance(name, str):
        raise RulesError(tr("{value} is not a name: give the candidate's name as text",
                            value=shown(name)))
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    if not text:
        raise RulesError(tr("a diploma needs the candidate's name, and the name given is "
                            "empty or blank"))
    bad = [ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")
           and ch not in "\u200d\u200c"]
    if bad:
        raise RulesError(tr("the name {name} contains the control or unassigned character "
                            "{char}: write the name as it should be printed", name=repr(text),
                            char=repr(bad[0])))
    if len(text) > 120:
        raise RulesError(tr("a name of {n} characters does not fit on a diploma: give at "
                            "most 120", n=len(text)))
    missing = missing_glyphs(text)
    if missing:
        raise RulesError(tr("the diploma's fonts cannot draw {chars} of the name {name}, so "
                            "they would print as boxes: write the name in letters they have "
                            "(for example in Latin letters)",
                            chars=" ".join(repr(ch) for ch in missing), name=repr(text)))
    return text


def check_date(date: object) -> datetime.date:
    """The date of a diploma from a ``datetime.date`` or 'YYYY-MM-DD'; a RulesError for
    anything else."""
    if isinstance(date, datetime.datetime):
        return date.date()
    if isinstance(date, datetime.date):
        return date
    if isinstance(date, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        try:
            return datetime.date.fromisoformat(date)
        except ValueError:
            pass
    raise RulesError(tr("{value} is not a date: give a datetime.date or 'YYYY-MM-DD', e.g. "
                        "date='2026-03-14'", value=shown(date)))


def _check_evenings(evenings: object) -> tuple[int, ...]:
    if not isinstance(evenings, Iterable):
        raise RulesError(tr("{value} is not a list of evenings (1 to 5)",
                            value=shown(evenings)))
    items = list(evenings)
    if not items:
        raise RulesError(tr("a diploma covers at least one evening of the course (1 to 5)"))
    for e in items:
        if isinstance(e, bool) or not isinstance(e, int) or e not in EVENINGS:
            raise RulesError(tr("{value} is not an evening of the course: the evenings are 1 "
                                "to 5", value=shown(e)))
    if len(set(items)) != len(items):
        raise RulesError(tr("an evening is given twice in {evenings}",
                            evenings=tuple(items)))
    return tuple(sorted(items))


def _exact(x: float | Fraction) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(str(x))


def _check_score(score: object) -> tuple[Fraction, int | None, int | None]:
    """(fraction, right answers, questions) from a fraction or an ExamResult."""
    correct = getattr(score, "correct", None)
    total = getattr(score, "total", None)
    if isinstance(correct, int) and isinstance(total, int) and total > 0:
        return Fraction(correct, total), correct, total
    if isinstance(score, bool) or not isinstance(score, int | float | Fraction):
        raise RulesError(tr("{value} is not a score: give the fraction of right answers "
                            "(0.85 for 85%) or the result of knbook.course.score",
                            value=shown(score)))
    if not 0 <= score <= 1:
        raise RulesError(tr("{value} is not a score between 0 and 1: give 0.85 for 85%",
                            value=shown(score)))
    return _exact(score), None, None


def _pct(x: Fraction) -> str:
    """A fraction as a percentage in the current language: '85%', '62.5%'; '85 %', '62,5 %'
    in German."""
    v = float(x) * 100
    text = f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.1f}"
    if current_language() == "de":
        text = text.replace(".", ",")
    return tr("{number}%", number=text)


# -- the diploma ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Diploma:
    """A diploma: its data, its pictures (:meth:`pdf_bytes`, :meth:`png_bytes`), and HTML
    with the name escaped (:meth:`html`)."""

    name: str
    score: Fraction
    date: datetime.date
    evenings: tuple[int, ...]
    pass_mark: Fraction
    correct: int | None = None
    total: int | None = None

    # -- text -----------------------------------------------------------------------------
    @property
    def date_text(self) -> str:
        """The date as the current language writes it: '14 March 2026', '14. März 2026'."""
        return date_text(self.date)

    @property
    def score_text(self) -> str:
        if self.total:
            return tr("{percent} ({correct} of {total} questions)", percent=_pct(self.score),
                      correct=self.correct, total=self.total)
        return _pct(self.score)

    def _numbers(self) -> tuple[str, str]:
        """The evenings but the last, joined with commas, and the last."""
        nums = [str(e) for e in self.evenings]
        return ", ".join(nums[:-1]), nums[-1]

    @property
    def evenings_text(self) -> str:
        """The evenings covered: 'all five evenings of the course', 'evenings 1, 2 and 3 of
        the course'."""
        if self.evenings == tuple(EVENINGS):
            return tr("all five evenings of the course")
        numbers, last = self._numbers()
        if not numbers:
            return tr("evening {number} of the course", number=last)
        return tr("evenings {numbers} and {last} of the course", numbers=numbers, last=last)

    def _completed(self) -> str:
        """The line that says which evenings the candidate completed."""
        if self.evenings == tuple(EVENINGS):
            return tr("has completed all five evenings of the course")
        numbers, last = self._numbers()
        if not numbers:
            return tr("has completed evening {number} of the course", number=last)
        return tr("has completed evenings {numbers} and {last} of the course", numbers=numbers,
                  last=last)

    def lines(self) -> list[str]:
        """The words on the diploma, top to bottom, in the current language."""
        topics = semicolon_list(f"{e}. {evening_title(e)}" for e in self.evenings)
        return [
            tr("Diploma"),
            tr("Knüffeln, the card game of North Frisia"),
            tr("This is to certify that"),
            self.name,
            self._completed(),
            topics,
            tr("and passed the final exam with a score of {score}", score=self.score_text),
            tr("(pass mark {mark})", mark=_pct(self.pass_mark)),
            self.date_text,
        ]

    def __str__(self) -> str:
        return tr("Diploma for {name}: {score}, pass mark {mark}, {evenings}, {date}",
                  name=self.name, score=self.score_text, mark=_pct(self.pass_mark),
                  evenings=self.evenings_text, date=self.date_text)

    @property
    def alt_text(self) -> str:
        return tr("{diploma}. Decorated with the five Olen: {olen}.", diploma=str(self),
                  olen=", ".join(f"{s} {t}" for s, t in OLE_DECORATION))

    @property
    def slug(self) -> str:
        """An ASCII file name made from the name: 'diploma-inke-petersen' ('urkunde-inke-
        petersen' in German), 'diploma-juergen-suessmann' (:func:`file_name_words`). A name
        with nothing to write in ASCII (Hebrew, Chinese, an emoji) gets a short fingerprint
        of the name instead ('diploma-5d2b1c3e'), so two such names get two files."""
        stem = "urkunde-" if current_language() == "de" else "diploma-"
        words = file_name_words(self.name)
        if words:
            return stem + words
        digest = hashlib.sha256(self.name.encode("utf-8")).hexdigest()[:8]
        return stem + digest

    # -- pictures -------------------------------------------------------------------------
    def figure(self) -> Any:
        """The diploma as a matplotlib Figure (not registered with pyplot)."""
        return _draw(self)

    def pdf_bytes(self) -> bytes:
        return _save(self.figure(), "pdf")

    def png_bytes(self, dpi: int = 120) -> bytes:
        return _save(self.figure(), "png", dpi=dpi)

    def save(self, stem: str | Path) -> tuple[Path, Path]:
        """Write ``stem.pdf`` and ``stem.png``; returns their paths. A folder gets the
        :attr:`slug` as stem, numbered ('-2', '-3', ...) if a file of that name is there
        already, so no diploma overwrites another. A stem given whose PDF or PNG exists, a
        folder that does not, or a file that cannot be written is a RulesError naming it;
        nothing existing is overwritten."""
        stem = writable_stem(stem, tr("the diploma"))
        if stem.is_dir():
            stem = free_stem(stem, self.slug)
        else:
            taken = [p for p in (stem.with_suffix(".pdf"), stem.with_suffix(".png"))
                     if p.exists()]
            if taken:
                raise RulesError(tr("the diploma would overwrite {path}, which exists: give "
                                    "another name or a folder", path=repr(str(taken[0]))))
        fig = self.figure()
        pdf, png = stem.with_suffix(".pdf"), stem.with_suffix(".png")
        for target, data in ((pdf, _save(fig, "pdf")), (png, _save(fig, "png", dpi=150))):
            try:
                with target.open("xb") as file:  # never over a file made meanwhile
                    file.write(data)
            except OSError as err:
                raise RulesError(tr("the diploma cannot be written to {path}: {reason}",
                                    path=repr(str(target)), reason=err.strerror or err)
                                 ) from None
        return pdf, png

    def svg(self) -> str:
        """The diploma as an SVG document (pure Python, no matplotlib): the same words,
        frame and Olen as the PDF, for the page and for printing from a browser."""
        from .diploma_svg import diploma_svg

        return diploma_svg(self.lines(), self.alt_text)

    # -- HTML -----------------------------------------------------------------------------
    def html(self, *, download: bool = False, width: int = 700) -> str:
        """The diploma as HTML: the PNG with alt text, a caption, and with ``download``
        links to the PDF and PNG. The name is escaped everywhere."""
        png = self.png_bytes()
        src = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        e = html.escape
        parts = [
            "<figure class='knlib-diploma' style='margin:0.5em 0;color:#1a1a1a'>",
            f"<img src='{src}' alt='{e(self.alt_text, quote=True)}' "
            f"style='max-width:100%;width:{int(width)}px;border:1px solid #999'/>",
            f"<figcaption>{e(str(self))}</figcaption>",
        ]
        if download:
            pdf = base64.b64encode(self.pdf_bytes()).decode("ascii")
            name = e(self.slug, quote=True)
            label = e(tr("Download the diploma (PDF)"))
            parts.append(
                f"<p><a download='{name}.pdf' href='data:application/pdf;base64,{pdf}'>"
                f"{label}</a> · <a download='{name}.png' href='{src}'>PNG</a></p>")
        parts.append("</figure>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.html()


def diploma(name: str, score: Any, *, date: datetime.date | str,
            evenings: Iterable[int] = (1, 2, 3, 4, 5), pass_mark: float = 0.8,
            path: str | Path | None = None) -> Diploma:
    """Make a diploma for a candidate who has passed.

    ``score`` is the fraction of right answers (0.85 for 85%) or the
    :class:`~knbook.course.ExamResult` of :func:`knbook.course.score`. ``date`` is given by
    the caller (a ``datetime.date`` or 'YYYY-MM-DD'). With ``path`` the PDF and PNG are
    written there too (:meth:`Diploma.save`).

    Raises :class:`~knlib.RulesError` for an empty or blank name, a score below the pass
    mark, and any other bad value, naming it.

    >>> str(diploma("Inke Petersen", 0.85, date="2026-03-14"))
    'Diploma for Inke Petersen: 85%, pass mark 80%, all five evenings of the course, 14 March 2026'
    """
    text = check_name(name)
    frac, correct, total = _check_score(score)
    mark = _exact(check_pass_mark(pass_mark))
    when = check_date(date)
    covered = _check_evenings(evenings)
    if frac < mark:
        raise RulesError(tr("a score of {score} is below the pass mark of {mark}: no "
                            "diploma for {name} yet", score=_pct(frac), mark=_pct(mark),
                            name=text))
    d = Diploma(text, frac, when, covered, mark, correct, total)
    if path is not None:
        d.save(path)
    return d


#: Letters a file name writes as two (German umlauts and ß, and their kin); other accents
#: are dropped ('é' -> 'e').
_TRANSLITERATION = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss", "æ": "ae", "œ": "oe",
                    "ø": "oe", "å": "aa", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}


def file_name_words(name: str) -> str:
    """The name's words in lower-case ASCII for a file name, joined by '-': umlauts and ß
    written out ('Jürgen Süßmann' -> 'juergen-suessmann'), other accents stripped ('José'
    -> 'jose'); at most 60 characters, '' when nothing is left."""
    text = "".join(_TRANSLITERATION.get(ch, ch)
                   for ch in unicodedata.normalize("NFC", name).lower())
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join(re.findall(r"[a-z0-9]+", ascii_text))[:60].strip("-")


def free_stem(folder: Path, name: str) -> Path:
    """``folder / name``, or the first of ``name-2``, ``name-3``, ... whose PDF and PNG are
    both free."""
    stem, n = folder / name, 1
    while stem.with_suffix(".pdf").exists() or stem.with_suffix(".png").exists():
        n += 1
        stem = folder / f"{name}-{n}"
    return stem


def writable_stem(path: object, what: str) -> Path:
    """``path`` as a Path whose folder exists: a text or a path, not empty; its folder (or
    itself, if it is a folder) must exist. Anything else is a RulesError naming it."""
    if isinstance(path, bool) or not isinstance(path, str | os.PathLike) or not str(path):
        raise RulesError(tr("{value} is not a path to write {what} to: give a file name or "
                            "a folder, as text", value=shown(path), what=what))
    p = Path(path)
    folder = p if p.is_dir() else p.parent
    if not folder.is_dir():
        if folder.exists():
            raise RulesError(tr("{what} cannot be written to {path}: the folder {folder} is a "
                                "file, not a folder", what=what, path=repr(str(p)),
                                folder=repr(str(folder))))
        raise RulesError(tr("{what} cannot be written to {path}: the folder {folder} does not "
                            "exist", what=what, path=repr(str(p)), folder=repr(str(folder))))
    return p


# -- drawing ----------------------------------------------------------------------------------


def diploma_for(name: str, *, seed: int | str, answers: str, date: Any,
                pass_mark: float = PASS_MARK, n: int = 20) -> Any:
    """Mark paper ``seed`` with the candidate's letters (``"B A D - C ..."``) and make the
    diploma; a score below the pass mark or a bad name, date or letter raises RulesError."""
    paper = exam(seed, n=n)
    result = score(paper, answers_from_letters(answers, paper), pass_mark)
    return diploma(name, result, date=date, pass_mark=pass_mark)


def _fonts(serif: bool = True) -> list[str]:
    """The font families the diploma is drawn in, best first (matplotlib falls back glyph
    by glyph along the list): matplotlib's own DejaVu fonts, the same on every machine, so
    that :func:`~.diploma_fonts.missing_glyphs` says what they cannot draw."""
    return list(FONT_FAMILIES) if serif else ["DejaVu Sans"]


def _save(fig: Any, fmt: str, dpi: int = 150) -> bytes:
    buf = io.BytesIO()
    meta = ({"Creator": "knlib", "Producer": "knlib", "CreationDate": None}
            if fmt == "pdf" else {"Software": "knlib"})
    from matplotlib import rc_context

    from ..pictures.ligatures import without_ligatures  # 'Knüffeln' copied as written

    with rc_context({"pdf.fonttype": 42}), warnings.catch_warnings(), without_ligatures():
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig.savefig(buf, format=fmt, dpi=dpi, metadata=meta)
    return buf.getvalue()


def _fit(fig: Any, text: Any, max_width: float) -> None:
    """Shrink a text until it is at most ``max_width`` (figure fraction) wide."""
    renderer = fig.canvas.get_renderer()
    for _ in range(30):
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Glyph .* missing from font")
            w = text.get_window_extent(renderer).width / fig.bbox.width
        if w <= max_width or text.get_fontsize() <= 8:
            return
        text.set_fontsize(text.get_fontsize() * max(0.7, max_width / w * 0.98))


def _card(fig: Any, x: float, y: float, w: float, h: float, symbol: str, suit: str,
          term: str) -> None:
    from matplotlib.patches import FancyBboxPatch

    ink = _RED if suit in "HD" else _INK
    fig.add_artist(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0,rounding_size=0.008",
                                  transform=fig.transFigure, facecolor="#fffdf6",
                                  edgecolor="#6b6b6b", linewidth=1.0))
    sans = _fonts(serif=False)
    rank, sym = symbol[1:], symbol[0]
    kw: dict[str, Any] = dict(transform=fig.transFigure, color=ink, family=sans,
                              parse_math=False)
    fig.text(x + 0.008, y + h - 0.012, rank, fontsize=12, weight="bold", va="top", **kw)
    fig.text(x + 0.008, y + h - 0.045, sym, fontsize=11, va="top", **kw)
    fig.text(x + w / 2, y + h / 2, sym, fontsize=30, ha="center", va="center", **kw)
    fig.text(x + w / 2, y - 0.012, term, fontsize=9, ha="center", va="top", style="italic",
             transform=fig.transFigure, color=_INK, family=_fonts(), parse_math=False)


def _draw(d: Diploma) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    fig = Figure(figsize=PAGE)
    FigureCanvasAgg(fig)
    fig.patch.set_facecolor("white")
    serif = _fonts()
    # Double frame.
    for inset, lw, colour in ((0.02, 2.5, _GOLD), (0.032, 0.8, _GOLD)):
        fig.add_artist(Rectangle((inset, inset * PAGE[0] / PAGE[1]), 1 - 2 * inset,
                                 1 - 2 * inset * PAGE[0] / PAGE[1], transform=fig.transFigure,
                                 fill=False, edgecolor=colour, linewidth=lw))
    lines = d.lines()
    kw: dict[str, Any] = dict(ha="center", transform=fig.transFigure, color=_INK,
                              family=serif, parse_math=False)
    fig.text(0.5, 0.875, lines[0], fontsize=40, weight="bold", va="center", **kw)
    fig.text(0.5, 0.805, lines[1], fontsize=14, style="italic", va="center", **kw)
    fig.text(0.5, 0.735, lines[2], fontsize=13, va="center", **kw)
    name = fig.text(0.5, 0.665, lines[3], fontsize=34, weight="bold", va="center", **kw)
    _fit(fig, name, 0.86)
    fig.add_artist(Rectangle((0.2, 0.618), 0.6, 0.0015, transform=fig.transFigure,
                             color=_GOLD))
    fig.text(0.5, 0.575, lines[4], fontsize=14, va="center", **kw)
    topics = fig.text(0.5, 0.535, lines[5], fontsize=10, style="italic", va="center", **kw)
    _fit(fig, topics, 0.86)
    fig.text(0.5, 0.49, lines[6], fontsize=14, va="center", **kw)
    fig.text(0.5, 0.455, lines[7], fontsize=10, color="#444444", va="center",
             **{k: v for k, v in kw.items() if k != "color"})
    # The five Olen along the bottom, highest first, each with its name at the table.
    olen = _olen()
    w, h, gap = 0.075, 0.16, 0.03
    total = len(olen) * w + (len(olen) - 1) * gap
    x0 = 0.5 - total / 2
    for i, (symbol, suit, term, _) in enumerate(olen):
        _card(fig, x0 + i * (w + gap), 0.2, w, h, symbol, suit, term)
    fig.text(0.5, 0.135, tr("de fief Olen, the five old ones ({source})",
                            source=for_reader(S000_RANKING)),
             fontsize=8, color="#555555", **{k: v for k, v in kw.items() if k != "color"})
    # Date and signature lines.
    fig.text(0.16, 0.09, lines[8], fontsize=12, ha="center", va="bottom",
             transform=fig.transFigure, color=_INK, family=serif, parse_math=False)
    fig.add_artist(Rectangle((0.08, 0.085), 0.16, 0.0012, transform=fig.transFigure,
                             color=_INK))
    fig.text(0.16, 0.078, tr("date"), fontsize=8, ha="center", va="top", color="#555555",
             transform=fig.transFigure, family=serif)
    fig.add_artist(Rectangle((0.76, 0.085), 0.16, 0.0012, transform=fig.transFigure,
                             color=_INK))
    fig.text(0.84, 0.078, tr("course leader"), fontsize=8, ha="center", va="top",
             color="#555555", transform=fig.transFigure, family=serif)
    return fig


# -- the command line: knlib diploma ------------------------------------------------


def add_diploma_arguments(p: Any) -> None:
    """The options of ``knlib diploma`` on the argument parser ``p``."""
    p.add_argument("--name", required=True, metavar=ptr("metavar", "NAME"),
                   help=tr("the name as it should stand on the diploma"))
    p.add_argument("--paper", "--seed", dest="seed", required=True,
                   metavar=ptr("metavar", "NUMBER"),
                   help=tr("the paper's number, e.g. 1"))
    p.add_argument("--answers", required=True, metavar=ptr("metavar", "ANSWERS"),
                   help=tr("your answers in order, e.g. \"B A D - C ...\" ('-' for none)"))
    p.add_argument("--date", default=None, metavar=ptr("metavar", "DATE"),
                   help=tr("the date on the diploma, YYYY-MM-DD (default: today)"))
    p.add_argument("--pass-mark", default=None, metavar=ptr("metavar", "PASS_MARK"),
                   help=tr("the pass mark as a fraction (default 0.8)"))
    p.add_argument("--out", default=".", metavar=ptr("metavar", "OUT"),
                   help=tr("the folder for the PDF and PNG (default: here)"))


def pass_mark_arg(text: str) -> float:
    """A pass mark as a person writes it: a fraction such as 0.8 in the digits 0-9 (or
    '0,8'); a RulesError naming anything else ('٠.٨', 'nan', '2')."""
    written = text.strip().replace(",", ".")
    if not re.fullmatch(r"[0-9]*\.?[0-9]+", written) or len(written) > 20:
        raise RulesError(tr("{value} is not a pass mark: give a fraction above 0 and at most "
                            "1, e.g. 0.8 for 80%", value=repr(text[:40])))
    return check_pass_mark(float(written))


def run_diploma(args: Any) -> int:
    """Mark the paper, make the diploma, save PDF and PNG; RulesError -> exit 2 (cli.main)."""
    check_name(args.name)  # before the paper is made and marked
    seed = paper_number(args.seed)
    # the command line may read the clock; a date given must be a date, even ''
    date = datetime.date.today().isoformat() if args.date is None else args.date
    mark = PASS_MARK if args.pass_mark is None else pass_mark_arg(args.pass_mark)
    out = writable_stem(args.out, tr("the diploma"))
    if not out.is_dir():
        raise RulesError(tr("--out {value} is not a folder: the PDF and PNG go into an "
                            "existing folder", value=repr(args.out)))
    d = diploma_for(args.name, seed=seed, answers=args.answers, date=date, pass_mark=mark)
    pdf, png = d.save(out)
    print(d)
    print(tr("written: {pdf} and {png}", pdf=pdf, png=png))
    return 0
