"""Registration and one's own profile."""

from __future__ import annotations

from typing import Any

from flask import g

from server.api.blueprint import Blueprint
from server.auth import authenticated
from server.limits import registration_limit
from server.players import public
from server.schemas import (
    PlayerSchema,
    ProfileUpdateSchema,
    RegisteredSchema,
    RegisterSchema,
    TokenSchema,
)
from server.services import services

blp = Blueprint("players", __name__, url_prefix="/api/v1", description="Players and tokens")


@blp.route("/players", methods=["POST"])
@blp.doc(security=[])
@blp.arguments(RegisterSchema)
@blp.response(201, RegisteredSchema)
@registration_limit
def register(body: dict[str, Any]) -> dict[str, Any]:
    """Register; the answer holds your bearer token, shown only this once."""
    player, token = services().players.register(body["name"], body["email"], body["timezone"])
    return {"player": player, "token": token}


@blp.route("/me")
@blp.response(200, PlayerSchema)
@authenticated
def me() -> dict[str, str]:
    return public(g.player)


@blp.route("/me", methods=["PATCH"])
@blp.arguments(ProfileUpdateSchema)
@blp.response(200, PlayerSchema)
@authenticated
def update_me(changes: dict[str, Any]) -> dict[str, str]:
    return public(services().players.update(g.player, changes))


@blp.route("/me/token", methods=["POST"])
@blp.response(201, TokenSchema)
@authenticated
def rotate_token() -> dict[str, str]:
    """A new token; the old one stops working at once."""
    return {"token": services().players.rotate_token(g.player)}
