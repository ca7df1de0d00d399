"""Public games: listed in the lobby, joined from it by anyone registered, and watched by a
spectator who never sees a hand, a hidden choice or money, in any answer."""

from __future__ import annotations

import json
import random
from typing import Any

import redis

from server.storage import keys
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import mentioned_cards, public_cards
from tests.support.stored import stored


def watched(spectator: ApiClient, game_id: str, version: int) -> list[Any]:
    """Every answer a spectator may get about the game now."""
    answers = [
        spectator.call("GET", f"/games/{game_id}"),
        spectator.call("GET", f"/games/{game_id}/log"),
        spectator.call("GET", f"/games/{game_id}/wait?version={version}&timeout=0"),
        spectator.call("GET", f"/games/{game_id}/messages"),
    ]
    assert all(answer.status_code == 200 for answer in answers), [a.text for a in answers]
    return answers


def test_a_public_game_is_joined_from_the_lobby_and_watched_without_hidden_information(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo, cy, di = (api.client().register(name) for name in ("ada", "bo", "cy", "di"))
    body = {"type": "lost-cities", "public": True, "options": {"rounds": 1, "move_time": "3d"}}
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    bo.ok("POST", "/games", json={"type": "lost-cities"})  # private: not listed
    (listed,) = cy.ok("GET", "/games?open=public")["games"]
    assert listed["id"] == game_id and listed["public"] is True
    assert listed["free_seats"] == 1
    assert listed["players"] == [{"name": "ada", "bot_account": False, "timezone": "Europe/Warsaw"}]
    assert listed["clock"] == {"move_time": 3 * 86400, "on_timeout": "skip"}
    assert listed["options"]["rounds"] == 1
    before = stored(redis_client)
    for query in ("open=private", "open=public&mine=waiting", "open=public&open=public"):
        answer = cy.call("GET", f"/games?{query}")
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == "invalid_request"
    assert stored(redis_client) == before

    cy.ok("POST", f"/games/{game_id}/join")  # anyone registered
    assert cy.ok("GET", "/games?open=public")["games"] == []
    assert redis_client.zcard(keys.LOBBY) == 0  # started: out of the index
    refused = di.call("POST", f"/games/{game_id}/join")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_started"

    players = [ada, cy]
    rnd = random.Random(11)
    moves = 0
    seen_in_public: set[str] = set()  # a card discarded, then taken back into a hand
    while True:
        views = [p.ok("GET", f"/games/{game_id}") for p in players]
        if views[0]["game"]["status"] == "finished":
            break
        seen_in_public |= public_cards(views[0]["view"])
        hands = set(views[0]["view"]["hand"]) | set(views[1]["view"]["hand"])
        hidden = hands - seen_in_public
        for answer in watched(di, game_id, views[0]["version"]):
            assert not mentioned_cards(answer.text, game_id) & hidden, answer.text
        for seat in (0, 1):  # as the players' answers are checked: never the other's hand
            other = set(views[1 - seat]["view"]["hand"]) - seen_in_public
            shown = players[seat].call("GET", f"/games/{game_id}/log").text + json.dumps(
                views[seat]
            )
            assert not mentioned_cards(shown, game_id) & other
        spectator_view = di.ok("GET", f"/games/{game_id}")
        assert spectator_view["seat"] is None and spectator_view["legal_moves"] == []
        assert "hand" not in spectator_view["view"]
        seat = 0 if views[0]["your_turn"] else 1
        move = rnd.choice(views[seat]["legal_moves"])["text"]
        if moves == 3:  # a spectator cannot act in the game
            before = stored(redis_client)
            for path, request in [
                ("moves", {"json": {"move": move, "expected_version": views[seat]["version"]}}),
                ("messages", {"json": {"text": "psst"}}),
                ("resign", {}),
                ("rematch", {}),
            ]:
                answer = di.call("POST", f"/games/{game_id}/{path}", **request)
                assert answer.status_code in (403, 409), (path, answer.text)
            assert stored(redis_client) == before
        players[seat].ok(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": move, "expected_version": views[seat]["version"]},
        )
        moves += 1
        if moves == 8:
            players[seat].ok("POST", f"/games/{game_id}/resign")
    assert moves == 8


def test_a_spectator_sees_no_money_and_no_hidden_choice(api: LiveServer) -> None:
    ada, bo, di = (api.client().register(name) for name in ("ada", "bo", "di"))
    for type_id, hidden in [("livingstone", ("thalers", "hand", "donated")),
                            ("lost-cities-dice", ("your_choice",))]:  # fmt: skip
        game_id = ada.ok("POST", "/games", json={"type": type_id, "public": True})["game"]["id"]
        bo.ok("POST", f"/games/{game_id}/join")
        for _ in range(3):
            seen = [ada.ok("GET", f"/games/{game_id}"), bo.ok("GET", f"/games/{game_id}")]
            view = di.ok("GET", f"/games/{game_id}")["view"]
            text = json.dumps(view)
            assert not any(f'"{key}": [' in text or f'"{key}": {{' in text for key in hidden)
            if type_id == "livingstone":
                assert not any(set(p) & set(hidden) for p in view["players"])
            else:
                assert view["your_choice"] is None
            mover = next(s for s in seen if s["your_turn"])
            move = {"move": mover["legal_moves"][0]["text"], "expected_version": mover["version"]}
            (ada if mover is seen[0] else bo).ok("POST", f"/games/{game_id}/moves", json=move)
