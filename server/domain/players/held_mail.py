"""Mail held for a player, and until when: one answer for the worker, which sends a notice once
it may go, and for the API, which tells the player what waits (`mail` in `GET /me`,
`notice_held_until` in `GET /games`), so that no mail is held without a word of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from server.domain.players.player import Player
from server.domain.players.quiet import held_until, zone

STILL_YOUR_TURN_AFTER = 120.0
"""A player who just moved and must act again (the steps of a Livingstone turn) is told so
only if they have not gone on by then: one at the keyboard is not mailed after every step."""


def release_at(player: Player, item: Mapping[str, Any], now: float) -> float | None:
    """None if the notice may go out now; otherwise when it may."""
    held = held_until(player, item["created"], now)
    if held is None and item.get("again") and item["created"] + STILL_YOUR_TURN_AFTER > now:
        held = item["created"] + STILL_YOUR_TURN_AFTER
    return held


@dataclass(frozen=True)
class HeldMail:
    """What waits in a player's outbox and when it goes out, in ISO 8601 with the offset of the
    player's own zone (2027-03-11T08:00:00+01:00)."""

    held_now: bool
    """A notice made now would wait: quiet hours now, or a daily digest."""
    count: int
    next_release: str | None
    """When the first waiting notice goes out (now, if one may already: the worker's next tick
    sends it); with none waiting, when a notice made now would; None: at once."""
    games: dict[str, str]
    """Each game with a notice waiting: when its first goes out."""


def held_mail(waiting: Sequence[Mapping[str, Any]], player: Player, now: float) -> HeldMail:
    """What `waiting` in the player's outbox (oldest first) comes to, read against the player as
    they are, as the worker's next flush will read it."""
    games: dict[str, float] = {}
    for item in waiting:
        held = release_at(player, item, now)
        at = now if held is None else held
        games[item["game"]] = min(at, games.get(item["game"], at))
    made_now = held_until(player, now, now)
    first = min(games.values()) if games else made_now
    local = zone(player)

    def shown(moment: float) -> str:
        return datetime.fromtimestamp(moment, local).isoformat(timespec="seconds")

    return HeldMail(
        made_now is not None,
        len(waiting),
        shown(first) if first is not None else None,
        {game: shown(at) for game, at in games.items()},
    )
