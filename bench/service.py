"""The turn service under load: gunicorn on loopback, driven from separate processes.

`--clients` load processes set up `--games` lost-cities games each (1,000 active games by
default), reading each seat's view once (untimed). Then, for `--seconds` each:

- health: the ceiling, the service's health endpoint (HTTP and Flask, no Redis), hammered by as
  many processes as the load uses.
- moves: move submissions alone, posted with an Idempotency-Key as the command line does. Each
  load process plays from what it knows of its games (the version, who acts, each seat's hand),
  learnt at setup and then from the answers to its own moves, which carry the mover's new view:
  the seat to act discards a random card of its hand and draws from the deck, a move that is
  always legal while the game runs. Only when a game of a match ends and both hands are dealt
  anew does it read the other seat's view, kept out of the latencies (one read in some 44
  moves of a game).
- Redis PING: a raw Redis round trip, the other ceiling.
- views: view reads alone (a random game, a random seat, GET its view).
- play: the realistic client: each player reads the view until the one to act is found, who
  posts a random legal move.

The targets are checked on the moves phase: a move p99 under 50 ms, and the server's CPU per
move no higher than 4.66 health requests' (1.49 ms against 0.32 ms, measured on one run before
the core re-cut), counted in health requests because a shared guest's speed swings by a fifth
between runs, and health's CPU with it. Health and moves alternate in `--rounds` rounds that
share out their time, so a change in the machine's speed during a run weighs on both alike; each
round's ratio is printed beside the whole run's. Play's rate of all requests against the health
rate is printed too. Each load process sends all its requests over one keep-alive connection, as
the health ceiling does. Any answer but 200 stops the run: errors are never counted as work
done. The server's own CPU time per request (gunicorn and Redis) over the health and moves
phases is printed as well: the load processes share the machine, so a rate also measures the
client.

The service reaches its Redis as the embedded one is reached, by a unix socket; `--redis tcp`
measures a Redis reached over loopback TCP instead, as a Redis of one's own would be.
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
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import requests
from requests.adapters import HTTPAdapter

from server.http.limits import limiter_storage
from server.runtime.redis_process import RedisProcess, counters_process, free_port
from server.runtime.web_process import WebProcess
from server.storage.redis_client import connect

API = "/api/v1"
UNLIMITED = "10000000 per minute"


@dataclass(frozen=True)
class Service:
    base: str  # http://127.0.0.1:PORT/api/v1
    redis_url: str
    processes: Callable[[], list[psutil.Process]]
    """The server's processes: gunicorn's master and workers, and each Redis."""

    def cpu_seconds(self) -> float:
        """The CPU time (user and system) the server's processes have used so far: the load
        processes share the machine's cores, so a request's rate also measures the client, and
        this is what the server alone spends."""
        total = 0.0
        for process in self.processes():
            with suppress(psutil.Error):
                used = process.cpu_times()
                total += used.user + used.system
        return total


MOVE_CPU_IN_HEALTH = 1.49 / 0.32
"""The server's CPU per move in health requests, measured before the core re-cut: the target
is no higher."""


@contextmanager
def running_service(
    fsync: str,
    workers: int,
    redis_server: str | None = None,
    counters: str = "apart",
    cached_states: int | None = None,
    reached_by: str = "socket",
    settings: dict[str, str] | None = None,
) -> Iterator[Service]:
    """A Redis of its own (in a temporary directory) and gunicorn in front of it; the rate
    limiter counts in a second Redis without persistence (`counters="apart"`, as the embedded
    service does) or in the same one (`"same"`). The service reaches its Redis by a unix socket
    (`reached_by="socket"`, as the embedded service does) or over loopback TCP (`"tcp"`, as it
    would reach a Redis of its own). `cached_states` overrides how many games' states each web
    process keeps (TURNPOST_HELD_STATES); `settings` adds to the web processes' environment."""
    with tempfile.TemporaryDirectory() as data, ExitStack() as cleanup:
        redis_process = cleanup.enter_context(
            RedisProcess(
                Path(data) / "redis",
                port=free_port() if reached_by == "tcp" else None,
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
        env.update(settings or {})
        if cached_states is not None:
            env["TURNPOST_HELD_STATES"] = str(cached_states)
        if counters == "apart":
            limits = cleanup.enter_context(counters_process(Path(data) / "counters"))
            env["TURNPOST_RATE_LIMIT_STORAGE"] = limiter_storage(limits.url)
        redises = [redis_process] + ([limits] if counters == "apart" else [])
        with WebProcess(env, workers=workers) as web:

            def processes() -> list[psutil.Process]:
                started = [web.process, *(redis.process for redis in redises)]
                return [psutil.Process(p.pid) for p in started if p] + web.workers()

            yield Service(web.url + API, redis_process.url, processes)


def register(base: str, name: str, session: requests.Session | None = None) -> str:
    """A new player called `name`: their token."""
    body = {"name": name, "email": f"{name}@example.org"}
    answer = (session or requests).post(f"{base}/players", json=body, timeout=60)
    answer.raise_for_status()
    token: str = answer.json()["token"]
    return token


def new_game(base: str, tag: str, options: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A started two-player lost-cities game: its id and the players' tokens."""
    tokens = [register(base, f"b{tag}s{seat}") for seat in range(2)]
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


def sessions_for(tokens: list[str], adapter: HTTPAdapter | None = None) -> list[requests.Session]:
    """A session per player; with `adapter`, they share its connections."""
    sessions = []
    for token in tokens:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {token}"
        if adapter is not None:
            session.mount("http://", adapter)
        sessions.append(session)
    return sessions


Timings = dict[str, list[float]]
"""Latencies in seconds by kind of request: "view" and "move"."""


@dataclass
class Table:
    """A game as a load process knows it: the players' tokens and, from the latest answer it
    had, the game's version, the seats to act and each seat's hand. The moves phase plays from
    this alone; it runs right after setup (view reads change nothing), and each load process
    keeps its own copy up to date."""

    game_id: str
    tokens: list[str]
    version: int
    to_act: list[int]
    hands: list[list[str]]


def setup(args: tuple[str, int, int]) -> list[Table]:
    """New games, each seat's view read once to learn its hand."""
    base, worker, games = args
    tables = []
    for number in range(games):
        game_id, tokens = new_game(base, f"{worker}x{number}")
        views = [read_view(session, base, game_id) for session in sessions_for(tokens)]
        hands = [view["view"]["hand"] for view in views]
        tables.append(Table(game_id, tokens, views[0]["version"], views[0]["to_act"], hands))
    return tables


def json_of(answer: requests.Response, request: str) -> dict[str, Any]:
    """The answer's JSON. Any status but 200 stops the benchmark: an error answered quickly
    must never be counted as work done."""
    if answer.status_code != 200:
        raise RuntimeError(f"{request}: {answer.status_code} {answer.text}")
    result: dict[str, Any] = answer.json()
    return result


def read_view(
    session: requests.Session, base: str, game_id: str, latencies: list[float] | None = None
) -> dict[str, Any]:
    """A player's view of a game, timed into `latencies` if given."""
    started = time.perf_counter()
    answer = session.get(f"{base}/games/{game_id}", timeout=30)
    if latencies is not None:
        latencies.append(time.perf_counter() - started)
    return json_of(answer, f"view of {game_id}")


def post_move(
    session: requests.Session,
    base: str,
    game_id: str,
    move: str,
    version: int,
    latencies: list[float],
) -> dict[str, Any]:
    """A move posted as the command line does, with an Idempotency-Key; the answer is the
    mover's new view."""
    started = time.perf_counter()
    answer = session.post(
        f"{base}/games/{game_id}/moves",
        json={"move": move, "expected_version": version},
        headers={"Idempotency-Key": f"{game_id}:{version}"},
        timeout=30,
    )
    latencies.append(time.perf_counter() - started)
    return json_of(answer, f"move {move!r} in {game_id} at version {version}")


def play_turn(
    base: str,
    game_id: str,
    sessions: list[requests.Session],
    rnd: random.Random,
    timings: Timings,
    pick: Callable[[list[dict[str, Any]], random.Random], str] | None = None,
) -> dict[str, Any] | None:
    """One move of a game: each player reads the view until the one to act is found, who
    posts a legal move. None once the game is over."""
    for session in sessions:
        view = read_view(session, base, game_id, timings["view"])
        if view["game"]["status"] == "finished":
            return None
        if view["your_turn"]:
            legal = view["legal_moves"]
            move = pick(legal, rnd) if pick else rnd.choice(legal)["text"]
            return post_move(session, base, game_id, move, view["version"], timings["move"])
    raise AssertionError("an active game waits on someone")


Step = Callable[[str, Table, list[requests.Session], random.Random, Timings], bool]
"""One timed piece of a phase's work on a game; False once the game has finished."""


def view_step(
    base: str, table: Table, sessions: list[requests.Session], rnd: random.Random, timings: Timings
) -> bool:
    """The views phase: a random seat's view."""
    read_view(rnd.choice(sessions), base, table.game_id, timings["view"])
    return True


def move_step(
    base: str, table: Table, sessions: list[requests.Session], rnd: random.Random, timings: Timings
) -> bool:
    """The moves phase: the seat to act discards a random card of its hand and draws from the
    deck, which is legal whenever the game runs, so no view read is needed first."""
    (seat,) = table.to_act
    move = f"discard {rnd.choice(table.hands[seat])} draw deck"
    answer = post_move(sessions[seat], base, table.game_id, move, table.version, timings["move"])
    if answer["game"]["status"] == "finished":
        return False
    table.version, table.to_act = answer["version"], answer["to_act"]
    table.hands[seat] = answer["view"]["hand"]
    if any("game_end" in event for event in answer["applied"]):
        other = 1 - seat  # dealt a new hand too: learnt untimed
        table.hands[other] = read_view(sessions[other], base, table.game_id)["view"]["hand"]
    return True


def play_step(
    base: str, table: Table, sessions: list[requests.Session], rnd: random.Random, timings: Timings
) -> bool:
    """The play phase: a move as a client makes it, after reading the view."""
    return play_turn(base, table.game_id, sessions, rnd, timings) is not None


def drive(args: tuple[Step, str, int, list[Table], float]) -> tuple[Timings, list[Table]]:
    """One load process in one phase: `step` on random games of its own until the time is up.
    Returns the timings and the games still running, as this process left them."""
    step, base, seed, tables, seconds = args
    rnd = random.Random(seed)
    # One keep-alive connection for all its players, as the health ceiling is measured: with
    # one each, most would idle past gunicorn's keep-alive (2 s) between their turns, so a
    # request would pay for a new connection or race the server closing the old one.
    adapter = HTTPAdapter()
    running = [(table, sessions_for(table.tokens, adapter)) for table in tables]
    timings: Timings = {"view": [], "move": []}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if not running:
            raise RuntimeError("every game finished before the phase's time was up: more --games")
        table, sessions = game = rnd.choice(running)
        if not step(base, table, sessions, rnd, timings):
            running.remove(game)
    return timings, [table for table, _ in running]


def run_phase(
    step: Step, base: str, games: list[list[Table]], seconds: float, seed: int = 0
) -> tuple[Timings, list[list[Table]]]:
    """`step` across the load processes, each on its own games, for `seconds`: the timings, and
    each process's games still running, as it left them (a later phase goes on from there)."""
    runs = parallel(
        drive, [(step, base, seed + w, tables, seconds) for w, tables in enumerate(games)]
    )
    timings = {kind: joined(run[kind] for run, _ in runs) for kind in ("view", "move")}
    return timings, [tables for _, tables in runs]


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


def joined(runs: Iterable[list[float]]) -> list[float]:
    """The latencies of several load processes, as one list."""
    return [latency for run in runs for latency in run]


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
    parser.add_argument("--seconds", type=float, default=15.0, help="per phase")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="the health and moves phases alternate in this many rounds, their time shared out",
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--fsync", choices=["always", "everysec", "waitaof"], default="always")
    parser.add_argument("--redis-server", help="the redis-server binary (WAITAOF needs 7.2+)")
    parser.add_argument(
        "--redis",
        choices=["socket", "tcp"],
        default="socket",
        help="reach Redis by a unix socket (as the embedded service does) or loopback TCP",
    )
    parser.add_argument(
        "--counters",
        choices=["apart", "same"],
        default="apart",
        help="rate-limit counters in a Redis without persistence (as served) or the same one",
    )
    return parser.parse_args()


def main() -> None:
    options = arguments()
    seconds, clients, rounds = options.seconds, options.clients, options.rounds
    with running_service(
        options.fsync,
        options.workers,
        options.redis_server,
        counters=options.counters,
        reached_by=options.redis,
    ) as service:
        base = service.base
        started = time.perf_counter()
        games = parallel(setup, [(base, w, options.games) for w in range(clients)])
        setup_seconds = time.perf_counter() - started
        health: list[float] = []
        moves: list[float] = []
        health_cpu = moves_cpu = 0.0
        ratios = []
        for number in range(rounds):
            cpu = service.cpu_seconds()
            hits = joined(parallel(hammer, [(f"{base}/health", seconds / rounds)] * clients))
            between = service.cpu_seconds()
            made, games = run_phase(move_step, base, games, seconds / rounds, number * clients)
            health_cpu += between - cpu
            moves_cpu += service.cpu_seconds() - between
            health += hits
            moves += made["move"]
            ratios.append(len(made["move"]) / len(hits))
        pings = joined(parallel(ping, [(service.redis_url, seconds)] * clients))
        views = run_phase(view_step, base, games, seconds)[0]["view"]
        play = run_phase(play_step, base, games, seconds)[0]

    print(
        f"turnpost service: {options.workers} gunicorn workers (gevent), "
        f"{clients} load processes, {clients * options.games} active lost-cities games "
        f"(set up in {setup_seconds:.0f} s), {seconds:.0f} s per phase (health and moves in "
        f"{rounds} alternating rounds), durability: {options.fsync}, Redis reached by "
        f"{options.redis}, rate-limit counters: {options.counters}"
    )
    print(describe("health (HTTP ceiling)", health, seconds))
    print(describe("Redis PING (raw)", pings, seconds))
    print(describe("views: view reads", views, seconds))
    print(describe("moves: move submissions", moves, seconds))
    print(describe("play: view reads", play["view"], seconds))
    print(describe("play: move submissions", play["move"], seconds))
    p99 = percentile(moves, 0.99) * 1000
    print(
        f"{'moves / health':<24} {len(moves) / len(health):9.2f}   "
        f"(moves phase; by round: {', '.join(f'{ratio:.2f}' for ratio in ratios)})"
    )
    print(
        f"{'move p99':<24} {p99:9.2f} ms (target < 50 ms: {'met' if p99 < 50 else 'MISSED'};"
        " moves phase)"
    )
    print(
        f"{'play requests / health':<24} "
        f"{(len(play['move']) + len(play['view'])) / len(health):9.2f}   "
        f"(all requests of the play phase, against the health rate)"
    )
    health_ms = 1000 * health_cpu / len(health)
    move_ms = 1000 * moves_cpu / len(moves)
    print(
        f"{'server CPU per request':<24} health {health_ms:.2f} ms, move {move_ms:.2f} ms "
        f"(gunicorn and Redis): a move costs {move_ms / health_ms:.2f} health requests "
        f"(target <= {MOVE_CPU_IN_HEALTH:.2f}: "
        f"{'met' if move_ms / health_ms <= MOVE_CPU_IN_HEALTH else 'MISSED'})"
    )
    print(
        f"{'move p50 / health p50':<24} "
        f"{percentile(moves, 0.5) / percentile(health, 0.5):9.1f}   "
        f"{'move p50 / PING p50':<22} {percentile(moves, 0.5) / percentile(pings, 0.5):6.1f}"
    )


if __name__ == "__main__":
    main()
