"""Moments as a player reads them: in their own time zone and their language's way of writing
dates (Babel's CLDR data), whichever page shows them."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from babel import Locale
from babel.dates import format_skeleton, format_time
from flask_babel import get_locale

from server.domain.players.player import Player
from server.domain.players.quiet import zone
from server.http.language import gettext, words_chosen
from shared.clock_text import span


def when(moment: float, player: Player) -> str:
    """`moment` (seconds since the epoch) as a weekday, date and time in the player's zone."""
    return at(moment, zone(player))


def at(moment: float, where: ZoneInfo) -> str:
    locale = get_locale() or Locale("en")
    local = datetime.fromtimestamp(moment, where)
    day = format_skeleton("yMMMEd", local, tzinfo=where, locale=locale)
    hour = format_time(local, "short", tzinfo=where, locale=locale)
    return str(locale.datetime_formats["medium"]).format(hour, day)


def clock_words(clock: Mapping[str, Any] | None) -> str:
    """A game's move clock in words (its `clock` as the API shows it), its spans as mail and
    the command line write them (`shared.clock_text.span`)."""
    if clock is None:
        return gettext("no move clock")
    if "time_bank" in clock:
        return gettext(
            "a bank of %(bank)s, %(increment)s more after each move",
            bank=span(clock["time_bank"], words_chosen()),
            increment=span(clock["increment"], words_chosen()),
        )
    return gettext("%(time)s a move", time=span(clock["move_time"], words_chosen()))
