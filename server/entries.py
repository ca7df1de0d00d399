"""What a game's log is made of, in one place: the deal its replay starts from, and the shape of
an entry. The service writes entries with `new_entry`, and a compacted game (`server.archive`)
makes them again with it, byte for byte, so the two cannot drift apart."""

from __future__ import annotations

import json
from typing import Any

from shared.engine import Engine, Event, Move, Seat


def dealt(engine: Engine[Any], meta: dict[str, str]) -> Any:
    """The deal; None while seats are open, as the seed is made when the last one fills."""
    if not meta["seed"]:
        return None
    return engine.new(len(json.loads(meta["seats"])), meta["seed"], json.loads(meta["options"]))


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
