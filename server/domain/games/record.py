"""A game's record: what the store keeps of a game beside its log, as typed values.

The store keeps it as a hash of strings (`{g:ID}:meta`); `decode` and `encode` are the one place
that knows how, and only the stores call them, so everything else reads fields, never strings to
parse. A record is immutable: a join or a move makes a new one (`dataclasses.replace`), and the
store writes the fields that changed.

A game that runs is kept one field a value (some of them JSON), which its scripts read and write
by name. A finished game is kept for ever and read rarely, so once compacted (since this form
exists) it keeps as fields only what the scripts still read (`KEPT`), and the rest as one compact
JSON text (`packed`) that its archive in the store holds, leaving out defaults
and what its secret makes again. Games compacted before keep every field, and read as they did.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field
from enum import StrEnum
from typing import Any

import orjson

from server.domain.players.player import Player
from shared.chance import commitment
from shared.engine import JSON, seat_name
from shared.fairness import derived_seed, server_contribution


class Status(StrEnum):
    """Where a game is in its life; kept, sent and compared as its plain string."""

    OPEN = "open"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN, ACTIVE, FINISHED, CANCELLED = Status.OPEN, Status.ACTIVE, Status.FINISHED, Status.CANCELLED
VACATED = "deleted player"
"""The name of a seat whose player deleted their account, before its number in the game."""
DELETED_PLAYER = "deleted"
"""Who made a game, or asked for its rematch, once that player deleted their account: no
player's id (ids are `p_` and hex digits), so nothing of theirs stays in the record."""

STATUSES = (OPEN, ACTIVE, FINISHED, CANCELLED)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: empty (no player), reserved for an invited player, or taken; by a
    player, or by a bot (`bot`: its level, `shared.bots.LEVELS`), which no player can hold; or
    `vacated`: kept, under a neutral name, by a player who has deleted their account
    (`server.domain.service.leaving`), perhaps with a bot playing on for them. `bot_account`: the
    player's account said a program plays it when they took the seat (or were invited to it);
    a game shows each seat as it was taken, whatever the account says later."""

    player: str | None = None
    name: str | None = None
    joined: bool = False
    bot: str | None = None
    bot_account: bool = False

    @classmethod
    def of(cls, player: Player, joined: bool = False) -> Seat:
        """The player's seat (or invitation), with what their account says of them now."""
        return cls(player.id, player.name, joined=joined, bot_account=player.bot_account)

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
    status: Status
    creator: str
    created: int
    updated: int
    to_act: tuple[int, ...] = ()
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    """The move clock, if the game has one: `{move_time, on_timeout}` or
    `{time_bank, increment, on_timeout}` (`server.domain.games.clock_options`)."""
    seed: str = ""
    """Empty until the last seat fills (see `server.domain.games.provenance`)."""
    commitment: str = ""
    """The SHA-256 of the server's secret (of the seed itself, for a game without one)."""
    secret: str | None = None
    """None for a game made before contributions existed, which has no hash chain either."""
    contributions: tuple[Contribution | None, ...] = ()
    head: str | None = None
    """The hash of the log's last entry (of the chain's genesis before any move)."""
    archived: int | None = None
    """The log's length, once the game is kept compacted (its archive in the store)."""
    public: bool = False
    """Listed in the lobby while it is open, and open to spectators."""
    rematch: str | None = None
    """The id of the game its players play next (`GameService.seating.rematch`), once one asked."""
    revision: int = 0
    """How many times the game has changed since it was made: every script that writes its
    record or its log adds one (in the store), never the code here. Its version
    counts only moves; a long poll also hears a join, a decline, a cancel or a rematch asked for by
    this."""
    asked_by: str | None = None
    """For a rematch, the player who asked for it (its creator is the finished game's)."""
    packed: bool = field(default=False, compare=False)
    """Kept in the compact form (`packed`), as a game compacted since that form exists is: not
    what the record says, but how a change to it is written."""

    @property
    def chained(self) -> bool:
        """Does the game take contributions and chain its log (every game made since they
        exist)?"""
        return self.secret is not None

    @property
    def names(self) -> list[str]:
        """The players' names by seat, bare (an empty seat: its number): whoever shows them
        marks the `bot_accounts` in its reader's words (`shared.engine.shown_names`)."""
        return [seat.name or seat_name(index, ()) for index, seat in enumerate(self.seats)]

    @property
    def bot_accounts(self) -> frozenset[int]:
        """The seats whose player's account a program plays (`Seat.bot_account`)."""
        return frozenset(index for index, seat in enumerate(self.seats) if seat.bot_account)

    def seat_of(self, player_id: str) -> int | None:
        """The seat the player has taken (None if only invited, or not in the game)."""
        for index, seat in enumerate(self.seats):
            if seat.player == player_id and seat.joined:
                return index
        return None

    def sits_or_invited(self, player_id: str) -> bool:
        return any(seat.player == player_id for seat in self.seats)

    def mentions(self, player_id: str) -> bool:
        """Does the record hold the player's id: a seat, an invitation, as its creator or as
        the player who asked for it?"""
        return self.sits_or_invited(player_id) or player_id in (self.creator, self.asked_by)

    def changed(self, **changes: Any) -> GameRecord:
        return dataclasses.replace(self, **changes)


