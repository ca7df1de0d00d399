"""How the API tells the worker that a game changed, so no change goes unannounced.

`changing` marks the game in the sweep index *before* its log, meta or seats change, and
`changed` queues the planning job after. If the process dies in between, the mark is still
there and the worker's periodic sweep plans the game; a game's planned-up-to version lives
beside its log (`{g:ID}:mail`), so planning twice finds nothing new the second time.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import redis
from redis.cluster import RedisCluster
from rq import Queue, Retry

from server.config import Config
from server.redis_client import Client, connect

QUEUE = "turnpost"
CHANGED = "mail:games"
"""Sorted set: game id → when it was last marked as changing."""

log = logging.getLogger(__name__)

RETRY = Retry(max=8, interval=[10, 30, 120, 600, 1800, 3600, 3600, 3600])
"""Back-off for a job that failed (an SMTP server down, a worker killed)."""


def queue(connection: redis.Redis) -> Queue:
    return Queue(QUEUE, connection=connection)


def queue_connection(config: Config, client: Client) -> redis.Redis:
    """TURNPOST_QUEUE_URL's Redis, else the service's own. RQ's steps span keys of several
    slots, so a Redis Cluster cannot hold the queue: refuse to start rather than lose jobs."""
    found = connect(config.queue_url) if config.queue_url else client
    if isinstance(found, RedisCluster):
        raise RuntimeError(
            "the mail worker's queue (RQ) cannot live on a Redis Cluster: set "
            "TURNPOST_QUEUE_URL to a Redis of its own (redis:// or redis+sentinel://)"
        )
    return found


class GameWatch:
    """The listener `GameService` calls around every change to a game."""

    def __init__(
        self, client: Client, jobs: redis.Redis, clock: Callable[[], float] = time.time
    ) -> None:
        self.client = client
        self.queue = queue(jobs)
        self.clock = clock

    def changing(self, game_id: str) -> None:
        """NX: a mark already there stays as it was (a refused move changes nothing)."""
        self.client.zadd(CHANGED, {game_id: self.clock()}, nx=True)

    def changed(self, game_id: str) -> None:
        """The change is written by now: a queue out of reach must not turn it into an error
        for the player. The mark made by `changing` stays, and the worker's sweep plans it."""
        try:
            with self.queue.connection.pipeline() as pipe:  # one round trip, not RQ's two
                self.queue.enqueue(
                    "server.notify.jobs.plan",
                    game_id,
                    retry=RETRY,
                    description=f"plan {game_id}",
                    pipeline=pipe,
                )
                pipe.execute()
        except redis.RedisError:
            log.warning("could not queue the plan of game %s; the sweep will plan it", game_id)
