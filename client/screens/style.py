"""The colours and marks every screen shares: colour names and card ids in their colour, the
turn's mark, a game id's style."""

from __future__ import annotations

from rich.text import Text

COLOUR_STYLES = {
    "red": "bold red",
    "orange": "bold dark_orange",
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold bright_blue",
    "purple": "bold magenta",
    "white": "bold bright_white",
    "black": "bold bright_black",
    "clear": "bold cyan",
}
CARD_COLOURS = {"Y": "yellow", "B": "blue", "W": "white", "G": "green", "R": "red", "P": "purple"}
"""Lost Cities card ids are a colour's initial and a value or wager: R7, R10, Bw2."""

TURN = "▶"
ID_STYLE = "bold cyan"


def highlight(text: str) -> Text:
    """Colour names and card ids in the colour they name."""
    styled = Text(text)
    for colour, style in COLOUR_STYLES.items():
        styled.highlight_regex(rf"(?i)\b{colour}\b", style)
    for initial, colour in CARD_COLOURS.items():
        styled.highlight_regex(rf"\b{initial}(?:10|[2-9]|w[1-3])\b", COLOUR_STYLES[colour])
    return styled
