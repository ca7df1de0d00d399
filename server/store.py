"""A game's data in Redis: its meta hash, its append-only log, its snapshot.

Every change to a running game is one Lua script call, so it is atomic: the log grows only if
its length still equals the version the caller saw, and the meta, the snapshot, the idempotency
record and the announcement change in the same step. Nothing is read-modify-written from Python.

Every script that changes a game announces it on the game's channel (`PUBLISH` to the name of
its log key): long polls (`wait_for_change`, on one subscription per process: `server.waits`)
and the mail worker's relay listen there, and the web process pays no round trip of its own to
tell them.

An idempotency record holds the request's fingerprint and the whole answer to the move (the
mover's view), kept for weeks so a late resend, by email too, is recognised (`server.idempotency`
makes and reads them). Uncompressed, these records were nine tenths of a finished game's memory
(see docs/performance.md); zlib halves them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import orjson
from redis.cluster import RedisCluster
from redis.commands.core import Script

from server import keys
from server.domain.errors import Unavailable
from server.encoding import encoded
from server.redis_client import Client, as_bytes, as_text
from server.waits import Waits

# KEYS: log, meta, snap, idem.
# ARGV: expected version, idem ttl (0: none), idem record, snapshot version (0: none),
#       snapshot tag, snapshot blob, the log's expected last entry, number of meta pairs,
#       the pairs..., the entries...
# The log must still end with the entry the move was made after: its length alone does not
# tell a log that lost entries and took others in their place (see server.held_states).
# A record already under the key is returned, nothing appended: the caller answers with it, or
# refuses a request that is not the one it was made for (server.idempotency).
APPEND = """
local ttl = tonumber(ARGV[2])
if ttl > 0 then
  local prior = redis.call('GET', KEYS[4])
  if prior then
    redis.call('SET', KEYS[4], prior, 'KEEPTTL')  -- a write to WAIT for; see REPLAY
    return {'replayed', prior}
  end
end
local version = redis.call('LLEN', KEYS[1])
local last = version > 0 and redis.call('LINDEX', KEYS[1], -1) or ''
if version ~= tonumber(ARGV[1]) or last ~= ARGV[7] then return {'stale', tostring(version)} end
if redis.call('HGET', KEYS[2], 'status') ~= 'active' then return {'inactive', tostring(version)} end
local pairs_count = tonumber(ARGV[8])
for i = 9, 8 + 2 * pairs_count, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
local first_entry = 9 + 2 * pairs_count
for i = first_entry, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
local new_version = version + #ARGV - first_entry + 1
if tonumber(ARGV[4]) > 0 then
  redis.call('HSET', KEYS[3], 'version', ARGV[4], 'tag', ARGV[5], 'state', ARGV[6])
end
if ttl > 0 then redis.call('SET', KEYS[4], ARGV[3], 'EX', ttl) end
redis.call('PUBLISH', KEYS[1], new_version)
return {'appended', tostring(new_version)}
"""

CONFIRM_TIMEOUT_MS = 1000

# KEYS: meta, log (its name is the channel).  ARGV: the meta pairs.  A game's meta appears
# whole or not at all.
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
redis.call('PUBLISH', KEYS[2], 0)
return 1
"""

# KEYS: meta, log (its name is the channel).  ARGV: field, the value it must still have, then
# the pairs to set.  A compare-and-set on one key: what WATCH/MULTI does, in one step that also
# runs on Redis Cluster.
UPDATE_IF = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('PUBLISH', KEYS[2], redis.call('LLEN', KEYS[2]))
return 1
"""

# KEYS: an idempotency record.  Returns it, rewritten unchanged: a write of this connection that
# replicates after the record, so WAIT/WAITAOF right after it also confirm the record.
REPLAY = """
local prior = redis.call('GET', KEYS[1])
if prior then redis.call('SET', KEYS[1], prior, 'KEEPTTL') end
return prior
"""

# KEYS: meta, snap, log.  ARGV: the version of a state the caller holds (0: none), and the log
# entry that state ends with.  Returns, in one trip, the meta pairs and the log from where a
# replay is to start: the held state's version if that entry is still in its place (see
# server.held_states), else the snapshot, with the snapshot; and the log's last entry.
LOAD = """
local meta = redis.call('HGETALL', KEYS[1])
if #meta == 0 then return false end
local length = redis.call('LLEN', KEYS[3])
local last = redis.call('LINDEX', KEYS[3], -1) or ''
local held = tonumber(ARGV[1])
if held > 0 and held <= length and redis.call('LINDEX', KEYS[3], held - 1 - length) == ARGV[2] then
  return {meta, held, 1, '', '', redis.call('LRANGE', KEYS[3], held, -1), last}
end
local snap = redis.call('HMGET', KEYS[2], 'version', 'tag', 'state')
local from = tonumber(snap[1]) or 0
return {meta, from, 0, snap[2] or '', snap[3] or '', redis.call('LRANGE', KEYS[3], from, -1), last}
"""


@dataclass(frozen=True)
class Loaded:
    """A game as read in one round trip: its meta, and its log from `start` on, where a replay
    starts from the caller's held state (`from_held`), from the snapshot, or from the deal."""

    meta: dict[str, str]
    start: int
    from_held: bool
    snapshot_tag: str
    snapshot: bytes
    tail: list[bytes]
    last_entry: bytes
    """The log's last entry, as stored (empty if there is none)."""


