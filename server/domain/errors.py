"""What the domain refuses, by kind. Each edge translates a kind once: the API to an HTTP status
(`server.http.refusals`), mail to its words (`server.inbound.answers`).

A refusal changes nothing. Its `code` is stable (scripts match on it), its `message` is for a
person and names players, not seats, and its `details` say more for a script.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from shared.engine import IllegalMove


class Refusal(Exception):
    """A request turned down, nothing changed."""

    default_code: ClassVar[str] = "refused"

    def __init__(
        self, message: str, details: dict[str, Any] | None = None, code: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}
        self.code = code or self.default_code
        """The kind's code, or one naming the case more closely (`bad_options`)."""


class Invalid(Refusal):
    """The request cannot be carried out as asked: an unknown game type or player, bad
    options, more invitations (or bots) than seats, a bot level that does not exist or a game
    no bot plays."""

    default_code = "invalid_request"


class NotFound(Refusal):
    default_code = "not_found"

    def __init__(self, what: str) -> None:
        super().__init__(f"no such {what}")


class NotAPlayer(Refusal):
    """The caller has no seat, nor an invitation, in the game."""

    default_code = "forbidden"


class Conflict(Refusal):
    """The request does not fit the game as it is now (started, full, over, not joined)."""

    default_code = "conflict"


class NotJoined(Conflict):
    default_code = "not_joined"


class NotStarted(Conflict):
    default_code = "game_not_started"

    def __init__(self, message: str = "the game starts when every seat is taken") -> None:
        super().__init__(message)


class GameOver(Conflict):
    default_code = "game_over"

    def __init__(self) -> None:
        super().__init__("this game is over")


class Stale(Conflict):
    """The game moved on since the version the caller saw."""

    default_code = "stale_version"

    def __init__(self, current: int) -> None:
        super().__init__(
            f"the game has moved on to version {current}; look at it again and resend",
            {"current_version": current},
        )
        self.current = current


class TooMany(Refusal):
    """Too many requests of one kind in too short a time (messages to a table): `details`
    says in how many seconds (`retry_after`)."""

    default_code = "rate_limited"


class Illegal(Refusal):
    """The rules forbid the move: the rule's own code, why, and the moves legal now."""

    def __init__(
        self, error: IllegalMove, details: dict[str, Any], names: Sequence[str] = ()
    ) -> None:
        super().__init__(error.told(names), details, error.code)


class Gone(Refusal):
    """What was asked for is no longer kept: a player's events after an old cursor
    (`server.storage.player_events`)."""

    default_code = "gone"


class KeyReused(Refusal):
    """An idempotency key sent again with another request."""

    default_code = "idempotency_key_reused"


class Unavailable(Exception):
    """Not a refusal: the store cannot be reached, or cannot yet confirm a write it made, or
    the process has no room for the request (`busy`), and the same request sent again in
    `retry_after` seconds will be answered."""

    def __init__(
        self,
        message: str,
        details: dict[str, Any] | None = None,
        code: str = "unavailable",
        retry_after: int = 1,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}
        self.code = code
        self.retry_after = retry_after
