"""Bots move in the worker, through the one move path: whole games of each type where a person
plays one seat over HTTP and bots the rest, a bot making a timed-out player's decision and
handing the seat back, and a worker killed as a bot thinks."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from rq.job import Job
from rq.registry import StartedJobRegistry

from client.verify import bot_moves_check, verify
from server.domain.games import bots as bot_players
from server.notify.jobs import SWEEP_AFTER
from shared.bots import VERSION, VERSIONS
from shared.games import ENGINES
from shared.playout import replay
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import HOUR, clocked_game, log, start_game
from tests.support.jobs import Mail, kill, worker_process

PLAY_BOT = "server.notify.jobs.play_bot"


def against_bots(
    api: LiveServer, mail: Mail, type_id: str, bots: list[str], **options: Any
) -> tuple[ApiClient, str]:
    """ada's new game against `bots`, started at once, the bots' first moves made."""
    ada = api.client().register("ada")
    created = ada.ok("POST", "/games", json={"type": type_id, "bots": bots, "options": options})
    assert created["game"]["status"] == "active"
    mail.run()
    return ada, created["game"]["id"]


@pytest.mark.parametrize(
    ("type_id", "bots", "options"),
    [
        ("lost-cities", ["quick"], {"rounds": 1}),
        ("lost-cities-dice", ["quick", "random"], {}),
        ("livingstone", ["quick"], {}),
    ],
)
def test_a_person_plays_a_whole_game_against_bots(
    api: LiveServer, mail: Mail, type_id: str, bots: list[str], options: dict[str, Any]
) -> None:
    ada, game_id = against_bots(api, mail, type_id, bots, **options)
    rnd = random.Random(5)
    moves = 0
    while (view := ada.ok("GET", f"/games/{game_id}"))["game"]["status"] != "finished":
        assert view["your_turn"], "the bots have moved: the game waits on its person"
        legal = [m["text"] for m in view["legal_moves"]]
        short = [text for text in legal if text.endswith("deck")]  # Lost Cities ends sooner
        move = {"move": rnd.choice(short or legal), "expected_version": view["version"]}
        ada.ok("POST", f"/games/{game_id}/moves", json=move)
        moves += 1
        mail.run()
    game = view["game"]
    assert game["rated"] is False and game["result"]
    entries = ada.ok("GET", f"/games/{game_id}/log")["entries"]
    assert sum(entry["seat"] == 0 for entry in entries) == moves
    assert not any("timeout" in entry or "bot" in entry for entry in entries)
    assert [entry.get("bot_version") for entry in entries if entry["seat"]] == [VERSION] * (
        len(entries) - moves
    )
    report = verify(ENGINES[type_id], game, view["version"], entries)
    assert report.ok, report.checks
    made = report.checks[-1]  # each bot move made again from the secret, the version, the seat
    assert made.name == "bots" and made.detail.startswith(f"{len(entries) - moves} bot moves")
    assert mail.to(ada.player)[0].startswith("The game has started")


def test_a_bot_move_of_an_old_version_verifies_after_the_bots_changed(
    api: LiveServer, mail: Mail, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each bot move names the version of the bots that chose it, and every version a game may
    name stays in `shared.bots.VERSIONS`: a game whose bot moved with the old bots, then with
    today's, verifies move by move; a bot move that is not its bots' own fails the check."""
    old = min(VERSIONS)
    assert old != VERSION
    monkeypatch.setattr(bot_players, "VERSION", old)  # the service before the bots changed
    ada, game_id = against_bots(api, mail, "lost-cities", ["search"], rounds=1)
    rnd = random.Random(3)
    while (view := ada.ok("GET", f"/games/{game_id}"))["game"]["status"] != "finished":
        if view["version"] >= 6:
            monkeypatch.undo()  # the service updated: today's bots move from here on
        legal = [m["text"] for m in view["legal_moves"]]
        short = [text for text in legal if text.endswith("deck")]  # the game ends sooner
        move = {"move": rnd.choice(short), "expected_version": view["version"]}
        ada.ok("POST", f"/games/{game_id}/moves", json=move)
        mail.run()
    game, entries = view["game"], ada.ok("GET", f"/games/{game_id}/log")["entries"]
    versions = {entry["bot_version"] for entry in entries if entry["seat"] == 1}
    assert versions == {old, VERSION}
    engine = ENGINES["lost-cities"]
    report = verify(engine, game, view["version"], entries)
    assert report.ok, report.checks
    assert report.checks[-1].detail.endswith(f"(version {old}, {VERSION})")

    start = engine.new(2, game["seed"], game["options"], game["engine_version"])
    first = next(index for index, entry in enumerate(entries) if entry["seat"] == 1)
    state = replay(engine, start, [(entry["seat"], entry["move"]) for entry in entries[:first]])
    said = [dict(entry) for entry in entries]
    said[first]["move"] = next(m for m in engine.legal_moves(state, 1) if m != said[first]["move"])
    refused = bot_moves_check(engine, game, start, said)
    assert not refused.passed and f"version {first + 1} is not the one" in refused.detail


