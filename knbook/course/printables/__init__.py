"""Printable sheets for the course, as PDF drawn with matplotlib.

* :func:`at_a_glance_pdf`: "Knüffeln at a glance" on one page: the table, the five Olen,
  the seven lead cases as a flowchart and the stakes (:mod:`knbook.course.glance`);
* :func:`reference_card_pdf`: one sheet per game (front and back, no type under 8 pt):
  the card roles by class, strongest first, and a grid of who takes whom, all from the
  engine (:meth:`Ruleset.roles`, the trick rule);
* :func:`chosen_suits_card_pdf`: one sheet per pair of chosen suits in today's Knüffeln
  (six pairs, front and back, no type under 8 pt): every card of the pack in its role;
* :func:`phrasebook_pdf`: the table talk of :data:`knlib.players.talk.PHRASEBOOK`;
* :func:`puzzle_sheet_pdf`: verified puzzles on the front, solutions on the back;
* :func:`leader_guide_pdf`: the five evenings of :data:`knbook.course.EVENINGS` with
  timings and materials, and how to print and reprint;
* :func:`exam_pdf` and :func:`answer_key_pdf`: a candidate's paper and its key, from
  the exam seed (:func:`knbook.course.exam`), so a paper can be printed again.

``python -m knbook.course.printables --out _build/printables`` (``make printables``) writes
them all; ``--exam-seeds 17 23 --only-exams`` prints papers for given seeds. The PDFs carry
no creation date, so the same input gives the same file, and no ligatures, so a word is
copied and searched as it is written.

The modules: :mod:`.page_layout` (a small flow layout on matplotlib), :mod:`.reference_cards` (the
reference and chosen-suits cards), :mod:`.sheets` (the other sheets) and
:mod:`.catalogue` (everything at once, and the command line).
"""

from __future__ import annotations

from .catalogue import (
    PRINTABLE_KINDS,
    Printable,
    build_all,
    catalogue,
    links_md,
    main,
    printables_md,
)
from .page_layout import page_count
from .reference_cards import (
    CHOSEN_PAIRS,
    chosen_suits_card_pdf,
    reference_card_pdf,
    role_groups,
    takes_grid,
)
from .sheets import (
    answer_key_pdf,
    at_a_glance_pdf,
    exam_pdf,
    leader_guide_pdf,
    phrasebook_pdf,
    puzzle_sheet_pdf,
)

__all__ = [
    "at_a_glance_pdf",
    "reference_card_pdf",
    "chosen_suits_card_pdf",
    "phrasebook_pdf",
    "puzzle_sheet_pdf",
    "leader_guide_pdf",
    "exam_pdf",
    "answer_key_pdf",
    "build_all",
    "catalogue",
    "links_md",
    "printables_md",
    "PRINTABLE_KINDS",
    "Printable",
    "page_count",
    "role_groups",
    "takes_grid",
    "CHOSEN_PAIRS",
    "main",
]
