"""Table talk in notices: each message reaches each other player once, carried in the next
notice or digest they get about its game ("bo wrote: …").

What a player's notices have carried of a game's talk is the number of its last message they
were drawn with, kept in the player's `{p:ID}:talk` hash (game id → number) and raised only
once the notice is delivered: a notice that fails to go out leaves its messages for the next
one. A compacted game is never told of again once its last notices (planned before it was
compacted) have gone out, so its number is dropped then (`server.notify.jobs.deliver_due`).
"""

from __future__ import annotations

from server.domain.game import Game
from server.notify.context import Context
from server.storage import keys
from server.storage.redis_client import Client

# KEYS: the player's talk hash.  ARGV: game id, number.  Only ever raised: two deliveries to
# one player finishing out of order leave the higher.
RAISE = """
local told = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if tonumber(ARGV[2]) > told then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 1
"""


def unheard(ctx: Context, game: Game, seat: int) -> tuple[list[str], int]:
    """What the others said at the table that the seat's player has not been told, as lines
    for a notice, and the number of the game's last message."""
    player = game.seats[seat].player
    told = int(ctx.redis.hget(keys.player(player, "talk"), game.id) or 0) if player else 0
    said = ctx.games.talk(game, told)
    names = game.names
    lines = [
        f"{names[message['seat']]} wrote: " + message["text"].replace("\n", "\n    ")
        for message in said
        if message["seat"] != seat
    ]
    return lines, told + len(said)


def heard(client: Client, player_id: str, game_id: str, number: int) -> None:
    """The player's notices have carried the game's talk up to message `number`."""
    client.register_script(RAISE)(keys=[keys.player(player_id, "talk")], args=[game_id, number])


def forget(client: Client, player_id: str, game_id: str) -> None:
    client.hdel(keys.player(player_id, "talk"), game_id)
