"""Rate limits, counted by the `limits` package in Redis.

Every request but the health checks and the docs page counts once against its client: the
player whose valid token it carries (so a script cannot dodge its limit by changing address, nor
by rotating its token), else its address. A made-up token counts as none: it would otherwise be
a fresh client each time, with a fresh counter in Redis, and no limit at all. Registering counts
a second time, per address, against its own stricter limit, since tokens are free and this is
what bounds making more of them. Asking the login page for a link counts twice more against
its own limit, per address asking and per address to mail, whether anyone is registered there
or not (`count_login`), so the page can neither flood a mailbox nor tell who plays here.

The window slides over two counters, so each count is one small script in Redis, whatever the
limit, and a client's whole state is two integers. The hook calls `limits` itself rather than
going through flask-limiter, whose per-request resolution of limits (and its X-RateLimit headers,
a second read of the window) cost about a quarter of a game view's CPU
(`docs/performance.md`); only a refusal reads the window again, for its `Retry-After`.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time

from flask import request
from limits import RateLimitItem, parse
from limits.errors import StorageError
from limits.storage import storage_from_string
from limits.strategies import SlidingWindowCounterRateLimiter

from server.domain.errors import N_
from server.http.auth import caller
from server.http.errors import ApiError
from server.storage.redis_client import OPTIONS

log = logging.getLogger(__name__)

NAMESPACE = "ratelimit"
UNCOUNTED = frozenset({"meta.health", "meta.live", "meta.ready", "web.static"})
"""Endpoints that never count: the health checks are for load balancers and monitors, and the
web pages' style sheet is the same few bytes for everyone (as are the docs page and its files,
which the app adds: `RateLimits(uncounted=...)`)."""
REGISTER = "players.register"
RATE_LIMITS = "turnpost.rate_limits"
"""Where the app keeps its `RateLimits` (`app.extensions`), for the login page."""


def limiter_storage(redis_url: str) -> str:
    """The `limits` package names a unix-socket Redis differently from redis-py."""
    if redis_url.startswith("unix://"):
        return "redis+unix://" + redis_url.removeprefix("unix://")
    return redis_url


def client_key(player_id: str | None, address: str) -> str:
    """Whom a request counts against: its player (by a digest of their id, so the counters
    keep nothing of a player whose account is deleted while they run), else its address."""
    return "player:" + digest(player_id) if player_id else "addr:" + address


def digest(text: str) -> str:
    """What a counter is kept under instead of `text`: a player's id, an address to mail."""
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class RateLimits:
    def __init__(
        self,
        storage_uri: str,
        per_client: str,
        registrations: str,
        logins: str,
        uncounted: frozenset[str] = UNCOUNTED,
    ) -> None:
        self.uncounted = uncounted
        self.window = SlidingWindowCounterRateLimiter(
            storage_from_string(storage_uri, wrap_exceptions=True, **OPTIONS)
        )
        self.per_client = parse(per_client)
        self.registrations = parse(registrations)
        self.logins = parse(logins)

    def count_request(self) -> None:
        """Before every request: count it against its client, or refuse it with 429."""
        if request.endpoint in self.uncounted:
            return
        address = str(request.remote_addr)
        player = caller()
        self._count(self.per_client, client_key(player.id if player else None, address))
        if request.endpoint == REGISTER and request.method == "POST":
            self._count(self.registrations, "register:" + address)

    def count_login(self, email: str) -> None:
        """A login link asked for `email`: refused with 429 past the limit, alike for every
        address (counted by a hash of it, so the counters hold no addresses)."""
        self._count(self.logins, "login-from:" + str(request.remote_addr))
        self._count(self.logins, "login-to:" + digest(email.casefold()))

    def _count(self, limit: RateLimitItem, client: str) -> None:
        """If the counters cannot be reached, the request goes on uncounted: it then meets the
        outage itself (a 503) or, had its own writes already happened, keeps its real answer."""
        try:
            if self.window.hit(limit, NAMESPACE, client):
                return
            reset_at, _ = self.window.get_window_stats(limit, NAMESPACE, client)
        except StorageError as error:
            log.warning("rate-limit counters out of reach, request not counted: %s", error)
            return
        wait = max(1, math.ceil(reset_at - time.time()))
        raise ApiError(
            429,
            "rate_limited",
            N_("over the limit of %(limit)s; try again in %(wait)d seconds"),
            {"limit": str(limit), "retry_after": wait},
            headers={"Retry-After": str(wait)},
            values={"limit": str(limit), "wait": wait},
        )
