"""A player's vacation as a value: whether they are away, and what is left of the year's
allowance, as the store that keeps the vacations counts it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Away:
    """Whether a player is on vacation now, since and until when, and what is left of this
    year's allowance."""

    on: bool
    since: int | None
    until: int | None
    """Where this year's allowance runs out."""
    days_left: float
