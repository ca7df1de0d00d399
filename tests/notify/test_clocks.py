"""Move clocks under a clock the test moves: reminders at 50% and 90%, the timeout policy
(a neutral move where the rules have one, else resigning), quiet hours and vacations not
counted; and the API's checks of the clock options and profile settings."""

from __future__ import annotations

from typing import Any

import pytest

from server.domain.errors import Conflict
from server.domain.players.away import Away
from tests.parts import LiveServer
from tests.support.games import HOUR, clocked_game, log, start_game
from tests.support.jobs import Mail


def test_reminders_then_a_refusal_when_the_dice_game_clock_runs_out(
    api: LiveServer, mail: Mail
) -> None:
    game_id, (ada, bo) = clocked_game(api, "lost-cities-dice")
    mail.run()
    assert mail.to(ada.player)[-1].startswith("The game has started, and it is your turn.")
    assert (
        "You have 1 h per move, your quiet hours and vacations not counted; when it runs out, "
        "“refuse” is played for you." in (mail.to(ada.player)[-1])
    )
    mail.clock.advance(29 * 60)
    mail.tick()
    assert len(mail.to(ada.player)) == 1
    mail.clock.advance(2 * 60)
    mail.tick()
    assert mail.to(ada.player)[-1].startswith("Reminder: it is still your turn, and 50%")
    mail.clock.advance(25 * 60)
    mail.tick()
    assert mail.to(ada.player)[-1].startswith("Reminder: it is still your turn, and 90%")
    mail.tick()
    assert len(mail.to(ada.player)) == 3
    assert log(ada, game_id) == []
    mail.clock.advance(5 * 60)
    mail.tick()
    (entry,) = log(ada, game_id)
    assert entry["timeout"] is True and entry["move"] == {"action": "refuse"}
    assert mail.to(ada.player)[-1].startswith("ada ran out of time and was skipped.")
    assert mail.to(bo.player)[-1].startswith("Your turn.")
    (change,) = [line for line in mail.to(bo.player)[-1].splitlines() if "time ran out" in line]
    assert "turn 1: ada (active) refuse" in change and change.endswith(" (time ran out)")


def test_without_a_neutral_move_running_out_of_time_resigns(api: LiveServer, mail: Mail) -> None:
    game_id, (ada, bo) = clocked_game(api, "lost-cities", rounds=1)
    mail.run()
    mail.clock.advance(HOUR + 60)
    mail.tick()
    game = bo.ok("GET", f"/games/{game_id}")["game"]
    assert game["status"] == "finished" and game["result"]["winners"] == [1]
    for player in (ada, bo):
        assert mail.to(player.player)[-1].startswith("Game over. ada ran out of time and resigned.")


def test_quiet_hours_do_not_count_against_the_clock(api: LiveServer, mail: Mail) -> None:
    """ada's quiet hours are 22:00-08:00: 10 minutes of her hour go before them, 50 after."""
    mail.clock.at(10, 21, 50)
    game_id, (ada, _bo) = clocked_game(api, "lost-cities-dice", quiet="22:00-08:00")
    mail.run()
    mail.clock.at(11, 7, 0)
    mail.tick()
    mail.clock.at(11, 8, 49)
    mail.tick()
    assert log(ada, game_id) == []
    assert mail.to(ada.player)[-1].startswith("Reminder: it is still your turn, and 90%")
    mail.clock.at(11, 8, 51)
    mail.tick()
    assert [entry["timeout"] for entry in log(ada, game_id)] == [True]


def test_a_vacation_pauses_the_clock(api: LiveServer, mail: Mail) -> None:
    game_id, (ada, _bo) = clocked_game(api, "lost-cities-dice")
    mail.run()
    mail.clock.advance(20 * 60)
    profile = mail.ctx.players.get(ada.player["id"])
    assert profile is not None
    profile = mail.ctx.vacations.start(profile)
    mail.clock.advance(5 * HOUR)
    mail.tick()
    assert log(ada, game_id) == []
    mail.ctx.vacations.stop(profile)
    mail.clock.advance(39 * 60)
    mail.tick()
    assert log(ada, game_id) == []
    mail.clock.advance(2 * 60)
    mail.tick()
    assert len(log(ada, game_id)) == 1


