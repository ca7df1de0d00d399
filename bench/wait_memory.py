"""The one wait's memory per player as their games and moves grow: `MEMORY USAGE` of what
`server.storage.players.events` keeps for a player (`{p:ID}:changes`) after
each of `--games` games has had each number of `--moves` moves, each move an event for the
player (their turn, every other move), told through the same script a move runs (`EVENTS_LUA`).
What is kept grows with the games (one entry each, the game's latest event) and is flat in
the moves. Run: `python -m bench.wait_memory` (a Redis of its own; a few seconds).
"""

from __future__ import annotations

import argparse
import secrets
import tempfile
from pathlib import Path

from server.domain.games.events import PlayerEvent
from server.runtime.redis_process import RedisProcess
from server.settings import Config
from server.storage.players.events import PlayerEvents, channel
from server.storage.redis_client import Client, connect


def tell_moves(events: PlayerEvents, player: str, games: list[str], moves: int) -> None:
    """`moves` moves in each game, each one told to the player: their turn, or not yet."""
    for version in range(1, moves + 1):
        for game in games:
            mine = version % 2 == 0
            events.tell(
                [
                    PlayerEvent(
                        player=player,
                        game=game,
                        type="lost-cities",
                        kind="turn" if mine else "talk",
                        version=version,
                        status="active",
                        to_act=(0,) if mine else (1,),
                        your_turn=mine,
                        message=None if mine else version,
                    )
                ]
            )


def kept(client: Client, player: str) -> int:
    return int(client.memory_usage(channel(player), samples=0) or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[1, 3, 20, 100])
    parser.add_argument("--moves", type=int, nargs="+", default=[1, 10, 100, 1000])
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory, RedisProcess(Path(directory)) as redis:
        client = connect(redis.url)
        events = PlayerEvents.configured(client, Config())
        print("the one wait's memory per player (bytes, MEMORY USAGE), by games and moves a game:")
        print(f"  {'games':>6} " + " ".join(f"{moves:>8} moves" for moves in options.moves))
        for count in options.games:
            row = []
            for moves in options.moves:
                player = secrets.token_hex(12)
                games = [secrets.token_hex(12) for _ in range(count)]
                tell_moves(events, player, games, moves)
                row.append(kept(client, player))
            print(f"  {count:>6} " + " ".join(f"{size:>14}" for size in row))


if __name__ == "__main__":
    main()
