"""My games (`/play`): the games waiting on me first, each with my deadline in my time zone,
then the invitations to me (taken up or declined here), then the others, each list a page with
a link to the next; drawn from the same pages the API answers (`GameService.loading.games_of`,
`presenters.game_list`), and declined as the API declines."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from server.domain.games.lists import WAITING, listed_as, listing
from server.domain.games.loaded import CANCELLED, FINISHED
from server.domain.games.record import GameRecord
from server.domain.players.player import Player
from server.http import paging
from server.http.context import services
from server.http.language import gettext, words_chosen
from server.presenters import games as presenters
from server.presenters.shapes import GameSummary
from server.web.blueprint import blp
from server.web.moments import when
from server.web.sessions import signed_in
from shared.engine import player_names
from shared.games import ENGINES


@blp.get("/play")
def games() -> str:
    """Two lists a page each, as `GET /api/v1/games` pages them: the games waiting on me
    (`mine=waiting`, from `?waiting=CURSOR`), then my others (from `?cursor=CURSOR`)."""
    player, found = signed_in(), services().games
    waiting_page = found.loading.games_of(
        player,
        lambda record: listed_as(record, player.id, WAITING),
        paging.read("games", request.args.get("waiting")),
    )
    others_page = found.loading.games_of(
        player,
        lambda record: (mine := listing(record, player.id)) is not None and not mine.waiting,
        paging.read("games", request.args.get("cursor")),
    )
    waiting, invited, others, over = [], [], [], []
    for page in (waiting_page, others_page):
        for game, record in zip(
            presenters.game_list(page.items, player.id), page.items, strict=True
        ):
            row = shown(game, record, player)
            if game["invited"]:
                invited.append(row)
            elif game["waiting_on_you"]:
                waiting.append(row)
            elif game["status"] in (FINISHED, CANCELLED):
                over.append(row)
            else:
                others.append(row)
    more_waiting = paging.cursor("games", waiting_page.next)
    more_others = paging.cursor("games", others_page.next)
    return render_template(
        "games.html",
        waiting=waiting,
        invited=invited,
        others=others,
        over=over,
        zone=player.timezone,
        more_waiting=more_waiting and url_for("web.games", waiting=more_waiting),
        more_others=more_others and url_for("web.games", cursor=more_others),
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
        "title": ENGINES[game["type"]].title_in(words_chosen()),
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
    game = services().games.seating.decline(signed_in(), game_id)
    flash(
        gettext(
            "You declined the invitation to %(title)s.", title=game.engine.title_in(words_chosen())
        ),
        "note",
    )
    return redirect(url_for("web.games"), 303)
