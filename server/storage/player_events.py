"""Each player's events (`server.domain.concerns`), kept for their one wait (`GET /me/wait`).

A capped stream per player, `{p:ID}:events`: an event's id is its cursor, so a script that asks
again after the last cursor it saw misses nothing in between, whichever web process it asks.
Events are kept for `TURNPOST_EVENTS_KEPT` seconds and the last `TURNPOST_EVENTS_KEPT_COUNT`,
whichever is fewer; a cursor older than what was dropped is told so (`Since.expired`), from
the newest id ever dropped, kept beside the stream, so a cursor after which nothing was dropped
still resumes. Each write announces itself on the stream's name, the
channel a waiting poll listens on (`server.storage.waits`).

The process that changed a game writes the events right after the change (the listener
`GameService` calls, `server.storage.watch.GameWatch.concerned`), so a poll wakes within a round
trip of the move. The same event told twice (a resent message) is written once: each player
keeps the last event written per game (`{p:ID}:events:last`), and one equal to it is dropped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from redis.cluster import RedisCluster

from server.domain.concerns import Concern
from server.storage import keys
from server.storage.redis_client import Client, as_text

# What both scripts share: ids compared, and the stream trimmed to what is kept, the newest id
# it ever dropped kept beside it (`~dropped` in the player's `events:last`: Redis's own
# max-deleted-entry-id counts XDEL alone, not trimming).
TRIM = """
local function parts(id)
  local ms, seq = string.match(id, '^(%d+)-(%d+)$')
  if not ms then return tonumber(id), 0 end
  return tonumber(ms), tonumber(seq)
end
local function before(a, b)
  local am, as = parts(a)
  local bm, bs = parts(b)
  return am < bm or (am == bm and as < bs)
end
local function now_ms()
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
end
local function trim(stream, told, count, oldest)
  local last = nil
  local length = redis.call('XLEN', stream)
  if length > count then
    local over = redis.call('XRANGE', stream, '-', '+', 'COUNT', length - count)
    last = over[#over][1]
  end
  local old = redis.call('XREVRANGE', stream, '(' .. oldest .. '-0', '-', 'COUNT', 1)
  if #old > 0 and (last == nil or before(last, old[1][1])) then last = old[1][1] end
  if last then
    local ms, seq = parts(last)
    redis.call('XTRIM', stream, 'MINID', string.format('%d-%d', ms, seq + 1))
    redis.call('HSET', told, '~dropped', last)
  end
end
"""

# KEYS: the player's events, their last event per game.  ARGV: the game, the event, how many
# events are kept, for how many ms.  Returns the event's id, or '' if it was the last already.
TELL = (
    TRIM
    + """
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then return '' end
local kept_ms = tonumber(ARGV[4])
local id = redis.call('XADD', KEYS[1], '*', 'e', ARGV[2])
trim(KEYS[1], KEYS[2], tonumber(ARGV[3]), now_ms() - kept_ms)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], kept_ms)
redis.call('PEXPIRE', KEYS[2], kept_ms)
redis.call('PUBLISH', KEYS[1], id)
return id
"""
)

# KEYS: the player's events, their last event per game.  ARGV: the cursor ('': now), how many
# events are kept, for how many ms, how many to return at most.  Returns {expired (0/1), the
# cursor read from, the events after it}. A stream gone (nothing written for longer than events
# are kept) took with it nothing still kept: only a cursor from before that is expired.
SINCE = (
    TRIM
    + """
local now = now_ms()
local oldest = now - tonumber(ARGV[3])
local after = ARGV[1]
local from_now = (now - 1) .. '-0'  -- before any id XADD makes from now on
if redis.call('EXISTS', KEYS[1]) == 0 then
  if after == '' then return {0, from_now, {}} end
  return {(after ~= '0' and parts(after) < oldest) and 1 or 0, after, {}}
end
trim(KEYS[1], KEYS[2], tonumber(ARGV[2]), oldest)
if after == '' then
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  after = #last > 0 and last[1][1] or from_now
end
local dropped = redis.call('HGET', KEYS[2], '~dropped') or '0-0'
local expired = (after ~= '0' and before(after, dropped)) and 1 or 0
return {expired, after, redis.call('XRANGE', KEYS[1], '(' .. after, '+', 'COUNT', ARGV[4])}
"""
)

MOST = 100
"""Events answered at once at most; the cursor then says where to go on."""


@dataclass(frozen=True)
class Since:
    """What a player's stream holds after `cursor`: `events`, each with its own cursor, and
    whether events after it were dropped unread (`expired`)."""

    cursor: str
    events: list[dict[str, Any]]
    expired: bool

    @property
    def last(self) -> str:
        """Where to ask again from."""
        return self.events[-1]["cursor"] if self.events else self.cursor


class PlayerEvents:
    def __init__(self, client: Client, kept_seconds: int, kept_count: int) -> None:
        self.client = client
        self.kept_ms = kept_seconds * 1000
        self.kept_count = kept_count
        self._tell = client.register_script(TELL)
        self._since = client.register_script(SINCE)

    def tell(self, concerns: Sequence[Concern]) -> None:
        """Each concern into its player's stream: in one round trip, pipelined, where the
        players' keys may be written together (a Cluster takes them one by one: each player's
        keys are a slot of their own)."""
        apart = isinstance(self.client, RedisCluster)
        pipe = None if apart else self.client.pipeline(transaction=False)
        for concern in concerns:
            event = {k: v for k, v in dataclasses.asdict(concern).items() if k != "player"}
            self._tell(
                keys=[channel(concern.player), keys.player(concern.player, "events:last")],
                args=[concern.game, orjson.dumps(event), self.kept_count, self.kept_ms],
                client=pipe,
            )
        if pipe is not None:
            pipe.execute()

    def since(self, player_id: str, cursor: str | None) -> Since:
        """The player's events after `cursor` (None: from now on, none yet)."""
        expired, start, entries = self._since(
            keys=[channel(player_id), keys.player(player_id, "events:last")],
            args=[cursor or "", self.kept_count, self.kept_ms, MOST],
        )
        events = [
            {"cursor": as_text(entry_id), **orjson.loads(fields[1])}  # its one field, `e`
            for entry_id, fields in entries
        ]
        return Since(as_text(start), events, bool(expired))


def channel(player_id: str) -> str:
    """The player's stream, whose name is also the channel its writes are announced on."""
    return keys.player(player_id, "events")
