"""Rate limits: per token, answered with the same JSON error shape."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

import pytest
import redis

from server.runtime.redis_process import RedisProcess
from tests.parts import LiveServer, service_config


class Limited(Protocol):
    def __call__(self, **settings: str) -> LiveServer: ...


@pytest.fixture
def limited(redis_server: RedisProcess, redis_client: redis.Redis) -> Iterator[Limited]:
    """The service with the limits a test sets (`service_config`'s settings, over the test's
    Redis), stopped after the test."""
    started: list[LiveServer] = []

    def start(**settings: str) -> LiveServer:
        started.append(LiveServer(service_config(redis_server.url, **settings)))
        return started[-1]

    yield start
    for server in started:
        server.stop()


def test_a_token_over_its_rate_gets_429(limited: Limited) -> None:
    server = limited(rate_limit="5 per minute")
    ada = server.client().register("ada")
    bo = server.client().register("bo")
    routes = ["/me", "/games", "/game-types", "/me"] * 2  # one count for all routes
    statuses = [ada.call("GET", route).status_code for route in routes]
    assert statuses[:5] == [200] * 5 and statuses[5:] == [429] * 3
    refused = ada.call("GET", "/me")
    assert refused.json()["error"]["code"] == "rate_limited"
    assert refused.json()["error"]["details"]["limit"] == "5 per 1 minute"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert bo.call("GET", "/me").status_code == 200, "limits are per token"
    uncounted = ["/health", "/health/live", "/health/ready", "/docs", "/docs/assets/index.css"]
    for path in uncounted * 3:  # the health checks and the docs page: never counted
        assert server.client().call("GET", path).status_code == 200


def test_registration_is_limited_per_address(limited: Limited) -> None:
    server = limited(registration_limit="2 per hour")
    anonymous = server.client()
    anonymous.register("ada")
    anonymous.register("bo")
    refused = anonymous.call("POST", "/players", json={"name": "cy", "email": "c@x.org"})
    assert refused.status_code == 429


def test_a_parallel_burst_gets_exactly_the_limit(limited: Limited) -> None:
    """The window is checked and counted by one script in Redis, so racing requests cannot
    slip past it together."""
    server = limited(rate_limit="10 per minute")
    ada = server.client().register("ada")
    with ThreadPoolExecutor(40) as pool:
        statuses = list(pool.map(lambda _: ada.call("GET", "/me").status_code, range(40)))
    assert sorted(statuses) == [200] * 10 + [429] * 30


def test_made_up_tokens_count_against_their_address(
    limited: Limited, redis_client: redis.Redis
) -> None:
    """A token that names no player counts as none: otherwise each made-up token would be a
    client of its own, with a fresh limit and a fresh counter in Redis."""
    server = limited(rate_limit="5 per minute")
    ada = server.client().register("ada")
    counters = set(redis_client.scan_iter(match="LIMITS:*"))
    statuses = [
        server.client(f"p_{index:016x}.made-up").call("GET", "/game-types").status_code
        for index in range(8)
    ]
    assert statuses == [200] * 4 + [429] * 4, "registering ada counted once already"
    assert len(set(redis_client.scan_iter(match="LIMITS:*")) - counters) <= 1
    assert server.client().call("GET", "/game-types").status_code == 429, "one address"
    assert ada.call("GET", "/game-types").status_code == 200, "a player counts apart"


def test_a_rotated_token_keeps_its_players_count(limited: Limited) -> None:
    server = limited(rate_limit="3 per minute")
    ada = server.client().register("ada")
    new_token = ada.ok("POST", "/me/token")["token"]  # the player's first request
    statuses = [server.client(new_token).call("GET", "/me").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
