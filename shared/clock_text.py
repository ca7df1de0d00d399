"""Move clocks in words, alike in mail and on the command line: a span of waking time, a
deadline as its reader sees it, in their own zone, and the players' time banks."""

from __future__ import annotations

from datetime import datetime

NO_VACATION = "if no vacation is taken"
"""Every deadline is an estimate: a vacation stops the clock and moves it later."""


def span(seconds: float) -> str:
    """`3 days`, `1 day 4 h`, `5 h 20 min`, `40 min`: at most two units, rounded down."""
    days, rest = divmod(int(max(0, seconds)), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [
        f"{days} day{'s' if days != 1 else ''}" if days else "",
        f"{hours} h" if hours else "",
        f"{minutes} min" if minutes and not days else "",
    ]
    shown = [part for part in parts if part][:2]
    return " ".join(shown) if shown else "under a minute"


def due(moment: datetime | None, left: float) -> str:
    """`due Thu 26 Nov 18:40 your time — 1 day 4 h of waking time left`, `moment` already in
    the reader's zone (None: no deadline within ten years)."""
    date = f"{moment:%a %d %b %H:%M} your time" if moment is not None else "not within ten years"
    return f"due {date} — {span(left)} of waking time left"


def deadline(whose: str, moment: datetime | None, left: float, paused: bool = False) -> str:
    """A sentence: `whose` ("Your", "bo's") move is due, and the estimate said to be one; or,
    while its player is on vacation, that the clock stands still."""
    if paused:
        return f"{whose} move clock is paused for a vacation: {span(left)} of waking time left."
    return f"{whose} move is {due(moment, left)} ({NO_VACATION})."


def banks(bank: float, increment: float, left: list[tuple[str, float]]) -> str:
    """`Time banks (at most 7 days, +1 day a move): you 6 days 4 h, bo 7 days.`"""
    added = f", +{span(increment)} a move" if increment else ""
    each = ", ".join(f"{name} {span(seconds)}" for name, seconds in left)
    return f"Time banks (at most {span(bank)}{added}): {each}."
