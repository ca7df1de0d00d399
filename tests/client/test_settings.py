"""Where the token lives, who may read it, and how the environment overrides it."""

from __future__ import annotations

import json
import stat

from tests.parts import LiveServer
from tests.support.terminal import PlayerFactory


def test_register_saves_url_and_token_in_a_private_file(
    player: PlayerFactory, api: LiveServer
) -> None:
    ada = player("ada", register=False)
    registered = ada.json("register", "ada", "ada@example.org", "--url", api.url, TURNPOST_URL=None)
    config_file = ada.config_dir / "config.json"
    assert registered["config"] == str(config_file)
    assert stat.S_IMODE(config_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(ada.config_dir.stat().st_mode) == 0o700
    saved = json.loads(config_file.read_text())
    assert saved == {"url": api.url, "token": registered["token"], "name": "ada", "language": "en"}

    shown = ada.json("config", TURNPOST_URL=None)
    assert shown["url"] == api.url and not shown["url_from_env"]
    assert registered["token"] not in json.dumps(shown)  # masked
    ada.ok("games", TURNPOST_URL=None)  # the saved URL and token work


def test_environment_overrides_the_saved_settings(player: PlayerFactory) -> None:
    ada = player("ada")
    shown = ada.json("config", TURNPOST_URL="http://example.org:1", TURNPOST_TOKEN="t0k3n")
    assert shown["url"] == "http://example.org:1" and shown["url_from_env"]
    assert shown["token"] == "t0k3…" and shown["token_from_env"]


def test_config_changes_the_saved_url_and_keeps_the_file_private(player: PlayerFactory) -> None:
    ada = player("ada")
    config_file = ada.config_dir / "config.json"
    config_file.chmod(0o644)
    ada.ok("config", "--url", "https://turnpost.example.org/")
    saved = json.loads(config_file.read_text())
    assert saved["url"] == "https://turnpost.example.org/" and saved["token"]
    assert stat.S_IMODE(config_file.stat().st_mode) == 0o600
    assert "https://turnpost.example.org" in ada.ok("config", TURNPOST_URL=None)


def test_registering_again_does_not_silently_lose_the_saved_token(player: PlayerFactory) -> None:
    ada = player("ada")
    token = json.loads((ada.config_dir / "config.json").read_text())["token"]
    again = ada.run("register", "ada2", "ada2@example.org")
    assert again.exit_code == 2 and "--force" in again.stderr
    assert json.loads((ada.config_dir / "config.json").read_text())["token"] == token
    ada.ok("register", "ada2", "ada2@example.org", "--force")
    assert json.loads((ada.config_dir / "config.json").read_text())["name"] == "ada2"


def test_a_damaged_config_file_is_a_usage_error_naming_the_file(player: PlayerFactory) -> None:
    ada = player("ada")
    config_file = ada.config_dir / "config.json"
    config_file.write_text("{not json")
    result = ada.run("games")
    assert result.exit_code == 2 and str(config_file) in result.stderr
    config_file.unlink()
    ada.ok("config", "--token", "a-new-token")
    assert json.loads(config_file.read_text())["token"] == "a-new-token"
