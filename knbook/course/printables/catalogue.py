"""Every printable at once (:func:`catalogue`, :func:`build_all`, :func:`links_md`, the
leader's list by kind :func:`printables_md`) and the
command line: ``python -m knbook.course.printables --out _build/printables`` (``make
printables``); ``--exam-seeds 17 23 --only-exams`` prints papers for given seeds;
``--lang de`` prints the German sheets (``make printables`` puts them in
``_build/printables/de``, with the same file names).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any

from knlib.cards import suit_name, suit_symbol
from knlib.errors import RulesError
from knlib.games import GAMES, KNUEFFELN, ruleset

from ...cli_words import argparse_words
from ...i18n import LANGUAGES, current_language, language, marked, ntr, ptr, tr
from .page_layout import page_count
from .reference_cards import CHOSEN_PAIRS, chosen_suits_card_pdf, reference_card_pdf
from .sheets import (
    answer_key_pdf,
    at_a_glance_pdf,
    exam_pdf,
    leader_guide_pdf,
    phrasebook_pdf,
    puzzle_sheet_pdf,
)

__all__ = ["build_all", "catalogue", "links_md", "PRINTABLE_KINDS", "printables_md", "Printable",
           "main"]


# ============================================================================================
# Everything at once, and the command line
# ============================================================================================


def _pair_name(pair: Sequence[str]) -> str:
    """The pair's part of a file name, the same in every language: 'clubs-spades'."""
    with language("en"):
        return "-".join(suit_name(s).lower() for s in pair)


@dataclass(frozen=True)
class Printable:
    """One sheet of the course: its file name, what it is, and how to make it."""

    name: str
    filename: str
    title: str
    kind: str
    make: Callable[..., Path]
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()

    def build(self, out: str | Path) -> Path:
        return self.make(*self.args, Path(out) / self.filename, **dict(self.kwargs))


def catalogue(*, exam_seeds: Iterable[int | str] = (), only_exams: bool = False,
              game: str = KNUEFFELN) -> list[Printable]:
    """Every printable, in the order a course leader needs them. The book's sample exam
    paper (:data:`knbook.course.BOOK_EXAM_SEED`) is always included unless ``only_exams``."""
    from ..papers import BOOK_EXAM_SEED

    items: list[Printable] = []
    seeds = list(exam_seeds)
    if not only_exams:
        items.append(Printable("leader-guide", "leader-guide.pdf",
                               tr("Course leader's guide: the five evenings, timings, "
                                  "materials"),
                               "guide", _leader_guide, (seeds[0] if seeds else BOOK_EXAM_SEED,)))
        items.append(Printable("at-a-glance", "at-a-glance.pdf",
                               tr("Knüffeln at a glance: table, Olen, lead cases, stakes"),
                               "glance",
                               at_a_glance_pdf))
        for g in GAMES:
            items.append(Printable(f"reference-{g}", f"reference-{g}.pdf",
                                   tr("Reference card: {game}", game=ruleset(g).title),
                                   "reference",
                                   reference_card_pdf, (g,)))
        for pair in CHOSEN_PAIRS:
            first, second = (f"{suit_symbol(x)} {suit_name(x)}" for x in pair)
            title = tr("{first} and {second}", first=first, second=second)
            items.append(Printable(f"chosen-{_pair_name(pair)}", f"chosen-{_pair_name(pair)}.pdf",
                                   tr("Chosen suits card: {suits}", suits=title), "chosen",
                                   chosen_suits_card_pdf, (pair,)))
        items.append(Printable("phrasebook", "phrasebook.pdf",
                               tr("Phrasebook sheet: table talk"), "phrasebook", _phrasebook))
        items.append(Printable("puzzles", "puzzles.pdf",
                               tr("Puzzle sheet, solutions on the back"), "puzzles",
                               puzzle_sheet_pdf))
        if BOOK_EXAM_SEED not in seeds:
            seeds.insert(0, BOOK_EXAM_SEED)
    for sd in seeds:
        kw = (("game", game),)
        items.append(Printable(f"exam-{sd}", f"exam-{sd}.pdf",
                               tr("Final exam, paper {seed}", seed=sd), "exam", exam_pdf,
                               (sd,), kw))
        items.append(Printable(f"exam-{sd}-key", f"exam-{sd}-key.pdf",
                               tr("Answer key to paper {seed}", seed=sd), "key",
                               answer_key_pdf, (sd,), kw))
    return items


def _leader_guide(seed: int | str, path: Path) -> Path:
    return leader_guide_pdf(path, exam_seed=seed)


def _phrasebook(path: Path) -> Path:
    return phrasebook_pdf(path)


def _build_one(item: Printable, out: str, lang: str) -> tuple[str, str]:
    with language(lang):
        return item.name, str(item.build(out))


def build_all(out: str | Path, *, exam_seeds: Iterable[int | str] = (),
              only_exams: bool = False, game: str = KNUEFFELN, jobs: int = 1
              ) -> dict[str, Path]:
    """Write every printable of :func:`catalogue` into ``out``; returns name -> path.

    Files: ``leader-guide.pdf``, ``at-a-glance.pdf``, ``reference-<game>.pdf`` (one per game),
    ``chosen-<suit>-<suit>.pdf`` (six), ``phrasebook.pdf``, and ``exam-<seed>.pdf`` with
    ``exam-<seed>-key.pdf`` for the book's paper and each seed given. ``jobs`` > 1 builds
    in that many processes. The sheets are in the current language (the file names are the
    same in every language)."""
    lang = current_language()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 64:
        raise RulesError(tr("{value} is not a number of processes: give a whole number, 1 "
                            "to 64", value=repr(jobs)))
    items = catalogue(exam_seeds=exam_seeds, only_exams=only_exams, game=game)
    out = _output_folder(out)
    if jobs > 1 and len(items) > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            done = dict(pool.map(_build_one, items, [str(out)] * len(items),
                                 [lang] * len(items)))
        return {it.name: Path(done[it.name]) for it in items}
    return {it.name: it.build(out) for it in items}


