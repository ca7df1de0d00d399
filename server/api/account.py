"""Your own data: all of it as one archive, or your account deleted (`server.accounts`)."""

from __future__ import annotations

from typing import Any

from flask import Response, g

from server.accounts import deletion, export
from server.api.blueprint import Blueprint
from server.http.context import services
from server.presenters.documented import schema_of
from server.presenters.player_shapes import Deleted, LeftGames
from server.presenters.schemas import DeleteAccountSchema
from server.presenters.shapes import Error

blp = Blueprint("account", __name__, url_prefix="/api/v1", description="Your data")


@blp.route("/me/export")
@blp.alt_response(
    200,
    success=True,
    description="a zip of JSON files: profile.json, games/<id>.json (each game as you see it, "
    "with its log and talk), talk.json (what you wrote) and ratings.json",
    content_type=export.ZIP,
)
def export_me() -> Response:
    """Everything turnpost keeps about you, as one zip: your profile, every game of yours as
    you may see it (your own view, its log, its talk), every message you wrote, and your
    records and ratings."""
    return export.download(services(), g.player)


@blp.route("/me", methods=["DELETE"])
@blp.arguments(DeleteAccountSchema)
@blp.dumped_response(200, Deleted)
@blp.alt_response(
    400,
    schema=schema_of(Error),
    description="`confirm` is not your name (`confirmation_mismatch`), or a field is invalid",
)
def delete_me(body: dict[str, Any]) -> Deleted:
    """Delete your account, for good: your profile, address, tokens, sessions, webhooks,
    calendar feed, ratings and the words of your table talk go. Games not started are called
    off (yours) or left; running ones are resigned or played on by a bot (`active_games`);
    your seats in games that started stay, under a neutral name, so the others' games still
    replay and verify. Your name is free for anyone at once. `confirm` must be your name."""
    deletion.confirmed(g.player, body["confirm"])
    left = deletion.delete(services(), g.player, body["active_games"], body["bot"])
    games: LeftGames = {
        "cancelled": left.cancelled,
        "freed": left.freed,
        "resigned": left.resigned,
        "bot": left.bot,
        "kept": left.kept,
    }
    return {"deleted": g.player.name, "games": games}
