"""The players each player blocks (what a block does is the account's to say).

`{p:ID}:blocks` is the set of the ids a player blocks, bounded by the number the service
allows (`TURNPOST_BLOCKS`), checked and added in one script. Beside it, `{p:ID}:blockers` is
the set of those who block the player: whom not to tell of what they say at a table
(`blockers`), and, when an account is deleted, the sets to take its id out of (`forget`), so
nothing kept names a deleted player.
A block is added to the blocker's set first and to the other's index after, and taken out in
the other order, so the index never misses a block that is kept.
"""

from __future__ import annotations

from collections.abc import Collection

from server.storage import keys
from server.storage.redis_client import Client, as_text

# KEYS: the blocker's blocks.  ARGV: the most they may block, the player blocked.
# Returns 1 if blocked (or blocked already), 0 if they block the most already.
BLOCK = """
if redis.call('SISMEMBER', KEYS[1], ARGV[2]) == 1 then
  return 1
end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('SADD', KEYS[1], ARGV[2])
return 1
"""


class Blocks:
    def __init__(self, client: Client, most: int) -> None:
        self.client = client
        self.most = most
        """How many players one player may block."""
        self._block = client.register_script(BLOCK)

    def block(self, player_id: str, other_id: str) -> bool:
        """The player blocks the other from now on; False if they block `most` already."""
        if not self._block(keys=[keys.player(player_id, "blocks")], args=[self.most, other_id]):
            return False
        self.client.sadd(keys.player(other_id, "blockers"), player_id)
        return True

    def unblock(self, player_id: str, other_id: str) -> bool:
        """The block lifted; False if there was none."""
        lifted = bool(self.client.srem(keys.player(player_id, "blocks"), other_id))
        self.client.srem(keys.player(other_id, "blockers"), player_id)
        return lifted

    def blocked(self, player_id: str) -> list[str]:
        """The ids of the players the player blocks."""
        return sorted(self._members(player_id, "blocks"))

    def blocked_among(self, player_id: str, others: Collection[str]) -> set[str]:
        """Those of `others` the player blocks."""
        ordered = sorted(others)
        if not ordered:
            return set()
        found = self.client.smismember(keys.player(player_id, "blocks"), ordered)
        return {other for other, blocked in zip(ordered, found, strict=True) if blocked}

    def blockers(self, player_id: str) -> set[str]:
        """The players who block the player."""
        return set(self._members(player_id, "blockers"))

    def forget(self, player_id: str) -> None:
        """A deleted account's id out of the others' sets (its own go with its keys)."""
        for blocker in self._members(player_id, "blockers"):
            self.client.srem(keys.player(blocker, "blocks"), player_id)
        for other in self._members(player_id, "blocks"):
            self.client.srem(keys.player(other, "blockers"), player_id)

    def _members(self, player_id: str, part: str) -> list[str]:
        return [as_text(member) for member in self.client.smembers(keys.player(player_id, part))]
