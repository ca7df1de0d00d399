"""What can be played: the game types the server offers (`types`) and a game's rules
(`rules`)."""

from __future__ import annotations

from client.commands.arguments import GameType, JsonFlag, described
from client.rules import engine_for
from client.screens.catalogue import game_rules, game_types
from client.session import session
from client.words import _, words


@described(
    _(
        "List the game types the server offers, with their options and "
        "defaults.\n\nExample: turnpost types"
    )
)
def types(as_json: JsonFlag = False) -> None:
    with session(as_json, needs_token=False) as s:
        offered = s.api.game_types()
        s.out.emit(offered, lambda console: game_types(console, offered))


@described(
    _(
        "Print a game's rules in one screen, and how to write its moves, with "
        "examples.\n\nThe rules come with this command line (the server is asked only about "
        "a game type newer than it); the rulebook stays the source.\n\nExample: turnpost "
        "rules lost-cities"
    )
)
def rules(
    game_type: GameType,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json, needs_token=False) as s:
        engine = engine_for(game_type)
        guide = engine.describe_rules(words()) if engine else s.api.game_rules(game_type)
        s.out.emit(guide, lambda console: game_rules(console, guide))
