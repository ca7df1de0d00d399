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
from client.words import _, ngettext


def public_games(console: Console, games: Sequence[dict[str, Any]], now: float) -> None:
    """The public games with a seat free, one block each: what, who (and where), how fast, and
    the options set otherwise than by default."""
    if not games:
        show(console, _("No public game has a seat free. Start one: turnpost new TYPE --public"))
        return
    for game in games:
        clock = game["clock"]
        pace = (
            _("%(time)s per move", time=duration(clock["move_time"]))
            if clock
            else _("no move clock")
        )
        free = ngettext(
            "%(num)d of %(seats)d seats free",
            "%(num)d of %(seats)d seats free",
            game["free_seats"],
            seats=len(game["seats"]),
        )
        opened = _("opened %(age)s ago", age=duration(now - game["created"]))
        show(
            console,
            Text.assemble((game["id"], ID_STYLE), f"  {game['type']}  {free}  {pace}  {opened}"),
        )
        players = ", ".join(f"{shown(p)} ({p['timezone']})" for p in game["players"])
        show(console, "    " + _("players: %(players)s", players=players))
        show(console, "    " + options_line(game))
    show(console, _("Take a seat with: turnpost join GAME (its id, or the start of it)."))


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
        return _("options: the defaults")
    written = ", ".join(f"{name}={brief(value) or '…'}" for name, value in changed.items())
    if any(brief(value) is None for value in changed.values()):
        return _(
            "options: %(options)s; the others as by default (in full: turnpost lobby --json)",
            options=written,
        )
    return _("options: %(options)s; the others as by default", options=written)
