"""The words of the pictures that are not sentences: the role classes as a table heads
them (:func:`class_text`), the words under a trick's winner (:data:`WINNER_WORDS`) and the
last line of a trick's explanation.

Pure Python (only the standard library and knlib's catalogue), so it also runs under Pyodide.
"""

from __future__ import annotations

from ..games.family import RoleClass
from ..i18n import marked, tr

__all__ = ["class_text", "WINNER_WORDS", "WINNER_LINE", "AHEAD_LINE"]

#: Each role class as a table heads its group (translated where shown).
_CLASS_TEXT = {
    RoleClass.OLE: marked("Ole"), RoleClass.STICKER: marked("sticker"),
    RoleClass.BEAST: marked("beast"), RoleClass.BEATER: marked("beater"),
    RoleClass.SEVEN: marked("Seven"), RoleClass.FREE_CARD: marked("free card"),
    RoleClass.NO_POWER: marked("no power"), RoleClass.UNCHOSEN_ACE: marked("unchosen Ace"),
    RoleClass.UNCHOSEN_COURT: marked("unchosen court"),
    RoleClass.UNCHOSEN_CARD: marked("unchosen card"), RoleClass.DUD: marked("dud"),
    RoleClass.LAMB: marked("lamb"), RoleClass.LEADER: marked("leader"),
    RoleClass.DEVIL: marked("Devil"), RoleClass.STECHER: marked("stecher"),
    RoleClass.CHOSEN_CARD: marked("chosen card"), RoleClass.COURT: marked("court"),
    RoleClass.PLAIN: marked("plain"),
}
#: The words under a trick's winner that this module translates (a caller's own words are
#: shown as given).
WINNER_WORDS = (marked("wins"), marked("ahead"))
#: The last line of a trick's "why?": the card that won, or (a trick in play) that is ahead.
WINNER_LINE = marked("Winner: {pos} card, {sym}.")
AHEAD_LINE = marked("Ahead: {pos} card, {sym}.")


def class_text(klass: str) -> str:
    """A role class as people read it, in the current language ('beater', German
    'Steker'); the class itself (``Role.klass``) stays the key of tables and JSON."""
    text = _CLASS_TEXT.get(klass)  # type: ignore[call-overload]
    return tr(text) if text else str(klass)
