"""What can be played: the game types with their options, and a game's rules."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from client.screens.style import ID_STYLE, highlight
from shared.guide import guide_text
from shared.text import WIDTH


def game_types(console: Console, types: Sequence[dict[str, Any]]) -> None:
    """Each type with its options written the way `turnpost new` takes them."""
    for described in types:
        low, high = described["min_players"], described["max_players"]
        players = f"{low} players" if low == high else f"{low} to {high} players"
        console.print(
            Text.assemble((described["id"], ID_STYLE), f"  {described['title']}, {players}")
        )
        for option in described["options"]:
            default = option["default"]
            shown = default if isinstance(default, str) else json.dumps(default)
            choices = option.get("choices")
            among = f" (one of {', '.join(map(str, choices))})" if choices else ""
            console.print(
                f"    --option {option['name']}={shown}  {option['description']}{among}",
                markup=False,
            )


def game_rules(console: Console, described: dict[str, Any]) -> None:
    """A game's guide at the terminal's width, but no wider than a page reads well."""
    console.print(highlight(guide_text(described, min(console.width, WIDTH))))
