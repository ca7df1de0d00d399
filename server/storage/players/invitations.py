"""What a player's invitations weigh, counted exactly in Redis: the invitations they sent that
are not yet answered, those waiting on their answer, and the games they made in the last hour
(`server.domain.service.invitations` says how many of each a player may have).

Each is a sorted set under the player's hash tag, a member for each thing counted, scored with
when it was claimed: `:invitations:sent` holds `GAME INVITEE`, `:invitations:waiting` holds
`GAME INVITER` and `:made` holds `GAME`. A claim is one script on one player's keys that counts
and adds together, so requests racing at the limit cannot pass it together; the inviter's
(their invitations and the game made) and each invitee's are separate steps, since they live in
different slots on Redis Cluster, and a claim refused midway gives back the steps before it.
Members name the game and the other player, so a claim given back, or an invitation answered,
removes exactly its own, and one claimed twice is counted once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from server.domain.service.ports import Claimed, Sending
from server.storage import keys
from server.storage.redis_client import Client, as_text

HOUR = 3600

# KEYS: the inviter's invitations sent, their games made.  ARGV: now, the most sent, the most
# made in an hour (0: no game counted), the game, then each invitee.
# Returns {0, 0} if claimed, {1, 0} if too many are sent, {2, seconds} if too many were made.
SEND = """
local now, game = tonumber(ARGV[1]), ARGV[4]
local made = tonumber(ARGV[3])
if made > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 3600)
  if redis.call('ZSCORE', KEYS[2], game) == false and redis.call('ZCARD', KEYS[2]) >= made then
    local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    return {2, math.max(1, math.ceil(tonumber(first[2]) + 3600 - now))}
  end
end
local new = {}
for i = 5, #ARGV do
  local member = game .. ' ' .. ARGV[i]
  if redis.call('ZSCORE', KEYS[1], member) == false then
    table.insert(new, now)
    table.insert(new, member)
  end
end
if redis.call('ZCARD', KEYS[1]) + #new / 2 > tonumber(ARGV[2]) then
  return {1, 0}
end
if #new > 0 then
  redis.call('ZADD', KEYS[1], unpack(new))
end
if made > 0 then
  redis.call('ZADD', KEYS[2], now, game)
  redis.call('EXPIRE', KEYS[2], 3600)
end
return {0, 0}
"""

# KEYS: the invitee's invitations waiting.  ARGV: now, the most waiting, the member.
# Returns 1 if claimed (or claimed already), 0 if too many wait.
WAIT = """
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return 1
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
return 1
"""


class Invitations:
    def __init__(self, client: Client) -> None:
        self.client = client
        self._send = client.register_script(SEND)
        self._wait = client.register_script(WAIT)

    def send(
        self, inviter: str, game_id: str, invitees: Sequence[str], now: float, most: Sending
    ) -> tuple[str, int]:
        sent, made = keys.player(inviter, "invitations:sent"), keys.player(inviter, "made")
        args: list[str | float] = [now, most.sent, most.made, game_id, *invitees]
        full, wait = self._send(keys=[sent, made], args=args)
        return ("", "sent", "made")[int(full)], int(wait)

    def wait(self, invitee: str, game_id: str, inviter: str, now: float, most: int) -> bool:
        """Claim the invitation's place among those waiting on the invitee; False if `most`
        wait already."""
        key = keys.player(invitee, "invitations:waiting")
        return bool(self._wait(keys=[key], args=[now, most, f"{game_id} {inviter}"]))

    def release(
        self, inviter: str, game_id: str, invitees: Sequence[str], made: bool = False
    ) -> None:
        """The invitations answered, called off or given back (and the game made, if `made`:
        a claim given back)."""
        pipe = self.client.pipeline(transaction=False)
        if invitees:
            members = [f"{game_id} {invitee}" for invitee in invitees]
            pipe.zrem(keys.player(inviter, "invitations:sent"), *members)
        for invitee in invitees:
            pipe.zrem(keys.player(invitee, "invitations:waiting"), f"{game_id} {inviter}")
        if made:
            pipe.zrem(keys.player(inviter, "made"), game_id)
        pipe.execute()

    def sent(self, inviter: str) -> list[Claimed]:
        """The inviter's invitations counted: (game, invitee, when claimed)."""
        return self._claims(keys.player(inviter, "invitations:sent"))

    def waiting(self, invitee: str) -> list[Claimed]:
        """The invitations counted as waiting on the invitee: (game, inviter, when claimed)."""
        return self._claims(keys.player(invitee, "invitations:waiting"))

    def _claims(self, key: str) -> list[Claimed]:
        found = []
        scored = cast(list[tuple[bytes, float]], self.client.zrange(key, 0, -1, withscores=True))
        for member, score in scored:
            game_id, _, other = as_text(member).partition(" ")
            found.append(Claimed(game_id, other, float(score)))
        return found
