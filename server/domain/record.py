"""A game's record: what the store keeps of a game beside its log, as typed values.

The store keeps it as a hash of strings (`{g:ID}:meta`, some of them JSON); `decode` and `encode`
are the one place that knows how, and only the stores call them, so everything else reads
fields, never strings to parse. A record is immutable: a join or a move makes a new one
(`dataclasses.replace`), and the store writes the fields that changed.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from shared.engine import JSON, seat_name

OPEN, ACTIVE, FINISHED, CANCELLED = "open", "active", "finished", "cancelled"
VACATED = "deleted player"
"""The name of a seat whose player deleted their account, before its number in the game."""

STATUSES = (OPEN, ACTIVE, FINISHED, CANCELLED)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: empty (no player), reserved for an invited player, or taken; by a
    player, or by a bot (`bot`: its level, `shared.bots.LEVELS`), which no player can hold; or
    `vacated`: kept, under a neutral name, by a player who has deleted their account
    (`server.domain.leaving`), perhaps with a bot playing on for them."""

    player: str | None = None
    name: str | None = None
    joined: bool = False
    bot: str | None = None

    @property
    def free(self) -> bool:
        """Open to anyone who joins."""
        return self.player is None and not self.joined

    @property
    def vacated(self) -> bool:
        """No player names contain a space, so none is mistaken for a vacated seat."""
        return self.player is None and (self.name or "").startswith(VACATED)


@dataclass(frozen=True, slots=True)
class Contribution:
    """A seat's contribution to the seed (`shared.fairness`), and who made it: the player, or
    the server for a seat taken without one."""

    value: str
    made_by: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: str
    type: str
    engine_version: int
    """The version of the rules the game was created with (`Engine.new`)."""
    options: Mapping[str, JSON]
    """As configured at creation: every option, defaults filled in."""
    seats: tuple[Seat, ...]
    status: str
    creator: str
    created: int
    updated: int
    to_act: tuple[int, ...] = ()
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    """The move clock, if the game has one: `{move_time, on_timeout}` or
    `{time_bank, increment, on_timeout}` (`server.domain.clock_options`)."""
    seed: str = ""
    """Empty until the last seat fills (see `server.domain.provenance`)."""
    commitment: str = ""
    """The SHA-256 of the server's secret (of the seed itself, for a game without one)."""
    secret: str | None = None
    """None for a game made before contributions existed, which has no hash chain either."""
    contributions: tuple[Contribution | None, ...] = ()
    head: str | None = None
    """The hash of the log's last entry (of the chain's genesis before any move)."""
    archived: int | None = None
    """The log's length, once the game is kept compacted (`server.storage.archive`)."""
    public: bool = False
    """Listed in the lobby while it is open, and open to spectators."""
    rematch: str | None = None
    """The id of the game its players play next (`GameService.rematch`), once one asked."""
    revision: int = 0
    """How many times the game has changed since it was made: every script that writes its
    record or its log adds one (`server.storage.game_store`), never the code here. Its version
    counts only moves; a long poll also hears a join, a decline, a cancel or a rematch asked for by
    this."""
    asked_by: str | None = None
    """For a rematch, the player who asked for it (its creator is the finished game's)."""

    @property
    def chained(self) -> bool:
        """Does the game take contributions and chain its log (every game made since they
        exist)?"""
        return self.secret is not None

    @property
    def names(self) -> list[str]:
        """The players' names by seat, for the engine's texts (an empty seat: its number)."""
        return [seat.name or seat_name(index, ()) for index, seat in enumerate(self.seats)]

    def seat_of(self, player_id: str) -> int | None:
        """The seat the player has taken (None if only invited, or not in the game)."""
        for index, seat in enumerate(self.seats):
            if seat.player == player_id and seat.joined:
                return index
        return None

    def sits_or_invited(self, player_id: str) -> bool:
        return any(seat.player == player_id for seat in self.seats)

    def changed(self, **changes: Any) -> GameRecord:
        return dataclasses.replace(self, **changes)


def _json(value: Any) -> str:
    """JSON as games have always been stored (the standard library's spacing): a join compares
    `seats` as text, so the spelling must not change under a stored game."""
    return json.dumps(value)


def _seats(raw: str) -> tuple[Seat, ...]:
    return tuple(Seat(**seat) for seat in orjson.loads(raw))


def _seats_text(seats: tuple[Seat, ...]) -> str:
    """Seats as they were always kept, a bot's with its level besides: a join compares the
    stored text, so the seats of a game stored before bots must read back the same."""
    return _json(
        [
            {
                "player": s.player,
                "name": s.name,
                "joined": s.joined,
                **({"bot": s.bot} if s.bot else {}),
            }
            for s in seats
        ]
    )


def _contributions(raw: str) -> tuple[Contribution | None, ...]:
    return tuple(Contribution(**c) if c else None for c in orjson.loads(raw))


def _optional_json(raw: str) -> Any:
    return orjson.loads(raw) if raw else None


Codec = tuple[Callable[[str], Any], Callable[[Any], str]]

# How each field is kept as a string.
CODECS: dict[str, Codec] = {
    "id": (str, str),
    "type": (str, str),
    "engine_version": (int, str),
    "options": (orjson.loads, _json),
    "seats": (_seats, _seats_text),
    "status": (str, str),
    "creator": (str, str),
    "created": (int, str),
    "updated": (int, str),
    "to_act": (lambda raw: tuple(orjson.loads(raw)), lambda seats: _json(list(seats))),
    "result": (_optional_json, lambda result: _json(result) if result is not None else ""),
    "clock": (_optional_json, lambda clock: _json(clock) if clock else ""),
    "seed": (str, str),
    "commitment": (str, str),
    "secret": (str, str),
    "contributions": (
        _contributions,
        lambda made: _json([dataclasses.asdict(c) if c else None for c in made]),
    ),
    "head": (str, str),
    "archived": (int, str),
    "public": (lambda raw: raw == "true", lambda public: "true" if public else "false"),
    "rematch": (str, str),
    "revision": (int, str),
    "asked_by": (str, str),
}
OPTIONAL = frozenset({"secret", "head", "archived", "rematch", "asked_by"})
"""Fields a record may lack in the store (None in the record): games from before they existed,
and games not compacted."""

MOVED = ("to_act", "status", "result", "updated", "head")
"""The fields a move may change."""


def decode(fields: Mapping[str, str]) -> GameRecord:
    """A record from the strings the store keeps (fields it does not know are left out)."""
    return GameRecord(
        **{name: CODECS[name][0](raw) for name, raw in fields.items() if name in CODECS}
    )


def encode(record: GameRecord, names: Iterable[str] = CODECS) -> dict[str, str]:
    """The record's fields `names` as the store keeps them (a None among OPTIONAL: left out)."""
    encoded = {}
    for name in names:
        value = getattr(record, name)
        if not (value is None and name in OPTIONAL):
            encoded[name] = CODECS[name][1](value)
    return encoded


def changes(before: GameRecord, after: GameRecord) -> dict[str, str]:
    """The fields that differ, as the store keeps them."""
    return encode(after, [name for name in CODECS if getattr(before, name) != getattr(after, name)])
