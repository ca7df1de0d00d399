"""Redis Sentinel: the service finds the master through Sentinel and follows it through a
failover in the middle of a write load, losing and doubling nothing. Replication is
asynchronous, so a move is answered only once the replica has it (TURNPOST_WAIT_REPLICAS):
without that, the old master goes on answering moves the promoted replica never sees. Reads
through a connection to the old master may lag for a moment, so a move may meet a 409; the
client looks again, as any client does."""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path

import pytest
import redis

from server.runtime.redis_process import RedisProcess, free_port
from server.runtime.web_process import WebProcess
from tests.api_client import Endpoints
from tests.support.games import started_games
from tests.support.load import Load
from tests.support.processes import service_env

NAME = "turnpost"


class SentinelProcess(RedisProcess):
    """A redis-server in Sentinel mode, watching `master` under NAME. Sentinel insists on a
    config file of its own (it writes what it learns there), so its directives go in one."""

    def __init__(self, directory: Path, master: RedisProcess) -> None:
        super().__init__(directory, port=free_port())
        self.master = master

    @cached_property
    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def command(self) -> list[str]:
        config = self.directory / "sentinel.conf"
        config.write_text(
            f"sentinel monitor {NAME} 127.0.0.1 {self.master.port} 1\n"
            f"sentinel down-after-milliseconds {NAME} 2000\n"
            f"sentinel failover-timeout {NAME} 10000\n"
        )
        binary, *settings = super().command()
        return [binary, str(config), "--sentinel", *settings]

    def master_port(self) -> int:
        address = self.client.sentinel_get_master_addr_by_name(NAME)
        assert isinstance(address, tuple), address
        return int(address[1])

    def stop(self) -> None:
        self.client.close()
        super().stop()


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[tuple[RedisProcess, RedisProcess, SentinelProcess]]:
    master = RedisProcess(tmp_path / "master", port=free_port()).start()
    replica = RedisProcess(tmp_path / "replica", port=free_port()).start()
    redis.Redis.from_url(replica.url).replicaof("127.0.0.1", master.port)
    sentinel = SentinelProcess(tmp_path / "sentinel", master).start()
    try:
        yield master, replica, sentinel
    finally:
        sentinel.stop()
        replica.stop()
        master.stop()


@pytest.mark.long
def test_a_failover_in_the_middle_of_a_write_load(
    watched: tuple[RedisProcess, RedisProcess, SentinelProcess],
) -> None:
    _, replica, sentinel = watched
    deadline = time.monotonic() + 20
    while redis.Redis.from_url(replica.url).info("replication")["master_link_status"] != "up":
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
    load.check(redis.Redis.from_url(replica.url))