def test_a_bot_makes_a_timed_out_decision_and_hands_the_seat_back(
    api: LiveServer, mail: Mail
) -> None:
    game_id, (ada, bo) = clocked_game(api, "lost-cities", rounds=1, on_timeout="bot")
    mail.run()
    expected = "when it runs out, a quick bot makes this move for you, and the next is yours again."
    assert expected in mail.to(ada.player)[-1]
    mail.clock.advance(HOUR + 60)
    mail.tick()
    (entry,) = log(ada, game_id)
    assert (entry["seat"], entry["timeout"], entry["bot"]) == (0, True, "quick")
    assert bo.ok("GET", f"/games/{game_id}")["your_turn"]
    assert not any(text.startswith("Game over") for text in mail.to(ada.player))

    view = bo.ok("GET", f"/games/{game_id}")
    bo.ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": view["legal_moves"][0]["text"], "expected_version": 1},
    )
    mail.run()
    assert mail.to(ada.player)[-1].startswith("Your turn.")
    assert "(time ran out; a quick bot chose it)" in mail.to(ada.player)[-1]
    mail.clock.advance(HOUR - 60)  # her clock began again with her new decision
    mail.tick()
    assert len(log(ada, game_id)) == 2
    view = ada.ok("GET", f"/games/{game_id}")
    ada.ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": view["legal_moves"][0]["text"], "expected_version": 2},
    )
    assert [("bot" in e, e["seat"]) for e in log(ada, game_id)] == [
        (True, 0),
        (False, 1),
        (False, 0),
    ]

    over = bo.ok("POST", f"/games/{game_id}/resign")["game"]
    mail.run()  # the game over told, the game is compacted: its bot's mark kept in the archive
    assert mail.ctx.games.loading.compacted([game_id]) == {game_id}
    engine = ENGINES["lost-cities"]
    start = engine.new(2, over["seed"], over["options"], over["engine_version"])
    entries = log(ada, game_id)
    assert (entries[0]["bot"], entries[0]["bot_version"]) == ("quick", VERSION)
    made = bot_moves_check(engine, over, start, entries)
    assert made.passed and made.detail.startswith("1 bot move made again"), made


def test_a_bot_makes_every_step_of_a_timed_out_livingstone_turn(
    api: LiveServer, mail: Mail
) -> None:
    game_id, players = start_game(api, "livingstone", move_time="1h", on_timeout="bot:random")
    for player in players:
        player.ok("PATCH", "/me", json={"quiet_hours": "none"})
    mail.run()
    (late,) = players[0].ok("GET", f"/games/{game_id}")["to_act"]
    mail.clock.advance(HOUR + 60)
    mail.tick()
    entries = log(players[0], game_id)
    assert entries and all(e["seat"] == late and e["bot"] == "random" for e in entries)
    assert players[0].ok("GET", f"/games/{game_id}")["to_act"] == [1 - late]


def test_a_worker_killed_as_a_bot_thinks_loses_and_doubles_nothing(
    api: LiveServer, mail: Mail, tmp_path: Path
) -> None:
    """The worker is killed once the bot's job has started and before its move is in the log
    (a search thinks for a good part of a second); the game stays marked, so the next worker
    to start queues the bot again, and the move is made once however often it is asked for."""
    ada = api.client().register("ada")
    body = {"type": "lost-cities", "bots": ["search"], "options": {"rounds": 1, "first_player": 1}}
    smtp = mail.ctx.mail.smtp_port
    with worker_process(api, smtp, tmp_path / "first.log") as worker:
        game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
        started = StartedJobRegistry(queue=mail.ctx.queues.play)
        deadline = time.monotonic() + 60
        while not any(
            job is not None and job.func_name == PLAY_BOT
            for job in Job.fetch_many(started.get_job_ids(), connection=mail.ctx.queues.connection)
        ):
            assert time.monotonic() < deadline, (tmp_path / "first.log").read_text()
            time.sleep(0.005)
        kill(worker)
    assert ada.ok("GET", f"/games/{game_id}")["version"] == 0, "killed after the bot moved"

    with worker_process(api, smtp, tmp_path / "second.log"):
        deadline = time.monotonic() + 60
        while (view := ada.ok("GET", f"/games/{game_id}"))["version"] == 0:
            assert time.monotonic() < deadline, (tmp_path / "second.log").read_text()
            time.sleep(0.05)
    assert view["version"] == 1 and view["your_turn"]

    # The lost job, run again, and the sweep: nothing new.
    mail.ctx.queues.once("play_bot", game_id, urgent=True)
    mail.clock.advance(SWEEP_AFTER + 1)
    mail.tick()
    (entry,) = log(ada, game_id)
    assert entry["seat"] == 1 and "timeout" not in entry
    assert ada.ok("GET", f"/games/{game_id}")["your_turn"]
