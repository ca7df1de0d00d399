"""Small updates of immutable game states.

Engines keep states as tuples so that states are values (hashable, comparable, safe to share
between the states of a search); changing one slot means building a new tuple, and this is the
one spelling of that.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with the item at `index` replaced by `value`."""
    return (*values[:index], value, *values[index + 1 :])
