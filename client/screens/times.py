"""Moments and spans of time as the screens write them."""

from __future__ import annotations

from datetime import datetime


def moment(iso: str | None) -> datetime | None:
    """A time the server gave in ISO 8601, in the zone (my own) it gave it in."""
    return None if iso is None else datetime.fromisoformat(iso)


def duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    for size, unit in ((86400, "d"), (3600, "h"), (60, "m")):
        if seconds >= size:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


def release(moment: str, now: float) -> str:
    """When held mail goes out, in the time (and zone) the server gave: the player's own."""
    at = datetime.fromisoformat(moment)
    if at.timestamp() <= now:
        return "at the worker's next check"
    return stamp(at)


def stamp(at: datetime) -> str:
    """A moment as the screens write it, in the zone it carries: `Thu 26 Nov 18:40 +0100`."""
    return at.strftime("%a %d %b %H:%M %z")
