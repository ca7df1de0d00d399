"""Deadlines people can see: the moment a move clock runs out, counted in its mover's waking
time and shown in each reader's own zone, across the changes to summer time of two zones. The
API, the notices, the reminders and the command line say the moment the worker times out."""

from __future__ import annotations

import dataclasses
import random
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from server.domain.players.waking import runs_out, used
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import log, start_game
from tests.support.jobs import WARSAW, Mail
from tests.support.memory import player as registered
from tests.support.pages import logged_in, said
from tests.support.terminal import terminal

NEW_YORK = ZoneInfo("America/New_York")


def at(zone: ZoneInfo, month: int, day: int, hour: int, minute: int = 0) -> float:
    return datetime(2027, month, day, hour, minute, tzinfo=zone).timestamp()


@dataclasses.dataclass(frozen=True)
class Case:
    mover: int
    """ada (seat 0) lives in Warsaw, bo (seat 1) in New York."""
    quiet: str
    """The mover's quiet hours."""
    start: float
    due: dict[str, str]
    """When the mover's day of waking time runs out, as each player's API shows it."""
    words: str
    """The same as the mover's notice says it."""


CASES = {
    # Warsaw's clocks go forward in the night of 27-28 March; 22:00-08:00 quiet: 2 h on
    # Friday, 14 h on Saturday, then 8 h on Sunday, after a night an hour shorter.
    "Warsaw's summer time": Case(
        0,
        "22:00-08:00",
        at(WARSAW, 3, 26, 20),
        {"ada": "2027-03-28T16:00:00+02:00", "bo": "2027-03-28T10:00:00-04:00"},
        "Sun 28 Mar 16:00 your time",
    ),
    # New York's go forward in the night of 13-14 March; 23:00-07:00 quiet: 3 h on
    # Saturday, 16 h on Sunday, 5 h on Monday; Warsaw is still on winter time, 5 h ahead.
    "New York's summer time": Case(
        1,
        "23:00-07:00",
        at(NEW_YORK, 3, 13, 20),
        {"ada": "2027-03-15T17:00:00+01:00", "bo": "2027-03-15T12:00:00-04:00"},
        "Mon 15 Mar 12:00 your time",
    ),
}


def table(api: LiveServer, mail: Mail, case: Case) -> tuple[str, list[ApiClient]]:
    mail.clock.now = case.start
    game_id, players = start_game(api, "lost-cities-dice", move_time="1d", first_player=case.mover)
    quiet = ["none", "none"]
    quiet[case.mover] = case.quiet  # the other is mailed at once, at any hour
    ada, bo = players
    ada.ok("PATCH", "/me", json={"quiet_hours": quiet[0]})
    bo.ok("PATCH", "/me", json={"quiet_hours": quiet[1], "timezone": "America/New_York"})
    mail.run()
    return game_id, players


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_the_deadline_shown_is_the_moment_the_clock_runs_out_in_each_readers_zone(
    clocked: LiveServer, mail: Mail, case: Case
) -> None:
    game_id, players = table(clocked, mail, case)
    mover = players[case.mover]
    for player in players:
        (clock,) = player.ok("GET", f"/games/{game_id}")["clocks"]
        assert clock == {
            "seat": case.mover,
            "name": mover.player["name"],
            "due": case.due[player.player["name"]],
            "left_seconds": 86400,
            "running": True,
            "paused": False,
        }
        (listed,) = player.ok("GET", "/games")["games"]
        assert listed["clocks"] == [clock]
    turn = mail.to(mover.player)[-1]
    assert (
        f"Your move is due {case.words} — 1 day of waking time left "
        "(if no vacation is taken)." in turn
    )
    other = players[1 - case.mover]
    started = mail.to(other.player)[-1]
    due = datetime.fromisoformat(case.due[other.player["name"]])
    assert f"{mover.player['name']}'s move is due {due:%a %d %b %H:%M} your time" in started

    deadline = datetime.fromisoformat(case.due["ada"]).timestamp()
    mail.clock.now = deadline - 1
    mail.tick()
    assert log(mover, game_id) == []
    (clock,) = mover.ok("GET", f"/games/{game_id}")["clocks"]
    assert clock["left_seconds"] == 1 and clock["due"] == case.due[mover.player["name"]]
    mail.clock.now = deadline
    mail.tick()
    (entry,) = log(mover, game_id)
    assert entry["timeout"] is True and entry["seat"] == case.mover


def test_reminders_name_the_deadline(clocked: LiveServer, mail: Mail) -> None:
    """Half of ada's day is gone at 18:00 on Saturday, nine tenths at 13:36 on Sunday."""
    case = CASES["Warsaw's summer time"]
    _game_id, (ada, _bo) = table(clocked, mail, case)
    mail.clock.now = at(WARSAW, 3, 27, 18)
    mail.tick()
    reminder = mail.to(ada.player)[-1]
    assert reminder.startswith("Reminder: it is still your turn, and 50% of your time is used.")
    assert f"Your move is due {case.words} — 12 h of waking time left" in reminder
    mail.clock.now = at(WARSAW, 3, 28, 13, 36)
    mail.tick()
    reminder = mail.to(ada.player)[-1]
    assert reminder.startswith("Reminder: it is still your turn, and 90% of your time is used.")
    assert f"Your move is due {case.words} — 2 h 24 min of waking time left" in reminder


