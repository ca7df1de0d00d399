"""Settings from the environment, read once when the app is made."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def _pair(text: str) -> tuple[int, int] | None:
    if not text.strip():
        return None
    local, replicas = (int(part) for part in text.split())
    return local, replicas


@dataclass(frozen=True)
class Config:
    """Everything the service can be told; the defaults run a local service with no setup."""

    redis_url: str = field(default_factory=lambda: os.environ.get("REDIS_URL", ""))
    data_dir: Path = field(default_factory=lambda: Path(os.environ.get("TURNPOST_DATA", "var")))
    rate_limit: str = field(
        default_factory=lambda: os.environ.get("TURNPOST_RATE_LIMIT", "600 per minute")
    )
    registration_limit: str = field(
        default_factory=lambda: os.environ.get("TURNPOST_REGISTRATION_LIMIT", "30 per hour")
    )
    rate_limit_storage: str = field(
        default_factory=lambda: os.environ.get("TURNPOST_RATE_LIMIT_STORAGE", "")
    )
    """Where the rate limiter counts (a `limits` storage URI); the service's Redis if unset."""
    max_body_bytes: int = field(default_factory=lambda: _int("TURNPOST_MAX_BODY", 64 * 1024))
    snapshot_every: int = field(default_factory=lambda: _int("TURNPOST_SNAPSHOT_EVERY", 16))
    held_states: int = field(default_factory=lambda: _int("TURNPOST_HELD_STATES", 4096))
    """How many games' latest states each process keeps in memory (server.held_states)."""
    max_wait_seconds: int = field(default_factory=lambda: _int("TURNPOST_MAX_WAIT", 60))
    waits_per_player: int = field(default_factory=lambda: _int("TURNPOST_WAITS_PER_PLAYER", 20))
    """Long polls one player may hold open at once, across every web process."""
    queue_url: str = field(default_factory=lambda: os.environ.get("TURNPOST_QUEUE_URL", ""))
    """The Redis holding the mail worker's job queue (RQ); REDIS_URL's when empty."""
    vacation_days: int = field(default_factory=lambda: _int("TURNPOST_VACATION_DAYS", 21))
    tick_seconds: int = field(default_factory=lambda: _int("TURNPOST_TICK_SECONDS", 30))
    wait_aof: tuple[int, int] | None = field(
        default_factory=lambda: _pair(os.environ.get("TURNPOST_WAITAOF", ""))
    )
    """`1 0`: each move is fsynced by the master before it is answered; `1 1`: by a replica
    too (WAITAOF, Redis 7.2+). For a Redis with `appendfsync everysec`."""
    wait_replicas: int = field(default_factory=lambda: _int("TURNPOST_WAIT_REPLICAS", 0))
    """Each move is answered once that many replicas have it (WAIT): with Sentinel, a failover
    then cannot drop an answered move."""
