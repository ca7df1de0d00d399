"""A page of a sorted set read by position (`server.domain.games.lists`): the members after a member
and its score, in one script, as a range read whose cost is the page's, not the set's.

Owns no key: each index's owner (`players.py`'s `:games`, `lobby_index.py`'s `lobby`) hands its
own to `Ranges.after`.
"""

from __future__ import annotations

from typing import cast

from server.domain.games.lists import Position
from server.storage.redis_client import Client, as_text

AFTER = """
-- KEYS[1] a sorted set; ARGV: the score and member a page starts after, how many, 1 for
-- highest first. Members of one score are in byte order, as Redis keeps them.
local key, score, member, count = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3])
local rev = ARGV[4] == '1'
local rank = redis.call(rev and 'ZREVRANK' or 'ZRANK', key, member)
if rank and tonumber(redis.call('ZSCORE', key, member)) == tonumber(score) then
  if rev then return redis.call('ZREVRANGE', key, rank + 1, rank + count, 'WITHSCORES') end
  return redis.call('ZRANGE', key, rank + 1, rank + count, 'WITHSCORES')
end
-- the member has left the set: those of its score past it, then those past its score
local page = {}
local ties = redis.call('ZRANGEBYSCORE', key, score, score)
if rev then
  for i = #ties, 1, -1 do
    if #page < 2 * count and ties[i] < member then
      page[#page + 1] = ties[i]; page[#page + 1] = score
    end
  end
else
  for i = 1, #ties do
    if #page < 2 * count and ties[i] > member then
      page[#page + 1] = ties[i]; page[#page + 1] = score
    end
  end
end
local left = count - #page / 2
if left > 0 then
  local rest
  if rev then
    rest = redis.call('ZREVRANGEBYSCORE', key, '(' .. score, '-inf', 'WITHSCORES', 'LIMIT', 0, left)
  else
    rest = redis.call('ZRANGEBYSCORE', key, '(' .. score, '+inf', 'WITHSCORES', 'LIMIT', 0, left)
  end
  for i = 1, #rest do page[#page + 1] = rest[i] end
end
return page
"""


class Ranges:
    def __init__(self, client: Client) -> None:
        self.client = client
        self._after = client.register_script(AFTER)

    def after(
        self, key: str, position: Position | None, count: int, newest_first: bool
    ) -> list[Position]:
        """Up to `count` members of the sorted set `key` after `position` (from the first if
        None), highest scores first if `newest_first`, each with its place."""
        if position is None:
            read = self.client.zrevrange if newest_first else self.client.zrange
            scored = cast(list[tuple[bytes, float]], read(key, 0, count - 1, withscores=True))
            return [Position(int(score), as_text(member)) for member, score in scored]
        flat = self._after(keys=[key], args=[position.score, position.id, count, int(newest_first)])
        return [Position(int(float(flat[i + 1])), as_text(flat[i])) for i in range(0, len(flat), 2)]
