"""The lobby: the public games with a seat free."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from client.screens.seats import shown
from client.screens.style import ID_STYLE
from client.screens.times import duration


def public_games(console: Console, games: Sequence[dict[str, Any]], now: float) -> None:
    """The public games with a seat free, one block each: what, who (and where), how fast."""
    if not games:
        console.print("No public game has a seat free. Start one: turnpost new TYPE --public")
        return
    for game in games:
        clock = game["clock"]
        pace = f"{duration(clock['move_time'])} per move" if clock else "no move clock"
        console.print(
            Text.assemble(
                (game["id"], ID_STYLE),
                f"  {game['type']}  {game['free_seats']} of {len(game['seats'])} seats free"
                f"  {pace}  opened {duration(now - game['created'])} ago",
            )
        )
        players = ", ".join(f"{shown(p)} ({p['timezone']})" for p in game["players"])
        console.print(f"    players: {players}", markup=False)
        options = " ".join(f"{k}={json.dumps(v)}" for k, v in game["options"].items())
        console.print(f"    options: {options}", markup=False)
