"""Lesson deals: prepared deals in which the reader makes every decision of one side and
gets feedback at once, in the words of the evening's rules of thumb.

A lesson (:class:`LessonDeal`) is data: a deal (its number, the game, the dealer), the
reader's seats (one side), the moment the lesson starts (the actions the computer plays
first), and for each decision of the reader's side a :class:`LessonStep`: the teaching text,
the rule of thumb that applies (:mod:`knbook.course.foundation.thumbs`), the choice the lesson
states as best, the choices it sets against it (with the best, the choices it teaches
there: the reader is offered these first), and the facts the text states. The other
seats are played by the computer's plain habits.
:class:`~knbook.course.lesson_run.LessonRun` plays a lesson and judges each choice (with all
cards face up where the position is small enough, otherwise by the rule of thumb);
tests/test_lessons.py and tests/test_lesson_guide.py check every lesson against the engine.

In a notebook: ``Lesson("e4-jann")`` (:class:`knbook.tools.lesson.Lesson`).
"""

from __future__ import annotations

from dataclasses import dataclass

from knlib.errors import RulesError
from knlib.games import KNUEFFELN

from ..i18n import marked, tr
from .foundation.question import shown

__all__ = ["LessonStep", "LessonDeal", "LESSONS", "lesson"]


@dataclass(frozen=True)
class LessonStep:
    """One decision of the reader's side: the teaching ``text`` shown before it, the rule
    of thumb (``thumb``, an id of :data:`knbook.course.foundation.thumbs.THUMBS`), the action the
    lesson states as ``best``, and the ``facts`` the text states, by the names of
    :meth:`knbook.course.foundation.thumbs.Facts.as_dict` (``stock_olen`` and ``stock_high`` for the
    five-player dealer's stock), each with the words of the text that state it; and the
    choices the lesson sets ``against`` the best one (the alternatives its text and its
    rule of thumb weigh). The best and these are the choices the lesson teaches at this
    decision: the reader is offered them first, and the other legal choices on request."""

    text: str
    thumb: str
    best: str
    #: (fact name, value, the words of ``text`` that state it)
    facts: tuple[tuple[str, int, str], ...] = ()
    #: engine action texts, each legal at this decision and advised against by ``thumb``
    against: tuple[str, ...] = ()

    def teaches(self, action: str) -> bool:
        """Whether ``action`` (an engine action text) is one of the choices this decision
        teaches: the best, or one the lesson sets against it."""
        return action == self.best or action in self.against

    @property
    def text_shown(self) -> str:
        """The teaching text in the current language (``text`` is the English source)."""
        if self.text.endswith(_FACE_UP_FOR_NOW):
            return tr(self.text[: -len(_FACE_UP_FOR_NOW)]) + tr(_FACE_UP_FOR_NOW)
        return tr(self.text)


@dataclass(frozen=True)
class LessonDeal:
    """A prepared deal: ``seed`` (the deal number), ``game``, ``players``, ``dealer``;
    ``seats`` (the reader's side); ``start`` (actions the computer plays before the
    lesson begins); ``steps``; the stated ending (``result_kind`` and ``payment``, what
    each reader's seat receives, in the game's unit) with its ``result`` text, and the
    ``summary`` of what the lesson taught."""

    id: str
    evening: int
    title: str
    intro: str
    seed: int
    seats: tuple[int, ...]
    steps: tuple[LessonStep, ...]
    result_kind: str
    payment: int
    result: str
    summary: str
    game: str = KNUEFFELN
    players: int | None = None
    dealer: int = 0
    start: int = 0

    @property
    def title_text(self) -> str:
        """The title in the current language (the fields are the English source)."""
        return tr(self.title)

    @property
    def intro_text(self) -> str:
        """The introduction in the current language."""
        return tr(self.intro)

    @property
    def result_text(self) -> str:
        """The stated ending in the current language."""
        return tr(self.result)

    @property
    def summary_text(self) -> str:
        """What the lesson taught, in the current language."""
        return tr(self.summary)


