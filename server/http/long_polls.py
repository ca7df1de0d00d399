"""A long poll on a game, for the API's `wait` and the web page's refresh alike.

The caller says what it saw: the game's version, and its revision if it has one
(`GameRecord.revision`). A move changes both; a join, a decline, a cancel or a rematch asked for
changes only the revision, and the last join starts the game, so a poll that looked at the
version alone slept through the start. A caller that gives no revision is answered on changes
from the one the poll found as it began (the first look is before the poll subscribes, and
`server.storage.waits` looks again once it has, so a change in between is not lost). The answer is
the game as it stands when it is given, whether or not it changed. A finished or cancelled game has
no move left to wait for, so a poll on it is answered at once and holds no place (a rematch asked
for since the caller looked shows in that answer)."""

from __future__ import annotations

import time

from server.domain.game import CANCELLED, FINISHED, Game
from server.domain.player import Player
from server.http.context import services

OVER = (FINISHED, CANCELLED)


def wait_for(
    player: Player, game_id: str, version: int, revision: int | None, timeout: float
) -> tuple[Game, int | None, bool]:
    """The game and the player's seat (None for a public game's spectator) as soon as it
    differs from `version` and `revision`, or at `timeout` seconds (capped by the server), and
    whether it differs. The player holds one of their places for polls meanwhile
    (`server.storage.wait_slots`)."""
    found = services()
    games = found.games
    game, seat = games.for_viewer(game_id, player)
    seen = (version, game.revision if revision is None else revision)
    timeout = min(timeout, found.config.max_wait_seconds)
    if (game.version, game.revision) == seen and timeout > 0 and game.status not in OVER:
        with found.wait_slots.held(player.id, timeout):
            games.wait_for_change(game_id, seen, time.monotonic() + timeout)
        game, seat = games.for_viewer(game_id, player)
    return game, seat, (game.version, game.revision) != seen
