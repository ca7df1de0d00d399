"""A game's move clock as it is asked for at creation: `move_time` and `on_timeout`.

These are the service's options, not the rules': every game type takes them, the engines never
see them, and a game keeps them in its meta as `clock`.
"""

from __future__ import annotations

import re
from typing import Any

from server.domain.bots import TIMEOUT_LEVEL, TIMEOUT_POLICIES

UNITS = {"m": 60, "h": 3600, "d": 86400}
DURATION = re.compile(r"^([1-9]\d{0,3})([mhd])$")
MOVE_TIME_RANGE = (10 * 60, 365 * 86400)
POLICIES = ("skip", "forfeit", *TIMEOUT_POLICIES)


def parse_move_time(text: str) -> int:
    """`90m`, `12h`, `3d` → seconds; ValueError with the reason otherwise."""
    found = DURATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if found is None:
        raise ValueError("a move time is a number and a unit: 90m, 12h or 3d")
    seconds = int(found[1]) * UNITS[found[2]]
    low, high = MOVE_TIME_RANGE
    if not low <= seconds <= high:
        raise ValueError("a move time is from 10m to 365d")
    return seconds


SERVICE_OPTIONS: list[dict[str, Any]] = [
    {
        "name": "move_time",
        "description": "time each player has per move, e.g. 90m, 12h, 3d (10m-365d); their "
        "quiet hours and vacations do not count; reminders at 50% and 90% (default: no clock)",
        "default": None,
    },
    {
        "name": "on_timeout",
        "description": "when a move time runs out: skip (the rules' way of doing nothing, "
        "where there is one: refusing the dice, ending a Livingstone turn; otherwise resign), "
        f"forfeit (resign), or bot (a {TIMEOUT_LEVEL} bot makes that decision for the player, "
        "whose next one is theirs again; bot:random, bot:quick or bot:search names the level)",
        "default": "skip",
        "choices": list(POLICIES),
    },
]
"""Options every game type takes: the service's, not the rules'."""
