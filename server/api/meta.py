"""Things about the service itself: liveness, readiness and the game types it knows."""

from __future__ import annotations

from server.api.blueprint import Blueprint
from server.domain.games.loaded import engine_for
from server.http.auth import public_route
from server.http.context import services
from server.http.language import words_chosen
from server.presenters import catalogue
from server.presenters import games as presenters
from server.presenters.documented import schema_of
from server.presenters.player_shapes import Leaderboard
from server.presenters.shapes import Error, GameRules, GameType, Health
from shared.games import ENGINES

blp = Blueprint("meta", __name__, url_prefix="/api/v1", description="The service itself")


@blp.route("/health/live", endpoint="live")
@blp.route("/health")
@public_route
@blp.built_response(200, Health)
def health() -> Health:
    """Liveness: the process answers. No Redis round trip (nor a rate-limit count,
    `server.http.limits`): the ceiling the benchmarks compare requests against.
    Its answer is documented but not serialized through the schema, so the ceiling stays bare."""
    return {"ok": True}


@blp.route("/health/ready")
@public_route
@blp.built_response(200, Health)
@blp.alt_response(503, schema=schema_of(Error), description="Redis does not answer")
def ready() -> Health:
    """Readiness: Redis answers a PING within a second, so requests can be served; 503
    `unavailable` while it does not (down, restarting, replaying its AOF)."""
    services().readiness.check()
    return {"ok": True}


@blp.route("/game-types/<game_type:type_id>/leaderboard")
@blp.dumped_response(200, Leaderboard)
def leaderboard(type_id: str) -> Leaderboard:
    """The type's rated players, best first by their rating's conservative estimate (mu - 3
    sigma), each with their record; a game counts once it is finished, if it was rated."""
    engine_for(type_id)  # 400 unknown_game_type
    ranked = services().standings.leaderboard(type_id)
    return {"type": type_id, "players": presenters.leaderboard(ranked)}


@blp.route("/game-types")
@public_route
@blp.dumped_response(200, list[GameType])
def game_types() -> list[GameType]:
    """Every game type, its player counts, its options with their defaults (the rules'
    options, then the move clock's, which every type takes) and the levels of bot that play
    it."""
    return [catalogue.game_type(engine, words_chosen()) for engine in ENGINES.values()]


@blp.route("/game-types/<game_type:type_id>/rules")
@public_route
@blp.dumped_response(200, GameRules)
@blp.alt_response(400, schema=schema_of(Error), description="no such game type: unknown_game_type")
def game_rules(type_id: str) -> GameRules:
    """A game's rules in one screen for a newcomer, and how its moves are written, with
    examples (`turnpost rules TYPE` lays them out; a mail's `help` answer has the notation)."""
    return catalogue.game_rules(engine_for(type_id), words_chosen())
