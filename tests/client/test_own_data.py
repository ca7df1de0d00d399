"""`turnpost export` and `turnpost delete-account`: a player's data saved, then their account
gone, with the other player's games still theirs to check (`turnpost verify`)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from tests.support.terminal import PlayerFactory, at_terminal, start_game


def test_export_saves_the_archive_and_delete_account_asks_first(
    player: PlayerFactory, tmp_path: Path
) -> None:
    game_id, (ada, bo) = start_game(player, "lost-cities", "--option", "rounds=1")
    saved = ada.json("export", str(tmp_path / "ada.zip"))
    assert "profile.json" in saved["files"] and f"games/{game_id}.json" in saved["files"]
    with zipfile.ZipFile(tmp_path / "ada.zip") as packed:
        assert json.loads(packed.read("profile.json"))["profile"]["name"] == "ada"
    assert "Saved 4 files" in ada.ok("export", str(tmp_path / "again.zip"))

    unasked = ada.run("delete-account", "--active-games", "resign")  # not a terminal
    assert unasked.exit_code == 2 and "--yes" in unasked.stderr
    assert ada.json("me")["name"] == "ada"
    unknown = ada.run("delete-account", "--active-games", "sulk", "--yes")
    assert unknown.exit_code == 2

    deleted = ada.ok("delete-account", "--active-games", "resign", "--yes")
    assert "The account ada is deleted." in deleted and f"Resigned: {game_id}" in deleted
    gone = ada.run("me", "--json")
    assert gone.exit_code == 2 and json.loads(gone.stdout)["error"]["code"] == "no_token"

    checked = bo.json("verify", game_id)
    assert checked["ok"], checked
    seats = [s["name"] for s in bo.json("show", game_id)["game"]["seats"]]
    assert seats == ["deleted player 1", "bo"]


def test_delete_account_can_leave_a_bot_in_the_seat(player: PlayerFactory) -> None:
    game_id, (ada, bo) = start_game(player, "lost-cities", "--option", "rounds=1")
    answer = ada.json("delete-account", "--active-games", "bot", "--bot", "random", "--yes")
    assert answer["games"]["bot"] == [game_id]
    assert bo.json("show", game_id)["game"]["seats"][0]["bot"] == "random"
    refused = player("cy").run("delete-account", "--active-games", "bot", "--bot", "x", "--json")
    assert refused.exit_code == 2  # --json asks nothing: no --yes, nothing deleted


def test_delete_account_at_a_terminal_asks_for_the_name(player: PlayerFactory) -> None:
    ada = player("ada")
    wrong = at_terminal(ada, "bo", "delete-account", "--active-games", "resign")
    assert "This deletes the account ada for good. Type its name to go on:" in wrong
    assert "Not deleted" in wrong and ada.json("me")["name"] == "ada"
    done = at_terminal(ada, "ADA", "delete-account", "--active-games", "resign")
    assert "The account ada is deleted." in done
    assert ada.run("me").exit_code == 2  # no token saved any more
