"""What the service costs as games pile up and grow: Redis memory per finished game, and the
cost of a request as a game's log grows (flat, thanks to snapshots; without them a request
replays the whole log).

The web processes here hold no game states in memory (`TURNPOST_HELD_STATES=0`): a process that
holds a game's latest state replays only what it has not seen, whatever the log's length, so
the cost that snapshots must keep flat is that of a process meeting the game cold.

Memory: `--finished` lost-cities matches (3 games each) are played to their end through the API,
every move with an Idempotency-Key as the command line sends it, while the mail worker runs as
`serve` runs it (its players' quiet hours off, so it sends everything at once); once it has sent
the last notices and compacted every match, `MEMORY USAGE` of every key of each game, by kind,
and of its players' records of it, against the target of 4 KiB per finished match.

Log length: one lost-cities game in which nobody ever draws from the deck (`stall_limit: 0`,
every turn a discard and a draw from a discard pile) so it never ends; at versions 10, 100 and
1,000, `--reads` view reads (the same work as loading the game for a move), against the health
endpoint and a Redis PING measured the same way; at 1,000 also with snapshots dropped.
Run: `./dev bench growth` (or `python -m bench.growth --help`; `--reads 0` measures memory
alone).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import requests

from bench.service import (
    new_game,
    parallel,
    percentile,
    play_turn,
    running_service,
    sessions_for,
)
from server.runtime.cli import WORKER, end_group
from server.runtime.processes import start_process, stop_process
from server.storage.games.game_store import RedisGameStore
from server.storage.redis_client import Client, connect

CHECKPOINTS = (10, 100, 1000)
TARGET = 4 * 1024
"""Redis memory a finished match may keep, everything it leaves behind included."""
PLAYERS_OWN = ("profile",)
"""A player's keys that are theirs, not any match's (with their `token:` and `name:` keys)."""
PLAYERS_PARTS = {
    "changes": "players' events",
    "made": "games made (an hour)",
}
"""A player's keys shown on their own line; the others are the players' records of the match.
The games a player made in the last hour expire after it (`server.storage.players.invitations`), so
they are shown but not counted in the match's memory."""
PASSING = {"games made (an hour)"}
DRAINED_WITHIN = 300.0


def play_match(args: tuple[str, int]) -> str:
    """A whole 3-game lost-cities match through the API; returns its id."""
    base, number = args
    game_id, tokens = new_game(base, f"m{number}", {"rounds": 3})
    sessions, rnd = sessions_for(tokens), random.Random(number)
    for session in sessions:
        session.patch(f"{base}/me", json={"quiet_hours": "none"}, timeout=30).raise_for_status()
    timings: dict[str, list[float]] = {"view": [], "move": []}
    while play_turn(base, game_id, sessions, rnd, timings) is not None:
        pass
    return game_id


@contextmanager
def mail_worker_running(
    redis_url: str, commands: tuple[tuple[str, ...], ...] = (WORKER,), **settings: str
) -> Iterator[Path]:
    """The mail worker (or the workers run by `commands`), as `serve` runs it beside the API,
    mailing to a Maildir of its own, with `settings` added to the environment; each one's log
    in `worker-N.log` in the directory given, out of the figures' way."""
    with tempfile.TemporaryDirectory() as data, ExitStack() as stack:
        env = {**os.environ, "REDIS_URL": redis_url, "TURNPOST_DATA": data, **settings}
        for number, command in enumerate(commands):
            log = stack.enter_context(open(Path(data) / f"worker-{number}.log", "wb"))
            process = start_process(command, env=env, stderr=log)
            stack.callback(end_group, process)
            stack.callback(stop_process, process)
        yield Path(data)


def players_of(client: Client, game_ids: list[str]) -> dict[str, list[str]]:
    records = RedisGameStore(client).records(game_ids)
    return {
        game_id: [seat.player for seat in record.seats if seat.player]
        for game_id, record in zip(game_ids, records, strict=True)
        if record is not None
    }


def drained(client: Client, players: dict[str, list[str]]) -> bool:
    """Has the worker compacted every match and sent everything to its players?"""
    compacted = all(client.hexists(f"{{g:{game_id}}}:meta", "archived") for game_id in players)
    waiting = [
        key
        for ids in players.values()
        for player_id in ids
        for key in (f"{{p:{player_id}}}:outbox", f"{{p:{player_id}}}:sending")
    ]
    return compacted and not client.exists(*waiting)


def kind_of(key: bytes) -> str:
    part = key.decode().split("}:", 1)[1]
    return "idempotency records" if part.startswith("idem:") else part


