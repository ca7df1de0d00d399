"""Things about the service itself: health and the game types it knows."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from server.limits import limiter
from server.schemas import GameTypeSchema
from shared.games import ENGINES

blp = Blueprint("meta", __name__, url_prefix="/api/v1", description="The service itself")


@blp.route("/health")
@limiter.exempt
def health() -> dict[str, Any]:
    """Liveness, with no Redis round trip: the ceiling the benchmarks compare requests against."""
    return {"ok": True}


@blp.route("/game-types")
@blp.response(200, GameTypeSchema(many=True))
def game_types() -> list[dict[str, Any]]:
    """Every game type, its player counts and its options with their defaults."""
    return [engine.describe() for engine in ENGINES.values()]
