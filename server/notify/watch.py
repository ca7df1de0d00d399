"""How the API tells the worker that a game changed, so no change goes unannounced.

`changing` marks the game in the sweep index *before* its log, meta or seats change, and
`changed` queues the planning job after. If the process dies in between, the mark is still
there and the worker's periodic sweep plans the game; a game's planned-up-to version lives
beside its log (`{g:ID}:mail`), so planning twice finds nothing new the second time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import redis
from rq import Queue, Retry

QUEUE = "turnpost"
CHANGED = "mail:games"
"""Sorted set: game id → when it was last marked as changing."""

RETRY = Retry(max=8, interval=[10, 30, 120, 600, 1800, 3600, 3600, 3600])
"""Back-off for a job that failed (an SMTP server down, a worker killed)."""


def queue(client: redis.Redis) -> Queue:
    return Queue(QUEUE, connection=client)


class GameWatch:
    """The listener `GameService` calls around every change to a game."""

    def __init__(self, client: redis.Redis, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.queue = queue(client)
        self.clock = clock

    def changing(self, game_id: str) -> None:
        """NX: a mark already there stays as it was (a refused move changes nothing)."""
        self.client.zadd(CHANGED, {game_id: self.clock()}, nx=True)

    def changed(self, game_id: str) -> None:
        self.queue.enqueue(
            "server.notify.jobs.plan", game_id, retry=RETRY, description=f"plan {game_id}"
        )
