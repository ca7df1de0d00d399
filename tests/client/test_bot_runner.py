"""`turnpost bot`: two accounts, each played by a runner with an example program, play games of
every type to the end against each other; a runner killed mid-game and started again moves
exactly once per decision; a program that answers nonsense or dies is named with its game.

How many games of each type: `TURNPOST_BOT_GAMES` (2 unless told; the issue's check is 20)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from tests.support.runners import (
    Runner,
    example,
    finished,
    running,
    start_runner,
    until,
    versions_moved,
)
from tests.support.terminal import Player, PlayerFactory

GAMES = int(os.environ.get("TURNPOST_BOT_GAMES", "2"))
SECONDS_PER_GAME = 90.0
LINE = 80
MOVE_LINE = re.compile(r"[0-9a-f]{8} [a-z-]+ v\d+: ")


def games_between(ada: Player, type_id: str, count: int, *options: str) -> list[str]:
    """`count` games of `type_id` ada makes, each inviting bo."""
    return [
        ada.json("new", type_id, "--invite", "bo", *options)["game"]["id"] for _ in range(count)
    ]


def each_version_once(player: Player, game_id: str) -> None:
    """The game is over, and its log holds one entry for each version, in order."""
    moved = versions_moved(player, game_id)
    assert moved == list(range(1, len(moved) + 1))
    assert player.json("show", game_id)["version"] == len(moved)


@pytest.mark.parametrize("type_id", ["lost-cities", "lost-cities-dice", "livingstone"])
def test_two_runners_play_games_of_a_type_to_the_end(
    player: PlayerFactory, tmp_path: Path, type_id: str
) -> None:
    ada, bo = player("ada"), player("bo")
    bo.ok("me", "--bot-account")
    program = example(type_id)
    rules = ("--types", type_id, "--max-games", str(GAMES))
    with (
        running(ada, *rules, logs=tmp_path, program=program) as ada_runner,
        running(bo, *rules, "--opponents", "ada", logs=tmp_path, program=program) as bo_runner,
    ):
        games = games_between(ada, type_id, GAMES)
        until(lambda: finished(ada) >= set(games), SECONDS_PER_GAME * GAMES, "every game over")
    for game_id in games:
        each_version_once(ada, game_id)
    lines = ada_runner.lines + bo_runner.lines
    moves = [line for line in lines if MOVE_LINE.match(line)]
    assert len(moves) == sum(len(versions_moved(ada, g)) for g in games)
    assert all(len(line) <= LINE for line in lines)
    assert ada_runner.errors == bo_runner.errors == ""
    shown = ada.ok("show", games[0])
    assert "bo (bot)" in shown


def kill_when_moving(runner: Runner, moves: int = 7) -> None:
    """SIGKILL the runner once it has made `moves` moves: mid-game, at any point of a move."""
    until(lambda: len(runner.lines) >= moves, 60, "the runner moving")
    runner.kill()


def test_a_runner_killed_mid_game_and_started_again_moves_once_per_decision(
    player: PlayerFactory, tmp_path: Path
) -> None:
    ada, bo = player("ada"), player("bo")
    program = example("lost-cities")
    games = games_between(ada, "lost-cities", 2, "--option", "rounds=1")
    with running(bo, logs=tmp_path, program=program):
        for _ in range(2):
            kill_when_moving(start_runner(ada, logs=tmp_path, program=program))
        with running(ada, logs=tmp_path, program=program):
            until(lambda: finished(ada) >= set(games), 120, "every game over")
    for game_id in games:
        each_version_once(ada, game_id)
    said = [
        line for run in sorted(tmp_path.glob("ada-*.out")) for line in run.read_text().splitlines()
    ]
    made = [line.split(":")[0] for line in said if MOVE_LINE.match(line)]
    assert len(made) == len(set(made))  # no decision made twice, across the three runs


def test_a_program_that_answers_nonsense_is_named_with_its_game_and_one_that_dies_or_hangs_stops_it(
    player: PlayerFactory, tmp_path: Path
) -> None:
    ada, bo = player("ada"), player("bo")
    (game_id,) = games_between(ada, "lost-cities", 1)
    bo.ok("join", game_id)
    first = ada if ada.json("show", game_id)["your_turn"] else bo
    nonsense = [sys.executable, "-c", "import sys\nfor _ in sys.stdin: print('what?', flush=True)"]
    illegal = [
        sys.executable,
        "-c",
        'import sys\nfor _ in sys.stdin: print(\'{"move": "play Z99 draw deck"}\', flush=True)',
    ]
    for program, said in ((nonsense, "not JSON: 'what?'"), (illegal, "Z99")):
        with running(first, logs=tmp_path, program=program) as runner:
            until(lambda: game_id in runner.errors, 30, "the runner's complaint")
            assert runner.process.poll() is None  # it keeps going
        assert said in runner.errors and "left until it changes" in runner.errors
    dying = [sys.executable, "-c", "import sys; sys.stdin.readline(); sys.exit(3)"]
    runner = start_runner(first, logs=tmp_path, program=dying)
    assert runner.process.wait(timeout=30) == 1
    assert game_id in runner.errors and "exited with code 3" in runner.errors
    hanging = [sys.executable, "-c", "import sys, time; sys.stdin.readline(); time.sleep(600)"]
    runner = start_runner(first, "--think", "1", logs=tmp_path, program=hanging)
    assert runner.process.wait(timeout=30) == 1
    assert game_id in runner.errors and "no answer in 1 s" in runner.errors
    assert first.json("show", game_id)["version"] == 0  # nothing was sent


def test_invitations_are_taken_up_by_the_rules(player: PlayerFactory, tmp_path: Path) -> None:
    ada, bo, cy = player("ada"), player("bo"), player("cy")
    dice = ada.json("new", "lost-cities-dice", "--invite", "bo")["game"]["id"]
    from_cy = cy.json("new", "lost-cities", "--invite", "bo")["game"]["id"]
    ours = games_between(ada, "lost-cities", 2, "--option", "rounds=1")
    program = example("lost-cities")
    rules = ("--types", "lost-cities", "--opponents", "ada", "--max-games", "1")
    with running(bo, *rules, "--decline-others", logs=tmp_path, program=program) as runner:
        until(lambda: sum(": joined" in line for line in runner.lines) == 1, 30, "one joined")
        until(lambda: sum(": declined" in line for line in runner.lines) == 2, 30, "declined")
        statuses = {g["id"]: g for g in bo.json("games")["games"]}
        assert dice not in statuses and from_cy not in statuses  # declined: no seat any more
        assert sorted(statuses[game_id]["invited"] for game_id in ours) == [False, True]
        # no room: for later (said on its own stream, in its own time)
        until(lambda: "left for now: 1 game at once already" in runner.errors, 30, "no room")
