"""What a game's log is made of, in one place: the deal its replay starts from, and the shape of
an entry. The service writes entries with `new_entry`, and a compacted game's archive makes them
again with it, byte for byte, so the two cannot drift
apart."""

from __future__ import annotations

from typing import Any

from server.domain.encoding import encoded
from server.domain.errors import N_, Unavailable
from server.domain.games.record import GameRecord
from shared.engine import Engine, Event, Move, Seat


def dealt(engine: Engine[Any], record: GameRecord) -> Any:
    """The deal; None while seats are open, as the seed is made when the last one fills. It is
    dealt by the rules of the version the game was created with."""
    if not record.seed:
        return None
    try:
        return engine.new(
            len(record.seats), record.seed, dict(record.options), record.engine_version
        )
    except ValueError as error:  # made by newer rules, and this code was rolled back since
        raise Unavailable(
            N_("this game cannot be played by the rules this server runs: %(error)s"),
            values={"error": str(error)},
        ) from None


def new_entry(
    seat: Seat,
    move: Move,
    event: Event,
    at: int,
    timed_out: bool,
    bot: str | None = None,
    bot_version: int | None = None,
) -> dict[str, Any]:
    """A log entry before it is chained (`server.domain.games.provenance.linked` adds its `prev`).
    `timed_out` marks a move the service made for a seat whose clock ran out, and `bot` the
    level of the bot that chose it then; `bot_version` marks every move a bot chose (for its
    own seat, or for a player out of time) with the version of the bots that chose it
    (`shared.bots.VERSIONS`), so that anyone can make it again once the secret is out."""
    return {
        "seat": seat,
        "move": move,
        "event": event,
        "at": at,
        **({"timeout": True} if timed_out else {}),
        **({"bot": bot} if bot else {}),
        **({"bot_version": bot_version} if bot_version is not None else {}),
    }


def encode_entry(entry: dict[str, Any]) -> bytes:
    """A log entry as stored."""
    return encoded(entry)
