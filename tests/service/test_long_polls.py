"""Long polls under gunicorn as `serve` runs it: scripts and bots wait on `GET /wait`, and with
dozens of them waiting on one web process at once, a move still gets through and wakes every one
of them, all heard on one subscription. A web process that stops answers its own long polls at
once."""

from __future__ import annotations

import signal
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import redis
import requests

from server.runtime.redis_process import RedisProcess
from server.runtime.web_process import WebProcess
from server.storage import keys
from tests.api_client import Endpoints
from tests.support.games import start_game
from tests.support.polls import (
    answered,
    long_poll,
    move_on,
    players_of_a_new_game,
    polls_held,
    requests_held,
    subscribers,
)
from tests.support.processes import eventually, service_env

WAITING = 60
"""Many times the threads a web process would have if each request took one."""


def polls_env(redis_url: str, per_player: int) -> dict[str, str]:
    """Web processes of their own, each player allowed `per_player` long polls at once."""
    return {**service_env(redis_url), "TURNPOST_WAITS_PER_PLAYER": str(per_player)}


def test_sixty_long_polls_leave_room_for_a_move_that_wakes_them_all(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    with WebProcess(polls_env(redis_server.url, WAITING)) as web:  # one web process
        game_id, mover, watcher, version, move = players_of_a_new_game(web.url)
        # Each is accepted by a greenlet of its own; with a thread per request all but a few
        # would wait for a thread, and the move behind them until their waits ran out.
        with polls_held(web, game_id, watcher, version, WAITING, 30) as answers:
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
"""Room, by `server.runtime.gunicorn_hooks`, for (256 - 64) // 3 = 64 requests at once per
worker."""

UNDER_A_LIMIT = (
    "import resource, runpy, sys; "
    f"resource.setrlimit(resource.RLIMIT_NOFILE, ({ALLOWED_FILES}, {ALLOWED_FILES})); "
    "sys.argv[0] = 'gunicorn'; "
    "runpy.run_module('gunicorn', run_name='__main__', alter_sys=True)"
)


def test_a_worker_takes_no_more_requests_at_once_than_its_open_files_allow(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    """Past the limit, a request waits to be accepted rather than failing for want of a file
    (under `ulimit -n 1024`, a thousand long polls had failed with 500s). Of the 64 requests it
    takes at once, long polls may hold 48; one more is told to come back (503 `busy`)."""
    web = WebProcess(polls_env(redis_server.url, 100))
    assert web.command[1:3] == ["-m", "gunicorn"]
    web.command = [web.command[0], "-c", UNDER_A_LIMIT, *web.command[3:]]
    with web:
        game_id, _, watcher, version, _ = players_of_a_new_game(web.url)

        def wait(_: int) -> requests.Response:
            return long_poll(web.url, game_id, watcher.token, version, 5)

        with ThreadPoolExecutor(100) as pool:
            answers = pool.map(wait, range(100))
            held = [requests_held(web) for _ in range(20)]
            eventually(lambda: requests_held(web) >= 48, within=30)
            statuses = [answer.status_code for answer in answers]
    assert max(held) <= 64 + 2  # and the players' connections kept alive
    assert set(statuses) <= {200, 503} and statuses.count(200) >= 48, statuses


def test_a_player_holds_only_so_many_long_polls_across_web_processes(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    env = polls_env(redis_server.url, 3)
    with WebProcess(env) as one, WebProcess(env) as other:
        game_id, mover, watcher, version, move = players_of_a_new_game(one.url)

        def wait(url: str) -> requests.Response:
            return long_poll(url, game_id, watcher.token, version, 30)

        with ThreadPoolExecutor(3) as pool:
            waiting = [pool.submit(wait, url) for url in (one.url, one.url, other.url)]
            eventually(lambda: requests_held(one) >= 2 and requests_held(other) >= 1, within=30)
            eventually(lambda: redis_client.zcard(keys.player(watcher.player["id"], "waits")) == 3)
            for url in (one.url, other.url):
                over = long_poll(url, game_id, watcher.token, version, 30)
                assert over.status_code == 429, over.text
                assert over.json()["error"]["code"] == "too_many_waits"
                assert 30 <= int(over.headers["Retry-After"]) <= 40
            # Another player's polls are theirs; a poll with nothing to wait for takes no place.
            assert long_poll(one.url, game_id, mover.token, version, 1).status_code == 200
            assert long_poll(one.url, game_id, watcher.token, version, 0).status_code == 200
            move_on(mover, game_id, move, version)
            assert [future.result().status_code for future in waiting] == [200] * 3
        assert long_poll(other.url, game_id, watcher.token, version + 1, 1).status_code == 200


@pytest.mark.long
def test_the_places_of_a_killed_workers_long_polls_end_with_their_deadline(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    with WebProcess(polls_env(redis_server.url, 2)) as web:
        game_id, _, watcher, version, _ = players_of_a_new_game(web.url)

        def wait(_: int) -> int:
            try:
                return long_poll(web.url, game_id, watcher.token, version, 10).status_code
            except requests.ConnectionError:
                return 0  # cut off with its worker

        with ThreadPoolExecutor(2) as pool:
            cut = pool.map(wait, range(2))
            eventually(lambda: redis_client.zcard(keys.player(watcher.player["id"], "waits")) == 2)
            for worker in web.workers():
                worker.kill()
            assert list(cut) == [0, 0]
        refused = long_poll(web.url, game_id, watcher.token, version, 1)  # a new worker's
        assert refused.status_code == 429, "the killed polls' places are held until they end"
        eventually(lambda: long_poll(web.url, game_id, watcher.token, version, 1).ok, within=30)


def test_long_polls_leave_room_for_views_and_moves(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    """Four players with fifteen long polls each, on a worker serving 40 requests at once: 30 of
    the polls wait, the others are told to come back (503 `busy`), and a game's view still
    answers at once. (With every request held by a poll, it waited for one to end.)"""
    with WebProcess(polls_env(redis_server.url, 15), connections=40) as web:
        games = [
            start_game(Endpoints(web.url), "lost-cities", 2, names, rounds=1)
            for names in (["ada", "bo"], ["cy", "di"])
        ]
        players = [(game_id, player) for game_id, pair in games for player in pair]
        versions = {
            game_id: pair[0].ok("GET", f"/games/{game_id}")["version"] for game_id, pair in games
        }

        def wait(index: int) -> requests.Response:
            game_id, player = players[index % 4]
            return long_poll(web.url, game_id, player.token, versions[game_id], 30)

        with ThreadPoolExecutor(60) as pool:
            answers = [pool.submit(wait, index) for index in range(60)]
            eventually(lambda: sum(answer.done() for answer in answers) == 30, within=30)
            game_id, player = players[0]
            assert player.call("GET", f"/games/{game_id}").status_code == 200
            # at once: while every poll that waits still waits (none ends before the move)
            assert sum(answer.done() for answer in answers) == 30
            for game_id, pair in games:
                views = [p.ok("GET", f"/games/{game_id}") for p in pair]
                mover = pair[0] if views[0]["your_turn"] else pair[1]
                view = views[pair.index(mover)]
                move_on(mover, game_id, view["legal_moves"][0]["text"], view["version"])
            answered = [answer.result() for answer in answers]
    statuses = sorted(answer.status_code for answer in answered)
    assert statuses == [200] * 30 + [503] * 30, statuses
    busy = next(answer for answer in answered if answer.status_code == 503)
    assert busy.json()["error"]["code"] == "busy" and int(busy.headers["Retry-After"]) > 0
