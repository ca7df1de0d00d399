"""The words a person reads, in their language: every text an engine or a guide writes for
people goes through a `Words`, passed in by whoever shows it.

The engines stay pure: they never open a catalog. The server and the client load the
catalogs (gettext, compiled by Babel) of `shared/locale` beside their own and hand the
engines a `Words` for the reader's language; `ENGLISH`, the message ids themselves, is what
every renderer uses when none is given. Placeholders are Python's named ones, `%(name)s`, as
in Flask-Babel's and Jinja's `_()`, and a plural's number is `%(num)d`.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Final

LANGUAGES: Final = ("en", "pl", "de")
"""English first: the language of the message ids, and the answer when none other fits."""

CATALOGS: Final = Path(str(files("shared"))) / "locale"
"""The engines' own catalogs, `<language>/LC_MESSAGES/messages.po` (and its `.mo`): beside the
package's sources, where `shared/__init__.py` is (never compiled), not beside this module,
which may be a compiled build elsewhere (`compiled/`)."""


@dataclass(frozen=True)
class Words:
    """One language's catalog, with its placeholders filled in."""

    language: str
    catalog: gettext.NullTranslations

    # The parameters' names start with `_` so that no placeholder's name can be one of them
    # (the engines are compiled, and mypyc binds a keyword to a positional-only name too).

    def gettext(self, _message: str, /, **values: object) -> str:
        text = self.catalog.gettext(_message)
        return text % values if values else text

    def ngettext(self, _singular: str, _plural: str, _num: int, /, **values: object) -> str:
        return self.catalog.ngettext(_singular, _plural, _num) % {"num": _num, **values}

    def pgettext(self, _context: str, _message: str, /, **values: object) -> str:
        """For one English word that other languages say in two ways (a card's colour and a
        sheet's row, say): `_context` tells them apart."""
        text = self.catalog.pgettext(_context, _message)
        return text % values if values else text


ENGLISH: Final = Words("en", gettext.NullTranslations())


@dataclass(frozen=True)
class Sentence:
    """A sentence kept until its reader is known: an engine's refusal (`IllegalMove`), an
    option's description. The rules make it where they know why, with no reader at hand, and
    whoever shows it says it in the reader's words (`said`), from the same catalogs as every
    other text. A value that is itself a `Sentence` is said in the same words, with the same
    names."""

    message: str
    plural: str = ""
    num: int = 0
    values: tuple[tuple[str, object], ...] = ()
    context: str = ""

    def said(self, _words: Words = ENGLISH, /, **more: object) -> str:
        """The sentence in `_words`, `more` filling placeholders the maker could not (names),
        its own and those of the sentences it holds (a step's refusal names the seat to move).
        `_words` is named so that no placeholder can be (as `Words.gettext`'s parameters)."""
        values = {
            name: value.said(_words, **more) if isinstance(value, Sentence) else value
            for name, value in (*self.values, *more.items())
        }
        if self.plural:
            return _words.ngettext(self.message, self.plural, self.num, **values)
        if self.context:
            return _words.pgettext(self.context, self.message, **values)
        return _words.gettext(self.message, **values)


class Later:
    """The calls of a `Words` that keep their sentence for later (`Sentence`): called by the same
    names, so the catalogs' extraction finds these messages as it finds every other."""

    def gettext(self, _message: str, /, **values: object) -> Sentence:
        return Sentence(_message, values=tuple(values.items()))

    def ngettext(self, _singular: str, _plural: str, _num: int, /, **values: object) -> Sentence:
        return Sentence(_singular, _plural, _num, tuple(values.items()))

    def pgettext(self, _context: str, _message: str, /, **values: object) -> Sentence:
        return Sentence(_message, values=tuple(values.items()), context=_context)


LATER: Final = Later()