def test_clock_options_and_profile_settings_are_checked(api: LiveServer) -> None:
    ada = api.client().register("ada")
    types = ada.ok("GET", "/game-types")
    assert all({"move_time", "on_timeout"} <= {o["name"] for o in t["options"]} for t in types)
    for options, field in (
        ({"move_time": "3x"}, "move_time"),
        ({"move_time": "1m"}, "move_time"),
        ({"move_time": 3}, "move_time"),
        ({"move_time": "3d", "on_timeout": "never"}, "on_timeout"),
        ({"on_timeout": "skip"}, "on_timeout"),
    ):
        answer = ada.call("POST", "/games", json={"type": "lost-cities", "options": options})
        assert answer.status_code == 400, options
        error = answer.json()["error"]
        assert error["code"] == "invalid_request"
        assert field in error["details"]["fields"]["json"]["options"]
    created = ada.ok("POST", "/games", json={"type": "lost-cities", "options": {"move_time": "3d"}})
    assert created["game"]["clock"] == {"move_time": 3 * 86400, "on_timeout": "skip"}
    assert "move_time" not in created["game"]["options"]
    bad_settings: list[dict[str, Any]] = [
        {"quiet_hours": "25:00-08:00"},
        {"quiet_hours": "22-8"},
        {"digest": "yes"},
        {"digest": 1},
    ]
    for bad in bad_settings:
        answer = ada.call("PATCH", "/me", json=bad)
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_request"
    me = ada.ok("PATCH", "/me", json={"quiet_hours": "23:30-07:15", "digest": True})
    assert (me["quiet_hours"], me["digest"], me["vacation"]["on"]) == ("23:30-07:15", True, False)
    away = ada.ok("POST", "/me/vacation")["vacation"]
    assert away["on"] is True and away["days_left"] <= 21
    assert ada.ok("DELETE", "/me/vacation")["vacation"]["on"] is False


def test_the_yearly_vacation_allowance_runs_out(api: LiveServer, mail: Mail) -> None:
    ada = api.client().register("ada")
    vacations = mail.ctx.vacations
    profile = mail.ctx.players.get(ada.player["id"])
    assert profile is not None
    profile = vacations.start(profile)
    mail.clock.advance(15 * 86400)
    profile = vacations.stop(profile)
    assert vacations.status(profile).days_left == 6
    profile = vacations.start(profile)
    assert vacations.status(profile).until == int(mail.clock() + 6 * 86400)
    mail.clock.advance(7 * 86400)
    assert vacations.status(profile) == Away(on=False, since=None, until=None, days_left=0)
    paused = sum(b - a for a, b in vacations.intervals(profile, mail.clock()))
    assert paused == 21 * 86400
    stored = mail.ctx.redis.dump(f"{{p:{ada.player['id']}}}:profile")
    with pytest.raises(Conflict) as refused:
        vacations.start(profile)
    assert refused.value.code == "no_vacation_left"
    assert mail.ctx.redis.dump(f"{{p:{ada.player['id']}}}:profile") == stored, "changes nothing"


def test_a_step_within_a_livingstone_turn_buys_no_fresh_move_time(
    api: LiveServer, mail: Mail
) -> None:
    """A turn is one decision however many steps it takes: donating a thaler 40 minutes in
    leaves 20 of the hour, not another 60."""
    game_id, players = start_game(api, "livingstone", move_time="1h")
    for player in players:
        player.ok("PATCH", "/me", json={"quiet_hours": "none"})
    mail.run()
    view = players[0].ok("GET", f"/games/{game_id}")
    (seat,) = view["to_act"]
    mover = players[seat]
    mail.clock.advance(40 * 60)
    mail.tick()
    mine = mover.ok("GET", f"/games/{game_id}")
    donation = next(m["text"] for m in mine["legal_moves"] if m["text"].startswith("donate"))
    mover.ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": donation, "expected_version": mine["version"]},
    )
    mail.run()
    mail.clock.advance(15 * 60)
    mail.tick()
    assert [entry.get("timeout") for entry in log(mover, game_id)] == [None]
    mail.clock.advance(6 * 60)
    mail.tick()
    entries = log(mover, game_id)
    assert len(entries) == 2 and entries[-1]["timeout"] is True and entries[-1]["seat"] == seat
