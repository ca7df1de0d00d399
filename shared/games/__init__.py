"""The registry of game types: type id → engine."""

from __future__ import annotations

from typing import Any

from shared.engine import Engine
from shared.games.livingstone import Livingstone
from shared.games.lost_cities import LostCities
from shared.games.lost_cities_dice import LostCitiesDice

ENGINES: dict[str, Engine[Any]] = {
    engine.type_id: engine
    for engine in (
        Livingstone(),
        LostCities(),
        LostCitiesDice(),
    )
}


def engine_for(type_id: str) -> Engine[Any]:
    """The engine of a game type; KeyError names the known types."""
    try:
        return ENGINES[type_id]
    except KeyError:
        raise KeyError(f"unknown game type {type_id!r}; known: {', '.join(ENGINES)}") from None
