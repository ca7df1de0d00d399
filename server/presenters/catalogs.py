"""The one place the server opens its catalogs: a `Words` for each language, made once.

Everything the server writes for a person, a mail, a page or a refusal's message, is written
in its reader's language through the `Words` this module makes: the server's own catalog
(`server/locale`) merged with the engines' (`shared/locale`), so a mail's board and event
lines, which the engines render, and its sentences, which the server writes, come from one
catalog. Numbers, dates and times are formatted for the same language (`when`, `amount`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from babel.support import Translations

from shared import words
from shared.words import ENGLISH, LANGUAGES, Words

CATALOGS = Path(__file__).resolve().parent.parent / "locale"
"""The server's own catalogs, `<language>/LC_MESSAGES/messages.mo`."""


LOADED: Final[dict[str, Words]] = {"en": ENGLISH}
"""Each language's words, loaded the first time they are asked for and kept for the
process's life (the catalogs change only with the code)."""


def words_for(language: str) -> Words:
    """The words of `language`, English for one we do not speak."""
    if language not in LOADED:
        if language not in LANGUAGES:
            return ENGLISH
        catalog = Translations.load(str(CATALOGS), [language])
        engines = Translations.load(str(words.CATALOGS), [language])
        if isinstance(catalog, Translations) and isinstance(engines, Translations):
            catalog.merge(engines)
        LOADED[language] = Words(language, catalog)
    return LOADED[language]


def locale_of(said: Words) -> str:
    """The Babel locale of a `Words`, for numbers and dates (English for the tests'
    pseudo-language)."""
    return said.language if said.language in LANGUAGES else LANGUAGES[0]
