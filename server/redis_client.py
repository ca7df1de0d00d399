"""The one place a Redis URL becomes a client, so every process reaches Redis the same way.

`redis+cluster://host:port` (any one node of a Redis Cluster; the rest are discovered) gives a
`RedisCluster`; any other URL redis-py understands (`redis://`, `rediss://`, `unix://`) a plain
client. The two share the commands turnpost uses, and every multi-key step touches keys of one
hash tag (see `server.keys`), so the code above does not care which it has.
"""

from __future__ import annotations

from typing import TypeAlias

import redis
from redis.cluster import RedisCluster
from redis.exceptions import ClusterDownError, ConnectionError, TimeoutError, TryAgainError

CLUSTER_SCHEME = "redis+cluster://"

Client: TypeAlias = redis.Redis | RedisCluster

UNAVAILABLE = (ConnectionError, TimeoutError, ClusterDownError, TryAgainError)
"""Redis is down, restarting, still loading its AOF, or a cluster slot is moving: the request
may be sent again. (A write the server made before the connection broke is found by the retry's
Idempotency-Key.)"""


def is_cluster(url: str) -> bool:
    return url.startswith(CLUSTER_SCHEME)


def connect(url: str) -> Client:
    if is_cluster(url):
        return RedisCluster.from_url("redis://" + url.removeprefix(CLUSTER_SCHEME))
    return redis.Redis.from_url(url)
