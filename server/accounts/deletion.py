"""Deleting a player's account (`DELETE /me`, `turnpost delete-account`, the settings page).

What goes: the profile (name, address, time zone, preferences, the token's and calendar
feed's hashes, so every token, session, login link and feed stops working at once), every
other key of the player (`{p:ID}:*`: their games list, outbox, vacations, webhook, polls,
used login links), the name index (the name is free for anyone at once: no game shows it any
more, so nobody who takes it inherits a record) and their place in the address index, their
standings and places on the leaderboards, their blocks and their place in others'
(`server.storage.players.blocks`), the text of every message they wrote at a table
(each stays, its place kept, as `REMOVED`), the webhooks of the games they made and the posts
about their games waiting for anyone's webhook that name them, their id as a game's creator or
a rematch's asker (`DELETED_PLAYER`, in a finished game's archive too), their place
in the mail worker's indexes and a login link asked for at their address, and the worker's
jobs that name them, in every queue (`server.accounts.queued`). What stays: their seats in
games that started, under a neutral name (`server.domain.service.leaving`), and what the other
players wrote.

Nothing is deleted until the request names the player (`confirm`), so no stray request ends
an account. The profile goes last: a deletion cut short (a crash, Redis out of reach) leaves
a token that sends it again, and every step is safe to do twice.
"""

from __future__ import annotations

from server.accounts.queued import drop_jobs_naming, naming
from server.domain.errors import N_, Invalid
from server.domain.players.player import Player
from server.domain.service.leaving import Leaving, Left
from server.storage.games.watch import Queues, queue_connection
from server.storage.hook_posts import HookPosts
from server.storage.services import Services

REMOVED = "(removed: its writer deleted their account)"
"""What a deleted player's message says in its place at the table (its number, seat, time and
version kept: the others' messages keep their numbers, and the notices' count of what each
player was told stays right)."""


def confirmed(player: Player, confirm: str) -> None:
    """The request names the player whose account it deletes (in any case), or is refused."""
    if confirm.casefold() != player.name.casefold():
        raise Invalid(
            N_("to delete your account, confirm with your player name, %(name)s"),
            {"confirm": confirm},
            "confirmation_mismatch",
            {"name": player.name},
        )


def delete(found: Services, player: Player, active: str, level: str) -> Left:
    """Delete the player's account (see the module's docstring); what became of their games."""
    player_id = player.id
    leaving = Leaving(found.games, player, active, level)
    left = Left()
    posts = HookPosts(found.redis)
    named = naming([player_id, player.name, player.email])
    for game_id in found.players.game_ids(player_id):
        record = found.games.loading.record(game_id)
        seat = leaving.seat_in(game_id)
        if seat is not None:
            found.games.talking.unsay(game_id, seat, REMOVED)
        leaving.leave(game_id, left)
        hook = found.hooks.get("game", game_id)
        if hook is not None and hook.owner == player_id:
            found.hooks.remove("game", game_id)
        others = [s.player for s in record.seats if s.player] if record is not None else []
        for scope, of in [("game", game_id), *(("player", other) for other in others)]:
            waiting = posts.message(scope, of, game_id)
            if waiting is not None and named.search(waiting):
                posts.drop(scope, of, game_id)
    found.standings.forget(player_id)
    found.blocks.forget(player_id)
    found.outbox.drop(player_id)
    if not [p for p in found.players.by_email(player.email) if p.id != player_id]:
        found.logins.withdraw(player.email)
    queues = Queues.on(queue_connection(found.config, found.redis))
    drop_jobs_naming(queues, player_id, [player.name, player.email])
    found.players.forget(player)
    return left
