"""One's profile changed: the API's `PATCH /me` and the settings page make the same change, and
a change of when one is mailed reaches the mail held already."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.domain.players.player import Player
from server.domain.players.quiet import SETTINGS
from server.storage.services import Services


def changed(found: Services, player: Player, changes: Mapping[str, Any]) -> Player:
    """The player with `changes` (checked by `ProfileUpdateSchema`) written; mail held for them
    is looked at again from the worker's next tick if when they are mailed changed."""
    updated = found.players.update(player, changes)
    if any(name in changes for name in SETTINGS):
        found.outbox.recheck(player.id)
    return updated
