"""Table talk in notices: each message reaches each other player once, carried in the next
notice or digest they get about its game ("bo wrote: …").

What a player's notices have carried of a game's talk is the number of its last message they
were drawn with (`server.storage.players.talk_carried`), raised only once the notice is delivered:
a notice that fails to go out leaves its messages for the next one. A compacted game is never told
of again once its last notices (planned before it was compacted) have gone out, so its number is
dropped then (`server.notify.jobs.deliver_due`).
"""

from __future__ import annotations

from server.domain.games.loaded import Game
from server.notify.job_context import Context
from shared.engine import shown_names
from shared.words import ENGLISH, Words


def unheard(ctx: Context, game: Game, seat: int, words: Words = ENGLISH) -> tuple[list[str], int]:
    """What the others said at the table that the seat's player has not been told, as lines
    for a notice (but what players they block said), and the number of the game's last
    message."""
    player = game.seats[seat].player
    carried = ctx.talk_carried.upto(player, game.id) if player else 0
    said = ctx.games.talking.talk(game, player or "", carried)
    names = shown_names(game.names, game.bot_accounts, words)
    lines = [
        words.gettext(
            "%(name)s wrote: %(text)s",
            name=names[message["seat"]],
            text=message["text"].replace("\n", "\n    "),
        )
        for message in said
        if message is not None and message["seat"] != seat
    ]
    return lines, carried + len(said)
