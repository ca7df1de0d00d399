"""A player blocks another (`PUT /me/blocks/NAME`, `turnpost block`, the settings page): the
invitations from them still open are declined (as any decline, which tells them nothing more),
and from then on the blocked player's invitations and rematches are refused in the same words
as for a player who takes no invitations from them (`server.domain.service.invitations`), and what
they say at a table the blocker shares with them is not shown to the blocker, in the API, the pages,
the notices or the export (`server.domain.service.hearing`), and wakes no wait of theirs. Nothing
tells the blocked player: what they say is said as anyone's, the games they already share go on, and
they may still take a seat anyone may take. A player blocks at most `TURNPOST_BLOCKS` players."""

from __future__ import annotations

from server.domain.errors import N_, Invalid, NotFound, TooMany
from server.domain.players.player import Player
from server.storage.services import Services


def block(found: Services, player: Player, name: str) -> Player:
    """The player blocks the one called `name` (again: no change), and declines the
    invitations from them still open; whom they block."""
    other = named(found, name)
    if other.id == player.id:
        raise Invalid(N_("you cannot block yourself"), code="cannot_block_yourself")
    if not found.blocks.block(player.id, other.id):
        most = found.blocks.most
        raise TooMany(
            N_("you may block %(most)d players at most; unblock one first"),
            {"limit": "blocks", "most": most},
            "too_many_blocks",
            {"most": most},
        )
    found.games.seating.decline_from(player, other.id)
    return other


def unblock(found: Services, player: Player, name: str) -> Player:
    """The block on the player called `name` lifted (none there: no change)."""
    other = named(found, name)
    found.blocks.unblock(player.id, other.id)
    return other


def blocked(found: Services, player: Player) -> list[str]:
    """The names of the players the player blocks, in order (an account deleted meanwhile
    left out)."""
    players = (found.players.get(player_id) for player_id in found.blocks.blocked(player.id))
    return sorted((p.name for p in players if p is not None), key=str.casefold)


def named(found: Services, name: str) -> Player:
    other = found.players.by_name(name)
    if other is None:
        raise NotFound(N_("no player is called %(name)s"), {"name": name}, values={"name": name})
    return other
