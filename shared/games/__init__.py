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
