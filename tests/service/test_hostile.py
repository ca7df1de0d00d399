"""Hostile requests: each is refused with the one JSON error shape, a stable code and a 4xx
status, and leaves everything the service stores as it was (the game's log above all)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis
import requests

from server.api.blueprint import MAX_JSON_DEPTH
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import refused
from tests.support.games import start_game
from tests.support.stored import log_length, stored

INJECTIONS = ["'; DROP TABLE players--", "$(rm -rf /)", "`reboot`", "%s%n{0}", "{0.__class__}"]
ODD_NAMES = [
    "ada\n",  # `$` in a regex also matches before a final newline
    "\nada",
    " ada",
    "ada\x00",
    "ad\u200fa",  # right-to-left mark
    "\u202eada",  # right-to-left override
    "ad\u200ba",  # zero-width space
    "ada\u0301",  # combining accent
    "\u0430da",  # Cyrillic a: looks like "ada"
    "\uff41\uff44\uff41",  # fullwidth "ada"
    "ada\U0001f600",
    "\U0001f600\U0001f600",
]


@dataclass
class Table:
    """A running lost-cities game: who moves, who waits, and a move that is legal now."""

    game_id: str
    mover: ApiClient
    waiter: ApiClient
    version: int
    legal: str

    @property
    def moves(self) -> str:
        return f"/games/{self.game_id}/moves"

    def move_body(self, **fields: Any) -> dict[str, Any]:
        return {"move": self.legal, "expected_version": self.version, **fields}


@pytest.fixture
def table(api: LiveServer, redis_client: redis.Redis) -> Iterator[Table]:
    """The game; afterwards, nothing stored has changed and the legal move is still taken."""
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    mover, waiter = (ada, bo) if ada.ok("GET", f"/games/{game_id}")["your_turn"] else (bo, ada)
    view = mover.ok("GET", f"/games/{game_id}")
    table = Table(game_id, mover, waiter, view["version"], view["legal_moves"][0]["text"])
    before, length = stored(redis_client), log_length(redis_client, game_id)
    yield table
    assert log_length(redis_client, game_id) == length
    assert stored(redis_client) == before
    mover.ok("POST", table.moves, json=table.move_body())


def test_oversized_bodies_are_refused_whole(table: Table) -> None:
    """Over the 64 KiB limit, whether its length is declared or the body is streamed (chunked,
    which werkzeug on its own would cut at the limit and parse the first 64 KiB of)."""
    body = json.dumps(table.move_body(move="x" * 70_000)).encode()

    def chunked() -> Iterator[bytes]:
        for start in range(0, len(body), 4096):
            yield body[start : start + 4096]

    json_type = {"Content-Type": "application/json"}
    for case, data in (("declared", body), ("chunked", chunked())):
        refused(
            table.mover.call("POST", table.moves, data=data, headers=json_type),
            413,
            "body_too_large",
            case,
        )
    refused(
        table.mover.call("PATCH", "/me", data=b" " * 70_000, headers=json_type),
        413,
        "body_too_large",
    )


def test_a_streamed_body_under_the_limit_is_read(api: LiveServer) -> None:
    body = json.dumps({"name": "streamed", "email": "s@example.org"}).encode()
    response = api.client().call(
        "POST",
        "/players",
        data=iter([body[:10], body[10:]]),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 201, response.text


def nested(depth: int, inner: str = "") -> str:
    return "[" * depth + inner + "]" * depth


def test_deeply_nested_json_is_refused_without_recursing(table: Table) -> None:
    """10,000 levels would end Python's recursion (a 500 before); anything over the limit is
    refused before a schema, an engine or an error message walks it."""
    deep = nested(10_000)
    bodies = {
        "a bare nest": deep,
        "a nested move": f'{{"move": {deep}, "expected_version": {table.version}}}',
        "a move one level too deep": json.dumps(
            table.move_body(move={"action": json.loads(nested(MAX_JSON_DEPTH))})
        ),
        "nested options": f'{{"type": "lost-cities", "options": {{"deck": {nested(900)}}}}}',
    }
    headers = {"Content-Type": "application/json"}
    for case, body in bodies.items():
        for path in (table.moves, "/games", "/me"):
            method = "PATCH" if path == "/me" else "POST"
            details = refused(
                table.mover.call(method, path, data=body, headers=headers),
                400,
                "invalid_json",
                case,
            )
            assert details == {}, (case, details)
    refused(table.mover.call("POST", "/players", data=deep, headers=headers), 400, "invalid_json")


def test_bodies_that_are_not_json_objects(table: Table) -> None:
    json_type = {"Content-Type": "application/json"}
    not_json = {
        "invalid UTF-8": b'{"move": "play \xff\xfe", "expected_version": 0}',
        "NaN": b'{"move": "x", "expected_version": NaN}',
        "Infinity": b'{"move": "x", "expected_version": Infinity}',
        "-Infinity": b'{"move": "x", "expected_version": -Infinity}',
        "truncated": b'{"move": "x", "expected_',
        "a byte order mark": b'\xef\xbb\xbf{"move": "x", "expected_version": 0}',
        "two documents": b'{"move": "x"} {"expected_version": 0}',
        "a key twice": b'{"move": "x", "expected_version": 0, "expected_version": 1}',
        "a nested key twice": b'{"move": {"card": "R7", "card": "R8"}, "expected_version": 0}',
    }
    for case, data in not_json.items():
        refused(
            table.mover.call("POST", table.moves, data=data, headers=json_type),
            400,
            "invalid_json",
            case,
        )
    for case, data in {
        "null": b"null",
        "a list": b"[]",
        "a string": b'"move"',
        "a number": b"5",
    }.items():
        details = refused(
            table.mover.call("POST", table.moves, data=data, headers=json_type),
            400,
            "invalid_request",
            case,
        )
        assert details["fields"]["json"] == {"_schema": ["Invalid input type."]}, case
    for method, path in (("POST", table.moves), ("POST", "/games"), ("PATCH", "/me")):
        refused(table.mover.call(method, path, data=b"", headers=json_type), 400, "missing_body")
        refused(table.mover.call(method, path), 400, "missing_body")
        for content_type in ("text/plain", "application/x-www-form-urlencoded", "text/html"):
            refused(
                table.mover.call(
                    method,
                    path,
                    data=json.dumps(table.move_body()),
                    headers={"Content-Type": content_type},
                ),
                415,
                "unsupported_media_type",
                (path, content_type),
            )
    refused(
        table.mover.call("POST", "/games", data={"type": "lost-cities"}),
        415,
        "unsupported_media_type",
    )


def test_numbers_out_of_range_or_of_the_wrong_kind(table: Table) -> None:
    for value in (-1, 10**30, -(10**30), 10**9 + 1, 1.0, 0.5, 1e300, True, "0", None):
        details = refused(
            table.mover.call("POST", table.moves, json=table.move_body(expected_version=value)),
            400,
            "invalid_request",
            value,
        )
        assert list(details["fields"]["json"]) == ["expected_version"], (value, details)
    for seats in (10**9, 0, -1, 11, 2.0, "2", True, [2]):
        details = refused(
            table.mover.call("POST", "/games", json={"type": "lost-cities", "seats": seats}),
            400,
            "invalid_request",
            seats,
        )
        assert list(details["fields"]["json"]) == ["seats"], (seats, details)
    game = f"/games/{table.game_id}"
    queries = [
        (f"{game}/log?since=-5", "since"),
        (f"{game}/log?since={10**30}", "since"),
        (f"{game}/log?since=1.5", "since"),
        (f"{game}/log?since=abc", "since"),
        (f"{game}/wait?version=0&timeout={10**9}", "timeout"),
        (f"{game}/wait?version=0&timeout=-1", "timeout"),
        (f"{game}/wait?version=-1&timeout=0", "version"),
        (f"{game}/wait?version={10**30}&timeout=0", "version"),
        (f"{game}/wait?timeout=0", "version"),
    ]
    for path, field in queries:
        details = refused(table.mover.call("GET", path), 400, "invalid_request", path)
        assert list(details["fields"]["query"]) == [field], (path, details)


def test_huge_move_strings_and_batches(table: Table) -> None:
    too_long = [table.legal + " " * 501, "x" * 501, "x" * 60_000, (table.legal + " ") * 40]
    for text in too_long:
        refused(
            table.mover.call("POST", table.moves, json=table.move_body(move=text)),
            400,
            "invalid_request",
            len(text),
        )
    steps = [{"action": "play", "card": "R7", "draw": "deck"}] * 51
    refused(
        table.mover.call("POST", table.moves, json=table.move_body(move=steps)),
        400,
        "invalid_request",
    )
    details = refused(
        table.mover.call("POST", table.moves, json=table.move_body(move="x" * 500)),
        422,
        "bad_notation",
    )
    assert table.legal in details["legal_moves"]


BAD_TYPES: list[Any] = [None, True, 5, 2.5, "text", [], ["text"], {}, {"a": 1}]


def wrong_types(value: Any) -> list[Any]:
    """The values in BAD_TYPES of another JSON type than `value`."""
    return [bad for bad in BAD_TYPES if type(bad) is not type(value)]


def test_wrong_json_types_everywhere(table: Table) -> None:
    """Every field of every request body, given every JSON type it does not take (a move takes
    text, an object or a list of objects; the engine, not the schema, refuses a bad object)."""
    bodies: list[tuple[str, str, dict[str, Any]]] = [
        ("POST", "/players", {"name": "zed", "email": "zed@example.org"}),
        ("PATCH", "/me", {"email": "new@example.org", "timezone": "UTC"}),
        (
            "POST",
            "/games",
            {"type": "lost-cities", "seats": 2, "options": {"rounds": 1}, "invite": ["zed"]},
        ),
        ("POST", table.moves, table.move_body()),
    ]
    for method, path, body in bodies:
        for field, value in body.items():
            for bad in wrong_types(value):
                if field == "move" and isinstance(bad, dict):
                    continue
                details = refused(
                    table.mover.call(method, path, json={**body, field: bad}),
                    400,
                    "invalid_request",
                    (path, field, bad),
                )
                assert list(details["fields"]["json"]) == [field], (path, field, bad, details)
    for bad in [*wrong_types(""), [["nested"]]]:
        details = refused(
            table.mover.call("POST", "/games", json={"type": "lost-cities", "invite": [bad]}),
            400,
            "invalid_request",
            bad,
        )
        assert list(details["fields"]["json"]) == ["invite"], (bad, details)


def test_injections_and_odd_characters_in_names_emails_and_types(table: Table) -> None:
    """Names are 2-32 ASCII letters, digits, '.', '_' or '-', whole (no trailing newline), so
    no payload, control character, bidi mark or look-alike letter makes a player's name."""
    for name in [*INJECTIONS, *ODD_NAMES]:
        details = refused(
            table.mover.call("POST", "/players", json={"name": name, "email": "x@example.org"}),
            400,
            "invalid_request",
            name,
        )
        assert list(details["fields"]["json"]) == ["name"], (name, details)
        refused(
            table.mover.call("POST", "/games", json={"type": "lost-cities", "invite": [name]}),
            400,
            "invalid_request",
            name,
        )
    bad_emails = [
        *(payload + "@example.org" for payload in ("'; DROP TABLE--", "$(rm -rf /)", "a b")),
        "ada@example.org\n",
        "ada\x00@example.org",
        "ad\u202ea@example.org",
        "ada@exa\u200bmple.org",
        "ada@ex\u202eample.org",
        "ada@exa\u00admple.org",  # soft hyphen
        "%s%n{0}",
        # RFC 2047 encoded words: Python's mail code decodes them when it reads the To header
        # back, so these were stored as typed and mailed to evil@... instead
        "=?utf-8?q?evil?=@example.org",
        '"=?utf-8?q?evil?="@example.org',
        "=?utf-8?q?evil=40attacker.example?=@example.org",
        "=?utf-8?b?ZXZpbA==?=@example.org",
        "ada@example.org\r\nBcc: eve@evil.example",
        "ada@example.org\r\n",
        "Ada <ada@example.org>",
        "ada@example.org (Ada)",
        '"ada"@example.org',
        "ada@[127.0.0.1]",
        "ada@localhost",
        "\u00e4da@example.org",  # needs SMTPUTF8 of every server on the way
        "a" * 65 + "@example.org",
        "ada@" + "a" * 250 + ".org",
    ]
    for email in bad_emails:
        for method, path, body in (
            ("POST", "/players", {"name": "zed", "email": email}),
            ("PATCH", "/me", {"email": email}),
        ):
            details = refused(table.mover.call(method, path, json=body), 400, "invalid_request")
            assert list(details["fields"]["json"]) == ["email"], (email, details)
    for zone in ["../../../etc/passwd", "/etc/localtime", "UTC\x00", "UTC\n", "%s", "", "America"]:
        details = refused(
            table.mover.call("PATCH", "/me", json={"timezone": zone}), 400, "invalid_request", zone
        )
        assert list(details["fields"]["json"]) == ["timezone"], (zone, details)
    for game_type in [*INJECTIONS, "lost-cities\x00", "lost-cities\n", "x" * 65]:
        refused(
            table.mover.call("POST", "/games", json={"type": game_type}),
            400,
            "invalid_request" if len(game_type) > 64 else "unknown_game_type",
            game_type,
        )


