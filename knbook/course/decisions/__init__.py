"""Decision questions: "what would you do?" in real positions, answered by the engine.

Every question here starts from a real deal (:func:`knlib.new_deal` with a deal number)
that the computer players (:class:`knlib.players.bots.RulePlayer`) play up to a moment worth
stopping at: the dealer has just dealt, a player must lead, follow, exchange, answer a
card led face down (*drehen*), stop at a Jann, or choose as the five-player dealer.
The engine works out the answer and, for every option, says why it is right or why
*that* option is wrong (no two options share a feedback text).

Where a choice is a matter of odds (see or run, stop or play on, play alone or sit out)
the engine plays the rest of the deal out many times, with the unseen cards dealt at
random (:func:`knlib.players.bots.hidden_world`) and the rule-based habits at every seat, and
compares the average result; only positions where one choice is clearly better are
asked. Those habits are this book's tactics, not rules of the sources.

Where a choice is a judgement (which card takes cheaply, which card to lead, which
exchange, see or run, the Jann, the dealer's solo) the question teaches a rule of thumb
(:mod:`knbook.course.foundation.thumbs`): its feedback names the rule and the fact of this hand that
decides, and only positions where the rule of thumb's advice is the engine's best choice
are asked (the rules of thumb are wrong in some positions; those are not asked here, and
the chapter states how often each is right).

Each question is built once as a :class:`DecisionQuestion` record (:func:`build`: named fields,
feedback as (verdict, text) pairs, the rule of thumb's id) and used as a
:class:`knbook.course.Question` (``feedback`` one sentence per option, ``pictures`` what to
draw, a ``goal``), so it also serves in the self-checks and the exam.
:func:`decision_html` draws one question as a small form that works on the static page
with no kernel and no script (radio buttons and CSS).

The modules: :mod:`.positions` (the real deal a question starts from, shared helpers),
:mod:`.record` (the record and its builder), :mod:`.card_choices` (which card: Evenings 1 to
3), :mod:`.odds` (choices of odds: Evenings 4 and 5), :mod:`.registry` (the kinds, making
and checking) and :mod:`.html` (the page).
"""

from __future__ import annotations

from .html import decision_html, decisions_html
from .positions import EV_PLAYOUTS
from .record import DecisionQuestion, build
from .registry import DECISION_EVENING, DECISION_KINDS, check_decision, decision, decision_record

__all__ = [
    "DECISION_KINDS",
    "DECISION_EVENING",
    "decision",
    "decision_record",
    "DecisionQuestion",
    "build",
    "decision_html",
    "decisions_html",
    "check_decision",
    "EV_PLAYOUTS",
]
