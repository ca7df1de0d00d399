"""The server's secret: it signs reply addresses, login links and the web pages' sessions.

TURNPOST_SECRET if set; otherwise one random secret kept in Redis, made by whichever process
asks first (SET NX), so every web, worker and mail-in process signs alike with no setup, and
links mailed before a restart still work after it. Each process reads it once.
"""

from __future__ import annotations

import secrets

from server.storage.redis_client import Client, as_bytes

KEY = "server:secret"


class ServerSecret:
    def __init__(self, configured: str, client: Client) -> None:
        self._key = configured.encode() or None
        self._client = client

    def key(self) -> bytes:
        """Read from Redis when first needed, not when the process starts: a web process
        starts while Redis may still be replaying its log."""
        if self._key is None:
            self._client.set(KEY, secrets.token_hex(32), nx=True)
            self._key = as_bytes(self._client.get(KEY) or b"")
        return self._key
