"""The games' own words for the Jann and the march, in the current language."""

from __future__ import annotations

from ..i18n import marked, tr

__all__ = ["game_word"]

#: The games' own words for the march, translated where shown (the Jann and vol stay).
_GAME_WORDS = {"march": marked("march"), "all nine": marked("all nine")}


def game_word(word: str) -> str:
    """A game's word for the Jann or the march (``deal.rules.procedure.jann_word``,
    ``march_word``) in the current language: 'march' is 'Durchmarsch' in German."""
    return tr(_GAME_WORDS[word]) if word in _GAME_WORDS else word
