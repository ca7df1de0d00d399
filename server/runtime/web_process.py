"""The API under gunicorn in a process of its own: `turnpost-server serve`, and the tests and
benchmarks that need real web processes (several of them, or ones they can kill) start it here."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import psutil
import requests

from server.runtime.processes import start_process, stop_process
from server.runtime.redis_process import free_port

CONNECTIONS = 1000
"""Requests a web process serves at once (gunicorn's default for its async workers), long polls
included, if the open files allowed leave room for them (`server.runtime.gunicorn_hooks`)."""


def gunicorn_command(bind: str, workers: int, connections: int, *extra: str) -> list[str]:
    """gevent workers: a request waiting on Redis, or a long poll waiting for a move, holds a
    greenlet rather than a thread, so each worker serves `connections` requests at once,
    however many of them are long polls. With a thread per request, a few waiting scripts would
    take every thread, and the requests behind them, moves too, would queue until a wait timed
    out (`tests/service/test_long_polls.py`). The hooks end long polls when a worker stops
    (`server.runtime.gunicorn_hooks`)."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "server.runtime.app:create_app()",
        "--config",
        "python:server.runtime.gunicorn_hooks",
        "--bind",
        bind,
        "--workers",
        str(workers),
        "--worker-class",
        "gevent",
        "--worker-connections",
        str(connections),
        *extra,
    ]


class WebProcess:
    """gunicorn serving turnpost on a free loopback port, configured by `env` (REDIS_URL...)."""

    def __init__(
        self, env: dict[str, str], *, workers: int = 1, connections: int = CONNECTIONS
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.command = gunicorn_command(
            f"127.0.0.1:{self.port}", workers, connections, "--log-level", "warning"
        )
        self.env = {**os.environ, **env}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> WebProcess:
        self.process = start_process(self.command, env=self.env)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(f"{self.url}/api/v1/health", timeout=5).ok:
                    return self
            except requests.RequestException:
                pass  # not listening yet, or still importing the app
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the web process did not start")
            time.sleep(0.05)

    def workers(self) -> list[psutil.Process]:
        """gunicorn's worker processes (the master restarts any that die)."""
        assert self.process is not None
        return list(psutil.Process(self.process.pid).children())

    def stop(self) -> None:
        stop_process(self.process)

    def __enter__(self) -> WebProcess:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()