_FACE_UP_FOR_NOW = marked(" Leading face down comes in Evening 4: lead face up tonight.")

# Every lesson below was checked against the rules of seed 000 ('The Play', 'Drehen und
# Sehen', 'Scoring', 'Five-Player Knüffeln') by tests/test_lessons.py: the stated best
# choice is best, each stated fact is the engine's, and the stated result is reached.
_LESSONS = (
    LessonDeal(
        id="e3-take-cheaply", evening=3, title=marked("Take cheaply, and watch the card ahead"),
        intro=marked("Hearts and diamonds are chosen. You play North and South, partners against "
               "West and East, and you make every decision of your side. Four tricks have "
               "been played. Before each card, ask which card is ahead now and what it "
               "takes to beat it."),
        seed=394, dealer=0, seats=(0, 2), start=18,
        steps=(
            LessonStep(
                marked("South leads to the fifth trick. Your side has three tricks and needs two "
                       "more. An unchosen Ace is taken only by an Ole or a chosen Ace, Jack or "
                       "Six; a chosen King or Queen falls to lower beaters too. Lead the card that "
                       "the fewest cards still out can take.") + _FACE_UP_FOR_NOW,
                "lead_holds", "play SA", against=("play DK", "play DQ"),
                facts=(("our_tricks", 3, "three tricks"), ("we_need", 2, "two more"))),
            LessonStep(
                marked("West has put the Paas ♦6 on your partner's Ace, and the Paas is now "
                       "ahead. A Paas is taken only by a higher beater or an Ole. North's Twist "
                       "and Veerhacks are lower beaters. If nothing in North's hand takes the "
                       "card ahead, throw the weakest card and keep the rest."),
                "take_cheaply", "play S6", against=("play D2", "play H4", "play D4")),
            LessonStep(
                marked("West won that trick and leads the chosen ♥Q. A chosen Queen is taken only "
                       "by a Drist or a higher beater, or an Ole; a Veerhack is too small. Take "
                       "the trick with the cheapest card that does it."),
                "take_cheaply", "play D2", against=("play H4", "play D4")),
            LessonStep(
                marked("Your partner's Twist is ahead, and East's unchosen ♣A could not take it. "
                       "South plays last to this trick. Do not waste a good card on a trick your "
                       "partner has already won."),
                "partner_ahead", "play SQ", against=("play D3", "play DK")),
            LessonStep(
                marked("Your side has four tricks and needs one more. North leads. A led Veerhack "
                       "falls to any higher beater or an Ole, and an unchosen King needs a chosen "
                       "Two or better, an Ole, or the Ace of its suit. Count what is still out "
                       "before you lead.") + _FACE_UP_FOR_NOW,
                "lead_holds", "play SK", against=("play H4", "play D4"),
                facts=(("our_tricks", 4, "four tricks"), ("we_need", 1, "one more"))),
            LessonStep(
                marked("East has played the chosen ♥7, but a Seven that is not led beats nothing. "
                       "Your partner's King is still ahead."),
                "partner_ahead", "play DQ", against=("play D3", "play DK")),
        ),
        result_kind="game", payment=10,
        result=marked("North and South win five tricks to two. West and East each pay one of you "
                "€0.10."),
        summary=marked("Look at the card that is ahead, not only the card that was led. Take with "
                 "your cheapest card that does it, and keep your bigger beaters for later. "
                 "When nothing in your hand takes the card ahead, or when partner's card is "
                 "ahead, throw your weakest card. Lead the card that the fewest cards still "
                 "out can take."),
    ),
    LessonDeal(
        id="e4-jann", evening=4, title=marked("A Jann in sight: lead face up, then stop"),
        intro=marked("Spades and clubs are chosen. You play West and East, partners against "
               "North and South, and you make every decision of your side. Your side has "
               "won the first three tricks. Two more make the deal, and two more in a row "
               "make a Jann, worth ten times as much."),
        seed=12, dealer=0, seats=(1, 3), start=14,
        steps=(
            LessonStep(
                marked("West leads. Your side has three tricks and North and South have no "
                       "tricks, so a Jann is in sight. Should West lead face down (drehen) to "
                       "raise the stake? And which card?"),
                "drehen", "play SJ", against=("lead face down SJ", "play HK"),
                facts=(("our_tricks", 3, "three tricks"), ("their_tricks", 0, "no tricks"))),
            LessonStep(
                marked("North's chosen ♠A has taken the lead from West's Jack. Only an Ole "
                       "takes a chosen Ace, and East holds two Olen. Which one should go?"),
                "take_cheaply", "play C4", against=("play H2",), facts=(("olen", 2, "two Olen"),)),
            LessonStep(
                marked("Your side has four tricks, and one more in a row makes the Jann. East "
                       "holds de Beste, the highest Ole, which nothing can take. Lead it face up, "
                       "or face down to raise the stake?"),
                "drehen", "play H2", against=("lead face down H2",),
                facts=(("our_tricks", 4, "four tricks"), ("we_need", 1, "one more"))),
            LessonStep(
                marked("Partner's Beste is ahead, and nothing can take her. West plays to the "
                       "trick."),
                "partner_ahead", "play D6", against=("play S4", "play S3")),
            LessonStep(
                marked("Five tricks in a row: your side has its Jann. East won the last trick and "
                       "decides: stop and take the Jann, or lead to the sixth trick and play for "
                       "the march, all nine tricks. East holds no sure winners, and four tricks "
                       "are still to come."),
                "jann", "stop", against=("play on",),
                facts=(("our_tricks", 5, "Five tricks"), ("sure", 0, "no sure winners"),
                        ("tricks_left", 4, "four tricks are still to come"))),
        ),
        result_kind="jann", payment=100,
        result=marked("West and East stop at the Jann: five tricks in a row. North and South each "
                "pay one of you €1.00."),
        summary=marked("With a Jann in sight, lead face up: a card led face down invites the "
                 "other side to run, and you would get a few cents instead of a euro. Take "
                 "with the cheaper Ole and keep the best one to lead. At the Jann, stop "
                 "unless you hold a sure winner for every trick still to come."),
    ),
    LessonDeal(
        id="e4-see-or-run", evening=4, title=marked("A card led face down: see or run?"),
        intro=marked("Diamonds and clubs are chosen. You play North and South, partners against "
               "West and East, and you make every decision of your side. Three tricks have "
               "been played: your side has one, West and East have two."),
        seed=137, dealer=0, seats=(0, 2), start=14,
        steps=(
            LessonStep(
                marked("North leads. Your side has lost a trick, so no Jann is in sight, but it "
                       "still needs four more tricks. Is this the moment to drehen?"),
                "drehen", "play C8", against=("lead face down C8",),
                facts=(("we_need", 4, "four more tricks"),)),
            LessonStep(
                marked("East has taken the lead with the chosen ♣A. Only an Ole takes a chosen "
                       "Ace, and South holds one."),
                "take_cheaply", "play S8", against=("play C6", "play SQ"),
                facts=(("olen", 1, "holds one"),)),
            LessonStep(
                marked("Two tricks each now, and both sides need three more. South leads. Drehen, "
                       "or lead face up?"),
                "drehen", "play D8", against=("lead face down D8",),
                facts=(("our_tricks", 2, "Two tricks each"),
                        ("their_tricks", 2, "Two tricks each"), ("we_need", 3, "three more"))),
            LessonStep(
                marked("Partner's chosen ♦8, a free card, is ahead. Only an Ole or a chosen "
                       "Ace or Jack takes it. North plays to the trick."),
                "partner_ahead", "play SJ", against=("play D2", "play C3")),
            LessonStep(
                marked("East took that trick with the chosen ♦A and leads a card face down. South "
                       "answers for your side: see, and the deal is worth one stake more; run, "
                       "and your side pays what the deal was worth before. Your side has two "
                       "tricks, West and East have three. South holds one high beater and no "
                       "Olen."),
                "see_run", "run", against=("see",),
                facts=(("our_tricks", 2, "two tricks"), ("their_tricks", 3, "have three"),
                        ("high_beaters", 1, "one high beater"), ("olen", 0, "no Olen"))),
        ),
        result_kind="run", payment=-10,
        result=marked("South runs: North and South give the deal up and each pays €0.10, what it "
                "was worth before the card led face down."),
        summary=marked("Drehen only when your side has lost a trick and needs two more tricks at "
                 "most. Facing a card led face down, add your side's tricks to your Olen and "
                 "high beaters: see if that comes to more than their tricks, run if it does "
                 "not."),
    ),
    LessonDeal(
        id="e5-dealer-solo", evening=5, title=marked("Five at the table: the dealer plays alone"),
        intro=marked("Five at the table, clubs and spades chosen. You are South, the dealer. You "
               "may look at the whole stock, then play alone with it against the other "
               "four, needing four tricks, or sit out. Every decision of the deal is yours."),
        seed=211, players=5, dealer=0, seats=(0,), start=0,
        steps=(
            LessonStep(
                marked("South looks at the stock: three Olen, one high beater, a chosen Seven and "
                       "some weaker cards. Play alone, or sit out?"),
                "solo", "play alone", against=("sit out",),
                facts=(("stock_olen", 3, "three Olen"), ("stock_high", 1, "one high beater"))),
            LessonStep(
                marked("North-East leads de Wage, the second Ole, to the first trick. Only de "
                       "Beste takes it, and South holds her."),
                "take_cheaply", "play H2", against=("play H9", "play D10")),
            LessonStep(
                marked("South has one trick and needs three more. Four tricks in a row would be "
                       "a Jann, and that is still in sight. Which card, and face up or down?"),
                "drehen", "play S7", against=("lead face down S7", "play SA"),
                facts=(("our_tricks", 1, "one trick"), ("we_need", 3, "three more"))),
            LessonStep(
                marked("Two tricks in a row now, and two more needed. Lead what holds, and think "
                       "about the Jann again."),
                "drehen", "play SA", against=("lead face down SA", "play CK"),
                facts=(("our_tricks", 2, "Two tricks"), ("we_need", 2, "two more"))),
            LessonStep(
                marked("North-West took the last trick with de Dulle, the ♠8, and has led the "
                       "chosen ♣J, which is ahead. A chosen Jack is taken only by a higher beater "
                       "or an Ole. South holds two Olen."),
                "take_cheaply", "play D9", against=("play H9", "play D10"),
                facts=(("olen", 2, "two Olen"),)),
            LessonStep(
                marked("South has three tricks and needs one more, and the other side has one "
                       "trick, so the Jann is gone. Now think about the face-down lead."),
                "drehen", "lead face down H9", against=("play H9",),
                facts=(("our_tricks", 3, "three tricks"), ("we_need", 1, "one more"),
                        ("their_tricks", 1, "one trick"))),
        ),
        result_kind="game", payment=80,
        result=marked("West sees, and South's ♥9 wins the fourth trick: four tricks to one. The "
                "face-down lead that was seen makes the deal worth €0.20, and each of the "
                "four pays it to South: €0.80 in all."),
        summary=marked("As the fifth player's dealer, play alone with four or more Olen and high "
                 "beaters in the stock. Take cheaply, lead face up while a Jann is in sight, "
                 "and drehen once the Jann is gone and you need only a trick or two."),
    ),
)

#: The lesson deals by id.
LESSONS: dict[str, LessonDeal] = {x.id: x for x in _LESSONS}


def lesson(lesson_id: str) -> LessonDeal:
    """The lesson ``lesson_id``; a RulesError naming the lessons there are."""
    if not isinstance(lesson_id, str) or lesson_id not in LESSONS:
        raise RulesError(tr("{value} is not a lesson deal: choose one of {choices}",
                            value=shown(lesson_id),
                            choices=", ".join(repr(k) for k in LESSONS)))
    return LESSONS[lesson_id]
