"""What the OpenAPI document says of a JSON answer's field beyond its type (`About`), and which
TypedDicts a game's own JSON has (`GameShapes`): a game's view, its moves and its log events
are declared once, in its package's `shapes`, and the document's schemas are made from them
(`server.presenters.documented`), so that what a script reads is written down where it is
built.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, eq=False)
class About:
    """What the document says of a field beyond its type: OpenAPI keywords such as
    `description`, `enum`, `pattern`, `format`, `example`; and `of`, the TypedDicts a value of
    an open type (a game's view, move or event) is one of, by the game's type."""

    metadata: Mapping[str, Any] = field(default_factory=dict)
    of: tuple[Any, ...] = ()


def about(description: str | None = None, *, of: tuple[Any, ...] = (), **keywords: Any) -> About:
    """`Annotated[str, about("why it is there", enum=[...])]`."""
    said = {"description": description} if description is not None else {}
    return About({**said, **keywords}, of)


@dataclass(frozen=True)
class GameShapes:
    """A game type's TypedDicts: its `view` (of a seat, or a spectator's), the kinds of its
    legal `moves`, the kinds of its log `events` as a seat or a spectator may see them
    (redacted), and its `result` once it is over. A move or an event is one of its kinds, and
    of no other game's."""

    view: Any
    moves: tuple[Any, ...]
    events: tuple[Any, ...]
    result: Any
