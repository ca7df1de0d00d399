"""Rate limits (flask-limiter, counted in the service's Redis): per token where there is one,
so a script cannot dodge its limit by changing address; else per client address."""

from __future__ import annotations

from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from server.auth import bearer_token
from server.players import hash_token
from server.services import services


def rate_limit_key() -> str:
    token = bearer_token()
    return "token:" + hash_token(token) if token else "addr:" + get_remote_address()


def limiter_storage(redis_url: str) -> str:
    """The `limits` package names a unix-socket Redis differently from redis-py."""
    if redis_url.startswith("unix://"):
        return "redis+unix://" + redis_url.removeprefix("unix://")
    return redis_url


limiter = Limiter(
    rate_limit_key,
    default_limits=[lambda: services().config.rate_limit],
    strategy="sliding-window-counter",
    key_prefix="ratelimit",
    swallow_errors=True,
)
"""One limiter per process; its limits come from the serving app's config at each request.
A sliding window of two counters: unlike a moving window (a list of every request's time, with a
binary search of it for each answer's X-RateLimit headers), each count costs the same small
script whatever the limit, and a client's whole state is two integers.
If Redis cannot be reached to count, the request goes on uncounted: it then meets the outage
itself (a 503) or, had its own writes already happened, keeps its real answer."""

registration_limit = limiter.limit(
    lambda: services().config.registration_limit, key_func=get_remote_address, methods=["POST"]
)
"""New accounts per address: tokens are free, so this is what bounds making more of them."""
