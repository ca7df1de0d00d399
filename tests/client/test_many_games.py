"""A player with many games at a terminal: `turnpost wait` without a game waits on them all and
says which needs them; `turnpost next` shows the one that has waited longest; `turnpost games`
and `turnpost lobby` follow the server's pages (all, or `--limit`)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from tests.parts import LiveServer
from tests.support.terminal import Player, PlayerFactory, terminal


def first_mover(ada: Player, game_id: str) -> str:
    return "ada" if ada.json("show", game_id)["your_turn"] else "bo"


def test_wait_without_a_game_says_which_game_needs_you(player: PlayerFactory) -> None:
    ada, bo = player("ada"), player("bo")
    invited = ada.run("wait", "--json", "--timeout", "1")
    assert invited.exit_code == 5  # nothing waits on bo's side yet: ada has no game
    game_id = bo.json("new", "lost-cities", "--invite", "ada")["game"]["id"]
    assert ada.json("wait") == {"game": game_id, "type": "lost-cities", "kind": "invited"}
    ada.ok("join", game_id)
    players = {"ada": ada, "bo": bo}
    mover = players[first_mover(ada, game_id)]
    waiter = bo if mover is ada else ada
    waiting = subprocess.Popen(
        [sys.executable, "-m", "client", "wait", "--timeout", "60", "--json"],
        env=waiter.process_env,
        stdout=subprocess.PIPE,
        text=True,
    )
    time.sleep(1.0)  # the wait is on the server's one poll by now (it misses nothing anyway)
    view = mover.json("show", game_id)
    mover.ok("play", game_id, view["legal_moves"][0]["text"])
    out, _ = waiting.communicate(timeout=90)
    assert waiting.returncode == 0
    assert json.loads(out) == {"game": game_id, "type": "lost-cities", "kind": "turn"}
    text = waiter.ok("wait")  # it is their turn now: said at once
    assert text.strip() == f"{game_id}  lost-cities  your turn"


def test_next_shows_the_game_that_waited_longest(player: PlayerFactory) -> None:
    ada, bo = player("ada"), player("bo")
    refused = ada.run("next", "--json")
    assert refused.exit_code == 1 and "nothing_waiting" in refused.stdout
    older = bo.json("new", "lost-cities", "--invite", "ada")["game"]["id"]
    time.sleep(1.1)  # `updated` counts seconds
    bo.json("new", "lost-cities", "--invite", "ada")
    assert ada.json("next")["game"]["id"] == older
    assert older in ada.ok("next")


def test_games_and_the_lobby_follow_the_pages(api: LiveServer, tmp_path: Path) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    invited = [
        bo.ok("POST", "/games", json={"type": "lost-cities", "invite": ["ada"]})["game"]
        for _ in range(230)
    ]
    own = [
        ada.ok("POST", "/games", json={"type": "lost-cities", "public": True})["game"]
        for _ in range(30)
    ]
    newest_first = sorted([*invited, *own], key=lambda g: (g["created"], g["id"]), reverse=True)
    at_terminal = terminal(ada, api, tmp_path)
    listed = at_terminal.json("games")
    assert [game["id"] for game in listed["games"]] == [game["id"] for game in newest_first]
    assert listed["next"] is None  # every page followed: more than the longest page holds
    first = at_terminal.json("games", "--limit", "70")
    assert [game["id"] for game in first["games"]] == [game["id"] for game in newest_first[:70]]
    assert first["next"] is not None
    waiting = at_terminal.json("games", "--mine", "waiting")["games"]
    assert {game["id"] for game in waiting} == {game["id"] for game in invited}
    text = at_terminal.ok("games", "--mine", "waiting", "--limit", "5")
    assert len([line for line in text.splitlines() if "lost-cities" in line]) == 5
    lobby = terminal(bo, api, tmp_path).json("lobby", "--limit", "12")
    oldest_first = sorted(own, key=lambda g: (g["created"], g["id"]))
    assert [game["id"] for game in lobby["games"]] == [game["id"] for game in oldest_first[:12]]
    refused = at_terminal.run("games", "--limit", "0")
    assert refused.exit_code != 0
