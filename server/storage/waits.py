"""Long polls share one Redis subscription per web process.

Every script that changes a game publishes on the game's channel (the name of its log key, see
`server.storage.games.game_log`), and a long poll waits to hear it. With a subscription of its
own, each waiting poll held a Redis connection: a file descriptor of the web process, and one of
Redis's clients, which moves need too (Redis takes 10,000). A thousand waiting scripts took a
thousand of each. Here one connection per process carries every channel its polls wait on,
subscribed while at least one of them waits.

A poll looks at its game after it is registered, and again each time it is woken. It is woken
by a message on its channel, and also when Redis confirms the channel's subscription: a move
made between the poll's first look and the subscription taking effect is then seen at the
second look. After a broken connection redis-py subscribes again, and the confirmations wake
every poll to look once more, for what was said while nobody listened.

Under gunicorn, a poll holds one of the requests its worker serves at once, and the worker
takes no more: with every one of them held by polls, a game's view
or a move would wait to be accepted until a poll ended. So a process lets at most `room` polls
wait at once, fewer than it serves, and answers one more at once with 503 `busy`.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from redis.client import PubSub

from server.domain.errors import N_, Unavailable
from server.storage.redis_client import UNAVAILABLE, Client, subscription

log = logging.getLogger(__name__)

LOOK_AGAIN_SECONDS = 5.0
"""A waiting poll looks at its game at least this often, whatever it has heard: a subscriber
that is reconnecting hears nothing."""

LISTEN_SECONDS = 1.0
RECONNECT_SECONDS = 1.0
BUSY_RETRY_SECONDS = 5


class Waits:
    """The long polls of one web process, and their subscription."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._lock = threading.Lock()  # orders each channel's SUBSCRIBE and UNSUBSCRIBE
        self._polls: dict[str, set[threading.Event]] = {}
        self._subscription: PubSub | None = None
        self._waiting = 0
        self.room: int | None = None
        """How many polls may wait at once (None: any number); set by gunicorn's hooks."""
        self.stopping = False
        """Set by `end`: a poll that starts after it answers at once too."""

    def wait(self, channel: str, changed: Callable[[], bool], deadline: float) -> bool:
        """Whether `changed()` came true before `deadline` (monotonic), or the process began
        to stop (`end`)."""
        woken = threading.Event()
        self._join(channel, woken)
        try:
            while True:
                woken.clear()
                if changed():
                    return True
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.stopping:
                    return False
                woken.wait(min(remaining, LOOK_AGAIN_SECONDS))
        finally:
            self._leave(channel, woken)

    def end(self) -> None:
        """Have every poll answer now, as its game stands: a stopping web process finishes
        the requests it has (gunicorn gives them 30 s), and a long poll would otherwise hold it
        up until its own timeout, or be cut off."""
        self.stopping = True
        with self._lock:
            self._wake(None)

    def _join(self, channel: str, woken: threading.Event) -> None:
        with self._lock:
            if self.room is not None and self._waiting >= self.room:
                raise busy()
            self._waiting += 1
            polls = self._polls.setdefault(channel, set())
            polls.add(woken)
            if len(polls) > 1:
                return
            try:
                self._subscribed().subscribe(channel)
            except BaseException:
                del self._polls[channel]  # nobody else joined: the lock is held
                self._waiting -= 1
                raise

    def _leave(self, channel: str, woken: threading.Event) -> None:
        with self._lock:
            self._waiting -= 1
            polls = self._polls[channel]
            polls.discard(woken)
            if polls:
                return
            del self._polls[channel]
            self._unsubscribe(channel)

    def _subscribed(self) -> PubSub:
        """The subscription, and its listener, made with the first poll."""
        if self._subscription is None:
            self._subscription = subscription(self._client)
            threading.Thread(target=self._listen, name="turnpost-waits", daemon=True).start()
        return self._subscription

    def _listen(self) -> None:
        assert self._subscription is not None
        while True:
            try:
                message = self._subscription.get_message(timeout=LISTEN_SECONDS)
            except Exception as error:  # the listener must outlive any one failure
                with self._lock:
                    self._wake(None)
                    if not self._polls:  # nobody to subscribe again for: idle until somebody
                        self._subscription.reset()
                        continue
                log.warning("long polls' subscription broken, subscribing again: %r", error)
                time.sleep(RECONNECT_SECONDS)
                continue
            if message is not None:
                self._heard(message)

    def _heard(self, message: dict[str, Any]) -> None:
        if message["type"] not in ("message", "subscribe"):
            return
        channel = message["channel"].decode()
        with self._lock:
            if channel in self._polls:
                self._wake(channel)
            elif message["type"] == "subscribe":
                # Nobody waits on it any more: the last poll left while it was being subscribed,
                # or its unsubscribing failed and redis-py subscribed it again on reconnecting.
                self._unsubscribe(channel)

    def _unsubscribe(self, channel: str) -> None:
        """Called with the lock held. If the connection is broken, redis-py subscribes the
        channel again on reconnecting, and the confirmation finds nobody waiting (`_heard`)."""
        with contextlib.suppress(*UNAVAILABLE):
            self._subscribed().unsubscribe(channel)

    def _wake(self, channel: str | None) -> None:
        """Wake the polls of `channel`, or every poll. Called with the lock held."""
        for polls in [self._polls.get(channel, set())] if channel else self._polls.values():
            for woken in polls:
                woken.set()


def busy() -> Unavailable:
    return Unavailable(
        N_(
            "this server holds as many long polls as it can while leaving room for other "
            "requests; ask again in %(retry)d seconds"
        ),
        {"retry_after": BUSY_RETRY_SECONDS},
        "busy",
        BUSY_RETRY_SECONDS,
        {"retry": BUSY_RETRY_SECONDS},
    )
