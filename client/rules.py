"""The rules on this machine: the very `shared/` engines the server runs, so that the client
draws a view exactly as an email would and can replay a finished game on its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.words import words
from shared.engine import Engine


def engine_for(type_id: str) -> Engine[Any] | None:
    """None for a game type newer than this client, which then shows raw data instead.

    The engines are imported on first use, not with the client: most commands never draw a
    game, and a script's waiting loop starts the client several times a turn."""
    from shared.games import ENGINES

    return ENGINES.get(type_id)


def game_title(game: Mapping[str, Any]) -> str:
    """A game's name as its publisher prints it in the reader's language (the server's English
    `title` for a game type newer than this client)."""
    engine = engine_for(game["type"])
    return str(game["title"]) if engine is None else engine.title_in(words())


def known_types() -> list[str]:
    from shared.games import ENGINES

    return list(ENGINES)
