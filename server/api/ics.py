"""A player's games waiting on them as an iCalendar feed (RFC 5545, built by `icalendar`).

One event per game whose move clock runs for the player, ending at its deadline
(`server.storage.games.deadlines`), with an alarm before it. Its UID names the game and the seat, so
a calendar that reads the feed again moves the event when the deadline moves, and drops it once
the game no longer waits on the player; it never shows two. Times are in UTC, the player's zone
named (`X-WR-TIMEZONE`), so every calendar shows them in its own zone without a VTIMEZONE to
read. An event says what a games list says: the game, the other players and the deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from icalendar import Alarm, Calendar, Event, vDuration

from server.domain.games.record import ACTIVE, GameRecord
from server.domain.players.player import Player
from server.domain.players.quiet import local, zone
from server.presenters.catalogs import words_for
from server.storage.games.deadlines import Deadlines
from shared.clock_text import deadline
from shared.engine import shown_names
from shared.games import ENGINES

PRODUCT = "-//turnpost//move deadlines//EN"
EVENT_LENGTH = timedelta(hours=1)
"""An event is the last hour before its deadline (or less, if the move came later)."""
ALARM_BEFORE = timedelta(hours=1)
"""Before the event begins: two hours before the deadline."""
REFRESH = timedelta(minutes=15)
"""How often a calendar should read the feed again (calendars that honour it)."""


@dataclass(frozen=True)
class Waiting:
    """A game waiting on the player, and until when."""

    game_id: str
    seat: int
    title: str
    others: Sequence[str]
    since: float
    due: float
    left: float


def waiting(
    player: Player, records: Sequence[GameRecord], deadlines: Deadlines, now: float
) -> list[Waiting]:
    """The player's games whose move clock runs for them (and has a deadline)."""
    found, words = [], words_for(player.language)
    for record in records:
        seat = record.seat_of(player.id)
        if seat is None or record.status != ACTIVE or seat not in record.to_act:
            continue
        for clock in deadlines.of(record, now):
            if clock.seat == seat and clock.due is not None and clock.since is not None:
                names = shown_names(record.names, record.bot_accounts, words)
                others = [name for i, name in enumerate(names) if i != seat]
                title = ENGINES[record.type].title_in(words)
                found.append(
                    Waiting(record.id, seat, title, others, clock.since, clock.due, clock.left)
                )
    return found


def _utc(moment: float) -> datetime:
    return datetime.fromtimestamp(moment, UTC)


def feed(player: Player, waiting: Sequence[Waiting], now: float) -> bytes:
    own = zone(player)
    words = words_for(player.language)
    moves = words.gettext("turnpost: %(name)s's moves", name=player.name)
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("name", moves)
    calendar.add("x-wr-calname", moves)
    calendar.add("x-wr-timezone", own.key)
    calendar.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", vDuration(REFRESH))
    for game in waiting:
        summary = words.gettext(
            "Your move: %(title)s with %(others)s", title=game.title, others=", ".join(game.others)
        )
        said = deadline(None, local(game.due, own), game.left, words=words)
        event = Event()
        event.add("uid", f"{game.game_id}-{game.seat}@turnpost")
        event.add("dtstamp", _utc(now))
        event.add("dtstart", max(_utc(game.since), _utc(game.due) - EVENT_LENGTH))
        event.add("dtend", _utc(game.due))
        event.add("summary", summary)
        event.add(
            "description",
            "\n".join(
                [
                    said,
                    words.gettext("Your time zone: %(zone)s.", zone=own.key),
                    f"turnpost show {game.game_id}",
                ]
            ),
        )
        event.add("transp", "TRANSPARENT")
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", summary)
        alarm.add("trigger", -ALARM_BEFORE)
        event.add_component(alarm)
        calendar.add_component(event)
    written: bytes = calendar.to_ical()
    return written
