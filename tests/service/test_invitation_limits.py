"""Limits a community expects, over real HTTP and Redis: invitations a player has sent and not
yet answered, invitations waiting on one player, games made in an hour, whom a player takes
invitations from, and blocks. Each limit is refused at its number with its code, a message
naming it and its number (`Retry-After` where waiting helps), and changes nothing; a blocked
player cannot tell a block from a player who takes no invitations from them."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from typing import Any, cast

import orjson
import pytest
import redis

from server.runtime.redis_process import RedisProcess
from server.storage.redis_client import as_bytes
from tests.api_client import ApiClient
from tests.parts import LiveServer, service_config
from tests.support.games import finish
from tests.support.stored import stored

DICE = "lost-cities-dice"


@pytest.fixture
def server(redis_server: RedisProcess, redis_client: redis.Redis) -> Iterator[LiveServer]:
    """A service whose limits are small enough to reach: 3 invitations sent, 2 waiting on one
    player, 6 games an hour, 2 players blocked."""
    live = LiveServer(
        service_config(
            redis_server.url,
            invitations_sent=3,
            invitations_waiting=2,
            games_per_hour=6,
            blocks=2,
        )
    )
    yield live
    live.stop()


def players(server: LiveServer, *names: str) -> list[ApiClient]:
    return [server.client().register(name) for name in names]


def joined(server: LiveServer) -> tuple[ApiClient, ApiClient, str]:
    """ada and bo, and ada's game that bo has joined."""
    ada, bo = players(server, "ada", "bo")
    game = ada.ok("POST", "/games", json={"type": DICE, "invite": ["bo"]})["game"]["id"]
    bo.ok("POST", f"/games/{game}/join")
    return ada, bo, game


def new_game(client: ApiClient, *invite: str) -> Any:
    return client.call("POST", "/games", json={"type": DICE, "seats": 4, "invite": list(invite)})


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code, response.text
    return error


