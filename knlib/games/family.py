"""What every game of the family has: its pack, its roles, its options and open questions,
its deal procedure and its stakes.

A :class:`Ruleset` is data plus small functions: one subclass per game (or variant) in the
game's own module (:mod:`.knueffeln`, :mod:`.styrivolt`, :mod:`.karniffel`,
:mod:`.karnoeffel`), listed by the registry (:mod:`knlib.games`). Two ways of deciding a
trick exist in the family, and each has a base class here:

* :class:`ChainRuleset` (Knüffeln, Stýrivolt): each card is compared with the
  card that is ahead, as if that card had been led (seed 000, "The Play":
  "according to the same rules"; `shared/rules/README.md` reading 1).
* :class:`PriorityRuleset` (Karniffel, Karnöffel): the sources give a winner
  order over the whole trick; the card ahead is the earliest card of highest
  rank in that order, given the led card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import FrozenInstanceError, dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from ..cards import ALL_CARDS, Card, parse_suits, suit_name
from ..counts import shown
from ..errors import RulesError
from ..i18n import current_language, marked, tr
from ..sources import for_reader
from .family_facts import Branch, RoleExample, TableRule
from .procedure import Procedure
from .roles import Role, RoleClass
from .stakes import Stakes
from .terms import Term

__all__ = ["Role", "RoleClass", "Option", "OpenQuestion", "Question", "Ruleset", "ChainRuleset",
           "PriorityRuleset", "Tie", "Branch", "RoleExample", "TableRule", "option_question",
           "open_question", "shared_ruleset"]

#: An open question as a game states it: (topic, heading, question, reading used, source);
#: the heading, the question and the reading are marked for the catalogue.
Question = tuple[str, str, str, str, str]

#: A strength no card reaches: nothing takes a led chosen Seven.
UNBEATABLE = 99


@dataclass(frozen=True)
class Option:
    """A named reading where the sources are unclear: its default and the alternatives."""

    name: str
    #: A short heading for the question, marked for the catalogue ("Equal cards").
    title: str
    default: str
    choices: dict[str, str]
    question: str
    source: str


@dataclass(frozen=True)
class OpenQuestion:
    """A point the sources leave open, with the reading knlib uses."""

    game: str
    topic: str
    question: str
    default: str
    source: str
    option: str | None = None
    alternatives: tuple[str, ...] = ()
    #: The short heading, as the game's module marks it (:attr:`title` reads it).
    heading: str = ""

    @property
    def reading(self) -> str:
        """The reading used, in a reader's words: an option's description without its
        value's name ('as in Knüffeln: ...' rather than 'knueffeln: as in Knüffeln: ...')."""
        return self.default.split(": ", 1)[-1] if self.option else self.default

    @property
    def other_readings(self) -> tuple[str, ...]:
        """The other readings the computer can play, in a reader's words (no value names)."""
        return tuple(a.split(": ", 1)[-1] for a in self.alternatives)

    @property
    def title(self) -> str:
        """A short heading for the question, in the current language: 'The chain rule' (the
        topic's id, 'Chain rule', where the game gives none)."""
        if self.heading:
            return tr(self.heading)
        return self.topic.replace("_", " ").capitalize()

    def __str__(self) -> str:
        """The question as a reader reads it (``knlib questions``): the question,
        the reading used and its sources by author and title, in the current language; a
        question that an option answers names the option and the value used."""
        sources = for_reader(self.source)
        if self.option:
            sources = tr("{sources}; option {option}={value}", sources=sources,
                         option=self.option, value=self.default.split(": ", 1)[0])
        return tr("{topic}: {question} Reading used: {reading} ({sources})", topic=self.topic,
                  question=for_reader(self.question), reading=for_reader(self.reading),
                  sources=sources)


def option_question(game: str, option: Option) -> OpenQuestion:
    """The open question an option answers, in the current language: its question, and its
    readings as 'value: description' (the value names stay as code reads them)."""
    return OpenQuestion(
        game=game,
        topic=option.name,
        question=tr(option.question),
        default=f"{option.default}: {tr(option.choices[option.default])}",
        source=option.source,
        option=option.name,
        alternatives=tuple(f"{k}: {tr(v)}" for k, v in option.choices.items()
                           if k != option.default),
        heading=option.title,
    )


def open_question(game: str, question: Question) -> OpenQuestion:
    """A game's open question (a :data:`Question`), in the current language."""
    topic, heading, asked, reading, source = question
    return OpenQuestion(game=game, topic=topic, question=tr(asked), default=tr(reading),
                        source=source, heading=heading)


