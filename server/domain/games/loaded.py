"""A loaded game: what the domain hands to presenters, mail and the worker."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from server.domain.errors import N_, Invalid
from server.domain.games.record import ACTIVE, CANCELLED, FINISHED, OPEN, GameRecord, Seat
from shared.engine import Engine
from shared.games import ENGINES

__all__ = ["ACTIVE", "CANCELLED", "FINISHED", "OPEN", "Game", "Moved", "engine_for", "progress"]


@dataclass(frozen=True)
class Game:
    """A loaded game: its record as stored and its state at `version`, built from a log whose
    entry number `version` (counting from 1) is `last_entry`, byte for byte as stored (empty
    at version 0). An append checks that entry is still there, and so does a load that goes on
    from a cached game (see `server.domain.service.state_cache`)."""

    record: GameRecord
    engine: Engine[Any]
    state: Any
    version: int
    last_entry: bytes

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def revision(self) -> int:
        """How many times the game has changed (`GameRecord.revision`)."""
        return self.record.revision

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def names(self) -> list[str]:
        """The players' names by seat, bare (`GameRecord.names`)."""
        return self.record.names

    @property
    def bot_accounts(self) -> frozenset[int]:
        return self.record.bot_accounts

    def seat_of(self, player_id: str) -> int | None:
        return self.record.seat_of(player_id)


@dataclass(frozen=True)
class Moved:
    """A move made, as the domain answers it: the game after it, the mover's seat, the events
    its steps made (as stored, hidden parts and all: each edge shows them as the mover may see
    them) and the steps of its batch handed back untried. A resend under the move's key gets
    the same, built again from the log."""

    game: Game
    seat: int
    events: Sequence[dict[str, Any]]
    untried: Sequence[Any] = ()


def engine_for(type_id: str) -> Engine[Any]:
    try:
        return ENGINES[type_id]
    except KeyError:
        raise Invalid(
            N_("there is no game type %(type)s; known types: %(types)s"),
            code="unknown_game_type",
            values={"type": type_id, "types": ", ".join(sorted(ENGINES))},
        ) from None


def progress(engine: Engine[Any], state: Any, now: int) -> dict[str, Any]:
    """The record's fields that follow from a state: listing games never needs a replay."""
    result = engine.result(state)
    return {
        "to_act": tuple(engine.to_act(state)),
        "status": FINISHED if result is not None else ACTIVE,
        "result": result,
        "updated": now,
    }
