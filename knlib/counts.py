"""Counts in words, as a person says them: 'no sure winners', 'one card', 'two tricks'.

Every sentence knlib writes for a person writes a count of things through
:func:`count_words` (English) or :func:`german_count` (numbers inside German table talk),
so that no reader sees '0 tricks' or '1 card'. Numbers above ten stay digits.

>>> count_words(0, "sure winner"), count_words(1, "card"), count_words(3, "Ole")
('no sure winners', 'one card', 'three Olen')
>>> number_word(2), number_word(12)
('two', '12')
>>> german_count(2, "Ausspieler"), german_count(1, "Stecher")
('zwei Ausspieler', 'einen Stecher')
"""

from __future__ import annotations

__all__ = ["number_word", "count_words", "plural_of", "german_number", "german_count"]

_ENGLISH = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten")
#: Plurals that are not the word with an 's'.
_PLURAL = {"Ole": "Olen", "Puzer": "Puzer", "Stecher": "Stecher", "Ausspieler": "Ausspieler"}
#: German numbers as the table talk says them, in the accusative of a masculine noun
#: ('hab’ einen Stecher', 'hab’ nur zwei Puzer': seed 000, 'Table Talk').
_GERMAN = ("keine", "einen", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun")


def number_word(n: int) -> str:
    """'one' to 'ten' in words ('no' for nought); larger numbers as digits."""
    return _ENGLISH[n] if 0 <= n < len(_ENGLISH) else str(n)


def plural_of(word: str) -> str:
    """'trick' -> 'tricks', 'Ole' -> 'Olen', 'sure winner' -> 'sure winners'."""
    return _PLURAL.get(word, word + "s")


def count_words(n: int, word: str, plural: str | None = None) -> str:
    """A count in words with the form that agrees: 'no Olen', 'one Ole', 'two tricks'."""
    form = word if n == 1 else (plural or plural_of(word))
    return f"{number_word(n)} {form}"


def german_number(n: int) -> str:
    """A German number word for a masculine noun ('keine', 'einen', 'zwei' ... 'neun');
    digits from ten."""
    return _GERMAN[n] if 0 <= n < len(_GERMAN) else str(n)


def german_count(n: int, noun: str, *, none: str = "keine") -> str:
    """'keine Ausspieler', 'einen Stecher', 'zwei Puzer' (masculine nouns, accusative);
    ``none`` is the word for nought ('keinen Stecher' in the singular)."""
    return f"{none if n == 0 else german_number(n)} {noun}"
