"""The rules on this machine: the very `shared/` engines the server runs, so that the client
draws a view exactly as an email would and can replay a finished game on its own."""

from __future__ import annotations

from typing import Any

from shared.engine import Engine


def engine_for(type_id: str) -> Engine[Any] | None:
    """None for a game type newer than this client, which then shows raw data instead.

    The engines are imported on first use, not with the client: most commands never draw a
    game, and a script's waiting loop starts the client several times a turn."""
    from shared.games import ENGINES

    return ENGINES.get(type_id)


def known_types() -> list[str]:
    from shared.games import ENGINES

    return list(ENGINES)
