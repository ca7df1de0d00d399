"""What a game's log is made of, in one place: the deal its replay starts from, and the shape of
an entry. The service writes entries with `new_entry`, and a compacted game (`server.archive`)
makes them again with it, byte for byte, so the two cannot drift apart."""

from __future__ import annotations

import json
from typing import Any

from server.domain.errors import Unavailable
from shared.engine import Engine, Event, Move, Seat


def dealt(engine: Engine[Any], meta: dict[str, str]) -> Any:
    """The deal; None while seats are open, as the seed is made when the last one fills. It is
    dealt by the rules of the version the game was created with."""
    if not meta["seed"]:
        return None
    seats, options = json.loads(meta["seats"]), json.loads(meta["options"])
    try:
        return engine.new(len(seats), meta["seed"], options, int(meta["engine_version"]))
    except ValueError as error:  # made by newer rules, and this code was rolled back since
        raise Unavailable(
            f"this game cannot be played by the rules this server runs: {error}"
        ) from None


def new_entry(seat: Seat, move: Move, event: Event, at: int, timed_out: bool) -> dict[str, Any]:
    """A log entry before it is chained (`server.provenance.linked` adds its `prev`).
    `timed_out` marks a move the service made for a seat whose clock ran out."""
    return {
        "seat": seat,
        "move": move,
        "event": event,
        "at": at,
        **({"timeout": True} if timed_out else {}),
    }
