"""Deciding and explaining a trick, for every game of the family.

:func:`trick_winner` checks its input and answers from a precomputed table;
:func:`explain_trick` gives one English sentence per card. Both accept partial
tricks: the answer is the card ahead so far. :func:`takes` is the one relation
"does this card, played next, take the lead?" (of a led card, or of a trick in
progress); :class:`Takes` is the same relation for one rule set and choice of suits,
unchecked, for the computer players, the course and the pictures.

:class:`FastTable` (:func:`fast_table`) is the one trick table of a rule set and choice of
suits, on card indices (0-51), kept by the rule set (:attr:`Ruleset.fast_tables`); where
an option makes a card's place depend on the whole trick, there is none and the rule set
decides. Every fast path reads it: :class:`Takes` answers from it, the players' tables
(:mod:`knlib.players.card_facts`) and the numpy path's arrays (:mod:`knlib.players.playkit`)
are made from that relation, and the solver's kit (:mod:`knlib.analysis.position`)
renumbers it weakest card first; ``tests/test_one_trick_table.py`` compares each with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..cards import ALL_CARDS, Card
from ..counts import shown
from ..errors import RulesError
from ..games import ChainRuleset, PriorityRuleset, Role, Ruleset, ruleset
from ..grammar import card_phrase
from ..i18n import current_language, marked, tr, words

__all__ = [
    "trick_winner",
    "explain_trick",
    "ahead_sequence",
    "TrickExplanation",
    "ExplanationStep",
    "FastTable",
    "fast_table",
    "takes",
    "Takes",
    "takes_relation",
    "ordinal",
]


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', ... (German: '1.', '2.', ...)."""
    return _ordinal(n, current_language())


def _ordinal(n: int, lang: str) -> str:
    if lang == "de":
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# The sentences of an explanation (placeholders: pos, the card's place; sym, its symbol; title,
# its role with an article; a_sym, a_title, taken_by: the card ahead before it). The titles are
# phrases (knlib.grammar): '{title:it}' is the pronoun that agrees with the role ('er' for a
# Drist, 'es' for a Fehl-As), '{a_title:which}' the one that refers back to the card ahead.
_LED = marked("{pos}: {sym} is {title}; {title:it} is led, so {title:it} leads the trick.")
_HEAD = marked("{pos}: {sym} is {title}; the card ahead, {a_sym}, is {a_title}")
_TOOK = marked("{head}, {a_title:which} {taken_by}, so {sym} now leads the trick.")
_TOOK_NOTED = marked("{head}, so {sym} now leads the trick.")
_TOOK_TIE = marked("{head}, of equal rank, but the ties rule puts the later card ahead, so "
                    "{sym} now leads the trick.")
_STAYS = marked("{head}, {a_title:which} {taken_by}, so {a_sym} stays ahead.")
_STAYS_NOTED = marked("{head}, so {a_sym} stays ahead.")
_STAYS_TIE = marked("{head}, of equal rank, and between equal cards the earlier one stays "
                    "ahead, so {a_sym} stays ahead.")
_STAYS_POWERLESS = marked("{head}, {a_title:which} {taken_by}; {sym} is neither of the led "
                          "suit nor a card with power here, so {a_sym} stays ahead.")
_STAYS_POWERLESS_NOTED = marked("{head}, {sym} is neither of the led suit nor a card with "
                                "power here, so {a_sym} stays ahead.")
_AGAIN = marked("{head}, so {now} is ahead again.")


def _prepare(game: str | Ruleset, cards: Iterable[str | Card], chosen: str | Iterable[str],
             first_trick: object) -> tuple[Ruleset, list[Card], tuple[str, ...]]:
    if not isinstance(first_trick, bool):
        raise RulesError(tr("first_trick={value}: give True or False",
                            value=shown(first_trick)))
    rules = ruleset(game)
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    suits = rules.check_chosen(chosen)
    played = rules.check_cards(cards)
    rules.check_trick(played, suits, first_trick)
    return rules, played, suits


