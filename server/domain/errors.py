"""What the domain refuses, by kind. Each edge translates a kind once: the API to an HTTP status,
mail to its words.

A refusal changes nothing. Its `code` is stable (scripts match on it), its `message` is for a
person and names players, not seats, and its `details` say more for a script. The message is
kept as its catalog's id (marked with `N_`, so `./dev catalogs` finds it) and its values, and
told in the reader's language only at the edge (`message_in`): the domain knows no languages.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar

from shared.engine import BadOptions, IllegalMove, shown_names
from shared.words import ENGLISH, Words


def N_(message: str) -> str:
    """A message for the catalogs, told in the reader's language later, at the edge."""
    return message


class Worded(Exception):
    """An exception whose message is kept as its catalog's id and its values, and told in the
    reader's language only when it is shown (`message_in`); `message` is the English."""

    def __init__(self, message: str, values: Mapping[str, object] | None = None) -> None:
        self.text = message
        """The message's id in the catalogs, `%(name)s` for each of `values`."""
        self.values = dict(values or {})
        self.message = self.message_in(ENGLISH)
        super().__init__(self.message)

    def message_in(self, words: Words) -> str:
        """The message in the reader's language."""
        return words.gettext(self.text, **self.values)


class Refusal(Worded):
    """A request turned down, nothing changed."""

    default_code: ClassVar[str] = "refused"

    def __init__(
        self,
        message: str,
        details: dict[str, Any] | None = None,
        code: str | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message, values)
        self.details = details or {}
        self.code = code or self.default_code
        """The kind's code, or one naming the case more closely (`bad_options`)."""


class Invalid(Refusal):
    """The request cannot be carried out as asked: an unknown game type or player, bad
    options, more invitations (or bots) than seats, a bot level that does not exist or a game
    no bot plays."""

    default_code = "invalid_request"


class Unplayable(Invalid):
    """Options the game's rules cannot start a game with: the engine's reason (`BadOptions`),
    told in the reader's words as the engine writes it."""

    def __init__(self, error: BadOptions) -> None:
        self.error = error
        super().__init__(error.message, {"option": error.option}, "bad_options")

    def message_in(self, words: Words) -> str:
        return self.error.message_in(words)


class NotFound(Refusal):
    default_code = "not_found"


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

    def __init__(self, message: str = N_("the game starts when every seat is taken")) -> None:
        super().__init__(message)


class GameOver(Conflict):
    default_code = "game_over"

    def __init__(self) -> None:
        super().__init__(N_("this game is over"))


class Stale(Conflict):
    """The game moved on since the version the caller saw."""

    default_code = "stale_version"

    def __init__(self, current: int) -> None:
        super().__init__(
            N_("the game has moved on to version %(current)d; look at it again and resend"),
            {"current_version": current},
            values={"current": current},
        )
        self.current = current


class TooMany(Refusal):
    """Too many of one kind: requests in too short a time (messages to a table, games made in
    an hour), where `details` says in how many seconds (`retry_after`); or things kept at once
    (a table's talk, invitations not yet answered, players blocked), where `details` names the
    limit and its number (`limit`, `most`)."""

    default_code = "rate_limited"


class Unwelcome(Refusal):
    """A player takes no invitation from the caller: in the same words whatever the reason
    (whom they take invitations from, or a block), so the caller learns no more than that."""

    default_code = "not_accepting_invitations"


class Illegal(Refusal):
    """The rules forbid the move: the rule's own code, why, and the moves legal now."""

    def __init__(
        self,
        error: IllegalMove,
        details: dict[str, Any],
        names: Sequence[str] = (),
        bot_accounts: Collection[int] = (),
    ) -> None:
        self.error = error
        self.names = tuple(names)
        self.bot_accounts = frozenset(bot_accounts)
        super().__init__(self.message_in(ENGLISH), details, error.code)

    def message_in(self, words: Words) -> str:
        """The rule's own words, which the engine writes, with the players' names as the
        reader reads them (`shared.engine.shown_names`)."""
        return self.error.message_in(shown_names(self.names, self.bot_accounts, words), words)


class Gone(Refusal):
    """What was asked for is no longer kept: a player's events after a cursor older than what
    the store still keeps."""

    default_code = "gone"


class KeyReused(Refusal):
    """An idempotency key sent again with another request."""

    default_code = "idempotency_key_reused"


class Unavailable(Worded):
    """Not a refusal: the store cannot be reached, or cannot yet confirm a write it made, or
    the process has no room for the request (`busy`), and the same request sent again in
    `retry_after` seconds will be answered."""

    def __init__(
        self,
        message: str,
        details: dict[str, Any] | None = None,
        code: str = "unavailable",
        retry_after: int = 1,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message, values)
        self.details = details or {}
        self.code = code
        self.retry_after = retry_after
