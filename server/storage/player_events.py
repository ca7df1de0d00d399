"""Each player's events (`server.domain.concerns`), kept for their one wait (`GET /me/wait`).

A capped stream per player, `{p:ID}:events`: an event's id is its cursor, so a script that asks
again after the last cursor it saw misses nothing in between, whichever web process it asks.
Events are kept for `TURNPOST_EVENTS_KEPT` seconds and the last `TURNPOST_EVENTS_KEPT_COUNT`,
whichever is fewer; a cursor older than what was dropped is told so (`Since.expired`), from
the newest id ever dropped, kept beside the stream, so a cursor after which nothing was dropped
still resumes. Each write announces itself on the stream's name, the channel a waiting poll
listens on (`server.storage.waits`).

A change's events are written by the very script that writes the change (`TOLD`, which
`server.storage.game_store` runs in its own scripts): a move and its events are one step, in the
round trip the move takes anyway, and no event tells of a change that was refused. Only on a
Cluster, where one script cannot write a game's keys and its players', and for talk (a
message's number is known once it is said) are they written apart, right after (`tell`). The
same event told twice (a resent message) is written once: each player keeps the last event
written per game (`{p:ID}:events:last`), and one equal to it is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from redis.cluster import RedisCluster

from server.domain.concerns import Concern
from server.settings import Config
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

# The players' events of one change, written by the script that makes the change (or by TELL
# alone): `told(first_key, first_arg)` takes KEYS[first_key..] as pairs (a player's events,
# their last event per game) and ARGV[first_arg..] as the game, how many events are kept, for
# how many ms, then one event per pair. An event equal to the last one told of the game is
# dropped; each one written is announced on its stream's name.
TOLD = (
    TRIM
    + """
local function told(first_key, first_arg)
  local game = ARGV[first_arg]
  local count, kept_ms = tonumber(ARGV[first_arg + 1]), tonumber(ARGV[first_arg + 2])
  local oldest = now_ms() - kept_ms
  for i = first_key, #KEYS, 2 do
    local event = ARGV[first_arg + 3 + (i - first_key) / 2]
    if redis.call('HGET', KEYS[i + 1], game) ~= event then
      local id = redis.call('XADD', KEYS[i], '*', 'e', event)
      trim(KEYS[i], KEYS[i + 1], count, oldest)
      redis.call('HSET', KEYS[i + 1], game, event)
      redis.call('PEXPIRE', KEYS[i], kept_ms)
      redis.call('PEXPIRE', KEYS[i + 1], kept_ms)
      redis.call('PUBLISH', KEYS[i], id)
    end
  end
end
"""
)

TELL = TOLD + "told(1, 1)\n"
"""A change's events on their own: where the change was written apart (talk), or on a Cluster,
where one script cannot write both a game's keys and its players'."""

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
        self.apart = isinstance(client, RedisCluster)
        """Whether a change's events are written apart from it: on a Cluster one script cannot
        write a game's keys and its players', nor two players' (each a slot of its own)."""

    @classmethod
    def configured(cls, client: Client, config: Config) -> PlayerEvents:
        return cls(client, config.events_kept_seconds, config.events_kept_count)

    def told(self, concerns: Sequence[Concern]) -> tuple[list[str], list[Any]]:
        """The keys and arguments that `told` (in TOLD) takes for one change's events, all of
        one game: for a script that writes them with the change itself."""
        pairs = [key for concern in concerns for key in keys_of(concern.player)]
        events = [orjson.dumps(event_of(concern)) for concern in concerns]
        game = concerns[0].game if concerns else ""
        return pairs, [game, self.kept_count, self.kept_ms, *events]

    def tell(self, concerns: Sequence[Concern]) -> None:
        """One change's events written on their own, in one script; on a Cluster one script a
        player (each player's keys are a slot of their own)."""
        if not concerns:
            return
        groups = [[concern] for concern in concerns] if self.apart else [list(concerns)]
        for group in groups:
            touched, args = self.told(group)
            self._tell(keys=touched, args=args)

    def since(self, player_id: str, cursor: str | None) -> Since:
        """The player's events after `cursor` (None: from now on, none yet)."""
        expired, start, entries = self._since(
            keys=keys_of(player_id),
            args=[cursor or "", self.kept_count, self.kept_ms, MOST],
        )
        events = [
            {"cursor": as_text(entry_id), **orjson.loads(fields[1])}  # its one field, `e`
            for entry_id, fields in entries
        ]
        return Since(as_text(start), events, bool(expired))


def event_of(concern: Concern) -> dict[str, Any]:
    """What the player is told: the concern but for whom it is for."""
    return {
        "game": concern.game,
        "type": concern.type,
        "kind": concern.kind,
        "version": concern.version,
        "status": concern.status,
        "to_act": concern.to_act,
        "your_turn": concern.your_turn,
        "rematch": concern.rematch,
        "message": concern.message,
    }


def keys_of(player_id: str) -> list[str]:
    """The player's events and their last event per game."""
    return [channel(player_id), keys.player(player_id, "events:last")]


def channel(player_id: str) -> str:
    """The player's stream, whose name is also the channel its writes are announced on."""
    return keys.player(player_id, "events")
