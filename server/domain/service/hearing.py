"""What a reader hears of a table's talk: everything said there, but what the players they
block said. The messages left out keep their places (as None), so
every message keeps its number, and the blocked player, whose messages are said as anyone's,
cannot tell that one reader does not hear them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.domain.games.record import GameRecord
from server.domain.service.ports import BlockList


def heard(
    record: GameRecord, said: Sequence[dict[str, Any]], reader: str | None, blocks: BlockList
) -> list[dict[str, Any] | None]:
    """The messages `said` at the game's table as `reader` hears them: None for each said by a
    player they block."""
    speakers = {
        player
        for message in said
        if (player := speaker(record, message)) is not None and player != reader
    }
    muted = blocks.blocked_among(reader, speakers) if reader and speakers else set()
    return [None if speaker(record, message) in muted else message for message in said]


def speaker(record: GameRecord, message: dict[str, Any]) -> str | None:
    """Whose message it is: the player holding its seat now (None for a vacated one)."""
    seat = message.get("seat")
    return record.seats[seat].player if isinstance(seat, int) else None