@dataclass(frozen=True)
class Appended:
    outcome: str  # appended | stale | inactive | replayed
    value: str  # the new or current version
    record: bytes = b""  # replayed: the idempotency record found under the key


def encode_entry(entry: dict[str, Any]) -> bytes:
    """A log entry as stored."""
    return encoded(entry)


def appended(outcome: bytes, value: bytes) -> Appended:
    """The APPEND script's answer."""
    if outcome == b"replayed":
        return Appended("replayed", "", value)
    return Appended(outcome.decode(), value.decode())


def not_yet_safe() -> Unavailable:
    return Unavailable(
        "the move is made but not yet safe; send the same request again (with the same "
        "Idempotency-Key) to hear how it went"
    )


@dataclass(frozen=True)
class Confirmation:
    """What an appended move waits for before it is answered: `WAITAOF local replicas` (that
    many fsynced append-only files, Redis 7.2+) or `WAIT replicas` (that many replicas have it,
    so a Sentinel failover cannot drop it). Not needed when Redis syncs every write itself
    (`appendfsync always`, the embedded default) and has no replica to fail over to."""

    command: str
    counts: tuple[int, ...]

    def met(self, reply: Any) -> bool:
        got = reply if isinstance(reply, list) else [reply]
        return all(int(n) >= wanted for n, wanted in zip(got, self.counts, strict=True))


def confirmation(wait_aof: tuple[int, int] | None, wait_replicas: int) -> Confirmation | None:
    if wait_aof is not None:
        return Confirmation("WAITAOF", wait_aof)
    return Confirmation("WAIT", (wait_replicas,)) if wait_replicas else None


