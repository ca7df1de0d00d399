"""Readiness: whether this web process can serve requests now, which a load balancer or an
orchestrator asks before sending it any (`GET /api/v1/health/ready`). Liveness (`/health`,
`/health/live`) only says the process answers: restarting it would not bring back a Redis that
is down, restarting or still replaying its AOF, so that is readiness's question, and its answer
comes back to 200 by itself once Redis does.
"""

from __future__ import annotations

from functools import cached_property

from redis.backoff import NoBackoff
from redis.exceptions import RedisClusterException, RedisError
from redis.retry import Retry

from server.domain.errors import N_, Unavailable
from server.storage.redis_client import Client, connect

PROBE_SECONDS = 1.0
"""How long a PING may take, connecting included, before the answer is "not ready": a probe
must answer within the checker's own timeout (a second by default in Kubernetes)."""


class Readiness:
    """A PING on a client of its own, with short timeouts and no retries, so the probe never
    waits as long as requests do (they retry for seconds) nor takes a connection they need."""

    def __init__(self, redis_url: str) -> None:
        self.redis_url = redis_url

    @cached_property
    def client(self) -> Client:
        """Made at the first probe: a Redis Cluster client connects as it is made."""
        return connect(
            self.redis_url,
            socket_timeout=PROBE_SECONDS,
            socket_connect_timeout=PROBE_SECONDS,
            retry=Retry(NoBackoff(), 0),
        )

    def check(self) -> None:
        """Returns if Redis answers a PING in time; else a 503 `unavailable`."""
        try:
            self.client.ping()
        except (RedisError, RedisClusterException) as error:
            raise Unavailable(
                N_("not ready: the service's storage does not answer"),
                {"cause": type(error).__name__},
            ) from None
