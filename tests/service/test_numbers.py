"""Numbers are ASCII digits: every number the API and the pages take, refused (4xx, never a
500, nothing changed) in any other spelling. Python reads `٣`, a fullwidth 5, `1_0`, ` 1` and
`+1` as numbers and holds `²` for a digit (`shared.numbers`); the service reads none of them.

The API's numbers are found in its own OpenAPI document, so an operation added with a number
is walked too: each integer parameter (query or path) and each integer field of a JSON body,
sent as text that is not ASCII digits alone, the rest of the request as it should be. The
pages' numbers are a table, and so are the game options people type."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.engine import BadValue
from shared.games import ENGINES
from shared.numbers import whole_number
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.pages import Visitor, form_fields, said

SPELLINGS = ["²", "٣", "\uff15", "1_0", " 1", "1 ", "+1", "-0", "0x1", "1e3", "1.0", "١٢", "٣d", ""]
"""What Python or a careless parser might read as a number."""

NOT_ASCII_DIGITS = st.one_of(
    st.sampled_from(SPELLINGS),
    st.text(
        st.one_of(st.sampled_from("0123456789"), st.characters(categories=["Nd", "No", "Nl"])),
        min_size=1,
        max_size=6,
    ),
).filter(lambda text: re.fullmatch("[0-9]+", text) is None)

BODIES: dict[str, dict[str, Any]] = {
    "POST /api/v1/games": {"type": "lost-cities", "invite": ["bo"]},
    "POST /api/v1/games/{game_id}/moves": {"move": "resign", "expected_version": 0},
}
"""A request that would be taken, for each operation with a number in its body."""


@dataclass(frozen=True)
class Number:
    """One number an operation takes: where (`query`, `path` or `body`) and its name."""

    method: str
    path: str
    where: str
    name: str
    required: tuple[str, ...]
    """The query's other numbers the operation needs."""

    @property
    def label(self) -> str:
        return f"{self.method} {self.path}"


def numbers_of(spec: dict[str, Any]) -> list[Number]:
    """Every integer the document's operations take, in parameters and in JSON bodies."""
    schemas = spec["components"]["schemas"]
    found = []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            parameters = [*operations.get("parameters", []), *operation.get("parameters", [])]
            integers = [p for p in parameters if p["schema"].get("type") == "integer"]
            required = tuple(p["name"] for p in integers if p.get("required"))
            found += [Number(method.upper(), path, p["in"], p["name"], required) for p in integers]
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                shape = schemas[body["schema"]["$ref"].rsplit("/", 1)[1]]
                found += [
                    Number(method.upper(), path, "body", name, required)
                    for name, field in shape.get("properties", {}).items()
                    if field.get("type") == "integer"
                ]
    return found


@dataclass
class Table:
    """ada's game with bo, her turn first, and her way in to its page."""

    ada: ApiClient
    game_id: str
    visitor: Visitor


@pytest.fixture
def table(at_once: LiveServer) -> Table:
    game_id, (ada, _) = start_game(at_once, "lost-cities", rounds=1, first_player=0)
    link = ada.ok("POST", f"/games/{game_id}/login-link")["url"]
    visitor = Visitor(at_once.url)
    assert visitor.log_in(link).status_code == 200
    return Table(ada, game_id, visitor)


def sent(table: Table, number: Number, spelling: str) -> tuple[int, Any]:
    """The operation asked with `spelling` for `number`, everything else as it should be."""
    path = number.path.replace("{game_id}", table.game_id).replace("{name}", "ada")
    assert "{" not in path, f"no value for {number.label}'s path: add one"
    query = {name: "0" for name in number.required}
    body = None
    if number.where == "query":
        query[number.name] = spelling
    elif number.where == "path":
        path = path.replace(f"{{{number.name}}}", spelling)
    else:
        assert number.label in BODIES, f"no request taken for {number.label}: add one"
        body = {**BODIES[number.label], number.name: spelling}
    answer = table.ada.call(number.method, path.removeprefix("/api/v1"), params=query, json=body)
    return answer.status_code, answer.json()


