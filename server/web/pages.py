"""The pages of games: the front page, a game, and the forms that move in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import flash, get_flashed_messages, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from server.domain.errors import N_, Refusal
from server.domain.games.loaded import Game
from server.domain.games.seat_clocks import started
from server.domain.players.player import Player
from server.domain.players.quiet import zone
from server.http import language
from server.http.context import services
from server.http.errors import ApiError
from server.http.long_polls import wait_for
from server.http.refusals import refused
from server.presenters import games as presenters
from server.presenters.schemas import MAX_MOVE_TEXT
from server.web.blueprint import blp
from server.web.forms import bounded
from server.web.sessions import signed_in
from server.web.table.game_page import (
    HISTORY,
    TALK_SHOWN,
    Fresh,
    Position,
    Replay,
    Watched,
    game_page,
    history,
    position,
)
from server.web.table.positions import positions
from shared.engine import player_names
from shared.games import ENGINES
from shared.numbers import whole_number

MAX_KEY = 64
WAIT_SECONDS = 30
"""How long the page's script waits for a move at a time (the server may cap it lower)."""


@blp.get("/")
def index() -> str:
    return render_template("index.html")


@blp.get("/play/<game_id>")
def game(game_id: str) -> str:
    return show_game(game_id, signed_in())


def show_game(
    game_id: str,
    player: Player,
    refusal: ApiError | None = None,
    draft: str = "",
) -> str:
    """The game's page as it is now, for the player; a public game's for a spectator (403 for
    a private game's stranger, 404 for no game); with `?at=N`, as it stood after move N."""
    games = services().games
    found, seat, said = games.loading.table(game_id, player)
    watching = seat is None and not found.record.sits_or_invited(player.id)
    asked = request.args.get("at")
    replay = replayed(asked, found.version) if asked is not None else None
    whole = request.args.get("history") == "all" or replay is not None
    words = language.words_chosen()
    at = replay.at if replay else None

    def draw() -> Position:
        shown = games.loading.at_version(found, at) if at is not None else found
        since = 0 if whole else max(0, shown.version - HISTORY)
        stored = games.loading.entries(found, since)[: shown.version - since]
        return position(shown, seat, history(found, seat, stored, since, words), words, at)

    key = (
        found.id,
        found.version,
        found.last_entry,
        found.revision,
        seat,
        words.language,
        at,
        whole,
    )
    kept = positions().keep(key, draw)
    drafts = [str(text) for text in get_flashed_messages(category_filter=["draft"])]
    talk = [
        message
        for message in presenters.messages(found.record, 0, said)
        if at is None or message["version"] <= at
    ][-TALK_SHOWN:]
    now = services().clock()
    clocks = services().deadlines.of(found.record, now)
    deadlines = (
        []
        if replay
        else services().deadlines.sentences(found.record, seat, zone(player), now, words, clocks)
    )
    return game_page(
        kept,
        Fresh.made(),
        refusal=refusal,
        draft=draft or "".join(drafts[-1:]),
        talk=talk,
        deadlines=deadlines,
        watching=watching,
        replay=replay,
        in_rematch=in_rematch(found, player),
        watched=Watched(len(said), started(clocks)),
        asked=request.args.getlist("step") if "step" in request.args else None,
    )


def replayed(asked: str, latest: int) -> Replay:
    """The replay a page's `at` asks for (400 unless it is a version the game has reached)."""
    refusal = N_("replay a position from 0 to %(latest)d, the moves made")
    return Replay(bounded(asked, latest, refusal, "latest"), latest)


def in_rematch(game: Game, player: Player) -> bool:
    """Whether the player has taken a seat in the finished game's rematch."""
    if game.record.rematch is None:
        return False
    record = services().games.loading.record(game.record.rematch)
    return record is not None and record.seat_of(player.id) is not None


@blp.post("/play/<game_id>")
def move(game_id: str) -> Response | tuple[str, int]:
    """A move from the page: a button (`move`) or typed steps (`typed`), made as the API makes
    it, against the version the page showed and with the page's idempotency key."""
    player = signed_in()
    form = request.form
    typed = form.get("typed", "").strip()
    text = form.get("move", "").strip() or typed
    key = form.get("key", "")
    version = whole_number(form.get("version", ""))
    if not 0 < len(text) <= MAX_MOVE_TEXT or version is None:
        raise ApiError(
            400,
            "invalid_request",
            N_("choose a move, or type one of 1-%(most)d characters"),
            values={"most": MAX_MOVE_TEXT},
        )
    if not 0 < len(key) <= MAX_KEY:
        raise keyless()
    try:
        made = services().games.moving.submit(player, game_id, text, version, "web:" + key)
    except Refusal as refusal:
        api_error = refused(refusal)
        return show_game(game_id, player, api_error, typed), api_error.status
    flash_moved(presenters.moved(made))
    return redirect(url_for("web.game", game_id=game_id), 303)


