"""Things about the service itself: liveness, readiness and the game types it knows."""

from __future__ import annotations

from typing import Any

from server.api.blueprint import Blueprint
from server.domain.bots import levels_for
from server.domain.clock_options import SERVICE_OPTIONS
from server.domain.game import engine_for
from server.http.auth import public_route
from server.http.context import services
from server.presenters import games as presenters
from server.presenters.schemas import (
    ErrorSchema,
    GameRulesSchema,
    GameTypeSchema,
    HealthSchema,
    LeaderboardSchema,
)
from shared.games import ENGINES

blp = Blueprint("meta", __name__, url_prefix="/api/v1", description="The service itself")


@blp.route("/health/live", endpoint="live")
@blp.route("/health")
@public_route
@blp.alt_response(200, schema=HealthSchema, success=True)
def health() -> dict[str, Any]:
    """Liveness: the process answers. No Redis round trip (nor a rate-limit count,
    `server.http.limits`): the ceiling the benchmarks compare requests against.
    Its answer is documented but not serialized through the schema, so the ceiling stays bare."""
    return {"ok": True}


@blp.route("/health/ready")
@public_route
@blp.alt_response(200, schema=HealthSchema, success=True)
@blp.alt_response(503, schema=ErrorSchema, description="Redis does not answer")
def ready() -> dict[str, Any]:
    """Readiness: Redis answers a PING within a second, so requests can be served; 503
    `unavailable` while it does not (down, restarting, replaying its AOF)."""
    services().readiness.check()
    return {"ok": True}


@blp.route("/game-types/<game_type:type_id>/leaderboard")
@blp.response(200, LeaderboardSchema)
def leaderboard(type_id: str) -> dict[str, Any]:
    """The type's rated players, best first by their rating's conservative estimate (mu - 3
    sigma), each with their record; a game counts once it is finished, if it was rated."""
    engine_for(type_id)  # 400 unknown_game_type
    ranked = services().standings.leaderboard(type_id)
    return {"type": type_id, "players": presenters.leaderboard(ranked)}


@blp.route("/game-types")
@public_route
@blp.response(200, GameTypeSchema(many=True))
def game_types() -> list[dict[str, Any]]:
    """Every game type, its player counts, its options with their defaults (the rules'
    options, then the move clock's, which every type takes) and the levels of bot that play
    it."""
    types = []
    for engine in ENGINES.values():
        described = engine.describe()
        options = [*described["options"], *SERVICE_OPTIONS]
        types.append({**described, "options": options, "bots": levels_for(engine.type_id)})
    return types


@blp.route("/game-types/<game_type:type_id>/rules")
@public_route
@blp.response(200, GameRulesSchema)
@blp.alt_response(400, schema=ErrorSchema, description="no such game type: unknown_game_type")
def game_rules(type_id: str) -> dict[str, Any]:
    """A game's rules in one screen for a newcomer, and how its moves are written, with
    examples (`turnpost rules TYPE` lays them out; a mail's `help` answer has the notation)."""
    return engine_for(type_id).describe_rules()
