"""`turnpost-server serve`, the README's first command, as a new user runs it: no REDIS_URL, so
it starts its own Redis, the web processes and the mail worker, and takes them all down on
SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
import requests

from server.redis_process import free_port
from tests.api_client import Endpoints

WORKER = ["-m", "server.cli", "worker"]


def eventually(found: Callable[[], Any], within: float = 60.0) -> Any:
    deadline = time.monotonic() + within
    while not (value := found()):
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.2)
    return value


def healthy(url: str) -> bool:
    try:
        return requests.get(f"{url}/api/v1/health", timeout=5).ok
    except requests.RequestException:
        return False


def mail_workers(serve: psutil.Process) -> list[psutil.Process]:
    """The worker `serve` started (not the children it forks to run jobs)."""
    found = []
    for child in serve.children():
        try:
            if child.cmdline()[1:4] == WORKER:
                found.append(child)
        except psutil.Error:
            pass  # a killed worker that `serve` has not reaped yet
    return found


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("REDIS_URL", "TURNPOST_SMTP_HOST", "TURNPOST_RATE_LIMIT_STORAGE")
    }
    env["TURNPOST_DATA"] = str(tmp_path / "var")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "server.cli", "serve", "--port", str(port), "--workers", "1"],
        env=env,
        start_new_session=True,  # so a failed test can take down the whole group
    )
    try:
        yield process, f"http://127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_serve_runs_the_service_restarts_its_mail_worker_and_stops_whole(
    served: tuple[subprocess.Popen[bytes], str],
) -> None:
    process, url = served
    eventually(lambda: healthy(url))
    ada = Endpoints(url).client().register("ada")
    bo = Endpoints(url).client().register("bo")
    game = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})["game"]
    view = bo.ok("POST", f"/games/{game['id']}/join")
    mover = bo if view["your_turn"] else ada
    seen = mover.ok("GET", f"/games/{game['id']}")
    moved = mover.ok(
        "POST",
        f"/games/{game['id']}/moves",
        json={"move": seen["legal_moves"][0]["text"], "expected_version": 0},
    )
    assert moved["version"] == 1

    serve = psutil.Process(process.pid)
    (first,) = eventually(lambda: mail_workers(serve))
    its_scheduler = eventually(first.children)  # RQ's, in a process of its own
    first.kill()
    (second,) = eventually(lambda: [w for w in mail_workers(serve) if w.pid != first.pid])
    assert second.is_running()
    _, orphans = psutil.wait_procs(its_scheduler, timeout=30)
    assert not orphans

    everything = serve.children(recursive=True)
    assert any("redis-server" in " ".join(p.cmdline()) for p in everything)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0
    _, alive = psutil.wait_procs(everything, timeout=30)
    assert not alive, [p.cmdline() for p in alive]
