"""A game's move clock as it is asked for at creation: a flat `move_time` per decision, or a
`time_bank` with an `increment` per move; and `on_timeout`.

These are the service's options, not the rules': every game type takes them, the engines never
see them, and a game keeps them in its record as `clock`.
"""

from __future__ import annotations

import re
from typing import Any

from server.domain.errors import N_
from server.domain.games.bots import TIMEOUT_LEVEL, TIMEOUT_POLICIES
from shared.numbers import DIGITS

UNITS = {"m": 60, "h": 3600, "d": 86400}
DURATION = re.compile(rf"^([1-9]{DIGITS}{{0,3}})([mhd])$")
DURATIONS = {
    "move_time": (10 * 60, 365 * 86400),
    "time_bank": (10 * 60, 365 * 86400),
    "increment": (60, 365 * 86400),
}
"""The options that are durations, and the seconds each may be, from and to."""
POLICIES = ("skip", "forfeit", *TIMEOUT_POLICIES)


def parse_duration(name: str, text: object) -> int:
    """`90m`, `12h`, `3d` → seconds, within the option's range; ValueError with the reason."""
    found = DURATION.fullmatch(text.lower()) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"{name} is a number and a unit: 90m, 12h or 3d")
    seconds = int(found[1]) * UNITS[found[2]]
    low, high = DURATIONS[name]
    if not low <= seconds <= high:
        raise ValueError(f"{name} is from {low // 60}m to {high // 86400}d")
    return seconds


def move_clock(options: dict[str, Any]) -> dict[str, Any] | None:
    """Take the clock's options out of a game's options: the clock (`move_time`, or
    `time_bank` and `increment`; and `on_timeout`), or None. ValueError names each option
    that is wrong, and why (`args[0]`: option → reason)."""
    given = {
        name: value
        for name in (*DURATIONS, "on_timeout")
        if (value := options.pop(name, None)) is not None
    }
    errors: dict[str, str] = {}
    clock: dict[str, Any] = {}
    for name in DURATIONS:
        if name in given:
            try:
                clock[name] = parse_duration(name, given[name])
            except ValueError as error:
                errors[name] = str(error)
    policy = given.get("on_timeout")
    if "move_time" in given and "time_bank" in given:
        errors["time_bank"] = "a game has a move_time or a time_bank, not both"
    if "increment" in given and "time_bank" not in given:
        errors["increment"] = "an increment needs a time_bank"
    if policy is not None and policy not in POLICIES:
        errors["on_timeout"] = f"on_timeout is one of {', '.join(POLICIES)}"
    elif policy is not None and not clock.keys() & {"move_time", "time_bank"}:
        errors["on_timeout"] = "on_timeout needs a move_time or a time_bank"
    if errors:
        raise ValueError(errors)
    if not clock:
        return None
    if "time_bank" in clock:
        clock.setdefault("increment", 0)
    return {**clock, "on_timeout": policy or "skip"}


SERVICE_OPTIONS: list[dict[str, Any]] = [
    {
        "name": "move_time",
        "description": N_(
            "time each player has per move, e.g. 90m, 12h, 3d (10m-365d); their quiet hours "
            "and vacations do not count; reminders at 50%% and 90%% (default: no clock)"
        ),
        "default": None,
    },
    {
        "name": "time_bank",
        "description": N_(
            "instead of a move_time, a bank of time each player starts with, e.g. 7d "
            "(10m-365d), which their moves use up and which never holds more than that; their "
            "quiet hours and vacations do not count (default: no clock)"
        ),
        "default": None,
    },
    {
        "name": "increment",
        "description": N_(
            "with a time_bank: time added to a player's bank after each of their moves, e.g. "
            "1d (1m-365d), up to the time_bank (default: none)"
        ),
        "default": None,
    },
    {
        "name": "on_timeout",
        "description": N_(
            "when a move time or bank runs out: skip (the rules' way of doing nothing, where "
            "there is one: refusing the dice, ending a Livingstone turn; otherwise resign), "
            "forfeit (resign), or bot (a %(level)s bot makes that decision for the player, whose "
            "next one is theirs again; bot:random, bot:quick or bot:search names the level)"
        ),
        "default": "skip",
        "choices": list(POLICIES),
    },
]
"""Options every game type takes: the service's, not the rules'. Each description is a
catalog's id, told in the reader's words with `DESCRIBED` by the presenter that lists them."""

DESCRIBED: dict[str, object] = {"level": TIMEOUT_LEVEL}
"""The values the descriptions' placeholders take."""
