"""What people and scripts read: every game type drawn, colour only for terminals, JSON that
parses, help with an example on every command."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from client.cli import app
from shared.games import ENGINES
from tests.support.terminal import PlayerFactory, start_game

ANSI = re.compile(r"\x1b\[[0-9;]*m")
COLOUR_CODE = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-8]|9[0-7])(?:;[0-9;]*)?m")
NAMES = ("ada", "bo", "cy", "di", "ed")


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_every_game_type_shows_for_every_player(player: PlayerFactory, type_id: str) -> None:
    engine = ENGINES[type_id]
    players_names = NAMES[: engine.min_players]
    game_id, players = start_game(player, type_id, names=players_names)
    for seat, someone in enumerate(players):
        screen = someone.ok("show", game_id)
        assert f"game {game_id}" in screen
        assert f"seat {seat}: " in screen and "(you)" in screen
        view = someone.json("show", game_id)["view"]
        drawn = engine.render_view(view, players_names, compact=True)
        assert drawn.strip() and drawn.strip() in screen
        assert "seat " not in drawn  # every seat is taken: each player is named


def test_colour_only_for_terminals_that_want_it(player: PlayerFactory) -> None:
    game_id, (ada, _) = start_game(player, "lost-cities")
    plain = ada.ok("show", game_id)
    assert not ANSI.search(plain)  # not a terminal: no escape codes at all
    coloured = ada.ok("show", game_id, FORCE_COLOR="1")
    assert COLOUR_CODE.search(coloured)
    assert ANSI.sub("", coloured) == plain  # colour is laid on top, the text is the same
    hand = ada.json("show", game_id)["view"]["hand"]
    assert re.search(r"\x1b\[[0-9;]*m" + re.escape(hand[0]), coloured)  # card ids coloured
    no_colour = ada.ok("show", game_id, FORCE_COLOR="1", NO_COLOR="1")
    assert not COLOUR_CODE.search(no_colour)


def test_every_command_answers_json_that_parses(player: PlayerFactory) -> None:
    game_id, (ada, bo) = start_game(player, "lost-cities", "--option", "rounds=1")
    assert "lost-cities" in [described["id"] for described in ada.json("types")]
    assert ada.json("config")["name"] == "ada"
    assert [game["id"] for game in ada.json("games")["games"]] == [game_id]
    mover, idle = (ada, bo) if ada.json("show", game_id)["your_turn"] else (bo, ada)
    assert mover.json("wait", game_id)["your_turn"] is True
    legal = mover.json("moves", game_id)
    assert legal and all(set(move) == {"text", "move"} for move in legal)
    assert idle.json("moves", game_id) == []
    played = mover.json("play", game_id, legal[0]["text"])
    assert played["version"] == 1 and played["applied"]
    assert [entry["version"] for entry in idle.json("log", game_id)["entries"]] == [1]
    resigned = idle.json("resign", game_id, "--yes")
    assert resigned["game"]["status"] == "finished"
    assert mover.json("verify", game_id)["ok"] is True
    finished = mover.run("wait", game_id, "--json")
    assert finished.exit_code == 4
    assert json.loads(finished.stdout)["game"]["status"] == "finished"


def test_a_screen_says_what_to_do_next(player: PlayerFactory) -> None:
    ada, bo = player("ada"), player("bo")
    game_id = ada.json("new", "lost-cities", "--invite", "bo")["game"]["id"]
    assert f"You are invited: turnpost join {game_id}" in bo.ok("show", game_id)
    refused = bo.run("wait", game_id)
    heard = " ".join(refused.stderr.split())  # wrapped at the terminal's width
    assert refused.exit_code == 1 and f"turnpost join {game_id}" in heard
    assert "Waiting for 1 more player to join." in ada.ok("show", game_id)
    assert "invited" in bo.ok("games")
    bo.ok("join", game_id)
    mover, idle = (ada, bo) if ada.json("show", game_id)["your_turn"] else (bo, ada)
    assert "▶ Your turn" in mover.ok("show", game_id)
    assert "▶ your turn" in mover.ok("games")
    assert f"Waiting for {mover.name}." in idle.ok("show", game_id)
    assert f"turn: {mover.name}" in idle.ok("games")


def test_every_command_has_help_with_an_example(player: PlayerFactory) -> None:
    someone = player("ada", register=False)
    top = someone.ok("--help")
    assert "--install-completion" in top and "Exit codes" in top
    commands = [
        command.name or command.callback.__name__
        for command in app.registered_commands
        if command.callback
    ]
    assert len(commands) == 34
    for command in commands:
        shown = someone.ok(command, "--help")
        assert "Example: turnpost " in shown, command
        usage = next(line.strip() for line in shown.splitlines() if "Usage:" in line)
        arguments = usage.partition("[OPTIONS]")[2].split()
        assert all(word.isupper() or word == "on|off" for word in arguments), usage
    assert "Usage: turnpost play [OPTIONS] GAME MOVE" in someone.ok("play", "--help")
    assert "Usage: turnpost register [OPTIONS] NAME EMAIL" in someone.ok("register", "--help")
    bot = someone.ok("bot", "--help").splitlines()
    assert "Usage: turnpost bot [OPTIONS] PROGRAM [ARGS]..." in [line.strip() for line in bot]


def test_shell_completion_offers_game_types_and_my_game_ids(player: PlayerFactory) -> None:
    ada = player("ada")
    game_ids = {ada.json("new", "lost-cities")["game"]["id"] for _ in range(2)}

    def complete(line: str) -> list[str]:
        words = {"COMP_WORDS": line, "COMP_CWORD": str(len(line.split(" ")) - 1)}
        result = CliRunner().invoke(
            app,
            [],
            prog_name="turnpost",
            env={**ada.env, "_TURNPOST_COMPLETE": "complete_bash", **words},
        )
        assert result.exit_code == 0, result.stderr
        return result.stdout.split()

    assert set(complete("turnpost new lost")) == {t for t in ENGINES if t.startswith("lost")}
    assert set(complete("turnpost show ")) == game_ids
    assert complete("turnpost games --mi") == ["--mine"]


def test_games_names_the_other_players_and_an_empty_list_says_what_it_lacks(
    player: PlayerFactory,
) -> None:
    ada, bo, cy = player("ada"), player("bo"), player("cy")
    assert "No games yet. Start one:" in cy.ok("games")
    open_id = ada.json("new", "lost-cities-dice", "--seats", "3", "--invite", "bo")["game"]["id"]
    game_id = player("di").json("new", "lost-cities", "--invite", "ada")["game"]["id"]
    ada.ok("join", game_id)
    listed = {line.split()[0]: line for line in ada.ok("games", COLUMNS="200").splitlines()}
    assert "with bo  " in listed[open_id] and "open, 1 of 3 seats taken" in listed[open_id]
    assert "with di  " in listed[game_id]
    assert "with ada  " in bo.ok("games")
    assert ada.ok("games", "--mine", "finished").strip() == "No finished games."
    assert cy.ok("games", "--mine", "active").strip() == "No active games."
    assert ada.ok("games", "--mine", "open", COLUMNS="200").count("\n") == 1
    assert cy.ok("games", "--mine", "open").strip() == "No open games."
    assert cy.ok("games", "--mine", "waiting").strip() == "No game is waiting on you."
