"""Who is looking at a page: a web session, started by a login link (`server.login_links`).

The session is Flask's signed cookie, signed with the server's secret (`server.secret`), read
from Redis the first time a request needs it: one without a cookie (a health check, any API
call) never does. It holds the player's id and the generation of their API token when they
logged in (`token_generation`), so rotating the token ends every session at once. The cookie
is HttpOnly, SameSite=Lax and, when the request came over https, Secure: gunicorn takes the
scheme from X-Forwarded-Proto only when a proxy it trusts sends it (`--forwarded-allow-ips`,
loopback by default), and a `TURNPOST_PUBLIC_URL` starting with https makes it Secure always.
"""

from __future__ import annotations

import hmac
from typing import Any

from flask import Flask, Request, g, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer

from server.errors import ApiError
from server.players import token_generation
from server.services import services


def keyed(app: Flask) -> None:
    """Give the app the server's secret, which signs sessions and the forms' CSRF tokens."""
    if not app.secret_key:
        app.secret_key = services().secret.key()


class Sessions(SecureCookieSessionInterface):
    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keyed(app)
        return super().get_signing_serializer(app)

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or services().config.public_url.startswith("https:")


def log_in(player: dict[str, str]) -> None:
    """A fresh session for the player: whatever the cookie held before is dropped."""
    session.clear()
    session["player"] = player["id"]
    session["generation"] = token_generation(player)
    session.permanent = True


def log_out() -> None:
    session.clear()


def current_player() -> dict[str, str] | None:
    """The session's player, looked up once a request; a session whose token was rotated
    since it began is ended here."""
    if "web_player" not in g:
        found: dict[str, str] | None = None
        player_id: Any = session.get("player")
        if isinstance(player_id, str):
            profile = services().players.get(player_id)
            generation = str(session.get("generation", ""))
            if profile is not None and hmac.compare_digest(token_generation(profile), generation):
                found = profile
            else:
                log_out()
                g.session_ended = True
        g.web_player = found
    player: dict[str, str] | None = g.web_player
    return player


def signed_in() -> dict[str, str]:
    """The session's player, or 401."""
    player = current_player()
    if player is None:
        if g.get("session_ended"):
            raise ApiError(
                401,
                "unauthorized",
                "your session has ended: your token was rotated since you logged in; log in again",
            )
        raise ApiError(401, "unauthorized", "log in to see your games")
    return player