def ahead_sequence(game: str | Ruleset, cards: Iterable[str | Card], chosen: str | Iterable[str],
                   *, first_trick: object = False) -> list[int]:
    """After each card, the index of the card ahead (the last entry is the winner)."""
    rules, played, suits = _prepare(game, cards, chosen, first_trick)
    return rules.ahead_sequence(played, suits)


def trick_winner(game: str | Ruleset, cards: Iterable[str | Card], chosen: str | Iterable[str],
                 *, first_trick: object = False) -> int:
    """The index in ``cards`` (play order, lead first) of the card ahead.

    >>> from knlib.games import KNUEFFELN
    >>> trick_winner(KNUEFFELN, ["D4", "S3", "DA", "C8"], "HS")
    1
    """
    rules, played, suits = _prepare(game, cards, chosen, first_trick)
    table = fast_table(rules, suits)
    if table is not None:
        return table.winner_of(played)
    return rules.ahead_sequence(played, suits)[-1]


@dataclass(frozen=True)
class ExplanationStep:
    """One card of an explained trick: who played what, and whether it took the lead."""

    position: int
    card: Card
    role: Role
    ahead: int
    took_lead: bool
    sentence: str
    #: The card as the game displays it ('♠3', or '♠O' in German-suited Karniffel).
    symbol: str
    #: The card is of equal rank with the card ahead (the ties rule decided).
    tie: bool = False

    def __str__(self) -> str:
        return self.sentence


@dataclass(frozen=True, repr=False)
class TrickExplanation:
    """The winner of a (partial) trick and one explained step per card."""

    game: str
    cards: tuple[Card, ...]
    chosen: tuple[str, ...]
    winner: int
    steps: list[ExplanationStep]

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return (f"<TrickExplanation {self.game} [{cards}] chosen {''.join(self.chosen)}: "
                f"winner {self.winner}>")

    def __str__(self) -> str:
        lines = [str(s) for s in self.steps]
        lines.append(tr("Winner: {pos} card, {sym}.", pos=ordinal(self.winner + 1),
                        sym=self.steps[self.winner].symbol))
        return "\n".join(lines)

    def summary(self, names: object = None, *, so_far: bool = False) -> str:
        """The trick in one sentence: who won it and the one reason that mattered.

        ``names``: the players in play order ('North wins with ♠3, ...'); without them the
        card is named. ``so_far``: the cards are the first of a trick still being played,
        so the card is ahead, not winning. The reason is the card the winner took (or that
        it was led and nothing took it); :attr:`steps` keep the card-by-card reasoning.

        >>> from knlib.games import KNUEFFELN
        >>> explain_trick(KNUEFFELN, "D4 S3 DA C8", "HS").summary(["West", "North", "East",
        ...                                                        "South"])
        'North wins with ♠3, a Drist (chosen Three): it takes ♦4, a dud (Schiet).'
        """
        w = self.winner
        win = self.steps[w]
        seq = [s.ahead for s in self.steps]
        # The card that decided: where the winner came ahead for the last time.
        k = max(i for i, a in enumerate(seq) if a == w and (i == 0 or seq[i - 1] != w))
        said: list[str] | None = None
        if names is not None:
            if (isinstance(names, str) or not isinstance(names, Sequence)
                    or not all(isinstance(n, str) for n in list(names))):
                raise RulesError(tr("names {value} are not a list of names: give one name per "
                                    "card, in play order", value=shown(names)))
            if len(names) < len(self.steps):
                raise RulesError(tr("{n} names for a trick of {cards} cards: give one name "
                                    "per card, in play order", n=len(names),
                                    cards=len(self.steps)))
            said = [str(n) for n in names]
        sym, title = win.symbol, win.role.title
        if said is not None:
            head = (tr("{name} is ahead with {sym}, {title}", name=said[w], sym=sym,
                       title=title) if so_far
                    else tr("{name} wins with {sym}, {title}", name=said[w], sym=sym,
                            title=title))
        else:
            head = (tr("{sym}, {title}, is ahead so far", sym=sym, title=title) if so_far
                    else tr("{sym}, {title}, wins the trick", sym=sym, title=title))
        # '{card:it}' is the pronoun of the winner's role; '{other:acc}' another card with
        # its role, in the case the sentence asks (knlib.grammar).
        if k == 0 and len(self.steps) == 1:
            why = tr("{card:it} is led", card=title)
        elif k == 0:
            why = tr("{card:it} is led, and no card played after {card:it} takes {card:it}",
                     card=title)
        elif k == w:
            prev = self.steps[seq[k - 1]]
            other = card_phrase(prev.symbol, prev.role.title)
            why = (tr("{card:it} is equal to {other}, and the rule for equal cards puts "
                      "{card:it} ahead", card=title, other=other) if win.tie
                   else tr("{card:it} takes {other}", card=title, other=other))
        else:
            by = self.steps[k]
            why = tr("{card:it} is ahead again once {other}, is played", card=title,
                     other=card_phrase(by.symbol, by.role.title))
        return tr("{head}: {why}.", head=head, why=why)

    def _repr_html_(self) -> str:
        from ..render.display import explanation_html

        return explanation_html(self)


