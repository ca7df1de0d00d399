"""Games: create, join or decline, cancel, list, look, move, read the log, wait for a change,
resign, play again."""

from __future__ import annotations

from typing import Any

from flask import Request, g, request

from server.api.blueprint import Blueprint
from server.domain.errors import N_, Invalid
from server.domain.games.lists import listed_as
from server.domain.games.loaded import Game
from server.domain.games.record import GameRecord
from server.domain.players.held_mail import held_mail
from server.domain.players.quiet import zone
from server.http import paging
from server.http.context import services
from server.http.language import words_chosen
from server.http.long_polls import wait_for
from server.presenters import games as presenters
from server.presenters.schemas import (
    CreateGameSchema,
    GameListQuery,
    JoinSchema,
    LogQuery,
    MoveSchema,
    WaitQuery,
)
from server.presenters.shapes import GameList, GameView, Log, LoginLink, SeatClock

blp = Blueprint("games", __name__, url_prefix="/api/v1/games", description="Games and moves")

IDEMPOTENCY_HEADER = "Idempotency-Key"
MAX_IDEMPOTENCY_KEY = 200


@blp.route("", methods=["POST"])
@blp.arguments(CreateGameSchema)
@blp.built_response(201, GameView)
def create(body: dict[str, Any]) -> GameView:
    """Create a game; you take seat 0, invited players get reserved seats to join, bots
    take theirs at once (a game whose other seats are all bots starts at once)."""
    game = services().games.seating.create(
        g.player,
        body["type"],
        body.get("seats"),
        body["options"],
        body["invite"],
        body["move_clock"],
        body.get("contribution"),
        body["public"],
        body["bots"],
    )
    return presenters.view(game, 0, g.player.id)


@blp.route("", methods=["GET"])
@blp.arguments(GameListQuery, location="query")
@blp.paged()
@blp.dumped_response(200, GameList)
def list_mine(query: dict[str, Any]) -> GameList:
    """A page of your games, newest first (`mine`: waiting on you, active, open, finished,
    cancelled; without it, all), each with when a notice to you about it that is held goes out
    (`notice_held_until`); or, with `open=public`, a page of the lobby: every public game with
    a seat free, oldest first, with its players' time zones (anyone registered may join or
    watch). `next` is the cursor of the next page (also in the `Link` header), null after the
    last; a page may hold fewer games than `limit` and still have a next."""
    limit = query["limit"]
    if "open" in query:
        lobby = services().games.loading.lobby(paging.read("lobby", query.get("cursor")), limit)
        found = paging.cursor("lobby", lobby.next)
        return {"games": presenters.lobby(lobby.items), "next": paging.link_next(found)}
    which, me = query.get("mine"), g.player.id
    page = services().games.loading.games_of(
        g.player,
        lambda record: listed_as(record, me, which),
        paging.read("games", query.get("cursor")),
        limit,
    )
    held = held_mail(services().outbox.waiting(g.player.id), g.player, services().clock()).games
    return {
        "games": [
            {
                **game,
                "notice_held_until": held.get(game["id"]),
                "clocks": clocks(record),
            }
            for game, record in zip(presenters.game_list(page.items, me), page.items, strict=True)
        ],
        "next": paging.link_next(paging.cursor("games", page.next)),
    }


def clocks(record: GameRecord) -> list[SeatClock]:
    """The game's running move clocks, their deadlines in the caller's own zone."""
    found = services()
    running = found.deadlines.of(record, found.clock())
    return [presenters.seat_clock(clock, zone(g.player)) for clock in running]


def seen(game: Game, seat: int | None) -> GameView:
    """The caller's view of a game as it stands, with its running clocks and its revision (for
    `wait`). A move's answer has neither: it is built again for a resent move, later."""
    view = presenters.view(game, seat, g.player.id)
    return {**view, "revision": game.revision, "clocks": clocks(game.record)}


@blp.route("/<game_id:game_id>", methods=["GET"])
@blp.built_response(200, GameView)
def show(game_id: str) -> GameView:
    """Your view of the game, its version, who must act and your legal moves; a public game's
    spectator view for anyone else."""
    game, seat = services().games.loading.for_viewer(game_id, g.player)
    return seen(game, seat)


@blp.route("/<game_id:game_id>/join", methods=["POST"])
@blp.arguments(JoinSchema, required=False)
@blp.built_response(200, GameView)
def join(body: dict[str, Any], game_id: str) -> GameView:
    """Take your seat, with your contribution to the seed; the last seat starts the game."""
    game = services().games.seating.join(g.player, game_id, body.get("contribution"))
    return presenters.view(game, game.seat_of(g.player.id), g.player.id)


@blp.route("/<game_id:game_id>/decline", methods=["POST"])
@blp.built_response(200, GameView)
def decline(game_id: str) -> GameView:
    """Turn down an invitation to a game that has not started: your seat is free again, and the
    game leaves your list (the answer is the game as anyone may see it)."""
    return presenters.view(services().games.seating.decline(g.player, game_id), None, g.player.id)


