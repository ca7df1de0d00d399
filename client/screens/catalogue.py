"""What can be played: the game types with their options, and a game's rules."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.screens.style import ID_STYLE, highlight
from client.words import _, ngettext, words
from shared.guide import guide_text
from shared.text import WIDTH

BRIEF = 32
"""The longest option value a list writes out: a name, a number, a short list."""


def game_types(console: Console, types: Sequence[dict[str, Any]]) -> None:
    """Each type with its options written the way `turnpost new` takes them, a long default
    (a score sheet, a board) left to `turnpost types --json`."""
    for described in types:
        low, high = described["min_players"], described["max_players"]
        players = (
            ngettext("%(num)d player", "%(num)d players", low)
            if low == high
            else ngettext("%(low)d to %(num)d player", "%(low)d to %(num)d players", high, low=low)
        )
        show(
            console,
            Text.assemble((described["id"], ID_STYLE), f"  {described['title']}, {players}"),
        )
        for option in described["options"]:
            show(console, option_line(option), hanging=6)


def option_line(option: dict[str, Any]) -> str:
    """An option as `--option NAME=DEFAULT` and what it does."""
    name, description = option["name"], option["description"]
    default = brief(option["default"])
    if default is None:  # a score sheet, a board
        about = _(
            "%(description)s (its default is long: turnpost types --json shows it)",
            description=description,
        )
        return f"  --option {name}=JSON  {about}"
    if option.get("choices"):
        choices = ", ".join(map(str, option["choices"]))
        about = _("%(description)s (one of %(choices)s)", description=description, choices=choices)
        return f"  --option {name}={default}  {about}"
    return f"  --option {name}={default}  {description}"


def brief(value: Any) -> str | None:
    """An option's value as it is typed, if it is short (None: a long one, such as a score
    sheet, which only JSON shows in full)."""
    typed = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return typed if len(typed) <= BRIEF else None


def game_rules(console: Console, described: dict[str, Any]) -> None:
    """A game's guide at the terminal's width, but no wider than a page reads well."""
    console.print(highlight(guide_text(described, min(console.width, WIDTH), words())))
