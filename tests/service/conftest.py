"""A second web process, for the service tests that compare what two of them answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from server.runtime.redis_process import RedisProcess
from tests.parts import LiveServer, service_config


@pytest.fixture
def holding_none(redis_server: RedisProcess, api: LiveServer) -> Iterator[LiveServer]:
    """A second web process on the same Redis, which holds no game states in memory."""
    server = LiveServer(service_config(redis_server.url, cached_states=0))
    yield server
    server.stop()


@pytest.fixture
def at_once(redis_server: RedisProcess, redis_client: redis.Redis) -> Iterator[LiveServer]:
    """The API over an empty Redis, its long polls answering at once (`max_wait_seconds=0`):
    a fuzzer's long timeout, or a number wrongly taken for one, costs no wait."""
    server = LiveServer(service_config(redis_server.url, max_wait_seconds=0))
    yield server
    server.stop()
