"""The scripting example of docs/api.md, run as written: two bash loops play a whole game."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.terminal import Player, PlayerFactory

REPO = Path(__file__).resolve().parents[2]
TURNPOST_FROM_CHECKOUT = 'turnpost() { "$TURNPOST_PYTHON" -m client "$@"; }\n'
"""docs/api.md says `turnpost`; in the tests that is this checkout's client, whatever PATH holds."""


def scripting_loop() -> str:
    """The code block of the "Scripting" section of docs/api.md that plays a game."""
    document = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    section = document.split("\n## Scripting\n", 1)[1].split("\n## ", 1)[0]
    blocks: list[str] = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    return next(block for block in blocks if "while turnpost wait" in block)


def start_loop(someone: Player, game_id: str) -> subprocess.Popen[str]:
    token = json.loads((someone.config_dir / "config.json").read_text())["token"]
    env = {
        **someone.process_env,
        "TURNPOST_TOKEN": token,
        "TURNPOST_PYTHON": sys.executable,
        "GAME": game_id,
    }
    return subprocess.Popen(
        ["bash", "-c", TURNPOST_FROM_CHECKOUT + scripting_loop()],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.long
def test_two_scripting_loops_play_a_game_to_its_end(player: PlayerFactory) -> None:
    ada, bo = player("ada"), player("bo")
    game_id = ada.json("new", "lost-cities", "--invite", "bo", "--option", "rounds=1")["game"]["id"]
    bo.ok("join", game_id)

    loops = [start_loop(someone, game_id) for someone in (ada, bo)]
    try:
        finished = [loop.communicate(timeout=900) for loop in loops]
    finally:
        for loop in loops:
            loop.kill()
    for loop, (out, err) in zip(loops, finished, strict=True):
        assert loop.returncode == 0, err
        assert "Finished. Scores:" in out

    final = ada.json("show", game_id)
    assert final["game"]["status"] == "finished" and final["version"] > 40
    assert bo.json("verify", game_id)["ok"] is True
