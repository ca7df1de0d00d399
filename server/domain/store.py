"""What the domain needs of a store, and nothing of how it keeps things: a game's meta, its
append-only log, its snapshot and its moves' idempotency records. `server.store` keeps them in
Redis; the domain's unit tests use an in-memory one. The notices worker and the long polls ask
through the same interface, never by keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from server.store import Appended, Loaded


class GameStore(Protocol):
    def create(self, game_id: str, meta: dict[str, str]) -> bool:
        """Write a new game's meta; False if the id is taken."""

    def update_meta_if(
        self, game_id: str, field: str, expected: str, changes: dict[str, str]
    ) -> bool:
        """Set `changes` only if the meta's `field` still reads `expected`."""

    def meta(self, game_id: str) -> dict[str, str]:
        """The game's meta as stored; empty if there is no such game."""

    def metas(self, game_ids: list[str]) -> list[dict[str, str]]: ...

    def status(self, game_id: str) -> str | None:
        """The game's status alone (None: no such game)."""

    def version(self, game_id: str) -> int:
        """How many entries the game's log holds."""

    def load(self, game_id: str, held_version: int = 0, held_entry: bytes = b"") -> Loaded | None:
        """The game in one read: its meta, and its log from the held state (if its entry is
        still in place), else from the snapshot."""

    def snapshot(self, game_id: str) -> tuple[int, str, bytes] | None: ...

    def log_raw(self, game_id: str, start: int = 0) -> list[bytes]:
        """The log's entries after version `start`, as stored."""

    def log(self, game_id: str, start: int = 0) -> list[dict[str, Any]]: ...

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
        before: Callable[[Any], object] | None = None,
    ) -> Appended:
        """Append `entries`, change the meta, keep the snapshot and the idempotency record, all
        at once, only if the log still ends with the entry in `after`."""

    def idempotency_record(self, idempotency_key: str) -> bytes | None: ...

    def wait_for_change(self, game_id: str, version: int, deadline: float) -> bool:
        """Block until the log's length differs from `version`, or `deadline` (monotonic)."""


class Roster(Protocol):
    """What the domain needs of the players: who is called what, and each one's games."""

    def by_name(self, name: str) -> dict[str, str] | None: ...

    def add_game(self, player_id: str, game_id: str, created: float) -> None: ...

    def remove_game(self, player_id: str, game_id: str) -> None: ...

    def game_ids(self, player_id: str) -> list[str]: ...
