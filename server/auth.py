"""Bearer-token authentication: `Authorization: Bearer <token>` names the player."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import g, request

from server.errors import ApiError
from server.services import services

F = TypeVar("F", bound=Callable[..., Any])


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def authenticated(view: F) -> F:
    """The route needs a player; `g.player` is theirs."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        token = bearer_token()
        if token is None:
            raise ApiError(
                401, "unauthorized", "send your token as 'Authorization: Bearer <token>'"
            )
        player = services().players.by_token(token) if len(token) <= 200 else None
        if player is None:
            raise ApiError(401, "unauthorized", "that token is not valid (rotated, or mistyped?)")
        g.player = player
        return view(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
