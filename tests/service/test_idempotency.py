"""An Idempotency-Key names one request: a resend of it gets the first answer, and the same key
sent with another move is refused with 422 `idempotency_key_reused`, writing nothing."""

from __future__ import annotations

import json
import zlib
from typing import Any

import redis

from server.domain.games.idempotency import fingerprint
from server.storage import keys
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import refused
from tests.support.games import mover_of, start_game
from tests.support.stored import stored

KEY = "my-move-1"


def turn(game_id: str, clients: list[ApiClient]) -> tuple[ApiClient, dict[str, Any]]:
    """The player to move in a two-player game, and their view."""
    seat, view = mover_of(game_id, clients)
    return clients[seat], view


def send(mover: ApiClient, game_id: str, move: str, version: int, key: str | None = KEY) -> Any:
    return mover.call(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": move, "expected_version": version},
        headers={"Idempotency-Key": key} if key else {},
    )


def test_a_key_reused_for_another_move_is_refused_and_writes_nothing(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    mover, view = turn(game_id, clients)
    version, legal = view["version"], [m["text"] for m in view["legal_moves"]]
    first = send(mover, game_id, legal[0], version)
    assert first.status_code == 200, first.text

    # The same request again, its body spelt otherwise (key order, spacing): the first answer.
    respelt = f'{{ "expected_version" : {version},  "move" : {json.dumps(legal[0])} }}'
    again = mover.call(
        "POST",
        f"/games/{game_id}/moves",
        data=respelt,
        headers={"Idempotency-Key": KEY, "Content-Type": "application/json"},
    )
    assert again.status_code == 200 and again.json() == first.json()

    before = stored(redis_client)
    # Another move against the same version: no longer answered with the first move's answer.
    refused(send(mover, game_id, legal[1], version), 422, "idempotency_key_reused")
    assert stored(redis_client) == before
    # The players go on; the key, reused for the mover's next turn, moves nothing.
    other, view = turn(game_id, clients)
    assert other is not mover
    assert send(other, game_id, view["legal_moves"][0]["text"], view["version"]).status_code == 200
    before = stored(redis_client)
    _, view = turn(game_id, clients)
    next_move = view["legal_moves"][0]["text"]
    refused(send(mover, game_id, next_move, view["version"]), 422, "idempotency_key_reused")
    assert stored(redis_client) == before
    # With a new key the move is made.
    assert send(mover, game_id, next_move, view["version"], "my-move-2").status_code == 200


def test_records_from_before_the_index_are_still_read(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """A move made before the request index left a record of its own, kept for weeks: a resend
    still finds its move through it, and one from before fingerprints answers any resend."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    mover, view = turn(game_id, clients)
    version, legal = view["version"], [m["text"] for m in view["legal_moves"]]
    first = send(mover, game_id, legal[0], version)
    redis_client.delete(keys.game(game_id, "requests"))  # what older code left: no index
    record_key = keys.idempotency(game_id, mover.player["id"], KEY)
    answer = zlib.compress(json.dumps(first.json()).encode())
    redis_client.set(record_key, fingerprint(legal[0], version).encode() + answer, ex=3600)
    again = send(mover, game_id, legal[0], version)
    assert again.status_code == 200 and again.json() == first.json()
    refused(send(mover, game_id, legal[1], version), 422, "idempotency_key_reused")
    redis_client.set(record_key, answer, keepttl=True)  # from before fingerprints
    again = send(mover, game_id, legal[1], version)
    assert again.status_code == 200 and again.json() == first.json()