def test_payloads_that_are_valid_are_kept_verbatim(api: LiveServer) -> None:
    """An email address may hold '%', '{' and '}'; it is stored and shown as sent, never used
    as a format string."""
    email = "%s%n{0}@example.org"
    zed = api.client().register("zed", email)
    assert zed.player["email"] == email
    assert zed.ok("GET", "/me")["email"] == email


def test_nul_bytes_and_odd_text_in_moves_paths_and_queries(table: Table) -> None:
    for text in (
        "\x00",
        table.legal + "\x00",
        "play R7\x00 draw deck",
        "play \U0001f0a1 draw deck",
        "\u202e" + table.legal,
    ):
        refused(
            table.mover.call("POST", table.moves, json=table.move_body(move=text)),
            422,
            "bad_notation",
            text,
        )
    for game_id in ("%00", "%7Bg:x%7D:meta", table.game_id + "%00", "x" * 5000, "%E2%80%AE"):
        for method, suffix in (
            ("GET", ""),
            ("GET", "/log"),
            ("POST", "/join"),
            ("POST", "/resign"),
        ):
            refused(table.mover.call(method, f"/games/{game_id}{suffix}"), 404, "not_found")
    for query in ("mine=open%00", "mine=%00", "mine=open%0A"):
        refused(table.mover.call("GET", f"/games?{query}"), 400, "invalid_request", query)
    refused(
        table.mover.call("GET", f"/games/{table.game_id}/log?since=1%00"), 400, "invalid_request"
    )


