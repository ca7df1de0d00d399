"""Long polls (`GET /wait`) as scripts send them, and what a web process and Redis hold
while they wait."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import psutil
import redis
import requests

from server.runtime.web_process import WebProcess
from server.storage import keys
from tests.api_client import ApiClient, Endpoints
from tests.support.games import start_game
from tests.support.processes import eventually


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


def long_poll(
    url: str, game_id: str, token: str | None, version: int, timeout: int
) -> requests.Response:
    """`GET /wait` as a script sends it, on a connection of its own: it waits out the poll."""
    return requests.get(
        f"{url}/api/v1/games/{game_id}/wait",
        params={"version": version, "timeout": timeout},
        headers={"Authorization": f"Bearer {token}"},
        timeout=timeout + 30,
    )


def answered(url: str, game_id: str, token: str | None, version: int, timeout: int) -> Any:
    """A long poll's answer, which must be a 200."""
    answer = long_poll(url, game_id, token, version, timeout)
    assert answer.status_code == 200, answer.text
    return answer.json()


@contextmanager
def polls_held(
    web: WebProcess, game_id: str, watcher: ApiClient, version: int, count: int, timeout: int
) -> Iterator[Iterator[Any]]:
    """`count` long polls of `timeout` seconds by `watcher` on the game, from `version`, once
    the web process holds the request of each: their answers, as they come."""

    def wait(_: int) -> Any:
        return answered(web.url, game_id, watcher.token, version, timeout)

    with ThreadPoolExecutor(count) as pool:
        answers = pool.map(wait, range(count))
        eventually(lambda: requests_held(web) >= count, within=30)
        yield answers


def move_on(mover: ApiClient, game_id: str, move: str, version: int) -> None:
    mover.ok("POST", f"/games/{game_id}/moves", json={"move": move, "expected_version": version})


def waiting(redis_client: redis.Redis, client: ApiClient, polls: int = 1) -> None:
    """Until the player's polls hold their places: each is registered and about to wait."""
    place = keys.player(client.player["id"], "waits")
    eventually(lambda: redis_client.zcard(place) == polls)
