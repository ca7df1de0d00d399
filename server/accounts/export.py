"""Everything turnpost keeps about a player, as one zip of JSON files (`GET /me/export`, and the
settings page's download).

A zip, not one JSON document: a player of many games gets one small file per game that any
tool opens alone, and a browser saves it as what it is. Each file holds what the player may
see through the API, made by the same presenters, so the archive can tell them nothing the
API would not (their own view of each game, never another's hand):

- `profile.json`: the profile (`GET /me`), past vacations, the webhooks they set (without
  their signing secrets, which are shown once, as tokens are) and the players they block;
- `games/<id>.json`: each game in their list as `GET /games/<id>` and its log show it to them;
- `talk.json`: every message they wrote, game by game;
- `ratings.json`: their record and rating in each game type, and every finished game.

Kept only as hashes, their token and calendar address are not in it: nobody can read them
back, the player included.
"""

from __future__ import annotations

import io
import zipfile
from datetime import UTC, datetime
from typing import Any

import orjson
from flask import Response

from server.accounts import blocking
from server.domain.games.loaded import Game
from server.domain.players.held_mail import held_mail
from server.domain.players.player import Player
from server.domain.players.quiet import zone
from server.presenters import games as presenters
from server.presenters.catalogs import words_for
from server.presenters.player_shapes import Profile
from server.presenters.players import profile, webhook
from server.storage.services import Services
from shared.games import ENGINES

FORMAT = 1
"""`profile.json`'s `export.format`: how the archive is laid out."""


def archive(found: Services, player: Player, own: Profile) -> bytes:
    """The zip of `player` (`own`: their profile as `GET /me` answers it)."""
    now = found.clock()
    games, talk = [], []
    for record in found.games.loading.records_for(player):
        if record is None or not record.sits_or_invited(player.id):
            continue  # never written, or a seat never taken
        game, seat = found.games.loading.for_player(record.id, player)
        games.append(game_file(found, game, seat, player))
        said = [m for m in games[-1]["talk"] if seat is not None and m["seat"] == seat]
        if said:
            talk.append({"game": game.id, "messages": said})
    files = {
        "profile.json": {
            "export": {"format": FORMAT, "made": int(now)},
            "profile": own,
            "vacations": [
                {"since": int(since), "until": int(until)}
                for since, until in found.vacations.intervals(player, now)
            ],
            "webhooks": webhooks(found, player, [g["game"]["game"]["id"] for g in games]),
            "blocks": blocking.blocked(found, player),
        },
        "talk.json": {"games": talk},
        "ratings.json": ratings(found, player),
        **{f"games/{g['game']['game']['id']}.json": g for g in games},
    }
    stamp = datetime.fromtimestamp(now, UTC).timetuple()[:6]
    written = io.BytesIO()
    with zipfile.ZipFile(written, "w", zipfile.ZIP_DEFLATED) as packed:
        for name, content in files.items():
            packed.writestr(zipfile.ZipInfo(name, stamp), orjson.dumps(content, option=INDENTED))
    return written.getvalue()


INDENTED = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS


def game_file(found: Services, game: Game, seat: int | None, player: Player) -> dict[str, Any]:
    """One game as the API shows it to the seat's player: its view, its whole log (in their
    language) and its talk (as they hear it)."""
    entries = found.games.loading.entries(game, 0)
    return {
        "game": {**presenters.view(game, seat, player.id), "revision": game.revision},
        "log": presenters.log(game, seat, 0, entries, words_for(player.language)),
        "talk": presenters.messages(game.record, 0, found.games.talking.talk(game, player.id)),
    }


def webhooks(found: Services, player: Player, game_ids: list[str]) -> dict[str, Any]:
    """The player's own webhook and those of the games they made, as they see them."""
    shown: dict[str, Any] = {"player": None, "games": {}}
    mine = found.hooks.get("player", player.id)
    if mine is not None:
        shown["player"] = webhook(mine, zone(player))
    for game_id in game_ids:
        hook = found.hooks.get("game", game_id)
        if hook is not None and hook.owner == player.id:
            shown["games"][game_id] = webhook(hook, zone(player))
    return shown


def ratings(found: Services, player: Player) -> dict[str, Any]:
    """As `GET /players/<name>` shows them, with every finished game rather than the latest."""
    records = found.games.loading.records_for(player)
    standings = found.standings.of(player.id, sorted(ENGINES))
    return {
        "records": {type_id: presenters.standing(s) for type_id, s in standings.items()},
        "games": presenters.history(records, player.id),
    }


def filename(player: Player, now: float) -> str:
    """What the archive is saved as: whose, and when it was made."""
    return f"turnpost-{player.name}-{datetime.fromtimestamp(now, UTC):%Y%m%d}.zip"


ZIP = "application/zip"


def own_profile(found: Services, player: Player) -> Profile:
    """One's own profile, with the state of one's vacation and of the mail held for one: what
    `GET /me` answers, and the archive's `profile.json`."""
    held = held_mail(found.outbox.waiting(player.id), player, found.clock())
    return profile(player, found.vacations.status(player), held)


def download(found: Services, player: Player) -> Response:
    """The player's archive as a download: the API's answer and the settings page's."""
    body = archive(found, player, own_profile(found, player))
    name = filename(player, found.clock())
    return Response(
        body,
        content_type=ZIP,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
