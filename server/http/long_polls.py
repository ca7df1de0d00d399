"""Long polls: on a game, for the API's `wait` and the web page's refresh alike; and on all of a
player's games at once, their one wait (`events_after`).

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
from collections.abc import Callable

from server.domain.errors import N_, Gone, Invalid
from server.domain.games.loaded import CANCELLED, FINISHED, Game
from server.domain.players.player import Player
from server.domain.service.ports import Awaited, never
from server.http.context import services
from server.storage.players.events import Since, channel

OVER = (FINISHED, CANCELLED)


def wait_for(
    player: Player,
    game_id: str,
    version: int,
    revision: int | None,
    timeout: float,
    also: Callable[[], bool] = never,
) -> tuple[Game, int | None, bool]:
    """The game and the player's seat (None for a public game's spectator) as soon as it
    differs from `version` and `revision` or `also()` comes true (what else a page shows: its
    talk, its clocks), or at `timeout` seconds (capped by the server), and whether it differs.
    The player holds one of their places for polls meanwhile
    (`server.storage.players.wait_slots`)."""
    found = services()
    games = found.games
    game, seat = games.loading.for_viewer(game_id, player)
    seen = (version, game.revision if revision is None else revision)
    timeout = min(timeout, found.config.max_wait_seconds)
    changed = (game.version, game.revision) != seen or also()
    if not changed and timeout > 0 and game.status not in OVER:
        with found.wait_slots.held(player.id, timeout):
            games.loading.wait_for_change(Awaited(game_id, seen, time.monotonic() + timeout, also))
        game, seat = games.loading.for_viewer(game_id, player)
        changed = (game.version, game.revision) != seen or also()
    return game, seat, changed


def events_after(player: Player, cursor: str | None, timeout: float) -> Since:
    """The player's events after `cursor` (None: from now on) as soon as there is one, or at
    `timeout` seconds (capped by the server) none. However many games the player has, this is
    one poll on one channel, holding one of their places (`server.storage.players.wait_slots`). A
    cursor after which events were dropped unread is refused (410 `cursor_expired`), with the
    cursor to go on from once the player has looked at their games again; one later than any
    event is refused too (400 `cursor_from_future`: its holder would never hear of anything)."""
    found = services()
    events = found.events
    since = events.since(player.id, cursor)
    if since.future:
        raise Invalid(
            N_("this cursor is later than any event: wait after a cursor the service gave"),
            {"cursor": events.since(player.id, None).cursor},
            "cursor_from_future",
        )
    timeout = min(timeout, found.config.max_wait_seconds)
    if not since.events and not since.expired and timeout > 0:
        start = since.cursor

        def came() -> bool:
            nonlocal since
            since = events.since(player.id, start)
            return bool(since.events) or since.expired

        with found.wait_slots.held(player.id, timeout):
            found.waits.wait(channel(player.id), came, time.monotonic() + timeout)
    if since.expired:
        latest = events.since(player.id, None).cursor
        raise Gone(
            N_(
                "events after this cursor were dropped unread (they are kept for %(seconds)d "
                "seconds, %(most)d at most): look at your games (GET /games), then wait after "
                "`cursor`"
            ),
            {"cursor": latest},
            "cursor_expired",
            {
                "seconds": found.config.events_kept_seconds,
                "most": found.config.events_kept_count,
            },
        )
    return since
