"""Lost Cities, the two-player card game (game type `lost-cities`)."""

from shared.games.lost_cities.engine import LostCities

__all__ = ["LostCities"]