def test_repeated_and_unknown_query_parameters(table: Table) -> None:
    """Which of two values counts is ambiguous, and a misspelt parameter would otherwise be
    ignored; both are refused, naming the parameter."""
    game = f"/games/{table.game_id}"
    cases = [
        ("/games?mine=open&mine=finished", "mine"),
        ("/games?mine=open&mine=open", "mine"),
        (f"{game}/log?since=0&since=3", "since"),
        (f"{game}/wait?version=0&version=1&timeout=0", "version"),
        (f"{game}/wait?version=0&timeout=0&timeout=5", "timeout"),
        ("/games?mien=open", "mien"),
        (f"{game}/log?since=0&sincee=3", "sincee"),
    ]
    for path, parameter in cases:
        details = refused(table.mover.call("GET", path), 400, "invalid_request", path)
        assert list(details["fields"]["query"]) == [parameter], (path, details)


def test_odd_credentials_and_idempotency_keys(api: LiveServer, table: Table) -> None:
    anonymous = api.client()
    for header in (
        "Bearer",
        "Bearer ",
        "Basic YWRhOmFkYQ==",
        "Bearer " + "x" * 10_000,
        b"Bearer \xff\xfe",
        "Bearer %s%n{0}",
        "Bearer ' OR 1=1--",
    ):
        refused(
            anonymous.call("GET", "/me", headers={"Authorization": header}), 401, "unauthorized"
        )
    for key in ("", "k" * 201):
        refused(
            table.mover.call(
                "POST", table.moves, json=table.move_body(), headers={"Idempotency-Key": key}
            ),
            400,
            "bad_idempotency_key",
            len(key),
        )


