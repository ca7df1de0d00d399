"""The settings page: a player's language, their own data, downloaded, or their account
deleted. One section per setting, so the others (time zone, quiet hours, mail) take their
place beside these."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from server.accounts import deletion
from server.accounts.export import download
from server.domain.bots import TIMEOUT_LEVEL
from server.domain.errors import N_, Invalid, Refusal
from server.domain.leaving import ACTIVE_GAMES, RESIGN
from server.http.context import services
from server.http.errors import ApiError
from server.http.refusals import refused
from server.web.blueprint import blp
from server.web.sessions import log_out, signed_in
from shared.words import LANGUAGES

LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "de": "Deutsch"}
"""Each language as its own speakers name it, so that anyone finds their own."""


def page(refusal: ApiError | None = None, chosen: str = RESIGN) -> str:
    return render_template(
        "settings.html",
        refusal=refusal,
        chosen=chosen,
        bot_level=TIMEOUT_LEVEL,
        languages=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
    )


@blp.get("/settings")
def settings() -> str:
    signed_in()
    return page()


@blp.post("/settings/language")
def set_language() -> Response | tuple[str, int]:
    """The player's language, as `PATCH /api/v1/me` sets it: this page and their mail follow."""
    player = signed_in()
    language = request.form.get("language", "")
    if language not in LANGUAGES:
        told = refused(Invalid(N_("choose one of the languages offered")))
        return page(told), told.status
    services().players.update(player, {"language": language})
    return redirect(url_for("web.settings"), 303)


@blp.get("/settings/export")
def export() -> Response:
    """The same archive as `GET /api/v1/me/export`."""
    return download(services(), signed_in())


@blp.post("/settings/delete")
def delete() -> Response | tuple[str, int]:
    """The account deleted, as `DELETE /api/v1/me` deletes it, with its choice for the games
    still running (their bot plays at the level a timed-out player's would); the session ends."""
    player = signed_in()
    form = request.form
    chosen = form.get("active_games", "")
    try:
        if chosen not in ACTIVE_GAMES:
            raise Invalid(N_("choose what becomes of your games still running"))
        deletion.confirmed(player, form.get("confirm", "").strip())
    except Refusal as refusal:
        told = refused(refusal)
        return page(told, chosen if chosen in ACTIVE_GAMES else RESIGN), told.status
    deletion.delete(services(), player, chosen, TIMEOUT_LEVEL)
    log_out()
    flash(
        gettext("The account %(name)s is deleted. Thank you for playing.", name=player.name),
        "note",
    )
    return redirect(url_for("web.index"), 303)
