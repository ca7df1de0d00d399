"""A player's waking, present time: what a move clock counts, and its inverse, when it runs out.

A player's quiet hours (every night, in their own zone) and vacations stop their clocks. `used`
counts the seconds of a span that were neither; `runs_out` is its inverse, the first moment at
which that count reaches a limit. Vacations are known only up to now (`Vacations.intervals`), so
a moment after now assumes the player takes none: an estimate, said so wherever it is shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from server.domain.players.player import Player
from server.domain.players.quiet import Interval, quiet_intervals

WINDOW = 7 * 86400.0
"""`runs_out` reads the quiet hours a week at a time."""
HORIZON = 3653 * 86400.0
"""How far `runs_out` looks: a limit that long quiet hours stretch past ten years is shown as
having no date (a year's limit with a minute of waking time a day would need centuries)."""


def used(player: Player, vacations: Iterable[Interval], since: float, now: float) -> float:
    """Seconds of the player's own time spent since `since`: quiet hours and vacations, which
    may overlap, are taken out once."""
    paused = sorted([*quiet_intervals(player, since, now), *vacations])
    total, reach = 0.0, since
    for start, end in paused:
        start, end = max(start, reach), min(end, now)
        if end > start:
            total += end - start
            reach = end
    return (now - since) - total


def runs_out(
    player: Player, vacations: Iterable[Interval], since: float, limit: float
) -> float | None:
    """The moment `used(player, vacations, since, moment)` reaches `limit`: the end of the
    player's waking time, never inside their quiet hours or a vacation. None past `HORIZON`."""
    if limit <= 0:
        return since
    away = sorted(vacations)
    left, reach, window = limit, since, since
    while window < since + HORIZON:
        end = window + WINDOW
        pauses = sorted(
            [
                *quiet_intervals(player, window, end),
                *(v for v in away if v[0] < end and v[1] > window),
            ]
        )
        for start, stop in [*pauses, (end, end)]:
            awake = start - reach
            if awake >= left:
                return reach + left
            if awake > 0:
                left -= awake
            reach = max(reach, stop)
        window = max(end, reach)
    return None
