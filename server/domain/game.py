"""A loaded game, and the stages of its life: what the domain hands to presenters, mail and
the worker."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from shared.engine import Engine, player_names

OPEN, ACTIVE, FINISHED = "open", "active", "finished"


@dataclass(frozen=True)
class Game:
    """A loaded game: its meta as stored and its state at `version`, built from a log whose
    entry number `version` (counting from 1) is `last_entry`, byte for byte as stored (empty
    at version 0). An append checks that entry is still there, and so does a load that goes on
    from a held game (see `server.domain.held_states`)."""

    id: str
    meta: dict[str, str]
    engine: Engine[Any]
    state: Any
    version: int
    last_entry: bytes

    @property
    def status(self) -> str:
        return self.meta["status"]

    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = json.loads(self.meta["seats"])
        return seats

    @property
    def names(self) -> list[str]:
        """The players' names by seat, for the engine's texts."""
        return player_names(self.seats)

    def seat_of(self, player_id: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat["player"] == player_id and seat["joined"]:
                return index
        return None
