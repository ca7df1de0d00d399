"""`kill -9` in the middle of a write load: of the Redis server (restarted from its AOF), and of
gunicorn web workers. Clients resend with the same Idempotency-Key until answered; afterwards
every move that was acknowledged is in its log exactly once, where its answer said."""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import redis

from server.runtime.redis_process import RedisProcess, free_port
from server.runtime.web_process import WebProcess
from tests.api_client import Endpoints
from tests.support.games import started_games
from tests.support.load import Load
from tests.support.processes import service_env


@pytest.fixture
def fragile_redis(tmp_path: Path) -> Iterator[RedisProcess]:
    """A Redis of the test's own (it is killed), syncing every write as the embedded one does."""
    process = RedisProcess(tmp_path / "redis", port=free_port(), appendfsync="always").start()
    yield process
    process.stop()


def test_kill_9_of_redis_loses_no_acknowledged_move(fragile_redis: RedisProcess) -> None:
    with WebProcess(service_env(fragile_redis.url)) as web:
        load = Load(started_games(Endpoints(web.url), "r"))
        threads = load.run()
        load.wait_for(40)
        fragile_redis.kill()
        time.sleep(0.3)
        restarted = RedisProcess(
            fragile_redis.directory, port=fragile_redis.port, appendfsync="always"
        ).start()
        fragile_redis.process = restarted.process  # the fixture stops whichever runs
        load.wait_for(load.total + 40)
        load.stop.set()
        for thread in threads:
            thread.join()
    assert load.interrupted > 0, "the kill met no request"
    assert 500 not in load.statuses
    load.check(redis.Redis.from_url(fragile_redis.url))


@pytest.mark.long
def test_kill_9_of_web_workers_loses_and_doubles_nothing(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    with WebProcess(service_env(redis_server.url), workers=2) as web:
        load = Load(started_games(Endpoints(web.url), "w"))
        threads = load.run()
        rnd = random.Random(3)
        for _ in range(8):
            load.wait_for(load.total + 8)
            rnd.choice(web.workers()).kill()
        load.stop.set()
        for thread in threads:
            thread.join()
    assert load.interrupted > 0, "the kills met no request"
    assert 500 not in load.statuses
    load.check(redis_client)


def test_while_redis_is_down_requests_get_503_and_health_answers(
    fragile_redis: RedisProcess,
) -> None:
    with WebProcess(service_env(fragile_redis.url)) as web:
        ada = Endpoints(web.url).client().register("ada")
        fragile_redis.kill()
        for method, path, body in (
            ("GET", "/me", None),
            ("GET", "/games", None),
            ("POST", "/games", {"type": "lost-cities"}),
            ("POST", "/players", {"name": "bo", "email": "bo@example.org"}),
        ):
            down = ada.call(method, path, json=body)
            assert down.status_code == 503, (path, down.text)
            assert down.headers["Retry-After"] == "1"
            assert down.json()["error"]["code"] == "unavailable"
        assert ada.call("GET", "/health").status_code == 200
        assert ada.call("GET", "/health/live").status_code == 200
        not_ready = ada.call("GET", "/health/ready")
        assert not_ready.status_code == 503
        assert not_ready.json()["error"]["code"] == "unavailable"


def test_readiness_answers_503_in_time_while_redis_hangs(fragile_redis: RedisProcess) -> None:
    """A Redis that accepts connections but answers nothing (stopped, here with SIGSTOP): the
    readiness probe gives up after its own second (`PROBE_SECONDS`), while a request that
    needs Redis, asked first, waits on; and it says ready again once Redis answers."""
    assert fragile_redis.process is not None
    with WebProcess(service_env(fragile_redis.url)) as web, ThreadPoolExecutor(1) as pool:
        probe = Endpoints(web.url).client()
        ada = probe.register("ada")
        assert probe.call("GET", "/health/ready").status_code == 200
        fragile_redis.process.send_signal(signal.SIGSTOP)
        try:
            asked = pool.submit(ada.call, "GET", "/games")
            hung = probe.call("GET", "/health/ready")
            assert not asked.done(), "the probe answers before what waits on Redis"
            assert hung.status_code == 503, hung.text
            assert hung.json()["error"]["details"] == {"cause": "TimeoutError"}
        finally:
            fragile_redis.process.send_signal(signal.SIGCONT)
        assert asked.result().status_code == 200
        assert probe.call("GET", "/health/ready").status_code == 200