def _output_folder(out: object) -> Path:
    """The folder the sheets go into, made if need be; a RulesError naming ``out`` if it
    is no path or names a file (the file is left as it was)."""
    if isinstance(out, bool) or not isinstance(out, str | PathLike) or not str(out):
        raise RulesError(tr("{value} is not a folder to write the sheets to: give a folder's "
                            "name", value=repr(out)))
    path = Path(out)
    blocking = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise RulesError(tr("the sheets cannot be written to {path}: {file} is a file, not a "
                            "folder", path=repr(str(path)), file=repr(str(blocking))))
    path.mkdir(parents=True, exist_ok=True)
    return path


def links_md(base: str, *, kinds: Iterable[str] | None = None,
             exam_seeds: Iterable[int | str] = ()) -> str:
    """A MyST list of links to the printables, relative to ``base`` (the path from a
    chapter to the output directory, e.g. ``'../../_build/printables'``)."""
    want = set(kinds) if kinds is not None else None
    lines = []
    for it in catalogue(exam_seeds=exam_seeds):
        if want is None or it.kind in want:
            lines.append(f"- [{it.title}]({base.rstrip('/')}/{it.filename})")
    return "\n".join(lines)


#: The printables' kinds, in the order the page lists them, with their headings.
PRINTABLE_KINDS: dict[str, str] = {
    "guide": marked("For the course leader"),
    "reference": marked("Reference cards, one per game"),
    "chosen": marked("Chosen-suits cards for today's Knüffeln, one per pair"),
    "phrasebook": marked("Table talk"),
    "exam": marked("The book's exam paper"),
    "key": marked("Its answer key"),
}


def printables_md(base: str = "../../_build/printables") -> str:
    """The printable sheets as Markdown lists under a heading per kind, each linked to its
    PDF under ``base``."""
    items = catalogue()
    lines = []
    for kind, heading in PRINTABLE_KINDS.items():
        lines.append(f"**{tr(heading)}**\n")
        lines += [f"- [{it.title}]({base}/{it.filename})" for it in items if it.kind == kind]
        lines.append("")
    return "\n".join(lines)


def _seed_arg(text: str) -> int:
    """A paper's number from the command line (:func:`knbook.course.papers.paper_number`);
    anything else (argparse: exit status 2 and the message) is refused, so that no paper
    is printed under a name that is no paper's number."""
    from ..papers import paper_number

    try:
        return paper_number(text)
    except RulesError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _jobs_arg(text: str) -> int:
    """A number of processes from the command line: 1 to 64, in the digits 0-9."""
    if not re.fullmatch(r"[0-9]{1,3}", text) or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(tr("{value} is not a number of processes: give a "
                                            "whole number, 1 to 64", value=repr(text[:40])))
    return int(text)


def _parser() -> argparse.ArgumentParser:
    """The command line's options, their help in the current language."""
    parser = argparse.ArgumentParser(prog="python -m knbook.course.printables",
                                     description=tr("Write the course's printable sheets as "
                                                    "PDF."))
    parser.add_argument("--out", default="_build/printables", metavar=ptr("metavar", "OUT"),
                        help=tr("output directory"))
    parser.add_argument("--exam-seeds", nargs="*", type=_seed_arg, default=[],
                        metavar=ptr("metavar", "EXAM_SEEDS"),
                        help=tr("exam papers to print (one per candidate), besides the "
                                "book's"))
    parser.add_argument("--only-exams", action="store_true",
                        help=tr("print only the exam papers and their keys"))
    parser.add_argument("--game", default=KNUEFFELN, choices=GAMES,
                        help=tr("the game of the exam papers"))
    parser.add_argument("--jobs", type=_jobs_arg, default=1, metavar=ptr("metavar", "JOBS"),
                        help=tr("build in this many processes (1 to 64)"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=tr("the sheets' language (default: KNLIB_LANG, else English)"))
    return parser


def _asked_language(argv: Sequence[str]) -> str:
    """The language of the help and the messages: the ``--lang`` given, if it is one of
    knlib's, else ``KNLIB_LANG``'s (else English)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--lang")
    known, _ = pre.parse_known_args(argv)
    return known.lang if known.lang in LANGUAGES else current_language()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m knbook.course.printables [--out DIR] [--exam-seeds S ...] [--only-exams]
    [--lang de]``: help, refusals and sheets in the language of ``--lang`` (else
    ``KNLIB_LANG``), argparse's own words included (:mod:`knbook.cli_words`)."""
    given = list(sys.argv[1:] if argv is None else argv)
    with language(_asked_language(given)), argparse_words():
        parser = _parser()
        args = parser.parse_args(given)
        if args.only_exams and not args.exam_seeds:
            parser.error(tr("--only-exams prints only the papers given by --exam-seeds, and "
                            "none is given"))
    with language(args.lang or current_language()):
        try:
            made = build_all(args.out, exam_seeds=args.exam_seeds,
                             only_exams=args.only_exams, game=args.game, jobs=args.jobs)
        except RulesError as err:
            print(f"knbook.course.printables: {err}", file=sys.stderr)
            return 2
        except OSError as err:  # a folder that cannot be written to
            print(f"knbook.course.printables: {err.filename or args.out}: "
                  f"{err.strerror or err}", file=sys.stderr)
            return 2
        for path in made.values():
            n = page_count(path)
            print(ntr("{path} ({n} page)", "{path} ({n} pages)", n, path=path))
    return 0
