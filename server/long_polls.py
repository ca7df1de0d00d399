"""A long poll on a game, for the API's `wait` and the web page's refresh alike."""

from __future__ import annotations

import time

from server.domain.game import Game
from server.services import services


def wait_for(
    player: dict[str, str], game_id: str, version: int, timeout: float
) -> tuple[Game, int | None, bool]:
    """The game and the player's seat (None for a public game's spectator) as soon as its
    version differs from `version`, or at `timeout` seconds (capped by the server), and whether
    it changed. The player holds one of their places for polls meanwhile
    (`server.wait_slots`)."""
    found = services()
    games = found.games
    game, seat = games.for_viewer(game_id, player)
    timeout = min(timeout, found.config.max_wait_seconds)
    changed = game.version != version
    if not changed and timeout > 0:
        with found.wait_slots.held(player["id"], timeout):
            deadline = time.monotonic() + timeout
            changed = games.wait_for_change(game_id, version, deadline)
    if changed:
        game, seat = games.for_viewer(game_id, player)
    return game, seat, changed
