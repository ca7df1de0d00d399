"""A game's data in Redis: its record (the meta hash: `server.domain.games.record`), its append-only
log, its snapshot, its request index; or, once it is finished and compacted, its record and its
archive.

Every change to a running game is one Lua script call, so it is atomic: the log grows only if
its length still equals the version the caller saw, and the meta, the snapshot, the request
index and the announcement change in the same step. Nothing is read-modify-written from Python.

Every script that changes a game announces it on the game's channel (`PUBLISH` to the name of
its log key, saying the game's status after the change: the worker's relay plans a game in play
first, `server.storage.games.watch`), and adds one to its revision (`GameRecord.revision`; a join
or a cancel changes the record, not the log's length): long polls (`wait_for_change`, on one
subscription per process: `server.storage.waits`) and the mail worker's relay listen there, and
the web process pays no round trip of its own to tell them. Compaction changes nothing anyone
sees, and says nothing.

The request index notes where each move sent with an idempotency key lies in the log, so that a
resend is answered by building its first answer again (`server.domain.games.idempotency`). A
finished game is compacted by one script (`compact`): its log, snapshot and index give way to an
archive of a few kilobytes (`server.storage.games.archive`), or, if a crash comes first, stay as
they were. Whatever reads a game's log reads it here, in either form (`load`, `log_raw`, `made`),
and never learns which.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, cast

import orjson
from redis.cluster import RedisCluster
from redis.commands.core import Script

from server.domain.encoding import encoded
from server.domain.errors import N_, Unavailable
from server.domain.games.events import Concern
from server.domain.games.idempotency import Idempotency, Made
from server.domain.games.lists import Position
from server.domain.games.record import (
    FINISHED,
    MOVED,
    GameRecord,
    changes,
    compared,
    decode,
    encode,
    packed,
)
from server.domain.games.talk_rules import Limits, Said, Spoken
from server.domain.service.ports import Appended, Loaded, Outcome, never
from server.settings import Config
from server.storage import keys
from server.storage.games import archive, clocks, mail_state
from server.storage.players import events as player_events
from server.storage.players.events import PlayerEvents
from server.storage.ranges import Ranges
from server.storage.redis_client import Client, as_bytes, as_text
from server.storage.waits import Waits

logger = logging.getLogger(__name__)

# KEYS: log, meta, snap, requests, then the players' events' keys (`player_events.TOLD`).
# ARGV: expected version, the request's field in the index ('': none), its note, snapshot
#       version (0: none), snapshot tag, snapshot blob, the log's expected last entry, number of
#       meta pairs, the pairs..., number of entries, the entries..., the players' events.
# The log must still end with the entry the move was made after: its length alone does not
# tell a log that lost entries and took others in their place (see
# server.domain.service.state_cache). A note already under the field is returned, nothing appended:
# the caller answers with the move it notes, or refuses a request that is not the one it was made
# for (server.domain.games.idempotency). A compacted game is finished (its `archived` is its
# length; the log key is gone).
APPEND = (
    player_events.TOLD
    + """
local field = ARGV[2]
if field ~= '' then
  local prior = redis.call('HGET', KEYS[4], field)
  if prior then
    redis.call('HSET', KEYS[4], field, prior)  -- a write to WAIT for; see MADE
    return {'replayed', prior}
  end
end
local archived = redis.call('HGET', KEYS[2], 'archived')
if archived then return {'inactive', archived} end
local version = redis.call('LLEN', KEYS[1])
local last = version > 0 and redis.call('LINDEX', KEYS[1], -1) or ''
if version ~= tonumber(ARGV[1]) or last ~= ARGV[7] then return {'stale', tostring(version)} end
if redis.call('HGET', KEYS[2], 'status') ~= 'active' then return {'inactive', tostring(version)} end
local pairs_count = tonumber(ARGV[8])
for i = 9, 8 + 2 * pairs_count, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
local first_entry = 10 + 2 * pairs_count
local last_entry = first_entry + tonumber(ARGV[first_entry - 1]) - 1
for i = first_entry, last_entry do redis.call('RPUSH', KEYS[1], ARGV[i]) end
local new_version = version + last_entry - first_entry + 1
if tonumber(ARGV[4]) > 0 then
  redis.call('HSET', KEYS[3], 'version', ARGV[4], 'tag', ARGV[5], 'state', ARGV[6])
