"""The worker's queues as the worker fills them: a job queued once per subject in the place the
store claims for it (`JobQueues.once`), and the relay that turns the games' announcements into
jobs.

A change to a game is marked, then announced on the game's channel
(`server.storage.games.watch`); each mail and play worker's `relay` hears every announcement and
queues the game's planning, urgent for a game in play, and for the login links asked for on the
login page, a job that mails them (`server.notify.logins`). An announcement nobody heard (no
worker running, or its subscription broken for a moment) is not lost: the mark is still there,
and the relay has every marked game planned each time it subscribes (`jobs.catch_up`; the
worker's periodic sweep too, for a mark left too long).
"""

from __future__ import annotations

import logging
import threading

import redis
from redis.client import PubSub
from rq import Retry

from server.storage import redis_client
from server.storage.games.clocks import CLOCKS_CHANGED
from server.storage.games.watch import (
    ANNOUNCEMENTS,
    LOGINS,
    PLACE,
    Queues,
    announced_game,
    in_play,
)
from server.storage.redis_client import Client

log = logging.getLogger(__name__)

SUBSCRIBED_WITHIN = 5.0
"""Seconds to wait for Redis to confirm the subscription."""

RETRY = Retry(max=8, interval=[10, 30, 120, 600, 1800, 3600, 3600, 3600])
"""Back-off for a job that failed (an SMTP server down, a worker killed)."""


class JobQueues(Queues):
    """The queues, with the worker's jobs queued in them by kind."""

    def once(self, kind: str, subject: str = "", *args: str, urgent: bool = False) -> bool:
        """Queue `server.notify.jobs.KIND` for `subject` (with `args`, else the subject alone)
        unless a job of that kind waits for it already (`Queues.claim`). `urgent`: on the play
        queue, and a job of the kind waiting in the mail queue for the subject gives way to it.
        Whether this call queued one."""
        place = self.claim(kind, subject, urgent)
        if place is None:
            return False
        try:
            place.queue.enqueue(
                f"server.notify.jobs.{kind}",
                *(args or ((subject,) if subject else ())),
                job_id=place.job_id,
                retry=RETRY,
                description=f"{kind} {subject}".rstrip(),
                meta={PLACE: place.key},
            )
        except BaseException:
            self.give_up(place)
            raise
        return True


def listen(client: Client) -> PubSub:
    """A subscription to every game's channel and to login requests, confirmed: every change
    from now on is heard."""
    subscription = redis_client.subscription(client, ignore_subscribe_messages=True)
    subscription.psubscribe(ANNOUNCEMENTS)
    subscription.subscribe(LOGINS)
    for _ in range(2):  # reads each confirmation, says None
        subscription.get_message(timeout=SUBSCRIBED_WITHIN)
    return subscription


def relay_heard(subscription: PubSub, queues: JobQueues, timeout: float) -> int:
    """Queue a job for each announcement heard within `timeout` (and for those that follow it
    at once): a game's planning (urgent for a game in play), or the login links asked for;
    returns how many were heard. A clock's announcement is the worker's own, after a plan."""
    relayed = 0
    while message := subscription.get_message(timeout=timeout if relayed == 0 else 0.0):
        channel = message["channel"].decode()
        if channel == LOGINS:
            queues.once("login_mail")
        elif message["data"] != CLOCKS_CHANGED.encode():
            queues.once("plan", announced_game(channel), urgent=in_play(message["data"]))
        relayed += 1
    return relayed


def relay(client: Client, queues: JobQueues, stop: threading.Event) -> None:
    """The worker's thread that turns announcements into jobs until `stop`. Each time it
    subscribes (at the start, and anew after a broken connection) it first has every game still
    marked planned (`jobs.catch_up`): whatever changed while nobody listened was marked before
    it was written."""
    while not stop.is_set():
        try:
            subscription = listen(client)
            try:
                queues.once("catch_up", urgent=True)
                while not stop.is_set():
                    relay_heard(subscription, queues, timeout=1.0)
            finally:
                subscription.close()
        except redis.RedisError as error:
            log.warning("relay of game changes interrupted (%s); catching up on return", error)
            stop.wait(1.0)