def explain_trick(game: str | Ruleset, cards: Iterable[str | Card], chosen: str | Iterable[str],
                  *, first_trick: object = False) -> TrickExplanation:
    """Decide a trick and explain each card in words of the rule.

    >>> from knlib.games import KNUEFFELN
    >>> expl = explain_trick(KNUEFFELN, "D4 S3", "HS")
    >>> expl.winner, str(expl.steps[1])[:40]
    (1, '2nd: ♠3 is a Drist (chosen Three); the c')
    """
    rules, played, suits = _prepare(game, cards, chosen, first_trick)
    lang = current_language()
    say = words(lang)
    roles = rules.roles(suits)
    seq = rules.ahead_sequence(played, suits)
    steps = []
    for i, card in enumerate(played):
        role = roles[card]
        pos = _ordinal(i + 1, lang)
        sym = _symbol(rules, card)
        if i == 0:
            sentence = say(_LED).format(pos=pos, sym=sym, title=role.title)
        else:
            prev = seq[i - 1]
            a_card = played[prev]
            a_role = roles[a_card]
            a_sym = _symbol(rules, a_card)
            head = say(_HEAD).format(pos=pos, sym=sym, title=role.title, a_sym=a_sym,
                                     a_title=a_role.title)
            prefix = [roles[c] for c in played[: i + 1]]
            notes = [n for n in (rules.standing(role, i, prefix),
                                 rules.standing(a_role, prev, prefix)) if n]
            if notes:  # the roles' own words do not hold in this trick: say why
                head = f"{head}; " + "; ".join(notes)
            if seq[i] == i:
                if _is_tie(rules, roles, played[: i + 1], i, prev):
                    form = _TOOK_TIE
                else:
                    form = _TOOK_NOTED if notes else _TOOK
            elif seq[i] == prev:
                if _is_tie(rules, roles, played[: i + 1], i, prev):
                    form = _STAYS_TIE
                elif _cannot_win(rules, roles, played[: i + 1], i):
                    form = _STAYS_POWERLESS_NOTED if notes else _STAYS_POWERLESS
                else:
                    form = _STAYS_NOTED if notes else _STAYS
            else:
                # The new card took a power away (``standing`` said how): an earlier card
                # of the trick is ahead again.
                form = _AGAIN
            sentence = say(form).format(head=head, sym=sym, a_sym=a_sym,
                                        a_title=a_role.title, taken_by=a_role.taken_by,
                                        now=_symbol(rules, played[seq[i]]))
        tie = (i > 0 and seq[i] == i
               and _is_tie(rules, roles, played[: i + 1], i, seq[i - 1]))
        steps.append(ExplanationStep(i, card, role, seq[i], seq[i] == i and i > 0, sentence, sym,
                                     tie))
    return TrickExplanation(rules.id, tuple(played), suits, seq[-1], steps)


def _symbol(rules: Ruleset, card: Card) -> str:
    return card.german_symbol if rules.german else card.symbol


