"""Each player's events (`server.domain.concerns`), kept for their one wait (`GET /me/wait`).

What a player keeps grows with their games, not their moves: one entry per game, its latest
event. `{p:ID}:changes` orders the player's games by their latest event's cursor (a sorted
set, the cursor `MS-SEQ` its score `MS * 1000 + SEQ`, made from Redis's TIME, so cursors are
time-ordered and one from the future can be told); `{p:ID}:changes:told` holds each game's
latest event. A game's new event replaces its entry: a game that changed twice between two
asks is told once, with its latest change (its `status`, `to_act` and `your_turn` are the game
as it stands), so a script that asks again after the last cursor it saw misses no game that
changed in between, whichever web process it asks. The same event told twice (a resent
message) is written once.

Entries are kept for `TURNPOST_EVENTS_KEPT` seconds and for the last
`TURNPOST_EVENTS_KEPT_COUNT` games, whichever is fewer; both keys expire that long after the
last write. Only an entry dropped so is a drop (an entry replaced by its game's next one is
not): the newest cursor ever dropped is kept beside the entries (`~dropped`), and a cursor
before it is told so (`Since.expired`). Each write announces itself on `{p:ID}:changes`, the
channel a waiting poll listens on (`server.storage.waits`).

A change's events are written by the very script that writes the change (`TOLD`, which
`server.storage.game_store` runs in its own scripts): a move and its events are one step, in the
round trip the move takes anyway, and no event tells of a change that was refused. Only on a
Cluster, where one script cannot write a game's keys and its players', and for talk (a
message's number is known once it is said) are they written apart, right after (`tell`).
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

# What both scripts share: cursors and their scores, and the entries trimmed to what is kept,
# the newest score ever dropped kept beside them (`~dropped` in the player's `changes:told`).
TRIM = """
local function parts(cursor)
  local ms, seq = string.match(cursor, '^(%d+)-(%d+)$')
  if not ms then return tonumber(cursor), 0 end
  return tonumber(ms), tonumber(seq)
end
local function score_of(cursor)
  local ms, seq = parts(cursor)
  return ms * 1000 + math.min(seq, 999)
end
local function cursor_of(score)
  local s = tonumber(score)
  return string.format('%d-%d', math.floor(s / 1000), s % 1000)