class Tie:
    """How equal cards are split: the earlier stays ahead, or a suit priority decides."""

    OPTION = "ties"
    FIRST = "first"
    SUIT_PRIORITY = "suit_priority"
    LED_SUIT = "led_suit"
    #: Acorns, Leaves, Hearts, Bells (clubs, spades, hearts, diamonds): seed 002, "Playing".
    PRIORITY = {"C": 4, "S": 3, "H": 2, "D": 1}

    @staticmethod
    def option(source: str, question: str, *, led_suit: bool = False) -> Option:
        choices = {
            Tie.FIRST: marked("between equal cards the earlier one stays ahead"),
            Tie.SUIT_PRIORITY: marked("between equal cards the suit decides: "
            "clubs/Acorns, spades/Leaves, hearts, diamonds/Bells"),
        }
        if led_suit:
            choices[Tie.LED_SUIT] = (marked("between equal cards a card of the led suit wins, "
                                     "otherwise the earlier one"))
        return Option(
            name=Tie.OPTION,
            title=marked("Equal cards"),
            default=Tie.FIRST,
            choices=choices,
            question=question,
            source=source,
        )


@dataclass(init=False)
class Ruleset:
    """Base of every game's rules. Subclasses fill in the class attributes and ``_role``.

    A rule set is a value that :func:`knlib.ruleset` caches and shares, so it cannot
    change: setting or deleting an attribute raises, and ``options`` and the role tables
    are read-only mappings. ``__post_init__`` (run by ``__init__``) is the one place that
    sets attributes; the tables worked out on demand (roles, strengths, the fast trick
    tables) are memos kept inside.
    """

    id: ClassVar[str]
    #: The game's name with its variant, in English, marked for the catalogue (:attr:`title`).
    TITLE: ClassVar[str]
    #: A version's name among its game's versions, by place or author and date, in English,
    #: marked for the catalogue ("Bohmstedt (today)"); "" for a game of one version.
    VERSION_NAME: ClassVar[str] = ""
    #: The ranks in this game's pack (each in all four suits).
    pack_ranks: ClassVar[tuple[int, ...]]
    n_chosen: ClassVar[int]
    max_table: ClassVar[int]
    #: Cards dealt to each player (the most a hand can hold); each subclass cites its source.
    hand_size: ClassVar[int]
    #: True where the cards carry German suits in the sources (Karniffel).
    german: ClassVar[bool] = False
    pack_source: ClassVar[str]
    #: Where the number of chosen suits is stated.
    chosen_source: ClassVar[str]
    #: Where the game's trick rule is stated.
    rules_source: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: The trick rules' open questions.
    QUESTIONS: ClassVar[tuple[Question, ...]] = ()
    #: How the game is dealt, exchanged and played out: who may play, the cut, the packets,
    #: the chosen suits, drehen, the target, the Jann.
    procedure: ClassVar[Procedure]
    #: What a deal is worth, in the game's unit, and how the score is kept.
    stakes: ClassVar[Stakes]
    #: Whether the source gives the payments only as multiples of the basic game (the basic
    #: stake in money is then an assumption).
    stakes_in_multiples: ClassVar[bool] = False
    #: The deal's open questions (the deal, the exchanges, the play's decisions).
    DEAL_QUESTIONS: ClassVar[tuple[Question, ...]] = ()
    #: The scoring's open questions.
    SCORING_QUESTIONS: ClassVar[tuple[Question, ...]] = ()
    #: The scoring's named options (a :class:`~knlib.engine.scoring.Session` takes them).
    SCORING_OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: The permanent top cards, highest first, whatever the chosen suits: Knüffeln's Olen,
    #: Stýrivolt's permanent stickers, Karniffel's beasts; none in Karnöffel.
    permanent_cards: ClassVar[tuple[Card, ...]] = ()
    #: The class (and word) of the permanent top cards; None where there are none.
    top_word: ClassVar[RoleClass | None] = None
    #: Whether the sources record this game's table talk (seed 000's phrasebook, 'Table
    #: Talk'): the players' lines, the hand categories and the bluffs.
    table_talk: ClassVar[bool] = False
    #: The game's own words for the glossary, in the order its source gives them (one game
    #: of a module holds the module's terms; :mod:`knlib.players.talk.glossary` gathers them).
    glossary_terms: ClassVar[tuple[Term, ...]] = ()
    #: The branch of the family the game belongs to (:func:`knlib.games.branch_heads`); None
    #: for a game of no branch.
    BRANCH: ClassVar[Branch | None] = None
    #: The chosen suits of the game's role table on the book's roles page, and why these;
    #: None for a game without one (the page leaves it out).
    ROLE_EXAMPLE: ClassVar[RoleExample | None] = None
    #: Whether a player must follow suit, in a few words ("no"), and where that is written.
    FOLLOW_SUIT: ClassVar[TableRule] = TableRule(marked("not known"))
    #: What partners may tell each other during the play, and where that is written.
    PARTNER_TALK: ClassVar[TableRule] = TableRule(marked("not known"))

    options: Mapping[str, str] = field(default_factory=dict)
    pack: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    _pack_set: frozenset[Card] = field(init=False, repr=False, compare=False)
    _roles: dict[tuple[str, ...], Mapping[Card, Role]] = field(init=False, repr=False,
                                                              compare=False)
    #: The trick tables worked out for this rule set, by its sorted chosen suits (a cache
    #: that :func:`knlib.rules.tricks.fast_table` fills in).
    fast_tables: dict[tuple[str, ...], object] = field(init=False, repr=False, compare=False)
    _deciding: dict[tuple[str, ...], Mapping[Card, Role]] = field(init=False, repr=False,
                                                                 compare=False)
    _strength: dict[tuple[str, ...], dict[Card, int]] = field(init=False, repr=False,
                                                             compare=False)

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        object.__setattr__(self, "options", dict(options or {}))
        self.__post_init__()

    def __post_init__(self) -> None:
        known = {o.name: o for o in self.OPTIONS}
        for name, value in self.options.items():
            if name not in known:
                raise RulesError(tr(
                    "{value} is not an option of {game}: its options are {options}",
                    value=shown(name), game=self.id, options=sorted(known) or tr("none")))
            if value not in known[name].choices:
                raise RulesError(tr(
                    "{value} is not a choice for option {option} of {game}: choose one of "
                    "{choices}", value=shown(value), option=shown(name), game=self.id,
                    choices=sorted(known[name].choices)))
        init = object.__setattr__  # the one place that sets attributes (see __setattr__)
        init(self, "options", MappingProxyType(
            {o.name: self.options.get(o.name, o.default) for o in self.OPTIONS}))
        init(self, "pack", tuple(c for c in ALL_CARDS if c.rank in self.pack_ranks))
        init(self, "_pack_set", frozenset(self.pack))
        init(self, "_roles", {})
        init(self, "fast_tables", {})
        init(self, "_deciding", {})
        init(self, "_strength", {})

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(
            f"cannot set {name!r} of {self!r}: a rule set is shared and cannot change; "
            f"ruleset({self.id!r}, option=choice) gives one with other options")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete {name!r} of {self!r}: a rule set cannot "
                                  f"change")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its game and the options that differ from the defaults:
        back comes the rule set :func:`knlib.ruleset` shares."""
        changed = tuple(sorted((k, v) for k, v in self.options.items()
                               if v != self.option(k).default))
        return (shared_ruleset, (type(self), changed))

    # -- identity -------------------------------------------------------------
    @property
    def key(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        return (self.id, tuple(sorted(self.options.items())))

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.option(k).default}
        args = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"ruleset({self.id!r}{args})"

    def option(self, name: str) -> Option:
        return next(o for o in self.OPTIONS if o.name == name)

    # -- checking input -------------------------------------------------------
    def check_chosen(self, chosen: str | Iterable[str]) -> tuple[str, ...]:
        """Parse and check the chosen suit(s) for this game (seed-defined count)."""
        suits = parse_suits(chosen)
        if len(suits) != self.n_chosen:
            given = {"game": self.title, "got": len(suits), "suits": "".join(suits) or tr("none")}
            raise RulesError(
                tr("{game} has one chosen suit, got {got} ({suits})", **given)
                if self.n_chosen == 1 else
                tr("{game} has {n} chosen suits, got {got} ({suits})", n=self.n_chosen,
                   **given), source=self.chosen_source)
        if len(set(suits)) != len(suits):
            raise RulesError(tr(
                "suit {suit} is given twice: the chosen suits of {game} must differ",
                suit=repr(suits[0]), game=self.title), source=self.chosen_source)
        return suits

    def check_card(self, card: str | Card) -> Card:
        """Parse one card and check that it belongs to this game's pack."""
        c = Card(card)
        if c not in self._pack_set:
            raise RulesError(tr(
                "{card} ({name}) is not in the {game} pack, which has {n} cards",
                card=c.symbol, name=c.name, game=self.title, n=len(self.pack)),
                source=self.pack_source)
        return c

    def check_cards(self, cards: Iterable[str | Card]) -> list[Card]:
        """Parse cards, check each is in the pack and none is given twice."""
        try:
            given = list(cards)
        except TypeError:
            raise RulesError(tr("{value} is not a list of cards", value=shown(cards))) from None
        out = [self.check_card(c) for c in given]
        seen: set[Card] = set()
        for c in out:
            if c in seen:
                raise RulesError(tr("{card} is given twice: a pack holds each card once",
                                    card=c.symbol))
            seen.add(c)
        return out

    def check_trick(
        self, cards: Sequence[Card], chosen: tuple[str, ...], first_trick: bool
    ) -> None:
        """Check the size of a trick and the first-trick rules of this game."""
        if not cards:
            raise RulesError(tr("a trick needs at least one card (the lead)"))
        if len(cards) > self.max_table:
            raise RulesError(tr(
                "{n} cards is more than the {game} table holds ({players} players)",
                n=len(cards), game=self.title, players=self.max_table))
        if first_trick:
            self.check_first_trick(cards, chosen)

    def check_first_trick(self, cards: Sequence[Card], chosen: tuple[str, ...]) -> None:
        """Games with a first-trick restriction override this."""

    # -- roles ----------------------------------------------------------------
    def roles(self, chosen: str | Iterable[str]) -> Mapping[Card, Role]:
        """Every card of the pack with its role under these chosen suits (read-only), its
        texts in the current language (made once per language and choice of suits)."""
        suits = self.check_chosen(chosen)
        key = (current_language(), *sorted(suits))
        table = self._roles.get(key)
        if table is None:
            table = self._roles[key] = MappingProxyType(
                {c: self._role(c, suits) for c in self.pack})
        return table

    def deciding_roles(self, chosen: tuple[str, ...]) -> Mapping[Card, Role]:
        """The roles for deciding tricks under these chosen suits: the first table made, in
        whatever language (strengths and thresholds are the same in each), without looking
        up the language again (the trick engine's hot path)."""
        try:
            return self._deciding[chosen]
        except (KeyError, TypeError):  # not yet seen, or not a tuple: check and make it
            table = self.roles(chosen)
            if isinstance(chosen, tuple):
                self._deciding[chosen] = table
            return table

    def role(self, card: str | Card, chosen: str | Iterable[str]) -> Role:
        return self.roles(chosen)[self.check_card(card)]

    def _role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        raise NotImplementedError

    def strength(self, card: str | Card, chosen: str | Iterable[str]) -> int:
        """How strong a card is in this game: the number of pack cards it beats when they
        are led, plus the number it holds off when it is led. Used to sort hands."""
        suits = self.check_chosen(chosen)
        key = tuple(sorted(suits))
        table = self._strength.get(key)
        if table is None:
            score = {}
            for c in self.pack:
                others = [x for x in self.pack if x is not c]
                wins = sum(self.ahead_sequence([x, c], suits)[-1] == 1 for x in others)
                holds = sum(self.ahead_sequence([c, x], suits)[-1] == 0 for x in others)
                score[c] = wins + holds
            self._strength[key] = table = score
        return table[self.check_card(card)]

    def sort_by_strength(
        self, cards: Iterable[str | Card], chosen: str | Iterable[str]
    ) -> list[Card]:
        """Cards strongest first (ties in pack order)."""
        cs = self.check_cards(cards)
        return sorted(cs, key=lambda c: (-self.strength(c, chosen), c.index))

    @property
    def title(self) -> str:
        """The game's name with its variant in the current language: 'Knüffeln (Bohmstedt)',
        'Karniffel (Thuringia 1783)' (German 'Karniffel (Thüringen 1783)')."""
        return tr(self.TITLE)

    def chosen_text(self, chosen: tuple[str, ...]) -> str:
        """The chosen suits in words: 'Hearts and Spades' (German 'Herz und Pik')."""
        names = [suit_name(s, german=self.german) for s in chosen]
        if len(names) == 2:
            return tr("{first} and {second}", first=names[0], second=names[1])
        return " and ".join(names)  # one suit: its name

    # -- open questions -------------------------------------------------------
    def open_questions(self) -> list[OpenQuestion]:
        """The points the sources leave open, each with the reading used."""
        out = [option_question(self.id, o) for o in self.OPTIONS]
        out += [open_question(self.id, q) for q in self.QUESTIONS]
        return out

    # -- deciding -------------------------------------------------------------
    def ahead_sequence(self, cards: Sequence[Card], chosen: tuple[str, ...]) -> list[int]:
        """The index of the card ahead after each card is played."""
        raise NotImplementedError

    def standing(self, role: Role, position: int, trick: Sequence[Role]) -> str | None:
        """Why a card counts for less than its role in this trick, in words, or None.

        Only games whose winner order depends on the other cards in the trick say more."""
        return None

    def tie_breaks(self, challenger: Card, ahead: Card, led: Card) -> bool:
        """For equal cards: True if the later card takes the lead under the ties option."""
        rule = self.options.get(Tie.OPTION, Tie.FIRST)
        if rule == Tie.SUIT_PRIORITY:
            return Tie.PRIORITY[challenger.suit] > Tie.PRIORITY[ahead.suit]
        if rule == Tie.LED_SUIT:
            return challenger.suit == led.suit and ahead.suit != led.suit
        return False