def _is_tie(rules: Ruleset, roles: Mapping[Card, Role], trick: Sequence[Card], i: int,
            j: int) -> bool:
    a, b = roles[trick[i]], roles[trick[j]]
    if isinstance(rules, ChainRuleset):
        return a.power > 0 and a.power == b.power and b.is_power_card
    assert isinstance(rules, PriorityRuleset)
    rs = [roles[c] for c in trick]
    ra = rules.rank_in_trick(a, i, rs[0], rs)
    return ra > 0 and ra == rules.rank_in_trick(b, j, rs[0], rs)


def _cannot_win(rules: Ruleset, roles: Mapping[Card, Role], trick: Sequence[Card],
                i: int) -> bool:
    if not isinstance(rules, PriorityRuleset):
        return False
    rs = [roles[c] for c in trick]
    return rules.rank_in_trick(rs[i], i, rs[0], rs) == 0


# -- the fast path ---------------------------------------------------------------------------


class FastTable:
    """Precomputed answers for one rule set and one choice of suits, on card indices (0-51).

    Chain games: ``beats[ahead * 52 + card]`` is 1 where ``card`` takes the lead.
    Priority games: ``lead_rank[led]`` and ``rank[led * 52 + card]`` give each card's place
    in the winner order; the earliest highest card wins.
    """

    __slots__ = ("chain", "beats", "rank", "lead_rank")

    def __init__(self, rules: Ruleset, suits: tuple[str, ...]) -> None:
        roles = rules.roles(suits)
        self.chain = isinstance(rules, ChainRuleset)
        beats = bytearray(52 * 52)
        self.rank = [0] * (52 * 52)
        self.lead_rank = [0] * 52
        if isinstance(rules, ChainRuleset):
            for x, rx in roles.items():
                for c, rc in roles.items():
                    if c is not x and rules.beats(rc, rx, rx):
                        beats[x.index * 52 + c.index] = 1
        else:
            assert isinstance(rules, PriorityRuleset)
            for led, rl in roles.items():
                self.lead_rank[led.index] = rules.rank_in_trick(rl, 0, rl, [rl])
                for c, rc in roles.items():
                    self.rank[led.index * 52 + c.index] = rules.rank_in_trick(rc, 1, rl, [rl, rc])
        self.beats = bytes(beats)

    def winner(self, trick: Sequence[int]) -> int:
        """Index of the winning card in a trick of card indices."""
        return self.winner_of([ALL_CARDS[i] for i in trick])

    def winner_of(self, trick: Sequence[Card]) -> int:
        """Index of the winning card in a trick of cards."""
        w = 0
        if self.chain:
            beats = self.beats
            ahead = trick[0].index
            for i in range(1, len(trick)):
                c = trick[i].index
                if beats[ahead * 52 + c]:
                    ahead = c
                    w = i
            return w
        led = trick[0].index
        base = led * 52
        rank = self.rank
        best = self.lead_rank[led]
        for i in range(1, len(trick)):
            r = rank[base + trick[i].index]
            if r > best:
                best = r
                w = i
        return w

    def winners(self, tricks: Iterable[Sequence[int]]) -> list[int]:
        """Winners of many tricks at once: :meth:`winner`'s loop over every trick, without a
        call per trick (benchmarks/bench_tricks.py; a test checks the two agree)."""
        out: list[int] = []
        append = out.append
        if self.chain:
            beats = self.beats
            for trick in tricks:
                ahead = trick[0]
                w = 0
                for i in range(1, len(trick)):
                    c = trick[i]
                    if beats[ahead * 52 + c]:
                        ahead = c
                        w = i
                append(w)
            return out
        rank, lead_rank = self.rank, self.lead_rank
        for trick in tricks:
            led = trick[0]
            base = led * 52
            best = lead_rank[led]
            w = 0
            for i in range(1, len(trick)):
                r = rank[base + trick[i]]
                if r > best:
                    best = r
                    w = i
            append(w)
        return out


