"""Who sits at a table, named from my side of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def seat_names(game: dict[str, Any], me: int | None) -> list[str]:
    return [
        "you" if seat["seat"] == me else seat["name"] or f"seat {seat['seat']}"
        for seat in game["seats"]
    ]


def opponents(seats: Sequence[dict[str, Any]], me: int | None) -> str:
    """Who else sits at the table, joined or invited (open seats are counted by the game
    list's `standing`)."""
    others = [seat["name"] for seat in seats if seat["seat"] != me]
    named = [name for name in others if name]
    return "with " + ", ".join(named) if named else "with no one yet"
