"""A table for the domain's unit tests: the game service over the in-memory store, a few players,
and a way for another request to slip in between a read and the write that follows it (the
races the compare-and-sets and the append's check are there for)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from unittest import mock

from server.domain.games import provenance
from server.domain.players.player import Player
from server.domain.service.facade import GameService
from server.domain.service.ports import Appended, MoveWrite, RecordWrite
from tests.support import memory
from tests.support.memory import MemoryBlocks, MemoryGameStore, MemoryInvitations, MemoryRoster

NOW = 1_800_000_000
NAMES = ("ada", "bo", "cy", "di", "ed")


class RacedStore(MemoryGameStore):
    """The in-memory store, where what `meanwhile` holds is done just before the next write of
    seats or moves: another request that read the game after this one and wrote first."""

    def __init__(self) -> None:
        super().__init__()
        self.meanwhile: list[Callable[[], object]] = []

    def _others_first(self) -> None:
        while self.meanwhile:
            self.meanwhile.pop(0)()

    def seat(self, write: RecordWrite) -> bool:
        self._others_first()
        return super().seat(write)

    def append(self, game_id: str, move: MoveWrite) -> Appended:
        self._others_first()
        return super().append(game_id, move)


@dataclass
class Table:
    store: RacedStore = field(default_factory=RacedStore)
    roster: MemoryRoster = field(default_factory=lambda: MemoryRoster(*NAMES))
    clock: list[float] = field(default_factory=lambda: [NOW])
    book: MemoryInvitations = field(default_factory=MemoryInvitations)
    blocks: MemoryBlocks = field(default_factory=MemoryBlocks)

    def __post_init__(self) -> None:
        self.games = self.service()

    def service(self, **options: Any) -> GameService:
        """A service over this table's store: another process (a web process, a worker),
        holding no game states of its own (`options`: more of `GameService`'s)."""
        return memory.service(
            self.store,
            self.roster,
            clock=lambda: self.clock[0],
            book=self.book,
            blocks=self.blocks,
            **options,
        )

    def __getitem__(self, name: str) -> Player:
        return self.roster.players[name]

    def log(self, game_id: str) -> list[dict[str, Any]]:
        return self.store.log(game_id)

    def stored(self, game_id: str) -> tuple[Any, ...]:
        """Everything kept of the game: what a refusal must leave as it was."""
        store = self.store
        return (
            store.records_by_id.get(game_id),
            store.log_raw(game_id),
            dict(store.requests.get(game_id, {})),
            store.snapshots.get(game_id),
        )


@contextmanager
def dealt_alike() -> Iterator[None]:
    """Games made meanwhile have one secret, and so, with the same contributions, the same
    seed: a property test's examples replay as they were found."""
    fixed = SimpleNamespace(token_hex=lambda size: "5e" * size)
    with mock.patch.object(provenance, "secrets", fixed):
        yield


def started(table: Table, type_id: str = "lost-cities", **options: Any) -> str:
    """A game of ada and bo, both seated (ada's turn first where the rules let it be chosen)."""
    options = {"rounds": 1, "first_player": 0, **options} if type_id == "lost-cities" else options
    game = table.games.seating.create(table["ada"], type_id, None, options, ["bo"])
    table.games.seating.join(table["bo"], game.id)
    return game.id


def to_act(games: GameService, game_id: str) -> int:
    """The one seat that must act now."""
    game = games.loading.load(game_id)
    (seat,) = game.engine.to_act(game.state)
    return seat
