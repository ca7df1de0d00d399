"""How the mail worker learns that a game changed, so no change goes unannounced.

`GameWatch.changing` marks the game in the sweep index *before* its log, meta or seats change.
The write itself announces the change on the game's channel, in the same script
(`server.storage.game_store`), and the worker's `relay` turns each announcement into a planning job.
The web process therefore pays one round trip (the mark) and never touches the job queue.

Login links asked for on the login page travel the same way: the address is marked in
`mail:logins` and announced on the channel of that name (`AskedLogins.ask`), and the relay
queues a job that mails them (`server.notify.logins`).

An announcement nobody heard (no worker running, or its subscription broken for a moment) is not
lost: the mark is still there, and the relay plans every marked game each time it subscribes
(the worker's periodic sweep too, for a mark left too long). A game's planned-up-to version
lives beside its log (`server.storage.mail_state`), so planning twice finds nothing new the
second time.

A game has one planning job queued at a time (`queue_plan`), however many announcements, workers
and sweeps ask for one: a sweep every few seconds had queued a job per marked game each time,
3,015 jobs for 246 games behind a load, and the mail waited for them all. The job takes its
game's place in the queue back as it starts (`plan_started`), before it reads the game, so a change
made while it runs queues the next one, which plans it.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable

import redis
from redis.client import PubSub
from redis.cluster import RedisCluster
from rq import Queue, Retry

from server.settings import Config
from server.storage import keys, redis_client
from server.storage.redis_client import Client, connect, members

QUEUE = "turnpost"
HOOK_QUEUE = "turnpost-hooks"
"""Webhook posts, apart: run by the hook worker, so a hook that never answers delays no mail,
bot or clock (`server.notify.webhooks`)."""
CHANGED = "mail:games"
"""Sorted set: game id → when it was last marked as changing."""
ANNOUNCEMENTS = keys.game("*", "log")
"""The pattern of every game's channel."""
LOGINS = "mail:logins"
"""Sorted set: address → when a login link was asked for it; also the channel announcing it."""

QUEUED = "mail:queued:"
"""`mail:queued:ID`, in the queue's Redis: a job planning the game waits in the queue."""
QUEUED_FOR = 900
"""Seconds a game's place in the queue is kept at most: a job lost before it started (the
queue's Redis restored from an older copy, say) holds the game's next ones back no longer. One
that waits longer behind a backlog only lets a second job in."""

# KEYS: a game's place in the queue.  ARGV: the job giving it up.
GIVE_UP = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

log = logging.getLogger(__name__)

SUBSCRIBED_WITHIN = 5.0
"""Seconds to wait for Redis to confirm the subscription."""

RETRY = Retry(max=8, interval=[10, 30, 120, 600, 1800, 3600, 3600, 3600])
"""Back-off for a job that failed (an SMTP server down, a worker killed)."""


