"""Records and ratings: a player's page (a page of their finished games, with a link to the
next, and their record and rating in each game type, `GET /players/NAME`'s answer,
`server.accounts.player_record`) and each type's leaderboard (as `GET /game-types/TYPE/leaderboard`
ranks it)."""

from __future__ import annotations

from flask import render_template, request, url_for

from server.accounts.player_record import of_player
from server.http import paging
from server.http.context import services
from server.http.language import words_chosen
from server.presenters import games as presenters
from server.web.blueprint import blp
from server.web.moments import when
from server.web.sessions import signed_in
from shared.engine import shown_name
from shared.games import ENGINES


@blp.get("/players/<name>")
def player_page(name: str) -> str:
    viewer, words = signed_in(), words_chosen()
    after = paging.read("played", request.args.get("cursor"))
    found, position = of_player(services(), name, after)
    more = paging.cursor("played", position)
    played = [
        {
            **game,
            "title": ENGINES[game["type"]].title_in(words),
            "short": game["id"][:8],
            "when": when(game["finished"], viewer),
            "against": [
                shown_name(name, name in game["bot_accounts"], words)
                for name in game["opponents"]
                if name
            ],
        }
        for game in found["games"]
    ]
    records = [
        (ENGINES[type_id].title_in(words), type_id, standing)
        for type_id, standing in found["records"].items()
        if standing["played"]
    ]
    return render_template(
        "player.html",
        shown=shown_name(found["name"], found["bot_account"], words),
        own=found["name"] == viewer.name,
        records=records,
        played=played,
        more=more and url_for("web.player_page", name=name, cursor=more),
    )


@blp.get("/leaderboard")
def leaderboard() -> str:
    signed_in()
    words = words_chosen()
    type_id = request.args.get("type", "")
    type_id = type_id if type_id in ENGINES else next(iter(ENGINES))
    ranked = presenters.leaderboard(services().standings.leaderboard(type_id))
    return render_template(
        "leaderboard.html",
        types=[(engine.type_id, engine.title_in(words)) for engine in ENGINES.values()],
        type_id=type_id,
        title=ENGINES[type_id].title_in(words),
        ranked=ranked,
    )
