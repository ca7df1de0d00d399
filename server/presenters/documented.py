"""The OpenAPI document's answer schemas, made from the answers' TypedDicts
(`server.presenters.shapes`, `server.presenters.player_shapes`): a field's name and type are
written once, in the TypedDict the presenter builds and mypy checks key by key, and what only the
document says (a description, an enum, a pattern) rides along in the field's `Annotated`
metadata (`about`).

The schemas made here only document: the busiest answers are sent as built, and the others are
dumped by them, which changes nothing the TypedDict allows.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from marshmallow import Schema, fields


@dataclass(frozen=True, eq=False)
class About:
    """What the document says of a field beyond its type: OpenAPI keywords such as
    `description`, `enum`, `pattern`, `format`, `example`."""

    metadata: Mapping[str, Any] = field(default_factory=dict)


def about(description: str | None = None, **keywords: Any) -> About:
    """`Annotated[str, about("why it is there", enum=[...])]`."""
    said = {"description": description} if description is not None else {}
    return About({**said, **keywords})


SCALARS: dict[Any, type[fields.Field[Any]]] = {
    str: fields.String,
    int: fields.Integer,
    float: fields.Float,
    bool: fields.Boolean,
    Any: fields.Raw,
}

_made: dict[Any, type[Schema]] = {}


def schema_of(shape: Any) -> type[Schema]:
    """The marshmallow schema of a TypedDict, named as it is (`GameView` gives
    `GameViewSchema`, the document's component `GameView`), made once: a TypedDict nested in
    several answers is one component. A key the TypedDict requires is `required`."""
    if not is_typeddict(shape):
        raise TypeError(f"{shape!r} is not a TypedDict")
    if shape not in _made:
        hints = get_type_hints(shape, include_extras=True)
        required: frozenset[str] = shape.__required_keys__
        declared = {
            name: field_for(hint, required=name in required) for name, hint in hints.items()
        }
        _made[shape] = Schema.from_dict(declared, name=f"{shape.__name__}Schema")
    return _made[shape]


def answer_schema(shape: Any) -> Schema:
    """The schema of an answer: a TypedDict, or a list of one (`list[GameType]`)."""
    if get_origin(shape) is list:
        (item,) = get_args(shape)
        return schema_of(item)(many=True)
    return schema_of(shape)()


def field_for(hint: Any, required: bool = False) -> fields.Field[Any]:
    """The marshmallow field of one TypedDict value's type: str, int, float, bool, Any, a
    Literal of strings (an enum), a TypedDict (nested), `list[X]`, `dict[str, X]`, any of them
    `| None` and `Annotated` with `about(...)`."""
    metadata: dict[str, Any] = {}
    options: dict[str, Any] = {"required": True} if required else {}
    while True:
        origin = get_origin(hint)
        if origin in (NotRequired, Required):
            (hint,) = get_args(hint)
        elif origin is Annotated:
            hint, *extras = get_args(hint)
            for extra in extras:
                if isinstance(extra, About):
                    metadata.update(extra.metadata)
        elif origin in (Union, types.UnionType) and type(None) in get_args(hint):
            rest = [arg for arg in get_args(hint) if arg is not type(None)]
            if len(rest) != 1:
                raise TypeError(f"one type or None, not {hint!r}")
            hint = rest[0]
            options["allow_none"] = True
        else:
            break
    if metadata:
        options["metadata"] = metadata
    return bare_field(hint, options)


def bare_field(hint: Any, options: dict[str, Any]) -> fields.Field[Any]:
    origin, args = get_origin(hint), get_args(hint)
    if hint in SCALARS:
        return SCALARS[hint](**options)
    if origin is Literal and all(isinstance(arg, str) for arg in args):
        options["metadata"] = {**options.get("metadata", {}), "enum": list(args)}
        return fields.String(**options)
    if is_typeddict(hint):
        return fields.Nested(schema_of(hint), **options)
    if origin is list:
        return fields.List(field_for(args[0]), **options)
    if origin is dict and args[0] is str:
        if args[1] is Any:
            return fields.Dict(**options)
        return fields.Dict(keys=fields.String(), values=field_for(args[1]), **options)
    raise TypeError(f"no field for {hint!r}")
