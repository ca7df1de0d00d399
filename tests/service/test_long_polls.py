"""Long polls under gunicorn as `serve` runs it: scripts and bots wait on `GET /wait`, and with
dozens of them waiting on one web process at once, a move still gets through and wakes every one
of them, all heard on one subscription. A web process that stops answers its own long polls at
once."""

from __future__ import annotations

import signal
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psutil
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


def subscribers(channel: str, client: redis.Redis) -> int:
    """How many connections are subscribed to a game's channel: one per web process with long
    polls on the game, however many they are."""
    return int(dict(client.pubsub_numsub(channel))[channel.encode()])


def requests_held(web: WebProcess) -> int:
    """How many connections from clients the web process holds open: a request in flight each,
    and any kept alive between requests."""
    return sum(
        1
        for worker in web.workers()
        for connection in worker.net_connections(kind="tcp")
        if connection.status == psutil.CONN_ESTABLISHED and connection.laddr.port == web.port
    )


def players_of_a_new_game(url: str) -> tuple[str, ApiClient, ApiClient, int, str]:
    """A two-player game, the player to move, the other, the version and a legal move."""
    game_id, players = start_game(Endpoints(url), "lost-cities", 2, rounds=1)
    views = [player.ok("GET", f"/games/{game_id}") for player in players]
    mover, watcher = players if views[0]["your_turn"] else players[::-1]
    view = views[players.index(mover)]
    return game_id, mover, watcher, view["version"], view["legal_moves"][0]["text"]


def long_poll(url: str, game_id: str, token: str, version: int, timeout: int) -> requests.Response:
    """`GET /wait` as a script sends it, on a connection of its own: it waits out the poll."""
    return requests.get(
        f"{url}/api/v1/games/{game_id}/wait",
        params={"version": version, "timeout": timeout},
        headers={"Authorization": f"Bearer {token}"},
        timeout=timeout + 30,
    )


def answered(url: str, game_id: str, token: str, version: int, timeout: int) -> Any:
    """A long poll's answer, which must be a 200."""
    answer = long_poll(url, game_id, token, version, timeout)
    assert answer.status_code == 200, answer.text
    return answer.json()


def move_on(mover: ApiClient, game_id: str, move: str, version: int) -> None:
    mover.ok("POST", f"/games/{game_id}/moves", json={"move": move, "expected_version": version})


def test_sixty_long_polls_leave_room_for_a_move_that_wakes_them_all(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    with WebProcess(service_env(redis_server.url)) as web:  # one web process
        game_id, mover, watcher, version, move = players_of_a_new_game(web.url)

        def wait(_: int) -> Any:
            return answered(web.url, game_id, watcher.token, version, 30)

        with ThreadPoolExecutor(WAITING) as pool:
            answers = pool.map(wait, range(WAITING))
            # Each is accepted by a greenlet of its own; with a thread per request all but a few
            # would wait for a thread, and the move behind them until their waits ran out.
            eventually(lambda: requests_held(web) >= WAITING, within=30)
            channel = keys.game(game_id, "log")
            eventually(lambda: subscribers(channel, redis_client) == 1, within=30)
            move_on(mover, game_id, move, version)
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
            return answered(url, game_id, watcher.token, version, 60)

        with ThreadPoolExecutor(6) as pool:
            ending = [pool.submit(wait, stopping.url) for _ in range(3)]
            going_on = [pool.submit(wait, staying.url) for _ in range(3)]
            eventually(lambda: min(requests_held(staying), requests_held(stopping)) >= 3, within=30)
            eventually(lambda: subscribers(channel, redis_client) == 2, within=30)
            assert stopping.process is not None
            stopping.process.send_signal(signal.SIGTERM)

            ended = [future.result() for future in ending]
            assert [(answer["changed"], answer["version"]) for answer in ended] == [
                (False, version)
            ] * 3
            eventually(lambda: subscribers(channel, redis_client) == 1, within=30)
            move_on(mover, game_id, move, version)
            woken = [future.result() for future in going_on]
    assert [(answer["changed"], answer["version"]) for answer in woken] == [(True, version + 1)] * 3


def test_long_polls_hear_a_move_made_while_their_subscription_was_broken(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    with WebProcess(service_env(redis_server.url)) as web:
        game_id, mover, watcher, version, move = players_of_a_new_game(web.url)
        channel = keys.game(game_id, "log")

        def wait(_: int) -> Any:
            return answered(web.url, game_id, watcher.token, version, 30)

        with ThreadPoolExecutor(3) as pool:
            answers = pool.map(wait, range(3))
            eventually(lambda: subscribers(channel, redis_client) == 1, within=30)
            eventually(lambda: requests_held(web) >= 3, within=30)
            redis_client.client_kill_filter(_type="pubsub")
            # Made before the subscription is back: heard when it is, as a change.
            move_on(mover, game_id, move, version)
            woken = list(answers)
    assert [(answer["changed"], answer["version"]) for answer in woken] == [(True, version + 1)] * 3


ALLOWED_FILES = 256
"""Room, by `server.gunicorn_hooks`, for (256 - 64) // 3 = 64 requests at once per worker."""

UNDER_A_LIMIT = (
    "import resource, runpy, sys; "
    f"resource.setrlimit(resource.RLIMIT_NOFILE, ({ALLOWED_FILES}, {ALLOWED_FILES})); "
    "sys.argv[0] = 'gunicorn'; "
    "runpy.run_module('gunicorn', run_name='__main__', alter_sys=True)"
)


def test_a_worker_takes_no_more_requests_at_once_than_its_open_files_allow(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    """Past the limit, a request waits to be accepted rather than failing for want of a file."""
    web = WebProcess(service_env(redis_server.url))
    assert web.command[1:3] == ["-m", "gunicorn"]
    web.command = [web.command[0], "-c", UNDER_A_LIMIT, *web.command[3:]]
    with web:
        game_id, _, watcher, version, _ = players_of_a_new_game(web.url)

        def wait(_: int) -> requests.Response:
            return long_poll(web.url, game_id, watcher.token, version, 3)

        with ThreadPoolExecutor(100) as pool:
            answers = pool.map(wait, range(100))
            eventually(lambda: requests_held(web) >= 64, within=30)
            assert requests_held(web) <= 64 + 2  # and the players' connections kept alive
            statuses = [answer.status_code for answer in answers]
    assert statuses == [200] * 100
