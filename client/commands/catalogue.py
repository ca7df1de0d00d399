"""What can be played: the game types the server offers (`types`) and a game's rules
(`rules`)."""

from __future__ import annotations

from client.commands.arguments import GameType, JsonFlag
from client.rules import engine_for
from client.screens.catalogue import game_rules, game_types
from client.session import session


def types(as_json: JsonFlag = False) -> None:
    """List the game types the server offers, with their options and defaults.

    Example: turnpost types
    """
    with session(as_json, needs_token=False) as s:
        described = s.api.game_types()
        s.out.emit(described, lambda console: game_types(console, described))


def rules(
    game_type: GameType,
    as_json: JsonFlag = False,
) -> None:
    """Print a game's rules in one screen, and how to write its moves, with examples.

    The rules come with this command line (the server is asked only about a game type newer
    than it); the rulebook stays the source.

    Example: turnpost rules lost-cities
    """
    with session(as_json, needs_token=False) as s:
        engine = engine_for(game_type)
        described = engine.describe_rules() if engine else s.api.game_rules(game_type)
        s.out.emit(described, lambda console: game_rules(console, described))
