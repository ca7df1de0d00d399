"""The language a request is answered in: one of `LANGUAGES`, chosen for each word asked.

A player known to the request (the API's caller, `g.player`, or the page's, `g.web_player`)
is answered in their own language; before one is, the browser's `Accept-Language` decides,
English when it names none of ours. Every word of a request comes from the one `Words` of
that language (`server.presenters.words`, loaded once per process): the refusals' messages
(`server.http.refusals`), the engines' boards and events, and the templates' `_()`, which are
bound to it here rather than to Flask-Babel's own lookup of the catalog for each word (a third
of a game page's cost). Flask-Babel stays for its dates and numbers in the same language.
"""

from __future__ import annotations

from flask import Flask, g, request
from flask_babel import Babel

from server.presenters.words import CATALOGS, words_for
from shared import words
from shared.words import LANGUAGES, Words


def chosen() -> str:
    player = g.get("player") or g.get("web_player")
    if player is not None:
        language: str = player.language
        return language
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def words_chosen() -> Words:
    """The request's language as the engines, the refusals and the templates take it."""
    return words_for(chosen())


def gettext(message: str, /, **values: object) -> str:
    """A page's own sentence in the request's words (the one `Words`, as the templates' `_()`),
    for the pages' Python."""
    return words_chosen().gettext(message, **values)


def ngettext(singular: str, plural: str, num: int, /, **values: object) -> str:
    return words_chosen().ngettext(singular, plural, num, **values)


def register(app: Flask) -> None:
    Babel(
        app,
        locale_selector=chosen,
        default_translation_directories=f"{CATALOGS};{words.CATALOGS}",
    )
    # Jinja fills in the placeholders itself, escaping the values: the catalog's text alone
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: words_chosen().catalog.gettext(message),
        lambda singular, plural, num: words_chosen().catalog.ngettext(singular, plural, num),
        newstyle=True,
        pgettext=lambda context, message: words_chosen().catalog.pgettext(context, message),
    )
