"""Each player's outbox: notices planned for them and not yet delivered.

An item moves outbox → sending (claimed by one delivery, with the time it was claimed) → sent
(its id remembered for `SENT_DAYS`), each move one Lua script on the player's keys. So an item
is added at most once however often planning is repeated, is delivered by one worker at a
time, and if that worker dies, its claim runs out after `LEASE_SECONDS` and the item goes back
to the outbox: nothing is lost and nothing sent twice, short of a worker dying between the
SMTP server's "accepted" and the script that records it. Once a game is compacted nothing is
planned for it again, so what was sent about it is forgotten then, and
what is sent about it later is not remembered.

`mail:due` (a sorted set: player → when their held mail is due) lets the periodic tick find
players whose mail waits, without a scan; `mail:recheck` (a set) names the players whose
settings changed since, whose held mail the next tick looks at again.
"""

from __future__ import annotations

import json
from typing import Any

from server.storage import keys
from server.storage.redis_client import Client, as_text, members

LEASE_SECONDS = 300
"""Longer than a delivery can take (SMTP timeouts are 30 s per step)."""
SENT_DAYS = 60
DUE = "mail:due"
RECHECK = "mail:recheck"

# KEYS: outbox, sending, sent.  ARGV: id, item.
ADD = """
if redis.call('ZSCORE', KEYS[3], ARGV[1]) or redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  return 0
end
return redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
"""

# KEYS: outbox, sending.  ARGV: now, lease, ids...
# Claims past their lease go back to the outbox first; returns the items claimed now.
CLAIM = """
local now, lease = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HGETALL', KEYS[2])
for i = 1, #held, 2 do
  local claim = cjson.decode(held[i + 1])
  if claim.claimed + lease <= now then
    redis.call('HSETNX', KEYS[1], held[i], cjson.encode(claim.item))
    redis.call('HDEL', KEYS[2], held[i])
  end
end
local claimed = {}
for i = 3, #ARGV do
  local item = redis.call('HGET', KEYS[1], ARGV[i])
  if item then
    redis.call('HDEL', KEYS[1], ARGV[i])
    redis.call('HSET', KEYS[2], ARGV[i], '{"claimed":' .. ARGV[1] .. ',"item":' .. item .. '}')
    table.insert(claimed, item)
  end
end
return claimed
"""

# KEYS: sending, sent.  ARGV: now, keep-until cutoff, how many of the ids to remember, ids...
DONE = """
local remembered = 3 + tonumber(ARGV[3])
for i = 4, #ARGV do
  redis.call('HDEL', KEYS[1], ARGV[i])
  if i <= remembered then redis.call('ZADD', KEYS[2], ARGV[1], ARGV[i]) end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
return #ARGV - 3
"""

# KEYS: sending, outbox.  ARGV: ids...
RELEASE = """
for i = 1, #ARGV do
  local claim = redis.call('HGET', KEYS[1], ARGV[i])
  if claim then
    redis.call('HSETNX', KEYS[2], ARGV[i], cjson.encode(cjson.decode(claim).item))
    redis.call('HDEL', KEYS[1], ARGV[i])
  end
end
return #ARGV
"""


def item_id(game_id: str, version: int, kind: str) -> str:
    """One notice of one kind per game version (and player: each outbox is one player's)."""
    return f"{game_id}:{version}:{kind}"


class Outbox:
    def __init__(self, client: Client) -> None:
        self.client = client
        self._add = client.register_script(ADD)
        self._claim = client.register_script(CLAIM)
        self._done = client.register_script(DONE)
        self._release = client.register_script(RELEASE)

    @staticmethod
    def _keys(player_id: str, *parts: str) -> list[str]:
        return [keys.player(player_id, part) for part in parts]

    def add(self, player_id: str, item: dict[str, Any], now: float) -> bool:
        """Put a notice in the outbox unless it is there, being sent, or sent; then index the
        player as having mail due (the flush decides whether it is held)."""
        added = self._add(
            keys=self._keys(player_id, "outbox", "sending", "sent"),
            args=[item["id"], json.dumps(item)],
        )
        self.client.zadd(DUE, {player_id: now}, lt=True)
        return bool(added)

    def waiting(self, player_id: str) -> list[dict[str, Any]]:
        raw = self.client.hvals(keys.player(player_id, "outbox"))
        return sorted((json.loads(item) for item in raw), key=lambda item: item["created"])

    def claim(self, player_id: str, ids: list[str], now: float) -> list[dict[str, Any]]:
        claimed = self._claim(
            keys=self._keys(player_id, "outbox", "sending"), args=[now, LEASE_SECONDS, *ids]
        )
        return sorted((json.loads(item) for item in claimed), key=lambda item: item["created"])

    def reclaim(self, player_id: str, now: float) -> None:
        """Return claims whose lease ran out (their worker died) to the outbox."""
        self.claim(player_id, [], now)

    def done(self, player_id: str, ids: list[str], now: float, forgotten: list[str]) -> None:
        """The claimed items `ids` are sent; remember them, but for those `forgotten`."""
        remembered = [item for item in ids if item not in forgotten]
        self._done(
            keys=self._keys(player_id, "sending", "sent"),
            args=[now, now - SENT_DAYS * 86400, len(remembered), *remembered, *forgotten],
        )

    def forget(self, player_id: str, game_id: str) -> None:
        """Drop what the player's outbox remembers sending about a game that is never planned
        again."""
        sent = keys.player(player_id, "sent")
        ids = [member for member, _ in self.client.zscan_iter(sent, match=f"{game_id}:*")]
        if ids:
            self.client.zrem(sent, *ids)

    def drop(self, player_id: str) -> None:
        """A deleted player's place in the indexes (their outbox goes with their keys)."""
        self.client.zrem(DUE, player_id)
        self.client.srem(RECHECK, player_id)

    def release(self, player_id: str, ids: list[str]) -> None:
        self._release(keys=self._keys(player_id, "sending", "outbox"), args=ids)

    def in_flight(self, player_id: str) -> bool:
        return bool(self.client.hlen(keys.player(player_id, "sending")))

    def due_players(self, now: float) -> list[str]:
        return members(self.client.zrangebyscore(DUE, "-inf", now))

    def schedule(self, player_id: str, at: float) -> None:
        self.client.zadd(DUE, {player_id: at})

    def recheck(self, player_id: str) -> None:
        """The player's quiet hours, digest or time zone changed: the next tick flushes them,
        whenever their held mail was due by the old settings. A set of its own, so that a
        flush still running on the old settings cannot put the time back."""
        self.client.sadd(RECHECK, player_id)

    def rechecks(self) -> list[str]:
        return [as_text(p) for p in self.client.smembers(RECHECK)]

    def rechecked(self, player_ids: list[str]) -> None:
        """Their flushes are queued (and read the settings as they are when they run)."""
        if player_ids:
            self.client.srem(RECHECK, *player_ids)

    def settle(self, player_id: str) -> None:
        """Nothing waits for the player: drop them from the index (a notice added meanwhile
        put them back, or its own flush job still comes)."""
        if not self.client.hlen(keys.player(player_id, "outbox")) and not self.in_flight(player_id):
            self.client.zrem(DUE, player_id)
