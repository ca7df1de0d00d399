"""Redis Sentinel: the service finds the master through Sentinel and follows it through a
failover in the middle of a write load, losing and doubling nothing. Replication is
asynchronous, so a move is answered only once the replica has it (TURNPOST_WAIT_REPLICAS):
without that, the old master goes on answering moves the promoted replica never sees. Reads
through a connection to the old master may lag for a moment, so a move may meet a 409; the
client looks again, as any client does."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from server.redis_process import RedisProcess, free_port, redis_server_binary, stop_process
from server.web_process import WebProcess
from tests.api_client import Endpoints
from tests.faults.load import Load
from tests.faults.test_kills import service_env, started_games

NAME = "turnpost"


class SentinelProcess:
    """One redis-server in Sentinel mode, watching `master` under NAME."""

    def __init__(self, directory: Path, master: RedisProcess) -> None:
        directory.mkdir(parents=True)
        self.port = free_port()
        config = directory / "sentinel.conf"
        config.write_text(
            f"port {self.port}\nbind 127.0.0.1\ndir {directory}\n"
            f"logfile {directory / 'sentinel.log'}\n"
            f"sentinel monitor {NAME} 127.0.0.1 {master.port} 1\n"
            f"sentinel down-after-milliseconds {NAME} 2000\n"
            f"sentinel failover-timeout {NAME} 10000\n"
        )
        self.process = subprocess.Popen(
            [redis_server_binary(), str(config), "--sentinel"], stdout=subprocess.DEVNULL
        )
        self.client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                self.client.ping()
                return
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "Sentinel did not start"
                time.sleep(0.05)

    def master_port(self) -> int:
        return int(self.client.sentinel_get_master_addr_by_name(NAME)[1])

    def stop(self) -> None:
        self.client.close()
        stop_process(self.process)


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[tuple[RedisProcess, RedisProcess, SentinelProcess]]:
    master = RedisProcess(tmp_path / "master", port=free_port()).start()
    replica = RedisProcess(tmp_path / "replica", port=free_port()).start()
    redis.Redis(port=replica.port).replicaof("127.0.0.1", master.port)
    sentinel = SentinelProcess(tmp_path / "sentinel", master)
    try:
        yield master, replica, sentinel
    finally:
        sentinel.stop()
        replica.stop()
        master.stop()


def test_a_failover_in_the_middle_of_a_write_load(
    watched: tuple[RedisProcess, RedisProcess, SentinelProcess],
) -> None:
    _, replica, sentinel = watched
    deadline = time.monotonic() + 20
    while redis.Redis(port=replica.port).info("replication")["master_link_status"] != "up":
        assert time.monotonic() < deadline, "the replica did not connect"
        time.sleep(0.05)
    url = f"redis+sentinel://127.0.0.1:{sentinel.port}/{NAME}"
    with WebProcess({**service_env(url), "TURNPOST_WAIT_REPLICAS": "1"}) as web:
        load = Load(started_games(Endpoints(web.url), "s"), stale_reads=True)
        threads = load.run()
        load.wait_for(30)
        sentinel.client.sentinel_failover(NAME)
        while sentinel.master_port() != replica.port:
            assert time.monotonic() < deadline + 30, "no failover"
            time.sleep(0.05)
        load.wait_for(load.total + 30)
        load.stop.set()
        for thread in threads:
            thread.join()
    assert 500 not in load.statuses
    load.check(redis.Redis(port=replica.port))
