"""How a move breaks into the few choices a person makes, one at a time, on a page.

A legal move is a path of `Step`s from the first choice to the last (in Lost Cities a card,
then play or discard, then where to draw from); the steps of all the legal moves form a tree,
and a page offers one node of it at a time (`server/web/table/controls.py`), so no choice shows more
than `MOST` controls however many moves there are. Each game says how its moves break
(`Engine.choices`, its `choices.py`) from its legal moves and the seat's view, nothing else, so
twins are offered the same steps. A step's `key` is stable and in no language (what a page's
address carries); its `label` and the whole move's `said` are in the reader's `Words`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

MOST: Final = 12
"""The most controls one choice shows, where the game allows it."""


class Step(NamedTuple):
    """One choice on the way to a move. `asks` is the question the choice answers (the same for
    every option of it); `colour` (a CSS colour) draws a swatch beside the label, which always
    names the colour or its letter too: colour is never the only cue."""

    key: str
    label: str
    asks: str
    colour: str | None = None


class Choice(NamedTuple):
    """A legal move as the path of steps that reaches it, and the whole move as a sentence."""

    steps: tuple[Step, ...]
    said: str


def ranged(amount: int, most: int, asks: str, label: Callable[[int, int], str]) -> tuple[Step, ...]:
    """The steps that narrow a number from 1 to `most` down to `amount` by ranges, so that
    each offers at most `MOST` (1-10, 11-20, … then the amount itself, by tens of tens when
    `most` is larger): empty while `most` itself fits in one choice. `label(low, high)` words
    a range."""
    size = 1
    while -(-most // size) > MOST:
        size *= 10
    steps: list[Step] = []
    while size > 1:
        low = (amount - 1) // size * size + 1
        high = min(low + size - 1, most)
        steps.append(Step(f"{low}-{high}", label(low, high), asks))
        size //= 10
    return tuple(steps)
