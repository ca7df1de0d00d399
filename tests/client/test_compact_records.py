"""A compacted game keeps a few fields and its archive holds the rest of its record
(`server.domain.games.record.packed`); a game compacted before that form, its whole record in its
fields and its moves as they were in its archive (format 1), reads, replays and verifies as it
did."""

from __future__ import annotations

import json
import zlib

import redis

from server.domain.games.record import KEPT, encode
from server.storage import keys
from server.storage.games import archive
from server.storage.games.game_store import RedisGameStore
from server.storage.redis_client import as_bytes, as_text, hash_fields
from tests.support.terminal import PlayerFactory, finished_game, report


def as_compacted_before(redis_client: redis.Redis, game_id: str, log: list[bytes]) -> None:
    """The compacted game rewritten as compaction used to leave it: every field of its record
    in its meta hash, and an archive of the format-1 columns, each move as it was made."""
    store = RedisGameStore(redis_client)
    record = store.record(game_id)
    assert record is not None and record.packed
    stored = redis_client.get(keys.game(game_id, "archive"))
    assert stored is not None
    blob = as_bytes(stored)
    assert archive.record_text(blob) is not None
    data = zlib.decompress(blob[5 + int.from_bytes(blob[1:5], "big") :])
    length = int.from_bytes(data[1:5], "big")
    columns = json.loads(data[5 : 5 + length])
    columns["moves"] = [json.loads(entry)["move"] for entry in log]
    document = json.dumps(columns).encode()
    old = zlib.compress(
        bytes([1]) + len(document).to_bytes(4, "big") + document + data[5 + length :]
    )
    meta = keys.game(game_id, "meta")
    redis_client.delete(meta)
    redis_client.hset(meta, mapping=hash_fields(encode(record.changed(packed=False))))
    redis_client.set(keys.game(game_id, "archive"), old)
    assert archive.record_text(old) is None
    assert store.record(game_id) == record and not store.record(game_id).packed  # type: ignore[union-attr]


def test_a_game_compacted_the_old_way_reads_replays_and_verifies_as_it_did(
    player: PlayerFactory, redis_client: redis.Redis
) -> None:
    game_id, players = finished_game(player)
    shown = [(someone.json("show", game_id), someone.json("log", game_id)) for someone in players]
    reports = [report(someone, game_id) for someone in players]
    log = [as_bytes(entry) for entry in redis_client.lrange(keys.game(game_id, "log"), 0, -1)]
    store = RedisGameStore(redis_client)
    assert store.compact(game_id)
    meta = redis_client.hgetall(keys.game(game_id, "meta"))
    assert {as_text(field) for field in meta} <= set(KEPT)  # the rest is in the archive
    assert store.log_raw(game_id) == log
    as_compacted_before(redis_client, game_id, log)
    assert store.log_raw(game_id) == log
    assert [(p.json("show", game_id), p.json("log", game_id)) for p in players] == shown
    assert [report(someone, game_id) for someone in players] == reports
