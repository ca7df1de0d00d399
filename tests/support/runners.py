"""`turnpost bot` runners as real processes of a player's own, each with an example program, and
what the tests read of them: the lines they printed and each game's log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.support.terminal import REPO, Player

EXAMPLES = REPO / "examples"
PROGRAMS = {
    "lost-cities": EXAMPLES / "lost_cities.py",
    "lost-cities-dice": EXAMPLES / "lost_cities_dice.py",
    "livingstone": EXAMPLES / "livingstone.py",
}
"""The example program of each game type."""


@dataclass
class Runner:
    """A `turnpost bot` process, its output kept in files (a pipe left unread would stall it)."""

    player: Player
    process: subprocess.Popen[bytes]
    out: Path
    err: Path

    @property
    def lines(self) -> list[str]:
        return self.out.read_text().splitlines()

    @property
    def errors(self) -> str:
        return self.err.read_text()

    def stop(self) -> int:
        """Stopped as a person stops it (SIGTERM): its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)

    def kill(self) -> None:
        """Killed with no chance to do anything more (SIGKILL), as a crash would."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)


def start_runner(player: Player, *args: str, logs: Path, program: list[str]) -> Runner:
    """`turnpost bot ARGS PROGRAM` as `player`, its output in files under `logs` (a file per
    run, so a runner started again keeps the first run's lines apart)."""
    logs.mkdir(parents=True, exist_ok=True)
    run = len(list(logs.glob(f"{player.name}-*.out")))
    out, err = logs / f"{player.name}-{run}.out", logs / f"{player.name}-{run}.err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "client", "bot", *args, "--", *program],
            cwd=REPO,
            env=player.process_env,
            stdout=stdout,
            stderr=stderr,
        )
    return Runner(player, process, out, err)


@contextmanager
def running(player: Player, *args: str, logs: Path, program: list[str]) -> Iterator[Runner]:
    runner = start_runner(player, *args, logs=logs, program=program)
    try:
        yield runner
    finally:
        runner.stop()


def example(type_id: str) -> list[str]:
    return [sys.executable, str(PROGRAMS[type_id])]


def until(done: Callable[[], bool], seconds: float, what: str, pause: float = 0.5) -> None:
    """Wait until `done()` is true, at most `seconds`."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(pause)


def finished(player: Player) -> set[str]:
    return {game["id"] for game in player.json("games", "--mine", "finished")["games"]}


def versions_moved(player: Player, game_id: str) -> list[int]:
    """The version of each entry of a game's log, as the player reads it."""
    return [entry["version"] for entry in player.json("log", game_id)["entries"]]
