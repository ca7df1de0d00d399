"""A game: who plays, the board as the engine draws it, what happens next, and what a move
just did."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.rules import engine_for
from client.screens.seats import seat_names, shown
from client.screens.style import ID_STYLE, TURN, highlight
from client.screens.times import moment
from shared import clock_text
from shared.engine import player_names, seats_named
from shared.fairness import fixed_by_creator_text


def game_screen(console: Console, answer: dict[str, Any], everything: bool = False) -> None:
    """A game as one player sees it: who plays, the engine's drawing of the view for the
    terminal's width (the others' part in brief unless `everything`), what next."""
    game = answer["game"]
    title = Text.assemble(
        (game["title"], "bold"),
        " · game ",
        (game["id"], ID_STYLE),
        f" · version {answer['version']} · {game['status']}",
    )
    console.print(title, seats_line(answer), sep="\n", soft_wrap=False)  # wrapped at spaces
    if game.get("fixed_by_creator"):
        warning = fixed_by_creator_text(game["fixed_by_creator"])
        console.print(Text(warning, style="bold yellow"), soft_wrap=False)
    console.print()
    engine = engine_for(game["type"])
    if answer["view"] is None:
        drawn = "Nothing is dealt until every seat is taken."
    elif engine:
        drawn = engine.render_view(
            answer["view"],
            player_names(game["seats"]),
            width=console.width,
            compact=not everything,
        )
    else:
        drawn = json.dumps(answer["view"], indent=2)
    console.print(highlight(drawn.rstrip("\n")))
    console.print()
    console.print(next_step(answer), soft_wrap=False)
    for line in deadlines(answer):
        show(console, line)


def deadlines(answer: dict[str, Any]) -> list[str]:
    """Each running move clock of a game, its deadline in my zone, mine first; and with a
    time bank, everyone's bank."""
    clocks = answer.get("clocks") or []
    me = answer["seat"]
    names = seat_names(answer["game"], me)
    lines = [
        clock_text.deadline(
            None if clock["seat"] == me else names[clock["seat"]],
            moment(clock["due"]),
            clock["left_seconds"],
            clock.get("paused", False),  # a server from before vacations were shown
        )
        for clock in sorted(clocks, key=lambda clock: clock["seat"] != me)
        if clock["running"]
    ]
    configured = answer["game"]["clock"] or {}
    if "time_bank" in configured and clocks:
        left = [(names[c["seat"]], c["left_seconds"]) for c in clocks]
        lines.append(clock_text.banks(configured["time_bank"], configured["increment"], left))
    return lines


def seats_line(answer: dict[str, Any]) -> Text:
    """Who sits where, with seat numbers: a Livingstone board marks tents by seat."""
    game, me = answer["game"], answer["seat"]
    parts = []
    for seat in game["seats"]:
        index = seat["seat"]
        part = Text(f"seat {index}: ", style="dim")
        if index in answer["to_act"]:
            part.append(f"{TURN} ", style="bold green")
        part.append(shown(seat) if seat["name"] else "(open)", style="bold" if index == me else "")
        if index == me:
            part.append(" (you)")
        elif seat["name"] and not seat["joined"]:
            part.append(" (invited)", style="dim")
        parts.append(part)
    return Text("   ").join(parts)


def next_step(answer: dict[str, Any]) -> Text:
    """The one line that says what happens now, and which command moves things on."""
    game = answer["game"]
    if game["status"] == "finished":
        return result_line(game)
    if game["status"] == "cancelled":
        return Text("Cancelled before it started.")
    if game["status"] == "open":
        if answer["seat"] is None:
            return Text(
                f"You are invited: turnpost join {game['id']} (or turnpost decline {game['id']})",
                style="bold",
            )
        waiting_for = sum(not seat["joined"] for seat in game["seats"])
        return Text(f"Waiting for {waiting_for} more player(s) to join.")
    if answer["your_turn"]:
        count = len(answer["legal_moves"])
        return Text.assemble(
            (f"{TURN} Your turn", "bold green"),
            f": {count} legal moves (turnpost moves {game['id']})",
        )
    names = seat_names(game, answer["seat"])
    return Text("Waiting for " + seats_named(answer["to_act"], names) + ".")


def result_line(game: dict[str, Any]) -> Text:
    result = game["result"] or {}
    names = seat_names(game, None)
    scores = result.get("scores", [])
    winners = [names[seat] for seat in result.get("winners", [])]
    line = Text("Finished. Scores: ")
    line.append(" · ".join(f"{names[seat]} {score}" for seat, score in enumerate(scores)))
    label = "Winner" if len(winners) == 1 else "Shared win"
    line.append(f"   ★ {label}: {', '.join(winners)}", style="bold yellow")
    return line


def applied(console: Console, answer: dict[str, Any]) -> None:
    """What a move just did, as the log will tell it."""
    engine = engine_for(answer["game"]["type"])
    names = player_names(answer["game"]["seats"])
    for event in answer.get("applied", []):
        show(console, highlight(engine.render_event(event, names) if engine else json.dumps(event)))
    untried = answer.get("untried")
    if untried:
        show(console, Text(f"Not tried: {untried['message']}.", style="yellow"))
