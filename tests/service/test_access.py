"""Access control, table-driven over the app's own routes: every route is tried with no token, a
made-up token, a rotated token and a stranger's token, and refused without changing anything;
and in every game type, each seat sees exactly what the rules give that seat, in views, logs,
long polls, move answers and errors, and cannot move for another seat."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
import redis

from server.api import docs_page
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.stored import log_length, stored, stored_game

# A request each route accepts from a player entitled to it, so that only the token is wrong.
# {game} is a running game; {version} its version; {move} a move legal for its mover.
REQUESTS: dict[tuple[str, str], dict[str, Any]] = {
    ("GET", "/api/v1/health"): {},
    ("GET", "/api/v1/health/live"): {},
    ("GET", "/api/v1/health/ready"): {},
    ("GET", "/api/v1/game-types"): {},
    ("GET", "/api/v1/game-types/{type}/rules"): {},
    ("POST", "/api/v1/players"): {"json": {"name": "someone", "email": "s@example.org"}},
    ("GET", "/api/v1/me"): {},
    ("PATCH", "/api/v1/me"): {"json": {"timezone": "UTC"}},
    ("POST", "/api/v1/me/token"): {},
    ("POST", "/api/v1/me/vacation"): {},
    ("DELETE", "/api/v1/me/vacation"): {},
    ("GET", "/api/v1/me/export"): {},
    ("GET", "/api/v1/me/wait"): {"params": {"timeout": 0}},
    ("DELETE", "/api/v1/me"): {"json": {"confirm": "ada", "active_games": "resign"}},
    ("GET", "/api/v1/me/calendar"): {},
    ("POST", "/api/v1/me/calendar"): {},
    ("DELETE", "/api/v1/me/calendar"): {},
    ("GET", "/api/v1/calendar/{game}.ics"): {},
    ("GET", "/api/v1/me/webhook"): {},
    ("PUT", "/api/v1/me/webhook"): {"json": {"kind": "slack", "url": "https://example.org/h"}},
    ("DELETE", "/api/v1/me/webhook"): {},
    ("GET", "/api/v1/me/blocks"): {},
    ("PUT", "/api/v1/me/blocks/{name}"): {},
    ("DELETE", "/api/v1/me/blocks/{name}"): {},
    ("POST", "/api/v1/games"): {"json": {"type": "lost-cities"}},
    ("GET", "/api/v1/games"): {"params": {"mine": "active"}},
    ("GET", "/api/v1/games/{game}"): {},
    ("POST", "/api/v1/games/{game}/join"): {},
    ("POST", "/api/v1/games/{game}/moves"): {
        "json": {"move": "{move}", "expected_version": "{version}"}
    },
    ("POST", "/api/v1/games/{game}/resign"): {},
    ("POST", "/api/v1/games/{game}/decline"): {},
    ("POST", "/api/v1/games/{game}/cancel"): {},
    ("POST", "/api/v1/games/{game}/rematch"): {},
    ("POST", "/api/v1/games/{game}/login-link"): {},
    ("GET", "/api/v1/games/{game}/log"): {"params": {"since": 0}},
    ("GET", "/api/v1/games/{game}/wait"): {"params": {"version": "{version}", "timeout": 0}},
    ("POST", "/api/v1/games/{game}/messages"): {"json": {"text": "hello"}},
    ("GET", "/api/v1/players/{name}"): {},
    ("GET", "/api/v1/game-types/{type}/leaderboard"): {},
    ("GET", "/api/v1/games/{game}/messages"): {"params": {"since": 0}},
    ("GET", "/api/v1/games/{game}/webhook"): {},
    ("PUT", "/api/v1/games/{game}/webhook"): {
        "json": {"kind": "slack", "url": "https://example.org/h"}
    },
    ("DELETE", "/api/v1/games/{game}/webhook"): {},
}
DOCUMENTATION = {"static", "api-docs.openapi_json", *docs_page.ENDPOINTS}


SLOTS = {"name": "{name}", "type_id": "{type}"}
"""A route's parameters by name (`<player_name:name>`): any other names a game or a feed."""


