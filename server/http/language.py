"""The language a request is answered in: one of `LANGUAGES`, chosen for each word asked.

A player known to the request (the API's caller, `g.player`, or the page's, `g.web_player`,
or whoever's token a route that needs none was sent with) is answered in their own language,
on every route; without one, the browser's `Accept-Language` decides,
English when it names none of ours. Every word of a request comes from the one `Words` of
that language (`server.presenters.catalogs`, loaded once per process): the refusals' messages
(`server.http.refusals`), the engines' boards and events, and the templates' `_()`, which are
bound to it for each render here (`template_words`) rather than looked up for each word.
Flask-Babel stays for its dates and numbers in the same language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from flask import Flask, g, request
from flask_babel import Babel
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from server.domain.players.player import Player
from server.http.auth import caller
from server.presenters.catalogs import CATALOGS, words_for
from server.storage.redis_client import UNAVAILABLE
from shared import words
from shared.words import LANGUAGES, Words


def chosen() -> str:
    player = g.get("player") or g.get("web_player") or token_holder()
    if player is not None:
        language: str = player.language
        return language
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def token_holder() -> Player | None:
    """The player whose token came with a request its route does not need it for (the rules, a
    game type): the token still says who reads the answer. None while the store is out of
    reach, so that the outage's own answer is told in the browser's language, not lost; the
    store is then asked no more in this request (each word asks for the language)."""
    if g.get("token_unreachable"):
        return None
    try:
        return caller()
    except UNAVAILABLE:
        g.token_unreachable = True
        return None


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


@cache
def template_words(said: Words) -> dict[str, Callable[..., str]]:
    """The templates' `_()` and `ngettext()` in `said`, for one render (the pages' context
    processor hands them over, once the page's player is known): the language is found once a
    page, not once a word. As Jinja's own "new style" gettext, each escapes the values it fills
    in unless they are safe. Made once per language (the process's `Words` live as long as it
    does)."""

    @pass_context
    def gettext(context: Context, message: str, /, **values: object) -> str:
        return _filled(context, said.catalog.gettext(message), values)

    @pass_context
    def ngettext(
        context: Context, singular: str, plural: str, num: int, /, **values: object
    ) -> str:
        text = said.catalog.ngettext(singular, plural, num)
        return _filled(context, text, {"num": num, **values})

    return {"gettext": gettext, "ngettext": ngettext}


def _filled(context: Context, text: str, values: Mapping[str, object]) -> str:
    # a format string, as Jinja's are, whenever it may be one: "100%%" reads "100%" either way
    shown = Markup(text) if context.eval_ctx.autoescape else text
    return shown % values if values or "%" in text else shown
