"""The web pages' blueprint: what every page shares.

Pages are the same security boundary as the API: a page shows only what its player's view
holds, and whatever a request ends in is told as a page with the API's status, code and words
(`server.http.refusals.answer_for`), never a stack trace. Every form carries a CSRF token
(Flask-WTF's, checked on each POST here; the API, which takes no cookies, is not checked).
Each answer forbids framing, sniffing and caching, sends the referrer to this site only, and
allows scripts only with the nonce of its own page: nothing loads from anywhere else.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from functools import cache
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, render_template, request, url_for
from flask_wtf import CSRFProtect
from flask_wtf.csrf import CSRFError, generate_csrf

from server.domain.errors import N_
from server.http.context import services
from server.http.errors import ApiError
from server.http.language import chosen, template_words, words_chosen
from server.http.refusals import answer_for
from server.web.refusal_page import refusal_words
from server.web.returning import here
from server.web.sessions import Sessions, current_player, keyed
from server.web.table.positions import POSITIONS, Positions
from shared.engine import shown_name

blp = Blueprint(
    "web",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/web/static",
)
csrf = CSRFProtect()

POLICY = (
    "default-src 'none'; script-src 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
"""Inline styles: every game's board brings its own `<style>` (`shared.html`)."""


def register(app: Flask) -> None:
    app.session_interface = Sessions()
    app.config.update(
        # A cookie is sent only when the session changes: a long poll answered after a move
        # would otherwise send back the session as it was when the poll began, over the one
        # the move's answer set (its message for the next page).
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",  # HttpOnly is Flask's default; Secure: `Sessions`
        WTF_CSRF_CHECK_DEFAULT=False,  # only the pages' forms: see `checked`
        WTF_CSRF_TIME_LIMIT=None,  # a game's page may stay open for days before a move
    )
    csrf.init_app(app)
    app.extensions[POSITIONS] = Positions(app.extensions["turnpost"].config.drawn_positions)
    app.register_blueprint(blp)


@blp.app_template_filter("shown")
def shown(named: Mapping[str, Any]) -> str:
    """A seat's or a message's name as people read it, a bot account's marked."""
    return shown_name(named["name"], bool(named.get("bot_account")), words_chosen())


@blp.before_request
def checked() -> None:
    g.nonce = secrets.token_urlsafe(16)
    if request.endpoint == "web.static":
        return
    keyed(current_app)
    csrf.protect()


@blp.after_request
def guarded(response: Response) -> Response:
    headers = response.headers
    headers["Content-Security-Policy"] = POLICY.format(nonce=g.get("nonce", ""))
    headers["X-Content-Type-Options"] = "nosniff"
    headers["X-Frame-Options"] = "DENY"
    headers["Referrer-Policy"] = "same-origin"
    if request.endpoint != "web.static":
        headers["Cache-Control"] = "no-store"
    return response


@blp.context_processor
def shared() -> dict[str, Any]:
    """What the layout needs, and the words of the page's player (`template_words`); a page
    may pass its own (the tests pass fixed ones). A refusal page needs none of it
    (`refused`)."""
    found: dict[str, Any]
    if g.get("refusing"):
        found = {"csrf": "", "player": None, "account": False, "nonce": ""}
    else:
        found = {"csrf": generate_csrf(), "nonce": g.get("nonce", ""), "player": current_player()}
    found["links"] = links(request.script_root)
    # the player first: the page is in their language
    return found | {"lang": chosen()} | template_words(words_chosen())


LINKED = (
    "web.index",
    "web.games",
    "web.new_game",
    "web.lobby",
    "web.leaderboard",
    "web.settings",
    "web.login",
    "web.logout",
)
"""The pages every page may link to (the layout's)."""
FILES = ("turnpost.css", "controls.css", "controls.js", "live.js")
"""The static files pages load."""


@cache
def links(root: str) -> dict[str, str]:
    """The addresses of `LINKED` pages, by endpoint, and of `FILES`, by name: the same for
    every page of a process reached at `root` (`request.script_root`), so built once."""
    static = {name: url_for("web.static", filename=name) for name in FILES}
    return {endpoint: url_for(endpoint) for endpoint in LINKED} | static


@blp.errorhandler(Exception)
def refused(error: Exception) -> tuple[str, int, dict[str, str]]:
    """Whatever a page's request ends in, as a page. A page that needs a login (401) is the
    login form, which brings one back to it once the mailed link is opened
    (`server.web.returning`); any other refusal says what happened and the way forward
    (`server.web.refusal_page`)."""
    if isinstance(error, CSRFError):
        why = error.description
        again = N_("the form was not accepted (%(why)s): load the page again and resend")
        error = ApiError(400, "csrf_failed", again, values={"why": why})
    answer = answer_for(error)
    if answer.status == 401:
        page = render_template(
            "login.html",
            days=services().links.days,
            target=here(),
            ended=g.get("session_ended"),
            refusal=answer,
        )
        return page, answer.status, answer.headers
    g.refusing = True  # drawn from the refusal alone (no session, no Redis)
    page = render_template(
        "refused.html", refusal=answer, wording=refusal_words(answer.status), again=here()
    )
    return page, answer.status, answer.headers
