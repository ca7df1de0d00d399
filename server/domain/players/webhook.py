"""A webhook as a value: a game's (set by its creator) or a player's, of one kind, with its
address, its signing secret and how it has fared. The store keeps it, the edges set it and the
worker posts to it."""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("discord", "slack", "matrix", "standard")
"""What a hook posts to: a chat app's incoming webhook in its own shape, or signed JSON."""


@dataclass(frozen=True)
class Hook:
    id: str
    """Made anew each time the hook is set: what a failure is noted against."""
    scope: str
    """`game` or `player`: whose notices it carries."""
    of: str
    """The game's or the player's id."""
    owner: str
    """The player told when it is switched off."""
    kind: str
    url: str
    secret: str
    """Signs a `standard` hook's requests (`whsec_…`, Standard Webhooks' form)."""
    failing_since: float | None = None
    disabled: str | None = None
