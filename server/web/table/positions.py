"""The parts of a game's page that follow from the game's position alone, drawn once and kept.

A page is drawn again and again at one position: for each step of a move chosen without
JavaScript, after every message said at the table or clock that runs (the live page fetches
itself anew), for every spectator, on every reload. Its view, board, tree of move steps and
history are the same each time for the same seat in the same language: they are pure functions
of the game's log, which only grows, and of its record, whose every change adds to its revision
(`server.storage.games.game_log`). So a `Position` is kept under the game's id, version, last log
entry (a move Redis lost and another made in its place leaves the version as it was, as
`server.domain.service.state_cache` says) and revision, the seat, the language and the page's range
of history; what changes without the
game (the clocks, the talk, the forms' tokens, the steps asked for) is drawn for each request
(`server.web.table.game_page.game_page`).

Each process keeps the `capacity` positions drawn last (`TURNPOST_DRAWN_POSITIONS`; 0 keeps
none), as it keeps the states it built last (`server.domain.service.state_cache`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from cachetools import LRUCache
from flask import current_app

from server.web.table.game_page import Position

POSITIONS = "turnpost.positions"
"""Where the app keeps its `Positions` (`app.extensions`)."""


class Positions:
    def __init__(self, capacity: int) -> None:
        self._kept: LRUCache[Hashable, Position] | None = (
            LRUCache(capacity) if capacity > 0 else None
        )
        self._lock = threading.Lock()  # cachetools' caches are not safe for concurrent use

    def keep(self, key: Hashable, draw: Callable[[], Position]) -> Position:
        """The position kept under `key`, else `draw()`, kept. Two requests that miss at once
        both draw it: either's is right."""
        if self._kept is None:
            return draw()
        with self._lock:
            found = self._kept.get(key)
        if found is None:
            found = draw()
            with self._lock:
                self._kept[key] = found
        return found


def positions() -> Positions:
    kept: Positions = current_app.extensions[POSITIONS]
    return kept
