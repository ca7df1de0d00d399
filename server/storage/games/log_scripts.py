"""The Lua scripts of `server.storage.games.game_log`, each a change to a game or a read of it in
one atomic step (see there why). They name no key: each takes its keys, in the order its comment
gives, from `game_log`, which owns them; those that change a game write its players' events in
the same step (`server.storage.players.events.EVENTS_LUA`).
"""

from __future__ import annotations

from server.storage.players import events as player_events

# KEYS: log, meta, snap, requests, then the players' events' keys (`player_events.EVENTS_LUA`).
# ARGV: expected version, the request's field in the index ('': none), its note, snapshot
#       version (0: none), snapshot tag, snapshot blob, the log's expected last entry, number of
#       meta pairs, the pairs..., number of entries, the entries..., the players' events.
# The log must still end with the entry the move was made after: its length alone does not
# tell a log that lost entries and took others in their place (see
# server.domain.service.state_cache). A note already under the field is returned, nothing appended:
# the caller answers with the move it notes, or refuses a request that is not the one it was made
# for (server.domain.games.idempotency). A compacted game is finished (its `archived` is its
# length; the log key is gone).
APPEND = (
    player_events.EVENTS_LUA
    + """
local field = ARGV[2]
if field ~= '' then
  local prior = redis.call('HGET', KEYS[4], field)
  if prior then
    redis.call('HSET', KEYS[4], field, prior)  -- a write to WAIT for; see MADE
    return {'replayed', prior}
  end
end
local archived = redis.call('HGET', KEYS[2], 'archived')
if archived then return {'inactive', archived} end
local version = redis.call('LLEN', KEYS[1])
local last = version > 0 and redis.call('LINDEX', KEYS[1], -1) or ''
if version ~= tonumber(ARGV[1]) or last ~= ARGV[7] then return {'stale', tostring(version)} end
if redis.call('HGET', KEYS[2], 'status') ~= 'active' then return {'inactive', tostring(version)} end
local pairs_count = tonumber(ARGV[8])
for i = 9, 8 + 2 * pairs_count, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
local first_entry = 10 + 2 * pairs_count
local last_entry = first_entry + tonumber(ARGV[first_entry - 1]) - 1
for i = first_entry, last_entry do redis.call('RPUSH', KEYS[1], ARGV[i]) end
local new_version = version + last_entry - first_entry + 1
if tonumber(ARGV[4]) > 0 then
  redis.call('HSET', KEYS[3], 'version', ARGV[4], 'tag', ARGV[5], 'state', ARGV[6])
end
if field ~= '' then redis.call('HSET', KEYS[4], field, ARGV[3]) end
redis.call('HINCRBY', KEYS[2], 'revision', 1)
redis.call('PUBLISH', KEYS[1], redis.call('HGET', KEYS[2], 'status') or '')
if #KEYS > 4 then write_events(5, last_entry + 1) end
return {'appended', tostring(new_version)}
"""
)