class ChainRuleset(Ruleset):
    """A later card takes the lead if it beats the card ahead as if that card had been led.

    Source: seed 000, "The Play" ("according to the same rules");
    `shared/rules/README.md` readings 1 and 2.
    """

    def beats(self, challenger: Role, ahead: Role, led: Role) -> bool:
        """Does ``challenger`` take the lead from ``ahead`` (treated as led)?"""
        if challenger.power >= ahead.threshold:
            return True
        if challenger.power and challenger.power == ahead.power and ahead.is_power_card:
            return self.tie_breaks(challenger.card, ahead.card, led.card)
        return self.same_suit_beats(challenger, ahead)

    def same_suit_beats(self, challenger: Role, ahead: Role) -> bool:
        """Unchosen cards beat lower cards of their own suit, by this game's suit ranking."""
        return (
            not challenger.chosen
            and not ahead.chosen
            and ahead.power == 0
            and challenger.card.suit == ahead.card.suit
            and challenger.suit_rank > ahead.suit_rank
        )

    def ahead_sequence(self, cards: Sequence[Card], chosen: tuple[str, ...]) -> list[int]:
        roles = self.deciding_roles(chosen)
        ahead = 0
        out = [0]
        for i in range(1, len(cards)):
            if self.beats(roles[cards[i]], roles[cards[ahead]], roles[cards[0]]):
                ahead = i
            out.append(ahead)
        return out


