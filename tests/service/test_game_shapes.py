"""Each game's view, legal moves and log events, as the engines make them in random games of
every type and player count, match the OpenAPI document's schemas (`shared.shapes`): for each
seat and for a spectator, the view as each may see it, and each event as each may see it.
Every value must match exactly one game's schema (the document's `oneOf`), and no key may be
left undocumented (the schemas allow no other)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from jsonschema.exceptions import best_match
from openapi_schema_validator import OAS30Validator

from shared.games import ENGINES
from tests.parts import LiveServer

STEPS_BETWEEN_VIEWS = 5


def validator(spec: dict[str, Any], *path: str) -> OAS30Validator:
    """A validator of the schema at `path` in the document, its references resolved there."""
    pointer = "/".join(["#", *path])
    return OAS30Validator({"$ref": pointer, "components": spec["components"]})


def seen_by(validators: dict[str, OAS30Validator], what: str, value: Any) -> None:
    error = best_match(validators[what].iter_errors(value))
    assert error is None, (what, value, error.message, list(error.absolute_path))


@pytest.fixture(scope="module")
def validators(live_server: LiveServer) -> dict[str, OAS30Validator]:
    spec = live_server.client().ok("GET", "/openapi.json")
    game_view = ("components", "schemas", "GameView", "properties")
    return {
        "view": validator(spec, *game_view, "view"),
        "move": validator(spec, "components", "schemas", "LegalMove", "properties", "move"),
        "event": validator(spec, "components", "schemas", "LogEntry", "properties", "event"),
    }


GAMES = [
    (type_id, players)
    for type_id, engine in sorted(ENGINES.items())
    for players in range(engine.min_players, engine.max_players + 1)
]


@pytest.mark.parametrize(("type_id", "players"), GAMES)
def test_a_random_game_matches_the_documented_shapes(
    validators: dict[str, OAS30Validator], type_id: str, players: int
) -> None:
    engine = ENGINES[type_id]
    chance = random.Random(f"{type_id}/{players}")
    state = engine.new(players, f"{chance.getrandbits(256):064x}")
    viewers: list[int | None] = [*range(players), None]
    steps = 0
    while True:
        if steps % STEPS_BETWEEN_VIEWS == 0 or engine.is_over(state):
            for viewer in viewers:
                seen_by(validators, "view", engine.view(state, viewer))
        if engine.is_over(state):
            break
        seat = chance.choice(engine.to_act(state))
        moves = engine.legal_moves(state, seat)
        for move in moves:
            seen_by(validators, "move", move)
        resigns = chance.random() < 1 / 400
        state, event = engine.transition(
            state, seat, {"action": "resign"} if resigns else chance.choice(moves)
        )
        for viewer in viewers:
            seen_by(validators, "event", engine.redact_event(event, viewer))
        steps += 1
