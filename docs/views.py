"""docs/views.md, what a script reads of each game: every field of its view, moves and log
events, from the OpenAPI document's schemas (made from the games' TypedDicts,
`shared/games/<game>/shapes.py`), and a view of a game mid-game with one move of each kind,
from a seeded game. `.venv/bin/python -m docs.views [FILE]` writes the page;
tests/test_views_page.py checks that the page is what this writes, so it cannot drift from the
schemas."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from server.presenters.documented import component_name, one_of, schema_of
from shared.engine import Engine
from shared.games import ENGINES

PAGE = Path(__file__).with_name("views.md")
STEPS_IN = 14
"""How far into a seeded game its example view is."""
WIDTH = 100

INTRO = """\
# What a script reads: each game's JSON

A game's view (`view` in `GET /api/v1/games/{id}` and in `turnpost bot`'s question), its legal
moves (`legal_moves[].move`, the runner's `legal`) and its log events (`event` in `GET
/games/{id}/log`, `applied` after a move) have a schema each in the OpenAPI document
(`/api/v1/openapi.json`, read at `/api/v1/docs`), made from the TypedDicts the engines build
(`shared/games/<game>/shapes.py`). A view, a move or an event is a `oneOf` of the games' own,
the game's `type` saying whose. Below, for each game, every field (a field marked *sometimes*
may be absent; `[]` stands for each item of a list, `{key}` for each value of a map), then a
view of a game mid-game as it shows its seat's own player, and a move of each kind.

A client generated from the document can be trusted with them: `tests/service/test_game_shapes.py`
holds random games of every type and player count to these schemas, for each seat and for a
spectator, and `tests/service/test_schema_client.py` plays a game of each type with a client
that aiopenapi3 makes from the document alone. This page is written by `docs/views.py`
(`.venv/bin/python -m docs.views`) from the schemas.
"""


def components() -> dict[str, Any]:
    """The document's schemas of every game's shapes, as the service's document has them."""
    plugin = MarshmallowPlugin()
    spec = APISpec("turnpost", "v1", "3.0.3", plugins=[plugin])
    assert plugin.converter is not None
    plugin.converter.add_attribute_function(one_of)  # type: ignore[no-untyped-call]
    for engine in ENGINES.values():
        shapes = engine.shapes
        for shape in (shapes.view, *shapes.moves, *shapes.events):
            if component_name(shape) not in spec.components.schemas:  # not yet met nested
                spec.components.schema(component_name(shape), schema=schema_of(shape))
    schemas: dict[str, Any] = spec.to_dict()["components"]["schemas"]
    return schemas


def kind(schema: dict[str, Any], schemas: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
    """A field's type in words, and the schema whose fields it has (an object's), if any."""
    if "$ref" in schema:
        return "object", schemas[schema["$ref"].rsplit("/", 1)[1]]
    if "allOf" in schema:  # a reference with a description beside it
        return kind(schema["allOf"][0], schemas)
    if "anyOf" in schema or "oneOf" in schema:
        # the shapes, without the one that stands for null
        options = [
            option for option in schema.get("anyOf", schema.get("oneOf", [])) if "$ref" in option
        ]
        said, inner = kind(options[0], schemas) if len(options) == 1 else ("object", None)
        if len(options) > 1:
            said = "one of " + ", ".join(option["$ref"].rsplit("/", 1)[1] for option in options)
        return said + " or null", inner
    said = {"string": "text", "integer": "integer", "boolean": "true or false"}.get(
        schema.get("type", ""), schema.get("type", "any")
    )
    if said == "array":
        item, inner = kind(schema["items"], schemas)
        return f"list of {item}", inner
    if said == "object" and "properties" not in schema:
        value, inner = kind(schema.get("additionalProperties") or {}, schemas)
        return f"map of {value}", inner
    if schema.get("enum"):
        said += ": " + ", ".join(value for value in schema["enum"] if value is not None)
    if schema.get("nullable"):
        said += " or null"
    return said, None


def fields(schema: dict[str, Any], schemas: dict[str, Any], path: str = "") -> Iterator[str]:
    """A table row for each field of `schema`, and of the objects within it."""
    required = set(schema.get("required", []))
    for name, field in schema.get("properties", {}).items():
        said, inner = kind(field, schemas)
        item = said.count("list of") * "[]" + ("{key}" if said.startswith("map of") else "")
        here = f"{path}{name}{item}"
        sometimes = "" if name in required else " *sometimes*"
        about = field.get("description") or (inner or {}).get("description", "")
        yield f"| `{here}` | {said}{sometimes} | {about} |"
        if inner is not None:
            yield from fields(inner, schemas, f"{here}.")


def example(engine: Engine[Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A seeded two-player game `STEPS_IN` moves in: the view of the seat to move, and a move of
    each kind it or an earlier mover had."""
    chance = random.Random(engine.type_id)
    state = engine.new(2, "cd" * 32)
    kinds: dict[tuple[str, ...], dict[str, Any]] = {}
    for step in range(STEPS_IN + 1):
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        for move in moves:
            kinds.setdefault((move["action"], *sorted(move)), move)
        if step < STEPS_IN:
            state = engine.apply(state, seat, chance.choice(moves))
    return engine.view(state, engine.to_act(state)[0]), list(kinds.values())


def shown(view: dict[str, Any]) -> list[str]:
    """A view as JSON, a top-level field a line, wrapped at `WIDTH` between values."""
    lines = ["{"]
    for number, (name, value) in enumerate(view.items()):
        text = f"  {json.dumps(name)}: {json.dumps(value)}" + (
            "," if number < len(view) - 1 else ""
        )
        while len(text) > WIDTH:
            cut = text.rfind(", ", 0, WIDTH)
            lines.append(text[: cut + 1])
            text = "    " + text[cut + 2 :]
        lines.append(text)
    return [*lines, "}"]


def section(engine: Engine[Any], schemas: dict[str, Any]) -> list[str]:
    shapes = engine.shapes
    view, moves = example(engine)
    lines = [f"## {engine.title} (`{engine.type_id}`)", ""]
    for title, shown_shapes in (
        ("The view", (shapes.view,)),
        ("A move", shapes.moves),
        ("A log event", shapes.events),
    ):
        for shape in shown_shapes:
            name = component_name(shape)
            schema = schemas[name]
            lines += [f"### {title}: `{name}`", ""]
            if schema.get("description"):
                lines += [schema["description"], ""]
            lines += ["| field | type | meaning |", "|---|---|---|", *fields(schema, schemas), ""]
    lines += ["A view mid-game, as its seat to move sees it:", "", "```json", *shown(view), "```"]
    moves_json = [json.dumps(move) for move in moves]
    return [*lines, "", "A move of each kind:", "", "```json", *moves_json, "```", ""]


def page() -> str:
    schemas = components()
    lines = [INTRO]
    for _, engine in sorted(ENGINES.items()):
        lines += section(engine, schemas)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    (Path(sys.argv[1]) if len(sys.argv) > 1 else PAGE).write_text(page())
