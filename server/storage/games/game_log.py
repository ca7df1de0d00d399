"""A game's record and log in Redis: its record (the meta hash: `server.domain.games.record`), its
append-only log, its snapshot, its request index; or, once it is finished and compacted, its
record and its archive. (Its table talk is `server.storage.games.game_talk`'s, the lobby
`server.storage.games.lobby_index`'s; `server.storage.games.game_store` puts the three together.)

Every change to a running game is one Lua script call, so it is atomic: the log grows only if
its length still equals the version the caller saw, and the meta, the snapshot, the request
index and the announcement change in the same step. Nothing is read-modify-written from Python.

Every script that changes a game announces it on the game's channel (`PUBLISH` to the name of
its log key, saying the game's status after the change: the worker's relay plans a game in play
first, `server.storage.games.watch`), and adds one to its revision (`GameRecord.revision`; a join
or a cancel changes the record, not the log's length): long polls (`wait_for_change`, on one
subscription per process: `server.storage.waits`) and the mail worker's relay listen there, and
the web process pays no round trip of its own to tell them. A move is marked for the worker
(`server.storage.games.watch`) just before its script and confirmed (`WAIT`/`WAITAOF`) just after
it, all in the move's one round trip (`server.storage.games.safe_writes`): the mark and the
pipeline are storage's own, so the domain never sees either. Compaction changes nothing anyone
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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import Any, cast

import orjson
from redis.cluster import RedisCluster

from server.domain.games.events import PlayerEvent
from server.domain.games.idempotency import Idempotency, Made
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
from server.domain.service.ports import (
    Appended,
    Awaited,
    Loaded,
    MoveWrite,
    Outcome,
    RecordWrite,
)
from server.settings import Config
from server.storage import keys
from server.storage.games import archive, clocks, log_scripts, mail_state
from server.storage.games.safe_writes import Confirmation, not_yet_safe, written
from server.storage.games.watch import GameWatch
from server.storage.players.events import PlayerEvents
from server.storage.redis_client import Client, as_bytes, as_text
from server.storage.waits import Waits

logger = logging.getLogger(__name__)


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


def stamped(game_id: str) -> list[str]:
    """The game's keys that a script of another family stamps with its version and status, and
    announces on (`server.storage.games.game_talk`'s SAY): its meta and its log."""
    return [keys.game(game_id, part) for part in ("meta", "log")]


@dataclass(frozen=True)
class LogOptions:
    """What a game's log works with beside its client, each made from the client if not given
    (none for `confirm` and `watch`): how a move's write is confirmed
    (`server.storage.games.safe_writes`), the process's waits, the players' events, and the
    worker's watch, marked before each move in the move's own round trip."""

    confirm: Confirmation | None = None
    waits: Waits | None = None
    events: PlayerEvents | None = None
    watch: GameWatch | None = None


BARE = LogOptions()
"""A log given nothing but its client (a command's or a test's)."""


class RedisGameLog:
    """A game's record and log (`server.domain.service.ports.GameLog`, `Kept`) in Redis."""

    def __init__(self, client: Client, options: LogOptions = BARE) -> None:
        confirm = options.confirm
        if confirm is not None and isinstance(client, RedisCluster):
            # WAIT/WAITAOF name no key, so a cluster client cannot send them to the master
            # that took the move; each master of a cluster syncs its own writes instead.
            raise RuntimeError(
                "TURNPOST_WAITAOF and TURNPOST_WAIT_REPLICAS need one master (plain Redis or "
                "Sentinel); on Redis Cluster run every master with appendfsync always"
            )
        self.client = client
        self.events = options.events or PlayerEvents.configured(client, Config())
        self.confirm = confirm
        self.waits = options.waits or Waits(client)
        self.watch = options.watch
        self._create = client.register_script(log_scripts.CREATE)
        self._update_if = client.register_script(log_scripts.UPDATE_IF)
        self._append = client.register_script(log_scripts.APPEND)
        self._load = client.register_script(log_scripts.LOAD)
        self._read = client.register_script(log_scripts.READ)
        self._made = client.register_script(log_scripts.MADE)
        self._compact = client.register_script(log_scripts.COMPACT)

    def create(self, record: GameRecord, events: Sequence[PlayerEvent] = ()) -> bool:
        """False if the id is taken (ids are random, so that means a collision, not a bug)."""
        pairs = [item for pair in encode(record).items() for item in pair]
        touched, args = self._events_args(events)
        created = self._create(
            keys=[*self._meta_and_channel(record.id)[:2], *touched],
            args=[len(pairs), *pairs, *args],
        )
        return self._events_apart(bool(created), events)

    def seat(self, write: RecordWrite) -> bool:
        """A compacted game's archive holds the rest of its record
        (`server.domain.games.record.packed`), and is written anew if that changed."""
        before, after = write.before, write.after
        pairs = [item for pair in changes(before, after).items() for item in pair]
        blob = b""
        if after.packed and packed(after) != packed(before):
            held = self.client.get(keys.game(before.id, "archive"))
            blob = archive.with_record(as_bytes(held), packed(after)) if held else b""
        touched, args = self._events_args(write.events)
        updated = self._update_if(
            keys=[*self._meta_and_channel(before.id), *touched],
            args=[*compared(before, write.on), blob, len(pairs), *pairs, *args],
        )
        return self._events_apart(bool(updated), write.events)

    def _events_args(self, events: Sequence[PlayerEvent]) -> tuple[list[str], list[Any]]:
        """The keys and arguments that write a change's events in its own script."""
        return self.events.script_args(events) if events and not self.events.apart else ([], [])

    def _events_apart(self, changed: bool, events: Sequence[PlayerEvent]) -> bool:
        """On a Cluster, the events of a change made, written right after it."""
        if changed and events and self.events.apart:
            self.events.tell(events)
        return changed

    @staticmethod
    def _meta_and_channel(game_id: str) -> list[str]:
        return [*stamped(game_id), keys.game(game_id, "archive")]

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
        self, game_id: str, cached: tuple[int, bytes] = (0, b""), talk: int | None = None
    ) -> Loaded | None:
        """The cached state's entry is checked in place by LOAD, and the table talk read in the
        same round trip."""
        cached_version, cached_entry = cached
        parts = ("meta", "snap", "log", "archive") + (() if talk is None else ("talk",))
        found = self._load(
            keys=[keys.game(game_id, part) for part in parts],
            args=[cached_version, cached_entry, talk or 0],
        )
        if not found:
            return None
        said = None if talk is None else list(found.pop())
        pairs, *rest = found
        record = decode(decoded(pairs), archive.record_text(rest[0]) if len(rest) == 1 else None)
        if len(rest) == 1:  # compacted
            if archive.holds(record, cached_version, cached_entry):
                return Loaded(record, cached_version, True, "", b"", [], cached_entry, said)
            log = archive.entries(record, rest[0])
            return Loaded(record, 0, False, "", b"", log, log[-1] if log else b"", said)
        start, from_cache, tag, state, tail, last = rest
        return Loaded(
            record,
            int(start),
            bool(from_cache),
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

    def append(self, game_id: str, move: MoveWrite) -> Appended:
        """The move written (see APPEND) if the log still has the length and the last entry it
        was made after; its events for players' waits are written if it is. The `watch` is
        marked first, in the same round trip (`server.storage.games.safe_writes.written`)."""
        entries, events, request = move.entries, move.events, move.request
        snap_version, snap_tag, snap_blob = move.snapshot or (0, "", b"")
        field, made = request or (b"", None)
        changed = encode(move.record, MOVED)
        pairs = [item for pair in changed.items() for item in pair]
        expected_version, expected_entry = move.after
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
        event_keys, event_args = self._events_args(events)
        mark = None if self.watch is None else partial(self.watch.changing, game_id)
        (outcome, value), confirmed = written(
            self.client,
            self.confirm,
            self._append,
            [*touched, *event_keys],
            [*args, *event_args],
            mark,
        )
        self._events_apart(outcome == b"appended", events)
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
        found, confirmed = written(self.client, self.confirm, self._made, touched, [idem.field, 1])
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

    def wait_for_change(self, awaited: Awaited) -> bool:
        """Woken by the game's channel, and ended early if this process is stopping
        (`server.storage.waits`)."""
        game_id = awaited.game_id
        log_key = keys.game(game_id, "log")
        return self.waits.wait(log_key, lambda: awaited.met(self.stamp(game_id)), awaited.deadline)

    def drop_snapshots(self) -> int:
        """Delete every snapshot (they are a cache); returns how many."""
        dropped = 0
        for key in self.client.scan_iter(match=keys.game("*", "snap"), count=1000):
            dropped += int(self.client.delete(key))
        return dropped
