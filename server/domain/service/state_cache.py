"""The game states this process built last, kept so that the next request for a game replays
only the moves appended since, instead of starting again from a snapshot.

A state is a pure function of its game's log, and a log only grows, so a state built from the
first V entries stays right for as long as those entries are still the log's first V. Redis can
lose writes it acknowledged (a crash under `appendfsync everysec`, a failover to a replica that
had not caught up), and other moves may then be appended where the lost ones were. So a held
game keeps the entry its state ends with (`Game.last_entry`), and the store's LOAD script goes
on from it only if that entry is still in its place; otherwise the game loads from its
snapshot, as it would without this cache. (Snapshots need no such check: they live beside the
log in the same Redis and are written in the same step.) A move sent against the very version
a process holds is made without reading the game first: the append script checks the same
entry (`server.domain.service.moving`, `Moving._submit`).

States are immutable values (see `shared.engine`), and a game's meta changes only by a join
(before there is any move to hold) or by a move, which makes a new Game; so requests running at
once share held games as they are.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from cachetools import LRUCache

if TYPE_CHECKING:
    from server.domain.games.loaded import Game


class StateCache:
    """The `capacity` most recently used games (0 holds none)."""

    def __init__(self, capacity: int) -> None:
        self._games: LRUCache[str, Game] | None = LRUCache(capacity) if capacity > 0 else None
        self._lock = threading.Lock()  # cachetools' caches are not safe for concurrent use

    def get(self, game_id: str) -> Game | None:
        if self._games is None:
            return None
        with self._lock:
            return self._games.get(game_id)

    def keep(self, game: Game) -> None:
        """Hold the game just loaded or moved in place of its last one (even a newer one, which
        a request running alongside may have kept: either is right to go on from). A game's
        first state (version 0, before any move) is cheap to deal again, and has no entry to
        check it by."""
        if self._games is None or game.version == 0:
            return
        with self._lock:
            self._games[game.id] = game
