"""What a hand holds, in the words of the table talk: Olen, high beaters, Puzer, leaders,
handy leads and duds (:func:`describe_hand`, :class:`HandSummary`).

Words used (seed 000, 'The Cards and their Ranking' and 'Communication'): see
:mod:`knlib.players.talk`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

from ...cards import Card
from ...errors import RulesError
from ...games import KNUEFFELN, RULESETS, ChainRuleset, Role, Ruleset, ruleset
from ...games.family import RoleClass
from ...i18n import marked, tr
from ...rules.tricks import takes_relation
from ...sources import S000_TALK

__all__ = ["TALK_GAMES", "HandSummary", "CATEGORIES", "describe_hand", "categorize",
           "checked_hand", "summary_of"]

#: The games whose table talk the phrasebook describes (:attr:`Ruleset.table_talk`).
TALK_GAMES: tuple[str, ...] = tuple(g for g, game in RULESETS.items() if game.table_talk)

# Categories of describe_hand, strongest first (keys; translated where shown).
OLE = marked("Ole")
HIGH = marked("high beater")
PUZER = marked("Puzer")
LEADER = marked("Ausspieler")
HANDY = marked("handy lead")
DUD = marked("dud")
#: The categories of :func:`describe_hand`, strongest first.
CATEGORIES: tuple[str, ...] = (OLE, HIGH, PUZER, LEADER, HANDY, DUD)


def categorize(role: Role) -> str:
    """The category of one card's role (a Knüffeln rule set): 'Ole', 'high beater', ...

    Olen are ``role.klass == RoleClass.OLE``; chosen beaters have klass ``'beater'`` and are
    high (A, J, 6) or Puzer (2, 3, 4); chosen Sevens, free cards and unchosen Aces are
    leaders; chosen Kings and Queens and unchosen Kings, Queens and Jacks are handy
    leads (seed 000: "useful to lead", "handy to lead"); the rest are duds.
    """
    klass, rank = role.klass, role.card.rank
    if klass == RoleClass.OLE:
        return OLE
    if klass == RoleClass.BEATER:
        return HIGH if rank in (14, 11, 6) else PUZER
    if klass in (RoleClass.SEVEN, RoleClass.FREE_CARD, RoleClass.UNCHOSEN_ACE):
        return LEADER
    if rank in (11, 12, 13) and klass in (RoleClass.UNCHOSEN_COURT, RoleClass.UNCHOSEN_CARD,
                                          RoleClass.NO_POWER):
        # A chosen Jack is always a beater, so only unchosen Jacks reach this line.
        return HANDY
    return DUD


@dataclass(frozen=True)
class HandSummary:
    """A hand sorted into the categories the table talk speaks of.

    Each field holds the cards of one category, in the order of the hand.
    """

    game: str
    chosen: tuple[str, ...]
    cards: tuple[Card, ...]
    olen: tuple[Card, ...]
    high_beaters: tuple[Card, ...]
    puzer: tuple[Card, ...]
    leaders: tuple[Card, ...]
    handy: tuple[Card, ...]
    duds: tuple[Card, ...]
    #: Cards that no card outside the hand can take when they are led.
    sure_winners: tuple[Card, ...]

    @property
    def beaters(self) -> tuple[Card, ...]:
        """High beaters and Puzer together (the chosen beaters, Olen not included)."""
        return self.high_beaters + self.puzer

    @property
    def decent(self) -> tuple[Card, ...]:
        """Olen, beaters and leaders: the cards that can take a trick by their own power."""
        return self.olen + self.high_beaters + self.puzer + self.leaders

    def by_category(self) -> dict[str, tuple[Card, ...]]:
        """Category name -> cards, strongest category first."""
        return {OLE: self.olen, HIGH: self.high_beaters, PUZER: self.puzer,
                LEADER: self.leaders, HANDY: self.handy, DUD: self.duds}

    def counts(self) -> dict[str, int]:
        """Category name -> number of cards."""
        return {k: len(v) for k, v in self.by_category().items()}

    def __str__(self) -> str:
        parts = [f"{tr(k)}: {' '.join(c.symbol for c in v)}"
                 for k, v in self.by_category().items() if v]
        return "; ".join(parts) or tr("empty hand")

    def _repr_html_(self) -> str:
        e = html.escape
        rows = "".join(
            f"<tr><th scope='row' style='text-align:left'>{e(tr(k))}</th>"
            f"<td>{len(v)}</td><td>{e(' '.join(c.symbol for c in v))}</td></tr>"
            for k, v in self.by_category().items()
        )
        chosen = tr("{first} and {second}", first=self.chosen[0], second=self.chosen[1]) if (
            len(self.chosen) == 2) else " and ".join(self.chosen)
        caption = tr("Hand, chosen suits {chosen}", chosen=chosen)
        heads = "".join(f"<th>{e(h)}</th>" for h in (tr("category"), tr("count"), tr("cards")))
        return (f"<table class='knlib-hand-summary'><caption>{e(caption)}</caption>"
                f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>")


def _rules(game: str | Ruleset) -> ChainRuleset:
    rules = ruleset(game)
    if not rules.table_talk or not isinstance(rules, ChainRuleset):
        raise RulesError(tr(
            "{game} has no recorded table talk: the phrasebook belongs to Knüffeln; use one "
            "of {games}", game=repr(rules.id), games=", ".join(TALK_GAMES)), source=S000_TALK)
    return rules


def checked_hand(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
             game: str | Ruleset) -> tuple[ChainRuleset, tuple[Card, ...], tuple[str, ...]]:
    """A hand, its chosen suits and its game, checked: the rule set, the cards, the suits."""
    rules = _rules(game)
    suits = rules.check_chosen(chosen)
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    try:
        cards = tuple(rules.check_cards(hand))
    except TypeError:
        raise RulesError(tr("{value} is not a hand: give a list of cards like ['H2', 'SA']",
                            value=repr(hand))) from None
    return rules, cards, suits


def _sure_winners(rules: ChainRuleset, cards: tuple[Card, ...],
                  suits: tuple[str, ...]) -> tuple[Card, ...]:
    takes = takes_relation(rules, suits)
    held = set(cards)
    outside = [x for x in rules.pack if x not in held]
    return tuple(c for c in cards if not any(takes.led(x, c) for x in outside))


def summary_of(rules: ChainRuleset, cards: tuple[Card, ...], suits: tuple[str, ...]) -> HandSummary:
    """The :class:`HandSummary` of checked cards (:func:`checked_hand`)."""
    roles = rules.roles(suits)
    groups: dict[str, list[Card]] = {k: [] for k in CATEGORIES}
    for c in cards:
        groups[categorize(roles[c])].append(c)
    return HandSummary(
        game=rules.id, chosen=suits, cards=cards,
        olen=tuple(groups[OLE]), high_beaters=tuple(groups[HIGH]), puzer=tuple(groups[PUZER]),
        leaders=tuple(groups[LEADER]), handy=tuple(groups[HANDY]), duds=tuple(groups[DUD]),
        sure_winners=_sure_winners(rules, cards, suits),
    )


def describe_hand(hand: str | Iterable[str | Card], chosen: str | Iterable[str],
                  game: str | Ruleset = KNUEFFELN) -> HandSummary:
    """Sort a hand into Olen, high beaters, Puzer, leaders, handy leads and duds.

    >>> s = describe_hand(["H2", "S2", "SA", "D7"], "HS")
    >>> [len(s.olen), len(s.puzer), len(s.high_beaters), len(s.duds)]
    [1, 1, 1, 1]

    (With hearts chosen the ♥2 stays an Ole, so hearts has no Twist; the ♦7 is an
    unchosen Seven, a dud.)
    """
    rules, cards, suits = checked_hand(hand, chosen, game)
    return summary_of(rules, cards, suits)
