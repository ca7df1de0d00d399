"""The turn service under load: gunicorn on loopback, driven from separate processes.

First the ceilings: the service's health endpoint (HTTP and Flask, no Redis) and a raw Redis
round trip (PING), each hammered by as many processes as the load uses. Then `--clients`
processes set up `--games` lost-cities games each (1,000 active games by default) and play them
for `--seconds`: each move is a view read, then a legal move posted with an Idempotency-Key, as
the command line does. Prints moves/s and view reads/s with p50/p99, their ratios to the
ceilings, and whether the targets hold (moves at least half the health rate, p99 under 50 ms).

`--fsync` chooses how a move is made durable before it is answered: Redis with
`appendfsync always` (the embedded default), with `everysec` (up to a second of moves can be
lost in a crash: the baseline), or with `everysec` and WAITAOF after each move (Redis 7.2+, so
give a newer server with `--redis-server`). Run: `./dev bench service` (or
`python -m bench.service --help`).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import requests

from server.limits import limiter_storage
from server.redis_client import connect
from server.redis_process import RedisProcess, counters_process, free_port
from server.web_process import WebProcess

API = "/api/v1"
UNLIMITED = "10000000 per minute"


@dataclass(frozen=True)
class Service:
    base: str  # http://127.0.0.1:PORT/api/v1
    redis_url: str


@contextmanager
def running_service(
    fsync: str,
    workers: int,
    redis_server: str | None = None,
    threads: int = 4,
    counters: str = "apart",
) -> Iterator[Service]:
    """A Redis of its own (in a temporary directory) and gunicorn in front of it; the rate
    limiter counts in a second Redis without persistence (`counters="apart"`, as the embedded
    service does) or in the same one (`"same"`)."""
    with tempfile.TemporaryDirectory() as data, ExitStack() as cleanup:
        redis_process = cleanup.enter_context(
            RedisProcess(
                Path(data) / "redis",
                port=free_port(),
                appendfsync="everysec" if fsync == "waitaof" else fsync,
                binary=redis_server,
            )
        )
        env = {
            "REDIS_URL": redis_process.url,
            "TURNPOST_RATE_LIMIT": UNLIMITED,
            "TURNPOST_REGISTRATION_LIMIT": UNLIMITED,
            "TURNPOST_WAITAOF": "1 0" if fsync == "waitaof" else "",
        }
        if counters == "apart":
            limits = cleanup.enter_context(counters_process(Path(data) / "counters"))
            env["TURNPOST_RATE_LIMIT_STORAGE"] = limiter_storage(limits.url)
        with WebProcess(env, workers=workers, threads=threads) as web:
            yield Service(web.url + API, redis_process.url)


def new_game(base: str, tag: str, options: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A started two-player lost-cities game: its id and the players' tokens."""
    tokens = []
    for seat in range(2):
        answer = requests.post(
            f"{base}/players",
            json={"name": f"b{tag}s{seat}", "email": f"b{tag}s{seat}@example.org"},
            timeout=30,
        )
        answer.raise_for_status()
        tokens.append(answer.json()["token"])
    sessions = sessions_for(tokens)
    game = sessions[0].post(
        f"{base}/games",
        json={"type": "lost-cities", "options": options or {"rounds": 3}, "invite": [f"b{tag}s1"]},
        timeout=30,
    )
    game.raise_for_status()
    game_id = game.json()["game"]["id"]
    sessions[1].post(f"{base}/games/{game_id}/join", timeout=30).raise_for_status()
    return game_id, tokens


def sessions_for(tokens: list[str]) -> list[requests.Session]:
    sessions = []
    for token in tokens:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {token}"
        sessions.append(session)
    return sessions


def setup(args: tuple[str, int, int]) -> list[tuple[str, list[str]]]:
    base, worker, games = args
    return [new_game(base, f"{worker}x{i}") for i in range(games)]


def play_turn(
    base: str,
    game_id: str,
    sessions: list[requests.Session],
    rnd: random.Random,
    timings: dict[str, list[float]],
    pick: Callable[[list[dict[str, Any]], random.Random], str] | None = None,
) -> dict[str, Any] | None:
    """One move of a game: each player reads the view until the one to act is found, who
    posts a legal move. None once the game is over."""
    for session in sessions:
        started = time.perf_counter()
        view = session.get(f"{base}/games/{game_id}", timeout=30).json()
        timings["view"].append(time.perf_counter() - started)
        if view["game"]["status"] == "finished":
            return None
        if view["your_turn"]:
            legal = view["legal_moves"]
            move = pick(legal, rnd) if pick else rnd.choice(legal)["text"]
            started = time.perf_counter()
            answer = session.post(
                f"{base}/games/{game_id}/moves",
                json={"move": move, "expected_version": view["version"]},
                headers={"Idempotency-Key": f"{game_id}:{view['version']}"},
                timeout=30,
            )
            timings["move"].append(time.perf_counter() - started)
            answer.raise_for_status()
            result: dict[str, Any] = answer.json()
            return result
    raise AssertionError("an active game waits on someone")


