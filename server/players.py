"""Players and their bearer tokens. A token is shown once; Redis keeps only its SHA-256."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

import redis

from server import keys
from server.errors import ApiError
from server.notify.quiet import DEFAULT_QUIET_HOURS

PROFILE_FIELDS = ("id", "name", "email", "timezone", "created", "quiet_hours", "digest")
PROFILE_DEFAULTS = {"quiet_hours": DEFAULT_QUIET_HOURS, "digest": "false"}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Players:
    def __init__(self, client: redis.Redis) -> None:
        self.client = client

    def register(self, name: str, email: str, timezone: str) -> tuple[dict[str, str], str]:
        """A new player and their first token; the name is claimed atomically (SET NX)."""
        player_id = "p_" + secrets.token_hex(8)
        if not self.client.set(keys.player_name(name), player_id, nx=True):
            raise ApiError(409, "name_taken", f"the name {name!r} is taken; choose another")
        token = secrets.token_urlsafe(32)
        profile = {
            "id": player_id,
            "name": name,
            "email": email,
            "timezone": timezone,
            "created": str(int(time.time())),
            "token_hash": hash_token(token),
        }
        pipe = self.client.pipeline(transaction=False)
        pipe.hset(keys.player(player_id, "profile"), mapping=profile)
        pipe.set(keys.token(profile["token_hash"]), player_id)
        pipe.execute()
        return public(profile), token

    def by_token(self, token: str) -> dict[str, str] | None:
        player_id = self.client.get(keys.token(hash_token(token)))
        return self.get(player_id.decode()) if player_id else None

    def get(self, player_id: str) -> dict[str, str] | None:
        raw = self.client.hgetall(keys.player(player_id, "profile"))
        return {k.decode(): v.decode() for k, v in raw.items()} or None

    def by_name(self, name: str) -> dict[str, str] | None:
        player_id = self.client.get(keys.player_name(name))
        return self.get(player_id.decode()) if player_id else None

    def update(self, player: dict[str, str], changes: dict[str, Any]) -> dict[str, str]:
        if changes:
            self.client.hset(
                keys.player(player["id"], "profile"),
                mapping={k: str(v) for k, v in changes.items()},
            )
        return {**player, **{k: str(v) for k, v in changes.items()}}

    def rotate_token(self, player: dict[str, str]) -> str:
        """A new token; the old one stops working at once."""
        token = secrets.token_urlsafe(32)
        new_hash = hash_token(token)
        pipe = self.client.pipeline(transaction=False)
        pipe.delete(keys.token(player["token_hash"]))
        pipe.set(keys.token(new_hash), player["id"])
        pipe.hset(keys.player(player["id"], "profile"), "token_hash", new_hash)
        pipe.execute()
        return token

    def add_game(self, player_id: str, game_id: str, created: float) -> None:
        self.client.zadd(keys.player(player_id, "games"), {game_id: created})

    def game_ids(self, player_id: str) -> list[str]:
        return [g.decode() for g in self.client.zrevrange(keys.player(player_id, "games"), 0, -1)]


def public(profile: dict[str, str]) -> dict[str, Any]:
    """What a player's own profile shows: never the token hash."""
    shown: dict[str, Any] = {**PROFILE_DEFAULTS, **profile}
    shown["digest"] = shown["digest"] == "true"
    return {name: shown[name] for name in PROFILE_FIELDS if name in shown}