@blp.route("/<game_id:game_id>/cancel", methods=["POST"])
@blp.built_response(200, GameView)
def cancel(game_id: str) -> GameView:
    """Call off a game you created, before it starts; its players are told."""
    game = services().games.seating.cancel(g.player, game_id)
    return presenters.view(game, game.seat_of(g.player.id), g.player.id)


@blp.route("/<game_id:game_id>/rematch", methods=["POST"])
@blp.arguments(JoinSchema, required=False)
@blp.built_response(200, GameView)
def rematch(body: dict[str, Any], game_id: str) -> GameView:
    """Play a finished game again: the same type, options and players, each a seat further
    round the table. The first to ask makes the new game and the others are invited; asking
    after that takes your seat in it."""
    game = services().games.seating.rematch(g.player, game_id, body.get("contribution"))
    return presenters.view(game, game.seat_of(g.player.id), g.player.id)


@blp.route("/<game_id:game_id>/moves", methods=["POST"])
@blp.arguments(MoveSchema)
@blp.built_response(200, GameView)
@blp.doc(
    parameters=[
        {
            "in": "header",
            "name": IDEMPOTENCY_HEADER,
            "schema": {"type": "string", "minLength": 1, "maxLength": MAX_IDEMPOTENCY_KEY},
            "description": "a retry with the same key returns the first answer; the same key "
            "with another move is refused (422 idempotency_key_reused)",
        }
    ]
)
def move(body: dict[str, Any], game_id: str) -> GameView:
    """Make a move: JSON, a list of steps, or text notation (`play R7 draw deck`)."""
    key = idempotency_key(request)
    made = services().games.moving.submit(
        g.player, game_id, body["move"], body["expected_version"], key
    )
    return presenters.moved(made)


def idempotency_key(asked: Request) -> str | None:
    """The request's Idempotency-Key, if it sent one (400 if it is empty or too long)."""
    key = asked.headers.get(IDEMPOTENCY_HEADER)
    if key is not None and not 0 < len(key) <= MAX_IDEMPOTENCY_KEY:
        raise Invalid(
            N_("an Idempotency-Key is 1-%(most)d characters"),
            code="bad_idempotency_key",
            values={"most": MAX_IDEMPOTENCY_KEY},
        )
    return key


@blp.route("/<game_id:game_id>/resign", methods=["POST"])
@blp.built_response(200, GameView)
def resign(game_id: str) -> GameView:
    return presenters.moved(services().games.moving.resign(g.player, game_id))


@blp.route("/<game_id:game_id>/login-link", methods=["POST"])
@blp.dumped_response(201, LoginLink)
def login_link(game_id: str) -> LoginLink:
    """A fresh link that opens the game in a browser, logged in as you (`turnpost open`): it
    works once, for `TURNPOST_LOGIN_LINK_LIFETIME`, and not after you rotate your token."""
    services().games.loading.for_player(game_id, g.player)
    link = services().links.make(g.player, game_id)
    return {"url": link.url, "expires": link.expires}


@blp.route("/<game_id:game_id>/log", methods=["GET"])
@blp.arguments(LogQuery, location="query")
@blp.dumped_response(200, Log)
def log(query: dict[str, Any], game_id: str) -> Log:
    """The game's history after version `since`, as you may see it, each entry's `text` in your
    language, and the table talk since then (each message with the version it was said at)."""
    games, since = services().games, query["since"]
    game, seat, talk = games.loading.table(game_id, g.player)
    stored = games.loading.entries(game, since)
    entries = presenters.log(game, seat, since, stored, words_chosen())
    said = presenters.messages(game.record, 0, talk)
    messages = [message for message in said if message["version"] >= since]
    return {"version": game.version, "entries": entries, "messages": messages}


@blp.route("/<game_id:game_id>/wait", methods=["GET"])
@blp.arguments(WaitQuery, location="query")
@blp.built_response(200, GameView)
def wait(query: dict[str, Any], game_id: str) -> GameView:
    """Long poll: answers as soon as the game differs from the `version` and `revision` you
    give (the revision, from the game's view or an earlier wait, also counts joins, declines,
    cancels and rematches asked for; without one, changes from when the poll began), or at
    `timeout` seconds (capped by the server) with `changed: false`; on a finished or cancelled
    game, at once. The answer is the game as it is then. Table talk does not wake it (read it
    with `messages`). A player holds at most `TURNPOST_WAITS_PER_PLAYER` polls waiting at once
    (429 `too_many_waits` past that), and a busy server may ask a poll to come back later (503
    `busy`); both say when in Retry-After."""
    game, seat, changed = wait_for(
        g.player, game_id, query["version"], query.get("revision"), query["timeout"]
    )
    return {**seen(game, seat), "changed": changed}
