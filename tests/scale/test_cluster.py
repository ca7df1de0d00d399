"""Scale-out on existing parts: a 3-master Redis Cluster on loopback, two gunicorn web
processes (every request going to the other process than the one before), and a mail worker
whose job queue lives in a Redis of its own, as RQ needs."""

from __future__ import annotations

import mailbox
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import redis

from server.http.limits import NAMESPACE, RateLimits, client_key, limiter_storage
from server.runtime.processes import start_process, stop_process
from server.runtime.redis_process import LocalCluster, RedisProcess, free_port
from server.runtime.web_process import WebProcess
from server.storage.redis_client import connect
from shared.games import ENGINES
from shared.playout import replay
from tests.api_client import ApiClient, Endpoints
from tests.support.games import mover_of, play_moves, play_to_the_end, start_game


class TwoWebProcesses(Endpoints):
    """Both web processes, the cluster they share, and the worker's Maildir."""

    def __init__(
        self, cluster: LocalCluster, first: WebProcess, second: WebProcess, maildir: Path
    ) -> None:
        super().__init__(first.url, second.url)
        self.cluster = cluster
        self.maildir = maildir
        self.first, self.second = first, second


RATE_LIMIT = "100000 per minute"


@pytest.fixture(scope="module")
def spread(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TwoWebProcesses]:
    data = Path(tmp_path_factory.mktemp("cluster"))
    with (
        LocalCluster(data / "cluster") as cluster,
        RedisProcess(data / "queue", port=free_port()) as queue,
    ):
        env = {
            "REDIS_URL": cluster.url,
            "TURNPOST_QUEUE_URL": queue.url,
            "TURNPOST_DATA": str(data / "worker"),
            "TURNPOST_TICK_SECONDS": "1",
            "TURNPOST_RATE_LIMIT": RATE_LIMIT,
            "TURNPOST_REGISTRATION_LIMIT": "100000 per hour",
            "TURNPOST_SNAPSHOT_EVERY": "4",
        }
        worker = start_process(
            [sys.executable, "-m", "server.runtime.cli", "worker"], env={**os.environ, **env}
        )
        try:
            with WebProcess(env) as first, WebProcess(env) as second:
                yield TwoWebProcesses(cluster, first, second, data / "worker" / "mail")
        finally:
            stop_process(worker)


