"""Registration, profiles and tokens over real HTTP."""

from __future__ import annotations

import re

import redis

from server.storage import keys
from server.storage.players.profiles import ADDRESSES_INDEXED, Players
from tests.parts import LiveServer


def test_register_shows_the_token_once_and_stores_only_its_hash(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    response = api.client().call(
        "POST", "/players", json={"name": "ada", "email": "ada@example.org", "timezone": "UTC"}
    )
    assert response.status_code == 201
    token = response.json()["token"]
    player_id, _, secret = token.partition(".")
    dump = b"".join(redis_client.dump(key) or b"" for key in redis_client.scan_iter(match="*"))
    assert player_id.encode() in dump and secret.encode() not in dump
    me = api.client(token).ok("GET", "/me")
    assert me["name"] == "ada" and "token" not in me and "token_hash" not in me


def test_email_addresses_are_stored_as_mail_is_delivered_to_them(api: LiveServer) -> None:
    """Normalized: the domain in lower case and, given in Unicode, in its ASCII (IDNA) form,
    which every mail server takes; the local part as typed."""
    ada = api.client().register("ada", "Ada.L@Ex\u00e4mple.ORG")
    assert ada.player["email"] == "Ada.L@xn--exmple-cua.org"
    changed = ada.ok("PATCH", "/me", json={"email": "Ada+turns@EXAMPLE.org"})
    assert changed["email"] == "Ada+turns@example.org"
    assert ada.ok("GET", "/me")["email"] == "Ada+turns@example.org"
    refusal = ada.call("PATCH", "/me", json={"email": "=?utf-8?q?evil?=@example.org"})
    assert refusal.status_code == 400
    assert "encoded word" in refusal.json()["error"]["details"]["fields"]["json"]["email"][0]
    assert ada.ok("GET", "/me")["email"] == "Ada+turns@example.org"


def test_profile_update_and_token_rotation(api: LiveServer) -> None:
    ada = api.client().register("ada")
    changed = ada.ok("PATCH", "/me", json={"timezone": "America/Chicago"})
    assert changed["timezone"] == "America/Chicago"
    new_token = ada.ok("POST", "/me/token")["token"]
    assert ada.call("GET", "/me").status_code == 401
    assert api.client(new_token).ok("GET", "/me")["name"] == "ada"
    player_id, _, secret = new_token.partition(".")
    for forged in (
        f"{player_id}.{secret[:-1]}",
        f"{player_id}.",
        player_id,
        f"p_{'0' * 16}.{secret}",
    ):
        assert api.client(forged).call("GET", "/me").status_code == 401


def test_the_document_states_the_profiles_rules(api: LiveServer) -> None:
    """A time zone or quiet hours are taken exactly when the OpenAPI document admits them: the
    document's enum and pattern are the ones the change is checked against."""
    ada = api.client().register("ada")
    fields = ada.ok("GET", "/openapi.json")["components"]["schemas"]["ProfileUpdate"]
    zones = fields["properties"]["timezone"]["enum"]
    quiet = re.compile(fields["properties"]["quiet_hours"]["pattern"])
    for zone in ["UTC", "Europe/Warsaw", "", "utc", "America", "/etc/localtime"]:
        taken = ada.call("PATCH", "/me", json={"timezone": zone}).status_code == 200
        assert taken == (zone in zones), zone
    for hours in ["none", "22:00-08:00", "07:30-07:30", "None", "24:00-08:00", "22:00-08:00\n"]:
        taken = ada.call("PATCH", "/me", json={"quiet_hours": hours}).status_code == 200
        assert taken == bool(quiet.fullmatch(hours)), hours
    # Digits of other scripts are digits to Python's `\d`, not to the document's.
    one_two = "1\u0662:00-08:00"
    assert ada.call("PATCH", "/me", json={"quiet_hours": one_two}).status_code == 400


def test_refusals_have_one_json_shape(api: LiveServer) -> None:
    anonymous = api.client()
    anonymous.register("ada")
    cases = [
        (
            anonymous.call("POST", "/players", json={"name": "ada", "email": "a@b.org"}),
            409,
            "name_taken",
        ),
        (
            anonymous.call("POST", "/players", json={"name": "bo", "email": "nope"}),
            400,
            "invalid_request",
        ),
        (
            anonymous.call(
                "POST", "/players", json={"name": "bo", "email": "b@b.org", "admin": True}
            ),
            400,
            "invalid_request",
        ),
        (
            anonymous.call(
                "POST",
                "/players",
                json={"name": "bo", "email": "b@b.org", "timezone": "Mars/Olympus"},
            ),
            400,
            "invalid_request",
        ),
        (
            anonymous.call(
                "POST", "/players", data="{not json", headers={"Content-Type": "application/json"}
            ),
            400,
            None,
        ),
        (anonymous.call("GET", "/me"), 401, "unauthorized"),
        (api.client("forged").call("GET", "/me"), 401, "unauthorized"),
        (anonymous.call("GET", "/no/such/route"), 404, "not_found"),
        (anonymous.call("DELETE", "/players"), 405, "method_not_allowed"),
        (
            anonymous.call(
                "POST", "/players", data="x" * 100_000, headers={"Content-Type": "application/json"}
            ),
            413,
            "body_too_large",
        ),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.headers["Content-Type"].startswith("application/json")
        error = response.json()["error"]
        assert error["message"] and (code is None or error["code"] == code), error


def test_game_types_and_openapi(api: LiveServer) -> None:
    client = api.client()
    types = {t["id"]: t for t in client.ok("GET", "/game-types")}
    assert "lost-cities" in types
    assert any(o["name"] == "rounds" for o in types["lost-cities"]["options"])
    spec = client.ok("GET", "/openapi.json")
    assert "/api/v1/games/{game_id}/moves" in spec["paths"]
    assert client.call("GET", "/docs").status_code == 200


def test_players_registered_before_the_address_index_are_put_into_it_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """The login page finds players by address; those registered before the index existed
    are indexed when a worker starts, once."""
    ada = api.client().register("ada", "ada@example.org")
    redis_client.delete(keys.player_email("ada@example.org"), ADDRESSES_INDEXED)
    players = Players(redis_client)
    assert players.by_email("ada@example.org") == []
    assert players.index_addresses() >= 1
    assert [p.id for p in players.by_email("ADA@example.org")] == [ada.player["id"]]
    assert players.index_addresses() == 0  # done: the next worker's start costs one read
