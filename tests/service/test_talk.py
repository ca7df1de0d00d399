"""Table talk over HTTP: messages go beside the moves, never change the version, are kept
through compaction, and bad ones are refused with nothing stored."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import redis

from server.storage import keys
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import game_and_stranger, mover_of, start_game
from tests.support.stored import games_of, stored
from tests.support.talk import INVISIBLE, SEEN


def seats(game_id: str, clients: list[ApiClient]) -> tuple[ApiClient, ApiClient, dict[str, Any]]:
    """The player to move, the other, and the mover's view."""
    mover, view = mover_of(game_id, clients)
    return clients[mover], clients[1 - mover], view


def say(client: ApiClient, game_id: str, text: str, **headers: str) -> Any:
    return client.call("POST", f"/games/{game_id}/messages", json={"text": text}, headers=headers)


def test_a_message_never_makes_a_move_stale_and_takes_its_place_in_the_history(
    api: LiveServer,
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    mover, waiter, view = seats(game_id, clients)
    answer = say(waiter, game_id, "good luck <b>&</b> have fun\nsee you")
    assert answer.status_code == 201, answer.text
    message = answer.json()["message"]
    assert message["text"] == "good luck <b>&</b> have fun\nsee you"  # kept as typed
    assert (message["number"], message["version"], message["name"]) == (1, 0, waiter.player["name"])
    assert mover.ok("GET", f"/games/{game_id}")["version"] == view["version"]
    moved = mover.ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": view["legal_moves"][0]["text"], "expected_version": view["version"]},
    )
    assert moved["version"] == view["version"] + 1
    assert say(mover, game_id, "thanks").status_code == 201
    log = waiter.ok("GET", f"/games/{game_id}/log")
    assert [(m["version"], m["text"]) for m in log["messages"]] == [
        (0, "good luck <b>&</b> have fun\nsee you"),
        (1, "thanks"),
    ]
    assert [m["text"] for m in waiter.ok("GET", f"/games/{game_id}/log?since=1")["messages"]] == [
        "thanks"
    ]
    assert mover.ok("GET", f"/games/{game_id}/messages?last=1")["messages"][0]["number"] == 2
    assert mover.ok("GET", f"/games/{game_id}/messages?since=1")["messages"][0]["text"] == "thanks"


def test_bad_messages_are_refused_and_change_nothing(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, _), stranger = game_and_stranger(api)
    before = stored(redis_client)
    refusals = {
        "x" * 501: "message_too_long",
        "line\n" * 13: "message_too_long",
        "": "empty_message",
        " \n\t ": "bad_message",  # a tab is a control character
        "   \n  ": "empty_message",
        "nul\x00byte": "bad_message",
        "bell\x07": "bad_message",
        "Subject: x\r\nBcc: eve@example.org": "bad_message",
        "a\rb": "bad_message",
        "escape \x1b[31mred": "bad_message",
        "right\u202eto left": "bad_message",
    }
    for text, code in refusals.items():
        answer = say(ada, game_id, text)
        assert answer.status_code == 400, (text, answer.text)
        assert answer.json()["error"]["code"] == code, (text, answer.text)
    lone_surrogate = b'{"text": "half \\ud800 a pair"}'
    answer = ada.call(
        "POST",
        f"/games/{game_id}/messages",
        data=lone_surrogate,
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_message"
    for body in ({}, {"text": 5}, {"text": ["a"]}, {"text": "hi", "to": "bo"}):
        answer = ada.call("POST", f"/games/{game_id}/messages", json=body)
        assert answer.status_code == 400, (body, answer.text)
        assert answer.json()["error"]["code"] == "invalid_request"
    assert say(stranger, game_id, "hello").status_code == 403
    assert stranger.call("GET", f"/games/{game_id}/messages").status_code == 403
    assert say(ada, "0" * 24, "hello").status_code == 404
    assert stored(redis_client) == before


def test_a_message_needs_something_to_see_and_no_piled_up_marks(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    before = stored(redis_client)
    for name, text in INVISIBLE.items():
        answer = say(ada, game_id, text)
        assert answer.status_code == 400, (name, answer.text)
        assert answer.json()["error"]["code"] == "empty_message", (name, answer.text)
        assert "can be seen" in answer.json()["error"]["message"]
    for text in ("a" + "\u0301" * 499, "ok" + "\u0300\u200d" * 5, "\u0308" * 5 + "x"):
        answer = say(ada, game_id, text)
        assert answer.status_code == 400, (text, answer.text)
        assert answer.json()["error"]["code"] == "bad_message"
        assert answer.json()["error"]["details"] == {"max_marks": 4}
    assert stored(redis_client) == before
    decomposed = unicodedata.normalize("NFD", SEEN[2])
    for number, text in enumerate([*SEEN, decomposed]):
        answer = say((ada, bo)[number % 2], game_id, text)  # five a minute each
        assert answer.status_code == 201, (text, answer.text)
        assert answer.json()["message"]["text"] == unicodedata.normalize("NFC", text)
    kept = [m["text"] for m in ada.ok("GET", f"/games/{game_id}/messages")["messages"]]
    assert kept == [*SEEN, SEEN[2]]


def test_an_invitee_talks_once_seated(api: LiveServer) -> None:
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    game = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})["game"]
    refused = say(bo, game["id"], "hello")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_joined"
    assert say(ada, game["id"], "join us!").status_code == 201
    bo.ok("POST", f"/games/{game['id']}/join")
    assert say(bo, game["id"], "here").status_code == 201


def test_talk_is_rate_limited_and_said_once_per_key(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    first = say(ada, game_id, "one", **{"Idempotency-Key": "k1"}).json()["message"]
    assert say(ada, game_id, "one", **{"Idempotency-Key": "k1"}).json()["message"] == first
    reused = say(ada, game_id, "another", **{"Idempotency-Key": "k1"})
    assert reused.status_code == 422
    assert reused.json()["error"]["code"] == "idempotency_key_reused"
    for text in ("two", "three", "four", "five"):
        assert say(ada, game_id, text).status_code == 201
    throttled = say(ada, game_id, "six")
    assert throttled.status_code == 429, throttled.text
    assert throttled.json()["error"]["code"] == "too_many_messages"
    assert 0 < int(throttled.headers["Retry-After"]) <= 60
    assert say(bo, game_id, "my turn to talk").status_code == 201  # per seat
    assert redis_client.llen(keys.game(game_id, "talk")) == 6


def test_a_finished_games_talk_is_kept_through_compaction(api: LiveServer) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    say(ada, game_id, "good game coming")
    bo.ok("POST", f"/games/{game_id}/resign")
    assert say(bo, game_id, "gg").status_code == 201
    assert games_of(api).loading.compact(game_id)
    assert say(ada, game_id, "gg!").status_code == 201
    said = ada.ok("GET", f"/games/{game_id}/log")["messages"]
    assert [(m["name"], m["text"], m["version"]) for m in said] == [
        ("ada", "good game coming", 0),
        ("bo", "gg", 1),
        ("ada", "gg!", 1),
    ]
    assert json.dumps(said)  # plain JSON
