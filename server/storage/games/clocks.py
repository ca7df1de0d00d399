"""A game's move clocks as the worker keeps them (the worker starts, stops and books them;
`server.storage.games.deadlines` reads them for people).

`{g:ID}:clock` holds, per seat that must act, its running clock as JSON: when its decision
began (`since`), the waking seconds it may take (`limit`), the version it follows, which
reminders it has had and its decision (`Engine.decision`); `{g:ID}:banks` each seat's time bank
between its decisions (a seat not yet booked: none here, the whole bank). `clock:games` (game →
when to look next) is what the worker's tick reads, so deadlines are enforced by the worker,
never by a request. A game's clocks go with its plain form when it is compacted
(`server.storage.games.game_log`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from server.storage import keys
from server.storage.redis_client import Client, members

RUNNING = "clock"
"""`{g:ID}:clock`: seat → its running clock (JSON)."""
BANKS = "banks"
"""`{g:ID}:banks`: seat → its time bank between its decisions."""
DUE = "clock:games"
"""Sorted set: game id → when the worker looks at its clocks next."""
CLOCKS_CHANGED = "clock"
"""What the game's channel hears when its clocks change (its own writes announce the game's
status): the pages wait for it, the worker's relay knows it as its own and plans nothing."""


def kept_with_game(game_id: str) -> list[str]:
    """The keys that go when the game's plain form does."""
    return [keys.game(game_id, RUNNING), keys.game(game_id, BANKS)]


class Clocks:
    def __init__(self, client: Client) -> None:
        self.client = client

    def running(self, game_id: str) -> dict[int, dict[str, Any]]:
        """The game's running clocks by seat."""
        raw = self.client.hgetall(keys.game(game_id, RUNNING))
        return {int(seat): json.loads(entry) for seat, entry in raw.items()}

    def banks(self, game_id: str) -> dict[int, float]:
        """Each seat's time bank between its decisions (a seat not yet booked: none here)."""
        raw = self.client.hgetall(keys.game(game_id, BANKS))
        return {int(seat): float(left) for seat, left in raw.items()}

    def stop(self, game_id: str) -> None:
        """The game's clocks cleared, and the tick no longer looks at it."""
        self.client.delete(*kept_with_game(game_id))
        self.client.zrem(DUE, game_id)

    def save(
        self,
        game_id: str,
        stopped: Iterable[int],
        started: Mapping[int, dict[str, Any]],
        booked: Mapping[int, float],
        look: float,
    ) -> None:
        """In one step: the clocks of the seats `stopped` gone, those `started` (or followed
        on) written, the banks `booked` written, and the game looked at again at `look`; the
        game's channel hears of it, for the pages that show its deadlines
        (`server.storage.waits`)."""
        pipe = self.client.pipeline(transaction=True)
        clock_key = keys.game(game_id, RUNNING)
        for seat in stopped:
            pipe.hdel(clock_key, str(seat))
        for seat, clock in started.items():
            pipe.hset(clock_key, str(seat), json.dumps(clock))
        for seat, left in booked.items():
            pipe.hset(keys.game(game_id, BANKS), str(seat), left)
        pipe.zadd(DUE, {game_id: look})
        pipe.execute()
        self.client.publish(keys.game(game_id, "log"), CLOCKS_CHANGED)

    def reminded(self, game_id: str, seat: int, clock: dict[str, Any]) -> None:
        """The seat's running clock, as it is after a reminder."""
        self.client.hset(keys.game(game_id, RUNNING), str(seat), json.dumps(clock))

    def look_at(self, game_id: str, moment: float) -> None:
        self.client.zadd(DUE, {game_id: moment})

    def due(self, now: float) -> list[str]:
        """The games whose clocks are to be looked at by `now`."""
        return members(self.client.zrangebyscore(DUE, "-inf", now))
