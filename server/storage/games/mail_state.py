"""How far the mail worker has planned a game's notices, kept beside its log so that planning
twice finds nothing new the second time.

`{g:ID}:mail` is a hash: `invited` and `cancelled` ("1" once those notices are planned) and
`planned`, the version planned up to, only ever raised; `{g:ID}:mail:lock` is held by the one
worker planning the game, and runs out by itself if that worker dies. Both go with the game's
plain form when it is compacted (`server.storage.games.game_log`): a compacted game is never
planned again.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.storage import keys
from server.storage.redis_client import Client, as_text


@dataclass(frozen=True)
class Planned:
    """What of a game's notices is planned already."""

    invited: bool
    cancelled: bool
    version: int
    """-1: none of its moves (nor its start)."""


def _state(game_id: str) -> str:
    return keys.game(game_id, "mail")


def kept_with_game(game_id: str) -> list[str]:
    """The keys that go when the game's plain form does (the lock runs out by itself)."""
    return [_state(game_id)]


class MailState:
    def __init__(self, client: Client) -> None:
        self.client = client

    def lock(self, game_id: str, seconds: int) -> bool:
        """Take the game's planning for `seconds` at most; False if another worker has it."""
        return bool(self.client.set(keys.game(game_id, "mail:lock"), "1", nx=True, ex=seconds))

    def unlock(self, game_id: str) -> None:
        self.client.delete(keys.game(game_id, "mail:lock"))

    def of(self, game_id: str) -> Planned:
        done = {as_text(k): as_text(v) for k, v in self.client.hgetall(_state(game_id)).items()}
        return Planned("invited" in done, "cancelled" in done, int(done.get("planned", -1)))

    def version(self, game_id: str) -> int:
        """The version planned up to (-1: none), in one read."""
        return int(self.client.hget(_state(game_id), "planned") or -1)

    def invited(self, game_id: str) -> None:
        self.client.hset(_state(game_id), "invited", "1")

    def cancelled(self, game_id: str) -> None:
        self.client.hset(_state(game_id), "cancelled", "1")

    def planned(self, game_id: str, version: int) -> None:
        self.client.hset(_state(game_id), "planned", str(version))
