"""Move clocks in words, alike in mail and on the command line: a span of waking time, a
deadline as its reader sees it, in their own zone, and the players' time banks, in the
reader's language (`shared.words`; the date itself is written by the caller, who knows the
reader's locale, or here in English)."""

from __future__ import annotations

from datetime import datetime

from shared.words import ENGLISH, Words


def no_vacation(words: Words = ENGLISH) -> str:
    """Every deadline is an estimate: a vacation stops the clock and moves it later."""
    return words.gettext("if no vacation is taken")


NO_VACATION = no_vacation()


def span(seconds: float, words: Words = ENGLISH) -> str:
    """`3 days`, `1 day 4 h`, `5 h 20 min`, `40 min`: at most two units, rounded down."""
    days, rest = divmod(int(max(0, seconds)), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [
        words.ngettext("%(num)d day", "%(num)d days", days) if days else "",
        words.gettext("%(hours)d h", hours=hours) if hours else "",
        words.gettext("%(minutes)d min", minutes=minutes) if minutes and not days else "",
    ]
    shown = [part for part in parts if part][:2]
    return " ".join(shown) if shown else words.gettext("under a minute")


def due(
    moment: datetime | None, left: float, words: Words = ENGLISH, date: str | None = None
) -> str:
    """`due Thu 26 Nov 18:40 your time — 1 day 4 h of waking time left`, `moment` already in
    the reader's zone (None: no deadline within ten years); `date` the moment as the caller
    writes it for the reader's locale (by default `Thu 26 Nov 18:40`)."""
    left_text = span(left, words)
    if moment is None:
        return words.gettext(
            "due not within ten years — %(left)s of waking time left", left=left_text
        )
    return words.gettext(
        "due %(date)s your time — %(left)s of waking time left",
        date=date or f"{moment:%a %d %b %H:%M}",
        left=left_text,
    )


def deadline(
    whose: str,
    moment: datetime | None,
    left: float,
    paused: bool = False,
    words: Words = ENGLISH,
    date: str | None = None,
) -> str:
    """A sentence: `whose` ("Your", "bo's") move is due, and the estimate said to be one; or,
    while its player is on vacation, that the clock stands still."""
    if paused:
        return words.gettext(
            "%(whose)s move clock is paused for a vacation: %(left)s of waking time left.",
            whose=whose,
            left=span(left, words),
        )
    return words.gettext(
        "%(whose)s move is %(due)s (%(estimate)s).",
        whose=whose,
        due=due(moment, left, words, date),
        estimate=no_vacation(words),
    )


def banks(
    bank: float, increment: float, left: list[tuple[str, float]], words: Words = ENGLISH
) -> str:
    """`Time banks (at most 7 days, +1 day a move): you 6 days 4 h, bo 7 days.`"""
    each = ", ".join(f"{name} {span(seconds, words)}" for name, seconds in left)
    if increment:
        return words.gettext(
            "Time banks (at most %(bank)s, +%(increment)s a move): %(each)s.",
            bank=span(bank, words),
            increment=span(increment, words),
            each=each,
        )
    return words.gettext(
        "Time banks (at most %(bank)s): %(each)s.", bank=span(bank, words), each=each
    )