def queue(connection: redis.Redis, name: str = QUEUE) -> Queue:
    return Queue(name, connection=connection)


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
    """The listener `GameService` calls before every change to a game, and the worker's view of
    the marks."""

    def __init__(self, client: Client, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.clock = clock

    def changing(self, game_id: str, via: Client | None = None) -> None:
        """NX: a mark already there stays as it was (a refused move changes nothing)."""
        (via or self.client).zadd(CHANGED, {game_id: self.clock()}, nx=True)

    def marked(self, game_id: str) -> float | None:
        """When the game was marked (None: it is not)."""
        return self.client.zscore(CHANGED, game_id)

    def mark(self, game_id: str, at: float, anew: bool = False) -> None:
        """Mark the game as changed `at`, unless it is marked already (`anew`: whether or not,
        moving the mark to `at`)."""
        self.client.zadd(CHANGED, {game_id: at}, nx=not anew)

    def unmark(self, game_id: str) -> None:
        self.client.zrem(CHANGED, game_id)

    def marked_before(self, moment: float) -> list[str]:
        """The games marked at `moment` or before (their change not planned since)."""
        return members(self.client.zrangebyscore(CHANGED, "-inf", moment))


class AskedLogins:
    """The addresses login links were asked for at, until the worker mails them."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def ask(self, email: str, now: float) -> None:
        """Have the worker mail login links to the players registered at `email`, if any: the
        same two writes whatever the address, so asking tells nothing of who is registered."""
        self.client.zadd(LOGINS, {email: now}, nx=True)
        self.client.publish(LOGINS, "1")

    def asked(self) -> list[str]:
        return members(self.client.zrange(LOGINS, 0, -1))

    def withdraw(self, email: str) -> bool:
        """Take the address out; True if it was there (a worker that takes it mails it)."""
        return bool(self.client.zrem(LOGINS, email))

    def again(self, email: str, now: float) -> None:
        """Put an address taken back, unless it was asked for anew meanwhile (no announcement:
        the job that took it is retried)."""
        self.client.zadd(LOGINS, {email: now}, nx=True)

    def asked_before(self, moment: float) -> bool:
        """Whether an address asked for at `moment` or before is still waiting."""
        return bool(self.client.zrangebyscore(LOGINS, "-inf", moment, start=0, num=1))


def listen(client: Client) -> PubSub:
    """A subscription to every game's channel and to login requests, confirmed: every change
    from now on is heard."""
    subscription = redis_client.subscription(client, ignore_subscribe_messages=True)
    subscription.psubscribe(ANNOUNCEMENTS)
    subscription.subscribe(LOGINS)
    for _ in range(2):  # reads each confirmation, says None
        subscription.get_message(timeout=SUBSCRIBED_WITHIN)
    return subscription


def relay_heard(subscription: PubSub, jobs: Queue, timeout: float) -> int:
    """Queue a job for each announcement heard within `timeout` (and for those that follow it
    at once): a game's planning, or the login links asked for; returns how many."""
    relayed = 0
    while message := subscription.get_message(timeout=timeout if relayed == 0 else 0.0):
        channel = message["channel"].decode()
        if channel == LOGINS:
            queue_login_mail(jobs, "asked")
        else:
            queue_plan(jobs, keys.game_of(channel), "plan")
        relayed += 1
    return relayed


def queue_plan(jobs: Queue, game_id: str, why: str) -> None:
    """A job that plans the game, unless one is queued already: that one will see this change
    too, since it reads the game only once it has started. The game's place names the job."""
    place, job_id = QUEUED + game_id, f"plan-{uuid.uuid4().hex}"
    if not jobs.connection.set(place, job_id, nx=True, ex=QUEUED_FOR):
        return
    try:
        jobs.enqueue(
            "server.notify.jobs.plan",
            game_id,
            job_id=job_id,
            retry=RETRY,
            description=f"{why} {game_id}",
        )
    except BaseException:
        jobs.connection.delete(place)  # no job holds it: the next to ask queues one
        raise


def plan_started(jobs: Queue, game_id: str, job_id: str) -> None:
    """Said by a game's planning job as it starts (and as it is retried), so that a change from
    now on queues a job of its own: the game's place is given up if this job holds it (a retry
    must not give up the place of a job queued since)."""
    jobs.connection.eval(GIVE_UP, 1, QUEUED + game_id, job_id)


def queue_bot(jobs: Queue, game_id: str) -> None:
    jobs.enqueue("server.notify.jobs.play_bot", game_id, retry=RETRY, description=f"bot {game_id}")


def queue_login_mail(jobs: Queue, why: str) -> None:
    jobs.enqueue("server.notify.jobs.login_mail", retry=RETRY, description=f"login links {why}")


def relay(client: Client, jobs: Queue, stop: threading.Event) -> None:
    """The worker's thread that turns announcements into jobs until `stop`. Each time it
    subscribes (at the start, and anew after a broken connection) it first plans every game
    still marked: whatever changed while nobody listened was marked before it was written."""
    while not stop.is_set():
        try:
            subscription = listen(client)
            try:
                for game in members(client.zrange(CHANGED, 0, -1)):
                    queue_plan(jobs, game, "catch up")
                if client.zcard(LOGINS):
                    queue_login_mail(jobs, "catch up")
                while not stop.is_set():
                    relay_heard(subscription, jobs, timeout=1.0)
            finally:
                subscription.close()
        except redis.RedisError as error:
            log.warning("relay of game changes interrupted (%s); catching up on return", error)
            stop.wait(1.0)