def drive(args: tuple[str, int, list[tuple[str, list[str]]], float]) -> dict[str, list[float]]:
    """One load process: moves in random games of its own until the time is up."""
    base, worker, games, seconds = args
    rnd = random.Random(worker)
    tables = [(game_id, sessions_for(tokens)) for game_id, tokens in games]
    timings: dict[str, list[float]] = {"move": [], "view": []}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline and tables:
        table = rnd.choice(tables)
        if play_turn(base, *table, rnd, timings) is None:
            tables.remove(table)
    return timings


def hammer(args: tuple[str, float]) -> list[float]:
    """GET one URL as fast as one process can, for `seconds`."""
    url, seconds = args
    session = requests.Session()
    latencies = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        session.get(url, timeout=10).raise_for_status()
        latencies.append(time.perf_counter() - started)
    return latencies


def ping(args: tuple[str, float]) -> list[float]:
    """Raw Redis round trips (PING) from one process, for `seconds`."""
    url, seconds = args
    client = connect(url)
    latencies = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        client.ping()
        latencies.append(time.perf_counter() - started)
    return latencies


def parallel(function: Callable[[Any], Any], jobs: list[Any]) -> list[Any]:
    with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
        return pool.map(function, jobs)


def percentile(latencies: list[float], fraction: float) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def describe(name: str, latencies: list[float], seconds: float) -> str:
    p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
    return (
        f"{name:<24} {len(latencies) / seconds:9.0f}/s   p50 {p50:6.2f} ms   "
        f"p99 {p99:6.2f} ms   ({len(latencies)} requests)"
    )


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=8, help="load processes")
    parser.add_argument("--games", type=int, default=125, help="games per load process")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--fsync", choices=["always", "everysec", "waitaof"], default="always")
    parser.add_argument("--redis-server", help="the redis-server binary (WAITAOF needs 7.2+)")
    parser.add_argument(
        "--counters",
        choices=["apart", "same"],
        default="apart",
        help="rate-limit counters in a Redis without persistence (as served) or the same one",
    )
    return parser.parse_args()


def main() -> None:
    options = arguments()
    seconds, clients = options.seconds, options.clients
    with running_service(
        options.fsync, options.workers, options.redis_server, counters=options.counters
    ) as service:
        base = service.base
        health = parallel(hammer, [(f"{base}/health", seconds)] * clients)
        pings = parallel(ping, [(service.redis_url, seconds)] * clients)
        started = time.perf_counter()
        games = parallel(setup, [(base, w, options.games) for w in range(clients)])
        setup_seconds = time.perf_counter() - started
        runs = parallel(drive, [(base, w, games[w], seconds) for w in range(clients)])

    health_all = [x for run in health for x in run]
    pings_all = [x for run in pings for x in run]
    moves = [x for run in runs for x in run["move"]]
    views = [x for run in runs for x in run["view"]]
    print(
        f"turnpost service: {options.workers} gunicorn workers (gthread, 4 threads), "
        f"{clients} load processes, {clients * options.games} active lost-cities games "
        f"(set up in {setup_seconds:.0f} s), {seconds:.0f} s per phase, durability: "
        f"{options.fsync}, rate-limit counters: {options.counters}"
    )
    print(describe("health (HTTP ceiling)", health_all, seconds))
    print(describe("Redis PING (raw)", pings_all, seconds))
    print(describe("view reads", views, seconds))
    print(describe("move submissions", moves, seconds))
    move_rate, health_rate = len(moves) / seconds, len(health_all) / seconds
    p99 = percentile(moves, 0.99) * 1000
    print(
        f"{'moves / health':<24} {move_rate / health_rate:9.2f}   "
        f"(target >= 0.5 of the health rate: {'met' if move_rate >= health_rate / 2 else 'MISSED'};"
        " each move here also costs a view read or two)"
    )
    print(
        f"{'requests / health':<24} {(len(moves) + len(views)) / len(health_all):9.2f}   "
        f"(all requests the load made, against the health rate)"
    )
    print(f"{'move p99':<24} {p99:9.2f} ms (target < 50 ms: {'met' if p99 < 50 else 'MISSED'})")
    print(
        f"{'move p50 / health p50':<24} "
        f"{percentile(moves, 0.5) / percentile(health_all, 0.5):9.1f}   "
        f"{'move p50 / PING p50':<22} {percentile(moves, 0.5) / percentile(pings_all, 0.5):6.1f}"
    )


if __name__ == "__main__":
    main()