def test_invitations_sent_are_refused_at_their_limit_until_one_is_answered(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, cy, _ = players(server, "ada", "bo", "cy", "di")
    first = new_game(ada, "bo", "cy").json()["game"]["id"]
    new_game(ada, "di")
    before = stored(redis_client)
    response = new_game(ada, "bo")
    error = refused(response, 429, "too_many_invitations")
    assert "3 invitations" in error["message"], error
    assert error["details"] == {"limit": "invitations_sent", "most": 3}
    assert "Retry-After" not in response.headers, "waiting alone does not help"
    assert stored(redis_client) == before, "a refusal changes nothing"
    assert new_game(ada).status_code == 201, "a game with no invitation is made"

    cy.ok("POST", f"/games/{first}/decline")
    third = new_game(ada, "cy").json()["game"]["id"]
    refused(new_game(ada, "bo"), 429, "too_many_invitations")
    ada.ok("POST", f"/games/{third}/cancel")
    bo.ok("POST", f"/games/{first}/join")  # answered: one more may go out
    assert new_game(ada, "bo").status_code == 201


def test_invitations_waiting_on_one_player_are_refused_at_their_limit(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, cy, di = players(server, "ada", "bo", "cy", "di")
    game = new_game(ada, "bo").json()["game"]["id"]
    new_game(cy, "bo")
    before = stored(redis_client)
    response = new_game(di, "bo", "ada")
    error = refused(response, 429, "invitee_has_too_many")
    assert "bo has 2 invitations waiting" in error["message"], error
    assert error["details"] == {"limit": "invitations_waiting", "most": 2, "name": "bo"}
    assert "Retry-After" not in response.headers
    assert stored(redis_client) == before, "ada's place among di's invitations given back"
    bo.ok("POST", f"/games/{game}/decline")
    assert new_game(di, "bo", "ada").status_code == 201


def test_games_made_in_an_hour_are_refused_past_their_limit_with_a_retry_after(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    (ada,) = players(server, "ada")
    refused(new_game(ada, "nobody-here"), 400, "unknown_player")  # refused: not counted
    for _ in range(6):
        assert new_game(ada).status_code == 201
    before = stored(redis_client)
    response = new_game(ada)
    error = refused(response, 429, "too_many_games")
    assert error["message"].startswith("you may make 6 games an hour; wait "), error
    assert error["details"]["limit"] == "games_per_hour"
    assert 1 <= int(response.headers["Retry-After"]) <= 3600
    assert error["details"]["retry_after"] == int(response.headers["Retry-After"])
    assert stored(redis_client) == before


def test_a_parallel_burst_sends_exactly_the_limit(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    """Counted and claimed in one step in Redis: racing requests cannot pass it together."""
    ada, *_ = players(server, "ada", "bo", "cy", "di", "ed")
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda n: new_game(ada, ("bo", "cy", "di", "ed")[n % 4]), range(8)))
    assert sorted(a.status_code for a in answers) == [201] * 3 + [429] * 5
    assert len(ada.ok("GET", "/games")["games"]) == 3


def test_whom_a_player_takes_invitations_from(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, cy = players(server, "ada", "bo", "cy")
    assert bo.ok("GET", "/me")["invitations"] == "anyone"
    assert bo.ok("PATCH", "/me", json={"invitations": "nobody"})["invitations"] == "nobody"
    refused(bo.call("PATCH", "/me", json={"invitations": "friends"}), 400, "invalid_request")
    before = stored(redis_client)
    error = refused(new_game(ada, "bo"), 403, "not_accepting_invitations")
    assert error["message"] == "bo accepts no invitations from you"
    assert stored(redis_client) == before

    bo.ok("PATCH", "/me", json={"invitations": "played"})
    refused(new_game(ada, "bo"), 403, "not_accepting_invitations")
    body = {"type": DICE, "seats": 2, "public": True}
    open_game = ada.ok("POST", "/games", json=body)["game"]["id"]
    refused(new_game(ada, "bo"), 403, "not_accepting_invitations")  # sharing no game yet
    bo.ok("POST", f"/games/{open_game}/join")  # a game started together
    assert new_game(ada, "bo").status_code == 201
    refused(new_game(cy, "bo"), 403, "not_accepting_invitations")
    bo.ok("PATCH", "/me", json={"invitations": "anyone"})
    assert new_game(cy, "bo").status_code == 201


def blocked_world(server: LiveServer, blocked: bool) -> tuple[ApiClient, ApiClient]:
    """ada, who has never played with bo, and bo, who either blocks ada or takes invitations
    only from players they have played with."""
    ada, bo = players(server, "ada", "bo")
    if blocked:
        bo.ok("PUT", "/me/blocks/ada")
    else:
        bo.ok("PATCH", "/me", json={"invitations": "played"})
    return ada, bo


def seen(response: Any) -> tuple[int, Any, dict[str, str]]:
    headers = {k: v for k, v in response.headers.items() if k not in ("Date", "Content-Length")}
    return response.status_code, response.json(), headers


def test_a_blocked_player_is_answered_as_one_a_player_takes_no_invitations_from(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    """Twins: bo blocks ada, or bo takes invitations only from players they have played
    with; ada's invitation, and what she reads of bo, are answered alike."""
    seen_twice = []
    for blocked in (True, False):
        redis_client.flushall()
        ada, _ = blocked_world(server, blocked)
        seen_twice.append([seen(new_game(ada, "bo")), seen(ada.call("GET", "/players/bo"))])
    assert seen_twice[0][0][0] == 403
    assert seen_twice[0] == seen_twice[1]


def test_a_block_declines_the_invitations_from_the_blocked_player_still_open(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, cy, *_ = players(server, "ada", "bo", "cy", "di", "ed")
    from_ada = new_game(ada, "bo", "cy").json()["game"]["id"]
    from_cy = new_game(cy, "bo").json()["game"]["id"]
    bo.ok("PUT", "/me/blocks/ada")
    seats = ada.ok("GET", f"/games/{from_ada}")["game"]["seats"]
    assert [seat["name"] for seat in seats[:3]] == ["ada", None, "cy"], "declined, as any"
    assert [g["id"] for g in bo.ok("GET", "/games")["games"]] == [from_cy]
    assert new_game(ada, "di", "ed").status_code == 201, "bo's place given back: cy's kept"
    refused(new_game(ada, "di"), 429, "too_many_invitations")


def test_a_blocked_players_rematch_is_answered_as_from_one_who_takes_no_invitations(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    """Twins after a finished game: bo blocks ada, or bo takes invitations from nobody."""
    seen_twice = []
    for blocked in (True, False):
        redis_client.flushall()
        ada, bo, game = joined(server)
        finish(game, bo)
        if blocked:
            bo.ok("PUT", "/me/blocks/ada")
        else:
            bo.ok("PATCH", "/me", json={"invitations": "nobody"})
        seen_twice.append(seen(ada.call("POST", f"/games/{game}/rematch")))
        assert ada.ok("GET", f"/games/{game}")["game"]["rematch"] is None, "nothing asked"
    assert seen_twice[0][0] == 403
    assert seen_twice[0] == seen_twice[1]


def test_blocks_are_listed_bounded_and_lifted(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, *_ = players(server, "ada", "bo", "cy", "di")
    assert ada.ok("GET", "/me/blocks") == {"blocked": []}
    assert ada.ok("PUT", "/me/blocks/cy") == {"blocked": ["cy"]}
    assert ada.ok("PUT", "/me/blocks/bo") == {"blocked": ["bo", "cy"]}
    assert ada.ok("PUT", "/me/blocks/bo") == {"blocked": ["bo", "cy"]}, "again: no change"
    before = stored(redis_client)
    error = refused(ada.call("PUT", "/me/blocks/di"), 429, "too_many_blocks")
    assert error["message"] == "you may block 2 players at most; unblock one first"
    assert error["details"] == {"limit": "blocks", "most": 2}
    refused(ada.call("PUT", "/me/blocks/nobody-here"), 404, "not_found")
    refused(ada.call("PUT", "/me/blocks/ada"), 400, "cannot_block_yourself")
    assert stored(redis_client) == before
    assert ada.ok("DELETE", "/me/blocks/cy") == {"blocked": ["bo"]}
    assert ada.ok("DELETE", "/me/blocks/cy") == {"blocked": ["bo"]}
    assert ada.ok("PUT", "/me/blocks/di") == {"blocked": ["bo", "di"]}


def test_a_blocked_players_talk_is_not_heard_by_the_blocker_and_they_cannot_tell(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, game = joined(server)
    ada.ok("POST", f"/games/{game}/messages", json={"text": "before"})
    bo.ok("PUT", "/me/blocks/ada")
    said = ada.call("POST", f"/games/{game}/messages", json={"text": "after"})
    assert said.status_code == 201, "said as anyone's"
    bo.ok("POST", f"/games/{game}/messages", json={"text": "from bo"})
    texts = [(m["number"], m["text"]) for m in ada.ok("GET", f"/games/{game}/messages")["messages"]]
    assert texts == [(1, "before"), (2, "after"), (3, "from bo")]
    heard = bo.ok("GET", f"/games/{game}/messages")["messages"]
    assert [(m["number"], m["text"]) for m in heard] == [(3, "from bo")]
    logged = bo.ok("GET", f"/games/{game}/log")["messages"]
    assert [m["text"] for m in logged] == ["from bo"]
    events = bo.ok("GET", "/me/wait", params={"after": "0-0", "timeout": 0})["events"]
    assert [e["kind"] for e in events if e["kind"] == "talk"] == ["talk"], "woken for 'before'"
    bo.ok("DELETE", "/me/blocks/ada")
    assert len(bo.ok("GET", f"/games/{game}/messages")["messages"]) == 3


def test_a_blocked_player_gets_no_rematch_and_the_blocker_may_still_ask(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, game = joined(server)
    finish(game, bo)
    bo.ok("PUT", "/me/blocks/ada")
    before = stored(redis_client)
    error = refused(ada.call("POST", f"/games/{game}/rematch"), 403, "not_accepting_invitations")
    assert error["message"] == "bo accepts no invitations from you"
    assert stored(redis_client) == before, "no rematch asked, nobody told"
    again = bo.ok("POST", f"/games/{game}/rematch")["game"]
    assert ada.ok("POST", f"/games/{game}/rematch")["game"]["id"] == again["id"]


def test_the_export_holds_the_blocks_and_a_deletion_leaves_none_of_the_players_marks(
    server: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, _ = players(server, "ada", "bo", "cy")
    bo.ok("PUT", "/me/blocks/ada")
    ada.ok("PUT", "/me/blocks/cy")
    bo.ok("PATCH", "/me", json={"invitations": "played"})
    new_game(ada, "cy")
    download = bo.call("GET", "/me/export")
    with zipfile.ZipFile(BytesIO(download.content)) as packed:
        profile = orjson.loads(packed.read("profile.json"))
    assert profile["blocks"] == ["ada"]
    assert profile["profile"]["invitations"] == "played"
    ada_id = ada.player["id"].encode()
    body = {"confirm": "ada", "active_games": "resign"}
    assert ada.call("DELETE", "/me", json=body).status_code < 300
    for pattern in ("*:blocks", "*:blockers", "*:invitations:*", "*:made"):
        for key in redis_client.scan_iter(match=pattern):
            assert ada_id not in key + b" ".join(members(redis_client, key))
    assert bo.ok("GET", "/me/blocks") == {"blocked": []}


def members(redis_client: redis.Redis, key: bytes) -> list[bytes]:
    """A set's or a sorted set's members."""
    if redis_client.type(key) == b"set":
        return [as_bytes(member) for member in redis_client.smembers(key)]
    return [as_bytes(member) for member in cast(list[bytes], redis_client.zrange(key, 0, -1))]
