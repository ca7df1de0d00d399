"""A game: who plays, the board as the engine draws it, what happens next, and what a move
just did."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.rules import engine_for, game_title
from client.screens.seats import named_together, seat_names, shown
from client.screens.style import ID_STYLE, TURN, highlight
from client.screens.times import moment
from client.words import _, ngettext, words
from shared.clock_text import banks, deadline
from shared.engine import player_names
from shared.fairness import fixed_by_creator_text


def game_screen(console: Console, answer: dict[str, Any], everything: bool = False) -> None:
    """A game as one player sees it: who plays, the engine's drawing of the view for the
    terminal's width (the others' part in brief unless `everything`), what next."""
    game = answer["game"]
    title = Text.assemble(
        (game_title(game), "bold"),
        " · ",
        _("game %(id)s", id=game["id"]),
        " · ",
        _("version %(version)s", version=answer["version"]),
        " · ",
        status_word(game["status"]),
    )
    title.highlight_words([game["id"]], ID_STYLE)
    console.print(title, seats_line(answer), sep="\n", soft_wrap=False)  # wrapped at spaces
    if game.get("fixed_by_creator"):
        warning = fixed_by_creator_text(game["fixed_by_creator"], words())
        console.print(Text(warning, style="bold yellow"), soft_wrap=False)
    console.print()
    engine = engine_for(game["type"])
    if answer["view"] is None:
        drawn = _("Nothing is dealt until every seat is taken.")
    elif engine:
        drawn = engine.render_view(
            answer["view"],
            player_names(game["seats"], words()),
            width=console.width,
            compact=not everything,
            words=words(),
        )
    else:
        drawn = json.dumps(answer["view"], indent=2)
    console.print(highlight(drawn.rstrip("\n")))
    console.print()
    console.print(next_step(answer), soft_wrap=False)
    for line in deadlines(answer):
        show(console, line)


def status_word(status: str) -> str:
    """A game's status as a person reads it (JSON keeps the API's word)."""
    return {
        "open": _("open"),
        "active": _("active"),
        "finished": _("finished"),
        "cancelled": _("cancelled"),
    }.get(status, status)


def deadlines(answer: dict[str, Any]) -> list[str]:
    """Each running move clock of a game, its deadline in my zone, mine first; and with a
    time bank, everyone's bank."""
    clocks = answer.get("clocks") or []
    me = answer["seat"]
    names = seat_names(answer["game"], me)
    lines = [
        deadline(
            None if clock["seat"] == me else names[clock["seat"]],
            moment(clock["due"]),
            clock["left_seconds"],
            clock.get("paused", False),  # a server from before vacations were shown
            words(),
        )
        for clock in sorted(clocks, key=lambda clock: clock["seat"] != me)
        if clock["running"]
    ]
    configured = answer["game"]["clock"] or {}
    if "time_bank" in configured and clocks:
        left = [(names[c["seat"]], c["left_seconds"]) for c in clocks]
        lines.append(banks(configured["time_bank"], configured["increment"], left, words()))
    return lines


def seats_line(answer: dict[str, Any]) -> Text:
    """Who sits where, with seat numbers: a Livingstone board marks tents by seat."""
    game, me = answer["game"], answer["seat"]
    parts = []
    for seat in game["seats"]:
        index = seat["seat"]
        part = Text(_("seat %(seat)s: ", seat=index), style="dim")
        if index in answer["to_act"]:
            part.append(f"{TURN} ", style="bold green")
        name = shown(seat) if seat["name"] else _("(open)")
        if index == me:
            part.append(_("%(name)s (you)", name=name), style="bold")
        elif seat["name"] and not seat["joined"]:
            part.append(name)
            part.append(" " + _("(invited)"), style="dim")
        else:
            part.append(name)
        parts.append(part)
    return Text("   ").join(parts)


def next_step(answer: dict[str, Any]) -> Text:
    """The one line that says what happens now, and which command moves things on."""
    game = answer["game"]
    if game["status"] == "finished":
        return result_line(game)
    if game["status"] == "cancelled":
        return Text(_("Cancelled before it started."))
    if game["status"] == "open":
        if answer["seat"] is None:
            return Text(
                _(
                    "You are invited: turnpost join %(id)s (or turnpost decline %(id)s)",
                    id=game["id"],
                ),
                style="bold",
            )
        waiting_for = sum(not seat["joined"] for seat in game["seats"])
        return Text(
            ngettext(
                "Waiting for %(num)d more player to join.",
                "Waiting for %(num)d more players to join.",
                waiting_for,
            )
        )
    if answer["your_turn"]:
        count = len(answer["legal_moves"])
        return Text.assemble(
            (f"{TURN} " + _("Your turn"), "bold green"),
            ": ",
            ngettext(
                "%(num)d legal move (turnpost moves %(id)s)",
                "%(num)d legal moves (turnpost moves %(id)s)",
                count,
                id=game["id"],
            ),
        )
    names = seat_names(game, answer["seat"])
    return Text(_("Waiting for %(players)s.", players=named_together(answer["to_act"], names)))


def result_line(game: dict[str, Any]) -> Text:
    result = game["result"] or {}
    names = seat_names(game, None)
    scores = result.get("scores", [])
    winners = [names[seat] for seat in result.get("winners", [])]
    each = " · ".join(f"{names[seat]} {score}" for seat, score in enumerate(scores))
    line = Text(_("Finished. Scores: %(scores)s", scores=each))
    won = ", ".join(winners)
    label = (
        _("Winner: %(names)s", names=won)
        if len(winners) == 1
        else _("Shared win: %(names)s", names=won)
    )
    line.append(f"   ★ {label}", style="bold yellow")
    return line


def applied(console: Console, answer: dict[str, Any]) -> None:
    """What a move just did, as the log will tell it."""
    engine = engine_for(answer["game"]["type"])
    names = player_names(answer["game"]["seats"], words())
    for event in answer.get("applied", []):
        text = engine.render_event(event, names, words=words()) if engine else json.dumps(event)
        show(console, highlight(text))
    untried = answer.get("untried")
    if untried:
        show(console, Text(_("Not tried: %(reason)s.", reason=untried["message"]), style="yellow"))
