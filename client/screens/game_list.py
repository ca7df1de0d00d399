"""My games, one line each: with whom, where each stands, how long it has waited and when its
clock runs out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.screens.seats import named_together, opponents, seat_names
from client.screens.style import ID_STYLE, TURN
from client.screens.times import duration, moment, release
from client.words import _, words
from shared.clock_text import due, span


def no_games(mine: str | None) -> str:
    """What an empty list says, by the kind of game asked for (`turnpost games --mine KIND`)."""
    return {
        None: _("No games yet. Start one: turnpost new lost-cities --invite NAME"),
        "waiting": _("No game is waiting on you."),
        "active": _("No active games."),
        "open": _("No open games."),
        "finished": _("No finished games."),
    }[mine]


def game_list(
    console: Console, games: Sequence[dict[str, Any]], now: float, mine: str | None = None
) -> None:
    """My games, those waiting on me first (longest waiting first), then the active, open,
    finished and cancelled ones (latest change first), one line each; `mine` is the kind asked
    for, if any."""
    if not games:
        show(console, no_games(mine))
        return
    games = sorted(games, key=shown_order)
    rows = [
        (
            game["id"],
            game["type"],
            opponents(game["seats"], game["seat"]),
            standing(game),
            "; ".join(
                part for part in (since(game, now), due_line(game), held_notice(game, now)) if part
            ),
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
                _(
                    "Deadlines count only the mover's waking time (quiet hours and vacations "
                    "stop clocks), if no vacation is taken."
                ),
                "dim",
            ),
        )


ORDER = {"waiting": 0, "active": 1, "open": 2, "finished": 3, "cancelled": 4}


def shown_order(game: dict[str, Any]) -> tuple[int, float]:
    """Where a game comes in the list: by what it is to me, then by its last change."""
    if game["waiting_on_you"]:
        return ORDER["waiting"], game["updated"]
    return ORDER.get(game["status"], len(ORDER)), -game["updated"]


def standing(game: dict[str, Any]) -> str:
    """Where a listed game stands, from my side of the table."""
    names = seat_names(game, game["seat"])
    if game["status"] == "cancelled":
        return _("cancelled")
    if game["status"] == "finished":
        winners = (game["result"] or {}).get("winners", [])
        return _("finished, won by %(names)s", names=named_together(winners, names))
    if game["status"] == "open":
        if game["invited"]:
            return f"{TURN} " + _("invited: turnpost join %(id)s", id=game["id"])
        joined = sum(seat["joined"] for seat in game["seats"])
        return _(
            "open, %(joined)s of %(seats)s seats taken", joined=joined, seats=len(game["seats"])
        )
    if game["to_act"] == [game["seat"]]:
        return f"{TURN} " + _("your turn")
    return _("turn: %(names)s", names=named_together(game["to_act"], names))


def since(game: dict[str, Any], now: float) -> str:
    """How long the game has waited on whoever must act (or since it last changed)."""
    age = duration(now - game["updated"])
    if game["status"] == "active":
        return _("waiting %(age)s", age=age)
    return _("%(age)s ago", age=age)


def due_line(game: dict[str, Any]) -> str:
    """When the clock of whoever must act runs out (the first, if several), in my zone."""
    running = [clock for clock in game.get("clocks") or () if clock["running"]]
    clocks = sorted(running, key=lambda clock: clock["seat"] != game["seat"])
    if not clocks:
        return ""
    first = clocks[0]
    mine = first["seat"] == game["seat"]
    name = seat_names(game, None)[first["seat"]]
    left = span(first["left_seconds"], words())
    if first.get("paused") and mine:
        return _("your clock is paused for your vacation, %(left)s left", left=left)
    if first.get("paused"):
        return _("%(name)s's clock is paused for a vacation, %(left)s left", name=name, left=left)
    when = due(moment(first["due"]), first["left_seconds"], words())
    return when if mine else _("%(name)s: %(due)s", name=name, due=when)


def held_notice(game: dict[str, Any], now: float) -> str:
    """A notice to me about the game that my quiet hours or digest hold."""
    held = game.get("notice_held_until")
    return _("notice held, goes out %(when)s", when=release(held, now)) if held else ""


def needs_you_line(event: dict[str, Any]) -> str:
    """Which game needs the player, and why (`turnpost wait` without a game)."""
    needs = {
        "turn": _("your turn"),
        "invited": _("you are invited"),
        "rematch": _("a rematch is offered"),
    }
    return f"{event['game']}  {event['type']}  {needs.get(event['kind'], event['kind'])}"
