"""The language the command line speaks, and its words in it: the one place the client opens
its catalogs (`client/locale`, merged with the engines' own, `shared/locale`).

The language is the player's setting (kept in the saved config by `register` and `me`, so no
command asks the server for it), else the environment's locale (`LC_ALL`, `LC_MESSAGES`,
`LANG`, as every Unix program reads them), else English. It is chosen when the app is
imported, because Typer builds every help text then, and chosen again as each command opens
its session (a test runs many commands in one process). Every text a person reads goes
through `_`, `ngettext` or `pgettext` here, and the engines' renders are given `words()`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Final

from babel.support import Translations

from client import config
from shared.words import CATALOGS, ENGLISH, LANGUAGES, Words

CLIENT_CATALOGS: Final = Path(__file__).resolve().parent / "locale"
LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The first of these that is set names the locale (POSIX's order); `C` and `POSIX` are
English."""


def from_environment(environ: Mapping[str, str]) -> str:
    """`pl_PL.UTF-8` → `pl`; a language turnpost does not speak, or none, → `en`."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name)
        if value:
            code = value.partition(".")[0].partition("@")[0].partition("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def chosen(saved: str | None, environ: Mapping[str, str]) -> str:
    """The player's own setting wins over the machine's locale."""
    return saved if saved in LANGUAGES else from_environment(environ)


@cache
def loaded(language: str) -> Words:
    """The client's catalog of `language` with the engines' merged in (boards, keys, events)."""
    if language not in LANGUAGES or language == "en":
        return ENGLISH
    catalog = Translations.load(str(CLIENT_CATALOGS), [language])
    engines = Translations.load(str(CATALOGS), [language])
    if isinstance(catalog, Translations) and isinstance(engines, Translations):
        catalog.merge(engines)
    return Words(language, catalog)


def saved_language() -> str | None:
    """The language in the saved config; a config that cannot be read is left for the
    session to report."""
    try:
        return config.load_saved().language
    except config.ConfigError:
        return None


_current: Words = loaded(chosen(saved_language(), os.environ))
_pinned: Words | None = None


def settle(saved: str | None) -> None:
    """Speak the language of these settings from now on (a session's start)."""
    global _current
    _current = loaded(chosen(saved, os.environ))


def words() -> Words:
    """The words every text is written in now: given to the engines' renders as `words=`."""
    return _pinned or _current


def language() -> str:
    """The language's code, as `Accept-Language` sends it and Babel formats in."""
    return words().language


@contextmanager
def speaking(pinned: Words) -> Iterator[None]:
    """For the tests: every text in `pinned`'s words (a pseudo-language that marks them, say),
    whatever the settings say, until the block ends."""
    global _pinned
    before, _pinned = _pinned, pinned
    try:
        yield
    finally:
        _pinned = before


def _(message: str, /, **values: object) -> str:
    return words().gettext(message, **values)


def ngettext(singular: str, plural: str, num: int, /, **values: object) -> str:
    return words().ngettext(singular, plural, num, **values)


def pgettext(context: str, message: str, /, **values: object) -> str:
    return words().pgettext(context, message, **values)
