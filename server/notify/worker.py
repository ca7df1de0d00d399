"""The worker processes. The mail worker: RQ runs the jobs of the play queue first, then those
of the mail queue; a small ticker queues `tick` every few seconds, and the relay
(`server.notify.queues`) queues a plan for each change the games announce. The play worker:
the same, but for the play queue alone (the plans of games in play, bots' moves, clocks' checks), so
no delivery, however slow its SMTP server, and no one player's thousand invitations hold up a
bot or a clock. The hook worker: RQ runs the webhook posts alone, from their own queue, one at
a time, so an address that answers slowly or never holds up only other hooks, and each of those
for no longer than a post's timeouts.

Several of any may run at once (each job is safe to repeat); every mail and play worker ticks and
relays, which costs nothing twice: a job is queued once per subject whichever worker asks first
(`JobQueues.once`).
"""

from __future__ import annotations

import logging
import threading

from rq import SimpleWorker, Worker

from server.notify import job_context
from server.notify.queues import JobQueues, relay
from server.settings import Config
from server.storage.games.watch import queue_connection
from server.storage.players.profiles import Players
from server.storage.redis_client import connect


def ticker(queues: JobQueues, every: float, stop: threading.Event) -> None:
    """Queue a tick now (to catch up after a restart) and then every `every` seconds."""
    while True:
        queues.once("tick", urgent=True)
        if stop.wait(every):
            return


def run(config: Config, mail: bool = True) -> None:
    """Run jobs until stopped: the play queue's, then (`mail`) the mail queue's."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    client = connect(config.redis_url)
    queues = JobQueues.on(queue_connection(config, client))
    # First the worker: it gives the connections made from now on a socket timeout longer than
    # its blocking wait for jobs. A connection the threads below opened before (redis-py's
    # default timeout is 5 s) would break that wait every few seconds, and RQ backs off.
    # A job's result is nothing: a finished job is deleted at once rather than kept for RQ's
    # default 500 s (each move makes two).
    served = [queues.play, queues.mail] if mail else [queues.play]
    worker = Worker(served, connection=queues.connection, default_result_ttl=0)
    Players(client).index_addresses()
    # What every job works with, made once here: each job's process, forked from this one,
    # starts with it rather than connecting and loading anew (redis-py opens its own
    # connections in a forked process).
    job_context.current()
    stop = threading.Event()
    for name, target, args in (
        ("ticker", ticker, (queues, config.tick_seconds, stop)),
        ("relay", relay, (client, queues, stop)),
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
    posts = JobQueues.on(queue_connection(config, connect(config.redis_url))).hooks
    worker = SimpleWorker([posts], connection=posts.connection, default_result_ttl=0)
    worker.work(with_scheduler=True)