def test_lone_surrogates_in_every_text_field(table: Table) -> None:
    """`"\\ud800"` is valid JSON but no Unicode text: it can never be stored or shown (Redis and
    the answer would need it as UTF-8), so each field refuses it."""
    lone = "\\ud800"

    def send(method: str, path: str, body: str) -> requests.Response:
        headers = {"Content-Type": "application/json"}
        return table.mover.call(method, path, data=body.encode(), headers=headers)

    version = table.version
    for move in (
        f'"{lone}"',
        f'"play {lone} draw deck"',
        f'{{"action": "{lone}"}}',
        f'[{{"{lone}": 1}}]',
    ):
        response = send("POST", table.moves, f'{{"move": {move}, "expected_version": {version}}}')
        assert response.status_code == 422, (move, response.text)
    for body in (
        f'{{"name": "{lone}", "email": "a@example.org"}}',
        f'{{"name": "zed", "email": "{lone}@example.org"}}',
        f'{{"name": "zed", "email": "a@example.org", "timezone": "{lone}"}}',
    ):
        assert send("POST", "/players", body).status_code == 400, body
    for body in (f'{{"email": "a{lone}@example.org"}}', f'{{"timezone": "{lone}"}}'):
        assert send("PATCH", "/me", body).status_code == 400, body
    for body in (
        f'{{"type": "{lone}"}}',
        f'{{"type": "lost-cities", "invite": ["{lone}"]}}',
        f'{{"type": "lost-cities", "options": {{"{lone}": 1}}}}',
        f'{{"type": "lost-cities", "options": {{"deck": ["{lone}"]}}}}',
        f'{{"type": "livingstone", "options": {{"board": {{"cards": {{"{lone}": 1}}}}}}}}',
    ):
        response = send("POST", "/games", body)
        assert response.status_code == 400, (body, response.text)
        response.json()  # the answer itself is valid JSON
