"""A crash at any point: the state after every prefix of the Redis append-only file.

With `appendfsync always`, what survives a `kill -9` of Redis (or of a web worker between two of
its writes) is a prefix of the AOF, cut between commands (a script's writes are one MULTI/EXEC
block, loaded whole or not at all). So a scenario touching every multi-step write — registering,
creating a game with invitations, joining an open and a reserved seat, rotating a token, moving —
is recorded once, and the service is checked on each prefix: no 500, a name is either free or
belongs to a whole player with exactly one working token, a game's meta is whole or absent, every
listed game opens, and every seated player lists the game. So is the end of a game and its
compaction by the worker: at every point the game is whole, in one form or the other.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import redis

from server.domain.games.record import KEPT
from server.notify.job_context import Context
from server.notify.plan import plan
from server.presenters import games as presenters
from server.presenters.shapes import GameView
from server.runtime.redis_process import RedisProcess, free_port
from server.runtime.web_process import WebProcess
from server.settings import MailSettings
from server.storage import keys
from server.storage.redis_client import as_text, connect
from server.storage.services import Services
from tests.api_client import Endpoints
from tests.parts import LiveServer, service_config

NAMES = ["ada", "bo", "cy", "di"]
META_FIELDS = {
    "id", "type", "engine_version", "options", "seats", "seed", "commitment", "status",
    "creator", "created", "updated", "to_act", "result", "clock", "secret", "contributions",
    "head", "public", "revision",
}  # fmt: skip


def aof_commands(data: bytes) -> Iterator[list[bytes]]:
    """The commands of an append-only file (RESP arrays of bulk strings)."""
    position = 0
    while position < len(data):
        assert data[position : position + 1] == b"*", "an AOF holds only command arrays"
        end = data.index(b"\r\n", position)
        count, position = int(data[position + 1 : end]), end + 2
        command = []
        for _ in range(count):
            end = data.index(b"\r\n", position)
            length = int(data[position + 1 : end])
            command.append(data[end + 2 : end + 2 + length])
            position = end + 2 + length + 2
        yield command


def crash_points(data: bytes) -> list[list[list[bytes]]]:
    """The AOF cut into what loads as a unit: one command, or one MULTI...EXEC block."""
    units: list[list[list[bytes]]] = []
    block: list[list[bytes]] | None = None
    for command in aof_commands(data):
        name = command[0].upper()
        if name == b"MULTI":
            block = []
        elif name == b"EXEC":
            assert block is not None
            units.append(block)
            block = None
        elif block is not None:
            block.append(command)
        else:
            units.append([command])
    return units


def record_scenario(directory: Path) -> tuple[bytes, dict[str, list[str]], str]:
    """Runs the scenario on a Redis of its own; returns its AOF, every token each player was
    given (oldest first) and the game's id."""
    recorder = RedisProcess(directory, port=free_port(), appendfsync="always").start()
    server = WebProcess(
        {"REDIS_URL": recorder.url, "TURNPOST_REGISTRATION_LIMIT": "100 per minute"}
    ).start()
    try:
        clients = {name: Endpoints(server.url).client().register(name) for name in NAMES}
        ada, bo, cy, di = clients.values()
        created = ada.ok(
            "POST", "/games", json={"type": "lost-cities-dice", "seats": 3, "invite": ["bo"]}
        )
        game_id = created["game"]["id"]
        cy.ok("POST", f"/games/{game_id}/join")
        bo.ok("POST", f"/games/{game_id}/join")
        tokens = {name: [client.token or ""] for name, client in clients.items()}
        tokens["di"].append(di.ok("POST", "/me/token")["token"])
        view = ada.ok("GET", f"/games/{game_id}")
        mover = next(c for c in (ada, bo, cy) if c.ok("GET", f"/games/{game_id}")["your_turn"])
        mover.ok(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": "refuse", "expected_version": view["version"]},
            headers={"Idempotency-Key": "once"},
        )
    finally:
        server.stop()
        recorder.stop()
    return (directory / "appendonly.aof").read_bytes(), tokens, game_id


def load(client: redis.Redis, units: list[list[list[bytes]]]) -> None:
    client.flushall()
    pipe = client.pipeline(transaction=False)
    for unit in units:
        for command in unit:
            pipe.execute_command(*command)
    pipe.execute()


def check_whole(
    api: LiveServer, client: redis.Redis, tokens: dict[str, list[str]], game_id: str, at: int
) -> None:
    meta = {as_text(k): as_text(v) for k, v in client.hgetall(keys.game(game_id, "meta")).items()}
    assert not meta or set(meta) == META_FIELDS, (at, meta)
    for name, given in tokens.items():
        claimed = client.get(keys.player_name(name))
        working = []
        for token in given:
            me = api.client(token).call("GET", "/me")
            assert me.status_code in (200, 401), (at, me.text)
            if me.status_code == 200:
                working.append(token)
        if not claimed:
            continue
        assert len(working) == 1, (at, name, "a claimed name has exactly one working token")
        player = api.client(working[0])
        listed = player.ok("GET", "/games")["games"]
        for game in listed:
            assert player.ok("GET", f"/games/{game['id']}")["game"]["id"] == game["id"]
        shown = player.call("GET", f"/games/{game_id}")
        assert shown.status_code in (200, 403, 404), (at, shown.text)
        seated = meta and any(
            seat["name"] == name and seat["joined"] for seat in shown.json().get("game", {})
            .get("seats", [])
        )  # fmt: skip
        if seated:
            assert game_id in [game["id"] for game in listed], (at, name, "seated, not listed")
    for name in NAMES:
        taken = client.exists(keys.player_name(name))
        again = api.client().call(
            "POST", "/players", json={"name": name, "email": f"{name}@example.org"}
        )
        assert again.status_code == (409 if taken else 201), (at, name, again.text)


