"""A game's deal procedure: :class:`Procedure`, one per game in its module.

A :class:`Procedure` holds, for one game, everything a deal needs beyond the trick
rules: how many may play, whether the pack is cut, the packets, how the chosen
suits are found, which exchanges exist, whether cards may be led face down
(*drehen*), how many tricks win and whether a Jann and march exist. Every field
cites its source. :mod:`knlib.rules.dealing` deals by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..compiled import by_fields
from ..sources import S000_PLAY

__all__ = ["Procedure"]


@dataclass(frozen=True)
class Procedure:
    """The deal procedure of one game; each rule with its source."""

    game: str
    #: Allowed numbers of players, the default first.
    players: tuple[int, ...]
    players_source: str
    #: Whether the player on the dealer's right cuts after the shuffle.
    cut: bool
    cut_source: str
    #: Cards given to each player per round of dealing, e.g. (3, 3, 3).
    packets: tuple[int, ...]
    deal_source: str
    #: "turn_ups" (turn cards after the deal until two suits show) or "face_up"
    #: (the first card dealt to each player is face up; the lowest gives the suit).
    chosen_by: str
    chosen_source: str
    #: With this many turn-ups of one suit the same dealer deals again; None = no limit.
    max_same_suit: int | None = None
    #: Bernhard: of several same-suit turn-ups the highest stays up, the rest go back.
    keep_highest: bool = False
    #: The chosen card exchanged for its suit's turn-up: Ten (10), dog (5) or Banner (10).
    low_rank: int | None = None
    low_word: str = "Ten"
    low_source: str = ""
    #: Today: Olen at the bottom of the stock for Queens (Kings if she sleeps).
    bottom_olen: bool = False
    bottom_source: str = ""
    #: 1924, 1938: the cutter's bottom three cards; Olen among them go face up on the table.
    table_olen: bool = False
    table_source: str = ""
    #: Only a chosen Queen (King) may take an Ole (Bernhard, seed 001).
    ole_queen_chosen: bool = False
    #: The King inherits the Queen's right to an Ole only while she sleeps *in the stock*
    #: (seed 001, 'Exchanging': "'sleeping' (i.e. in the stock)"), not while she lies face
    #: up on the table. False: the rule set's option 'sleeping_queen' decides.
    queen_sleeps_in_stock: bool = False
    #: None, "any" (on any lead) or "bernhard" (after 2 tricks won, again after 4).
    drehen: str | None = None
    drehen_source: str = ""
    #: Tricks a side needs to win the deal.
    target: int = 5
    target_source: str = ""
    #: Whether a side that wins the first `target` tricks may stop (Jann, vol) or play on.
    jann: bool = False
    jann_source: str = ""
    jann_word: str = "Jann"
    march_word: str = "march"
    #: First-trick rule: None, "no_seven_lead" (a chosen Seven may not be led) or
    #: "no_seven" (the chosen Seven may not be played at all).
    first_trick: str | None = None
    first_trick_source: str = ""
    #: Karniffel: each team's director may concede.
    directors: bool = False
    directors_source: str = ""
    #: Stýrivolt: crosses for a vol or all nine made by one partner alone.
    lone_crosses: bool = False
    #: Where the source says each player in turn, clockwise, plays a card of their choice.
    play_source: str = S000_PLAY
    #: At this many players the dealer is dealt no cards and chooses to play alone against
    #: the others or to sit out (five-player Knüffeln); None: never.
    dealer_sits_out_at: int | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)  # (compiled, it cannot be unpickled field by field)

    @property
    def hand_size(self) -> int:
        return sum(self.packets)

    def dealer_sits_out(self, players: int) -> bool:
        """Whether the dealer sits out a deal at this many players and chooses to play
        alone or not (seed 000, 'Five-Player Knüffeln')."""
        return players == self.dealer_sits_out_at