def _json(value: Any) -> str:
    """JSON as games have always been stored (the standard library's spacing): a join compares
    `seats` as text, so the spelling must not change under a stored game."""
    return json.dumps(value)


def _seats(raw: str) -> tuple[Seat, ...]:
    return tuple(Seat(**seat) for seat in orjson.loads(raw))


def _seats_text(seats: tuple[Seat, ...]) -> str:
    """Seats as they were always kept, a bot's with its level besides and a bot account's with
    its mark: a join compares the stored text, so the seats of a game stored before either must
    read back the same."""
    return _json(
        [
            {
                "player": s.player,
                "name": s.name,
                "joined": s.joined,
                **({"bot": s.bot} if s.bot else {}),
                **({"bot_account": True} if s.bot_account else {}),
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
    "status": (Status, str),
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


KEPT = ("status", "archived", "revision", "rematch")
"""The fields a compacted game keeps by name: the store's scripts read them, and a rematch is
asked for by a compare-and-set on its `rematch`."""
DERIVED = ("seed", "commitment")
"""Fields the compact form keeps only when the rest does not make them (`_seed`, `_commitment`)."""
DEFAULTS = {f.name: f.default for f in dataclasses.fields(GameRecord) if f.default is not MISSING}


def packed(record: GameRecord) -> str:
    """The record's fields but `KEPT`, as one compact JSON object: a field at its default is
    left out, and so is what the game's secret makes again (the server's contributions, the
    seed, the commitment: `shared.fairness`), for `_unpacked` to make again."""
    made: dict[str, Any] = {
        name: getattr(record, name)
        for name in CODECS
        if name not in (*KEPT, *DERIVED) and getattr(record, name) != DEFAULTS.get(name, MISSING)
    }
    made["seats"] = [
        [s.player, s.name, s.joined, *([s.bot] if s.bot or s.bot_account else [])]
        + ([True] if s.bot_account else [])
        for s in record.seats
    ]
    made["contributions"] = [
        None if c is None else ["" if c == _server_made(record, seat) else c.value, c.made_by]
        for seat, c in enumerate(record.contributions)
    ]
    if record.seed != _seed(record):
        made["seed"] = record.seed
    if record.commitment != _commitment(record):
        made["commitment"] = record.commitment
    return orjson.dumps(made).decode()


def _unpacked(raw: str) -> dict[str, Any]:
    """The fields `packed` keeps, as the record has them."""
    made: dict[str, Any] = orjson.loads(raw)
    made["seats"] = tuple(Seat(*seat) for seat in made["seats"])
    made["to_act"] = tuple(made.get("to_act", ()))
    secret = made.get("secret")
    made["contributions"] = tuple(
        None if c is None else Contribution(c[0] or server_contribution(secret or "", seat), c[1])
        for seat, c in enumerate(made["contributions"])
    )
    partial = GameRecord(**{"status": OPEN, **made})
    made.setdefault("seed", _seed(partial))
    made.setdefault("commitment", _commitment(partial.changed(seed=made["seed"])))
    return made


def _server_made(record: GameRecord, seat: int) -> Contribution | None:
    """The contribution the server makes for a seat taken without one."""
    if record.secret is None:
        return None
    return Contribution(server_contribution(record.secret, seat), "server")


def _seed(record: GameRecord) -> str:
    """The seed the contributions make (a game before them drew its own: none)."""
    values = [c.value for c in record.contributions if c is not None]
    if record.secret is None or len(values) < len(record.contributions):
        return ""
    return derived_seed(record.secret, values)


def _commitment(record: GameRecord) -> str:
    """The hash of the server's secret (of the seed, for a game without one)."""
    committed = record.secret or record.seed
    return commitment(committed) if committed else ""


def decode(fields: Mapping[str, str], packed_text: str | None = None) -> GameRecord:
    """A record from the strings the store keeps: its fields, and in the compact form the text
    of the rest (`packed`). Fields it does not know are left out."""
    kept = {name: CODECS[name][0](raw) for name, raw in fields.items() if name in CODECS}
    if packed_text is None:
        return GameRecord(**kept)
    return GameRecord(**{**_unpacked(packed_text), **kept}, packed=True)


def encode(record: GameRecord, names: Iterable[str] = CODECS) -> dict[str, str]:
    """The record's fields `names` as the store keeps them (a None among OPTIONAL: left out); in
    the compact form only those `KEPT` (the rest is `packed`)."""
    encoded = {}
    for name in names:
        value = getattr(record, name)
        if not (value is None and name in OPTIONAL) and (name in KEPT or not record.packed):
            encoded[name] = CODECS[name][1](value)
    return encoded


def compared(record: GameRecord, on: str) -> tuple[str, str]:
    """The field that a compare-and-set on the record's field `on` compares, and its text in
    `record` ('' if absent): in the compact form, one that is `packed` compares the revision,
    which every change adds one to."""
    if record.packed and on not in KEPT:
        on = "revision"
    return on, encode(record, [on]).get(on, "")


def changes(before: GameRecord, after: GameRecord) -> dict[str, str]:
    """The fields that differ, as the store keeps them (in the compact form, see `packed`)."""
    return encode(after, [name for name in CODECS if getattr(before, name) != getattr(after, name)])
