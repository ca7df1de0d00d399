"""The lobby's index in Redis (`lobby`, a sorted set): the public games that may still have a
seat free, by when they were made, read a page at a time (`server.storage.ranges`).
"""

from __future__ import annotations

from server.domain.games.lists import Position
from server.storage import keys
from server.storage.ranges import Ranges
from server.storage.redis_client import Client


class RedisLobby:
    """The lobby's index (`server.domain.service.ports.Lobby`) in Redis."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.ranges = Ranges(client)

    def list_publicly(self, game_id: str, created: int) -> None:
        self.client.zadd(keys.LOBBY, {game_id: created})

    def lobby_page(self, after: Position | None, count: int) -> list[Position]:
        return self.ranges.after(keys.LOBBY, after, count, newest_first=False)

    def unlist(self, game_ids: list[str]) -> None:
        if game_ids:
            self.client.zrem(keys.LOBBY, *game_ids)
