"""The one exception knlib raises for bad input."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["RulesError", "read_citations_with"]

#: How a refusal's citation is put into words when it is read: :mod:`knlib.sources`
#: registers its ``for_reader`` when it is imported (it sits above this module, so this
#: module cannot import it). Until then a citation is shown as the code cites it.
_words: list[Callable[[str], str]] = [str]


def read_citations_with(words: Callable[[str], str]) -> None:
    """Put every refusal's citation into words with ``words`` (a code citation, "seed 000,
    'The Play'", to the words a reader sees) when the refusal is read."""
    _words[0] = words


class RulesError(ValueError):
    """Bad input for the rules: names the offending value and the rule it breaks.

    A ``ValueError``, so callers that already catch ``ValueError`` keep working.
    Whatever raised it has left its state exactly as it was.

    ``source`` is the rule's citation as code writes it (a constant of
    :mod:`knlib.sources`, such as ``S000_DEAL``), kept as a value: ``str()`` gives the
    message followed by the citation in reader's words ("McLeod after Eaton (2021), “The
    Deal and Exchange”"), in the language in force when it is read. ``message`` is the
    message alone; ``args`` holds it too, so a copy or a pickle keeps both.

    A refusal that names a seat keeps what it refused as values too (made by
    :func:`knlib.engine.explain.refused`): ``rule``, the sentence as marked for the
    catalogue, with a placeholder for each seat it names and each of its ``values`` (the
    other words, such as the action and the cards); ``seats``, the seat of each
    placeholder as a number; ``seat``, the first of them (the player refused, or to act).
    The message names each seat as the engine does ("South (seat 0)"); a face puts the
    seats in its own words with :meth:`worded` and adds the citation with :meth:`cited`.
    """

    def __init__(self, *args: object, source: str | None = None, rule: str | None = None,
                 seats: dict[str, int] | None = None,
                 values: dict[str, object] | None = None) -> None:
        super().__init__(*args)
        self.source = source or None
        self.rule = rule
        self.seats: dict[str, int] = dict(seats or {})
        self.values: dict[str, object] = dict(values or {})

    @property
    def message(self) -> str:
        """The message without its citation."""
        return str(self.args[0]) if self.args else ""

    @property
    def seat(self) -> int | None:
        """The seat the refusal names first (the player refused or to act); None if it
        names none."""
        return next(iter(self.seats.values()), None)

    def worded(self, words: Callable[..., str], seat_words: Callable[[int], str]) -> str:
        """The message without its citation, each seat named by ``seat_words`` (a seat's
        number to its words), the sentence read by ``words`` (a face's ``tr``); the message
        as it is when the refusal names no seat."""
        if self.rule is None:
            return self.message
        return words(self.rule, **self.values,
                     **{key: seat_words(seat) for key, seat in self.seats.items()})

    def cited(self, message: str) -> str:
        """``message`` (this refusal's, in a face's words) followed by the citation in
        reader's words, as ``str()`` gives it."""
        if self.source is None:
            return message
        try:
            words = _words[0](self.source)
        except RulesError:  # no language to read it in (a bad KNLIB_LANG): the message alone
            return message
        return f"{message} ({words})"

    def __str__(self) -> str:
        if self.source is None:
            return super().__str__()
        return self.cited(self.message)