def test_the_walk_finds_the_numbers(table: Table) -> None:
    names = {(n.label, n.name) for n in numbers_of(table.ada.ok("GET", "/openapi.json"))}
    assert {
        ("GET /api/v1/games", "limit"),
        ("GET /api/v1/games/{game_id}/wait", "revision"),
        ("GET /api/v1/games/{game_id}/messages", "last"),
        ("POST /api/v1/games", "seats"),
        ("POST /api/v1/games/{game_id}/moves", "expected_version"),
    } <= names


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_every_number_of_the_api_is_ascii_digits(table: Table, data: st.DataObject) -> None:
    numbers = numbers_of(table.ada.ok("GET", "/openapi.json"))
    number = data.draw(st.sampled_from(numbers), label="number")
    spelling = data.draw(NOT_ASCII_DIGITS, label="spelling")
    status, answer = sent(table, number, spelling)
    assert 400 <= status < 500, (number, spelling, status, answer)
    assert answer["error"]["code"], answer


def test_a_refused_number_changes_nothing(table: Table) -> None:
    games, version = table.ada.ok("GET", "/games")["games"], 0
    for number in numbers_of(table.ada.ok("GET", "/openapi.json")):
        if number.method != "GET":
            for spelling in SPELLINGS:
                assert 400 <= sent(table, number, spelling)[0] < 500
    assert table.ada.ok("GET", "/games")["games"] == games
    assert table.ada.ok("GET", f"/games/{table.game_id}")["version"] == version


def int_options() -> Iterator[tuple[str, str]]:
    """Each engine's options that are whole numbers."""
    for type_id, engine in ENGINES.items():
        for option in engine.options:
            try:
                if option.choices is None and option.parse("0") == 0:
                    yield type_id, option.name
            except (BadValue, ValueError):  # not a number (an object)
                continue


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_games_number_options_are_ascii_digits(table: Table, spelling: str) -> None:
    """An engine's whole-number option, and the move clock's durations, given as text."""
    asked = [*int_options(), ("lost-cities", "move_time")]
    assert len(asked) > 2
    for type_id, name in asked:
        value = f"{spelling}d" if name == "move_time" else spelling
        body = {"type": type_id, "options": {name: value}}
        answer = table.ada.call("POST", "/games", json=body)
        assert answer.status_code == 400, (type_id, name, spelling, answer.text)


TYPED = [text for text in SPELLINGS if text.strip() and whole_number(text.strip()) is None]
"""The spellings refused in a field a person types, which the page trims (` 1` is 1 there)."""

PAGES: list[tuple[str, str, dict[str, str], list[str]]] = [
    ("GET", "/play/{game_id}", {"at": "{n}"}, SPELLINGS),
    ("POST", "/play/{game_id}", {"version": "{n}", "move": "resign"}, SPELLINGS),
    ("GET", "/play/{game_id}/wait", {"version": "{n}"}, SPELLINGS),
    ("GET", "/play/{game_id}/wait", {"version": "0", "revision": "{n}"}, SPELLINGS),
    ("GET", "/play/{game_id}/wait", {"version": "0", "said": "{n}"}, SPELLINGS),
    ("POST", "/new", {"type": "lost-cities", "seats": "{n}"}, TYPED),
    ("POST", "/new", {"type": "lost-cities", "bots-random": "{n}"}, TYPED),
    ("POST", "/new", {"type": "lost-cities", "option-stall_limit": "{n}"}, TYPED),
    ("POST", "/new", {"type": "lost-cities", "option-move_time": "{n}d"}, TYPED),
]
"""Each number a page takes, in its query or its form (`{n}`), with the rest of a request that
works; and the spellings it refuses."""


@pytest.mark.parametrize(("method", "path", "asked", "spellings"), PAGES)
def test_every_number_of_the_pages_is_ascii_digits(
    table: Table, method: str, path: str, asked: dict[str, str], spellings: list[str]
) -> None:
    path = path.format(game_id=table.game_id)
    hidden = form_fields(table.visitor.get(path).text) if method == "POST" else {}
    assert method == "GET" or "csrf_token" in hidden
    for spelling in spellings:
        filled = {name: value.format(n=spelling) for name, value in asked.items()}
        answer = (
            table.visitor.get(path, params=filled)
            if method == "GET"
            else table.visitor.post(path, {**hidden, **filled}, allow_redirects=False)
        )
        assert answer.status_code == 400, (path, filled, answer.status_code, said(answer.text))
    assert table.ada.ok("GET", f"/games/{table.game_id}")["version"] == 0
    assert len(table.ada.ok("GET", "/games")["games"]) == 1
