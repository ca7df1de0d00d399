"""The language a request is answered in: one of `LANGUAGES`, chosen once per request.

Flask-Babel asks `chosen()` the first time a page needs a word, and the refusals ask it for
their message (`server.http.refusals`); the words then come from the catalogs in
`server/locale` and `shared/locale` for that language. A player known to the request (the
API's caller, `g.player`, or the page's, `g.web_player`) is answered in their own language;
before one is, the browser's `Accept-Language` decides, English when it names none of ours.
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
    """The request's language as the engines and the refusals take it: what the server writes
    in Python (a board, a history line, a refusal's message) beside the templates' words."""
    return words_for(chosen())


def register(app: Flask) -> None:
    Babel(
        app,
        locale_selector=chosen,
        default_translation_directories=f"{CATALOGS};{words.CATALOGS}",
    )
