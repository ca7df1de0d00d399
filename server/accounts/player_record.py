"""A player's record read for showing: `GET /players/{name}` and the player's page read the same
things (the player, their standing in each game type, a page of their finished games) and hand
them to the presenter, which draws them."""

from __future__ import annotations

from server.domain.errors import N_, NotFound
from server.domain.games.lists import DEFAULT_LIMIT, Position
from server.presenters import games as presenters
from server.presenters.player_shapes import PlayerRecord
from server.storage.services import Services
from shared.games import ENGINES


def of_player(
    found: Services, name: str, after: Position | None = None, limit: int = DEFAULT_LIMIT
) -> tuple[PlayerRecord, Position | None]:
    """A player's record in each game type they have played and a page of their finished
    games, newest first, and where the next page starts (`next` is left for the edge to name);
    404 if there is no such player."""
    player = found.players.by_name(name)
    if player is None:
        raise NotFound(N_("no such player"))
    page = found.games.loading.games_of(
        player, lambda record: presenters.was_played(record, player.id), after, limit
    )
    standings = found.standings.of(player.id, sorted(ENGINES))
    return presenters.player_record(player, standings, page.items), page.next
