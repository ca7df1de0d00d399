"""Players at a terminal: each runs the `turnpost` command line with a config directory of
their own, against the live server on loopback."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from client.cli import app
from tests.api_client import ApiClient
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


def players_of(url: str, home: Path) -> PlayerFactory:
    """Makes a player of the server at `url` with a fresh config directory under `home`,
    registered through the command line unless told."""

    def make(name: str, *, register: bool = True) -> Player:
        env = {**QUIET_ENV, "TURNPOST_CONFIG_DIR": str(home / name), "TURNPOST_URL": url}
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


REPO = Path(__file__).resolve().parents[2]


def at_terminal(someone: Player, answer: str, *args: str) -> str:
    """What `turnpost ARGS` shows at a real terminal (a pseudo-terminal) where `answer` is
    typed, typed ahead: the terminal keeps it until the command reads it."""
    main, side = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "client", *args],
        cwd=REPO,
        env=someone.process_env,
        stdin=side,
        stdout=side,
        stderr=side,
    )
    os.close(side)
    os.write(main, answer.encode() + b"\n")
    shown = b""
    try:
        while select.select([main], [], [], 60)[0]:
            chunk = os.read(main, 4096)
            if not chunk:
                break
            shown += chunk
    except OSError:  # the command ended and closed the terminal
        pass
    finally:
        os.close(main)
        process.wait(timeout=60)
    return shown.decode()


def mover(players: list[Player], game_id: str) -> Player | None:
    """Whose turn it is, as each player's own `show --json` says; None once the game is over."""
    for candidate in players:
        answer = candidate.json("show", game_id)
        if answer["game"]["status"] == "finished":
            return None
        if answer["your_turn"]:
            return candidate
    raise AssertionError("an active game waits on someone")


def terminal(client: ApiClient, api: LiveServer, home: Path) -> Player:
    """The player of `client` at the command line."""
    name = client.player["name"]
    env = {
        **QUIET_ENV,
        "TURNPOST_CONFIG_DIR": str(home / name),
        "TURNPOST_URL": api.url,
        "TURNPOST_TOKEN": client.token,
    }
    return Player(name, env)


def play_some(game_id: str, players: list[Player], moves: int) -> None:
    """`moves` moves, each by whoever's turn it is, every player looking at the game first."""
    for _ in range(moves):
        current = mover(players, game_id)
        assert current is not None
        current.ok("play", game_id, current.ok("moves", game_id).splitlines()[0])


def finished_game(player: PlayerFactory) -> tuple[str, list[Player]]:
    game_id, players = start_game(player, "lost-cities", "--option", "rounds=1")
    play_some(game_id, players, 6)
    players[1].ok("resign", game_id, "--yes")
    return game_id, players


def report(someone: Player, game_id: str, *args: str, **env: str | None) -> dict[str, Any]:
    result = someone.run("verify", game_id, "--json", *args, **env)
    verified: dict[str, Any] = json.loads(result.stdout)
    assert result.exit_code == (0 if verified["ok"] else 1)
    return verified


LOCALES = {"en": "en_GB.UTF-8", "pl": "pl_PL.UTF-8", "de": "de_DE.UTF-8"}

HELPS = """
import json, sys
from typer.testing import CliRunner
from client.cli import COMMANDS, app
width = sys.argv[1]
helps = {
    name: CliRunner().invoke(app, [*name.split(), "--help"], env={"COLUMNS": width}).stdout
    for name in ["", *COMMANDS]
}
print(json.dumps(helps))
"""


def speaking_env(language: str, width: int) -> dict[str, str]:
    """The environment of a process whose locale is `language`, its terminal `width` wide, with
    no saved settings: the language the command line picks as the app is imported."""
    env = {**os.environ, "LANG": LOCALES[language], "COLUMNS": str(width)}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    env["TURNPOST_CONFIG_DIR"] = "/nonexistent/turnpost"
    return env


def helps_in(language: str, width: int) -> dict[str, str]:
    """Every command's help (and the app's, under ""), as a player whose locale is `language`
    reads it: in a process of its own, since Typer builds help texts as the app is imported."""
    done = subprocess.run(
        [sys.executable, "-c", HELPS, str(width)],
        env=speaking_env(language, width),
        capture_output=True,
        text=True,
        check=True,
    )
    helps: dict[str, str] = json.loads(done.stdout)
    return helps


def run_in(language: str, width: int, *args: str) -> subprocess.CompletedProcess[str]:
    """`turnpost ARGS` run by a player whose locale is `language`, at a terminal `width` wide."""
    return subprocess.run(
        [sys.executable, "-m", "client", *args],
        cwd=REPO,
        env=speaking_env(language, width),
        capture_output=True,
        text=True,
        check=False,
    )
