"""The language a request is answered in: one of `LANGUAGES`, chosen once per request.

Flask-Babel asks `chosen()` the first time a page or an answer needs a word; a page's
templates and the API's messages then come from the catalogs in `server/locale` and
`shared/locale` for that language. Before a player is known, the browser's `Accept-Language`
decides; English when it names none of ours.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, request
from flask_babel import Babel, get_locale, get_translations

from shared import words
from shared.words import LANGUAGES, Words

CATALOGS = Path(__file__).resolve().parent.parent / "locale"
"""The server's own catalogs; the pages also read the engines' (`shared.words.CATALOGS`)."""


def chosen() -> str:
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def words_chosen() -> Words:
    """The request's language as the engines take it (`shared.words`): the server's catalog
    and the engines' merged, as the pages' own words come from."""
    return Words(str(get_locale() or LANGUAGES[0]), get_translations())


def register(app: Flask) -> None:
    Babel(
        app,
        locale_selector=chosen,
        default_translation_directories=f"{CATALOGS};{words.CATALOGS}",
    )
