"""Table talk: a game's players say something to each other, and anyone who may see the game
reads it (`server.domain.games.talk_rules`). A message never changes the game's version."""

from __future__ import annotations

from typing import Any

from flask import g, request

from server.api.blueprint import Blueprint
from server.api.games import idempotency_key
from server.domain.games.lists import Position
from server.http import paging
from server.http.context import services
from server.presenters import games as presenters
from server.presenters.schemas import MessageQuery, MessageSchema
from server.presenters.shapes import MessagePosted, Messages

blp = Blueprint("talk", __name__, url_prefix="/api/v1/games", description="Table talk")


@blp.route("/<game_id:game_id>/messages", methods=["POST"])
@blp.arguments(MessageSchema)
@blp.dumped_response(201, MessagePosted)
def say(body: dict[str, Any], game_id: str) -> MessagePosted:
    """Say something to the table: plain text, at most 500 characters on 12 lines, a few a
    minute (429 `too_many_messages` past that, with Retry-After). Sent again with the same
    Idempotency-Key, it is said once."""
    record, number, said = services().games.talking.say(
        g.player, game_id, body["text"], idempotency_key(request)
    )
    return {"message": presenters.message(record, number, said)}


@blp.route("/<game_id:game_id>/messages", methods=["GET"])
@blp.arguments(MessageQuery, location="query")
@blp.paged()
@blp.dumped_response(200, Messages)
def read(query: dict[str, Any], game_id: str) -> Messages:
    """A page of the table talk, oldest first: after message number `since` (the last `last`
    of those, if given), or after the page a `cursor` ends (`since` and `last` then count no
    more); `next` (also in the `Link` header) is the cursor of the next page, null after the
    last."""
    after = paging.read("talk", query.get("cursor"))
    since = query["since"] if after is None else after.score
    game, _, said = services().games.loading.table(game_id, g.player, since)
    if after is None and "last" in query:
        since, said = since + max(0, len(said) - query["last"]), said[-query["last"] :]
    shown = presenters.messages(game.record, since, said[: query["limit"]])
    more = len(said) > query["limit"]
    position = Position(shown[-1]["number"], "") if more else None
    return {"messages": shown, "next": paging.link_next(paging.cursor("talk", position))}
