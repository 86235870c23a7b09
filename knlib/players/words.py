"""Counts said in words in the current language, for sentences that go through the
catalogue: ``ntr("{count} phrase", "{count} phrases", n, count=count_word(n))`` gives
'three phrases' in English and 'drei Wendungen' in German.
"""

from __future__ import annotations

from ..counts import number_word
from ..i18n import current_language, marked, tr

__all__ = ["count_word", "game_word"]

#: German numbers before a plural noun ('keine Wendungen', 'zwei Gruppen'); the singular
#: form of a German message carries its own article ('eine Wendung').
_GERMAN = ("keine", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
           "zehn")


def count_word(n: int) -> str:
    """A count as a word in the current language ('no', 'one', 'two' ... 'ten'; 'keine',
    'ein', 'zwei' ... 'zehn'); numbers above ten as digits."""
    if current_language() == "de":
        return _GERMAN[n] if 0 <= n < len(_GERMAN) else str(n)
    return number_word(n)


#: The games' own words for the march, translated where shown (the Jann and vol stay).
_GAME_WORDS = {"march": marked("march"), "all nine": marked("all nine")}


def game_word(word: str) -> str:
    """A game's word for the Jann or the march (``deal.proc.jann_word``,
    ``march_word``) in the current language: 'march' is 'Durchmarsch' in German."""
    return tr(_GAME_WORDS[word]) if word in _GAME_WORDS else word
