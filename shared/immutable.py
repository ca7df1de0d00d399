"""Small updates of immutable game states.

Engines keep states as tuples so that states are values (hashable, comparable, safe to share
between the states of a search); changing one slot means building a new tuple, and this is
the one spelling of that: `replace_at` for a plain tuple, `replaced` for a NamedTuple's fields.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")
V = TypeVar("V")

_FIELD_INDEX: dict[type, dict[str, int]] = {}
"""Per class, the position of each field: worked out once for each class."""


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with the item at `index` replaced by `value`."""
    return (*values[:index], value, *values[index + 1 :])


def replaced(value: V, **changes: Any) -> V:
    """`value` with the fields named in `changes` changed, as NamedTuple's `_replace` does:
    for a NamedTuple, or a class that lists its fields in `_fields` as one does and takes them
    in that order (the Lost Cities state). A random playout changes a state's fields some
    hundred thousand times a second, and `_replace` is plain Python in the standard library
    (keyword handling and a `map` over every field), which the compiled engines would
    otherwise spend a third of their time in."""
    kind: Any = type(value)
    index = _FIELD_INDEX.get(kind) or _indexed(kind)
    items = list(value) if isinstance(value, tuple) else [getattr(value, name) for name in index]
    try:
        for name, item in changes.items():
            items[index[name]] = item
    except KeyError as error:
        raise TypeError(f"{kind.__name__} has no field {error}") from None
    made: V = tuple.__new__(kind, items) if isinstance(value, tuple) else kind(*items)
    return made


def _indexed(kind: Any) -> dict[str, int]:
    index = _FIELD_INDEX[kind] = {name: at for at, name in enumerate(kind._fields)}
    return index


def by_fields(value: Any) -> tuple[type, tuple[Any, ...]]:
    """`__reduce__` of a frozen dataclass that is part of a state: pickled as its constructor
    and its fields in order. Pickle's default sets the fields one by one after creating the
    object, which the compiled engines' frozen classes refuse."""
    return type(value), tuple(getattr(value, field.name) for field in fields(value))
