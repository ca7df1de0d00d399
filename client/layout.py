"""Lines of styled text laid out for the terminal's width, as `shared.text` lays out plain ones.

A line longer than the terminal is broken between words, never inside one (a game id, a move,
an address stays whole, so what a person copies is what they may type), and its continuation
is indented under it; colour and style go along with the words. A single word longer than the
width keeps its line, over the edge.
"""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text

HANGING = 4
"""How much further a broken line's continuation is indented than the line itself."""

_WORD = re.compile(r"\S+")


def fitted(text: Text | str, width: int, hanging: int = HANGING) -> list[Text]:
    """`text`, each of its lines as it is if it fits in `width` columns, else broken between
    words, the spaces inside each piece kept (a table's columns stay aligned)."""
    styled = Text(text) if isinstance(text, str) else text
    return [piece for line in styled.split("\n") for piece in _broken(line, width, hanging)]


def _broken(line: Text, width: int, hanging: int) -> list[Text]:
    plain = line.plain
    if len(plain) <= width:
        return [line]
    indent = " " * (len(plain) - len(plain.lstrip(" ")) + hanging)
    pieces: list[Text] = []
    start, end, lead = 0, 0, ""
    for word in _WORD.finditer(plain):
        if end and len(lead) + word.end() - start > width:
            pieces.append(Text(lead) + line[start:end])
            start, lead = word.start(), indent
        end = word.end()
    return [*pieces, Text(lead) + line[start:end]]


def show(console: Console, text: Text | str, hanging: int = HANGING) -> None:
    """Print `text` laid out for the console's width (no markup is read in it)."""
    for line in fitted(text, console.width, hanging):
        console.print(line, soft_wrap=True, markup=False, highlight=False)
