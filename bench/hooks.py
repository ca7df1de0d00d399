"""A hostile webhook against everyone else's game: how long a bot takes to answer in one game
while another game, whose webhook points at an address that never answers, moves five times
a second.

gunicorn on loopback as `serve` runs it, with the mail worker and two hook workers beside it
(loopback addresses allowed for webhooks, so the hostile address can be set). The hostile
address is a loopback socket that is listened on and never accepted from: the first
connection waits for an answer that never comes, the next ones for a connection that is never
made. Its game (lost-cities, no stall limit, each turn a discard and a draw from a discard pile
so it never ends) moves `--rate` times a second from a thread of its own, each move a change
for its hook. Meanwhile a player of another game, against the quick bot, moves and waits for
the bot's move (a long poll on the game's version), again and again for `--seconds`; the same
is first measured with nothing else running. The target: the bot answers within a second.

Printed per phase: the bot's answers, their p50, p99 and max, the share within a second; then
the hostile hook's posts tried (from the hook workers' logs) against the changes made for it,
and the mail worker's queue at the end. Run: `python -m bench.hooks` (or `./dev bench hooks`).
"""

from __future__ import annotations

import argparse
import itertools
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any

import requests

from bench.growth import keep_the_deck, mail_worker_running
from bench.service import (
    new_game,
    percentile,
    play_turn,
    register,
    running_service,
    sessions_for,
)
from server.runtime.cli import HOOK_WORKER, WORKER
from server.storage.games.watch import QUEUE
from server.storage.redis_client import Client, connect

TARGET = 1.0
"""Seconds within which the bot answers."""
LOOPBACK = {"TURNPOST_WEBHOOK_LOOPBACK": "1"}
PLAYERS = itertools.count()
"""Numbers the bot games' players."""


def bot_game(base: str, first_player: int = 0) -> tuple[requests.Session, dict[str, Any]]:
    """A new player's lost-cities game against the quick bot, seat `first_player` to move
    first: the player's session and the answer that made the game."""
    (session,) = sessions_for([register(base, f"bbot{next(PLAYERS)}")])
    body: dict[str, Any] = {
        "type": "lost-cities",
        "bots": ["quick"],
        "options": {"first_player": first_player},
    }
    created = session.post(f"{base}/games", json=body, timeout=30)
    created.raise_for_status()
    made: dict[str, Any] = created.json()
    return session, made


def bot_answers(base: str, seconds: float) -> list[float]:
    """Move and wait for the bot's move, for `seconds`; each wait's length. A game that ends
    gives way to a new one."""
    rnd = random.Random(1)
    session, made = bot_game(base)
    game_id = made["game"]["id"]
    answers: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = session.get(f"{base}/games/{game_id}", timeout=30).json()
        if view["game"]["status"] == "finished":
            session, made = bot_game(base)
            game_id = made["game"]["id"]
            continue
        if not view["your_turn"]:  # a new round the bot begins
            session.get(f"{base}/games/{game_id}/wait", params={"version": view["version"]})
            continue
        move = {
            "move": rnd.choice(view["legal_moves"])["text"],
            "expected_version": view["version"],
        }
        moved = session.post(f"{base}/games/{game_id}/moves", json=move, timeout=30)
        moved.raise_for_status()
        version = moved.json()["version"]
        started = time.monotonic()
        waited = session.get(
            f"{base}/games/{game_id}/wait", params={"version": version, "timeout": 20}, timeout=30
        ).json()
        if waited["version"] == version:
            raise RuntimeError("the bot did not move within 20 s")
        answers.append(time.monotonic() - started)
    return answers


def hammer(base: str, game_id: str, tokens: list[str], every: float, stop: threading.Event) -> int:
    """Move the hostile game every `every` seconds until `stop`; how many moves were made."""
    sessions, rnd = sessions_for(tokens), random.Random(2)
    timings: dict[str, list[float]] = {"view": [], "move": []}
    made, due = 0, time.monotonic()
    while not stop.is_set():
        play_turn(base, game_id, sessions, rnd, timings, keep_the_deck)
        made += 1
        due += every
        stop.wait(max(0.0, due - time.monotonic()))
    return made


def report(phase: str, answers: list[float]) -> None:
    within = sum(answer < TARGET for answer in answers) / len(answers)
    p50, p99, worst = percentile(answers, 0.5), percentile(answers, 0.99), max(answers)
    print(
        f"  {phase:<34} {len(answers):4d} answers   p50 {p50 * 1000:6.0f} ms   "
        f"p99 {p99 * 1000:6.0f} ms   max {worst * 1000:6.0f} ms   within {TARGET:.0f} s: "
        f"{within:.0%}",
        flush=True,
    )


def tried(logs: Path) -> int:
    """Posts the hook workers started, from their logs."""
    return sum(
        path.read_text().count("turnpost-hooks: webhook") for path in logs.glob("worker-*.log")
    )


def beside_moves(
    base: str, game_id: str, tokens: list[str], rate: float, seconds: float
) -> tuple[list[float], float]:
    """The bot's answers while another game moves `rate` times a second; the rate reached."""
    stop = threading.Event()
    made: list[int] = []
    thread = threading.Thread(
        target=lambda: made.append(hammer(base, game_id, tokens, 1 / rate, stop))
    )
    thread.start()
    started = time.monotonic()
    try:
        answers = bot_answers(base, seconds)
    finally:
        stop.set()
        thread.join()
    return answers, made[0] / (time.monotonic() - started)


def drained(client: Client) -> int:
    """Wait for the mail worker to catch up (a phase starts with its queue empty); how many
    jobs are left if it has not within two minutes."""
    deadline = time.monotonic() + 120
    while (left := int(client.llen(f"rq:queue:{QUEUE}"))) and time.monotonic() < deadline:
        time.sleep(0.5)
    return left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rate", type=float, default=5.0, help="hostile moves per second")
    parser.add_argument("--seconds", type=float, default=30.0, help="each phase's length")
    options = parser.parse_args()
    with (
        running_service("always", workers=2, settings=LOOPBACK) as service,
        mail_worker_running(
            service.redis_url, (WORKER, HOOK_WORKER, HOOK_WORKER), **LOOPBACK
        ) as logs,
        socket.create_server(("127.0.0.1", 0), backlog=0) as silent,
    ):
        base, client = service.base, connect(service.redis_url)
        other, tokens = new_game(base, "other", {"rounds": 1, "stall_limit": 0})
        bot_answers(base, 3.0)  # the workers are up
        print(f"the quick bot's answers in one game, {options.seconds:.0f} s each:")
        report("nothing else running", bot_answers(base, options.seconds))
        drained(client)
        answers, rate = beside_moves(base, other, tokens, options.rate, options.seconds)
        report(f"another game moving {rate:.1f}/s", answers)
        drained(client)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/hook"
        (creator,) = sessions_for(tokens[:1])
        creator.put(
            f"{base}/games/{other}/webhook", json={"kind": "standard", "url": url}, timeout=30
        ).raise_for_status()
        before = int(client.llen(f"rq:queue:{QUEUE}"))
        answers, rate = beside_moves(base, other, tokens, options.rate, options.seconds)
        report(f"... its hook never answering, hit {rate:.1f}/s", answers)
        print(
            f"the hostile hook: {rate * options.seconds:.0f} changes, {tried(logs)} posts tried "
            f"(each given up after 2-3 s); the mail worker's queue {before} before, "
            f"{client.llen(f'rq:queue:{QUEUE}')} after"
        )


if __name__ == "__main__":
    main()
