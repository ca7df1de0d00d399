"""A whole number as people and programs send it: ASCII digits, nothing else.

Python reads more than that as a number: `str.isdigit` holds for `²`, which `int` then
refuses, and `int` itself takes `٣` (an Arabic-Indic three), a fullwidth five, `1_0`, ` 1` and
`+1`, as a regex's `\\d` matches other scripts' digits. Whatever reads a number from text (a
query string, a form, a game's option, a move's notation) reads it here, or with `DIGITS` in a
pattern, so that every number the service takes is written one way and every other spelling is
refused alike.
"""

from __future__ import annotations

import re
from typing import Final

DIGITS: Final = "[0-9]"
"""An ASCII digit in a pattern (never `\\d`)."""

MOST_DIGITS: Final = 15
"""The longest number read: more than any count or version the service keeps, few enough that
reading one costs nothing (`int` of a long text is quadratic)."""

_WHOLE: Final = re.compile(f"{DIGITS}{{1,{MOST_DIGITS}}}")


def whole_number(text: str) -> int | None:
    """The number `text` writes in ASCII digits alone (leading zeros allowed), else None."""
    return int(text) if _WHOLE.fullmatch(text) else None
