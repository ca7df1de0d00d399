"""What each player's notices have told them of each game's table talk: the number of the last
message they were drawn with, in the player's `{p:ID}:talk` hash (game id → number).

The worker decides what a notice carries and when that counts as told.
"""

from __future__ import annotations

from server.storage import keys
from server.storage.redis_client import Client

# KEYS: the player's talk hash.  ARGV: game id, number.  Only ever raised: two deliveries to
# one player finishing out of order leave the higher.
RAISE = """
local carried = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if tonumber(ARGV[2]) > carried then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 1
"""


def _key(player_id: str) -> str:
    return keys.player(player_id, "talk")


class TalkCarried:
    def __init__(self, client: Client) -> None:
        self.client = client
        self._raise = client.register_script(RAISE)

    def upto(self, player_id: str, game_id: str) -> int:
        """The number of the game's last message the player was told of (0: none)."""
        return int(self.client.hget(_key(player_id), game_id) or 0)

    def heard(self, player_id: str, game_id: str, number: int) -> None:
        """The player's notices have carried the game's talk up to message `number`."""
        self._raise(keys=[_key(player_id)], args=[game_id, number])

    def forget(self, player_id: str, game_id: str) -> None:
        self.client.hdel(_key(player_id), game_id)
