"""What the domain needs of a store, and nothing of how it keeps things, in parts by what they
are about: a game's record and append-only log (plain while the game runs, compacted once it
is over, read alike) with the index of the moves made with an idempotency key (`GameLog`), its
snapshot and compact form (`Kept`), its table talk (`TableTalk`), the lobby (`Lobby`); each job
of the service takes the parts it uses, and `GameStore` is them all. The storage layer keeps
them in Redis; the domain's unit tests use an in-memory one. The notices worker and the long
polls ask through the same interface, never by keys."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from server.domain.games.events import PlayerEvent
from server.domain.games.idempotency import Idempotency, Made
from server.domain.games.lists import Position
from server.domain.games.record import GameRecord
from server.domain.games.talk_rules import Limits, TalkOutcome
from server.domain.players.player import Player


@dataclass(frozen=True)
class Loaded:
    """A game as read in one round trip: its record, and its log from `start` on, where a replay
    starts from the caller's cached state (`from_cache`), from the snapshot, or from the deal."""

    record: GameRecord
    start: int
    from_cache: bool
    snapshot_tag: str
    snapshot: bytes
    tail: list[bytes]
    last_entry: bytes
    """The log's last entry, as stored (empty if there is none)."""
    talk: list[bytes] | None = None
    """The talk at the game's table, as stored, when it was asked for (`GameLog.load`)."""


Outcome = Literal["appended", "stale", "inactive", "replayed"]


@dataclass(frozen=True)
class Appended:
    """The store's answer to `append`: the move went in (`value`: the new version), or the log
    had moved on (`stale`, `value`: the current version), or the game is over (`inactive`), or
    the request's key had made it before (`replayed`, with what it `made`)."""

    outcome: Outcome
    value: str
    made: Made | None = None


@dataclass(frozen=True)
class MoveWrite:
    """What a move writes to its game at once: its log's `entries` (`encode_entry`'s), which go in
    only if the log still ends as in `after` (its length and last entry), the `record` after
    them (what a move changes of it), the state after them if a snapshot is kept (its version,
    tag and bytes: `server.domain.games.snapshots`), the move's field in the request index and
    its note if it was sent with a key (`request`), and its players' `events`."""

    after: tuple[int, bytes]
    entries: list[bytes]
    record: GameRecord
    snapshot: tuple[int, str, bytes] | None = None
    request: tuple[bytes, Made] | None = None
    events: Sequence[PlayerEvent] = ()


@dataclass(frozen=True)
class RecordWrite:
    """A change of a game's record from `before` to `after`, written only if the record's field
    `on` (its seats, unless told) is still as in `before` (a compare-and-set: players racing for
    one seat, or asking for one rematch), with its players' `events`."""

    before: GameRecord
    after: GameRecord
    on: str = "seats"
    events: Sequence[PlayerEvent] = ()


def never() -> bool:
    """A wait's `also` when only the game's own changes matter."""
    return False


@dataclass(frozen=True)
class Awaited:
    """What a wait on a game waits for: its (version, revision) to differ from `seen` (any
    change: a move, a join, a decline, a cancel, a rematch asked for), or `also()` to come true
    (asked when the game's channel speaks, and now and then), until `deadline` (monotonic)."""

    game_id: str
    seen: tuple[int, int]
    deadline: float
    also: Callable[[], bool] = never

    def met(self, stamp: tuple[int, int]) -> bool:
        """Whether the wait is over for the game, its (version, revision) now `stamp`."""
        return stamp != self.seen or self.also()


class GameRecords(Protocol):
    """The games' records, read (what a job needs that only looks at them)."""

    def record(self, game_id: str) -> GameRecord | None:
        """The game's record; None if there is no such game."""

    def records(self, game_ids: list[str]) -> list[GameRecord | None]: ...


class GameLog(GameRecords, Protocol):
    """A game's record and its append-only log, read and changed. Each method that changes a
    game takes the change's events for its players' waits (`events`, `server.domain.games.events`)
    and writes them with the change, only if it is made: a player is never told of a change that
    was refused."""

    def create(self, record: GameRecord, events: Sequence[PlayerEvent] = ()) -> bool:
        """Write a new game's record; False if its id is taken."""

    def seat(self, write: RecordWrite) -> bool:
        """Write what changed of the record, only if its field `write.on` is still as it was;
        False if it changed."""

    def version(self, game_id: str) -> int:
        """How many entries the game's log holds."""

    def load(
        self, game_id: str, cached: tuple[int, bytes] = (0, b""), talk: int | None = None
    ) -> Loaded | None:
        """The game in one read: its record, and its log from the caller's cached state
        (`cached`: its version and the log's entry there, if that entry is still in place),
        else from the snapshot; with `talk`, its table talk from message number `talk + 1` on
        too (as `talk` would read it)."""

    def log_raw(self, game_id: str, start: int = 0, stop: int | None = None) -> list[bytes]:
        """The log's entries from `start` up to `stop` (the end if None), as stored."""

    def log(
        self, game_id: str, start: int = 0, stop: int | None = None
    ) -> list[dict[str, Any]]: ...

    def append(self, game_id: str, move: MoveWrite) -> Appended:
        """Append the move's entries, write what it changes of the record (`MOVED`), keep the
        snapshot and note the move under its key, all at once, only if the log still ends with
        the entry it was made after. The store's own `ChangeListener` is told first,
        in the same write (the listener and the write are the store's, so the domain never
        holds the write)."""

    def made(self, game_id: str, idem: Idempotency, seat: int) -> Made | None:
        """The move `seat` made with this request's key, if it made one (`KeyReused` if the key
        was another request's)."""

    def wait_for_change(self, awaited: Awaited) -> bool:
        """Block until what is `awaited` comes, or its deadline; whether the game changed or
        `also()` came true."""


