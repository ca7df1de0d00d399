"""Before and after a game: cancelling, declining, private and full tables, and rematches, each
refusal clear and changing nothing."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import redis

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.service.test_games import start_game
from tests.service.test_hostile import stored


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code, response.text


def invite(api: LiveServer, *names: str) -> tuple[list[ApiClient], str]:
    clients = [api.client().register(name) for name in names]
    body = {"type": "lost-cities-dice", "invite": list(names[1:])}
    return clients, clients[0].ok("POST", "/games", json=body)["game"]["id"]


def test_an_open_game_is_cancelled_by_its_creator_and_declined_by_an_invitee(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    (ada, bo, cy), game_id = invite(api, "ada", "bo", "cy")
    eve = api.client().register("eve")
    before = stored(redis_client)
    refused(bo.call("POST", f"/games/{game_id}/resign"), 409, "game_not_started")
    assert "creator can cancel" in bo.call("POST", f"/games/{game_id}/resign").text
    refused(bo.call("POST", f"/games/{game_id}/cancel"), 403, "not_creator")
    refused(eve.call("POST", f"/games/{game_id}/cancel"), 403, "forbidden")
    refused(eve.call("POST", f"/games/{game_id}/decline"), 403, "forbidden")
    refused(eve.call("POST", f"/games/{game_id}/join"), 403, "not_invited")  # a private table
    assert stored(redis_client) == before

    declined = cy.ok("POST", f"/games/{game_id}/decline")
    assert declined["game"]["seats"][2] == {"seat": 2, "name": None, "joined": False, "bot": None}
    assert game_id not in [g["id"] for g in cy.ok("GET", "/games")["games"]]
    refused(cy.call("POST", f"/games/{game_id}/decline"), 403, "forbidden")
    bo.ok("POST", f"/games/{game_id}/join")
    refused(bo.call("POST", f"/games/{game_id}/decline"), 409, "already_joined")

    cancelled = ada.ok("POST", f"/games/{game_id}/cancel")
    assert cancelled["game"]["status"] == "cancelled"
    before = stored(redis_client)
    refused(eve.call("POST", f"/games/{game_id}/join"), 409, "game_cancelled")
    refused(ada.call("POST", f"/games/{game_id}/cancel"), 409, "game_cancelled")
    refused(
        bo.call("POST", f"/games/{game_id}/moves", json={"move": "x", "expected_version": 0}),
        409,
        "game_cancelled",
    )
    assert stored(redis_client) == before
    assert [g["status"] for g in bo.ok("GET", "/games")["games"]] == ["cancelled"]


def test_a_started_game_is_neither_cancelled_nor_joined(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, _) = start_game(api, "lost-cities", rounds=1)
    eve = api.client().register("eve")
    before = stored(redis_client)
    refused(ada.call("POST", f"/games/{game_id}/cancel"), 409, "game_started")
    refused(eve.call("POST", f"/games/{game_id}/join"), 409, "game_started")
    assert stored(redis_client) == before


def test_a_rematch_seats_the_same_players_one_further_round_and_is_made_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, stall_limit=9)
    eve = api.client().register("eve")
    before = stored(redis_client)
    refused(ada.call("POST", f"/games/{game_id}/rematch"), 409, "not_finished")
    refused(eve.call("POST", f"/games/{game_id}/rematch"), 403, "forbidden")
    assert stored(redis_client) == before
    ada.ok("POST", f"/games/{game_id}/resign")
    refused(eve.call("POST", f"/games/{game_id}/rematch"), 403, "forbidden")

    with ThreadPoolExecutor(4) as pool:  # bo asks four times at once: one game
        asked = list(pool.map(lambda _: bo.ok("POST", f"/games/{game_id}/rematch"), range(4)))
    (next_id,) = {answer["game"]["id"] for answer in asked}
    game = asked[0]["game"]
    assert game["type"] == "lost-cities" and game["options"]["stall_limit"] == 9
    assert [(s["name"], s["joined"]) for s in game["seats"]] == [("bo", True), ("ada", False)]
    assert bo.ok("GET", f"/games/{game_id}")["game"]["rematch"] == next_id
    assert next_id in [g["id"] for g in ada.ok("GET", "/games?mine=waiting")["games"]]

    joined = ada.ok("POST", f"/games/{game_id}/rematch")  # asking again joins it
    assert joined["game"]["id"] == next_id and joined["game"]["status"] == "active"
    assert joined["seat"] == 1
    assert ada.ok("POST", f"/games/{game_id}/rematch")["game"]["id"] == next_id
    assert len(ada.ok("GET", "/games")["games"]) == 2
