"""Move clocks in words, alike in mail and on the command line: a span of waking time, a
deadline as its reader sees it, in their own zone and language, and the players' time banks.
Every sentence goes through the reader's `Words`; dates and times are written as the
reader's language writes them (Babel's patterns for it)."""

from __future__ import annotations

from datetime import datetime

from babel.dates import format_skeleton, format_time

from shared.words import ENGLISH, LANGUAGES, Words


def span(seconds: float, words: Words = ENGLISH) -> str:
    """`3 days`, `1 day 4 h`, `5 h 20 min`, `40 min`: at most two units, rounded down."""
    days, rest = divmod(int(max(0, seconds)), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [
        words.ngettext("%(num)d day", "%(num)d days", days) if days else "",
        words.gettext("%(num)d h", num=hours) if hours else "",
        words.gettext("%(num)d min", num=minutes) if minutes and not days else "",
    ]
    shown = [part for part in parts if part][:2]
    return " ".join(shown) if shown else words.gettext("under a minute")


LOCALES = {"en": "en_GB"}
"""The English written with the day before the month, on a 24-hour clock: `Thu 26 Nov 18:40`."""


def moment_text(moment: datetime, words: Words = ENGLISH) -> str:
    """`Thu 26 Nov 18:40`, `czw., 26 lis 18:40`, `Do., 26. Nov. 18:40`: a day and a time
    within the year, as the reader's language writes them (English for one Babel lacks)."""
    language = words.language if words.language in LANGUAGES else LANGUAGES[0]
    locale = LOCALES.get(language, language)
    date = format_skeleton("MMMEd", moment, locale=locale)
    return f"{date} {format_time(moment, 'HH:mm', locale=locale)}"


def due(moment: datetime | None, left: float, words: Words = ENGLISH) -> str:
    """`due Thu 26 Nov 18:40 your time — 1 day 4 h of waking time left`, `moment` already in
    the reader's zone (None: no deadline within ten years)."""
    if moment is None:
        return words.gettext(
            "due not within ten years — %(left)s of waking time left", left=span(left, words)
        )
    return words.gettext(
        "due %(when)s your time — %(left)s of waking time left",
        when=moment_text(moment, words),
        left=span(left, words),
    )


def deadline(
    whose: str | None,
    moment: datetime | None,
    left: float,
    paused: bool = False,
    words: Words = ENGLISH,
) -> str:
    """A sentence: the reader's own (`whose` None) or the named player's move is due, and the
    estimate said to be one (`moment` already in the reader's zone; None: not within ten
    years); or, while its player is on vacation, that the clock stands still."""
    mine = whose is None
    values = {"name": whose, "left": span(left, words)}
    if paused and mine:
        return words.gettext(
            "Your move clock is paused for a vacation: %(left)s of waking time left.", **values
        )
    if paused:
        return words.gettext(
            "%(name)s's move clock is paused for a vacation: %(left)s of waking time left.",
            **values,
        )
    if moment is None and mine:
        return words.gettext(
            "Your move is due not within ten years — %(left)s of waking time left "
            "(if no vacation is taken).",
            **values,
        )
    if moment is None:
        return words.gettext(
            "%(name)s's move is due not within ten years — %(left)s of waking time left "
            "(if no vacation is taken).",
            **values,
        )
    when = moment_text(moment, words)
    if mine:
        return words.gettext(
            "Your move is due %(when)s your time — %(left)s of waking time left "
            "(if no vacation is taken).",
            when=when,
            **values,
        )
    return words.gettext(
        "%(name)s's move is due %(when)s your time — %(left)s of waking time left "
        "(if no vacation is taken).",
        when=when,
        **values,
    )


def banks(
    bank: float, increment: float, left: list[tuple[str, float]], words: Words = ENGLISH
) -> str:
    """`Time banks (at most 7 days, +1 day a move): you 6 days 4 h, bo 7 days.` (`left`: each
    player's name, as the sentence says it, and seconds)."""
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
