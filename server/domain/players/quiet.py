"""Quiet hours and digests: when, in a player's own time zone, mail may go out.

Pure functions of a player's settings and a timestamp. Quiet hours are a daily local interval
("22:00-08:00", possibly across midnight); they hold mail and stop a player's move clock.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from server.domain.players.player import DEFAULT_QUIET_HOURS, Player

NO_QUIET_HOURS = "none"
DIGEST_TIME = time(8, 0)
"""When a daily digest goes out for a player with no quiet hours."""

SETTINGS = ("timezone", "quiet_hours", "digest")
"""The fields of a `Player` that decide when their mail may go out."""

HOUR = "([01][0-9]|2[0-3]):([0-5][0-9])"
QUIET_HOURS = re.compile(rf"^(?:{NO_QUIET_HOURS}|{HOUR}-{HOUR})$")
"""What a profile's quiet hours may be; the OpenAPI document states it as it is. ASCII digits
only: `\\d` also matched other scripts' digits, so "1\u0662:00-08:00" passed for 12:00-08:00."""
QUIET_HOURS_FORMAT = "quiet hours are HH:MM-HH:MM in your time zone, or 'none'"

Interval = tuple[float, float]


def parse_quiet_hours(text: str) -> tuple[time, time] | None:
    """`HH:MM-HH:MM` (start, end) or `none`; ValueError otherwise. Equal ends mean none."""
    found = QUIET_HOURS.fullmatch(text)
    if found is None:
        raise ValueError(QUIET_HOURS_FORMAT)
    if text == NO_QUIET_HOURS:
        return None
    start = time(int(found[1]), int(found[2]))
    end = time(int(found[3]), int(found[4]))
    return None if start == end else (start, end)


def zone(player: Player) -> ZoneInfo:
    """The player's time zone, in which their quiet hours and digest time are read."""
    return ZoneInfo(player.timezone or "UTC")


def local(moment: float, zone: ZoneInfo) -> datetime:
    """A moment as it is in `zone`: what a reader is shown, with its offset."""
    return datetime.fromtimestamp(moment, zone)


def _quiet(player: Player) -> tuple[time, time] | None:
    return parse_quiet_hours(player.quiet_hours or DEFAULT_QUIET_HOURS)


def _at(day: date, moment: time, local: ZoneInfo) -> float:
    return datetime.combine(day, moment, tzinfo=local).timestamp()


def quiet_intervals(player: Player, start: float, end: float) -> Iterator[Interval]:
    """The player's quiet intervals (UTC timestamps) that overlap [start, end]."""
    quiet = _quiet(player)
    if quiet is None or end <= start:
        return
    local = zone(player)
    first = datetime.fromtimestamp(start, local).date() - timedelta(days=1)
    last = datetime.fromtimestamp(end, local).date()
    day = first
    while day <= last:
        begins = _at(day, quiet[0], local)
        ends = _at(day + timedelta(days=1) if quiet[1] < quiet[0] else day, quiet[1], local)
        if begins < end and ends > start:
            yield begins, ends
        day += timedelta(days=1)


def quiet_until(player: Player, now: float) -> float | None:
    """When the quiet hours `now` falls in end; None if it is not quiet now."""
    for begins, ends in quiet_intervals(player, now, now + 1):
        if begins <= now < ends:
            return ends
    return None


def next_digest(player: Player, after: float) -> float:
    """The first daily digest time after `after`: the end of the quiet hours (08:00 without)."""
    quiet = _quiet(player)
    moment = quiet[1] if quiet is not None else DIGEST_TIME
    local = zone(player)
    day = datetime.fromtimestamp(after, local).date()
    while (due := _at(day, moment, local)) <= after:
        day += timedelta(days=1)
    return due


def held_until(player: Player, created: float, now: float) -> float | None:
    """None if mail made at `created` may go out `now`; otherwise when it may: after the
    quiet hours `now` falls in, or with the player's next daily digest."""
    if player.digest:
        due = next_digest(player, created)
        return None if due <= now else due
    return quiet_until(player, now)
