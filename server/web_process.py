"""The API under gunicorn in a process of its own: `turnpost-server serve`, and the tests and
benchmarks that need real web processes (several of them, or ones they can kill) start it here."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import psutil
import requests

from server.redis_process import free_port, stop_process


def gunicorn_command(bind: str, workers: int, threads: int, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "server.app:create_app()",
        "--bind",
        bind,
        "--workers",
        str(workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
        *extra,
    ]


class WebProcess:
    """gunicorn serving turnpost on a free loopback port, configured by `env` (REDIS_URL...)."""

    def __init__(self, env: dict[str, str], *, workers: int = 1, threads: int = 4) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.command = gunicorn_command(
            f"127.0.0.1:{self.port}", workers, threads, "--log-level", "warning"
        )
        self.env = {**os.environ, **env}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> WebProcess:
        self.process = subprocess.Popen(self.command, env=self.env)
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