def test_every_crash_point_leaves_a_whole_service(
    api: LiveServer, redis_client: redis.Redis, tmp_path: Path
) -> None:
    aof, tokens, game_id = record_scenario(tmp_path / "recorded")
    units = crash_points(aof)
    assert len(units) > 30
    for at in range(len(units) + 1):
        load(redis_client, units[:at])
        check_whole(api, redis_client, tokens, game_id, at)


Sent = tuple[str, dict[str, Any], str, GameView]
"""A move as sent: the mover's token, the request (move, expected_version), its key, and its
answer."""


def record_compaction(directory: Path) -> tuple[bytes, list[str], str, list[Sent]]:
    """A game played to its end on a Redis of its own, every move sent with a key, then planned
    by the mail worker, which compacts it. Returns the AOF, the players' tokens, the game's id
    and the moves sent."""
    recorder = RedisProcess(directory, port=free_port(), appendfsync="always").start()
    try:
        client = connect(recorder.url)
        config = service_config(recorder.url)
        services = Services.build(config, client)
        registered = [services.players.register(n, f"{n}@example.org", "UTC") for n in NAMES[:2]]
        (ada, _), (bo, _) = registered
        games = services.games
        game = games.seating.create(ada, "lost-cities", 2, {"rounds": 1}, ["bo"])
        games.seating.join(bo, game.id)
        rnd, sent = random.Random(2), []
        for number in range(6):
            game = games.loading.load(game.id)
            (seat,) = game.engine.to_act(game.state)
            move = game.engine.format_move(rnd.choice(game.engine.legal_moves(game.state, seat)))
            player, token = registered[seat]
            key = f"move-{number}"
            body: dict[str, Any] = {"move": move, "expected_version": game.version}
            made = games.moving.submit(player, game.id, move, game.version, key)
            sent.append((token, body, key, presenters.moved(made)))
        games.moving.resign(bo, game.id)
        plan(
            Context.build_with_mail(config, client, MailSettings(maildir=directory / "mail")),
            game.id,
        )
        assert client.exists(keys.game(game.id, "archive"))
    finally:
        recorder.stop()
    tokens = [token for _, token in registered]
    return (directory / "appendonly.aof").read_bytes(), tokens, game.id, sent


def check_game_whole(
    api: LiveServer, client: redis.Redis, tokens: list[str], game_id: str, sent: list[Sent]
) -> list[Any]:
    """The game is in one form or the other, and reads the same in either: what each player
    sees of it, and every move's first answer to a resend."""
    found = client.scan_iter(match=f"{{g:{game_id}}}:*")
    parts = {key.decode().split("}:", 1)[1] for key in found} - {"mail:lock"}  # it expires
    archived = client.hexists(keys.game(game_id, "meta"), "archived")
    assert parts == {"meta", "archive"} if archived else {"meta", "log", "requests"} <= parts, parts
    meta = {as_text(k) for k in client.hkeys(keys.game(game_id, "meta"))}
    assert meta <= set(KEPT) if archived else meta >= META_FIELDS, meta
    players = [api.client(token) for token in tokens]
    seen = [
        [p.ok("GET", f"/games/{game_id}"), p.ok("GET", f"/games/{game_id}/log")] for p in players
    ]
    for token, body, key, answer in sent:
        again = api.client(token).call(
            "POST", f"/games/{game_id}/moves", json=body, headers={"Idempotency-Key": key}
        )
        assert again.status_code == 200 and again.json() == answer
    return seen


def test_every_crash_point_of_a_compaction_leaves_a_whole_game(
    api: LiveServer, redis_client: redis.Redis, tmp_path: Path
) -> None:
    aof, tokens, game_id, sent = record_compaction(tmp_path / "recorded")
    units = crash_points(aof)
    archive_key, log_key = (
        keys.game(game_id, "archive").encode(),
        keys.game(game_id, "log").encode(),
    )
    (compaction,) = [
        i for i, unit in enumerate(units) if any(archive_key in command for command in unit)
    ]
    assert any(c[0] == b"DEL" and log_key in c for c in units[compaction]), (
        "the plain form goes in the same step"
    )
    ended = max(i for i, unit in enumerate(units) if any(c[0] == b"RPUSH" for c in unit))
    seen = []
    for at in range(ended + 1, len(units) + 1):
        load(redis_client, units[:at])
        seen.append(check_game_whole(api, redis_client, tokens, game_id, sent))
        assert seen[-1] == seen[0], at
    assert ended + 1 <= compaction < len(units)
