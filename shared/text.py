"""Plain text laid out for a width: a terminal's, or a mail reader's 80 columns.

The engines draw views and guides as lines; a line longer than the room it has is broken at its
spaces, never inside a word (a card id, a move, a name), so what a person copies out of it is
what they may type. Tables are drawn to fit 80 columns and are left as they are.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable

WIDTH = 80
"""The width a text is laid out for unless its reader says otherwise: a mail's, a pipe's."""

HANGING = "  "
"""How much further a broken line's continuation is indented than the line itself."""

_NUMBER = re.compile(r"[+-]?\d")


def wrapped(lines: Iterable[str], width: int = WIDTH) -> list[str]:
    """Each line as it is if it fits in `width` columns, else broken between words into lines
    that do, each continuation indented by HANGING past the line's own indent. A view's long
    lines are lists of things and their numbers (`thalers 3, chest 0`), so a number stays on
    the line of the word before it; a single word longer than the width stays whole."""
    laid_out: list[str] = []
    for line in lines:
        laid_out += [line] if len(line) <= width else _broken(line, width)
    return laid_out


def _broken(line: str, width: int) -> list[str]:
    indent = line[: len(line) - len(line.lstrip(" "))]
    pieces: list[str] = []
    for word in line.split():
        if pieces and _NUMBER.match(word):
            pieces[-1] += " " + word
        else:
            pieces.append(word)
    lines: list[str] = []
    lead, current = indent, ""
    for piece in pieces:
        if current and len(current) + 1 + len(piece) > width:
            lines.append(current)
            lead, current = indent + HANGING, ""
        current = f"{current} {piece}" if current else lead + piece
    return [*lines, current]


def prose(text: str, width: int = WIDTH, first: str = "", rest: str = "") -> list[str]:
    """A paragraph filled to `width` between its words, its first line led by `first` and the
    others by `rest`."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )
