"""My games (`/play`): the games waiting on me first, each with my deadline in my time zone,
then the invitations to me (taken up or declined here), then the others; drawn from the same
list the API answers (`presenters.game_list`), and declined as the API declines."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from server.domain.game import CANCELLED, FINISHED
from server.domain.player import Player
from server.domain.record import GameRecord
from server.http.context import services
from server.http.language import gettext, words_chosen
from server.presenters import games as presenters
from server.presenters.shapes import GameSummary
from server.web.blueprint import blp
from server.web.moments import when
from server.web.sessions import signed_in
from shared.engine import player_names

FINISHED_SHOWN = 10
"""The latest finished games the list shows; the rest are on one's history page."""


@blp.get("/play")
def games() -> str:
    player = signed_in()
    records = {record.id: record for record in services().games.records_for(player) if record}
    listed = presenters.game_list(records.values(), player.id, None)
    waiting, invited, others, over = [], [], [], []
    for game in listed:
        row = shown(game, records[game["id"]], player)
        if game["invited"]:
            invited.append(row)
        elif game["waiting_on_you"]:
            waiting.append(row)
        elif game["status"] in (FINISHED, CANCELLED):
            over.append(row)
        else:
            others.append(row)
    return render_template(
        "games.html",
        waiting=waiting,
        invited=invited,
        others=others,
        over=over[:FINISHED_SHOWN],
        zone=player.timezone,
    )


def shown(game: GameSummary, record: GameRecord, player: Player) -> dict[str, Any]:
    """A game as its row in the list: who else sits there, whose turn, my deadline."""
    seats = game["seats"]
    names = player_names(seats, words_chosen())
    due, paused = None, False
    if game["waiting_on_you"]:
        for clock in services().deadlines.of(record, services().clock()):
            if clock.seat == game["seat"] and clock.running:
                due = None if clock.due is None else when(clock.due, player)
                paused = clock.paused
    return {
        "id": game["id"],
        "title": game["title"],
        "short": game["id"][:8],
        "status": game["status"],
        "others": [name for i, name in enumerate(names) if i != game["seat"] and name],
        "free": sum(1 for seat in seats if not seat["name"]),
        "unjoined": [
            names[i] for i, seat in enumerate(seats) if seat["name"] and not seat["joined"]
        ],
        "to_act": [names[i] for i in game["to_act"] if i != game["seat"]],
        "due": due,
        "paused": paused,
        "clocked": game["clock"] is not None,
        "won": game["seat"] in (game["result"] or {}).get("winners", []),
    }


@blp.post("/play/<game_id>/decline")
def decline(game_id: str) -> Response:
    """Turn down an invitation, as `POST /api/v1/games/ID/decline` does."""
    game = services().games.decline(signed_in(), game_id)
    flash(gettext("You declined the invitation to %(title)s.", title=game.engine.title), "note")
    return redirect(url_for("web.games"), 303)
