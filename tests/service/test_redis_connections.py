"""A pooled connection is lent out only when nothing is left to read on it, whichever poll answers
the question (`server.storage.redis_client.QuickReadinessParser`). Over a unix socket, as `serve`
reaches its Redis: over TCP, redis-py 8.1 polls too but lends the connection whatever the answer,
while its maintenance notifications are left at "auto"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.runtime.redis_process import RedisProcess
from server.storage.redis_client import QuickReadinessParser, connect_server


@pytest.fixture(scope="module")
def socket_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisProcess]:
    with RedisProcess(Path(tmp_path_factory.mktemp("socket-redis"))) as process:
        yield process


def test_a_connection_left_holding_a_reply_is_not_lent_again(socket_redis: RedisProcess) -> None:
    client = connect_server(socket_redis.url)
    client.set("greeting", "hello")
    pool = client.connection_pool
    connection = pool.get_connection()
    assert isinstance(connection._parser, QuickReadinessParser)
    connection.send_command("PING")
    assert connection.can_read(timeout=30)  # the unread PONG has arrived
    pool.release(connection)

    assert client.get("greeting") == b"hello"
    client.close()


def test_a_connection_the_server_closed_is_opened_again(socket_redis: RedisProcess) -> None:
    client = connect_server(socket_redis.url)
    killed = client.client_id()
    connect_server(socket_redis.url).client_kill_filter(_id=str(killed))

    assert client.ping()
    assert client.client_id() != killed
    client.close()
