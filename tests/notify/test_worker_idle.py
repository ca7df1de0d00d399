"""A real worker process left idle keeps its blocking wait for jobs: redis-py's default socket
timeout (5 s) must not cut it, or RQ backs off for ever longer before it looks for jobs again."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from server.runtime.processes import start_process, stop_process
from server.runtime.redis_process import RedisProcess

IDLE_SECONDS = 8.0
"""Longer than redis-py's default socket timeout."""


def test_an_idle_worker_waits_for_jobs_without_errors(
    redis_server: RedisProcess, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "REDIS_URL": redis_server.url,
        "TURNPOST_DATA": str(tmp_path),
        "TURNPOST_TICK_SECONDS": "3600",
    }
    log = tmp_path / "worker.log"
    with log.open("w") as output:
        worker = start_process(
            [sys.executable, "-m", "server.runtime.cli", "worker"],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        time.sleep(IDLE_SECONDS)
    finally:
        stop_process(worker)
    text = log.read_text()
    assert "Listening on turnpost" in text and "could not connect" not in text, text
