"""The game of one deal: everything fixed once the cards are dealt.

A :class:`Game` holds the rule set, the deal procedure, the stakes, the players and the
dealer, the pack order and what the deal made of it (hands, turn-ups, chosen suits,
stock), the seat names, the trick engine's table and the seatings. It never changes, so
every :class:`~knlib.engine.state.State` of the deal, and every copy of one, shares it
(OpenSpiel's split; a deal starts from its game with ``State.from_game(game)``).

:func:`new_game` shuffles (seeded), cuts and deals by the procedure, dealing again after
a thrown-in deal, as :func:`knlib.new_deal` does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card
from ..compiled import mypyc_attr
from ..counts import either_text, shown
from ..errors import RulesError
from ..games import Ruleset, ruleset
from ..games.procedure import Procedure
from ..games.stakes import Stakes
from ..i18n import tr
from ..rules.dealing import (
    FIRST_TRICK_BANNED_RANK,
    Layout,
    check_dealer,
    check_names,
    check_seed,
    lay_out,
    seeded,
    shuffled,
)
from ..rules.tricks import FastTable, fast_table
from ..seats import Seating, seating

__all__ = ["Game", "new_game", "check_players", "check_deck"]


def check_players(rules: Ruleset, players: object) -> int:
    """The number of players, checked against the game's procedure."""
    proc = rules.procedure
    if players is None:
        return proc.players[0]
    if isinstance(players, bool) or not isinstance(players, int) or players not in proc.players:
        allowed = either_text(proc.players)
        raise RulesError(tr("{players} players cannot play {game}: it is for {allowed}",
                            players=shown(players), game=rules.title, allowed=allowed),
                         source=proc.players_source)
    return players


def check_deck(rules: Ruleset, deck: Iterable[str | Card]) -> list[Card]:
    """A whole pack order of the game's pack (top first)."""
    cards = rules.check_cards(deck)
    if len(cards) != len(rules.pack):
        raise RulesError(tr("a pack order must hold all {n} cards of the {game} pack, got "
                            "{got}", n=len(rules.pack), game=rules.title, got=len(cards)),
                         source=rules.pack_source)
    return cards


_STAGES: dict[tuple[str, bool], tuple[str, ...]] = {}


def _stages(proc: Procedure, five: bool) -> tuple[str, ...]:
    """The setup stages of a deal, in order: the five-player dealer's choice, the low-card
    exchanges (Tens, dogs, Banners), the Olen from the bottom of the stock, the Olen on the
    table (DEAL_QUESTIONS 'exchange_order', 'five_dealer_when')."""
    hit = _STAGES.get((proc.game, five))
    if hit is not None:
        return hit
    stages = []
    if five:
        stages.append("dealer")
    if proc.low_rank:
        stages.append("low")
    if proc.bottom_olen and not five:
        # No bottom-of-stock exchange in the five-player game (seed 000, 'Five-Player').
        stages.append("bottom")
    if proc.table_olen:
        stages.append("table")
    _STAGES[(proc.game, five)] = out = tuple(stages)
    return out


def _table_for(rules: Ruleset, chosen: tuple[str, ...]) -> FastTable | None:
    """The trick engine's precomputed table (cached on the rule set by fast_table)."""
    table = rules.fast_tables.get(tuple(sorted(chosen)))
    return table if table is not None else fast_table(rules, chosen)  # type: ignore[return-value]


_BANS: dict[tuple[str, ...], frozenset[Card]] = {}
#: The rule set of each game with its default options (``ruleset(id)``, looked up once).
_PLAIN: dict[str, Ruleset] = {}
_new = object.__new__


def _sevens(chosen: tuple[str, ...]) -> frozenset[Card]:
    hit = _BANS.get(chosen)
    if hit is None:
        hit = _BANS[chosen] = frozenset(Card.of(s, FIRST_TRICK_BANNED_RANK) for s in chosen)
    return hit


class _Table:
    """What a game (whatever its options), a number of players and a dealer fix for every
    deal they play."""

    __slots__ = ("proc", "stakes", "names", "german", "five", "stages", "seating",
                 "plain_follow", "face_up")

    def __init__(self, rules: Ruleset, players: int, dealer: int) -> None:
        proc = self.proc = rules.procedure
        self.stakes = rules.stakes
        self.names = check_names(None, players)
        self.german = rules.german
        self.five = five = proc.dealer_sits_out(players)
        self.stages = _stages(proc, five)
        self.seating = seating(players, dealer, "five" if five else "teams")
        self.plain_follow = proc.first_trick is None and not proc.directors
        self.face_up = proc.chosen_by == "face_up"


