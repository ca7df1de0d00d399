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
from collections.abc import Sequence
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

from shared.shapes import About

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
        _made[shape] = Schema.from_dict(declared, name=f"{component_name(shape)}Schema")
    return _made[shape]


def component_name(shape: Any) -> str:
    """A TypedDict's name in the document: a game's own (`shared.games.NAME.shapes`) after its
    game, as every game has its `View`: `LostCitiesView`."""
    place = shape.__module__.split(".")
    game = place[2] if place[:2] == ["shared", "games"] else ""
    return "".join(word.title() for word in game.split("_")) + str(shape.__name__)


def answer_schema(shape: Any) -> Schema:
    """The schema of an answer: a TypedDict, or a list of one (`list[GameType]`)."""
    if get_origin(shape) is list:
        (item,) = get_args(shape)
        return schema_of(item)(many=True)
    return schema_of(shape)()


def field_for(hint: Any, required: bool = False) -> fields.Field[Any]:
    """The marshmallow field of one TypedDict value's type: str, int, float, bool, Any, a
    Literal of strings (an enum), a TypedDict (nested), `list[X]`, `dict[str, X]`, any of them
    `| None` and `Annotated` with `about(...)`; with `about(of=...)`, one of those TypedDicts
    (`OneOf`)."""
    metadata: dict[str, Any] = {}
    options: dict[str, Any] = {"required": True} if required else {}
    shapes: tuple[Any, ...] = ()
    while True:
        origin = get_origin(hint)
        if origin in (NotRequired, Required):
            (hint,) = get_args(hint)
        elif origin is Annotated:
            hint, *extras = get_args(hint)
            said = [extra for extra in extras if isinstance(extra, About)]
            # the outer says more of the field than an alias within it; Python flattens an
            # Annotated alias annotated again, the alias's first
            level = {key: value for extra in said for key, value in extra.metadata.items()}
            metadata = {**level, **metadata}
            shapes = shapes or next((extra.of for extra in reversed(said) if extra.of), ())
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
    if shapes:
        return OneOf([schema_of(shape) for shape in shapes], **options)
    made = bare_field(hint, options)
    enum = made.metadata.get("enum")
    if made.allow_none and enum is not None and None not in enum:
        # OpenAPI 3.0: an enum holds the values allowed, null too where it is allowed
        made.metadata = {**made.metadata, "enum": [*enum, None]}
    return made


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


class OneOf(fields.Raw):
    """A value of one of several TypedDicts' shapes, the document's `oneOf` of their schemas: a
    game's view, move or event, whose shape its game's type decides. Sent as built, as any
    answer here (`one_of` writes it in the document)."""

    def __init__(self, shapes: Sequence[type[Schema]], **options: Any) -> None:
        super().__init__(**options)
        self.shapes = list(shapes)


def one_of(converter: Any, field: fields.Field[Any], ret: dict[str, Any]) -> dict[str, Any]:
    """apispec's property of a `OneOf` field (an attribute function of the marshmallow plugin's
    converter): each shape a component, and null as one more (OpenAPI 3.0 reads `nullable`
    beside `type` only, so a nullable `oneOf` says null as one of its own: an object's type,
    nullable, that no object has)."""
    if not isinstance(field, OneOf):
        return {}
    shapes = [converter.resolve_nested_schema(shape) for shape in field.shapes]
    if ret.pop("nullable", False):
        shapes.append({"type": "object", "nullable": True, "not": {"type": "object"}})
    return {"oneOf": shapes}
