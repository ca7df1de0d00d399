"""A game's rules for newcomers over HTTP: public like the list of game types, the engine's own
guide, documented, and an unknown type refused as creating a game of it would be."""

from __future__ import annotations

import pytest

from shared.games import ENGINES
from tests.parts import LiveServer


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_every_game_types_rules_are_public(api: LiveServer, type_id: str) -> None:
    anyone = api.client()
    rules = anyone.ok("GET", f"/game-types/{type_id}/rules")
    assert rules == ENGINES[type_id].describe_rules()
    assert rules["id"] == type_id and rules["rules"] and rules["notation"]
    assert all(set(example) == {"move", "means"} for example in rules["examples"])
    listed = {described["id"] for described in anyone.ok("GET", "/game-types")}
    assert type_id in listed


def test_an_unknown_game_type_has_no_rules(api: LiveServer) -> None:
    player = api.client().register("ada")
    for client in (api.client(), player):
        response = client.call("GET", "/game-types/chess/rules")
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["code"] == "unknown_game_type"
        assert "chess" in error["message"] and "lost-cities" in error["message"]


def test_the_rules_route_is_documented(api: LiveServer) -> None:
    spec = api.client().ok("GET", "/openapi.json")
    operation = spec["paths"]["/api/v1/game-types/{type_id}/rules"]["get"]
    assert operation["security"] == [] and {"200", "400"} <= set(operation["responses"])
