"""Long polls under gunicorn as `serve` runs it: scripts and bots wait on `GET /wait`, and with
dozens of them waiting on one web process at once, a move still gets through and wakes every one
of them."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import redis

from server import keys
from server.redis_process import RedisProcess
from server.web_process import WebProcess
from tests.api_client import ApiClient, Endpoints
from tests.faults.test_kills import service_env
from tests.service.test_games import start_game
from tests.service.test_serve import eventually

WAITING = 60
"""Many times the threads a web process would have if each request took one."""


def waiting_on(channel: str, client: redis.Redis) -> int:
    """How many long polls are subscribed to a game's channel (each one subscribes, then looks)."""
    return int(dict(client.pubsub_numsub(channel))[channel.encode()])


def test_sixty_long_polls_leave_room_for_a_move_that_wakes_them_all(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    with WebProcess(service_env(redis_server.url)) as web:  # one web process
        game_id, players = start_game(Endpoints(web.url), "lost-cities", 2, rounds=1)
        views = [player.ok("GET", f"/games/{game_id}") for player in players]
        mover, watcher = players if views[0]["your_turn"] else players[::-1]
        view = views[players.index(mover)]
        version, move = view["version"], view["legal_moves"][0]["text"]

        def wait(_: int) -> Any:
            client = ApiClient(web.url, watcher.token)  # a session of its own per thread
            return client.ok("GET", f"/games/{game_id}/wait?version={version}&timeout=30")

        with ThreadPoolExecutor(WAITING) as pool:
            answers = pool.map(wait, range(WAITING))
            channel = keys.game(game_id, "log")
            # With a thread per request, most of them never get this far: they queue.
            eventually(lambda: waiting_on(channel, redis_client) == WAITING, within=30)
            mover.ok(
                "POST", f"/games/{game_id}/moves", json={"move": move, "expected_version": version}
            )
            woken = list(answers)
    assert [answer["changed"] for answer in woken] == [True] * WAITING
    assert {answer["version"] for answer in woken} == {version + 1}
