"""Each player's calendar feed, read back by `icalendar`'s own parser as a calendar would read
it: one event per game waiting on the player, ending at the deadline the API shows, under one
UID that moves with the deadline and goes when the game stops waiting; and an address that is
a rotatable secret, showing nothing hidden."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import requests
from icalendar import Calendar, Event

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import move, start_game
from tests.support.jobs import Mail
from tests.support.terminal import terminal

HOUR = 3600


def fetch(api: LiveServer, path: str) -> requests.Response:
    """As a calendar fetches a feed: no token, only its address."""
    return requests.get(api.url + path, timeout=10)


def events(api: LiveServer, path: str) -> list[Event]:
    answer = fetch(api, path)
    assert answer.status_code == 200, answer.text
    assert answer.headers["Content-Type"] == "text/calendar; charset=utf-8"
    raw = answer.content
    assert all(len(line) <= 75 for line in raw.split(b"\r\n")), "folded lines"
    assert raw.endswith(b"END:VCALENDAR\r\n")
    calendar = Calendar.from_ical(raw)
    assert str(calendar["VERSION"]) == "2.0" and str(calendar["PRODID"])
    assert str(calendar["METHOD"]) == "PUBLISH"
    assert str(calendar["X-WR-TIMEZONE"]) == "Europe/Warsaw"
    found = calendar.events
    uids = [str(event["UID"]) for event in found]
    assert len(uids) == len(set(uids)), "never two events for one game"
    return found


def due_of(client: ApiClient, game_id: str) -> datetime:
    """The deadline of the client's own running clock, as the API shows it."""
    view = client.ok("GET", f"/games/{game_id}")
    (mine,) = [clock for clock in view["clocks"] if clock["seat"] == view["seat"]]
    return datetime.fromisoformat(mine["due"])


def check(event: Event, game_id: str, seat: int, due: datetime) -> None:
    """The event of a game waiting on the seat: ending at the deadline, in UTC, an alarm
    before it."""
    assert str(event["UID"]) == f"{game_id}-{seat}@turnpost"
    end = event.decoded("DTEND")
    assert end.tzinfo is not None and end.utcoffset() == timedelta(0)
    assert end == due
    assert event.decoded("DTSTART") == due - timedelta(hours=1)
    assert "Lost Cities" in str(event["SUMMARY"])
    assert event.decoded("DTSTAMP").utcoffset() == timedelta(0)
    (alarm,) = event.walk("VALARM")
    assert str(alarm["ACTION"]) == "DISPLAY" and alarm.decoded("TRIGGER") < timedelta(0)
    described = str(event["DESCRIPTION"])
    assert f"Your move is due {due:%a %d %b %H:%M} your time" in described
    assert "Your time zone: Europe/Warsaw." in described


def test_the_feed_follows_moves_deadline_changes_vacations_and_the_end(
    clocked: LiveServer, mail: Mail
) -> None:
    game_id, (ada, bo) = start_game(
        clocked, "lost-cities", rounds=1, first_player=0, move_time="1d"
    )
    for player in (ada, bo):
        player.ok("PATCH", "/me", json={"quiet_hours": "none"})
    mail.run()
    feeds = {p.player["name"]: p.ok("POST", "/me/calendar")["path"] for p in (ada, bo)}

    (event,) = events(clocked, feeds["ada"])
    check(event, game_id, 0, due_of(ada, game_id))
    assert events(clocked, feeds["bo"]) == []

    mail.clock.advance(HOUR)
    move(ada, game_id)
    mail.run()
    assert events(clocked, feeds["ada"]) == []
    (event,) = events(clocked, feeds["bo"])
    check(event, game_id, 1, due_of(bo, game_id))

    mail.clock.advance(HOUR)
    move(bo, game_id)
    mail.run()
    assert events(clocked, feeds["bo"]) == []
    (event,) = events(clocked, feeds["ada"])
    first = due_of(ada, game_id)
    check(event, game_id, 0, first)
    assert first == datetime.fromtimestamp(mail.clock() + 86400, UTC)

    # Quiet hours from now on: the same event, ending later
    ada.ok("PATCH", "/me", json={"quiet_hours": "22:00-08:00"})
    (event,) = events(clocked, feeds["ada"])
    quieter = due_of(ada, game_id)
    assert quieter > first
    check(event, game_id, 0, quieter)

    # A vacation of five hours: the deadline moves five waking hours on
    ada.ok("PATCH", "/me", json={"quiet_hours": "none"})
    profile = mail.ctx.players.get(ada.player["id"])
    assert profile is not None
    profile = mail.ctx.vacations.start(profile)
    mail.clock.advance(5 * HOUR)
    mail.ctx.vacations.stop(profile)
    (event,) = events(clocked, feeds["ada"])
    check(event, game_id, 0, first + timedelta(hours=5))

    ada.ok("POST", f"/games/{game_id}/resign")
    mail.run()
    assert events(clocked, feeds["ada"]) == events(clocked, feeds["bo"]) == []


def test_the_feed_shows_nothing_hidden(clocked: LiveServer, mail: Mail) -> None:
    game_id, players = start_game(clocked, "lost-cities", rounds=1, first_player=0, move_time="1d")
    mail.run()
    hands = {card for p in players for card in p.ok("GET", f"/games/{game_id}")["view"]["hand"]}
    for player in players:
        body = fetch(clocked, player.ok("POST", "/me/calendar")["path"]).text
        shown = set(re.findall(r"\b[A-Z][a-z]?\d{1,2}\b", body))
        assert not hands & shown, hands & shown
        assert "hand" not in body.lower()


def test_the_address_is_a_secret_that_can_be_rotated_or_closed(
    api: LiveServer, tmp_path: Path
) -> None:
    ada = api.client().register("ada")
    assert ada.ok("GET", "/me/calendar") == {"on": False, "path": None, "url": None}
    first = ada.ok("POST", "/me/calendar")
    assert first["on"] is True and first["url"] == api.url + first["path"]
    assert fetch(api, first["path"]).status_code == 200
    assert ada.ok("GET", "/me/calendar") == {"on": True, "path": None, "url": None}
    second = ada.ok("POST", "/me/calendar")
    assert second["path"] != first["path"]
    refused = fetch(api, first["path"])
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "not_found"
    assert fetch(api, second["path"]).status_code == 200
    for guessed in ("/api/v1/calendar/p_0123456789abcdef.x.ics", "/api/v1/calendar/x.ics"):
        assert fetch(api, guessed).status_code == 404
    feed = second["path"].removeprefix("/api/v1/calendar/").removesuffix(".ics")
    player_id = feed.partition(".")[0]
    assert fetch(api, f"/api/v1/calendar/{player_id}.{'A' * 43}.ics").status_code == 404

    at_terminal = terminal(ada, api, tmp_path)
    shown = at_terminal.ok("calendar")
    (address,) = re.findall(r"http://\S+\.ics", shown)
    assert fetch(api, address.removeprefix(api.url)).status_code == 200
    assert fetch(api, second["path"]).status_code == 404
    assert "stops working" in at_terminal.ok("calendar", "--off")
    assert fetch(api, address.removeprefix(api.url)).status_code == 404
    assert ada.ok("GET", "/me/calendar")["on"] is False
