"""Many scripted players on their one wait each: how soon a move wakes the player it concerns.

`--players` players (500) each play `--games-each` two-player Lost Cities games (20), every one
of them started: each player invites the `--games-each / 2` players after it (in a ring) to a
game. Then each player holds one long poll, `GET /me/wait`, in a thread of its own, for as long
as the run lasts, asking again after the last cursor it was given, as a script that plays many
games does. The players' turns they are told of go to a queue; `--movers` threads take the
turns and make each one (a read of the view, then a random legal move), `--rate` moves a second
in all, for `--seconds`. Each move's answer is stamped; the wait of the player it makes next to
act answers with the event of that version, and the time between the two is the wake latency.

Printed: the wake latencies (p50, p99, max, against the 100 ms target at p99), the moves made,
the events each wait answered with, and the requests the server held open at the run's midpoint
(its web processes' established connections on the service's port): one per player, and the
movers' own.
Run: `./dev bench waits` (or `python -m bench.waits --help`).
"""

from __future__ import annotations

import argparse
import queue
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import psutil
import requests

from bench.service import (
    Service,
    json_of,
    parallel,
    percentile,
    register,
    running_service,
)

WAIT_SECONDS = 30
"""Each long poll's timeout: well under the run, so polls end and are asked again as well."""


@dataclass
class Tally:
    """What the waiting threads learn, shared with the movers under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    answered: dict[tuple[str, int], float] = field(default_factory=dict)
    """(game, version) → when the move that made that version was answered."""
    woken: dict[tuple[str, int], float] = field(default_factory=dict)
    """(game, version) → when the player to act next heard of it."""
    answers: int = 0
    events: int = 0
    errors: list[str] = field(default_factory=list)


def registered(args: tuple[str, list[int]]) -> list[str]:
    """Players by number: their tokens."""
    base, numbers = args
    with requests.Session() as session:
        return [register(base, f"w{number}", session) for number in numbers]


def seat(args: tuple[str, list[tuple[str, str, str]]]) -> int:
    """Games between pairs (the creator's token, the invited player's name and token): each
    created with the other invited, who then joins."""
    base, pairs = args
    made = 0
    with requests.Session() as session:
        for token, name, other in pairs:
            mine = {"Authorization": f"Bearer {token}"}
            body: dict[str, Any] = {
                "type": "lost-cities",
                "options": {"rounds": 3},
                "invite": [name],
            }
            created = session.post(f"{base}/games", json=body, headers=mine, timeout=60)
            created.raise_for_status()
            game_id = created.json()["game"]["id"]
            theirs = {"Authorization": f"Bearer {other}"}
            json_of(
                session.post(f"{base}/games/{game_id}/join", headers=theirs, timeout=60), "join"
            )
            made += 1
    return made


def waiter(
    base: str, token: str, turns: queue.Queue[tuple[str, str]], tally: Tally, stop: threading.Event
) -> None:
    """One player's one wait, asked again after the last cursor until `stop`; each turn it is
    told of goes to `turns`, stamped when heard."""
    cursor = "0"  # from the first event kept: the turns of games started before it waited
    with requests.Session() as session:
        session.headers["Authorization"] = f"Bearer {token}"
        while not stop.is_set():
            try:
                answer = session.get(
                    f"{base}/me/wait",
                    params={"after": cursor, "timeout": str(WAIT_SECONDS)},
                    timeout=WAIT_SECONDS + 30,
                )
                heard = time.monotonic()
                body = json_of(answer, "wait")
            except (requests.RequestException, RuntimeError) as error:
                with tally.lock:
                    tally.errors.append(repr(error))
                time.sleep(1)
                continue
            cursor = body["cursor"]
            with tally.lock:
                tally.answers += 1
                tally.events += len(body["events"])
                for event in body["events"]:
                    if event["your_turn"]:  # a game's latest change says its turn
                        tally.woken.setdefault((event["game"], event["version"]), heard)
            for event in body["events"]:
                if event["your_turn"]:  # a game's latest change says its turn
                    turns.put((token, event["game"]))


def mover(
    base: str,
    turns: queue.Queue[tuple[str, str]],
    tally: Tally,
    pace: float,
    deadline: float,
    seed: int,
) -> int:
    """Turns taken from the queue and made, one every `pace` seconds at most: each a view read,
    then a random legal move; each move's answer stamped by the version it made."""
    rnd = random.Random(seed)
    made = 0
    with requests.Session() as session:
        next_at = time.monotonic()
        while time.monotonic() < deadline:
            try:
                token, game_id = turns.get(timeout=0.5)
            except queue.Empty:
                continue
            mine = {"Authorization": f"Bearer {token}"}
            view = json_of(session.get(f"{base}/games/{game_id}", headers=mine, timeout=60), "view")
            if not view["your_turn"]:
                continue
            time.sleep(max(0.0, next_at - time.monotonic()))
            move = rnd.choice(view["legal_moves"])["text"]
            answer = session.post(
                f"{base}/games/{game_id}/moves",
                json={"move": move, "expected_version": view["version"]},
                headers={**mine, "Idempotency-Key": f"{game_id}:{view['version']}"},
                timeout=60,
            )
            done = time.monotonic()
            body = json_of(answer, "move")
            next_at = max(next_at + pace, done - pace)
            if body["game"]["status"] == "active":  # (an ended game is no one's turn)
                with tally.lock:
                    tally.answered[(game_id, body["version"])] = done
            made += 1
    return made


