"""A second web process, for the service tests that compare what two of them answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server.runtime.redis_process import RedisProcess
from tests.parts import LiveServer, service_config


@pytest.fixture
def holding_none(redis_server: RedisProcess, api: LiveServer) -> Iterator[LiveServer]:
    """A second web process on the same Redis, which holds no game states in memory."""
    server = LiveServer(service_config(redis_server.url, held_states=0))
    yield server
    server.stop()
