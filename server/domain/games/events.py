"""What a change to a game means to each of its players: the events of their one wait
(`GET /me/wait`).

A script that plays many games asks one question, "which of my games needs me now?", so each
change is told to the players it concerns, as one small event each: it is their turn, they were
invited, the game started, ended or was called off, someone talked at their table, a rematch was
offered. An event is made from the game's record alone (its status, the seats to act, the
version), never from its state: it tells nobody more than the game's own view does. It names no
player (seats, as the view's `to_act`): a player who deletes their account leaves no name in
the others' events.
The player whose request made a change is not told of it (they have the answer), but for their
turn: a script that waits for its turns hears every one of them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from server.domain.games.record import ACTIVE, CANCELLED, FINISHED, OPEN, GameRecord

Kind = Literal["invited", "started", "turn", "ended", "cancelled", "rematch", "talk"]
KINDS: tuple[Kind, ...] = ("invited", "started", "turn", "ended", "cancelled", "rematch", "talk")


@dataclass(frozen=True)
class PlayerEvent:
    """One event for one player: `kind` of what happened to `game`, with the game's `version`
    after it (None where the change did not read it: a rematch asked for), its `status`, the
    seats `to_act` and whether the player's is one (`your_turn`); a rematch names the next
    game, talk the message's number."""

    player: str
    game: str
    type: str
    kind: Kind
    version: int | None
    status: str
    to_act: tuple[int, ...]
    your_turn: bool
    rematch: str | None = None
    message: int | None = None


def of_change(
    before: GameRecord | None,
    after: GameRecord,
    version: int | None,
    by: str | None = None,
    mover: int | None = None,
) -> list[PlayerEvent]:
    """The events of a change from `before` (None: the game is new) to `after`, made by the
    player `by` (moving from seat `mover`)."""
    found: list[PlayerEvent] = []
    for seat, sitter in enumerate(after.seats):
        player = sitter.player
        if player is None or sitter.bot:
            continue
        kind = _kind(before, after, seat, mover)
        if kind is None or (player == by and kind not in ("turn", "started", "ended")):
            continue
        found.append(_event(after, player, seat, kind, version))
    return found


def of_talk(
    record: GameRecord, by: str, version: int, message: int, blockers: Collection[str] = ()
) -> list[PlayerEvent]:
    """The event of a message said at the table: for everyone seated there but its speaker and
    those who do not hear them (`blockers`: the players who block them)."""
    return [
        _event(record, sitter.player, seat, "talk", version, message=message)
        for seat, sitter in enumerate(record.seats)
        if sitter.player
        and not sitter.bot
        and sitter.player != by
        and sitter.player not in blockers
    ]


def _kind(
    before: GameRecord | None, after: GameRecord, seat: int, mover: int | None
) -> Kind | None:
    sitter = after.seats[seat]
    if before is None or before.status == OPEN:
        if after.status == OPEN:
            was = before.seats[seat] if before is not None and seat < len(before.seats) else None
            fresh = was is None or was.player != sitter.player
            return "invited" if fresh and not sitter.joined else None
        if after.status == CANCELLED:
            return "cancelled"
        if after.status == ACTIVE:
            return "turn" if seat in after.to_act else "started"
    if after.status == FINISHED:
        if before is not None and before.status == ACTIVE:
            return "ended"
        if before is not None and before.rematch is None and after.rematch is not None:
            return "rematch"
        return None
    if after.status == ACTIVE and before is not None:
        newly = seat not in before.to_act or seat == mover
        return "turn" if seat in after.to_act and newly else None
    return None


def _event(
    record: GameRecord,
    player: str,
    seat: int,
    kind: Kind,
    version: int | None,
    message: int | None = None,
) -> PlayerEvent:
    acting = record.to_act if record.status == ACTIVE else ()
    return PlayerEvent(
        player=player,
        game=record.id,
        type=record.type,
        kind=kind,
        version=version,
        status=str(record.status),
        to_act=tuple(acting),
        your_turn=seat in acting,
        rematch=record.rematch if kind == "rematch" else None,
        message=message,
    )
