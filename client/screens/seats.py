"""Who sits at a table, named from my side of it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from client.words import _, words
from shared.engine import shown_name


def shown(named: Mapping[str, Any]) -> str:
    """A seat's, a message's or a ranked player's name as people read it: a bot account's
    marked (`shared.engine.shown_name`)."""
    return shown_name(named["name"], bool(named.get("bot_account")), words())


def seat_names(game: dict[str, Any], me: int | None) -> list[str]:
    return [
        _("you")
        if seat["seat"] == me
        else shown(seat)
        if seat["name"]
        else _("seat %(seat)s", seat=seat["seat"])
        for seat in game["seats"]
    ]


def named_together(seats: Iterable[int], names: Sequence[str]) -> str:
    """Several seats in a sentence (`ada, bo`)."""
    return ", ".join(names[seat] for seat in seats)


def opponents(seats: Sequence[dict[str, Any]], me: int | None) -> str:
    """Who else sits at the table, joined or invited (open seats are counted by the game
    list's `standing`)."""
    named = [shown(seat) for seat in seats if seat["seat"] != me and seat["name"]]
    return _("with %(names)s", names=", ".join(named)) if named else _("with no one yet")
