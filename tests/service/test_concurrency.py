"""Many clients at once: exactly one move per version, and idempotent retries apply once."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import redis

from tests.api_client import ApiClient
from tests.conftest import LiveServer
from tests.service.test_games import log_length, start_game

RACERS = 50


def test_racing_moves_on_one_version_apply_exactly_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    rnd = random.Random(11)
    for _ in range(6):
        views = [c.ok("GET", f"/games/{game_id}") for c in clients]
        seat = 0 if views[0]["your_turn"] else 1
        view = views[seat]
        moves = [rnd.choice(view["legal_moves"])["text"] for _ in range(RACERS)]
        mover = clients[seat]

        def send(text: str, version: int = view["version"], mover: ApiClient = mover) -> int:
            body = {"move": text, "expected_version": version}
            return mover.call("POST", f"/games/{game_id}/moves", json=body).status_code

        with ThreadPoolExecutor(RACERS) as pool:
            statuses = list(pool.map(send, moves))
        assert statuses.count(200) == 1, statuses
        assert statuses.count(409) == RACERS - 1
        assert log_length(redis_client, game_id) == view["version"] + 1
    log = clients[0].ok("GET", f"/games/{game_id}/log")["entries"]
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))


def test_racing_retries_of_one_request_apply_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    views = [c.ok("GET", f"/games/{game_id}") for c in clients]
    seat = 0 if views[0]["your_turn"] else 1
    body = {"move": views[seat]["legal_moves"][0]["text"], "expected_version": 0}

    def retry(_: int) -> dict[str, object]:
        response = clients[seat].call(
            "POST", f"/games/{game_id}/moves", json=body, headers={"Idempotency-Key": "k1"}
        )
        assert response.status_code == 200, response.text
        return response.json()

    with ThreadPoolExecutor(RACERS) as pool:
        answers = list(pool.map(retry, range(RACERS)))
    assert all(answer == answers[0] for answer in answers)
    assert log_length(redis_client, game_id) == 1
