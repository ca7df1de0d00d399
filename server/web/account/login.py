"""Logging in without a password: the login page mails a link, the link starts a session.

The page answers every address alike, in words, status and time: it checks the address's
form, counts the request (`RateLimits.count_login`), and leaves the address for the worker
(`server.storage.games.watch.AskedLogins`), which alone looks it up and mails any player registered
there. A link opens on a page that asks to log in, and only that button spends it: mail
scanners that fetch every link they see would otherwise use it up before its reader could.
"""

from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from server.domain.players.addresses import normalized
from server.http.context import services
from server.http.errors import ApiError
from server.http.language import gettext
from server.http.limits import RATE_LIMITS, RateLimits
from server.web import returning
from server.web.blueprint import blp
from server.web.sessions import log_in, log_out, signed_in


@blp.get("/login")
def login() -> str:
    return render_template(
        "login.html", days=services().links.days, target=returning.safe(request.args.get("next"))
    )


@blp.post("/login")
def ask_for_link() -> str:
    typed = request.form.get("email", "").strip()
    try:
        email = normalized(typed)
    except ValueError as error:
        raise ApiError(400, "invalid_request", str(error)) from None
    returning.keep(request.form.get("next"))
    limits: RateLimits = current_app.extensions[RATE_LIMITS]
    limits.count_login(email)
    services().logins.ask(email, services().clock())
    return render_template("login_sent.html", email=email, days=services().links.days)


@blp.get("/login/<token>")
def link(token: str) -> str:
    opened = services().links.open(token)
    return render_template("login_link.html", name=opened.player.name, token=token)


@blp.post("/login/<token>")
def use_link(token: str) -> Response:
    """Spends the link and starts a session; then the page this browser was going to when it
    asked for a link (`server.web.returning`), else the link's game, else one's games."""
    opened = services().links.spend(token)
    target = returning.taken()
    log_in(opened.player)
    flash(gettext("Welcome, %(name)s: you are logged in.", name=opened.player.name), "note")
    if target is not None:
        return redirect(target, 303)
    if opened.game_id is None:
        return redirect(url_for("web.games"), 303)
    return redirect(url_for("web.game", game_id=opened.game_id), 303)


@blp.post("/logout")
def logout() -> Response:
    log_out()
    flash(gettext("You are logged out."), "note")
    return redirect(url_for("web.index"), 303)


@blp.post("/logout/everywhere")
def logout_everywhere() -> Response:
    """Ends every web session of the player, in every browser (their API token still works)."""
    signed_in()
    log_out(everywhere=True)
    flash(gettext("You are logged out everywhere: every browser must log in again."), "note")
    return redirect(url_for("web.index"), 303)
