"""Each player's events (`server.domain.games.events`), kept for their one wait (`GET /me/wait`).

What a player keeps grows with their games, not their moves: one entry per game, its latest
event, in one hash, `{p:ID}:changes` (the game, then the event's score in hex and the event;
about 60 bytes a game, within what Redis keeps compactly). A cursor is `MS-SEQ`, its score
`MS * 1000 + SEQ`, made from Redis's TIME and after every cursor made before (`~last`), so
cursors are time-ordered and one from the future can be told. A game's new event replaces its
entry: a game that changed twice between two asks is told once, with its latest change (its
`status`, `to_act` and `your_turn` are the game as it stands), so a script that asks again
after the last cursor it saw misses no game that changed in between, whichever web process it
asks. The same event told twice (a resent message) is written once. Writing reads and writes
one entry; asking reads the player's entries whole, at most `TURNPOST_EVENTS_KEPT_COUNT` of
them (a few tens for most players).

Entries are kept for `TURNPOST_EVENTS_KEPT` seconds and for the last
`TURNPOST_EVENTS_KEPT_COUNT` games, whichever is fewer: the hash expires that long after the
last write, an entry older is dropped as the player next asks, and the oldest goes when a game
more would pass the count. Only an entry dropped so is a drop (an entry replaced by its game's
next one is not): the newest cursor ever dropped is kept beside the entries (`~dropped`), and a
cursor before it is told so (`Since.expired`). Each write announces itself on the hash's
name, the channel a waiting poll listens on (`server.storage.waits`).

A change's events are written by the very script that writes the change (`EVENTS_LUA`, which
`server.storage.games.log_scripts` runs in its own scripts): a move and its events are one step, in
the round trip the move takes anyway, and no event tells of a change that was refused. Only on a
Cluster, where one script cannot write a game's keys and its players', and for talk (a
message's number is known once it is said) are they written apart, right after (`tell`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from redis.cluster import RedisCluster

from server.domain.games.events import PlayerEvent
from server.settings import Config
from server.storage import keys
from server.storage.redis_client import Client, as_text

# What both scripts share: cursors and their scores, the player's entries read in order, and
# those no longer kept dropped, the newest score ever dropped kept beside them (`~dropped`; and
# `~last`, the newest score made, so that cursors only grow).
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
  return string.format('%d-%d', math.floor(score / 1000), score % 1000)
end
local function hex(score) return string.format('%x', score) end
local function unhex(text) return text and tonumber(text, 16) or 0 end
local function now_ms()
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
end
local function entries(changes)
  local all = redis.call('HGETALL', changes)
  local found = {}
  for i = 1, #all, 2 do
    if string.sub(all[i], 1, 1) ~= '~' then
      local score, event = string.match(all[i + 1], '^(%x+) (.*)$')
      found[#found + 1] = {all[i], unhex(score), event}
    end
  end
  table.sort(found, function(a, b) return a[2] < b[2] end)
  return found
end
local function trim(changes, count, oldest, found)
  local drop = 0
  while drop < #found and (found[drop + 1][2] < oldest * 1000 or #found - drop > count) do
    drop = drop + 1
  end
  if drop == 0 then return found end
  for i = 1, drop do redis.call('HDEL', changes, found[i][1]) end
  if found[drop][2] > unhex(redis.call('HGET', changes, '~dropped')) then
    redis.call('HSET', changes, '~dropped', hex(found[drop][2]))
  end
  local left = {}
  for i = drop + 1, #found do left[#left + 1] = found[i] end
  return left
end
"""

# The players' events of one change, written by the script that makes the change (or by TELL
# alone): `write_events(first_key, first_arg)` takes KEYS[first_key..] as the players' entries and
# ARGV[first_arg..] as the game, how many games are kept, for how many ms, then one event per
# player. An event equal to the game's latest is dropped; each one written replaces the game's
# entry, with a cursor after every other, and is announced. Only a player at the bound of
# games kept has their entries read whole (the oldest is dropped); replacing reads one.
EVENTS_LUA = (
    TRIM
    + """
local function write_events(first_key, first_arg)
  local game = ARGV[first_arg]
  local count, kept_ms = tonumber(ARGV[first_arg + 1]), tonumber(ARGV[first_arg + 2])
  local now = now_ms()
  for i = first_key, #KEYS do
    local changes = KEYS[i]
    local event = ARGV[first_arg + 3 + i - first_key]
    local kept = redis.call('HGET', changes, game)
    if not kept or string.match(kept, '^%x+ (.*)$') ~= event then
      local score = math.max(now * 1000, unhex(redis.call('HGET', changes, '~last')) + 1)
      local made = hex(score)
      redis.call('HSET', changes, game, made .. ' ' .. event, '~last', made)
      if not kept and redis.call('HLEN', changes) > count + 1 then
        trim(changes, count, now - kept_ms, entries(changes))
      end
      redis.call('PEXPIRE', changes, kept_ms)
      redis.call('PUBLISH', changes, cursor_of(score))
    end
  end
end
"""
)

