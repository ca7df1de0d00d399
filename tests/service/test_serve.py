"""`turnpost-server serve`, the README's first command, as a new user runs it: no REDIS_URL, so
it starts its own Redis, the web processes, the mail worker, the play worker and the hook
workers, starts again whichever of them stops, and takes them all down on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
import redis
import requests

from server.runtime.processes import start_process, stop_process
from server.runtime.redis_process import free_port
from tests.api_client import Endpoints
from tests.support.games import started_games
from tests.support.load import Load
from tests.support.processes import eventually, status

WORKER = ["-m", "server.runtime.cli", "worker"]
PLAY_WORKER = ["-m", "server.runtime.cli", "play-worker"]
HOOK_WORKER = ["-m", "server.runtime.cli", "hook-worker"]


def healthy(url: str) -> bool:
    try:
        return requests.get(f"{url}/api/v1/health", timeout=5).ok
    except requests.RequestException:
        return False


def redis_server(serve: psutil.Process, directory: Path) -> psutil.Process | None:
    """The redis-server `serve` runs on the data in `directory`, if one is running. (Redis
    renames its process, so its command line does not say; it works in its data directory.)"""
    for child in serve.children():
        try:
            if child.cwd() == str(directory):
                return child
        except psutil.Error:
            pass  # a killed one that `serve` has not reaped yet
    return None


def workers_of(serve: psutil.Process, command: list[str] = WORKER) -> list[psutil.Process]:
    """The workers `serve` started (not the children they fork to run jobs): the mail worker,
    the play workers (`PLAY_WORKER`) or the hook workers (`HOOK_WORKER`)."""
    found = []
    for child in serve.children():
        try:
            if child.cmdline()[1:4] == command:
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
    process = start_process(
        [
            sys.executable,
            "-m",
            "server.runtime.cli",
            "serve",
            "--port",
            str(port),
            "--workers",
            "1",
        ],
        env=env,
    )
    try:
        yield process, f"http://127.0.0.1:{port}"
    finally:
        # Stopped as a process manager stops it, and killed with its group if it hangs. (Its
        # workers, in groups of their own, go with it either way: the kernel ends them as it
        # dies. Killed here outright, with no such signal, they were left running for ever.)
        stop_process(process, timeout=30)


def test_serve_runs_the_service_restarts_its_workers_and_stops_whole(
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
    (first,) = eventually(lambda: workers_of(serve))
    its_scheduler = eventually(first.children)  # RQ's, in a process of its own
    first.kill()
    (second,) = eventually(lambda: [w for w in workers_of(serve) if w.pid != first.pid])
    assert second.is_running()
    _, orphans = psutil.wait_procs(its_scheduler, timeout=30)
    assert not orphans
    (play,) = eventually(lambda: workers_of(serve, PLAY_WORKER))
    play.kill()
    eventually(lambda: [w for w in workers_of(serve, PLAY_WORKER) if w.pid != play.pid])
    hook_workers = eventually(lambda: workers_of(serve, HOOK_WORKER))
    assert len(hook_workers) == 2
    hook_workers[0].kill()
    eventually(
        lambda: len([w for w in workers_of(serve, HOOK_WORKER) if w not in hook_workers]) == 1
    )

    everything = serve.children(recursive=True)
    assert any("redis-server" in " ".join(p.cmdline()) for p in everything)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0
    _, alive = psutil.wait_procs(everything, timeout=30)
    assert not alive, [p.cmdline() for p in alive]


def test_serve_starts_a_killed_redis_again_and_loses_no_answered_move(
    served: tuple[subprocess.Popen[bytes], str], tmp_path: Path
) -> None:
    """`kill -9` of either embedded redis-server in the middle of a write load: `serve` starts it
    again on the same data and socket, with nobody stepping in. Readiness answers 503 while the
    service's Redis is down and 200 once it is back; liveness 200 throughout. Every move that
    was answered is in its log, from the AOF; no request got a 500. Then `kill -9` of `serve`
    itself, which can clear nothing up: on Linux the kernel ends its children (Redis, gunicorn,
    the workers, each in a group of its own), and they what they started."""
    process, url = served
    eventually(lambda: status(url, "/health/ready") == 200)
    serve = psutil.Process(process.pid)
    data = (tmp_path / "var").resolve()
    counters = redis.Redis(unix_socket_path=str(data / "counters" / "redis.sock"))
    load = Load(started_games(Endpoints(url), "s"))
    threads = load.run()
    try:
        load.wait_for(30)
        killed = eventually(lambda: redis_server(serve, data / "redis"))
        killed.kill()
        eventually(lambda: status(url, "/health/ready") == 503)
        assert status(url, "/health/live") == 200
        eventually(lambda: status(url, "/health/ready") == 200)
        assert redis_server(serve, data / "redis") not in (None, killed)
        load.wait_for(load.total + 30)

        killed = eventually(lambda: redis_server(serve, data / "counters"))
        killed.kill()
        eventually(lambda: redis_server(serve, data / "counters") not in (None, killed))
        # The new one starts empty, and counts: the web processes' limiter found it again.
        eventually(lambda: counters.dbsize() > 0)
        load.wait_for(load.total + 30)
    finally:
        load.stop.set()
        for thread in threads:
            thread.join()
    assert 500 not in load.statuses
    load.check(redis.Redis(unix_socket_path=str(data / "redis" / "redis.sock")))
    if sys.platform.startswith("linux"):  # PR_SET_PDEATHSIG
        everything = serve.children(recursive=True)
        process.kill()
        process.wait()
        _, alive = psutil.wait_procs(everything, timeout=30)
        assert not alive, [p.cmdline() for p in alive]
