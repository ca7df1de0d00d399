"""Time banks: each player's bank pays for their decisions, grows by the increment after each
move up to the bank they started with, and stops, like any move clock, in their quiet hours
and vacations; when it runs out, `on_timeout` applies. The arithmetic is exact, under a clock
the test moves, and every player's view and notice shows every bank."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import log, move, start_game
from tests.support.jobs import Mail
from tests.support.terminal import terminal

MINUTE, HOUR = 60, 3600


def banks(client: ApiClient, game_id: str) -> dict[str, tuple[int, bool]]:
    """Each player's bank as this player is shown it, and whether it runs."""
    clocks = client.ok("GET", f"/games/{game_id}")["clocks"]
    return {clock["name"]: (clock["left_seconds"], clock["running"]) for clock in clocks}


def test_a_bank_pays_for_each_decision_gains_the_increment_and_is_capped(
    clocked: LiveServer, mail: Mail
) -> None:
    game_id, (ada, bo) = start_game(
        clocked, "lost-cities", rounds=1, first_player=0, time_bank="4h", increment="30m"
    )
    ada.ok("PATCH", "/me", json={"quiet_hours": "none"})
    bo.ok("PATCH", "/me", json={"quiet_hours": "22:00-08:00"})
    mail.clock.at(10, 12)
    mail.run()
    game = ada.ok("GET", f"/games/{game_id}")["game"]
    assert game["clock"] == {"time_bank": 4 * HOUR, "increment": 30 * MINUTE, "on_timeout": "skip"}
    for player in (ada, bo):
        assert banks(player, game_id) == {"ada": (4 * HOUR, True), "bo": (4 * HOUR, False)}

    mail.clock.at(10, 12, 45)  # 45 minutes used, 30 added
    move(ada, game_id)
    mail.run()
    assert banks(bo, game_id) == {"ada": (3 * HOUR + 45 * MINUTE, False), "bo": (4 * HOUR, True)}

    mail.clock.at(10, 12, 55)  # 10 used, 30 added, but no more than 4 hours
    move(bo, game_id)
    mail.run()
    assert banks(ada, game_id) == {"ada": (3 * HOUR + 45 * MINUTE, True), "bo": (4 * HOUR, False)}

    mail.clock.at(10, 13, 15)  # 20 minutes, a vacation of 5 hours, 25 minutes
    profile = mail.ctx.players.get(ada.player["id"])
    assert profile is not None
    profile = mail.ctx.vacations.start(profile)
    mail.clock.at(10, 18, 15)
    mail.ctx.vacations.stop(profile)
    mail.clock.at(10, 18, 40)
    move(ada, game_id)
    mail.run()
    assert banks(ada, game_id) == {"ada": (3 * HOUR + 30 * MINUTE, False), "bo": (4 * HOUR, True)}

    # bo's four hours: 3:20 until his quiet hours at 22:00, the rest from 08:00
    (running,) = [c for c in ada.ok("GET", f"/games/{game_id}")["clocks"] if c["running"]]
    assert running["due"] == "2027-03-11T08:40:00+01:00"
    mail.clock.at(11, 8, 30)  # 3:50 used
    move(bo, game_id)
    mail.run()
    assert banks(ada, game_id) == {
        "ada": (3 * HOUR + 30 * MINUTE, True),
        "bo": (40 * MINUTE, False),
    }
    turn = mail.to(ada.player)[-1]
    assert "Your move is due Thu 11 Mar 12:00 your time — 3 h 30 min of waking time left" in turn
    assert "Time banks (at most 4 h, +30 min a move): you 3 h 30 min, bo 40 min." in turn
    assert "Your moves draw on your time bank, your quiet hours and vacations not counted" in turn

    mail.clock.at(11, 12)
    mail.clock.advance(-1)
    mail.tick()
    assert len(log(ada, game_id)) == 4
    mail.clock.at(11, 12)
    mail.tick()
    entry = log(ada, game_id)[-1]
    assert entry["timeout"] is True and entry["seat"] == 0
    assert ada.ok("GET", f"/games/{game_id}")["game"]["status"] == "finished"
    assert ada.ok("GET", f"/games/{game_id}")["clocks"] == []


def test_a_bank_that_ran_out_holds_only_the_increments_to_come(
    clocked: LiveServer, mail: Mail, tmp_path: Path
) -> None:
    """With `skip`, the game goes on: the neutral move is played, the bank is spent."""
    game_id, (ada, bo) = start_game(
        clocked, "lost-cities-dice", first_player=0, time_bank="1h", increment="10m"
    )
    for player in (ada, bo):
        player.ok("PATCH", "/me", json={"quiet_hours": "none"})
    mail.run()
    mail.clock.advance(HOUR)
    mail.tick()
    (entry,) = log(ada, game_id)
    assert entry["timeout"] is True and entry["move"] == {"action": "refuse"}
    assert banks(bo, game_id) == {"ada": (10 * MINUTE, False), "bo": (HOUR, True)}
    notice = mail.to(bo.player)[-1]
    assert "Time banks (at most 1 h, +10 min a move): ada 10 min, you 1 h." in notice
    shown = terminal(bo, clocked, tmp_path).ok("show", game_id)
    assert "Your move is due Wed 10 Mar 14:00 your time — 1 h of waking time left" in shown
    assert "Time banks (at most 1 h, +10 min a move): ada 10 min, you 1 h." in shown


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"time_bank": "7x"}, "time_bank"),
        ({"time_bank": "5m"}, "time_bank"),
        ({"time_bank": "7d", "increment": "0m"}, "increment"),
        ({"time_bank": "7d", "increment": 1}, "increment"),
        ({"increment": "1d"}, "increment"),
        ({"move_time": "1d", "time_bank": "7d"}, "time_bank"),
        ({"time_bank": "7d", "on_timeout": "never"}, "on_timeout"),
    ],
)
def test_bank_options_are_checked_and_change_nothing(
    api: LiveServer, options: dict[str, Any], field: str
) -> None:
    ada = api.client().register("ada")
    answer = ada.call("POST", "/games", json={"type": "lost-cities", "options": options})
    assert answer.status_code == 400, options
    error = answer.json()["error"]
    assert error["code"] == "invalid_request"
    assert field in error["details"]["fields"]["json"]["options"]
    assert ada.ok("GET", "/games")["games"] == []


def test_a_bank_without_an_increment_and_the_options_listed(api: LiveServer) -> None:
    ada = api.client().register("ada")
    created = ada.ok("POST", "/games", json={"type": "lost-cities", "options": {"time_bank": "7d"}})
    assert created["game"]["clock"] == {
        "time_bank": 7 * 86400,
        "increment": 0,
        "on_timeout": "skip",
    }
    for described in ada.ok("GET", "/game-types"):
        names = {option["name"] for option in described["options"]}
        assert {"move_time", "time_bank", "increment", "on_timeout"} <= names
