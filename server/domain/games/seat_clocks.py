"""A seat's move clock as a value: how much waking time is left to it and when it runs out, as
anyone in the game may see it. The worker keeps the running clocks and the store reads them into
these; the API, the notices, the pages and the calendar feed show them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeatClock:
    """One seat's running clock, as anyone in the game may see it."""

    seat: int
    name: str
    left: float
    """Waking seconds left."""
    due: float | None
    """When it runs out if the player takes no vacation (None: not running, or not within
    `waking.HORIZON`)."""
    running: bool = False
    """False: a time bank between its seat's decisions."""
    since: float | None = None
    """When the running clock's decision began."""
    paused: bool = False
    """Its player is on vacation: the clock stands still until they are back, and `due`
    assumes they come back now."""


def started(clocks: list[SeatClock]) -> str:
    """Which clocks run since when: what a page that shows the deadlines compares to know
    they changed."""
    return ".".join(f"{clock.seat}-{clock.since:.0f}" for clock in clocks if clock.running)


def limit(settings: dict[str, Any], running: dict[str, Any]) -> float:
    """The waking seconds a running clock may take (one started before clocks said so: the
    move time)."""
    found: float = running["limit"] if "limit" in running else settings["move_time"]
    return found
