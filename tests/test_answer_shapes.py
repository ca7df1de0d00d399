"""The answers' TypedDicts (`server.presenters.shapes`) become the OpenAPI document's schemas
(`server.presenters.documented`): each type as its field, what `about` says carried over, a key
the TypedDict requires required, and a TypedDict nested in several answers one component."""

from typing import Annotated, Any, Literal, NotRequired, TypedDict

import pytest
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from server.presenters import player_shapes, shapes
from server.presenters.documented import answer_schema, one_of, schema_of
from shared.shapes import about


class Inner(TypedDict):
    n: int


class Sample(TypedDict):
    text: Annotated[str, about("said of it", pattern="^[a-z]+$")]
    count: int
    ratio: float
    flag: bool
    anything: Any
    maybe: Annotated[int | None, about("or null")]
    kind: Literal["a", "b"]
    levels: Annotated[list[Annotated[str, about(enum=["x", "y"])]], about("some levels")]
    inner: Inner
    inners: list[Inner | None] | None
    by_name: dict[str, Inner]
    free: dict[str, Any]
    later: NotRequired[Annotated[str, about("only sometimes")]]


class Wider(Sample):
    extra: int


class Other(TypedDict):
    m: str


Alias = Annotated[str, about("the alias's", enum=["p", "q"])]


class Several(TypedDict):
    either: Annotated[dict[str, Any], about("one of two", of=(Inner, Other))]
    perhaps: Annotated[dict[str, Any] | None, about("or null", of=(Inner, Other))]
    choice: Annotated[str | None, about(enum=["p", "q"])]
    said_again: Annotated[Alias, about("the field's")]


def documented(*shapes_: Any) -> dict[str, Any]:
    plugin = MarshmallowPlugin()
    spec = APISpec("t", "1", "3.0.3", plugins=[plugin])
    assert plugin.converter is not None
    plugin.converter.add_attribute_function(one_of)  # type: ignore[no-untyped-call]
    for shape in shapes_:
        spec.components.schema(shape.__name__, schema=schema_of(shape))
    schemas: dict[str, Any] = spec.to_dict()["components"]["schemas"]
    return schemas


def test_each_type_becomes_its_field_with_what_about_says() -> None:
    sample = documented(Inner, Sample)["Sample"]
    fields = sample["properties"]
    assert fields["text"] == {"type": "string", "description": "said of it", "pattern": "^[a-z]+$"}
    assert fields["count"] == {"type": "integer"}
    assert fields["ratio"] == {"type": "number"}
    assert fields["flag"] == {"type": "boolean"}
    assert fields["anything"] == {}
    assert fields["maybe"] == {"type": "integer", "nullable": True, "description": "or null"}
    assert fields["kind"] == {"type": "string", "enum": ["a", "b"]}
    assert fields["levels"] == {
        "type": "array",
        "items": {"type": "string", "enum": ["x", "y"]},
        "description": "some levels",
    }
    assert fields["inner"] == {"$ref": "#/components/schemas/Inner"}
    assert fields["inners"]["items"] == {
        "anyOf": [{"type": "object", "nullable": True}, {"$ref": "#/components/schemas/Inner"}]
    }
    assert fields["inners"]["nullable"] is True
    assert fields["by_name"] == {
        "type": "object",
        "additionalProperties": {"$ref": "#/components/schemas/Inner"},
    }
    assert fields["free"] == {"type": "object", "additionalProperties": {}}
    assert fields["later"] == {"type": "string", "description": "only sometimes"}
    assert list(fields) == list(Sample.__annotations__)
    assert set(sample["required"]) == set(Sample.__annotations__) - {"later"}


def test_a_shape_is_made_once_and_named_as_it_is() -> None:
    assert schema_of(Sample) is schema_of(Sample)
    assert schema_of(Sample).__name__ == "SampleSchema"
    assert schema_of(Sample)._declared_fields["inner"].nested is schema_of(Inner)  # type: ignore[attr-defined]
    assert list(documented(Inner, Sample, Wider)["Wider"]["properties"])[-2:] == ["later", "extra"]


def test_a_list_answer_is_many_of_its_item() -> None:
    many = answer_schema(list[Inner])
    assert many.many and type(many) is schema_of(Inner)
    assert not answer_schema(Inner).many


class Pair(TypedDict):
    pair: tuple[int, int]


class Either(TypedDict):
    either: int | str


class NotAShape:
    x: int


@pytest.mark.parametrize("bad", [Pair, Either, NotAShape])
def test_what_has_no_field_is_refused_when_the_shape_is_made(bad: Any) -> None:
    with pytest.raises(TypeError):
        schema_of(bad)


def test_every_answer_shape_is_documented() -> None:
    answers = [
        value
        for module in (shapes, player_shapes)
        for value in vars(module).values()
        if isinstance(value, type) and getattr(value, "__module__", "") == module.__name__
    ]
    assert len(answers) > 30
    for shape in answers:
        assert schema_of(shape).__name__ == f"{shape.__name__}Schema"


def test_a_value_of_several_shapes_is_one_of_them_and_null_one_more() -> None:
    fields = documented(Several)["Several"]["properties"]
    refs = [{"$ref": "#/components/schemas/Inner"}, {"$ref": "#/components/schemas/Other"}]
    assert fields["either"] == {"description": "one of two", "oneOf": refs}
    null = {"type": "object", "nullable": True, "not": {"type": "object"}}
    assert fields["perhaps"] == {"description": "or null", "oneOf": [*refs, null]}


def test_a_nullable_enum_lists_null_and_the_outer_description_wins() -> None:
    fields = documented(Several)["Several"]["properties"]
    assert fields["choice"] == {"type": "string", "nullable": True, "enum": ["p", "q", None]}
    assert fields["said_again"] == {
        "type": "string",
        "description": "the field's",
        "enum": ["p", "q"],
    }


def test_a_games_shapes_are_named_after_it() -> None:
    from shared.games.lost_cities.shapes import View

    assert schema_of(View).__name__ == "LostCitiesViewSchema"
