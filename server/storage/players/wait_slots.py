"""How many long polls each player holds open at once, counted across every web process.

A waiting long poll holds one of the requests its web process serves at once for up to
`TURNPOST_MAX_WAIT` seconds. Six accounts holding a few hundred each, within their rate limits,
took every one of them, and a game's view waited most of a minute for a poll to end. Each
player may hold `TURNPOST_WAITS_PER_PLAYER`; one more is refused with 429 `too_many_waits` and
a `Retry-After`. (What many players hold together is bounded per process: `server.storage.waits`.)

The count is kept in Redis, since a player's polls may go to any process: a sorted set per
player of the polls open now, each scored with the time it ends by at the latest. Counting
drops those past their time first, so a process killed with polls open (its `finally` never
ran) holds their places only until their deadline, where a plain counter would keep them
forever. Times are Redis's own clock, the same for every process.
"""

from __future__ import annotations

import contextlib
import math
import secrets
from collections.abc import Iterator

from server.domain.errors import N_, TooMany
from server.storage import keys
from server.storage.redis_client import UNAVAILABLE, Client

GRACE_MS = 5000
"""How long past its deadline a poll may still hold its place: time to look at the game once
more, build the answer and say it is done."""

# KEYS: the player's open polls.  ARGV: how many may be open, this poll's id, its time in ms.
# Returns 0 if it may wait, else the milliseconds until the first open one ends at the latest.
TAKE = """
local now = redis.call('TIME')
local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(first[2]) - now_ms)
end
redis.call('ZADD', KEYS[1], now_ms + tonumber(ARGV[3]), ARGV[2])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
return 0
"""


class WaitSlots:
    def __init__(self, client: Client, per_player: int) -> None:
        self.client = client
        self.per_player = per_player
        self._take = client.register_script(TAKE)

    @contextlib.contextmanager
    def held(self, player_id: str, seconds: float) -> Iterator[None]:
        """A place for one of the player's polls, for at most `seconds`; 429 if they hold
        `per_player` already."""
        key, poll = keys.player(player_id, "waits"), secrets.token_hex(8)
        hold_ms = math.ceil(seconds * 1000) + GRACE_MS
        wait_ms = int(self._take(keys=[key], args=[self.per_player, poll, hold_ms]))
        if wait_ms:
            retry = math.ceil(wait_ms / 1000)
            raise TooMany(
                N_(
                    "you have %(limit)d long polls open already, the most one player may; "
                    "wait for one to answer (at the latest in %(retry)d seconds)"
                ),
                {"limit": self.per_player, "retry_after": retry},
                "too_many_waits",
                {"limit": self.per_player, "retry": retry},
            )
        try:
            yield
        finally:
            with contextlib.suppress(*UNAVAILABLE):  # its place ends with its deadline anyway
                self.client.zrem(key, poll)