class RedisGameStore:
    """The game store (`server.domain.store.GameStore`) in Redis."""

    def __init__(
        self, client: Client, confirm: Confirmation | None = None, waits: Waits | None = None
    ) -> None:
        if confirm is not None and isinstance(client, RedisCluster):
            # WAIT/WAITAOF name no key, so a cluster client cannot send them to the master
            # that took the move; each master of a cluster syncs its own writes instead.
            raise RuntimeError(
                "TURNPOST_WAITAOF and TURNPOST_WAIT_REPLICAS need one master (plain Redis or "
                "Sentinel); on Redis Cluster run every master with appendfsync always"
            )
        self.client = client
        self.confirm = confirm
        self.waits = waits or Waits(client)
        self._create = client.register_script(CREATE)
        self._update_if = client.register_script(UPDATE_IF)
        self._append = client.register_script(APPEND)
        self._load = client.register_script(LOAD)
        self._replay = client.register_script(REPLAY)

    def create(self, game_id: str, meta: dict[str, str]) -> bool:
        """False if the id is taken (ids are random, so that means a collision, not a bug)."""
        pairs = [item for pair in {"id": game_id, **meta}.items() for item in pair]
        return bool(self._create(keys=self._meta_and_channel(game_id), args=pairs))

    def update_meta_if(
        self, game_id: str, field: str, expected: str, changes: dict[str, str]
    ) -> bool:
        """Set `changes` only if the meta's `field` still reads `expected`; False if it moved."""
        pairs = [item for pair in changes.items() for item in pair]
        updated = self._update_if(
            keys=self._meta_and_channel(game_id), args=[field, expected, *pairs]
        )
        return bool(updated)

    @staticmethod
    def _meta_and_channel(game_id: str) -> list[str]:
        return [keys.game(game_id, "meta"), keys.game(game_id, "log")]

    def meta(self, game_id: str) -> dict[str, str]:
        raw = self.client.hgetall(keys.game(game_id, "meta"))
        return {as_text(k): as_text(v) for k, v in raw.items()}

    def status(self, game_id: str) -> str | None:
        found = self.client.hget(keys.game(game_id, "meta"), "status")
        return as_text(found) if found is not None else None

    def version(self, game_id: str) -> int:
        return int(self.client.llen(keys.game(game_id, "log")))

    def metas(self, game_ids: list[str]) -> list[dict[str, str]]:
        pipe = self.client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hgetall(keys.game(game_id, "meta"))
        return [{k.decode(): v.decode() for k, v in raw.items()} for raw in pipe.execute()]

    def load(self, game_id: str, held_version: int = 0, held_entry: bytes = b"") -> Loaded | None:
        """The game, its log read on from `held_version` if the caller holds the state there
        and the log's entry at that version is still `held_entry` (see LOAD)."""
        found = self._load(
            keys=[keys.game(game_id, part) for part in ("meta", "snap", "log")],
            args=[held_version, held_entry],
        )
        if not found:
            return None
        pairs, start, from_held, tag, state, tail, last = found
        meta = {pairs[i].decode(): pairs[i + 1].decode() for i in range(0, len(pairs), 2)}
        return Loaded(
            meta, int(start), bool(from_held), tag.decode(), state or b"", list(tail), last or b""
        )

    def snapshot(self, game_id: str) -> tuple[int, str, bytes] | None:
        """The game's snapshot as stored, if it has one: its version, code tag and state."""
        version, tag, state = self.client.hmget(
            keys.game(game_id, "snap"), "version", "tag", "state"
        )
        return (int(version), as_text(tag), as_bytes(state)) if version and tag and state else None

    def log_raw(self, game_id: str, start: int = 0) -> list[bytes]:
        return [
            as_bytes(entry) for entry in self.client.lrange(keys.game(game_id, "log"), start, -1)
        ]

    def log(self, game_id: str, start: int = 0) -> list[dict[str, Any]]:
        return [orjson.loads(raw) for raw in self.log_raw(game_id, start)]

    def append(
        self,
        game_id: str,
        after: tuple[int, bytes],
        entries: list[bytes],
        meta: dict[str, str],
        *,
        snapshot: tuple[int, str, bytes] | None = None,
        idempotency_key: str | None = None,
        idempotency_ttl: int = 0,
        record: bytes = b"",
        before: Callable[[Client], object] | None = None,
    ) -> Appended:
        """Append `entries` (made by `encode_entry`) if the log still has the length and the
        last entry in `after`; see APPEND. `snapshot` is the state after them, if one is kept
        (its version, tag and bytes: `server.snapshots`). `record` is kept under
        `idempotency_key` for `idempotency_ttl` seconds. `before` sends what must be written
        first (see `_written`)."""
        snap_version, snap_tag, snap_blob = snapshot or (0, "", b"")
        pairs = [item for pair in meta.items() for item in pair]
        expected_version, expected_entry = after
        args: list[Any] = [
            expected_version,
            idempotency_ttl if idempotency_key else 0,
            record if idempotency_key else b"",
            snap_version,
            snap_tag,
            snap_blob,
            expected_entry,
            len(meta),
            *pairs,
            *entries,
        ]
        idem = idempotency_key or keys.game(game_id, "idem:none")
        touched = [keys.game(game_id, part) for part in ("log", "meta", "snap")] + [idem]
        (outcome, value), confirmed = self._written(self._append, touched, args, before)
        if outcome in (b"appended", b"replayed") and not confirmed:
            raise not_yet_safe()
        return appended(outcome, value)

    def idempotency_record(self, idempotency_key: str) -> bytes | None:
        """The record of a move sent with this key, if it was made. With a confirmation,
        only once the move is as safe as a new one would be (else 503): the record may be on a
        master that a failover is about to drop, so it is rewritten unchanged and WAITed for,
        which covers the move written before it."""
        stored = self.client.get(idempotency_key)
        found = None if stored is None else as_bytes(stored)
        if found is not None and self.confirm is not None:
            found, confirmed = self._written(self._replay, [idempotency_key], [])
            if found is not None and not confirmed:
                raise not_yet_safe()
        return found

    def _written(
        self,
        script: Script,
        touched: list[str],
        args: list[Any],
        before: Callable[[Client], object] | None = None,
    ) -> tuple[Any, bool]:
        """The script's answer, and whether its writes were confirmed (there may be nothing to
        confirm). `before` sends the commands that must be done first, such as a mark that the
        game is changing. On one Redis they all go in one round trip, a pipeline: Redis runs a
        connection's commands in the order sent, and WAIT and WAITAOF wait for the writes of
        their own connection. A cluster pipeline sends to each node apart, in no set order, so
        there `before` goes first, on its own (a cluster has no confirmation: see __init__)."""
        if isinstance(self.client, RedisCluster):
            if before is not None:
                before(self.client)
            return script(keys=touched, args=args), True
        pipe = self.client.pipeline(transaction=False)
        if before is not None:
            before(pipe)
        # EVAL, not EVALSHA: a pipeline running a registered script asks Redis whether it
        # knows the script first, which costs a round trip of its own.
        # (Registered from text: redis-py types a Script's text more widely than `eval` takes.)
        pipe.eval(cast(str, script.script), len(touched), *touched, *args)
        if self.confirm is not None:
            pipe.execute_command(self.confirm.command, *self.confirm.counts, CONFIRM_TIMEOUT_MS)
        replies = pipe.execute()
        if self.confirm is None:
            return replies[-1], True
        return replies[-2], self.confirm.met(replies[-1])

    def wait_for_change(self, game_id: str, version: int, deadline: float) -> bool:
        """Block until the log's length differs from `version`, `deadline` (monotonic) passes, or
        this process is stopping (`server.waits`)."""
        log_key = keys.game(game_id, "log")
        return self.waits.wait(log_key, lambda: self.client.llen(log_key) != version, deadline)

    def drop_snapshots(self) -> int:
        """Delete every snapshot (they are a cache); returns how many."""
        dropped = 0
        for key in self.client.scan_iter(match="{g:*}:snap", count=1000):
            dropped += int(self.client.delete(key))
        return dropped
