"""The game states this process built last, kept so that the next request for a game replays
only the moves appended since, instead of starting again from a snapshot.

A state is a pure function of its game's log, and a log only grows, so a state built from the
first V entries stays right for as long as those entries are still the log's first V. Redis can
lose writes it acknowledged (a crash under `appendfsync everysec`, a failover to a replica that
had not caught up), and other moves may then be appended where the lost ones were. So a held
state is kept with the entry it ends with, and the store's LOAD script uses it only if that
entry is still in its place; otherwise the game loads from its snapshot, as it would without
this cache. (Snapshots need no such check: they live beside the log in the same Redis and are
written in the same step.)

States are immutable values (see `shared.engine`), so the request threads share them as they are.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from cachetools import LRUCache


@dataclass(frozen=True)
class Held:
    """A game's state at `version`, built from a log whose entry number `version` (counting from
    1) is `last_entry`, byte for byte as stored."""

    version: int
    last_entry: bytes
    state: Any


class HeldStates:
    """The `capacity` most recently used games' states (0 holds none)."""

    def __init__(self, capacity: int) -> None:
        self._states: LRUCache[str, Held] | None = LRUCache(capacity) if capacity > 0 else None
        self._lock = threading.Lock()  # cachetools' caches are not safe across threads

    def get(self, game_id: str) -> Held | None:
        if self._states is None:
            return None
        with self._lock:
            return self._states.get(game_id)

    def keep(self, game_id: str, held: Held) -> None:
        """Hold the state just built in place of the game's last one (even a newer one, which
        a request running alongside may have kept: either is right to go on from). A game's
        first state (version 0, before any move) is cheap to deal again, and has no entry to
        check it by."""
        if self._states is None or held.version == 0:
            return
        with self._lock:
            self._states[game_id] = held
