"""Players and their bearer tokens. A token is shown once; Redis keeps only its SHA-256.

A player's keys live in different hash slots (the name index, the token index, the profile), so
no change to them can be one atomic step on Redis Cluster. Each change is ordered instead so that
the last write is its commit point and a crash before it leaves nothing anyone can reach:
- register writes the profile and the token first and claims the name last; a profile whose
  name was never claimed has no name to be found by and a token no one was told.
- the profile's `token_hash` is the only token that counts (`by_token` checks it), so rotating
  writes the new token's index entry, then switches the profile (the commit), then deletes the
  old entry; interrupted anywhere, exactly one of the two tokens works.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from server import keys
from server.errors import ApiError
from server.notify.quiet import DEFAULT_QUIET_HOURS
from server.redis_client import Client

PROFILE_FIELDS = ("id", "name", "email", "timezone", "created", "quiet_hours", "digest")
PROFILE_DEFAULTS = {"quiet_hours": DEFAULT_QUIET_HOURS, "digest": "false"}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Players:
    def __init__(self, client: Client) -> None:
        self.client = client

    def register(self, name: str, email: str, timezone: str) -> tuple[dict[str, str], str]:
        """A new player and their first token; the name is claimed atomically (SET NX), last."""
        player_id = "p_" + secrets.token_hex(8)
        if self.client.exists(keys.player_name(name)):
            raise name_taken(name)
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
        if not self.client.set(keys.player_name(name), player_id, nx=True):
            # Lost a race for the name: take back what was written (unreachable either way).
            self.client.delete(keys.player(player_id, "profile"))
            self.client.delete(keys.token(profile["token_hash"]))
            raise name_taken(name)
        return public(profile), token

    def by_token(self, token: str) -> dict[str, str] | None:
        token_hash = hash_token(token)
        player_id = self.client.get(keys.token(token_hash))
        player = self.get(player_id.decode()) if player_id else None
        if player is None or player.get("token_hash") != token_hash:
            return None  # unknown, or left behind by a rotation that was cut short
        return player

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
        """A new token; the old one stops working at once (see the module's docstring)."""
        token = secrets.token_urlsafe(32)
        new_hash = hash_token(token)
        self.client.set(keys.token(new_hash), player["id"])
        self.client.hset(keys.player(player["id"], "profile"), "token_hash", new_hash)
        self.client.delete(keys.token(player["token_hash"]))
        return token

    def add_game(self, player_id: str, game_id: str, created: float) -> None:
        self.client.zadd(keys.player(player_id, "games"), {game_id: created})

    def remove_game(self, player_id: str, game_id: str) -> None:
        self.client.zrem(keys.player(player_id, "games"), game_id)

    def game_ids(self, player_id: str) -> list[str]:
        return [g.decode() for g in self.client.zrevrange(keys.player(player_id, "games"), 0, -1)]


def name_taken(name: str) -> ApiError:
    return ApiError(409, "name_taken", f"the name {name!r} is taken; choose another")


def public(profile: dict[str, str]) -> dict[str, Any]:
    """What a player's own profile shows: never the token hash."""
    shown: dict[str, Any] = {**PROFILE_DEFAULTS, **profile}
    shown["digest"] = shown["digest"] == "true"
    return {name: shown[name] for name in PROFILE_FIELDS if name in shown}
