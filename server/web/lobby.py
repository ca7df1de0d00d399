"""The lobby (`/lobby`): the public games with a seat free, as the API lists them
(`GameService.loading.lobby`, `presenters.lobby`), a page with a link to the next, each taken up by
the game's own join form (`POST /play/ID/join`, `GameService.seating.join`)."""

from __future__ import annotations

from flask import render_template, request, url_for

from server.http import paging
from server.http.context import services
from server.http.language import words_chosen
from server.presenters import games as presenters
from server.web.blueprint import blp
from server.web.moments import clock_words
from server.web.sessions import signed_in
from shared.engine import shown_name
from shared.games import ENGINES


@blp.get("/lobby")
def lobby() -> str:
    player, words = signed_in(), words_chosen()
    page = services().games.loading.lobby(paging.read("lobby", request.args.get("cursor")))
    games = [
        {
            "id": game["id"],
            "title": ENGINES[game["type"]].title_in(words),
            "short": game["id"][:8],
            "players": [
                (shown_name(sitter["name"], sitter["bot_account"], words), sitter["timezone"])
                for sitter in game.get("players", [])
            ],
            "free": game.get("free_seats", 0),
            "clock": clock_words(game["clock"]),
            "rated": game["rated"],
            "mine": any(seat["name"] == player.name for seat in game["seats"]),
        }
        for game in presenters.lobby(page.items)
    ]
    more = paging.cursor("lobby", page.next)
    return render_template(
        "lobby.html", games=games, more=more and url_for("web.lobby", cursor=more)
    )
