"""Your one wait: the events of all your games (`server.domain.games.events`), as a long poll."""

from __future__ import annotations

from typing import Any, cast

from flask import g

from server.api.blueprint import Blueprint
from server.http.long_polls import events_after
from server.presenters.documented import schema_of
from server.presenters.schemas import MyWaitQuery
from server.presenters.shapes import Error, Event, MyWait

blp = Blueprint("events", __name__, url_prefix="/api/v1", description="Your one wait")


@blp.route("/me/wait", methods=["GET"])
@blp.arguments(MyWaitQuery, location="query")
@blp.dumped_response(200, MyWait)
@blp.alt_response(
    400,
    schema=schema_of(Error),
    description="`after` is later than any event (`cursor_from_future`; `details.cursor` is "
    "now's), or a field is invalid",
)
@blp.alt_response(
    410,
    schema=schema_of(Error),
    description="`cursor_expired`: events after `after` were dropped unread; `details.cursor` "
    "is where to go on from, once you have looked at your games",
)
def wait(query: dict[str, Any]) -> MyWait:
    """Long poll on all your games at once: answers as soon as something concerns you in any
    of them (`kind`: your `turn`, `invited`, `started`, `ended`, `cancelled`, `talk` at your
    table, a `rematch` offered), each event with its `cursor`, oldest first (100 at most), or
    at `timeout` seconds (capped by the server) with none. Each game's latest event is kept,
    one a game: a game that changed twice since `after` is told once, as it stands (read your
    turn from `your_turn`), so asking again `after` the answer's `cursor` misses no game that
    changed. Events are kept for `TURNPOST_EVENTS_KEPT` seconds, for
    `TURNPOST_EVENTS_KEPT_COUNT` games at most; a cursor after which one was dropped unread is
    refused with 410 `cursor_expired`, one later than any event with 400
    `cursor_from_future`. It holds one of your `TURNPOST_WAITS_PER_PLAYER` places for polls
    however many games you have."""
    since = events_after(g.player, query.get("after"), query["timeout"])
    events = cast(list[Event], since.events)  # kept as the domain's concerns were told
    return {"events": events, "cursor": since.last, "changed": bool(since.events)}
