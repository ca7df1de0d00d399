"""Login links: how a player opens their games in a browser without a password.

A link is `<TURNPOST_PUBLIC_URL>/login/<token>`, the token signed with the server's secret
(itsdangerous, timed) and naming the player, the generation of their API token, the game to
open (or none: the list of games) and a nonce. It works for `TURNPOST_LOGIN_LINK_LIFETIME` and
once: using it marks its nonce spent in Redis (SET NX) for as long as the link could still
work, so a mail forwarded or left in a mailbox is not a lasting key. Rotating the API token ends
every link made before, as it ends the web sessions links started.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from server.domain.errors import N_, Conflict, Invalid
from server.domain.players.player import Player
from server.storage import keys
from server.storage.players.profiles import Players, token_generation
from server.storage.redis_client import Client
from server.storage.secret import ServerSecret

SALT = "turnpost login link"
PATH = "/login/"
MAX_TOKEN = 400
"""Longer than any link this service makes: a longer one is not read."""


@dataclass(frozen=True)
class LoginLink:
    url: str
    game_id: str | None
    """The game it opens (None: the list of games)."""
    expires: int
    """When it stops working, in seconds since the epoch."""


@dataclass(frozen=True)
class Opened:
    """What a valid link lets in: the player, and the game it leads to (None: the list)."""

    player: Player
    game_id: str | None
    nonce: str


def not_valid() -> Invalid:
    return Invalid(
        N_(
            "this login link is not valid: mistyped, or made before your token was rotated; "
            "ask for a new one"
        ),
        code="bad_login_link",
    )


class LoginLinks:
    def __init__(
        self,
        secret: ServerSecret,
        client: Client,
        players: Players,
        public_url: str,
        lifetime: timedelta,
    ) -> None:
        self.secret = secret
        self.client = client
        self.players = players
        self.public_url = public_url
        self.seconds = int(lifetime.total_seconds())

    @property
    def days(self) -> float:
        return self.seconds / 86400

    def _signer(self) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(self.secret.key(), salt=SALT)

    def make(self, player: Player, game_id: str | None = None) -> LoginLink:
        token = self._signer().dumps(
            {
                "p": player.id,
                "t": token_generation(player),
                "g": game_id,
                "n": secrets.token_urlsafe(12),
            }
        )
        # itsdangerous stamps the token with the time of the machine: so is its end told
        return LoginLink(
            f"{self.public_url}{PATH}{token}", game_id, int(time.time()) + self.seconds
        )

    def open(self, token: str) -> Opened:
        """The link's player and game, unless it is forged, expired, used, or its player's
        token was rotated since it was made; nothing is spent."""
        if len(token) > MAX_TOKEN:
            raise not_valid()
        try:
            payload: Any = self._signer().loads(token, max_age=self.seconds)
        except SignatureExpired:
            raise Invalid(
                N_("this login link has expired (each works for %(days)g days); ask for a new one"),
                code="login_link_expired",
                values={"days": self.days},
            ) from None
        except BadSignature:
            raise not_valid() from None
        if not isinstance(payload, dict) or not all(
            isinstance(payload.get(field), str) for field in ("p", "t", "n")
        ):
            raise not_valid()
        player = self.players.get(payload["p"])
        if player is None or token_generation(player) != payload["t"]:
            raise not_valid()
        game_id = payload.get("g")
        opened = Opened(player, game_id if isinstance(game_id, str) else None, payload["n"])
        if self.client.exists(self._spent(opened)):
            raise used()
        return opened

    def spend(self, token: str) -> Opened:
        """`open`, and the link is used up: a second use, even at the same moment, is refused."""
        opened = self.open(token)
        if not self.client.set(self._spent(opened), "1", nx=True, ex=self.seconds):
            raise used()
        return opened

    @staticmethod
    def _spent(opened: Opened) -> str:
        return keys.player(opened.player.id, f"login:{opened.nonce}")


def used() -> Conflict:
    return Conflict(
        N_("this login link has been used already (each works once); ask for a new one"),
        code="login_link_used",
    )