end
if field ~= '' then redis.call('HSET', KEYS[4], field, ARGV[3]) end
redis.call('HINCRBY', KEYS[2], 'revision', 1)
redis.call('PUBLISH', KEYS[1], redis.call('HGET', KEYS[2], 'status') or '')
if #KEYS > 4 then told(5, last_entry + 1) end
return {'appended', tostring(new_version)}
"""
)

CONFIRM_TIMEOUT_MS = 1000

# KEYS: meta, log (its name is the channel), then the players' events' keys.  ARGV: how many
# items the meta pairs take, the pairs, the players' events (`player_events.TOLD`).  A game's
# meta appears whole or not at all.
CREATE = (
    player_events.TOLD
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local items = tonumber(ARGV[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 2, 1 + items))
redis.call('PUBLISH', KEYS[2], redis.call('HGET', KEYS[1], 'status') or '')
if #KEYS > 2 then told(3, 2 + items) end
return 1
"""
)

# KEYS: meta, log (its name is the channel), archive, then the players' events' keys.  ARGV:
# field, the value it must still have ('': it must be absent), the archive anew ('': as it is),
# how many items the pairs to set take, the pairs, the players' events (`player_events.TOLD`).
# A compare-and-set on one key: what WATCH/MULTI does, in one step that also runs on Redis
# Cluster. The log does not grow, so the revision says it changed (a long poll compares both).
UPDATE_IF = (
    player_events.TOLD
    + """
if (redis.call('HGET', KEYS[1], ARGV[1]) or '') ~= ARGV[2] then return 0 end
if ARGV[3] ~= '' then redis.call('SET', KEYS[3], ARGV[3]) end
local items = tonumber(ARGV[4])
if items > 0 then redis.call('HSET', KEYS[1], unpack(ARGV, 5, 4 + items)) end
redis.call('HINCRBY', KEYS[1], 'revision', 1)
redis.call('PUBLISH', KEYS[2], redis.call('HGET', KEYS[1], 'status') or '')
if #KEYS > 3 then told(4, 5 + items) end
return 1
"""
)

# KEYS: requests, the request's record from before the index (server.domain.games.idempotency),
# meta, archive.  ARGV: the request's field in the index, 1 to rewrite what is found.
# Where a request's move is noted: in the index, a record from before, or a compacted game's
# archive. Rewritten unchanged when asked: a write of this connection that replicates after
# it, so WAIT/WAITAOF right after it also confirm it, and the move written before it.
MADE = """
local rewrite = ARGV[2] == '1'
local noted = redis.call('HGET', KEYS[1], ARGV[1])
if noted then
  if rewrite then redis.call('HSET', KEYS[1], ARGV[1], noted) end
  return {'index', noted}
end
local record = redis.call('GET', KEYS[2])
if record then
  if rewrite then redis.call('SET', KEYS[2], record, 'KEEPTTL') end
  return {'record', record}
end
local archived = redis.call('HGET', KEYS[3], 'archived')
if archived then
  if rewrite then redis.call('HSET', KEYS[3], 'archived', archived) end
  return {'archive', redis.call('GET', KEYS[4])}
end
return false
"""

