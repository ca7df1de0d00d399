"""Players at a terminal: each runs the `turnpost` command line with a config directory of
their own, against the live server on loopback (tests/conftest.py)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from client.cli import app
from tests.parts import LiveServer

QUIET_ENV = {"TURNPOST_TOKEN": None, "TURNPOST_URL": None, "NO_COLOR": None, "FORCE_COLOR": None}
"""The outer environment must not leak a token, a server or colour settings into a test."""


@dataclass
class Player:
    """One person at their own terminal."""

    name: str
    env: dict[str, str | None]

    @property
    def config_dir(self) -> Path:
        return Path(str(self.env["TURNPOST_CONFIG_DIR"]))

    @property
    def process_env(self) -> dict[str, str]:
        """The environment of this player's `turnpost` run as a process of its own."""
        return {name: value for name, value in {**os.environ, **self.env}.items() if value}

    def run(self, *args: str, **env: str | None) -> Result:
        return CliRunner().invoke(app, list(args), env={**self.env, **env}, catch_exceptions=False)

    def ok(self, *args: str, **env: str | None) -> str:
        """stdout of a command that must succeed."""
        result = self.run(*args, **env)
        assert result.exit_code == 0, (args, result.exit_code, result.stdout, result.stderr)
        return result.stdout

    def json(self, *args: str, **env: str | None) -> Any:
        return json.loads(self.ok(*args, "--json", **env))


PlayerFactory = Callable[..., Player]


@pytest.fixture
def player(api: LiveServer, tmp_path: Path) -> PlayerFactory:
    """Makes a player with a fresh config directory, registered through the CLI unless told."""

    def make(name: str, *, register: bool = True) -> Player:
        env = {
            **QUIET_ENV,
            "TURNPOST_CONFIG_DIR": str(tmp_path / name),
            "TURNPOST_URL": api.url,
        }
        made = Player(name, env)
        if register:
            made.ok("register", name, f"{name}@example.org")
        return made

    return make


def start_game(
    player: PlayerFactory, type_id: str, *options: str, names: tuple[str, ...] = ("ada", "bo")
) -> tuple[str, list[Player]]:
    """A started game of `type_id`: the first player creates it inviting the others, who join."""
    players = [player(name) for name in names]
    seats = ["--seats", str(len(names))]
    invites = [arg for name in names[1:] for arg in ("--invite", name)]
    created = players[0].json("new", type_id, *seats, *invites, *options)
    game_id = created["game"]["id"]
    for joiner in players[1:]:
        joiner.ok("join", game_id)
    return game_id, players
