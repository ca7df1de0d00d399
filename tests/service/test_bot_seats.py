"""Bots take seats at a game's creation, over real HTTP: how their seats look to the players,
that the seed still takes a contribution for every seat, that a game with a bot is unrated, and
every request about bots that is refused changing nothing. (The bots' moves are the worker's:
tests/notify/test_bot_turns.py.)"""

from __future__ import annotations

import secrets
from typing import Any

import redis

from server.storage import keys
from shared.bots import LEVELS
from shared.fairness import derived_seed, server_contribution
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import sha256_of_hex
from tests.support.games import finish


def create(player: ApiClient, type_id: str, bots: object, **more: Any) -> Any:
    return player.call("POST", "/games", json={"type": type_id, "bots": bots, **more})


def test_a_game_whose_other_seats_are_bots_starts_at_once_and_is_unrated(api: LiveServer) -> None:
    ada = api.client().register("ada")
    given = secrets.token_hex(32)
    answer = create(ada, "lost-cities", ["search"], contribution=given)
    assert answer.status_code == 201, answer.text
    game = answer.json()["game"]
    assert game["status"] == "active" and game["rated"] is False
    assert game["seats"] == [
        {"seat": 0, "name": "ada", "joined": True, "bot": None, "bot_account": False},
        {"seat": 1, "name": "bot (search)", "joined": True, "bot": "search", "bot_account": False},
    ]
    assert [c["made_by"] for c in game["contributions"]] == ["player", "server"]
    assert game["contributions"][0]["value"] == given
    assert game["seed_sha256"] and game["seed"] is None  # made, and hidden until the end

    over = finish(game["id"], ada)  # the secret revealed: the bot's contribution was the server's
    secret = over["secret"]
    assert sha256_of_hex(secret) == over["secret_sha256"]
    assert over["contributions"][1]["value"] == server_contribution(secret, 1)
    assert over["seed"] == derived_seed(secret, [given, server_contribution(secret, 1)])
    listed = ada.ok("GET", "/games")["games"]
    assert [g["seats"][1]["bot"] for g in listed] == ["search"]


def test_bots_beside_invited_players_wait_for_them_and_are_told_apart(api: LiveServer) -> None:
    ada, bo, cy = (api.client().register(name) for name in ("ada", "bo", "cy"))
    created = create(ada, "livingstone", ["quick", "random"], invite=["bo"], seats=5)
    assert created.status_code == 201, created.text
    game = created.json()["game"]
    assert game["status"] == "open" and game["seed_sha256"] is None
    assert [(s["name"], s["joined"], s["bot"]) for s in game["seats"]] == [
        ("ada", True, None),
        ("bo", False, None),
        ("bot 1 (quick)", True, "quick"),
        ("bot 2 (random)", True, "random"),
        (None, False, None),
    ]
    assert [c and c["made_by"] for c in game["contributions"]] == [
        "server",  # ada sent none
        None,
        "server",
        "server",
        None,
    ]
    joined = cy.ok("POST", f"/games/{game['id']}/join")  # the open seat, not a bot's
    assert joined["seat"] == 4 and joined["game"]["status"] == "open"
    started = bo.ok("POST", f"/games/{game['id']}/join")["game"]
    assert started["status"] == "active" and started["rated"] is False
    assert all(c is not None for c in started["contributions"])
    types = {t["id"]: t["bots"] for t in ada.ok("GET", "/game-types")}
    assert types == {
        "livingstone": list(LEVELS),
        "lost-cities": list(LEVELS),
        "lost-cities-dice": list(LEVELS),
    }


def test_a_person_cannot_move_for_a_bot(api: LiveServer) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    created = create(ada, "lost-cities", ["quick"], options={"first_player": 1})
    game_id = created.json()["game"]["id"]
    view = ada.ok("GET", f"/games/{game_id}")
    assert view["to_act"] == [1] and view["legal_moves"] == []
    move = {"move": "play R7 draw deck", "expected_version": 0}
    mine = ada.call("POST", f"/games/{game_id}/moves", json=move)
    assert mine.status_code == 422
    assert mine.json()["error"]["code"] == "not_your_turn"
    assert mine.json()["error"]["message"] == "it is bot (quick)'s turn, not ada's"
    outsider = bo.call("POST", f"/games/{game_id}/moves", json=move)
    assert outsider.status_code == 403 and outsider.json()["error"]["code"] == "forbidden"
    assert bo.call("POST", f"/games/{game_id}/join").json()["error"]["code"] == "game_started"
    assert ada.ok("GET", f"/games/{game_id}")["version"] == 0


def test_requests_for_bots_that_cannot_be_are_refused_and_change_nothing(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    ada = api.client().register("ada")
    api.client().register("bo")
    refused: list[tuple[str, object, dict[str, Any], str]] = [
        ("lost-cities", ["genius"], {}, "unknown_bot_level"),
        ("lost-cities", ["Search"], {}, "unknown_bot_level"),
        ("chess", ["quick"], {}, "unknown_game_type"),
        ("lost-cities", ["quick", "quick"], {}, "too_many_bots"),
        ("lost-cities", ["quick"], {"seats": 2, "invite": ["bo"]}, "too_many_bots"),
        ("livingstone", ["quick"] * 5, {}, "too_many_bots"),
        ("lost-cities", "quick", {}, "invalid_request"),
        ("lost-cities", [7], {}, "invalid_request"),
        ("lost-cities", ["quick"] * 10, {"seats": 10}, "invalid_request"),
        (
            "lost-cities",
            ["quick"],
            {"options": {"move_time": "1h", "on_timeout": "bot:genius"}},
            "invalid_request",
        ),
    ]
    for type_id, bots, more, code in refused:
        answer = create(ada, type_id, bots, **more)
        assert answer.status_code == 400, (bots, more, answer.text)
        error = answer.json()["error"]
        assert error["code"] == code, (bots, more, error)
        assert error["message"]
    assert ada.ok("GET", "/games")["games"] == []
    assert list(redis_client.scan_iter(keys.game("*", "meta"))) == []