# KEYS: meta, snap, log, archive, and the talk if it is asked for.  ARGV: the version of a state
# the caller holds (0: none), the log entry that state ends with, and where in the talk to start.
# Returns, in one trip, the meta pairs and the log from where a replay is to start: the held
# state's version if that entry is still in its place (see server.domain.service.state_cache), else
# the snapshot, with the snapshot; and the log's last entry. For a compacted game: its meta pairs
# and its archive. The talk asked for comes last.
LOAD = """
local function loaded()
  local meta = redis.call('HGETALL', KEYS[1])
  if #meta == 0 then return false end
  if redis.call('HEXISTS', KEYS[1], 'archived') == 1 then
    return {meta, redis.call('GET', KEYS[4])}
  end
  local length = redis.call('LLEN', KEYS[3])
  local last = redis.call('LINDEX', KEYS[3], -1) or ''
  local held = tonumber(ARGV[1])
  if held > 0 and held <= length
     and redis.call('LINDEX', KEYS[3], held - 1 - length) == ARGV[2] then
    return {meta, held, 1, '', '', redis.call('LRANGE', KEYS[3], held, -1), last}
  end
  local snap = redis.call('HMGET', KEYS[2], 'version', 'tag', 'state')
  local from = tonumber(snap[1]) or 0
  local tail = redis.call('LRANGE', KEYS[3], from, -1)
  return {meta, from, 0, snap[2] or '', snap[3] or '', tail, last}
end
local found = loaded()
if found and #KEYS > 4 then table.insert(found, redis.call('LRANGE', KEYS[5], ARGV[3], -1)) end
return found
"""

# KEYS: meta, log, archive.  ARGV: LRANGE's first and last index.  The log's entries there; for
# a compacted game, its meta pairs and its archive.
READ = """
if redis.call('HEXISTS', KEYS[1], 'archived') == 1 then
  return {redis.call('HGETALL', KEYS[1]), redis.call('GET', KEYS[3])}
end
return {redis.call('LRANGE', KEYS[2], ARGV[1], ARGV[2])}
"""

# KEYS: meta, log, snap, requests, archive, then the game's other keys that go with its plain
# form.  ARGV: the log's length and last entry, and the record's revision, that the archive was
# made from, the archive, then the record's pairs in the compact form (`record.compacted`).
# The whole change or none of it: a crash leaves the game plain or compacted, never between.
# A record changed since it was read ('moved') is read again.
COMPACT = """
if redis.call('HGET', KEYS[1], 'status') ~= 'finished' then return 0 end
if redis.call('HEXISTS', KEYS[1], 'archived') == 1 then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
if (redis.call('LINDEX', KEYS[2], -1) or '') ~= ARGV[2] then return 0 end
if (redis.call('HGET', KEYS[1], 'revision') or '0') ~= ARGV[3] then return 'moved' end
redis.call('SET', KEYS[5], ARGV[4])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], unpack(KEYS, 6))
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
return 1
"""


# KEYS: talk, meta, log.  ARGV: seat, now, key digest ('': none), per window, window, most,
# text.  A message said once (a key already there returns its message), at most `per window`
# of one seat's in `window` seconds, at most `most` in all; stamped with the game's version
# (its log's length, or a compacted game's). No version changes, but the game's channel hears
# of it: a game's page shows its talk and waits for it (`server.http.long_polls`).
SAY = """
local seat, now, key = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local said = redis.call('LRANGE', KEYS[1], 0, -1)
local recent, oldest = 0, now
for i = #said, 1, -1 do
  local message = cjson.decode(said[i])
  if key ~= '' and message.key == key then return {'said', i, said[i]} end
  if message.seat == seat and message.at > now - tonumber(ARGV[5]) then
    recent = recent + 1
    oldest = math.min(oldest, message.at)
  end
end
if recent >= tonumber(ARGV[4]) then
  return {'throttled', tostring(oldest + tonumber(ARGV[5]) - now)}
end
if #said >= tonumber(ARGV[6]) then return {'full', '0'} end
local version = tonumber(redis.call('HGET', KEYS[2], 'archived') or redis.call('LLEN', KEYS[3]))
local message = {seat = seat, at = now, version = version, text = ARGV[7]}
if key ~= '' then message.key = key end
local stored = cjson.encode(message)
redis.call('RPUSH', KEYS[1], stored)
redis.call('PUBLISH', KEYS[3], redis.call('HGET', KEYS[2], 'status') or '')
return {'said', #said + 1, stored}
"""


