"""Refusals and failures: the server's message as it sent it, and exit codes scripts can test."""

from __future__ import annotations

import functools
import json
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from server.runtime.redis_process import free_port
from tests.support.terminal import Player, PlayerFactory, start_game

ILLEGAL_NOTATION = "play Z99 draw deck"


def illegal_card_move(player: Player, game_id: str) -> str:
    """A well-formed move with a card the player does not hold."""
    hand = player.json("show", game_id)["view"]["hand"]
    card = next(f"{c}{v}" for c in "YBWGR" for v in range(2, 11) if f"{c}{v}" not in hand)
    return f"play {card} draw deck"


def test_an_illegal_move_exits_1_with_the_reason_and_the_legal_moves(
    player: PlayerFactory,
) -> None:
    game_id, players = start_game(player, "lost-cities", "--option", "rounds=1")
    mover = next(p for p in players if p.json("show", game_id)["your_turn"])
    legal = mover.ok("moves", game_id).splitlines()
    version = mover.json("show", game_id)["version"]

    refused = mover.run("play", game_id, illegal_card_move(mover, game_id))
    assert refused.exit_code == 1
    assert refused.stdout == ""
    reason, *rest = refused.stderr.splitlines()
    assert reason.strip()  # the server's message, first and alone
    assert "Legal moves:" in rest
    assert [line.strip() for line in rest[rest.index("Legal moves:") + 1 :]] == legal

    as_json = mover.run("play", game_id, ILLEGAL_NOTATION, "--json")
    assert as_json.exit_code == 1
    error = json.loads(as_json.stdout)["error"]
    assert error["code"] and error["message"]
    assert error["details"]["legal_moves"] == legal
    assert mover.json("show", game_id)["version"] == version  # nothing was played

    idle = next(p for p in players if p is not mover)
    out_of_turn = idle.run("play", game_id, legal[0])
    assert out_of_turn.exit_code == 1 and out_of_turn.stderr.strip()


def test_an_unreachable_server_exits_3(player: PlayerFactory) -> None:
    nobody = f"http://127.0.0.1:{free_port()}"
    ada = player("ada")
    for args in (["games"], ["show", "abc"], ["play", "abc", "play R7 draw deck"]):
        result = ada.run(*args, TURNPOST_URL=nobody)
        assert result.exit_code == 3, result.stderr
        assert f"cannot reach the turnpost server at {nobody}" in result.stderr
    as_json = ada.run("games", "--json", TURNPOST_URL=nobody)
    assert as_json.exit_code == 3
    assert json.loads(as_json.stdout)["error"]["code"] == "unreachable"


def test_a_url_that_is_no_turnpost_server_exits_3(player: PlayerFactory, tmp_path: Path) -> None:
    """Some other web server (here: a plain file server) answering is no turnpost server."""
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    other = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{other.server_port}"
        result = player("ada").run("games", TURNPOST_URL=url)
    finally:
        other.shutdown()
        other.server_close()
    assert result.exit_code == 3 and "is the URL right?" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["no-such-command"],
        ["show"],
        ["play", "abc"],
        ["new", "lost-cities", "--option", "rounds"],
        ["new", "lost-cities", "--seats", "two"],
        ["games", "--mine", "someday"],
        ["config", "--url", "example.org"],
        ["show", ""],
        ["play", " ", "play R7 draw deck"],
    ],
)
def test_usage_errors_exit_2(player: PlayerFactory, args: list[str]) -> None:
    result = player("ada").run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.strip()


def test_an_empty_game_picks_none_of_mine(player: PlayerFactory) -> None:
    """`turnpost show "$GAME"` with GAME unset: every id starts with "", so it must not be
    read as the start of the player's one game."""
    ada = player("ada")
    ada.ok("new", "lost-cities")
    for command in ("show", "resign", "wait"):
        result = ada.run(command, "", "--json")
        assert result.exit_code == 2, (command, result.stdout, result.stderr)
        assert "Invalid value for 'GAME'" in result.stderr and result.stdout == ""


def test_without_a_token_commands_exit_2_and_say_how_to_get_one(player: PlayerFactory) -> None:
    stranger = player("cy", register=False)
    result = stranger.run("games")
    assert result.exit_code == 2 and "turnpost register" in result.stderr
    assert json.loads(stranger.run("games", "--json").stdout)["error"]["code"] == "no_token"


def test_a_bad_token_is_refused_with_the_servers_message(player: PlayerFactory) -> None:
    result = player("ada").run("games", TURNPOST_TOKEN="not-a-token")
    assert result.exit_code == 1
    assert result.stderr.strip() == "that token is not valid (rotated, or mistyped?)"


def test_the_servers_refusal_of_options_is_shown_as_is(player: PlayerFactory) -> None:
    ada = player("ada")
    result = ada.run("new", "lost-cities", "--option", "rounds=7")
    assert result.exit_code == 1 and "rounds" in result.stderr
    unknown = ada.run("new", "lost-cities", "--invite", "nobody-at-all")
    assert unknown.exit_code == 1
    assert unknown.stderr.strip() == "no player is called nobody-at-all"