# KEYS: meta, log (its name is the channel), then the players' events' keys.  ARGV: how many
# items the meta pairs take, the pairs, the players' events (`player_events.EVENTS_LUA`).  A game's
# meta appears whole or not at all.
CREATE = (
    player_events.EVENTS_LUA
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local items = tonumber(ARGV[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 2, 1 + items))
redis.call('PUBLISH', KEYS[2], redis.call('HGET', KEYS[1], 'status') or '')
if #KEYS > 2 then write_events(3, 2 + items) end
return 1
"""
)

# KEYS: meta, log (its name is the channel), archive, then the players' events' keys.  ARGV:
# field, the value it must still have ('': it must be absent), the archive anew ('': as it is),
# how many items the pairs to set take, the pairs, the players' events (`player_events.EVENTS_LUA`).
# A compare-and-set on one key: what WATCH/MULTI does, in one step that also runs on Redis
# Cluster. The log does not grow, so the revision says it changed (a long poll compares both).
UPDATE_IF = (
    player_events.EVENTS_LUA
    + """
if (redis.call('HGET', KEYS[1], ARGV[1]) or '') ~= ARGV[2] then return 0 end
if ARGV[3] ~= '' then redis.call('SET', KEYS[3], ARGV[3]) end
local items = tonumber(ARGV[4])
if items > 0 then redis.call('HSET', KEYS[1], unpack(ARGV, 5, 4 + items)) end
redis.call('HINCRBY', KEYS[1], 'revision', 1)
redis.call('PUBLISH', KEYS[2], redis.call('HGET', KEYS[1], 'status') or '')
if #KEYS > 3 then write_events(4, 5 + items) end
return 1
"""
)

# KEYS: requests, the request's record from before the index (server.domain.games.idempotency),
# meta, archive.  ARGV: the request's field in the index, 1 to rewrite what is found.
# Where a request's move is noted: in the index, a record from before, or a compacted game's
# archive. Rewritten unchanged when asked: a write of this connection that replicates after
# it, so WAIT/WAITAOF right after it also confirm it, and the move written before it.
MADE = """
local rewrite = ARGV[2] == '1'
local noted = redis.call('HGET', KEYS[1], ARGV[1])
if noted then
  if rewrite then redis.call('HSET', KEYS[1], ARGV[1], noted) end
  return {'index', noted}
end
local record = redis.call('GET', KEYS[2])
if record then
  if rewrite then redis.call('SET', KEYS[2], record, 'KEEPTTL') end
  return {'record', record}
end
local archived = redis.call('HGET', KEYS[3], 'archived')
if archived then
  if rewrite then redis.call('HSET', KEYS[3], 'archived', archived) end
  return {'archive', redis.call('GET', KEYS[4])}
end
return false
"""

# KEYS: meta, snap, log, archive, and the talk if it is asked for.  ARGV: the version of a state
# the caller holds (0: none), the log entry that state ends with, and where in the talk to start.
# Returns, in one trip, the meta pairs and the log from where a replay is to start: the cached
# state's version if that entry is still in its place (see server.domain.service.state_cache), else
# the snapshot, with the snapshot; and the log's last entry. For a compacted game: its meta pairs
# and its archive. The talk asked for comes last.
LOAD = """
local function loaded()
  local meta = redis.call('HGETALL', KEYS[1])
  if #meta == 0 then return false end
  if redis.call('HEXISTS', KEYS[1], 'archived') == 1 then
    return {meta, redis.call('GET', KEYS[4])}
  end
  local length = redis.call('LLEN', KEYS[3])
  local last = redis.call('LINDEX', KEYS[3], -1) or ''
  local cached = tonumber(ARGV[1])
  if cached > 0 and cached <= length
     and redis.call('LINDEX', KEYS[3], cached - 1 - length) == ARGV[2] then
    return {meta, cached, 1, '', '', redis.call('LRANGE', KEYS[3], cached, -1), last}
  end
  local snap = redis.call('HMGET', KEYS[2], 'version', 'tag', 'state')
  local from = tonumber(snap[1]) or 0
  local tail = redis.call('LRANGE', KEYS[3], from, -1)
  return {meta, from, 0, snap[2] or '', snap[3] or '', tail, last}
end
local found = loaded()
if found and #KEYS > 4 then table.insert(found, redis.call('LRANGE', KEYS[5], ARGV[3], -1)) end
return found
"""

# KEYS: meta, log, archive.  ARGV: LRANGE's first and last index.  The log's entries there; for
# a compacted game, its meta pairs and its archive.
READ = """
if redis.call('HEXISTS', KEYS[1], 'archived') == 1 then
  return {redis.call('HGETALL', KEYS[1]), redis.call('GET', KEYS[3])}
end
return {redis.call('LRANGE', KEYS[2], ARGV[1], ARGV[2])}
"""

# KEYS: meta, log, snap, requests, archive, then the game's other keys that go with its plain
# form.  ARGV: the log's length and last entry, and the record's revision, that the archive was
# made from, the archive, then the record's pairs in the compact form (`record.compacted`).
# The whole change or none of it: a crash leaves the game plain or compacted, never between.
# A record changed since it was read ('moved') is read again.
COMPACT = """
if redis.call('HGET', KEYS[1], 'status') ~= 'finished' then return 0 end
if redis.call('HEXISTS', KEYS[1], 'archived') == 1 then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
if (redis.call('LINDEX', KEYS[2], -1) or '') ~= ARGV[2] then return 0 end
if (redis.call('HGET', KEYS[1], 'revision') or '0') ~= ARGV[3] then return 'moved' end
redis.call('SET', KEYS[5], ARGV[4])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], unpack(KEYS, 6))
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
return 1
"""
