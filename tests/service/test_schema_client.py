"""A client made from the OpenAPI document alone plays a whole game: aiopenapi3 reads the
document the service serves and builds its requests and the models of its answers from it (each
answer is checked against its schema as it is read, the games' views and moves included), and
two players play with nothing else, each reading its seat's typed view and sending one of its
legal moves as the document describes them."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx2
import pytest
from aiopenapi3 import OpenAPI

from shared.games import ENGINES
from tests.parts import LiveServer

MOST_REQUESTS = 2000


def client_of(server: LiveServer, document: dict[str, Any]) -> OpenAPI:
    """A client of the document; the document names no host (it is served by each), so where
    the service is is given beside it."""
    located = {**document, "servers": [{"url": server.url}]}
    url = f"{server.url}/api/v1/openapi.json"
    return OpenAPI.loads(url, json.dumps(located), session_factory=httpx2.Client)


def call(api: OpenAPI, method: str, path: str, **request: Any) -> Any:
    return api.createRequest((f"/api/v1{path}", method))(**request)


@pytest.mark.long
@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_a_client_from_the_document_alone_plays_a_game(api: LiveServer, type_id: str) -> None:
    document = api.client().ok("GET", "/openapi.json")
    players = [client_of(api, document) for _ in range(2)]
    for name, player in zip(("ada", "bo"), players, strict=True):
        registered = call(player, "post", "/players", data={"name": name, "email": f"{name}@x.org"})
        player.authenticate(bearer=registered.token)
    options = {"rounds": 1} if type_id == "lost-cities" else {}
    created = call(
        players[0], "post", "/games", data={"type": type_id, "options": options, "invite": ["bo"]}
    )
    game = created.game.id
    call(players[1], "post", "/games/{game_id}/join", parameters={"game_id": game}, data={})
    chance = random.Random(type_id)
    for _ in range(MOST_REQUESTS):
        seen = [
            call(player, "get", "/games/{game_id}", parameters={"game_id": game})
            for player in players
        ]
        if seen[0].game.status == "finished":
            break
        seat = chance.choice([seat for seat, view in enumerate(seen) if view.your_turn])
        view = seen[seat]
        assert view.view.root.model_dump(mode="json") == view.model_dump(mode="json")["view"]
        move = chance.choice(view.legal_moves).move.root.model_dump(mode="json", exclude_unset=True)
        call(
            players[seat],
            "post",
            "/games/{game_id}/moves",
            parameters={"game_id": game},
            data={"move": move, "expected_version": view.version},
        )
    assert seen[0].game.status == "finished"
    assert seen[0].game.result is not None
