"""The turn service under load: gunicorn on loopback, driven from separate processes.

Prints moves/s and view reads/s with p50/p99 latency over many games in parallel, the same
server's health endpoint as the ceiling, and the cost of a view read as a game's log grows (flat,
thanks to snapshots). Run: `./dev bench service` (or `python -m bench.service`).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from server.redis_process import RedisProcess, free_port

API = "/api/v1"


def start_service(port: int, redis_url: str, workers: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "TURNPOST_RATE_LIMIT": "10000000 per minute",
        "TURNPOST_REGISTRATION_LIMIT": "10000000 per minute",
    }
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "server.app:create_app()",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "gthread",
        "--threads",
        "4",
        "--log-level",
        "warning",
    ]
    process = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}{API}/health"
    for _ in range(200):
        try:
            if requests.get(url, timeout=1).ok:
                return process
        except requests.ConnectionError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the service did not start")


def new_game(base: str, type_id: str, tag: str) -> tuple[str, list[requests.Session]]:
    sessions = []
    for seat in range(2):
        session = requests.Session()
        answer = session.post(
            f"{base}/players",
            json={"name": f"b{tag}s{seat}", "email": f"b{tag}s{seat}@example.org"},
            timeout=10,
        ).json()
        session.headers["Authorization"] = f"Bearer {answer['token']}"
        sessions.append(session)
    game = (
        sessions[0]
        .post(
            f"{base}/games",
            json={"type": type_id, "options": {"rounds": 3}, "invite": [f"b{tag}s1"]},
            timeout=10,
        )
        .json()
    )
    game_id = game["game"]["id"]
    sessions[1].post(f"{base}/games/{game_id}/join", timeout=10).raise_for_status()
    return game_id, sessions


def drive(args: tuple[str, int, int, float]) -> dict[str, list[float]]:
    """One load process: its own games, each move = read the view, then post a legal move."""
    base, worker, games, seconds = args
    rnd = random.Random(worker)
    tables = [new_game(base, "lost-cities", f"{worker}x{i}") for i in range(games)]
    timings: dict[str, list[float]] = {"move": [], "view": [], "by_version": []}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline and tables:
        game_id, sessions = rnd.choice(tables)
        for session in sessions:
            started = time.perf_counter()
            view = session.get(f"{base}/games/{game_id}", timeout=30).json()
            elapsed = time.perf_counter() - started
            timings["view"].append(elapsed)
            timings["by_version"].append(view["version"] * 1e6 + elapsed)
            if view["game"]["status"] == "finished":
                tables.remove((game_id, sessions))
                break
            if view["your_turn"]:
                move = rnd.choice(view["legal_moves"])["text"]
                started = time.perf_counter()
                answer = session.post(
                    f"{base}/games/{game_id}/moves",
                    json={"move": move, "expected_version": view["version"]},
                    timeout=30,
                )
                timings["move"].append(time.perf_counter() - started)
                answer.raise_for_status()
                break
    return timings


def hammer(args: tuple[str, float]) -> list[float]:
    url, seconds = args
    session = requests.Session()
    latencies = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        session.get(url, timeout=10).raise_for_status()
        latencies.append(time.perf_counter() - started)
    return latencies


def parallel(function: Callable[[Any], Any], jobs: list[Any]) -> list[Any]:
    with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
        return pool.map(function, jobs)


def describe(name: str, latencies: list[float], seconds: float) -> str:
    ordered = sorted(latencies)
    p50 = ordered[len(ordered) // 2] * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return (
        f"{name:<22} {len(ordered) / seconds:9.0f}/s   p50 {p50:6.2f} ms   "
        f"p99 {p99:6.2f} ms   ({len(ordered)} requests)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=8, help="load processes")
    parser.add_argument("--games", type=int, default=12, help="games per load process")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument(
        "--fsync",
        choices=["always", "everysec"],
        default="always",
        help="Redis appendfsync (the embedded default is always)",
    )
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as data:
        redis = RedisProcess(Path(data), port=free_port(), appendfsync=options.fsync).start()
        port = free_port()
        service = start_service(port, redis.url, options.workers)
        base = f"http://127.0.0.1:{port}{API}"
        try:
            health = parallel(hammer, [(f"{base}/health", options.seconds)] * options.clients)
            runs = parallel(
                drive, [(base, w, options.games, options.seconds) for w in range(options.clients)]
            )
        finally:
            service.terminate()
            service.wait()
            redis.stop()

    health_all = [x for run in health for x in run]
    moves = [x for run in runs for x in run["move"]]
    views = [x for run in runs for x in run["view"]]
    print(
        f"turnpost service: {options.workers} gunicorn workers (gthread), "
        f"{options.clients} load processes x {options.games} lost-cities games, "
        f"{options.seconds:.0f} s each phase, Redis appendfsync always"
    )
    print(describe("health (ceiling)", health_all, options.seconds))
    print(describe("view reads", views, options.seconds))
    print(describe("move submissions", moves, options.seconds))
    print(
        f"{'move rate / health':<22} {len(moves) / len(health_all):9.2f}  (moves only; "
        "each move also needs a view read in this loop)"
    )
    print(f"{'requests / health':<22} {(len(moves) + len(views)) / len(health_all):9.2f}")
    print("view read p50 by game version (snapshots keep it flat):")
    buckets: dict[int, list[float]] = {}
    for packed in (x for run in runs for x in run["by_version"]):
        version, latency = divmod(packed, 1e6)
        buckets.setdefault(int(version) // 50 * 50, []).append(latency)
    for start in sorted(buckets):
        sample = buckets[start]
        print(
            f"  versions {start:4d}-{start + 49:<4d} p50 {statistics.median(sample) * 1000:6.2f} ms"
            f"  ({len(sample)} reads)"
        )


if __name__ == "__main__":
    main()
