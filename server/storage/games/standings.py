"""Standings in Redis: each game type's records and ratings, settled exactly once per game.

A type's keys share the hash tag `{r:TYPE}`: `standings` (a hash, player id → their standing
as JSON), `board` (a sorted set, player id → rating's ordinal, for those with a rated game)
and `settled` (a set of the ids of the games already counted). One script writes a game's
players' standings, their places on the board and the game's id among the settled, all at
once, and only if the game is not settled yet and each player's standing is still the one the
new one was computed from; so a worker killed anywhere, or two jobs for one game, count it
once, and two games with a player in common, settled at the same moment, both count (the
second is computed again from the first's result).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

import orjson

from server.domain.games.loaded import FINISHED, Game
from server.domain.games.standings import Standing, settled
from server.domain.players.player import Player
from server.domain.service.facade import GameService
from server.storage.players.profiles import Players
from server.storage.redis_client import Client, as_text, members
from shared.games import ENGINES

# KEYS: standings, board, settled.  ARGV: game id, then for each player: id, the standing it
# was computed from ('' for none), the new standing, its ordinal ('': not on the board).
SETTLE = """
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 1 then return 'settled before' end
for i = 2, #ARGV, 4 do
  if (redis.call('HGET', KEYS[1], ARGV[i]) or '') ~= ARGV[i + 1] then return 'moved' end
end
for i = 2, #ARGV, 4 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 2])
  if ARGV[i + 3] ~= '' then redis.call('ZADD', KEYS[2], ARGV[i + 3], ARGV[i]) end
end
redis.call('SADD', KEYS[3], ARGV[1])
return 'settled'
"""

Settled = Literal["settled", "settled before", "not finished"]

LEADERBOARD_SIZE = 100


def key(type_id: str, part: str) -> str:
    return f"{{r:{type_id}}}:{part}"


@dataclass(frozen=True)
class Standings:
    client: Client
    games: GameService
    players: Players

    def settle(self, game: Game) -> Settled:
        """Count a finished game in its players' standings, once: `settled`, `settled before`,
        or `not finished`."""
        if game.status != FINISHED:
            return "not finished"
        record, type_id = game.record, game.record.type
        ids = [seat.player or "" for seat in record.seats]  # a bot's seat: no one's standing
        entries = self.games.loading.entries(game)
        script = self.client.register_script(SETTLE)
        while True:
            raw = self.client.hmget(key(type_id, "standings"), ids)
            before = [Standing.from_json(orjson.loads(r)) if r else Standing() for r in raw]
            after = settled(record, game.engine, entries, before)
            args: list[Any] = [game.id]
            for player_id, was, now in zip(ids, raw, after, strict=True):
                if not player_id:
                    continue
                on_board = now.ordinal if now.rated else ""
                args += [player_id, was or "", orjson.dumps(now.as_json()), on_board]
            outcome = as_text(
                script(
                    keys=[key(type_id, part) for part in ("standings", "board", "settled")],
                    args=args,
                )
            )
            if outcome != "moved":
                return cast(Settled, outcome)

    def of(self, player_id: str, type_ids: list[str]) -> dict[str, Standing]:
        """The player's standing in each type they have played."""
        pipe = self.client.pipeline(transaction=False)
        for type_id in type_ids:
            pipe.hget(key(type_id, "standings"), player_id)
        return {
            type_id: Standing.from_json(orjson.loads(raw))
            for type_id, raw in zip(type_ids, pipe.execute(), strict=True)
            if raw
        }

    def forget(self, player_id: str) -> None:
        """The player's standing in every type, and their place on its board, gone (the games
        they settled stay settled: the others' standings keep what those games gave them)."""
        pipe = self.client.pipeline(transaction=False)
        for type_id in ENGINES:
            pipe.hdel(key(type_id, "standings"), player_id)
            pipe.zrem(key(type_id, "board"), player_id)
        pipe.execute()

    def leaderboard(self, type_id: str) -> list[tuple[Player, Standing]]:
        """The best rated players of the type, best first."""
        ids = members(self.client.zrevrange(key(type_id, "board"), 0, LEADERBOARD_SIZE - 1))
        if not ids:
            return []
        raw = self.client.hmget(key(type_id, "standings"), ids)
        ranked = []
        for player_id, found in zip(ids, raw, strict=True):
            player = self.players.get(player_id)
            if player is not None and found:
                ranked.append((player, Standing.from_json(orjson.loads(found))))
        return ranked
