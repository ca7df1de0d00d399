"""My games, one line each: with whom, where each stands, how long it has waited and when its
clock runs out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.screens.seats import opponents, seat_names
from client.screens.style import ID_STYLE, TURN
from client.screens.times import duration, moment, release
from shared import clock_text
from shared.engine import seats_named

NO_GAMES = {
    None: "No games yet. Start one: turnpost new lost-cities --invite NAME",
    "waiting": "No game is waiting on you.",
    "active": "No active games.",
    "open": "No open games.",
    "finished": "No finished games.",
}
"""What an empty list says, by the kind of game asked for (`turnpost games --mine KIND`)."""


def game_list(
    console: Console, games: Sequence[dict[str, Any]], now: float, mine: str | None = None
) -> None:
    """My games as the server orders them (waiting on me first), one line each; `mine` is the
    kind asked for, if any."""
    if not games:
        show(console, NO_GAMES[mine])
        return
    rows = [
        (
            game["id"],
            game["type"],
            opponents(game["seats"], game["seat"]),
            standing(game),
            since(game, now) + due_line(game) + held_notice(game, now),
        )
        for game in games
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for game, (game_id, type_id, others, where, when) in zip(games, rows, strict=True):
        line = Text.assemble(
            (game_id.ljust(widths[0]), ID_STYLE),
            "  ",
            type_id.ljust(widths[1]),
            "  ",
            others.ljust(widths[2]),
            "  ",
            (where.ljust(widths[3]), "bold green" if game["waiting_on_you"] else ""),
            "  ",
            (when, "dim"),
        )
        show(console, line, hanging=len(game_id) + 2)
    clocks = [clock for game in games for clock in game.get("clocks") or ()]
    if any(clock["running"] and not clock.get("paused") for clock in clocks):
        show(
            console,
            Text(
                "Deadlines count only the mover's waking time (quiet hours and vacations stop "
                f"clocks), {clock_text.NO_VACATION}.",
                "dim",
            ),
        )


def standing(game: dict[str, Any]) -> str:
    """Where a listed game stands, from my side of the table."""
    names = seat_names(game, game["seat"])
    if game["status"] == "cancelled":
        return "cancelled"
    if game["status"] == "finished":
        winners = (game["result"] or {}).get("winners", [])
        return "finished, won by " + seats_named(winners, names)
    if game["status"] == "open":
        if game["invited"]:
            return f"{TURN} invited: turnpost join {game['id']}"
        joined = sum(seat["joined"] for seat in game["seats"])
        return f"open, {joined} of {len(game['seats'])} seats taken"
    turn = seats_named(game["to_act"], names)
    return f"{TURN} your turn" if turn == "you" else f"turn: {turn}"


def since(game: dict[str, Any], now: float) -> str:
    """How long the game has waited on whoever must act (or since it last changed)."""
    age = duration(now - game["updated"])
    return f"waiting {age}" if game["status"] == "active" else f"{age} ago"


def due_line(game: dict[str, Any]) -> str:
    """When the clock of whoever must act runs out (the first, if several), in my zone."""
    running = [clock for clock in game.get("clocks") or () if clock["running"]]
    clocks = sorted(running, key=lambda clock: clock["seat"] != game["seat"])
    if not clocks:
        return ""
    first = clocks[0]
    mine = first["seat"] == game["seat"]
    name = seat_names(game, None)[first["seat"]]
    left = clock_text.span(first["left_seconds"])
    if first.get("paused") and mine:
        return f"; your clock is paused for your vacation, {left} left"
    if first.get("paused"):
        return f"; {name}'s clock is paused for a vacation, {left} left"
    whose = "" if mine else f"{name} "
    return f"; {whose}{clock_text.due(moment(first['due']), first['left_seconds'])}"


def held_notice(game: dict[str, Any], now: float) -> str:
    """A notice to me about the game that my quiet hours or digest hold."""
    held = game.get("notice_held_until")
    return f"; notice held, goes out {release(held, now)}" if held else ""


NEEDS = {"turn": "your turn", "invited": "you are invited", "rematch": "a rematch is offered"}


def needs_you_line(event: dict[str, Any]) -> str:
    """Which game needs the player, and why (`turnpost wait` without a game)."""
    return f"{event['game']}  {event['type']}  {NEEDS.get(event['kind'], event['kind'])}"