def fast_table(game: str | Ruleset, chosen: str | Iterable[str]) -> FastTable | None:
    """The precomputed table for a game and chosen suits, or None where options need the
    slow path (a ties rule other than 'first', or a rank that depends on the whole trick)."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    if rules.options.get("ties", "first") != "first" or getattr(
        rules, "rank_depends_on_trick", False
    ):
        return None
    key = tuple(sorted(suits))
    tables = rules.fast_tables
    table = tables.get(key)
    if not isinstance(table, FastTable):  # not worked out yet for these chosen suits
        table = tables[key] = FastTable(rules, suits)
    return table


# -- the one "takes" relation ---------------------------------------------------------------


class Takes:
    """Does a card, played next, take the lead? For one rule set and one choice of suits,
    on checked cards (:func:`takes_relation` makes and caches it; :func:`takes` checks its
    input first).

    A trick in progress is a sequence of cards, lead first; a single led card is a trick
    of one. The answer is the rule set's own (``ahead_sequence`` of the trick with the card
    added: seed 000, 'The Play', for the chain games), read from the precomputed
    :class:`FastTable` where the options allow one. In the chain games a card takes the
    lead when it beats the card ahead as if that card had been led, so ``beats`` (the fast
    table's ``beats[ahead * 52 + card]``, or None) answers for any trick once the card
    ahead is known.
    """

    __slots__ = ("rules", "chosen", "fast", "beats")

    def __init__(self, rules: Ruleset, chosen: tuple[str, ...]) -> None:
        self.rules = rules
        self.chosen = chosen
        self.fast = fast_table(rules, chosen)
        self.beats = self.fast.beats if self.fast is not None and self.fast.chain else None

    def ahead(self, trick: Sequence[Card]) -> int:
        """The position of the card ahead in a trick in progress."""
        if self.fast is not None:
            return self.fast.winner_of(trick)
        return self.rules.ahead_sequence(list(trick), self.chosen)[-1]

    def __call__(self, card: Card, trick: Sequence[Card], ahead: int | None = None) -> bool:
        """Would ``card``, played next to ``trick``, take the lead? (``ahead``: the
        position of the card ahead, when the caller knows it.)"""
        if self.beats is not None:
            if ahead is None:
                ahead = self.ahead(trick)
            return bool(self.beats[trick[ahead].index * 52 + card.index])
        return self.ahead([*trick, card]) == len(trick)

    def led(self, card: Card, led: Card) -> bool:
        """Would ``card`` take the lead from ``led``, the card led (the trick of one)?"""
        if self.beats is not None:
            return bool(self.beats[led.index * 52 + card.index])
        return self.ahead([led, card]) == 1

    def takers(self, card: Card, among: Iterable[Card]) -> list[Card]:
        """The cards of ``among`` that would take ``card`` if it were led."""
        return [x for x in among if x is not card and self.led(x, card)]


_TAKES: dict[tuple[object, tuple[str, ...]], Takes] = {}


def takes_relation(game: str | Ruleset, chosen: str | Iterable[str]) -> Takes:
    """The (cached) :class:`Takes` relation of a game and its chosen suits."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    key = (rules.key, tuple(sorted(suits)))
    relation = _TAKES.get(key)
    if relation is None:
        relation = _TAKES[key] = Takes(rules, suits)
    return relation


def takes(game: str | Ruleset, card: str | Card, trick: str | Card | Iterable[str | Card],
          chosen: str | Iterable[str]) -> bool:
    """Does ``card``, played next, take the lead of ``trick`` (a led card, or the cards of a
    trick in progress, lead first)? The input is checked.

    >>> from knlib.games import KNUEFFELN
    >>> takes(KNUEFFELN, "S3", "D4", "HS")  # a chosen Three takes a led plain Four
    True
    >>> takes(KNUEFFELN, "DA", ["D4", "S3"], "HS")  # the Ace of diamonds does not take it
    False
    """
    rules = ruleset(game)
    if isinstance(trick, str):
        trick = trick.replace(",", " ").split()
    elif isinstance(trick, Card):
        trick = [trick]
    cards = rules.check_cards(trick)
    if not cards:
        raise RulesError(tr("takes needs a trick of at least one card (the card led)"))
    return takes_relation(rules, chosen)(rules.check_card(card), cards)
