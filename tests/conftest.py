"""Fixtures every folder of service tests uses: a redis-server on a free port (one per test
worker), the API served over real HTTP on loopback, an SMTP server that keeps what it receives.
Their parts are imported when a fixture is first asked for (`tests.parts`), so the engines'
tests run with none of the server's stack installed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    import redis
    from aiosmtpd.controller import Controller

    from server.runtime.redis_process import RedisProcess
    from tests.parts import LiveServer, SmtpInbox


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisProcess]:
    from server.runtime.redis_process import RedisProcess, free_port

    process = RedisProcess(Path(tmp_path_factory.mktemp("redis")), port=free_port())
    with process:
        yield process


@pytest.fixture
def redis_client(redis_server: RedisProcess) -> Iterator[redis.Redis]:
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture(scope="session")
def live_server(redis_server: RedisProcess) -> Iterator[LiveServer]:
    from tests.parts import LiveServer, service_config

    server = LiveServer(service_config(redis_server.url))
    yield server
    server.stop()


@pytest.fixture
def api(live_server: LiveServer, redis_client: redis.Redis) -> LiveServer:
    """The live server over an empty Redis."""
    return live_server


@pytest.fixture
def smtp_server() -> Iterator[tuple[Controller, SmtpInbox]]:
    """A real SMTP server on a free loopback port; `inbox.received` is what reached it."""
    from tests.parts import SmtpInbox, smtp_serving

    inbox = SmtpInbox()
    with smtp_serving(inbox) as controller:
        yield controller, inbox