def keyless() -> ApiError:
    """A form without its idempotency key: a page from before keys, or no page at all."""
    return ApiError(400, "invalid_request", N_("the form lacks its key: load the page again"))


def flash_moved(answer: Mapping[str, Any]) -> None:
    """What a move did, and the steps of its batch not tried, shown on the page after it."""
    engine = ENGINES[answer["game"]["type"]]
    words = language.words_chosen()
    names = player_names(answer["game"]["seats"], words)
    events = [engine.render_event(event, names, words=words) for event in answer["applied"]]
    flash("; ".join(events), "played")
    untried = answer.get("untried")
    if untried:
        flash(words.gettext("Not tried: %(reason)s.", reason=untried["message"]), "untried")
        flash("; ".join(engine.format_move(step) for step in untried["steps"]), "draft")


@blp.post("/play/<game_id>/join")
def join(game_id: str) -> Response:
    services().games.seating.join(signed_in(), game_id)
    return redirect(url_for("web.game", game_id=game_id), 303)


@blp.post("/play/<game_id>/say")
def say(game_id: str) -> Response | tuple[str, int]:
    """A message to the table from the page, said as the API says it (`Talking.say`), under the
    page's idempotency key: a form sent twice says it once."""
    player = signed_in()
    text, key = request.form.get("text", ""), request.form.get("key", "")
    if not 0 < len(key) <= MAX_KEY:
        raise keyless()
    try:
        services().games.talking.say(player, game_id, text, "web:" + key)
    except Refusal as refusal:
        api_error = refused(refusal)
        return show_game(game_id, player, api_error), api_error.status
    return redirect(url_for("web.game", game_id=game_id, _anchor="talk"), 303)


@blp.post("/play/<game_id>/resign")
def resign(game_id: str) -> Response | str:
    """Resigning, once confirmed: without `confirmed` (a page without script) the answer is a
    page that asks, whose form confirms; the page's script asks before it sends."""
    player = signed_in()
    if request.form.get("confirmed") != "yes":
        found, _ = services().games.loading.for_player(game_id, player)
        return render_template(
            "resign.html",
            game=presenters.public_game(found.record, player.id),
            title=found.engine.title_in(language.words_chosen()),
            short=game_id[:8],
        )
    flash_moved(presenters.moved(services().games.moving.resign(player, game_id)))
    return redirect(url_for("web.game", game_id=game_id), 303)


@blp.post("/play/<game_id>/rematch")
def rematch(game_id: str) -> Response:
    """A rematch asked for (the first to ask makes it) or taken (a seat in it), as the API's."""
    made = services().games.seating.rematch(signed_in(), game_id)
    return redirect(url_for("web.game", game_id=made.id), 303)


@blp.get("/play/<game_id>/wait")
def wait(game_id: str) -> dict[str, Any]:
    """For the page's script: answers when the game is no longer at the `version` and
    `revision` the page shows (a move, or a join, a decline or a cancel before it starts; a
    page from before revisions: changes from when the poll began), or when what else it shows
    has changed: the number of messages `said` at the table, the running `clocks`."""
    player = signed_in()
    version, seen, said = numbered("version"), numbered("revision"), numbered("said")
    if version is None:
        raise unshown()
    clocks = request.args.get("clocks")
    games = services().games

    def also() -> bool:
        heard = said is not None and games.talking.said_after(game_id, said)
        if heard or clocks is None:
            return heard
        record = games.loading.record(game_id)
        running = services().deadlines.of(record, services().clock()) if record else []
        return started(running) != clocks

    found, _, changed = wait_for(player, game_id, version, seen, WAIT_SECONDS, also)
    return {"changed": changed, "version": found.version, "revision": found.revision}


def numbered(name: str) -> int | None:
    """The wait's number `name` as the page sent it (None if not sent); 400 for anything but
    ASCII digits."""
    given = request.args.get(name)
    number = None if given is None else whole_number(given)
    if given is not None and number is None:
        raise unshown()
    return number


def unshown() -> ApiError:
    """A wait that does not say what the page shows."""
    return ApiError(400, "invalid_request", N_("give the version and revision the page shows"))
