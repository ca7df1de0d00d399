"""Your one wait: the events of all your games (`server.domain.concerns`), as a long poll."""

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
    410,
    schema=schema_of(Error),
    description="`cursor_expired`: events after `after` were dropped unread; `details.cursor` "
    "is where to go on from, once you have looked at your games",
)
def wait(query: dict[str, Any]) -> MyWait:
    """Long poll on all your games at once: answers as soon as something concerns you in any
    of them (`kind`: your `turn`, `invited`, `started`, `ended`, `cancelled`, `talk` at your
    table, a `rematch` offered), each event with its `cursor`, oldest first (100 at most), or
    at `timeout` seconds (capped by the server) with none. Ask again `after` the answer's
    `cursor` and nothing in between is missed. Events are kept for `TURNPOST_EVENTS_KEPT`
    seconds, `TURNPOST_EVENTS_KEPT_COUNT` at most; a cursor after which some were dropped
    unread is refused with 410 `cursor_expired`. It holds one of your
    `TURNPOST_WAITS_PER_PLAYER` places for polls however many games you have."""
    since = events_after(g.player, query.get("after"), query["timeout"])
    events = cast(list[Event], since.events)  # kept as the domain's concerns were told
    return {"events": events, "cursor": since.last, "changed": bool(since.events)}