_TABLES: dict[tuple[str, int, int], _Table] = {}


def _table(rules: Ruleset, players: int, dealer: int) -> _Table:
    key = (rules.id, players, dealer)
    hit = _TABLES.get(key)
    if hit is None:
        hit = _TABLES[key] = _Table(rules, players, dealer)
    return hit


_FIELDS = (
    "rules", "proc", "stakes", "players", "dealer", "deck", "seed", "cut", "redeals",
    "names", "chosen", "turned", "turn_ups", "returned", "table_olen", "hands", "stock",
    "table", "turn_ups_left", "fast", "german", "ban", "ban_all", "plain_follow", "five",
    "stages", "seating", "drehen", "directors", "turn_in_march",
)


@mypyc_attr(native_class=False)  # made through object.__new__, then sealed
class _Unsealed:
    """A Game while it is being filled in: the same fields, which may still be set."""

    __slots__ = _FIELDS


# -- SPEED SHORTCUT: the one place where a Game is sealed ----------------------------------------
# A Game is filled in as an _Unsealed (the same slots, settable) and sealed by a change of
# class, cheaper than a frozen dataclass's setattr for each of its 30 fields. Game.__new__
# and _rebuild (pickle, copy) make every Game through these two functions.

def _unsealed() -> Any:
    """A blank Game to fill in."""
    return _new(_Unsealed)


def _seal(blank: Any, cls: type[Game]) -> Game:
    """``blank``, filled in, sealed as a ``cls``: from now on it cannot change."""
    blank.__class__ = cls
    return blank


@mypyc_attr(native_class=False)  # sealed by a change of class (Game.__new__)
class Game:
    """One deal's fixed facts, shared by all its states. Build it with :func:`new_game`
    (or through :func:`knlib.new_deal`); ``State.from_game(game)`` starts the deal."""

    __slots__ = _FIELDS

    rules: Ruleset
    proc: Procedure
    stakes: Stakes
    players: int
    dealer: int
    deck: tuple[Card, ...]
    seed: Any
    cut: int
    redeals: tuple[tuple[Card, ...], ...]
    names: tuple[str, ...]
    chosen: tuple[str, ...]
    turned: tuple[Card, ...]
    turn_ups: tuple[Card, ...]
    returned: tuple[Card, ...]
    table_olen: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    table: tuple[Card, ...]
    turn_ups_left: tuple[Card, ...]
    fast: FastTable | None
    german: bool
    ban: frozenset[Card] | None
    ban_all: bool
    plain_follow: bool
    five: bool
    stages: tuple[str, ...]
    seating: Seating
    drehen: str | None
    directors: bool
    turn_in_march: bool

    def __new__(cls, rules: Ruleset, players: int, dealer: int, deck: Sequence[Card], *,
                seed: Any = None, cut: int = 0, redeals: Iterable[Iterable[Card]] = (),
                names: Sequence[str] | None = None, layout: Layout | None = None) -> Game:
        table = _table(rules, players, dealer)
        proc = table.proc
        deck = tuple(deck)
        layout = layout or lay_out(proc, list(deck), players, dealer)
        if layout.chosen is None:
            raise RulesError(tr("this pack order gives a redeal ({redeal}), not a deal",
                                redeal=layout.redeal), source=proc.chosen_source)
        # Filled in as an _Unsealed, then sealed: a Game is never changed (every state of
        # the deal, and every copy, shares it). Cheaper than a frozen dataclass's setattr.
        self: Any = _unsealed()
        self.rules, self.proc, self.stakes = rules, proc, table.stakes
        self.players, self.dealer, self.deck = players, dealer, deck
        self.seed, self.cut = seed, cut
        #: The turn-ups of each deal thrown in before this one.
        self.redeals = tuple(tuple(r) for r in redeals) if redeals else ()
        self.names = table.names if names is None else check_names(names, players)
        self.chosen = chosen = layout.chosen
        self.turned = tuple(layout.turned)
        self.turn_ups = turn_ups = tuple(layout.turn_ups)
        self.returned = tuple(layout.returned)
        self.table_olen = table_olen = tuple(layout.table_olen)
        # The hands and the stock as dealt, before any exchange.
        self.hands = tuple(map(tuple, layout.hands))
        self.stock = tuple(layout.stock)
        # Face up on the table at the start (turn-ups, the cutter's Olen), and the turn-ups.
        if table.face_up:
            self.table = self.turn_ups_left = ()
        else:
            self.table, self.turn_ups_left = turn_ups + table_olen, turn_ups
        self.fast = _table_for(rules, chosen)
        self.german = table.german
        self.ban = _sevens(chosen) if proc.first_trick else None
        self.ban_all = proc.first_trick == "no_seven"
        # Any card of the hand may be played to a trick already led, at every trick.
        self.plain_follow = table.plain_follow
        self.five = table.five
        self.stages = table.stages
        # The seating before any choice: two teams, or the five-player table's receivers.
        self.seating = table.seating
        self.drehen = proc.drehen
        self.directors = proc.directors
        # May a side playing for the march lead face down? (option 'drehen_in_march')
        self.turn_in_march = rules.options.get("drehen_in_march", "forbidden") == "legal"
        return _seal(self, cls)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Game is immutable: {name} cannot be set")

    def __reduce__(self) -> tuple[Any, ...]:
        # The trick engine's table is not stored but looked up again (a compiled table
        # cannot be pickled; it is the same table).
        return (_rebuild, (self.__class__, tuple(None if n == "fast" else getattr(self, n)
                                                 for n in _FIELDS)))

    @property
    def id(self) -> str:
        """The game's name, e.g. 'knueffeln'."""
        return self.rules.id

    def sym(self, card: Card) -> str:
        """A card as the game shows it: '♥2', or '♠O' in the German-suited games."""
        return card.german_symbol if self.german else card.symbol

    def __repr__(self) -> str:
        return (f"<Game {self.rules.id!r} players={self.players} dealer={self.dealer} "
                f"chosen={''.join(self.chosen)!r}>")


