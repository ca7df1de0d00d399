"""Players' standing: one player's record (`history`) and a game type's leaderboard
(`ratings`)."""

from __future__ import annotations

from typing import Annotated

import typer

from client.commands.arguments import GameType, JsonFlag, described
from client.screens.players import leaderboard, player_record
from client.session import session
from client.words import _


@described(
    _(
        "Show a player's record in each game type (played, won, lost, resigned, timed out, "
        "and the rating with its uncertainty) and their finished games, with opponents and "
        "scores.\n\nExample: turnpost history bo"
    )
)
def history(
    name: Annotated[
        str | None, typer.Argument(metavar="[NAME]", help=_("A player; default: you."))
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        who = name or s.settings.name or s.api.me()["name"]
        answer = s.api.player(who)
        s.out.emit(answer, lambda console: player_record(console, answer))


@described(
    _(
        "Show the leaderboard of a game type: rated players, best first.\n\nA rating is a "
        "mean and its uncertainty (mu ± sigma); the board ranks by mu - 3 sigma, so a "
        "player is ranked high only once the games played have made the rating "
        "sure.\n\nExample: turnpost ratings lost-cities"
    )
)
def ratings(
    game_type: GameType,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        answer = s.api.leaderboard(game_type)
        s.out.emit(answer, lambda console: leaderboard(console, answer))
