"""Who is looking at a page: a web session, started by a login link
(`server.storage.players.login_links`).

The session is Flask's signed cookie, signed with the server's secret (`server.storage.secret`),
read from Redis the first time a request needs it: one without a cookie (a health check, any API
call) never does. It holds the player's id, the generation of their API token when they logged
in (`token_generation`), so rotating the token ends every session at once, and the session's
own random id, which must still be among the player's live sessions in Redis
(`server.storage.players.web_sessions`, ids by when each ends): logging out takes the id out, so a
copy of the cookie no longer works; logging out everywhere drops the set. A session ends
`PERMANENT_SESSION_LIFETIME` (31 days) after its login, as its cookie does; each login prunes
the ended ids and keeps the latest `MAX_SESSIONS`, and the set expires with the last one, so
it stays small. The cookie is HttpOnly, SameSite=Lax and, when the request came over https,
Secure: gunicorn takes the scheme from X-Forwarded-Proto only when a proxy it trusts sends it
(`--forwarded-allow-ips`, loopback by default), and a `TURNPOST_PUBLIC_URL` starting with https
makes it Secure always.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from flask import Flask, Request, current_app, g, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer

from server.domain.errors import N_
from server.domain.players.player import Player
from server.http.context import services
from server.http.errors import ApiError
from server.http.language import gettext
from server.storage.players.profiles import token_generation

MAX_SESSIONS = 100
"""Live web sessions kept per player: a login past that ends their oldest."""


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


def log_in(player: Player) -> None:
    """A fresh session for the player: whatever session the cookie held before is ended."""
    log_out()
    lifetime = int(current_app.permanent_session_lifetime.total_seconds())
    now = int(services().clock())
    session_id = secrets.token_urlsafe(16)
    services().sessions.start(player.id, session_id, now, lifetime, MAX_SESSIONS)
    session["player"] = player.id
    session["generation"] = token_generation(player)
    session["id"] = session_id
    session.permanent = True
    g.web_player = player  # the rest of the request is theirs: in their language, say


def log_out(everywhere: bool = False) -> None:
    """End this session, or (`everywhere`) every web session of its player: only a live
    session may ask that (`signed_in` first), or a copy of a cookie logged out could."""
    player_id, session_id = session.get("player"), session.get("id")
    if isinstance(player_id, str):
        if everywhere:
            services().sessions.end_all(player_id)
        elif isinstance(session_id, str):
            services().sessions.end(player_id, session_id)
    session.clear()


def ended(player: Player | None, ends: float | None) -> str | None:
    """Why the session's cookie no longer lets its player in (None: it does), given the
    session's player and when it ends (`WebSessions.holder`), as its catalog's id: it is told
    in the reader's words where it is shown."""
    generation = str(session.get("generation", ""))
    if player is None or not hmac.compare_digest(token_generation(player), generation):
        return N_("your token was rotated since you logged in")
    if ends is None or ends <= services().clock():
        return N_("you logged out, here or everywhere, or it ran its time")
    return None


def current_player() -> Player | None:
    """The session's player, looked up once a request; a session logged out, ended everywhere
    or whose token was rotated since it began is ended here."""
    if "web_player" not in g:
        found: Player | None = None
        player_id: Any = session.get("player")
        if isinstance(player_id, str):
            found, ends = services().sessions.holder(player_id, str(session.get("id", "")))
            why = ended(found, ends)
            if why is not None:
                found = None
                session.clear()
                g.session_ended = why
        g.web_player = found
    player: Player | None = g.web_player
    return player


def signed_in() -> Player:
    """The session's player, or 401."""
    player = current_player()
    if player is None:
        why = g.get("session_ended")
        if why:
            again = N_("your session has ended: %(why)s; log in again")
            raise ApiError(401, "unauthorized", again, values={"why": gettext(why)})
        raise ApiError(401, "unauthorized", N_("log in to see this page"))
    return player