class PriorityRuleset(Ruleset):
    """The sources give a winner order; the earliest card of highest rank is ahead."""

    def rank_in_trick(self, role: Role, position: int, led: Role, trick: Sequence[Role]) -> int:
        """The card's place in the winner order of this trick (higher wins; 0 cannot win)."""
        raise NotImplementedError

    def ahead_sequence(self, cards: Sequence[Card], chosen: tuple[str, ...]) -> list[int]:
        roles = self.deciding_roles(chosen)
        trick = [roles[c] for c in cards]
        out = []
        for n in range(1, len(trick) + 1):
            prefix = trick[:n]
            ranks = [self.rank_in_trick(r, i, prefix[0], prefix) for i, r in enumerate(prefix)]
            best = 0
            for i in range(1, n):
                if ranks[i] > ranks[best] or (
                    ranks[i] == ranks[best] and ranks[i] > 0
                    and self.tie_breaks(prefix[i].card, prefix[best].card, prefix[0].card)
                ):
                    best = i
            out.append(best)
        return out

    #: Whether a card's rank_in_trick depends on the other cards of the trick, not only on
    #: its role, whether it leads and the card led; True rules out the fast table.
    rank_depends_on_trick: ClassVar[bool] = False


#: The rule sets in use, one per class and options: :func:`knlib.ruleset` hands them out and
#: a pickled or copied rule set comes back as one of them.
_SHARED: dict[tuple[type[Ruleset], tuple[tuple[str, str], ...]], Ruleset] = {}


def shared_ruleset(cls: type[Ruleset], options: tuple[tuple[str, str], ...]) -> Ruleset:
    """The one rule set of ``cls`` with ``options`` (sorted (name, choice) pairs), made on
    first use; what :func:`knlib.ruleset` returns and what a pickled rule set becomes."""
    key = (cls, options)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = cls(options=dict(options))
    return found