def memory_per_game(client: Client, game_ids: list[str]) -> None:
    players = players_of(client, game_ids)
    deadline = time.monotonic() + DRAINED_WITHIN
    while not drained(client, players):
        if time.monotonic() > deadline:
            raise RuntimeError("the mail worker did not send and compact everything in time")
        time.sleep(0.5)
    by_kind: dict[str, list[int]] = defaultdict(list)
    moves = []
    for game_id, ids in players.items():
        sizes: dict[str, int] = defaultdict(int)
        for key in client.scan_iter(match=f"{{g:{game_id}}}:*", count=1000):
            sizes[kind_of(key)] += int(client.memory_usage(key, samples=0) or 0)
        for player_id in ids:
            for key in client.scan_iter(match=f"{{p:{player_id}}}:*", count=1000):
                part = key.decode().split("}:", 1)[1]
                if part not in PLAYERS_OWN:
                    kind = PLAYERS_PARTS.get(part, "players' records")
                    sizes[kind] += int(client.memory_usage(key, samples=0) or 0)
        for kind, size in sizes.items():
            by_kind[kind].append(size)
        moves.append(int(client.hget(f"{{g:{game_id}}}:meta", "archived") or 0))
    player_keys = [
        key
        for pattern in (*(f"{{p:*}}:{part}" for part in PLAYERS_OWN), "token:*", "name:*")
        for key in client.scan_iter(match=pattern, count=1000)
    ]
    players_own = sum(int(client.memory_usage(key, samples=0) or 0) for key in player_keys)
    total = sum(sum(sizes) for kind, sizes in by_kind.items() if kind not in PASSING) / len(
        game_ids
    )
    average_moves = statistics.mean(moves)
    print(
        f"memory per finished lost-cities match ({len(game_ids)} matches, "
        f"{average_moves:.0f} moves each on average; Redis MEMORY USAGE once the mail worker "
        "has sent everything and compacted them):"
    )
    for kind in sorted(by_kind, key=lambda k: -sum(by_kind[k])):
        mean = sum(by_kind[kind]) / len(game_ids)
        passing = ", not counted: it expires" if kind in PASSING else ""
        print(
            f"  {kind:<22} {mean / 1024:8.2f} KiB  ({mean / average_moves:6.1f} B per move"
            f"{passing})"
        )
    verdict = "within" if total <= TARGET else "OVER"
    print(
        f"  {'the whole match':<22} {total / 1024:8.2f} KiB  "
        f"({verdict} the target of {TARGET // 1024} KiB)"
    )
    print(f"  players' own keys (profile, token, name): {players_own / (2 * len(game_ids)):.0f} B")


def keep_the_deck(legal: list[dict[str, Any]], rnd: random.Random) -> str:
    """A discard and a draw from a discard pile if there is one: the deck never shrinks."""
    moves = [m["move"] for m in legal]
    best = [m for m in moves if m["action"] == "discard" and m["draw"] != "deck"]
    discards = [m for m in moves if m["action"] == "discard"]
    move = rnd.choice(best or discards)
    text: str = next(m["text"] for m in legal if m["move"] == move)
    return text


def timed_reads(read: Callable[[], Any], count: int) -> list[float]:
    latencies = []
    for _ in range(count):
        started = time.perf_counter()
        read()
        latencies.append(time.perf_counter() - started)
    return latencies


def log_growth(base: str, redis_url: str, reads: int) -> None:
    game_id, tokens = new_game(base, "long", {"rounds": 1, "stall_limit": 0})
    sessions, rnd = sessions_for(tokens), random.Random(1)
    timings: dict[str, list[float]] = {"view": [], "move": []}
    health = requests.Session()
    client = connect(redis_url)
    rows = []
    version = 0
    for checkpoint in CHECKPOINTS:
        while version < checkpoint:
            answer = play_turn(base, game_id, sessions, rnd, timings, keep_the_deck)
            assert answer is not None, "the game ended"
            version = answer["version"]
        view = timed_reads(
            lambda: sessions[0].get(f"{base}/games/{game_id}", timeout=30).json(), reads
        )
        rows.append((f"{version}", view))
    RedisGameStore(client).drop_snapshots()
    rows.append(
        (f"{version}, no snapshot", timed_reads(
            lambda: sessions[0].get(f"{base}/games/{game_id}", timeout=30).json(), reads // 4
        ))
    )  # fmt: skip
    health_p50 = percentile(timed_reads(lambda: health.get(f"{base}/health"), reads), 0.5)
    ping_p50 = percentile(timed_reads(client.ping, reads), 0.5)
    print(
        f"view read cost by log length (one client, {reads} reads each; health p50 "
        f"{health_p50 * 1000:.2f} ms, Redis PING p50 {ping_p50 * 1000:.3f} ms):"
    )
    for label, latencies in rows:
        p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
        print(
            f"  version {label:<18} p50 {p50 * 1000:7.2f} ms  p99 {p99 * 1000:7.2f} ms   "
            f"{p50 / health_p50:5.1f}x health  {p50 / ping_p50:6.0f}x PING"
        )
    first, last = percentile(rows[0][1], 0.5), percentile(rows[len(CHECKPOINTS) - 1][1], 0.5)
    print(f"  p50 at version {version} / at version {CHECKPOINTS[0]}: {last / first:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--finished", type=int, default=8, help="matches played to the end")
    parser.add_argument(
        "--reads", type=int, default=200, help="view reads per log length (0: none)"
    )
    parser.add_argument(
        "--counters",
        choices=["apart", "same"],
        default="apart",
        help="rate-limit counters in a Redis without persistence (as served) or the same one",
    )
    options = parser.parse_args()
    with running_service(
        "always", workers=2, counters=options.counters, cached_states=0
    ) as service:
        if options.reads:
            log_growth(service.base, service.redis_url, options.reads)
        if options.finished:
            with mail_worker_running(service.redis_url):
                matches = [(service.base, n) for n in range(options.finished)]
                memory_per_game(connect(service.redis_url), parallel(play_match, matches))


if __name__ == "__main__":
    main()