def routes(api: LiveServer) -> list[tuple[str, str]]:
    """(method, path) of every route of the API, `<game_id>` written `{game}`, a player's
    `<name>` `{name}`, a `<type_id>` `{type}` (the web pages' have tests of their own:
    tests/web)."""
    found = []
    for rule in api.app.url_map.iter_rules():
        if rule.endpoint in DOCUMENTATION or not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda slot: SLOTS.get(slot[1], "{game}"), rule.rule)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            found.append((method, path))
    return found


SLOT = re.compile(r"\{(?!type\}|name\})[^}]+\}")
"""A path's parameter that names a game (or a feed), not a type or a player."""


def public_routes(api: LiveServer) -> set[tuple[str, str]]:
    """Routes the OpenAPI document says need no token (`security: []`)."""
    document = api.client().ok("GET", "/openapi.json")
    return {
        (
            method.upper(),
            re.sub(r"\{(?!type\}|name\})[^}]+\}", "{game}", path.replace("{type_id}", "{type}")),
        )
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if method in ("get", "post", "put", "patch", "delete") and operation.get("security") == []
    }


def fill(value: Any, slots: dict[str, Any]) -> Any:
    """The example request with the running game's id, version (a number) and a legal move."""
    if isinstance(value, dict):
        return {k: fill(v, slots) for k, v in value.items()}
    if value == "{version}":
        return slots["version"]
    return value.format(**slots) if isinstance(value, str) else value


