"""The worker processes. The mail worker: RQ runs the jobs; a small ticker queues `tick` every
few seconds, and the relay (`server.storage.watch`) queues a plan for each change the games
announce. The hook worker: RQ runs the webhook posts alone, from their own queue, one at a time,
so an address that answers slowly or never holds up only other hooks, and each of those for no
longer than a post's timeouts.

Several of either may run at once (each job is safe to repeat); every mail worker ticks and
relays, which only means the periodic checks run a little more often: a game's change queues
one planning job whichever worker hears it first (`watch.queue_plan`).
"""

from __future__ import annotations

import logging
import threading

from rq import Queue, SimpleWorker, Worker

from server.settings import Config
from server.storage.players import Players
from server.storage.redis_client import connect
from server.storage.watch import HOOK_QUEUE, RETRY, queue, queue_connection, relay


def ticker(jobs: Queue, every: float, stop: threading.Event) -> None:
    """Queue a tick now (to catch up after a restart) and then every `every` seconds."""
    while True:
        jobs.enqueue("server.notify.jobs.tick", retry=RETRY, description="tick")
        if stop.wait(every):
            return


def run(config: Config) -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    client = connect(config.redis_url)
    jobs = queue(queue_connection(config, client))
    # First the worker: it gives the connections made from now on a socket timeout longer than
    # its blocking wait for jobs. A connection the threads below opened before (redis-py's
    # default timeout is 5 s) would break that wait every few seconds, and RQ backs off.
    # A job's result is nothing: a finished job is deleted at once rather than kept for RQ's
    # default 500 s (each move makes two).
    worker = Worker([jobs], connection=jobs.connection, default_result_ttl=0)
    Players(client).index_addresses()
    stop = threading.Event()
    for name, target, args in (
        ("ticker", ticker, (jobs, config.tick_seconds, stop)),
        ("relay", relay, (client, jobs, stop)),
    ):
        threading.Thread(target=target, args=args, daemon=True, name=name).start()
    try:
        worker.work(with_scheduler=True)
    finally:
        stop.set()


def run_hooks(config: Config) -> None:
    """Post to webhooks until stopped. In the worker's own process, not a child forked per job
    as mail's: a post is a few seconds of waiting at most, and a fork per post would cost more."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    posts = queue(queue_connection(config, connect(config.redis_url)), HOOK_QUEUE)
    worker = SimpleWorker([posts], connection=posts.connection, default_result_ttl=0)
    worker.work(with_scheduler=True)
