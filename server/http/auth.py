"""Bearer-token authentication: `Authorization: Bearer <token>` names the player.

Who is asking is settled before anything else about a request: the rate limiter counts a
request against its player, or against its address when its token is missing or not valid
(`server.http.limits`); then every route of the API that is not marked `public_route` needs a
player, before its body or query is read, so a request without a valid token hears 401 whatever else
is wrong with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import flask_smorest
from flask import current_app, g, request

from server.domain.errors import N_
from server.domain.players.player import Player
from server.http.context import services
from server.http.errors import ApiError

F = TypeVar("F", bound=Callable[..., Any])

MAX_TOKEN = 200
"""Far longer than any token the service makes: a longer one is not looked up."""

PUBLIC = "turnpost_public"


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def caller() -> Player | None:
    """The player whose valid token the request carries, if any; looked up once a request."""
    if "caller" not in g:
        token = bearer_token()
        g.caller = (
            services().players.by_token(token)
            if token is not None and len(token) <= MAX_TOKEN
            else None
        )
    found: Player | None = g.caller
    return found


def public_route(view: F) -> F:
    """The route needs no token (every other route of the API does), and its OpenAPI operation
    says so (`security: []`)."""
    documented: F = flask_smorest.Blueprint.doc(security=[])(view)
    setattr(documented, PUBLIC, True)
    return documented


def require_player() -> None:
    """Before each request to a route of the API (after it is counted): `g.player` is the
    caller, or the request is refused with 401 before the route reads anything of it."""
    view = current_app.view_functions[str(request.endpoint)]
    if getattr(view, PUBLIC, False):
        return
    player = caller()
    if player is None:
        if bearer_token() is None:
            raise ApiError(
                401, "unauthorized", N_("send your token as 'Authorization: Bearer <token>'")
            )
        raise ApiError(401, "unauthorized", N_("that token is not valid (rotated, or mistyped?)"))
    g.player = player