def _rebuild(cls: type[Game], values: tuple[Any, ...]) -> Game:
    """A Game from its fields (pickle, copy)."""
    self: Any = _unsealed()
    for name, value in zip(_FIELDS, values, strict=True):
        setattr(self, name, value)
    self.fast = _table_for(self.rules, self.chosen)
    return _seal(self, cls)


def new_game(game: str | Ruleset, *, seed: Any = None, players: object = None,
             dealer: object = 0, deck: Iterable[str | Card] | None = None,
             names: Sequence[str] | None = None, **options: str) -> Game:
    """Shuffle (seeded), cut and deal by the game's procedure; the same seed gives the same
    deal. ``deck`` deals a given pack order instead (top first; no shuffle or cut).

    Four turn-ups of one suit (Karniffel: running out of cards) mean the same dealer deals
    again (seed 000, 'The Deal and Exchange'); the thrown-in turn-ups are kept in
    ``redeals``. Keyword options go to :func:`knlib.ruleset`."""
    rules = _PLAIN.get(game) if not options and game.__class__ is str else None
    if rules is None:
        rules = ruleset(game, **options) if options or not isinstance(game, Ruleset) else game
        if not options and game.__class__ is str:
            _PLAIN[game] = rules
    n = check_players(rules, players)
    seat = check_dealer(dealer, n)
    if seed.__class__ is not int:
        seed = check_seed(seed)
    if names is not None:
        names = check_names(names, n)
    if deck is not None:
        return Game(rules, n, seat, check_deck(rules, deck), seed=seed, names=names)
    proc = rules.procedure
    rng = seeded(seed)
    redeals: list[list[Card]] = []
    while True:
        cards, cut = shuffled(rules.pack, rng, proc.cut)
        layout = lay_out(proc, cards, n, seat)
        if layout.chosen is not None:
            break
        redeals.append(layout.turned)
        if len(redeals) > 1000:  # pragma: no cover - probability nil
            raise RulesError(tr("a thousand redeals in a row"))
    return Game(rules, n, seat, cards, seed=seed, cut=cut, redeals=redeals, names=names,
                layout=layout)
