"""Mail held by quiet hours or a digest: the player is told what waits and until when, a change
of their settings takes effect at the worker's next tick, and a digest shows each game once, as
it is now."""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from shared.engine import player_names
from shared.games import ENGINES
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import move, start_game
from tests.support.jobs import WARSAW, Mail
from tests.support.terminal import PlayerFactory
from tests.support.terminal import start_game as start_at_the_command_line


def invited_game(ada: ApiClient, bo: ApiClient) -> str:
    """A started one-round Lost Cities of ada and bo, ada to move first."""
    options = {"rounds": 1, "first_player": 0}
    created = ada.ok("POST", "/games", json={"type": "lost-cities", "options": options})
    game_id: str = created["game"]["id"]
    bo.ok("POST", f"/games/{game_id}/join")
    return game_id


def drawn(client: ApiClient, game_id: str) -> str:
    """The game as the client sees it now, drawn as a notice draws it."""
    now = client.ok("GET", f"/games/{game_id}")
    return ENGINES["lost-cities"].render_view(now["view"], player_names(now["game"]["seats"]))


def test_a_digest_shows_each_game_once_as_it_is_now(api: LiveServer, mail: Mail) -> None:
    """Both games start at 23:00, in bo's quiet hours; one ends, in the other it becomes his
    turn. At 08:00 his digest tells of each game once, as it is then: no "the game has started"
    with the opening board of a game that is over."""
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    mail.clock.at(10, 23)
    ended, going = invited_game(ada, bo), invited_game(ada, bo)
    mail.run()
    move(ada, ended)
    mail.run()
    ada.ok("POST", f"/games/{ended}/resign")
    move(ada, going)
    mail.run()
    assert mail.to(bo.player) == [], "held in quiet hours"
    mail.clock.at(11, 8)
    mail.tick()
    (digest,) = mail.inbox.to(bo.player["email"])
    assert digest["Subject"] == "[turnpost] digest: 2 games"
    (text,) = mail.to(bo.player)
    assert "has started" not in text
    assert text.count(f" {ended[:8]} ") == 1 and text.count(f" {going[:8]} ") == 1
    over = text.split(f" {ended[:8]} ")[1].split("\n== ")[0]
    assert "Game over. ada resigned." in over and drawn(bo, ended) in over
    turn = text.split(f" {going[:8]} ")[1].split("\n== ")[0]
    assert "Your turn." in turn and drawn(bo, going) in turn


def test_a_game_that_ended_in_the_quiet_hours_is_told_once(api: LiveServer, mail: Mail) -> None:
    """One game, started, played and ended while bo slept: one message, the end, not a digest
    of its start, his turn and its end."""
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    mail.clock.at(10, 23)
    game_id = invited_game(ada, bo)
    mail.run()
    move(ada, game_id)
    mail.run()
    bo.ok("POST", f"/games/{game_id}/resign")
    mail.run()
    mail.clock.at(11, 8)
    mail.tick()
    (message,) = mail.inbox.to(bo.player["email"])
    assert not message["Subject"].startswith("[turnpost] digest")
    (text,) = mail.to(bo.player)
    assert text.startswith("Game over. bo resigned.") and drawn(bo, game_id) in text


HOLD_RELEASED = [
    pytest.param({}, {"quiet_hours": "none"}, id="quiet hours off"),
    pytest.param({}, {"quiet_hours": "23:30-08:00"}, id="quiet hours later"),
    pytest.param({}, {"timezone": "America/New_York"}, id="a zone where it is day"),
    pytest.param({"digest": True}, {"digest": False}, id="digest off"),
]


@pytest.mark.parametrize(("before", "change"), HOLD_RELEASED)
def test_a_change_of_settings_releases_what_it_no_longer_holds_at_the_next_tick(
    api: LiveServer, mail: Mail, before: dict[str, Any], change: dict[str, Any]
) -> None:
    """bo's notice is held at 23:00 (quiet hours) or 13:00 (digest). Once he changes his
    settings so that it would not be, the worker's next tick sends it, with no other notice to
    wake it; a change that still holds it sends nothing."""
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    if before:
        bo.ok("PATCH", "/me", json=before)
    mail.run()
    sent = len(mail.to(bo.player))
    mail.clock.at(10, 13 if before else 23)
    move(ada, game_id)
    mail.run()
    mail.tick()
    assert len(mail.to(bo.player)) == sent, "held"
    bo.ok("PATCH", "/me", json={"quiet_hours": "21:00-09:00"})
    mail.tick()
    assert len(mail.to(bo.player)) == sent, "still held"
    bo.ok("PATCH", "/me", json=change)
    mail.run()
    assert len(mail.to(bo.player)) == sent, "at the next tick, not before"
    mail.tick()
    assert len(mail.to(bo.player)) == sent + 1
    assert mail.to(bo.player)[-1].startswith("Your turn.")


