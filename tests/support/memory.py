"""In-memory twins of the store and the players, keeping the promises of
`server.domain.service.ports` in plain dicts, for unit tests of the domain without Redis."""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import orjson

from server.domain.games.events import PlayerEvent
from server.domain.games.idempotency import Idempotency, Made
from server.domain.games.lists import Position
from server.domain.games.record import GameRecord
from server.domain.games.talk_rules import Limits, TalkOutcome
from server.domain.players.player import Player
from server.domain.service.facade import GameService
from server.domain.service.ports import (
    Appended,
    Awaited,
    Claimed,
    Loaded,
    MoveWrite,
    RecordWrite,
    Sending,
)


class MemoryGameStore:
    def __init__(self) -> None:
        self.records_by_id: dict[str, GameRecord] = {}
        self.logs: dict[str, list[bytes]] = {}
        self.snapshots: dict[str, tuple[int, str, bytes]] = {}
        self.requests: dict[str, dict[bytes, Made]] = {}
        self.talks: dict[str, list[dict[str, Any]]] = {}
        self.listed: dict[str, int] = {}
        self.events: list[PlayerEvent] = []
        """Every event told, in order."""

    def create(self, record: GameRecord, events: Sequence[PlayerEvent] = ()) -> bool:
        if record.id in self.records_by_id:
            return False
        self.records_by_id[record.id] = record
        self.logs[record.id] = []
        self.tell(events)
        return True

    def seat(self, write: RecordWrite) -> bool:
        before, on = write.before, write.on
        if getattr(self.records_by_id[before.id], on) != getattr(before, on):
            return False
        self.records_by_id[before.id] = write.after.changed(
            revision=self.records_by_id[before.id].revision + 1
        )
        self.tell(write.events)
        return True

    def tell(self, events: Sequence[PlayerEvent]) -> None:
        self.events.extend(events)

    def record(self, game_id: str) -> GameRecord | None:
        return self.records_by_id.get(game_id)

    def records(self, game_ids: list[str]) -> list[GameRecord | None]:
        return [self.record(game_id) for game_id in game_ids]

    def version(self, game_id: str) -> int:
        return len(self.logs.get(game_id, []))

    def load(
        self, game_id: str, cached: tuple[int, bytes] = (0, b""), talk: int | None = None
    ) -> Loaded | None:
        cached_version, cached_entry = cached
        record = self.records_by_id.get(game_id)
        if record is None:
            return None
        log = self.logs[game_id]
        last = log[-1] if log else b""
        said = None if talk is None else [orjson.dumps(m) for m in self.talk(game_id, talk)]
        if 0 < cached_version <= len(log) and log[cached_version - 1] == cached_entry:
            return Loaded(record, cached_version, True, "", b"", log[cached_version:], last, said)
        start, tag, blob = self.snapshots.get(game_id, (0, "", b""))
        return Loaded(record, start, False, tag, blob, log[start:], last, said)

    def snapshot(self, game_id: str) -> tuple[int, str, bytes] | None:
        return self.snapshots.get(game_id)

    def log_raw(self, game_id: str, start: int = 0, stop: int | None = None) -> list[bytes]:
        return list(self.logs.get(game_id, [])[start:stop])

    def log(self, game_id: str, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        return [orjson.loads(raw) for raw in self.log_raw(game_id, start, stop)]

    def compacted(self, game_ids: Iterable[str]) -> set[str]:
        return set()  # kept plain: the compact form is Redis's (`server.storage.games.archive`)

    def compact(self, game_id: str) -> bool:
        return False

    def append(self, game_id: str, move: MoveWrite) -> Appended:
        request = move.request
        if request is not None and request[0] in self.requests.get(game_id, {}):
            return Appended("replayed", "", self.requests[game_id][request[0]])
        log = self.logs[game_id]
        if len(log) != move.after[0] or (log[-1] if log else b"") != move.after[1]:
            return Appended("stale", str(len(log)))
        if self.records_by_id[game_id].status != "active":
            return Appended("inactive", str(len(log)))
        self.records_by_id[game_id] = move.record.changed(
            revision=self.records_by_id[game_id].revision + 1
        )
        log.extend(move.entries)
        if move.snapshot is not None:
            self.snapshots[game_id] = move.snapshot
        if request is not None:
            field, made = request
            self.requests.setdefault(game_id, {})[field] = made
        self.tell(move.events)
        return Appended("appended", str(len(log)))

    def made(self, game_id: str, idem: Idempotency, seat: int) -> Made | None:
        made = self.requests.get(game_id, {}).get(idem.field)
        return idem.check(made) if made is not None else None

    def say(
        self, game_id: str, seat: int, text: str, now: int, key: str, limits: Limits
    ) -> TalkOutcome:
        said = self.talks.setdefault(game_id, [])
        for number, message in enumerate(said, start=1):
            if key and message.get("key") == key:
                return TalkOutcome("said", number, message)
        recent = [m["at"] for m in said if m["seat"] == seat and m["at"] > now - limits.window]
        if len(recent) >= limits.per_window:
            return TalkOutcome("throttled", min(recent) + limits.window - now)
        if len(said) >= limits.most:
            return TalkOutcome("full", 0)
        message = {"seat": seat, "at": now, "version": self.version(game_id), "text": text}
        said.append({**message, **({"key": key} if key else {})})
        return TalkOutcome("said", len(said), said[-1])

    def talk(self, game_id: str, start: int = 0) -> list[dict[str, Any]]:
        return list(self.talks.get(game_id, [])[start:])

    def unsay(self, game_id: str, seat: int, text: str) -> None:
        said = self.talks.get(game_id, [])
        for number, message in enumerate(said):
            if message["seat"] == seat and message["text"] != text:
                kept = {name: message[name] for name in ("seat", "at", "version")}
                said[number] = {**kept, "text": text}

    def list_publicly(self, game_id: str, created: int) -> None:
        self.listed[game_id] = created

    def lobby_page(self, after: Position | None, count: int) -> list[Position]:
        return ranged(self.listed, after, count, newest_first=False)

    def unlist(self, game_ids: list[str]) -> None:
        for game_id in game_ids:
            self.listed.pop(game_id, None)

    def stamp(self, game_id: str) -> tuple[int, int]:
        return self.version(game_id), self.records_by_id[game_id].revision

    def wait_for_change(self, awaited: Awaited) -> bool:
        game_id = awaited.game_id
        while not awaited.met(self.stamp(game_id)) and time.monotonic() < awaited.deadline:
            time.sleep(0.01)
        return awaited.met(self.stamp(game_id))


def player(name: str = "ada", **fields: Any) -> Player:
    """A registered player, as the store would read them, with any `fields` given."""
    made = Player(f"id-{name}", name, f"{name}@example.org", "UTC", 0, "")
    return dataclasses.replace(made, **fields)


class MemoryRoster:
    def __init__(self, *names: str) -> None:
        self.players = {name: player(name) for name in names}
        self.games: dict[str, dict[str, float]] = {}

    def by_name(self, name: str) -> Player | None:
        return self.players.get(name)

    def get(self, player_id: str) -> Player | None:
        return next((p for p in self.players.values() if p.id == player_id), None)

    def add_game(self, player_id: str, game_id: str, created: float) -> None:
        self.games.setdefault(player_id, {})[game_id] = created

    def remove_game(self, player_id: str, game_id: str) -> None:
        self.games.get(player_id, {}).pop(game_id, None)

    def game_ids(self, player_id: str) -> list[str]:
        mine = self.games.get(player_id, {})
        return sorted(mine, key=mine.__getitem__, reverse=True)

    def shared_games(self, player_id: str, other_id: str) -> list[str]:
        theirs = self.games.get(other_id, {})
        return [game_id for game_id in self.game_ids(player_id) if game_id in theirs]

    def game_page(self, player_id: str, after: Position | None, count: int) -> list[Position]:
        return ranged(self.games.get(player_id, {}), after, count, newest_first=True)


def ranged(
    scored: Mapping[str, float], after: Position | None, count: int, newest_first: bool
) -> list[Position]:
    """Up to `count` members of `scored` after `after`, in a sorted set's order (by score, then
    member), as `server.storage.ranges` reads one."""
    order = sorted(((int(score), member) for member, score in scored.items()), reverse=newest_first)
    if after is not None:
        mark = (after.score, after.id)
        order = [place for place in order if (place < mark if newest_first else place > mark)]
    return [Position(score, member) for score, member in order[:count]]


class MemoryInvitations:
    """The invitations counted, as `server.storage.players.invitations` counts them in Redis."""

    def __init__(self) -> None:
        self.sent_by: dict[str, dict[tuple[str, str], float]] = {}
        self.waiting_on: dict[str, dict[tuple[str, str], float]] = {}
        self.made: dict[str, dict[str, float]] = {}

    def send(
        self, inviter: str, game_id: str, invitees: Sequence[str], now: float, most: Sending
    ) -> tuple[str, int]:
        made = self.made.setdefault(inviter, {})
        if most.made:
            for game, when in list(made.items()):
                if when <= now - 3600:
                    del made[game]
            if game_id not in made and len(made) >= most.made:
                return "made", max(1, math.ceil(min(made.values()) + 3600 - now))
        sent = self.sent_by.setdefault(inviter, {})
        new = [(game_id, invitee) for invitee in invitees if (game_id, invitee) not in sent]
        if len(sent) + len(new) > most.sent:
            return "sent", 0
        sent.update({member: now for member in new})
        if most.made:
            made[game_id] = now
        return "", 0

    def wait(self, invitee: str, game_id: str, inviter: str, now: float, most: int) -> bool:
        waiting = self.waiting_on.setdefault(invitee, {})
        if (game_id, inviter) not in waiting and len(waiting) >= most:
            return False
        waiting.setdefault((game_id, inviter), now)
        return True

    def release(
        self, inviter: str, game_id: str, invitees: Sequence[str], made: bool = False
    ) -> None:
        for invitee in invitees:
            self.sent_by.get(inviter, {}).pop((game_id, invitee), None)
            self.waiting_on.get(invitee, {}).pop((game_id, inviter), None)
        if made:
            self.made.get(inviter, {}).pop(game_id, None)

    def sent(self, inviter: str) -> list[Claimed]:
        return [Claimed(g, o, t) for (g, o), t in self.sent_by.get(inviter, {}).items()]

    def waiting(self, invitee: str) -> list[Claimed]:
        return [Claimed(g, o, t) for (g, o), t in self.waiting_on.get(invitee, {}).items()]


class MemoryBlocks:
    def __init__(self) -> None:
        self.blocks: dict[str, set[str]] = {}

    def blocked_among(self, player_id: str, others: Collection[str]) -> set[str]:
        return self.blocks.get(player_id, set()) & set(others)

    def blockers(self, player_id: str) -> set[str]:
        return {blocker for blocker, blocked in self.blocks.items() if player_id in blocked}


def service(store: MemoryGameStore, roster: MemoryRoster, **options: Any) -> GameService:
    """The game service over the in-memory store and players, counting invitations and
    keeping blocks in memory too (`book`, `blocks` and the rest may be given)."""
    options.setdefault("book", MemoryInvitations())
    options.setdefault("blocks", MemoryBlocks())
    return GameService(store, roster, **options)
