"""Each player's private calendar feed: its address holds a secret, as a token does.

A feed is `<player id>.<secret>`; the profile keeps only the secret's SHA-256
(`calendar_hash`, written through `Players`), so the address is shown once, when it is made,
and making another (rotating) ends the one before at once. Finding a feed's player is one read
of one key, like a token's. The feed itself is read-only and says only what a player's own
games list says of them, so an address that leaks shows deadlines, never a hand.
"""

from __future__ import annotations

import hmac
import re
import secrets

from server.domain.players.player import Player
from server.storage.players.profiles import PLAYER_ID, Players, hash_token

FIELD = "calendar_hash"
FEED = re.compile(rf"^{PLAYER_ID.pattern}\.[A-Za-z0-9_-]{{43}}$")
"""What `Calendars.open` makes (43: 32 bytes in URL-safe base64), as the OpenAPI document
states it."""
MAX_FEED = 200
"""Far longer than any feed the service makes: a longer one is not looked up."""


class Calendars:
    def __init__(self, players: Players) -> None:
        self.players = players

    def open(self, player: Player) -> str:
        """A new feed for the player; the one before, if any, stops working."""
        feed = f"{player.id}.{secrets.token_urlsafe(32)}"
        self.players.update(player, {FIELD: hash_token(feed)})
        return feed

    def close(self, player: Player) -> None:
        self.players.update(player, {FIELD: None})

    @staticmethod
    def is_open(player: Player) -> bool:
        return bool(player.calendar_hash)

    def player_of(self, feed: str) -> Player | None:
        """The player whose feed this is (None: no feed, or one rotated away or closed)."""
        player_id, _, _ = feed.partition(".")
        if len(feed) > MAX_FEED or not PLAYER_ID.fullmatch(player_id):
            return None
        player = self.players.get(player_id)
        if player is None or not hmac.compare_digest(player.calendar_hash or "", hash_token(feed)):
            return None
        return player
