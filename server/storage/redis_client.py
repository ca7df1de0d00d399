"""The one place a Redis URL becomes a client, so every process reaches Redis the same way.

`redis+cluster://host:port` (any one node of a Redis Cluster; the rest are discovered) gives a
`RedisCluster`; `redis+sentinel://host:port[,host:port...]/name` a client of the master that
those Sentinels know as `name`, found again after a failover; any other URL redis-py understands
(`redis://`, `rediss://`, `unix://`) a plain client. The rate limiter (the `limits` package)
reads the same schemes. They share the commands turnpost uses, and every multi-key step touches
keys of one hash tag (see `server.storage.keys`), so the code above does not care which it has.
The helpers at the end read their replies with the types redis-py's own cannot give them.
"""

from __future__ import annotations

import re
import select
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeAlias, cast

import redis
from gevent import monkey
from redis._parsers import _HiredisParser
from redis.client import PubSub
from redis.cluster import ClusterPipeline, RedisCluster
from redis.exceptions import ClusterDownError, ConnectionError, TimeoutError, TryAgainError
from redis.sentinel import Sentinel
from redis.typing import EncodableT, FieldT, ZSetRangeResponse

CLUSTER_SCHEME = "redis+cluster://"
SENTINEL_SCHEME = "redis+sentinel://"

Client: TypeAlias = redis.Redis | RedisCluster
Pipe: TypeAlias = redis.client.Pipeline | ClusterPipeline
"""What `Client.pipeline()` gives."""

UNAVAILABLE = (ConnectionError, TimeoutError, ClusterDownError, TryAgainError)
"""Redis is down, restarting, still loading its AOF, or a cluster slot is moving: the request
may be sent again. (A write the server made before the connection broke is found by the retry's
Idempotency-Key.)"""

MAX_CONNECTIONS = 10_000
"""How many connections a process may open to one Redis: as many as Redis takes by default.
redis-py 8 caps a pool at 100 unless told, and refuses a command past that, while a web process
serves up to a thousand requests at once (gunicorn's default for its async workers), each of
which may be talking to Redis (a thousand long polls arriving together each look at their game)."""

_os_poll = monkey.get_original("select", "poll")
"""The operating system's poll, even where gevent has put its own in `select`."""


class QuickReadinessParser(_HiredisParser):
    """Before lending a pooled connection, redis-py polls it with no timeout to make sure nothing
    is left unread. In a gevent web process `select.poll` is gevent's, which takes even a poll
    that cannot wait through the event loop, a switch to the hub and back: 33 µs against 1.5,
    three times a move, about a tenth of its CPU (`docs/performance.md`). This answers the usual
    case, nothing buffered and nothing on the socket, with the operating system's poll, which
    cannot block at a zero timeout; everything else (a reply waiting, a closed socket, TLS, a
    real timeout) goes to redis-py as before."""

    def can_read(self, timeout: float = 0) -> bool:
        sock, reader = self._sock, self._reader
        if (
            timeout == 0
            and sock is not None
            and reader is not None
            and not hasattr(sock, "pending")
            and not reader.has_data()
        ):
            poller = _os_poll()
            poller.register(sock, select.POLLIN)
            if not poller.poll(0):
                return False
        return bool(super().can_read(timeout))


OPTIONS: dict[str, Any] = {"max_connections": MAX_CONNECTIONS, "parser_class": QuickReadinessParser}
"""What every client of every Redis is made with, the rate limiter's included."""


def is_cluster(url: str) -> bool:
    return url.startswith(CLUSTER_SCHEME)


def shown_url(url: str) -> str:
    """A Redis URL for a log line: its password, if it has one, left out."""
    return re.sub(r"(//[^:/@]*:)[^@/]*@", r"\1***@", url)


def connect(url: str, **options: Any) -> Client:
    """A client of the Redis at `url`, made with `OPTIONS` and any `options` of redis-py's."""
    if is_cluster(url):
        cluster_url = "redis://" + url.removeprefix(CLUSTER_SCHEME)
        return RedisCluster.from_url(cluster_url, **{**OPTIONS, **options})
    if url.startswith(SENTINEL_SCHEME):
        hosts, _, name = url.removeprefix(SENTINEL_SCHEME).partition("/")
        sentinels = [
            (host, int(port)) for host, _, port in (h.rpartition(":") for h in hosts.split(","))
        ]
        master: redis.Redis = Sentinel(sentinels).master_for(name, **{**OPTIONS, **options})
        return master
    return connect_server(url, **options)


def connect_server(url: str, **options: Any) -> redis.Redis:
    """A client of the one redis-server at `url` (`redis://`, `rediss://`, `unix://`), such as
    one node of a cluster, spoken to as itself."""
    return redis.Redis.from_url(url, **{**OPTIONS, **options})


def subscription(client: Client, **options: Any) -> PubSub:
    """`client.pubsub(**options)`, one name for a subscription on a client of either kind."""
    made: PubSub = client.pubsub(**options)
    return made


# What a reply is. redis-py types each reply `bytes | str`: a client made with decode_responses
# answers str, and `connect` makes none, so turnpost's clients answer bytes; these read either.


def as_text(reply: bytes | str) -> str:
    return reply.decode() if isinstance(reply, bytes) else reply


def as_bytes(reply: bytes | str) -> bytes:
    return reply if isinstance(reply, bytes) else reply.encode()


def members(reply: ZSetRangeResponse) -> list[str]:
    """The members a range of a sorted set answers when asked without their scores, as text.
    (redis-py types a range with scores and one without alike.)"""
    return [as_text(member) for member in cast(list[bytes | str], reply)]


def hash_fields(mapping: Mapping[str, str]) -> Mapping[FieldT, EncodableT]:
    """`mapping` as `hset` takes it. redis-py types its `mapping` with keys of every type a field
    may have, which no `dict[str, str]` is (a Mapping's key type must match exactly)."""
    return cast(Mapping[FieldT, EncodableT], mapping)


EMBEDDED = "redis"
"""Where under the data directory (TURNPOST_DATA) `turnpost-server serve` keeps its Redis."""


def socket_path(directory: Path) -> Path:
    """The unix socket of a redis-server with its data in `directory` and no port."""
    return directory.resolve() / "redis.sock"


def embedded_url(data_dir: Path) -> str | None:
    """Where the embedded Redis of `serve` on `data_dir` listens (None: its socket is not
    there, so no `serve` runs on it): what the tools run beside it (mail-in, mail-poll) use
    when REDIS_URL is not set."""
    socket = socket_path(data_dir / EMBEDDED)
    return f"unix://{socket}" if socket.exists() else None
