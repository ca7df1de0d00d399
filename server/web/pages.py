"""The pages of games: the front page, my games, a game, and the forms that move in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import flash, get_flashed_messages, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from server.domain.errors import Refusal
from server.domain.player import Player
from server.domain.quiet import zone
from server.http.context import services
from server.http.errors import ApiError
from server.http.long_polls import wait_for
from server.http.refusals import refused
from server.presenters import games as presenters
from server.presenters.schemas import MAX_MOVE_TEXT
from server.web.blueprint import blp
from server.web.game_page import HISTORY, TALK_SHOWN, Fresh, game_page, history
from server.web.sessions import signed_in
from shared.engine import player_names
from shared.games import ENGINES

MAX_KEY = 64
WAIT_SECONDS = 30
"""How long the page's script waits for a move at a time (the server may cap it lower)."""


@blp.get("/")
def index() -> str:
    return render_template("index.html")


@blp.get("/play")
def games() -> str:
    player = signed_in()
    records = services().games.records_for(player)
    return render_template("games.html", games=presenters.game_list(records, player.id, None))


@blp.get("/play/<game_id>")
def game(game_id: str) -> str:
    return drawn(game_id, signed_in())


def drawn(
    game_id: str,
    player: Player,
    refusal: ApiError | None = None,
    draft: str = "",
) -> str:
    """The game's page as it is now, for the player (403 or 404 unless they are in it)."""
    found, seat = services().games.for_player(game_id, player)
    whole = request.args.get("history") == "all"
    since = 0 if whole else max(0, found.version - HISTORY)
    lines = history(found, seat, services().games.entries(found, since), since)
    drafts = [str(text) for text in get_flashed_messages(category_filter=["draft"])]
    talk = presenters.messages(found.record, 0, services().games.talk(found))[-TALK_SHOWN:]
    told = services().deadlines.told(found.record, seat, zone(player), services().clock())
    return game_page(
        found,
        seat,
        lines,
        Fresh.made(),
        refusal=refusal,
        draft=draft or "".join(drafts[-1:]),
        talk=talk,
        deadlines=told,
        steps=request.args.getlist("step") if "step" in request.args else None,
    )


@blp.post("/play/<game_id>")
def move(game_id: str) -> Response | tuple[str, int]:
    """A move from the page: a button (`move`) or typed steps (`typed`), made as the API makes
    it, against the version the page showed and with the page's idempotency key."""
    player = signed_in()
    form = request.form
    typed = form.get("typed", "").strip()
    text = form.get("move", "").strip() or typed
    key = form.get("key", "")
    if not 0 < len(text) <= MAX_MOVE_TEXT or not form.get("version", "").isdigit():
        raise ApiError(
            400, "invalid_request", f"choose a move, or type one of 1-{MAX_MOVE_TEXT} characters"
        )
    if not 0 < len(key) <= MAX_KEY:
        raise ApiError(400, "invalid_request", "the form lacks its key: load the page again")
    try:
        made = services().games.submit(player, game_id, text, int(form["version"]), "web:" + key)
    except Refusal as refusal:
        told = refused(refusal)
        return drawn(game_id, player, told, typed), told.status
    told_of(presenters.moved(made))
    return redirect(url_for("web.game", game_id=game_id), 303)


def told_of(answer: Mapping[str, Any]) -> None:
    """What a move did, and the steps of its batch not tried, shown on the page after it."""
    engine = ENGINES[answer["game"]["type"]]
    names = player_names(answer["game"]["seats"])
    flash("; ".join(engine.render_event(event, names) for event in answer["applied"]), "played")
    untried = answer.get("untried")
    if untried:
        flash(f"Not tried: {untried['message']}.", "untried")
        flash("; ".join(engine.format_move(step) for step in untried["steps"]), "draft")


@blp.post("/play/<game_id>/join")
def join(game_id: str) -> Response:
    services().games.join(signed_in(), game_id)
    return redirect(url_for("web.game", game_id=game_id), 303)


@blp.get("/play/<game_id>/wait")
def wait(game_id: str) -> dict[str, Any]:
    """For the page's script: answers when the game is no longer at the `version` and
    `revision` the page shows (a move, or a join, a decline or a cancel before it starts; a
    page from before revisions: changes from when the poll began)."""
    player = signed_in()
    version, revision = request.args.get("version", ""), request.args.get("revision")
    if not version.isdigit() or not (revision is None or revision.isdigit()):
        raise ApiError(400, "invalid_request", "give the version and revision the page shows")
    seen = None if revision is None else int(revision)
    found, _, changed = wait_for(player, game_id, int(version), seen, WAIT_SECONDS)
    return {"changed": changed, "version": found.version, "revision": found.revision}
