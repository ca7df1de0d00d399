"""The language a request is answered in: one of `LANGUAGES`, chosen once per request.

Flask-Babel asks `chosen()` the first time a page or an answer needs a word; a page's
templates and the API's messages then come from the catalogs in `server/locale` and
`shared/locale` for that language. Before a player is known, the browser's `Accept-Language`
decides; English when it names none of ours.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations

from shared import words
from shared.words import LANGUAGES, Words

CATALOGS = Path(__file__).resolve().parent.parent / "locale"
"""The server's own catalogs; the pages also read the engines' (`shared.words.CATALOGS`)."""


def chosen() -> str:
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def read() -> Words:
    """The request's language as the engines take it (`shared.words`): its boards, keys and
    events in the same words as the page around them."""
    return Words(str(get_locale() or LANGUAGES[0]), catalog())


def catalog() -> gettext.NullTranslations:
    """The request's catalog, found once per request: Flask-Babel looks it up again for each
    word, which made a game page's words a third of its cost."""
    found: gettext.NullTranslations | None = g.get("catalog")
    if found is None:
        found = g.catalog = get_translations()
    return found


def register(app: Flask) -> None:
    Babel(
        app,
        locale_selector=chosen,
        default_translation_directories=f"{CATALOGS};{words.CATALOGS}",
    )
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: catalog().gettext(message),
        lambda singular, plural, num: catalog().ngettext(singular, plural, num),
        newstyle=True,
        pgettext=lambda context, message: catalog().pgettext(context, message),
        npgettext=lambda context, singular, plural, num: catalog().npgettext(
            context, singular, plural, num
        ),
    )