TELL = EVENTS_LUA + "write_events(1, 1)\n"
"""A change's events on their own: where the change was written apart (talk), or on a Cluster,
where one script cannot write both a game's keys and its players'."""

# KEYS: the player's entries.  ARGV: the cursor ('': now), how many games are kept, for how
# many ms, how many to return at most.  Returns {what the cursor is (0 fine, 1 expired, 2 from
# the future), the cursor read from, then per game after it: the game, its cursor, its event}.
# Entries gone (nothing written for longer than events are kept) took with them nothing still
# kept: only a cursor from before that, but the origin, is expired.
SINCE = (
    TRIM
    + """
local now = now_ms()
local oldest = now - tonumber(ARGV[3])
local after = ARGV[1]
local top = unhex(redis.call('HGET', KEYS[1], '~last'))
if after == '' then return {0, cursor_of(top > 0 and top or (now - 1) * 1000), {}} end
local at = score_of(after)
if at > math.max(top, now * 1000 + 999) then return {2, after, {}} end
if top == 0 then return {(at ~= 0 and at < oldest * 1000) and 1 or 0, after, {}} end
local found = trim(KEYS[1], tonumber(ARGV[2]), oldest, entries(KEYS[1]))
if after ~= '0' and at < unhex(redis.call('HGET', KEYS[1], '~dropped')) then
  return {1, after, {}}
end
local most, answer = tonumber(ARGV[4]), {}
for _, entry in ipairs(found) do
  if entry[2] > at and #answer < most then
    answer[#answer + 1] = {entry[1], cursor_of(entry[2]), entry[3]}
  end
end
return {0, after, answer}
"""
)

MOST = 100
"""Events answered at once at most; the cursor then says where to go on."""

FIELDS = ("type", "kind", "version", "status", "to_act", "your_turn", "message", "rematch")
"""What an event tells of its game, kept in this order as a list (the names are not kept for
each one, nor the game, which is its entry's; `your_turn` as 0 or 1, and the nulls it ends
with left out), so that an entry stays within what Redis keeps compactly."""


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

    def script_args(self, events: Sequence[PlayerEvent]) -> tuple[list[str], list[Any]]:
        """The keys and arguments that `write_events` (in EVENTS_LUA) takes for one change's
        events, all of one game: for a script that writes them with the change itself."""
        players = [channel(event.player) for event in events]
        written = [orjson.dumps(kept(event)) for event in events]
        game = events[0].game if events else ""
        return players, [game, self.kept_count, self.kept_ms, *written]

    def tell(self, events: Sequence[PlayerEvent]) -> None:
        """One change's events written on their own, in one script; on a Cluster one script a
        player (each player's keys are a slot of their own)."""
        if not events:
            return
        groups = [[event] for event in events] if self.apart else [list(events)]
        for group in groups:
            touched, args = self.script_args(group)
            self._tell(keys=touched, args=args)

    def since(self, player_id: str, cursor: str | None) -> Since:
        """The player's events after `cursor` (None: from now on, none yet): each game's
        latest that came after it, oldest first."""
        state, start, entries = self._since(
            keys=[channel(player_id)],
            args=[cursor or "", self.kept_count, self.kept_ms, MOST],
        )
        events = [
            {
                "cursor": as_text(entry_cursor),
                "game": as_text(game),
                **event_of(orjson.loads(event)),
            }
            for game, entry_cursor, event in entries
        ]
        return Since(as_text(start), events, state == 1, state == 2)


def kept(event: PlayerEvent) -> list[Any]:
    """What the player is told of the event's game, as kept (`FIELDS`): the event but for
    whom it is for and the game."""
    values = [getattr(event, name) for name in FIELDS]
    values[FIELDS.index("your_turn")] = int(event.your_turn)
    while values[-1] is None:
        values.pop()
    return values


def event_of(values: list[Any]) -> dict[str, Any]:
    """An event as kept (`kept`), as the player is told it."""
    event = dict(zip(FIELDS, values + [None] * (len(FIELDS) - len(values)), strict=True))
    event["your_turn"] = bool(event["your_turn"])
    return event


def channel(player_id: str) -> str:
    """The player's entries, each game's latest event, whose name is also the channel their
    writes are announced on."""
    return keys.player(player_id, "changes")
