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

from collections.abc import Iterable, Sequence

from .errors import RulesError
from .i18n import current_language, marked, tr

__all__ = ["number_word", "count_word", "count_words", "plural_of", "german_number", "german_count",
           "number_text", "either_text", "digit_count", "shown", "seat_number",
           "not_a_seat", "semicolon_list"]

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


#: The numbers two to ten in words, marked for the catalogue (:func:`number_text`).
_NUMBERS = (marked("two"), marked("three"), marked("four"), marked("five"), marked("six"),
            marked("seven"), marked("eight"), marked("nine"), marked("ten"))


def number_text(n: int) -> str:
    """A count of two or more in words in the current language ('two', German 'zwei'),
    above ten in digits; in English the same as :func:`number_word`. (A sentence with
    one or none is a sentence of its own.)"""
    if 2 <= n <= 10:
        return tr(_NUMBERS[n - 2])
    return number_word(n) if current_language() == "en" else str(n)


def plural_of(word: str) -> str:
    """'trick' -> 'tricks', 'Ole' -> 'Olen', 'sure winner' -> 'sure winners'."""
    return _PLURAL.get(word, word + "s")


#: German numbers before a plural noun ('keine Wendungen', 'zwei Gruppen'); the singular
#: form of a German message carries its own article ('eine Wendung').
_GERMAN_BEFORE_PLURAL = ("keine", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben",
                         "acht", "neun", "zehn")


def count_word(n: int) -> str:
    """A count as a word in the current language ('no', 'one', 'two' ... 'ten'; 'keine',
    'ein', 'zwei' ... 'zehn'; numbers above ten as digits), for sentences that go through
    the catalogue: ``ntr("{count} phrase", "{count} phrases", n, count=count_word(n))``."""
    if current_language() == "de":
        return (_GERMAN_BEFORE_PLURAL[n] if 0 <= n < len(_GERMAN_BEFORE_PLURAL)
                else str(n))
    return number_word(n)


def count_words(n: int, word: str, plural: str | None = None) -> str:
    """A count in words with the form that agrees: 'no Olen', 'one Ole', 'two tricks'."""
    form = word if n == 1 else (plural or plural_of(word))
    return f"{number_word(n)} {form}"


def semicolon_list(texts: Iterable[str]) -> str:
    """Texts joined by semicolons, but with a space only after a question or an exclamation
    mark, which ends a text by itself: 'Die Olen; Wer spielt aus? Das Blatt'.

    >>> semicolon_list(["Die Olen", "Wer spielt aus?", "Das Blatt"])
    'Die Olen; Wer spielt aus? Das Blatt'
    """
    out = ""
    for text in texts:
        out += ("" if not out else " " if out[-1] in "?!" else "; ") + text
    return out


def german_number(n: int) -> str:
    """A German number word for a masculine noun ('keine', 'einen', 'zwei' ... 'neun');
    digits from ten."""
    return _GERMAN[n] if 0 <= n < len(_GERMAN) else str(n)


def german_count(n: int, noun: str, *, none: str = "keine") -> str:
    """'keine Ausspieler', 'einen Stecher', 'zwei Puzer' (masculine nouns, accusative);
    ``none`` is the word for nought ('keinen Stecher' in the singular)."""
    return f"{none if n == 0 else german_number(n)} {noun}"


def either_text(items: Sequence[object]) -> str:
    """Choices joined with 'or' in the current language: English '4 or 5', '2 or 4 or 6';
    German '4 oder 5', '2, 4 oder 6'."""
    texts = [str(x) for x in items]
    if len(texts) < 2 or current_language() == "en":
        return " or ".join(texts)
    return tr("{first} or {second}", first=", ".join(texts[:-1]), second=texts[-1])


def digit_count(number: int) -> int:
    """How many digits ``number`` has, without writing it out (Python refuses to write a
    number of more than 4,300 digits as text)."""
    n = abs(number)
    d = max(1, int(n.bit_length() * 0.30103))
    while 10 ** d <= n:
        d += 1
    while d > 1 and 10 ** (d - 1) > n:
        d -= 1
    return d


def shown(value: object, most: int = 80) -> str:
    """A value as a refusal names it: its ``repr``, cut short; a whole number of more than
    40 digits by its number of digits (Python will not write one of over 4,300 digits at
    all), and a value whose ``repr`` fails (a list holding such a number) by its type.

    >>> shown(10**5000)
    'a number of 5001 digits'
    >>> shown([10**5000])
    '<list>'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 40:
        return tr("a number of {digits} digits", digits=digit_count(value))
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - any failing repr: the value is named by its type
        return f"<{type(value).__name__}>"
    return text if len(text) <= most else text[:most - 1] + "…"


def seat_number(seat: object, players: int) -> int:
    """``seat`` as a seat of a table of ``players``, 0 to ``players - 1``; anything else
    (None, True, "1", a seat past the last) is a RulesError naming it."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise not_a_seat(seat, players)
    return seat


def not_a_seat(seat: object, players: int) -> RulesError:
    """The refusal of ``seat``, which is no seat of a table of ``players``."""
    return RulesError(tr("seat {seat} is not a seat: seats are 0 to {last}",
                         seat=shown(seat), last=players - 1))
