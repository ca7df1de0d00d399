"""What the service keeps in Redis, read behind its back: a game's log replayed through the
rules, its keys and their memory, and everything stored, for tests that check a request
changed nothing or left nothing of a player behind."""

from __future__ import annotations

import json
import zlib
from typing import Any, cast

import redis

from server.domain.service.facade import GameService
from server.storage import keys
from server.storage.redis_client import as_bytes, as_text
from server.storage.services import Services
from shared.engine import Engine
from shared.games import ENGINES
from shared.playout import replay
from tests.parts import LiveServer


def log_length(redis_client: redis.Redis, game_id: str) -> int:
    return int(redis_client.llen(keys.game(game_id, "log")))


def stored_game(
    redis_client: redis.Redis, game_id: str
) -> tuple[dict[str, str], Engine[Any], Any, list[dict[str, Any]]]:
    """The game as only the server may know it: its meta, its state replayed through the rules
    from the seed (an illegal or doubled move would raise), and its raw log entries (a torn
    one would not parse)."""
    raw = redis_client.lrange(keys.game(game_id, "log"), 0, -1)
    entries = [json.loads(entry) for entry in raw]
    meta = {
        as_text(k): as_text(v) for k, v in redis_client.hgetall(keys.game(game_id, "meta")).items()
    }
    engine = ENGINES[meta["type"]]
    seats, options = json.loads(meta["seats"]), json.loads(meta["options"])
    state = engine.new(len(seats), meta["seed"], options, int(meta["engine_version"]))
    state = replay(engine, state, [(entry["seat"], entry["move"]) for entry in entries])
    return meta, engine, state, entries


def replayed_log(redis_client: redis.Redis, game_id: str) -> list[dict[str, Any]]:
    """The game's stored log, after checking that every entry is whole, that it replays, and
    that it ends in the state the meta records."""
    meta, engine, state, entries = stored_game(redis_client, game_id)
    assert all(set(entry) == {"seat", "move", "event", "at", "prev"} for entry in entries)
    assert json.loads(meta["to_act"]) == list(engine.to_act(state))
    assert (meta["status"] == "finished") == (engine.result(state) is not None)
    return entries


def stored(redis_client: redis.Redis) -> dict[bytes, Any]:
    """Everything the service keeps, except the rate limiter's counters (every request counts),
    by content: a DUMP's bytes follow a large hash's internal order, which Redis may change on
    a mere read (incremental rehashing)."""
    return {
        key: content(redis_client, key)
        for key in redis_client.scan_iter()
        if not key.startswith(b"LIMITS:")
    }


def content(redis_client: redis.Redis, key: bytes) -> Any:
    kind = redis_client.type(key)
    if kind == b"hash":
        return redis_client.hgetall(key)
    if kind == b"set":
        return redis_client.smembers(key)
    if kind == b"list":
        return redis_client.lrange(key, 0, -1)
    if kind == b"zset":
        return redis_client.zrange(key, 0, -1, withscores=True)
    return redis_client.dump(key)  # a string or a stream: its bytes are its content


ZLIB_HEADERS = frozenset({b"\x78\x01", b"\x78\x5e", b"\x78\x9c", b"\x78\xda"})
"""How a zlib stream starts, at each level: RQ's job data and each part of a finished game's
archive (`server.storage.games.archive`) are such streams, whole or one after another."""


def unpacked(value: bytes) -> list[bytes]:
    """`value` and every zlib stream inside it, wherever it starts, decompressed (and what
    those hold in turn)."""
    found = [value]
    for start in range(len(value) - 1):
        if value[start : start + 2] in ZLIB_HEADERS:
            try:
                inner = zlib.decompressobj().decompress(value[start:])
            except zlib.error:
                continue
            found += unpacked(inner)
    return found


def everything(client: redis.Redis, match: str | None = None) -> bytes:
    """Every key of Redis (those matching `match`) and every value of every type (a hash's
    fields and values, a set's and a sorted set's members, a list's items, a stream's entries,
    a string), with every compressed part of any of them unpacked (`unpacked`: the worker's
    jobs, the archives of finished games), lower-cased: what a scan of a whole Redis finds."""
    found = []
    for key in client.scan_iter(match=match, count=1000):
        kind = client.type(key)
        values: list[Any]
        if kind == b"string":
            values = [as_bytes(client.get(key) or b"")]
        elif kind == b"hash":
            values = [item for pair in client.hgetall(key).items() for item in pair]
        elif kind == b"list":
            values = client.lrange(key, 0, -1)
        elif kind == b"set":
            values = list(client.smembers(key))
        elif kind == b"zset":
            # redis-py types a range without scores as one with them
            values = cast(list[bytes], client.zrange(key, 0, -1))
        else:
            values = [repr(client.xrange(key)).encode()]  # a stream: its entries, as text
        found += [key, *(part for value in values for part in unpacked(as_bytes(value)))]
    return b"\n".join(found).lower()


def game_keys(redis_client: redis.Redis, game_id: str) -> dict[str, int]:
    """The game's keys by part, with the memory each takes."""
    return {
        key.decode().split("}:", 1)[1]: int(redis_client.memory_usage(key, samples=0) or 0)
        for key in redis_client.scan_iter(match=f"{{g:{game_id}}}:*")
    }


def events_memory(redis_client: redis.Redis, player_id: str) -> int:
    """The memory of what the one wait keeps for a player (`{p:ID}:changes`)."""
    found = redis_client.scan_iter(match=f"{{p:{player_id}}}:changes*")
    return sum(int(redis_client.memory_usage(key, samples=0) or 0) for key in found)


def games_of(api: LiveServer) -> GameService:
    """The live server's game service, as its routes reach it."""
    services: Services = api.app.extensions["turnpost"]
    return services.games
