"""A game's table talk in Redis (`{g:ID}:talk`, a list of messages, each numbered by its place):
said in one script that keeps its limits, stamps the message with the game's version and
announces it on the game's channel (`server.storage.games.game_log` owns both); read from a
number on; rewritten in place for a deleted account. A game's page reads it with the game, in
the same round trip (`game_log`'s LOAD).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import orjson

from server.domain.encoding import encoded
from server.domain.games.events import PlayerEvent
from server.domain.games.talk_rules import Limits, Spoken, TalkOutcome
from server.storage import keys
from server.storage.games import game_log
from server.storage.players.events import PlayerEvents
from server.storage.redis_client import Client

# KEYS: talk, meta, log.  ARGV: seat, now, key digest ('': none), per window, window, most,
# text.  A message said once (a key already there returns its message), at most `per window`
# of one seat's in `window` seconds, at most `most` in all; stamped with the game's version
# (its log's length, or a compacted game's). No version changes, but the game's channel hears
# of it: a game's page shows its talk and waits for it (a long poll).
SAY = """
local seat, now, key = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local said = redis.call('LRANGE', KEYS[1], 0, -1)
local recent, oldest = 0, now
for i = #said, 1, -1 do
  local message = cjson.decode(said[i])
  if key ~= '' and message.key == key then return {'said', i, said[i]} end
  if message.seat == seat and message.at > now - tonumber(ARGV[5]) then
    recent = recent + 1
    oldest = math.min(oldest, message.at)
  end
end
if recent >= tonumber(ARGV[4]) then
  return {'throttled', tostring(oldest + tonumber(ARGV[5]) - now)}
end
if #said >= tonumber(ARGV[6]) then return {'full', '0'} end
local version = tonumber(redis.call('HGET', KEYS[2], 'archived') or redis.call('LLEN', KEYS[3]))
local message = {seat = seat, at = now, version = version, text = ARGV[7]}
if key ~= '' then message.key = key end
local stored = cjson.encode(message)
redis.call('RPUSH', KEYS[1], stored)
redis.call('PUBLISH', KEYS[3], redis.call('HGET', KEYS[2], 'status') or '')
return {'said', #said + 1, stored}
"""


class RedisGameTalk:
    """The table talk (`server.domain.service.ports.TableTalk`) in Redis."""

    def __init__(self, client: Client, events: PlayerEvents) -> None:
        self.client = client
        self.events = events
        self._say = client.register_script(SAY)

    def tell(self, events: Sequence[PlayerEvent]) -> None:
        self.events.tell(events)

    def say(
        self, game_id: str, seat: int, text: str, now: int, key: str, limits: Limits
    ) -> TalkOutcome:
        """See SAY."""
        outcome, value, *stored = self._say(
            keys=[keys.game(game_id, "talk"), *game_log.stamped(game_id)],
            args=[seat, now, key, limits.per_window, limits.window, limits.most, text],
        )
        spoken = cast(Spoken, outcome.decode())
        return TalkOutcome(spoken, int(value), orjson.loads(stored[0]) if stored else None)

    def talk(self, game_id: str, start: int = 0) -> list[dict[str, Any]]:
        return [
            orjson.loads(raw) for raw in self.client.lrange(keys.game(game_id, "talk"), start, -1)
        ]

    def unsay(self, game_id: str, seat: int, text: str) -> None:
        """Each message from `seat` rewritten in its place (LSET: the list's length, and so
        every message's number, stays); one already saying `text` is left as it is."""
        talk = keys.game(game_id, "talk")
        pipe = self.client.pipeline(transaction=False)
        for index, stored in enumerate(self.client.lrange(talk, 0, -1)):
            said = orjson.loads(stored)
            if said["seat"] == seat and said["text"] != text:
                kept = {name: said[name] for name in ("seat", "at", "version")}
                pipe.lset(talk, index, encoded({**kept, "text": text}).decode())
        pipe.execute()
