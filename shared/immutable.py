"""Small updates of immutable game states.

Engines keep states as tuples so that states are values (hashable, comparable, safe to share
between the states of a search); changing one slot means building a new tuple, and this is the
one spelling of that.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with the item at `index` replaced by `value`."""
    return (*values[:index], value, *values[index + 1 :])


def by_fields(value: Any) -> tuple[type, tuple[Any, ...]]:
    """`__reduce__` of a frozen dataclass that is part of a state: pickled as its constructor
    and its fields in order. Pickle's default sets the fields one by one after creating the
    object, which the compiled engines' frozen classes refuse."""
    return type(value), tuple(getattr(value, field.name) for field in fields(value))
