"""The lobby: the public games with a seat free."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.rules import engine_for
from client.screens.catalogue import brief
from client.screens.seats import shown
from client.screens.style import ID_STYLE
from client.screens.times import duration


def public_games(console: Console, games: Sequence[dict[str, Any]], now: float) -> None:
    """The public games with a seat free, one block each: what, who (and where), how fast, and
    the options set otherwise than by default."""
    if not games:
        show(console, "No public game has a seat free. Start one: turnpost new TYPE --public")
        return
    for game in games:
        clock = game["clock"]
        pace = f"{duration(clock['move_time'])} per move" if clock else "no move clock"
        show(
            console,
            Text.assemble(
                (game["id"], ID_STYLE),
                f"  {game['type']}  {game['free_seats']} of {len(game['seats'])} seats free"
                f"  {pace}  opened {duration(now - game['created'])} ago",
            ),
        )
        players = ", ".join(f"{shown(p)} ({p['timezone']})" for p in game["players"])
        show(console, f"    players: {players}")
        show(console, options_line(game))
    show(console, "Take a seat with: turnpost join GAME (its id, or the start of it).")


def options_line(game: dict[str, Any]) -> str:
    """The options that differ from the game type's defaults, a long one (a score sheet) only
    named: `turnpost lobby --json` has it in full."""
    engine = engine_for(game["type"])
    defaults = {o.name: o.default for o in engine.options} if engine else {}
    changed = {
        name: value
        for name, value in game["options"].items()
        if name not in defaults or value != defaults[name]
    }
    if not changed:
        return "    options: the defaults"
    written = ", ".join(f"{name}={brief(value) or '…'}" for name, value in changed.items())
    if any(brief(value) is None for value in changed.values()):
        return f"    options: {written}; the others as by default (in full: turnpost lobby --json)"
    return f"    options: {written}; the others as by default"