def test_the_queue_is_refused_a_place_on_the_cluster(spread: TwoWebProcesses) -> None:
    """RQ's steps span slots: without a queue Redis of its own the worker will not start. The
    web processes never touch the queue, so they need none."""
    env = {**os.environ, "REDIS_URL": spread.cluster.url}
    env.pop("TURNPOST_QUEUE_URL", None)
    started = subprocess.run(
        [sys.executable, "-m", "server.runtime.cli", "worker"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert started.returncode != 0 and "TURNPOST_QUEUE_URL" in started.stderr
    web = subprocess.run(
        [sys.executable, "-c", "from server.runtime.app import create_app; create_app()"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert web.returncode == 0, web.stderr


def test_a_worker_mails_the_player_to_act_in_a_game_on_the_cluster(
    spread: TwoWebProcesses,
) -> None:
    game_id, players = start_game(spread, "lost-cities")
    (mover,) = [p for p in players if p.ok("GET", f"/games/{game_id}")["your_turn"]]
    mover.ok("PATCH", "/me", json={"quiet_hours": "none"})  # mail now, whatever the hour
    address = mover.player["email"]
    deadline = time.monotonic() + 120  # only so a broken worker fails instead of hanging
    while not spread.maildir.exists() or not any(
        message["To"] == address and game_id[:8] in str(message["Subject"])
        for message in mailbox.Maildir(spread.maildir, create=False)
    ):
        assert time.monotonic() < deadline, "no turn notice reached the Maildir"
        time.sleep(0.2)


@pytest.mark.parametrize(
    ("type_id", "players", "options"),
    [("lost-cities", 2, {"rounds": 1}), ("lost-cities-dice", 3, {}), ("livingstone", 3, {})],
)
def test_whole_games_of_every_type(
    spread: TwoWebProcesses, type_id: str, players: int, options: dict[str, Any]
) -> None:
    names = [f"{type_id}-{seat}" for seat in range(players)]
    game_id, clients = start_game(spread, type_id, players, names, **options)
    final = play_to_the_end(game_id, clients, random.Random(type_id))
    log = clients[1].ok("GET", f"/games/{game_id}/log")["entries"]
    assert [entry["version"] for entry in log] == list(range(1, final["version"] + 1))
    engine = ENGINES[type_id]
    game = final["game"]
    rebuilt = replay(
        engine,
        engine.new(players, game["seed"], game["options"]),
        [(entry["seat"], entry["move"]) for entry in log],
    )
    assert engine.result(rebuilt) == game["result"]
    listed = clients[0].ok("GET", "/games?mine=finished")["games"]
    assert [g["id"] for g in listed] == [game_id]


def test_a_long_poll_on_one_process_hears_a_move_made_on_the_other(
    spread: TwoWebProcesses,
) -> None:
    game_id, clients = start_game(spread, "lost-cities", 2, ["wa", "wb"], rounds=1)
    mover, view = mover_of(game_id, clients)
    waiter = ApiClient(spread.first.url, clients[1 - mover].token)
    heard: list[dict[str, Any]] = []
    waiting = threading.Thread(
        target=lambda: heard.append(waiter.ok("GET", f"/games/{game_id}/wait?version=0&timeout=20"))
    )
    waiting.start()
    channel = f"{{g:{game_id}}}:log"
    while not any(
        redis.Redis.from_url(node.url).pubsub_numsub(channel)[0][1] for node in spread.cluster.nodes
    ):
        time.sleep(0.01)  # until the first process listens: the move must reach it by pub/sub
    ApiClient(spread.second.url, clients[mover].token).ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": view["legal_moves"][0]["text"], "expected_version": 0},
    )
    waiting.join()
    assert heard[0]["changed"] is True and heard[0]["your_turn"] is True


def test_players_racing_for_one_seat_through_both_processes(spread: TwoWebProcesses) -> None:
    """Joining is a compare-and-set on the game's meta: one seat, one winner."""
    host = spread.client().register("host")
    game_id = host.ok("POST", "/games", json={"type": "lost-cities", "options": {"rounds": 1}})[
        "game"
    ]["id"]
    racers = [spread.client().register(f"racer{i}") for i in range(12)]
    with ThreadPoolExecutor(len(racers)) as pool:
        statuses = list(
            pool.map(lambda c: c.call("POST", f"/games/{game_id}/join").status_code, racers)
        )
    assert sorted(statuses) == [200] + [409] * (len(racers) - 1)
    seated = host.ok("GET", f"/games/{game_id}")["game"]["seats"]
    assert all(seat["joined"] for seat in seated)
    winner = racers[statuses.index(200)]
    assert [g["id"] for g in winner.ok("GET", "/games")["games"]] == [game_id]


def test_one_rate_limit_counter_serves_both_processes(spread: TwoWebProcesses) -> None:
    """The limiter counts in the cluster, so a client cannot double its rate by spreading."""
    ada = spread.client().register("counted")
    limits = RateLimits(limiter_storage(spread.cluster.url), RATE_LIMIT, RATE_LIMIT, RATE_LIMIT)

    def remaining() -> int:
        client = client_key(ada.player["id"], "")
        return limits.window.get_window_stats(limits.per_client, NAMESPACE, client)[1]

    before = remaining()
    for _ in range(6):
        ada.ok("GET", "/me")  # each process in turn
    assert remaining() == before - 6


def test_drop_snapshots_scans_every_node(spread: TwoWebProcesses) -> None:
    game_id, clients = start_game(spread, "lost-cities", 2, ["sa", "sb"], rounds=1)
    play_moves(game_id, clients, 6, random.Random(6))
    before = [c.ok("GET", f"/games/{game_id}") for c in clients]
    dropped = subprocess.run(
        [sys.executable, "-m", "server.runtime.cli", "drop-snapshots"],
        env={**os.environ, "REDIS_URL": spread.cluster.url},
        capture_output=True,
        text=True,
        check=True,
    )
    count = int(dropped.stdout.split()[1])
    assert count >= 1
    assert not list(connect(spread.cluster.url).scan_iter(match="{g:*}:snap"))
    assert [c.ok("GET", f"/games/{game_id}") for c in clients] == before
