"""Vacations: a player away pauses their move clocks, up to a yearly allowance.

The current vacation is two profile fields (`vacation_since`, `vacation_until`, the latter
where the allowance runs out, written through `Players`); past ones are a list of "start end"
pairs (`{p:ID}:vacations`), which is all a clock needs to know which of its time did not count.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from server.domain.errors import Conflict
from server.storage import keys
from server.storage.players import Players
from server.storage.redis_client import Client, as_text

DAY = 86400


def _year_start(now: float) -> float:
    year = datetime.fromtimestamp(now, UTC).year
    return datetime(year, 1, 1, tzinfo=UTC).timestamp()


@dataclass(frozen=True)
class Away:
    """Whether a player is on vacation now, since and until when, and what is left of this
    year's allowance."""

    on: bool
    since: int | None
    until: int | None
    """Where this year's allowance runs out."""
    days_left: float


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

    def _current(self, profile: dict[str, str]) -> tuple[float, float] | None:
        since = profile.get("vacation_since")
        return (float(since), float(profile["vacation_until"])) if since else None

    def intervals(self, profile: dict[str, str], now: float) -> list[tuple[float, float]]:
        """Every stretch of time the player was (or is) away, up to `now`."""
        spans = self._past(profile["id"])
        current = self._current(profile)
        if current is not None:
            spans.append((current[0], min(now, current[1])))
        return spans

    def _used_this_year(self, profile: dict[str, str], now: float) -> float:
        start = _year_start(now)
        return sum(max(0.0, b - max(a, start)) for a, b in self.intervals(profile, now))

    def status(self, profile: dict[str, str]) -> Away:
        now = self.clock()
        current = self._current(profile)
        away = current is not None and now < current[1]
        left = max(0.0, self.allowance - self._used_this_year(profile, now))
        return Away(
            away,
            int(current[0]) if away and current else None,
            int(current[1]) if away and current else None,
            round(left / DAY, 2),
        )

    def start(self, profile: dict[str, str]) -> dict[str, str]:
        """Go on vacation now, until this year's allowance runs out (or `stop`)."""
        now = self.clock()
        current = self._current(profile)
        if current is not None and now < current[1]:
            return profile  # away already
        left = self.allowance - self._used_this_year(profile, now)
        if left <= 0:
            raise Conflict(
                f"this year's vacation allowance ({self.allowance // DAY} days) is used up",
                code="no_vacation_left",
            )
        self._close(profile, now)
        profile = {k: v for k, v in profile.items() if not k.startswith("vacation_")}
        changes = {"vacation_since": str(now), "vacation_until": str(now + left)}
        return self.players.update(profile, changes)

    def stop(self, profile: dict[str, str]) -> dict[str, str]:
        self._close(profile, self.clock())
        return {k: v for k, v in profile.items() if not k.startswith("vacation_")}

    def _close(self, profile: dict[str, str], now: float) -> None:
        current = self._current(profile)
        if current is None:
            return
        pipe = self.client.pipeline(transaction=True)
        pipe.rpush(keys.player(profile["id"], "vacations"), f"{current[0]} {min(now, current[1])}")
        self.players.unset(profile["id"], ["vacation_since", "vacation_until"], via=pipe)
        pipe.execute()
