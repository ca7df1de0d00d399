"""A player's calendar feed: its address (made, rotated, closed with a token) and the feed
itself, read by calendars with no token: its address is the secret
(`server.storage.players.calendars`)."""

from __future__ import annotations

from flask import Response, g, request

from server.api.blueprint import Blueprint
from server.api.ics import feed, waiting
from server.domain.errors import N_, NotFound
from server.http.auth import public_route
from server.http.context import services
from server.presenters.documented import schema_of
from server.presenters.player_shapes import Calendar
from server.presenters.players import calendar_path
from server.presenters.shapes import Error

blp = Blueprint("calendar", __name__, url_prefix="/api/v1", description="Calendar feeds")

ICS = "text/calendar"


def address(feed_id: str | None) -> Calendar:
    if feed_id is None:
        return {"on": False, "path": None, "url": None}
    path = calendar_path(feed_id)
    return {"on": True, "path": path, "url": request.host_url.rstrip("/") + path}


@blp.route("/me/calendar")
@blp.dumped_response(200, Calendar)
def calendar_state() -> Calendar:
    """Whether you have a calendar feed (its address is shown only when it is made)."""
    return {**address(None), "on": services().calendars.is_open(g.player)}


@blp.route("/me/calendar", methods=["POST"])
@blp.dumped_response(201, Calendar)
def open_calendar() -> Calendar:
    """A new address for your calendar feed, shown only this once; the one before stops
    working at once."""
    return address(services().calendars.open(g.player))


@blp.route("/me/calendar", methods=["DELETE"])
@blp.dumped_response(200, Calendar)
def close_calendar() -> Calendar:
    """No calendar feed any more: its address stops working."""
    services().calendars.close(g.player)
    return address(None)


@blp.route("/calendar/<feed_id:feed_id>.ics")
@public_route
@blp.alt_response(
    200,
    success=True,
    description="an iCalendar feed: an event per game waiting on you, ending at its deadline",
    content_type=ICS,
)
@blp.alt_response(404, schema=schema_of(Error), description="no such feed (or one rotated away)")
def calendar_feed(feed_id: str) -> Response:
    """Your games waiting on you as a calendar (iCalendar): each ends at your move's deadline,
    with an alarm before it. No token: the address is the secret."""
    found = services()
    player = found.calendars.player_of(feed_id)
    if player is None:
        raise NotFound(N_("no such calendar feed"))
    now = found.clock()
    records = [record for record in found.games.loading.records_for(player) if record is not None]
    body = feed(player, waiting(player, records, found.deadlines, now), now)
    return Response(
        body, content_type=f"{ICS}; charset=utf-8", headers={"Cache-Control": "no-cache"}
    )