def test_show_and_games_say_each_deadline_in_my_zone(
    clocked: LiveServer, mail: Mail, tmp_path: Path
) -> None:
    case = CASES["New York's summer time"]
    game_id, (ada, bo) = table(clocked, mail, case)
    at_terminal = {
        client.player["name"]: terminal(client, clocked, tmp_path) for client in (ada, bo)
    }
    shown = " ".join(at_terminal["bo"].ok("show", game_id).split())  # lines fit 80 columns
    assert (
        "Your move is due Mon 15 Mar 12:00 your time — 1 day of waking time left "
        "(if no vacation is taken)." in shown
    )
    assert "bo's move is due Mon 15 Mar 17:00 your time" in at_terminal["ada"].ok("show", game_id)
    listed = " ".join(at_terminal["ada"].ok("games").split())
    assert "bo: due Mon 15 Mar 17:00 your time — 1 day of waking time left" in listed
    assert "if no vacation is taken" in listed


def test_a_clock_paused_for_a_vacation_is_shown_paused_not_due(
    clocked: LiveServer, mail: Mail, tmp_path: Path
) -> None:
    case = CASES["New York's summer time"]
    game_id, (ada, bo) = table(clocked, mail, case)
    away = mail.ctx.players.get(bo.player["id"])
    assert away is not None
    away = mail.ctx.vacations.start(away)
    for player in (ada, bo):
        (clock,) = player.ok("GET", f"/games/{game_id}")["clocks"]
        assert clock["paused"] is True and clock["left_seconds"] == 86400
    at_terminal = {
        client.player["name"]: terminal(client, clocked, tmp_path) for client in (ada, bo)
    }
    shown = at_terminal["bo"].ok("show", game_id)
    assert "Your move clock is paused for a vacation: 1 day of waking time left." in shown
    assert "if no vacation is taken" not in shown
    assert "bo's move clock is paused for a vacation" in at_terminal["ada"].ok("show", game_id)
    listed = " ".join(at_terminal["bo"].ok("games").split())
    assert "your clock is paused for your vacation, 1 day left" in listed
    assert "if no vacation is taken" not in listed
    page = said(logged_in(mail, clocked.url, bo).get(f"/play/{game_id}").text)
    assert "Your move clock is paused for a vacation" in page
    mail.ctx.vacations.stop(away)
    (clock,) = bo.ok("GET", f"/games/{game_id}")["clocks"]
    assert clock["paused"] is False
    assert "(if no vacation is taken)" in " ".join(at_terminal["bo"].ok("show", game_id).split())


@pytest.mark.parametrize("zone", ["Europe/Warsaw", "America/New_York", "Australia/Lord_Howe"])
def test_the_deadline_is_the_inverse_of_the_waking_time_used(zone: str) -> None:
    """Random starts, limits, quiet hours and past vacations through a year of a zone's
    changes (Lord Howe's are half an hour): the waking time used at the deadline is the limit,
    and a second before it is less."""
    rnd = random.Random(zone)
    for _ in range(200):
        start, end = rnd.randrange(24), rnd.randrange(24)
        ada = registered(timezone=zone, quiet_hours=f"{start:02d}:30-{end:02d}:00")
        since = at(ZoneInfo(zone), rnd.randrange(1, 13), rnd.randrange(1, 29), rnd.randrange(24))
        away, reach = [], since
        for _ in range(rnd.randrange(3)):
            begins = reach + rnd.randrange(5 * 86400)
            reach = begins + rnd.randrange(3600, 3 * 86400)
            away.append((begins, reach))
        limit = rnd.randrange(600, 30 * 86400)
        deadline = runs_out(ada, away, since, limit)
        assert deadline is not None
        assert used(ada, away, since, deadline) == pytest.approx(limit, abs=1e-6)
        assert used(ada, away, since, deadline - 1) < limit


def test_a_deadline_beyond_ten_years_has_no_date() -> None:
    """A minute of waking time a day: a year's clock would run for centuries."""
    ada = registered(timezone="Europe/Warsaw", quiet_hours="08:01-08:00")
    assert runs_out(ada, [], at(WARSAW, 3, 1, 9), 365 * 86400) is None


def test_the_game_page_says_each_deadline_in_my_zone(clocked: LiveServer, mail: Mail) -> None:
    case = CASES["New York's summer time"]
    game_id, (ada, bo) = table(clocked, mail, case)
    pages = {
        client.player["name"]: said(
            logged_in(mail, clocked.url, client).get(f"/play/{game_id}").text
        )
        for client in (ada, bo)
    }
    assert (
        "Your move is due Mon 15 Mar 12:00 your time — 1 day of waking time left "
        "(if no vacation is taken)." in pages["bo"]
    )
    assert "bo's move is due Mon 15 Mar 17:00 your time" in pages["ada"]