def quiet_around(now: float, zone: ZoneInfo) -> tuple[str, datetime]:
    """Quiet hours from an hour before `now` (local time in `zone`) to two hours after it, and
    when they end."""
    local = datetime.fromtimestamp(now, zone).replace(second=0, microsecond=0)
    start, end = local - timedelta(hours=1), local + timedelta(hours=2)
    return f"{start:%H:%M}-{end:%H:%M}", end


def test_me_and_games_tell_what_mail_is_held_and_until_when(api: LiveServer, mail: Mail) -> None:
    """bo is in his quiet hours now (the worker's clock is the API's here): GET /me says his
    mail is held, how many notices wait and when they go out, in his own zone; GET /games marks
    the game whose notice waits. Quiet hours off: due at once, then sent and unmarked."""
    mail.clock.now = time.time()
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    ada.ok("PATCH", "/me", json={"quiet_hours": "none"})
    quiet, end = quiet_around(mail.clock.now, WARSAW)
    assert bo.ok("PATCH", "/me", json={"quiet_hours": quiet})["mail"]["held_now"] is True
    mail.run()
    held = bo.ok("GET", "/me")["mail"]
    assert held == {"held_now": True, "held_count": 1, "next_release": end.isoformat()}
    move(ada, game_id)
    mail.run()
    assert bo.ok("GET", "/me")["mail"]["held_count"] == 2
    (listed,) = bo.ok("GET", "/games")["games"]
    assert listed["notice_held_until"] == end.isoformat()
    assert ada.ok("GET", "/games")["games"][0]["notice_held_until"] is None
    released = bo.ok("PATCH", "/me", json={"quiet_hours": "none"})["mail"]
    assert released["held_now"] is False and released["held_count"] == 2
    assert datetime.fromisoformat(released["next_release"]).timestamp() <= time.time()
    mail.clock.now = time.time()
    mail.tick()
    assert bo.ok("GET", "/me")["mail"] == {
        "held_now": False,
        "held_count": 0,
        "next_release": None,
    }
    assert bo.ok("GET", "/games")["games"][0]["notice_held_until"] is None


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "America/Los_Angeles", "UTC"])
def test_registration_tells_when_mail_is_held(api: LiveServer, zone: str) -> None:
    """The default quiet hours, 22:00-08:00 in the player's own zone, hold mail from the start:
    the answer to registering says whether they do now and when held mail goes out."""
    answer = api.client().ok(
        "POST", "/players", json={"name": "cy", "email": "cy@example.org", "timezone": zone}
    )
    local = datetime.now(ZoneInfo(zone))
    quiet = not 8 <= local.hour < 22
    morning = local.replace(hour=8, minute=0, second=0, microsecond=0)
    if local.hour >= 22:
        morning += timedelta(days=1)
    expected = {
        "held_now": quiet,
        "held_count": 0,
        "next_release": morning.isoformat() if quiet else None,
    }
    assert answer["player"]["quiet_hours"] == "22:00-08:00"
    assert answer["player"]["mail"] == expected


def test_turnpost_games_and_me_mark_what_is_held(player: PlayerFactory, mail: Mail) -> None:
    """At the command line: the game whose notice bo's quiet hours hold is marked in his list,
    with when it goes out, and `turnpost me` counts it; ada's list, whose mail is not held, is
    not marked."""
    mail.clock.now = time.time()
    game_id, (ada, bo) = start_at_the_command_line(
        player, "lost-cities", "--option", "first_player=0"
    )
    ada.ok("me", "--quiet-hours", "none")
    quiet, end = quiet_around(mail.clock.now, ZoneInfo("UTC"))  # the zone `register` gives
    bo.ok("me", "--quiet-hours", quiet)
    mail.run()
    goes_out = f"goes out {end:%a %d %b %H:%M %z}"
    listed = " ".join(bo.ok("games").split())  # its one game, laid out for the terminal
    assert listed.startswith(game_id) and listed.endswith(f"; notice held, {goes_out}")
    assert "held" not in ada.ok("games")
    assert f"held mail:   1 notice held, going out {end:%a %d %b %H:%M %z}" in bo.ok("me")
