"""The domain's whole game store (`server.domain.service.ports.GameStore`) in Redis, put together
from its key families' parts over one client: a game's record and log
(`server.storage.games.game_log`), its table talk (`server.storage.games.game_talk`) and the
lobby's index (`server.storage.games.lobby_index`). Each part owns its keys; this adds none.
"""

from __future__ import annotations

from server.storage.games.game_log import BARE, LogOptions, RedisGameLog
from server.storage.games.game_talk import RedisGameTalk
from server.storage.games.lobby_index import RedisLobby
from server.storage.redis_client import Client


class RedisGameStore(RedisGameLog, RedisGameTalk, RedisLobby):
    """One object for `GameService`, which hands each of its jobs the parts it uses."""

    def __init__(self, client: Client, options: LogOptions = BARE) -> None:
        RedisGameLog.__init__(self, client, options)
        RedisGameTalk.__init__(self, client, self.events)
        RedisLobby.__init__(self, client)
