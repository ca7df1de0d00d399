"""Long polls' shared subscription with plain threads (the web tests run it under gevent)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import redis

from server.runtime.redis_process import RedisProcess
from server.storage.redis_client import connect
from server.storage.waits import Waits
from tests.support.processes import eventually


def test_threads_waiting_on_one_channel_share_a_subscription_and_all_hear_the_change(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    waits = Waits(connect(redis_server.url))
    deadline = time.monotonic() + 30

    def wait(_: int) -> bool:
        return waits.wait("news", lambda: redis_client.exists("said") == 1, deadline)

    with ThreadPoolExecutor(20) as pool:
        heard = pool.map(wait, range(20))
        eventually(lambda: redis_client.pubsub_numsub("news") == [(b"news", 1)])
        redis_client.set("said", 1)
        redis_client.publish("news", 1)
        assert list(heard) == [True] * 20
    # Nobody waits any more: the channel is let go.
    eventually(lambda: redis_client.pubsub_numsub("news") == [(b"news", 0)])


def test_a_wait_runs_out_at_its_deadline_and_one_that_starts_after_the_end_answers_at_once(
    redis_server: RedisProcess,
) -> None:
    waits = Waits(connect(redis_server.url))
    started = time.monotonic()
    assert waits.wait("quiet", lambda: False, started + 0.3) is False
    assert time.monotonic() - started >= 0.3
    waits.end()
    assert waits.wait("quiet", lambda: False, time.monotonic() + 30) is False
