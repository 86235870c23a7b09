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
    """

    def __init__(self, *args: object, source: str | None = None) -> None:
        super().__init__(*args)
        self.source = source or None

    @property
    def message(self) -> str:
        """The message without its citation."""
        return str(self.args[0]) if self.args else ""

    def __str__(self) -> str:
        if self.source is None:
            return super().__str__()
        try:
            words = _words[0](self.source)
        except RulesError:  # no language to read it in (a bad KNLIB_LANG): the message alone
            return self.message
        return f"{self.message} ({words})"