end
local function now_ms()
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
end
local function trim(order, told, count, oldest)
  local gone = redis.call('ZRANGEBYSCORE', order, '-inf', string.format('(%d', oldest * 1000))
  local over = redis.call('ZCARD', order) - #gone - count
  if over > 0 then gone = redis.call('ZRANGE', order, 0, #gone + over - 1) end
  if #gone == 0 then return end
  local mark = tonumber(redis.call('ZSCORE', order, gone[#gone]))
  for _, game in ipairs(gone) do
    redis.call('ZREM', order, game)
    redis.call('HDEL', told, game)
  end
  if mark > tonumber(redis.call('HGET', told, '~dropped') or 0) then
    redis.call('HSET', told, '~dropped', string.format('%d', mark))
  end
end
"""

# The players' events of one change, written by the script that makes the change (or by TELL
# alone): `told(first_key, first_arg)` takes KEYS[first_key..] as pairs (a player's games in
# order, their latest events) and ARGV[first_arg..] as the game, how many games are kept, for
# how many ms, then one event per pair. An event equal to the game's latest is dropped; each
# one written replaces the game's entry, after every other, and is announced.
TOLD = (
    TRIM
    + """
local function told(first_key, first_arg)
  local game = ARGV[first_arg]
  local count, kept_ms = tonumber(ARGV[first_arg + 1]), tonumber(ARGV[first_arg + 2])
  local now = now_ms()
  for i = first_key, #KEYS, 2 do
    local order, latest = KEYS[i], KEYS[i + 1]
    local event = ARGV[first_arg + 3 + (i - first_key) / 2]
    if redis.call('HGET', latest, game) ~= event then
      local score = math.max(now * 1000, tonumber(redis.call('HGET', latest, '~dropped') or 0) + 1)
      local last = redis.call('ZRANGE', order, -1, -1, 'WITHSCORES')
      if #last > 0 and tonumber(last[2]) >= score then score = tonumber(last[2]) + 1 end
      redis.call('ZADD', order, string.format('%d', score), game)
      redis.call('HSET', latest, game, event)
      trim(order, latest, count, now - kept_ms)
      redis.call('PEXPIRE', order, kept_ms)
      redis.call('PEXPIRE', latest, kept_ms)
      redis.call('PUBLISH', order, cursor_of(score))
    end
  end
end
"""
)

TELL = TOLD + "told(1, 1)\n"
"""A change's events on their own: where the change was written apart (talk), or on a Cluster,
where one script cannot write both a game's keys and its players'."""

# KEYS: the player's games in order, their latest events.  ARGV: the cursor ('': now), how many
# games are kept, for how many ms, how many to return at most.  Returns {what the cursor is (0
# fine, 1 expired, 2 from the future), the cursor read from, then per game after it: the game,
# its cursor, its event}. Keys gone (nothing written for longer than events are kept) took with
# them nothing still kept: only a cursor from before that, but the origin, is expired.
SINCE = (
    TRIM
    + """
local now = now_ms()
local oldest = now - tonumber(ARGV[3])
local after = ARGV[1]
local from_now = (now - 1) * 1000  -- before any cursor made from now on
local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
top = #top > 0 and tonumber(top[2]) or 0
if after == '' then return {0, cursor_of(top > 0 and top or from_now), {}} end
local at = score_of(after)
if at > math.max(top, now * 1000 + 999) then return {2, after, {}} end
if top == 0 then
  local origin = at == 0
  return {(not origin and at < oldest * 1000) and 1 or 0, after, {}}
end
trim(KEYS[1], KEYS[2], tonumber(ARGV[2]), oldest)
if after ~= '0' and at < tonumber(redis.call('HGET', KEYS[2], '~dropped') or 0) then
  return {1, after, {}}
end
local found = redis.call(
  'ZRANGEBYSCORE', KEYS[1], string.format('(%d', at), '+inf', 'WITHSCORES', 'LIMIT', 0, ARGV[4])
local games, entries = {}, {}
for i = 1, #found, 2 do games[#games + 1] = found[i] end
if #games == 0 then return {0, after, {}} end
local events = redis.call('HMGET', KEYS[2], unpack(games))
for i, game in ipairs(games) do
  entries[#entries + 1] = {game, cursor_of(found[2 * i]), events[i]}
end
return {0, after, entries}
"""
)

MOST = 100
"""Events answered at once at most; the cursor then says where to go on."""

FIELDS = ("type", "kind", "version", "status", "to_act", "your_turn", "rematch", "message")
"""What an event tells of its game, kept in this order (a list: the names are not kept for
each one, nor the game, which is its entry's)."""


@dataclass(frozen=True)
class Since:
    """What a player's entries hold after `cursor`: `events`, each with its own cursor, and
    whether events after it were dropped unread (`expired`) or the cursor is one no event
    had yet (`future`)."""

    cursor: str
    events: list[dict[str, Any]]
    expired: bool
    future: bool = False

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
        events = [orjson.dumps(kept(concern)) for concern in concerns]
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
        """The player's events after `cursor` (None: from now on, none yet): each game's
        latest that came after it, oldest first."""
        state, start, entries = self._since(
            keys=keys_of(player_id),
            args=[cursor or "", self.kept_count, self.kept_ms, MOST],
        )
        events = [
            {
                "cursor": as_text(entry_cursor),
                "game": as_text(game),
                **dict(zip(FIELDS, orjson.loads(event), strict=True)),
            }
            for game, entry_cursor, event in entries
        ]
        return Since(as_text(start), events, state == 1, state == 2)


def kept(concern: Concern) -> list[Any]:
    """What the player is told of the concern's game, as kept (`FIELDS`): the concern but for
    whom it is for and the game."""
    return [getattr(concern, name) for name in FIELDS]


def keys_of(player_id: str) -> list[str]:
    """The player's games in the order of their latest events, and those events."""
    return [channel(player_id), keys.player(player_id, "changes:told")]


def channel(player_id: str) -> str:
    """The player's games in order, whose name is also the channel their writes are announced
    on."""
    return keys.player(player_id, "changes")