def appended(outcome: bytes, value: bytes) -> Appended:
    """The APPEND script's answer."""
    if outcome == b"replayed":
        return Appended("replayed", "", Made.from_index(value))
    return Appended(cast(Outcome, outcome.decode()), value.decode())


def decoded(raw: Mapping[Any, Any] | Sequence[Any]) -> dict[str, str]:
    """A hash as Redis hands it over (a mapping, or a flat list from a script), as text."""
    pairs = raw.items() if isinstance(raw, Mapping) else zip(raw[::2], raw[1::2], strict=True)
    return {as_text(key): as_text(value) for key, value in pairs}


def record_of(raw: Mapping[Any, Any], blob: bytes | None = None) -> GameRecord | None:
    """A game's record from its meta hash as Redis hands it over, and its archive if it has
    one; None if it has none."""
    if not raw:
        return None
    return decode(decoded(raw), archive.record_text(blob) if blob else None)


def not_yet_safe(keyed: bool = True) -> Unavailable:
    """A move Redis took but could not yet confirm. Sent with a key, the same request tells
    how it went; sent without one, only the game's version can."""
    if keyed:
        return Unavailable(
            N_(
                "the move is made but not yet safe; send the same request again (with the same "
                "Idempotency-Key) to hear how it went"
            )
        )
    return Unavailable(
        N_(
            "the move is made but not yet safe; look at the game's version to see whether it "
            "stands before moving again"
        )
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
    """The game store (`server.domain.service.ports.GameStore`) in Redis."""

    def __init__(
        self,
        client: Client,
        confirm: Confirmation | None = None,
        waits: Waits | None = None,
        events: PlayerEvents | None = None,
    ) -> None:
        if confirm is not None and isinstance(client, RedisCluster):
            # WAIT/WAITAOF name no key, so a cluster client cannot send them to the master
            # that took the move; each master of a cluster syncs its own writes instead.
            raise RuntimeError(
                "TURNPOST_WAITAOF and TURNPOST_WAIT_REPLICAS need one master (plain Redis or "
                "Sentinel); on Redis Cluster run every master with appendfsync always"
            )
        self.client = client
        self.events = events or PlayerEvents.configured(client, Config())
        self.confirm = confirm
        self.waits = waits or Waits(client)
        self.ranges = Ranges(client)
        self._create = client.register_script(CREATE)
        self._update_if = client.register_script(UPDATE_IF)
        self._append = client.register_script(APPEND)
        self._load = client.register_script(LOAD)
        self._read = client.register_script(READ)
        self._made = client.register_script(MADE)
        self._compact = client.register_script(COMPACT)
        self._say = client.register_script(SAY)

    def create(self, record: GameRecord, told: Sequence[Concern] = ()) -> bool:
        """False if the id is taken (ids are random, so that means a collision, not a bug)."""
        pairs = [item for pair in encode(record).items() for item in pair]
        touched, args = self._told(told)
        created = self._create(
            keys=[*self._meta_and_channel(record.id)[:2], *touched],
            args=[len(pairs), *pairs, *args],
        )
        return self._told_apart(bool(created), told)

    def seat(
        self,
        before: GameRecord,
        after: GameRecord,
        on: str = "seats",
        told: Sequence[Concern] = (),
    ) -> bool:
        """Write what changed from `before` to `after` only if the field `on` is still as in
        `before`; False if it changed. A compacted game's archive holds the rest of its record
        (`server.domain.games.record.packed`), and is written anew if that changed."""
        pairs = [item for pair in changes(before, after).items() for item in pair]
        blob = b""
        if after.packed and packed(after) != packed(before):
            held = self.client.get(keys.game(before.id, "archive"))
            blob = archive.with_record(as_bytes(held), packed(after)) if held else b""
        touched, args = self._told(told)
        updated = self._update_if(
            keys=[*self._meta_and_channel(before.id), *touched],
            args=[*compared(before, on), blob, len(pairs), *pairs, *args],
        )
        return self._told_apart(bool(updated), told)

    def tell(self, told: Sequence[Concern]) -> None:
        self.events.tell(told)

    def _told(self, told: Sequence[Concern]) -> tuple[list[str], list[Any]]:
        """The keys and arguments that write a change's events in its own script."""
        return self.events.told(told) if told and not self.events.apart else ([], [])

    def _told_apart(self, changed: bool, told: Sequence[Concern]) -> bool:
        """On a Cluster, the events of a change made, written right after it."""
        if changed and told and self.events.apart:
            self.events.tell(told)
        return changed

    @staticmethod
    def _meta_and_channel(game_id: str) -> list[str]:
        return [keys.game(game_id, part) for part in ("meta", "log", "archive")]

    def record(self, game_id: str) -> GameRecord | None:
        return self.records([game_id])[0]

    def records(self, game_ids: list[str]) -> list[GameRecord | None]:
        pipe = self.client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hgetall(keys.game(game_id, "meta"))
            pipe.get(keys.game(game_id, "archive"))
        found = pipe.execute()
        return [record_of(raw, blob) for raw, blob in zip(found[::2], found[1::2], strict=True)]

    def load(
        self, game_id: str, held_version: int = 0, held_entry: bytes = b"", talk: int | None = None
    ) -> Loaded | None:
        """The game, its log read on from `held_version` if the caller holds the state there
        and the log's entry at that version is still `held_entry` (see LOAD); and with `talk`,
        its table talk from there on, in the same round trip."""
        parts = ("meta", "snap", "log", "archive") + (() if talk is None else ("talk",))
        found = self._load(
            keys=[keys.game(game_id, part) for part in parts],
            args=[held_version, held_entry, talk or 0],
        )
        if not found:
            return None
        said = None if talk is None else list(found.pop())
        pairs, *rest = found
        record = decode(decoded(pairs), archive.record_text(rest[0]) if len(rest) == 1 else None)
        if len(rest) == 1:  # compacted
            if archive.holds(record, held_version, held_entry):
                return Loaded(record, held_version, True, "", b"", [], held_entry, said)
            log = archive.entries(record, rest[0])
            return Loaded(record, 0, False, "", b"", log, log[-1] if log else b"", said)
        start, from_held, tag, state, tail, last = rest
        return Loaded(
            record,
            int(start),
            bool(from_held),
            tag.decode(),
            state or b"",
            list(tail),
            last or b"",
            said,
        )

    def snapshot(self, game_id: str) -> tuple[int, str, bytes] | None:
        """The game's snapshot as stored, if it has one: its version, code tag and state."""
        version, tag, state = self.client.hmget(
            keys.game(game_id, "snap"), "version", "tag", "state"
        )
        return (int(version), as_text(tag), as_bytes(state)) if version and tag and state else None

    def log_raw(self, game_id: str, start: int = 0, stop: int | None = None) -> list[bytes]:
        """The log's entries from `start` up to `stop` (the end if None), as stored."""
        found = self._read(
            keys=[keys.game(game_id, part) for part in ("meta", "log", "archive")],
            args=[start, -1 if stop is None else stop - 1],
        )
        if len(found) == 1:
            return list(found[0]) if stop is None or stop > start else []
        pairs, blob = found
        return archive.entries(decode(decoded(pairs), archive.record_text(blob)), blob)[start:stop]

    def log(self, game_id: str, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        return [orjson.loads(raw) for raw in self.log_raw(game_id, start, stop)]

    def compacted(self, game_ids: Iterable[str]) -> set[str]:
        """Which of these games are compacted."""
        ordered = list(game_ids)
        pipe = self.client.pipeline(transaction=False)
        for game_id in ordered:
            pipe.hexists(keys.game(game_id, "meta"), "archived")
        return {game_id for game_id, yes in zip(ordered, pipe.execute(), strict=True) if yes}

    def version(self, game_id: str) -> int:
        """The log's length, in either form."""
        return self.stamp(game_id)[0]

    def stamp(self, game_id: str) -> tuple[int, int]:
        """The game's version (the log's length, in either form) and its revision, in one
        round trip: together they change with every change to the game."""
        pipe = self.client.pipeline(transaction=False)
        pipe.llen(keys.game(game_id, "log"))  # first: a game compacted in between has both
        pipe.hmget(keys.game(game_id, "meta"), "archived", "revision")
        length, (archived, revision) = pipe.execute()
        return int(archived) if archived is not None else int(length), int(revision or 0)

    def append(
        self,
        game_id: str,
        after: tuple[int, bytes],
        entries: list[bytes],
        record: GameRecord,
        *,
        snapshot: tuple[int, str, bytes] | None = None,
        request: tuple[bytes, Made] | None = None,
        before: Callable[[Client], object] | None = None,
        told: Sequence[Concern] = (),
    ) -> Appended:
        """Append `entries` (made by `server.domain.games.entries.encode_entry`) if the log still
        has the length and the last entry in `after`; see APPEND. `snapshot` is the state after
        them, if one is kept (its version, tag and bytes: `server.domain.games.snapshots`).
        `request` is the move's field in the request index and its note, if it was sent with a key.
        `record` is the game's record after them: what a move changes of it (`MOVED`) is written.
        `before` sends what must be written first (see `_written`); `told` the move's events for
        players' waits, written if it is."""
        snap_version, snap_tag, snap_blob = snapshot or (0, "", b"")
        field, made = request or (b"", None)
        changed = encode(record, MOVED)
        pairs = [item for pair in changed.items() for item in pair]
        expected_version, expected_entry = after
        args: list[Any] = [
            expected_version,
            field,
            made.noted() if made else b"",
            snap_version,
            snap_tag,
            snap_blob,
            expected_entry,
            len(changed),
            *pairs,
            len(entries),
            *entries,
        ]
        touched = [keys.game(game_id, part) for part in ("log", "meta", "snap", "requests")]
        told_keys, told_args = self._told(told)
        (outcome, value), confirmed = self._written(
            self._append, [*touched, *told_keys], [*args, *told_args], before
        )
        self._told_apart(outcome == b"appended", told)
        if outcome in (b"appended", b"replayed") and not confirmed:
            raise not_yet_safe(keyed=request is not None)
        return appended(outcome, value)

    def made(self, game_id: str, idem: Idempotency, seat: int) -> Made | None:
        """The move `seat` made with this request's key, if it made one; 422 if the key was
        another request's (`Idempotency.check`). With a confirmation, only once the move is as
        safe as a new one would be (else 503): what notes it may be on a master that a failover
        is about to drop, so it is read again, rewritten unchanged and WAITed for (see MADE)."""
        touched = [
            keys.game(game_id, "requests"),
            keys.idempotency(game_id, idem.player_id, idem.key),
            keys.game(game_id, "meta"),
            keys.game(game_id, "archive"),
        ]
        made = self._made_in(self._made(keys=touched, args=[idem.field, 0]), idem, seat)
        if made is None or self.confirm is None:
            return made
        found, confirmed = self._written(self._made, touched, [idem.field, 1])
        if not confirmed:
            raise not_yet_safe()
        return self._made_in(found, idem, seat)

    @staticmethod
    def _made_in(found: Any, idem: Idempotency, seat: int) -> Made | None:
        """The move a MADE answer notes for this request."""
        if not found:
            return None
        form, value = found
        if form == b"index":
            made: Made | None = Made.from_index(value)
        elif form == b"record":
            made = Made.from_record(value)
        else:
            made = archive.made(value, seat, idem.expected_version, idem.tag)
        return idem.check(made) if made is not None else None

    def compact(self, game_id: str) -> bool:
        """Put a finished game in its compact form (`server.storage.games.archive`), and delete with
        its plain form what the mail worker kept of it (`server.storage.games.mail_state`,
        `server.storage.games.clocks`), in one script (COMPACT). False if it is not finished, is
        compacted already, or would not come back whole from its archive (it stays plain). Its
        record is read again if it changed meanwhile (a rematch asked for, a seat vacated)."""
        while True:
            pipe = self.client.pipeline(transaction=False)
            pipe.hgetall(keys.game(game_id, "meta"))
            pipe.lrange(keys.game(game_id, "log"), 0, -1)
            pipe.hgetall(keys.game(game_id, "requests"))
            pipe.get(keys.game(game_id, "archive"))
            pairs, entries, requests, held = pipe.execute()
            record = record_of(pairs, held)
            if record is None or record.status != FINISHED or record.archived is not None:
                return False
            blob = archive.pack(record, entries, requests)
            done = record.changed(archived=len(entries))
            kept = encode(done.changed(packed=True))
            if blob is None or decode(kept, archive.record_text(blob)) != done:
                logger.warning("game %s would not come back whole compacted: kept plain", game_id)
                return False
            parts = ("meta", "log", "snap", "requests", "archive")
            along = [*mail_state.kept_with_game(game_id), *clocks.kept_with_game(game_id)]
            last = entries[-1] if entries else b""
            outcome = self._compact(
                keys=[*(keys.game(game_id, part) for part in parts), *along],
                args=[len(entries), last, record.revision, blob, *chain(*kept.items())],
            )
            if outcome != b"moved":
                return bool(outcome)

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

    def wait_for_change(
        self,
        game_id: str,
        seen: tuple[int, int],
        deadline: float,
        also: Callable[[], bool] = never,
    ) -> bool:
        """Block until the game's `stamp` differs from `seen` or `also()` comes true, or
        `deadline` (monotonic) passes, or this process is stopping (`server.storage.waits`)."""
        log_key = keys.game(game_id, "log")
        return self.waits.wait(log_key, lambda: self.stamp(game_id) != seen or also(), deadline)

    def say(self, game_id: str, seat: int, text: str, now: int, key: str, limits: Limits) -> Said:
        """See SAY."""
        outcome, value, *stored = self._say(
            keys=[keys.game(game_id, part) for part in ("talk", "meta", "log")],
            args=[seat, now, key, limits.per_window, limits.window, limits.most, text],
        )
        spoken = cast(Spoken, outcome.decode())
        return Said(spoken, int(value), orjson.loads(stored[0]) if stored else None)

    def talk(self, game_id: str, start: int = 0) -> list[dict[str, Any]]:
        return [
            orjson.loads(raw) for raw in self.client.lrange(keys.game(game_id, "talk"), start, -1)
        ]

    def unsay(self, game_id: str, seat: int, text: str) -> None:
        """Each message from `seat` rewritten in its place (LSET: the list's length, and so
        every message's number, stays); one already saying `text` is left as it is."""
        talk = keys.game(game_id, "talk")
        pipe = self.client.pipeline(transaction=False)
        for index, stored in enumerate(self.client.lrange(talk, 0, -1)):
            said = orjson.loads(stored)
            if said["seat"] == seat and said["text"] != text:
                kept = {name: said[name] for name in ("seat", "at", "version")}
                pipe.lset(talk, index, encoded({**kept, "text": text}).decode())
        pipe.execute()

    def list_publicly(self, game_id: str, created: int) -> None:
        self.client.zadd(keys.LOBBY, {game_id: created})

    def lobby_page(self, after: Position | None, count: int) -> list[Position]:
        return self.ranges.after(keys.LOBBY, after, count, newest_first=False)

    def unlist(self, game_ids: list[str]) -> None:
        if game_ids:
            self.client.zrem(keys.LOBBY, *game_ids)

    def drop_snapshots(self) -> int:
        """Delete every snapshot (they are a cache); returns how many."""
        dropped = 0
        for key in self.client.scan_iter(match=keys.game("*", "snap"), count=1000):
            dropped += int(self.client.delete(key))
        return dropped
