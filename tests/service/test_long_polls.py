"""Long polls under gunicorn as `serve` runs it: scripts and bots wait on `GET /wait`, and with
dozens of them waiting on one web process at once, a move still gets through and wakes every one
of them. A web process that stops answers its own long polls at once."""

from __future__ import annotations

import signal
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import redis
import requests

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


def players_of_a_new_game(url: str) -> tuple[str, ApiClient, ApiClient, int, str]:
    """A two-player game, the player to move, the other, the version and a legal move."""
    game_id, players = start_game(Endpoints(url), "lost-cities", 2, rounds=1)
    views = [player.ok("GET", f"/games/{game_id}") for player in players]
    mover, watcher = players if views[0]["your_turn"] else players[::-1]
    view = views[players.index(mover)]
    return game_id, mover, watcher, view["version"], view["legal_moves"][0]["text"]


def test_sixty_long_polls_leave_room_for_a_move_that_wakes_them_all(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    with WebProcess(service_env(redis_server.url)) as web:  # one web process
        game_id, mover, watcher, version, move = players_of_a_new_game(web.url)

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


def test_a_web_process_that_stops_answers_its_own_long_polls_and_no_others(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    env = service_env(redis_server.url)
    with WebProcess(env) as staying, WebProcess(env) as stopping:
        game_id, mover, watcher, version, move = players_of_a_new_game(staying.url)
        channel = keys.game(game_id, "log")

        def wait(url: str) -> Any:
            # Longer than gunicorn lets a stopping worker finish its requests (30 s): cut off
            # there, the wait would get no answer at all.
            answer = requests.get(
                f"{url}/api/v1/games/{game_id}/wait",
                params={"version": version, "timeout": 60},
                headers={"Authorization": f"Bearer {watcher.token}"},
                timeout=90,
            )
            assert answer.status_code == 200, answer.text
            return answer.json()

        with ThreadPoolExecutor(6) as pool:
            ending = [pool.submit(wait, stopping.url) for _ in range(3)]
            going_on = [pool.submit(wait, staying.url) for _ in range(3)]
            eventually(lambda: waiting_on(channel, redis_client) == 6, within=30)
            assert stopping.process is not None
            stopping.process.send_signal(signal.SIGTERM)

            ended = [future.result() for future in ending]
            assert [(answer["changed"], answer["version"]) for answer in ended] == [
                (False, version)
            ] * 3
            eventually(lambda: waiting_on(channel, redis_client) == 3, within=30)
            mover.ok(
                "POST", f"/games/{game_id}/moves", json={"move": move, "expected_version": version}
            )
            woken = [future.result() for future in going_on]
    assert [(answer["changed"], answer["version"]) for answer in woken] == [(True, version + 1)] * 3
