"""Each player's live web sessions (of the pages' sign-in): `{p:ID}:sessions`, a sorted set of
session ids scored by when each ends. It expires with the last of them, and each session
started prunes the ended ones and keeps the latest few, so it stays small.
"""

from __future__ import annotations

from server.domain.players.player import Player
from server.storage import keys
from server.storage.players.profiles import profiled, read_profile
from server.storage.redis_client import Client


def _live(player_id: str) -> str:
    return keys.player(player_id, "sessions")


class WebSessions:
    def __init__(self, client: Client) -> None:
        self.client = client

    def start(self, player_id: str, session_id: str, now: int, lifetime: int, most: int) -> None:
        """A session that ends `lifetime` seconds from `now`; those ended are dropped, and
        past `most` the oldest."""
        key = _live(player_id)
        pipe = self.client.pipeline(transaction=True)
        pipe.zadd(key, {session_id: now + lifetime})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.zremrangebyrank(key, 0, -most - 1)
        pipe.expire(key, lifetime)
        pipe.execute()

    def holder(self, player_id: str, session_id: str) -> tuple[Player | None, float | None]:
        """The player whose session it is, and when the session ends (None: it is not live,
        ended here or everywhere), in one round trip: a page asks both at once."""
        pipe = self.client.pipeline(transaction=False)
        read_profile(pipe, player_id)
        pipe.zscore(_live(player_id), session_id)
        raw, ends = pipe.execute()
        return profiled(raw), ends

    def end(self, player_id: str, session_id: str) -> None:
        self.client.zrem(_live(player_id), session_id)

    def end_all(self, player_id: str) -> None:
        self.client.delete(_live(player_id))