def test_every_route_refuses_missing_wrong_rotated_and_strangers_tokens(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    mover = ada if ada.ok("GET", f"/games/{game_id}")["your_turn"] else bo
    view = mover.ok("GET", f"/games/{game_id}")
    slots = {
        "game": game_id,
        "version": view["version"],
        "move": view["legal_moves"][0]["text"],
        "name": "ada",
        "type": "lost-cities",
    }
    eve = api.client().register("eve")
    rotated = api.client().register("rotor")
    old_token = rotated.token
    rotated.ok("POST", "/me/token")
    public = public_routes(api)
    table = routes(api)
    assert set(table) == set(REQUESTS), "a new route needs an example request in REQUESTS"
    assert public == {("GET", "/api/v1/health"), ("GET", "/api/v1/health/live"),
                      ("GET", "/api/v1/health/ready"), ("GET", "/api/v1/game-types"),
                      ("GET", "/api/v1/game-types/{type}/rules"),
                      ("POST", "/api/v1/players"),
                      ("GET", "/api/v1/calendar/{game}.ics")}  # fmt: skip
    before = stored(redis_client)
    tried = 0
    for method, path in table:
        if (method, path) in public:
            continue
        request = fill(REQUESTS[(method, path)], slots)
        url = path.removeprefix("/api/v1").format(**slots)
        for label, headers in {
            "no token": {},
            "made-up token": {"Authorization": "Bearer " + "x" * 43},
            "rotated token": {"Authorization": f"Bearer {old_token}"},
            "another scheme": {"Authorization": f"Basic {ada.token}"},
        }.items():
            response = api.client().call(method, url, headers=headers, **request)
            assert response.status_code == 401, (label, method, path, response.text)
            assert response.json()["error"]["code"] == "unauthorized"
            tried += 1
        if "{game}" in path:
            response = eve.call(method, url, **request)
            expected = 409 if path.endswith("/join") else 403  # the game is full and running
            assert response.status_code == expected, (method, path, response.text)
            assert game_id not in response.text
            tried += 1
    assert stored(redis_client) == before
    assert tried >= 11 * 4 + 6


def test_who_is_asking_is_checked_before_what_they_ask(api: LiveServer) -> None:
    """Every route needing a token, sent a body that is not JSON and a query parameter it does
    not take, with no token or a made-up one: 401, not the 400 of the request's contents."""
    game_id, public = "0" * 24, public_routes(api)
    tried = 0
    for method, path in routes(api):
        if (method, path) in public:
            continue
        url = path.removeprefix("/api/v1").format(game=game_id, name="ada", type="lost-cities")
        for headers in ({}, {"Authorization": "Bearer " + "x" * 43}):
            response = api.client().call(
                method,
                url,
                params={"nonsense": "1"},
                data=b'{"not json',
                headers={**headers, "Content-Type": "application/json"},
            )
            assert response.status_code == 401, (method, path, headers, response.text)
            assert response.json()["error"]["code"] == "unauthorized"
            tried += 1
    assert tried == 2 * (len(REQUESTS) - len(public))


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_seat_sees_its_own(
    client: ApiClient, seat: int, game_id: str, redis_client: redis.Redis
) -> dict[str, Any]:
    """The seat's view, long poll and latest log entries are the rules' own for that seat;
    returns the view."""
    meta, engine, state, raw = stored_game(redis_client, game_id)
    finished = meta["status"] == "finished"
    view: dict[str, Any] = client.ok("GET", f"/games/{game_id}")
    for shown in (
        view,
        client.ok("GET", f"/games/{game_id}/wait", params={"version": len(raw), "timeout": 0}),
    ):
        assert shown["seat"] == seat
        assert shown["view"] == as_json(engine.view(state, seat))
        legal = engine.legal_moves(state, seat) if seat in shown["to_act"] else []
        assert [m["text"] for m in shown["legal_moves"]] == [engine.format_move(m) for m in legal]
        assert shown["game"]["seed"] is None or finished
    since = max(0, len(raw) - 3)
    log = client.ok("GET", f"/games/{game_id}/log", params={"since": since})["entries"]
    for entry, stored_entry in zip(log, raw[since:], strict=True):
        assert entry["event"] == as_json(engine.redact_event(stored_entry["event"], seat))
        assert ("move" in entry) == (finished or stored_entry["seat"] == seat)
    return view


@pytest.mark.parametrize(
    ("type_id", "options"),
    [("lost-cities", {"rounds": 1}), ("lost-cities-dice", {}), ("livingstone", {})],
)
def test_each_seat_sees_and_moves_only_as_itself(
    api: LiveServer, redis_client: redis.Redis, type_id: str, options: dict[str, Any]
) -> None:
    """For the first moves of a game of each type: every seat's view, long poll and log are the
    rules' own for that seat; the views of the seats differ (so the check means something); a
    seat sending the mover's move, or naming a seat, is refused with nothing changed and no
    other seat's legal moves in the error; a move's answer is the mover's own view."""
    game_id, clients = start_game(api, type_id, 2, [f"{type_id}-a", f"{type_id}-b"], **options)
    rnd = random.Random(type_id)
    views_differed = False
    for _ in range(24):
        views = [
            check_seat_sees_its_own(c, i, game_id, redis_client) for i, c in enumerate(clients)
        ]
        views_differed |= views[0]["view"] != views[1]["view"]
        if views[0]["game"]["status"] == "finished":
            break
        mover = rnd.choice([i for i, v in enumerate(views) if v["your_turn"]])
        move = rnd.choice(views[mover]["legal_moves"])["text"]
        version = views[mover]["version"]
        length = log_length(redis_client, game_id)
        for seat, client in enumerate(clients):
            if views[seat]["your_turn"]:
                continue
            refused = client.call(
                "POST", f"/games/{game_id}/moves", json={"move": move, "expected_version": version}
            )
            assert refused.status_code in (409, 422), refused.text
            assert refused.json()["error"]["details"].get("legal_moves", []) == []
        named = clients[mover].call(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": move, "expected_version": version, "seat": 1 - mover},
        )
        assert named.status_code == 400, named.text
        assert log_length(redis_client, game_id) == length
        answer = clients[mover].ok(
            "POST", f"/games/{game_id}/moves", json={"move": move, "expected_version": version}
        )
        _, engine, state, _ = stored_game(redis_client, game_id)
        assert answer["seat"] == mover
        assert answer["view"] == as_json(engine.view(state, mover))
    assert views_differed, "each seat's view differs from the other's"
