"""Moments, spans of time and numbers as the screens write them, in the reader's language
(Babel's formats for it), each moment in the zone the server gave it in: the reader's own.

The move clocks' sentences are `shared.clock_text`'s, said alike in mail, on the pages and here,
in the command line's words (`client.words.words()`).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from babel.dates import format_datetime, format_timedelta
from babel.numbers import format_decimal

from client.words import _, language
from shared.words import LANGUAGES


def locale() -> str:
    """The Babel locale of the language spoken (English for a language Babel does not have,
    as the tests' pseudo-language)."""
    spoken = language()
    return spoken if spoken in LANGUAGES else "en"


def moment(iso: str | None) -> datetime | None:
    """A time the server gave in ISO 8601, in the zone (my own) it gave it in."""
    return None if iso is None else datetime.fromisoformat(iso)


def number(value: float, pattern: str = "#,##0.##") -> str:
    """`12,345.5` in English, `12 345,5` in Polish, `12.345,5` in German."""
    return format_decimal(value, pattern, locale=locale())


def duration(seconds: float) -> str:
    """A span in one short unit, rounded down: `3d`, `4h`, `5m`, `10s` (`3 d.`, `4 h` in
    Polish, `3 T`, `5 Min.` in German)."""
    seconds = max(0, int(seconds))
    for size in (86400, 3600, 60, 1):
        if seconds >= size or size == 1:
            whole = timedelta(seconds=seconds - seconds % size)
            return format_timedelta(whole, threshold=1, format="narrow", locale=locale())
    raise AssertionError  # the loop always returns


def stamp(at: datetime) -> str:
    """A moment as the screens write it, in the zone it carries: `Thu 26 Nov 18:40 +0100`."""
    return format_datetime(at, _("EEE dd MMM HH:mm xx"), locale=locale())


def day_and_time(at: datetime) -> str:
    """A moment in a history or a record, aligned in a column: `2026-11-26 18:40`."""
    return format_datetime(at, _("yyyy-MM-dd HH:mm"), locale=locale())


def day(at: datetime) -> str:
    return format_datetime(at, _("yyyy-MM-dd"), locale=locale())


def release(moment: str, now: float) -> str:
    """When held mail goes out, in the time (and zone) the server gave: the player's own."""
    at = datetime.fromisoformat(moment)
    if at.timestamp() <= now:
        return _("at the worker's next check")
    return stamp(at)