def held_open(service: Service, base: str) -> int:
    """The connections the service's web processes hold open on its port now."""
    port = urlsplit(base).port
    count = 0
    for process in service.processes():
        try:
            for connection in process.net_connections(kind="tcp"):
                if connection.status == psutil.CONN_ESTABLISHED and connection.laddr.port == port:
                    count += 1
        except psutil.Error:
            continue
    return count


@contextmanager
def threads(*started: threading.Thread) -> Iterator[None]:
    for thread in started:
        thread.start()
    try:
        yield
    finally:
        for thread in started:
            thread.join(timeout=WAIT_SECONDS + 35)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--games-each", type=int, default=20, help="games per player (even)")
    parser.add_argument("--rate", type=float, default=40.0, help="moves a second, in all")
    parser.add_argument("--movers", type=int, default=4, help="threads making the moves")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    return parser.parse_args()


def main() -> None:
    options = arguments()
    players, each = options.players, options.games_each // 2
    settings = {"TURNPOST_MAX_WAIT": str(WAIT_SECONDS)}
    with running_service("always", options.workers, settings=settings) as service:
        base = service.base
        started = time.perf_counter()
        numbers = list(range(players))
        parts = [numbers[i::8] for i in range(8)]
        tokens_by_part = parallel(registered, [(base, part) for part in parts])
        tokens = dict(
            zip(
                (n for part in parts for n in part),
                (t for ts in tokens_by_part for t in ts),
                strict=True,
            )
        )
        pairs = [
            (tokens[n], f"w{(n + k) % players}", tokens[(n + k) % players])
            for n in numbers
            for k in range(1, each + 1)
        ]
        games = sum(parallel(seat, [(base, pairs[i::8]) for i in range(8)]))
        setup_seconds = time.perf_counter() - started

        tally, stop = Tally(), threading.Event()
        turns: queue.Queue[tuple[str, str]] = queue.Queue()
        waiting = [
            threading.Thread(target=waiter, args=(base, tokens[n], turns, tally, stop), daemon=True)
            for n in numbers
        ]
        deadline = time.monotonic() + options.seconds
        pace = options.movers / options.rate
        made: list[int] = []
        moving = [
            threading.Thread(
                target=lambda seed=seed: made.append(
                    mover(base, turns, tally, pace, deadline, seed)
                ),
                daemon=True,
            )
            for seed in range(options.movers)
        ]
        with threads(*waiting):
            with threads(*moving):
                time.sleep(options.seconds / 2)
                open_now = held_open(service, base)
            stop.set()

    latencies = sorted(
        max(0.0, tally.woken[key] - at) for key, at in tally.answered.items() if key in tally.woken
    )
    missed = sum(1 for key in tally.answered if key not in tally.woken)
    print(
        f"turnpost one wait: {players} players, {games} active lost-cities games "
        f"({options.games_each} each; set up in {setup_seconds:.0f} s), {options.workers} gunicorn "
        f"workers; {sum(made)} moves in {options.seconds:.0f} s ({options.rate:.0f}/s asked, "
        f"{options.movers} movers)"
    )
    if latencies:
        p99 = percentile(latencies, 0.99) * 1000
        print(
            f"{'wake after a move':<24} p50 {percentile(latencies, 0.5) * 1000:7.1f} ms   "
            f"p99 {p99:7.1f} ms   max {latencies[-1] * 1000:7.1f} ms   ({len(latencies)} woken; "
            f"target p99 <= 100 ms: {'met' if p99 <= 100 else 'MISSED'})"
        )
    print(f"{'moves not heard':<24} {missed}")
    print(f"{'wait answers':<24} {tally.answers} ({tally.events} events)")
    print(
        f"{'requests held open':<24} {open_now} at the midpoint: {players} players' waits and "
        f"up to {options.movers} movers' connections"
    )
    if tally.errors:
        print(f"{'errors':<24} {len(tally.errors)}, the first: {tally.errors[0]}")


if __name__ == "__main__":
    main()