class Kept(Protocol):
    """How a game is kept beside its log: its snapshot, and its compact form once it is over."""

    def snapshot(self, game_id: str) -> tuple[int, str, bytes] | None: ...

    def compact(self, game_id: str) -> bool:
        """Keep a finished game in its compact form (with it, what the store keeps beside the
        game for its notices goes); False if it is not (yet) to be."""

    def compacted(self, game_ids: Iterable[str]) -> set[str]:
        """Which of these games are kept compacted."""


class TableTalk(Protocol):
    """The talk at a game's table."""

    def say(
        self, game_id: str, seat: int, text: str, now: int, key: str, limits: Limits
    ) -> TalkOutcome:
        """Add a message to the game's table talk, stamped with the game's version, in one
        step: unless one under `key` (if not empty) is there already, the seat has said its
        `limits` worth lately, or the talk is full (`server.domain.games.talk_rules`)."""

    def talk(self, game_id: str, start: int = 0) -> list[dict[str, Any]]:
        """The game's messages from number `start + 1` on, as stored."""

    def unsay(self, game_id: str, seat: int, text: str) -> None:
        """Every message said from `seat` its `text` instead, keeping its number, seat, time
        and version (so what each player was told of the talk stays counted right)."""

    def tell(self, events: Sequence[PlayerEvent]) -> None:
        """The events of a change written apart from it (a message said at the table)."""


class Lobby(Protocol):
    """The lobby's index of public games that may still have a seat free."""

    def list_publicly(self, game_id: str, created: int) -> None:
        """Put a public game in the lobby's index (before the game itself is written)."""

    def lobby_page(self, after: Position | None, count: int) -> list[Position]:
        """Up to `count` games of the lobby's index after `after`, oldest first (some perhaps
        started or never written)."""

    def unlist(self, game_ids: list[str]) -> None:
        """Take games that can no longer be joined out of the lobby's index."""


class GameStore(GameLog, Kept, TableTalk, Lobby, Protocol):
    """The whole store, as `GameService` is given it: each of its jobs takes the parts it uses."""


class ChangeListener(Protocol):
    """Told before a game's seats or record change (the worker's mark of a changed game); a move's
    change is told by the store itself, in the move's own write (`GameLog.append`)."""

    def changing(self, game_id: str) -> None: ...


class NoListener:
    def changing(self, game_id: str) -> None:
        pass


class Roster(Protocol):
    """What the domain needs of the players: who is called what, and each one's games."""

    def by_name(self, name: str) -> Player | None: ...

    def get(self, player_id: str) -> Player | None: ...

    def add_game(self, player_id: str, game_id: str, created: float) -> None: ...

    def remove_game(self, player_id: str, game_id: str) -> None: ...

    def game_ids(self, player_id: str) -> list[str]: ...

    def shared_games(self, player_id: str, other_id: str) -> list[str]:
        """The games in both players' lists."""
        ...

    def game_page(self, player_id: str, after: Position | None, count: int) -> list[Position]:
        """Up to `count` of the player's games after `after`, newest first."""
        ...


@dataclass(frozen=True)
class Claimed:
    """An invitation counted: its game, the other player (the invitee of one sent, the
    inviter of one waiting) and when it was claimed."""

    game_id: str
    other: str
    claimed: float


@dataclass(frozen=True)
class Sending:
    """How far an inviter may go in sending a game's invitations: how many of theirs may be
    open at once (`sent`), and how many games they may make within the hour (`made`; 0: the
    game is not counted as one made)."""

    sent: int
    made: int = 0


class InvitationBook(Protocol):
    """The invitations each player has sent and has waiting, and the games they made lately,
    counted exactly (`server.domain.service.invitations`; kept in Redis by the storage layer)."""

    def send(
        self, inviter: str, game_id: str, invitees: Sequence[str], now: float, most: Sending
    ) -> tuple[str, int]:
        """Claim the inviter's invitations in the game, and the game as one made within the
        hour unless `most.made` is 0, in one step: `("", 0)`, or what is full (`"sent"`, or
        `"made"` with the seconds until one of the hour's games stops counting)."""
        ...

    def wait(self, invitee: str, game_id: str, inviter: str, now: float, most: int) -> bool:
        """Claim the invitation's place among those waiting on the invitee; False if full."""
        ...

    def release(
        self, inviter: str, game_id: str, invitees: Sequence[str], made: bool = False
    ) -> None:
        """The invitations no longer open (and the game made given back, if `made`)."""

    def sent(self, inviter: str) -> list[Claimed]: ...

    def waiting(self, invitee: str) -> list[Claimed]: ...


class BlockList(Protocol):
    """Whom each player blocks."""

    def blocked_among(self, player_id: str, others: Collection[str]) -> set[str]:
        """Those of `others` the player blocks."""
        ...

    def blockers(self, player_id: str) -> set[str]:
        """The players who block the player."""
        ...
