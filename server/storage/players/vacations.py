"""Vacations: a player away pauses their move clocks, up to a yearly allowance.

The current vacation is two profile fields (`vacation_since`, `vacation_until`, the latter
where the allowance runs out, written through `Players`); past ones are a list of "start end"
pairs (`{p:ID}:vacations`), which is all a clock needs to know which of its time did not count.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from datetime import UTC, datetime

from server.domain.errors import N_, Conflict
from server.domain.players.away import Away
from server.domain.players.player import Player
from server.storage import keys
from server.storage.players.profiles import Players
from server.storage.redis_client import Client, as_text

DAY = 86400


def _year_start(now: float) -> float:
    year = datetime.fromtimestamp(now, UTC).year
    return datetime(year, 1, 1, tzinfo=UTC).timestamp()


class Vacations:
    def __init__(
        self,
        client: Client,
        players: Players,
        allowance_days: int,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.players = players
        self.allowance = allowance_days * DAY
        self.clock = clock

    def _past(self, player_id: str) -> list[tuple[float, float]]:
        raw = self.client.lrange(keys.player(player_id, "vacations"), 0, -1)
        return [(float(a), float(b)) for a, b in (as_text(item).split() for item in raw)]

    def _current(self, player: Player) -> tuple[float, float] | None:
        since, until = player.vacation_since, player.vacation_until
        return (since, until) if since is not None and until is not None else None

    def intervals(self, player: Player, now: float) -> list[tuple[float, float]]:
        """Every stretch of time the player was (or is) away, up to `now`."""
        spans = self._past(player.id)
        current = self._current(player)
        if current is not None:
            spans.append((current[0], min(now, current[1])))
        return spans

    def _used_this_year(self, player: Player, now: float) -> float:
        start = _year_start(now)
        return sum(max(0.0, b - max(a, start)) for a, b in self.intervals(player, now))

    def away_now(self, player: Player, now: float) -> bool:
        """Whether the player is on vacation at `now`: their clocks stand still."""
        current = self._current(player)
        return current is not None and current[0] <= now < current[1]

    def status(self, player: Player) -> Away:
        now = self.clock()
        current = self._current(player)
        away = self.away_now(player, now)
        left = max(0.0, self.allowance - self._used_this_year(player, now))
        return Away(
            away,
            int(current[0]) if away and current else None,
            int(current[1]) if away and current else None,
            round(left / DAY, 2),
        )

    def start(self, player: Player) -> Player:
        """Go on vacation now, until this year's allowance runs out (or `stop`)."""
        now = self.clock()
        current = self._current(player)
        if current is not None and now < current[1]:
            return player  # away already
        left = self.allowance - self._used_this_year(player, now)
        if left <= 0:
            raise Conflict(
                N_("this year's vacation allowance (%(days)d days) is used up"),
                code="no_vacation_left",
                values={"days": self.allowance // DAY},
            )
        self._close(player, now)
        return self.players.update(player, {"vacation_since": now, "vacation_until": now + left})

    def stop(self, player: Player) -> Player:
        self._close(player, self.clock())
        return dataclasses.replace(player, vacation_since=None, vacation_until=None)

    def _close(self, player: Player, now: float) -> None:
        current = self._current(player)
        if current is None:
            return
        pipe = self.client.pipeline(transaction=True)
        pipe.rpush(keys.player(player.id, "vacations"), f"{current[0]} {min(now, current[1])}")
        self.players.unset(player.id, ["vacation_since", "vacation_until"], via=pipe)
        pipe.execute()
