"""The objects every request uses, made once per app and shared by its threads."""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from server.config import Config
from server.games import GameService
from server.players import Players
from server.redis_client import Client
from server.store import GameStore, confirmation


@dataclass(frozen=True)
class Services:
    config: Config
    redis: Client
    players: Players
    games: GameService

    @classmethod
    def build(cls, config: Config, client: Client) -> Services:
        players = Players(client)
        games = GameService(
            GameStore(client, confirmation(config.wait_aof, config.wait_replicas)),
            players,
            snapshot_every=config.snapshot_every,
            idempotency_ttl=config.idempotency_days * 86400,
        )
        return cls(config, client, players, games)


def services() -> Services:
    found: Services = current_app.extensions["turnpost"]
    return found
