"""Hidden information over HTTP: nothing a player can fetch names a card they cannot know."""

from __future__ import annotations

import json
import random

from tests.parts import LiveServer
from tests.support.answer_shapes import ALL_CARDS, mentioned_cards, public_cards
from tests.support.games import game_and_stranger, start_game


def test_no_response_names_a_card_the_player_cannot_know(api: LiveServer) -> None:
    """Ada's views, logs, game lists, events (her one wait), move answers and errors, after every
    move of a random game.
    Error messages may quote the input (and fixed notation examples), so they are checked for
    not varying with hidden state: one message per error code, whatever the hidden cards."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    ada = clients[0]
    rnd = random.Random(5)
    seen_in_public: set[str] = set()
    messages: dict[str, set[str]] = {}
    checked = 0
    while True:
        views = [c.ok("GET", f"/games/{game_id}") for c in clients]
        seen_in_public |= public_cards(views[0]["view"])
        unknowable = ALL_CARDS - set(views[0]["view"]["hand"]) - seen_in_public
        version = views[0]["version"]
        for response in (
            ada.call("GET", f"/games/{game_id}"),
            ada.call("GET", f"/games/{game_id}/log"),
            ada.call("GET", "/games"),
            ada.call("GET", "/me/wait", params={"after": "0", "timeout": 0}),
        ):
            assert not mentioned_cards(response.text, game_id) & unknowable, response.text
            checked += 1
        if unknowable:
            probe = rnd.choice(sorted(unknowable))
            probing = f"play {probe} draw deck"
            for text in (probing, "play Q1 draw deck"):
                refused = ada.call(
                    "POST",
                    f"/games/{game_id}/moves",
                    json={"move": text, "expected_version": version},
                )
                assert refused.status_code in (409, 422)
                error = refused.json()["error"]
                assert not mentioned_cards(json.dumps(error["details"]), game_id) & unknowable
                message = error["message"]
                if text == probing:
                    message = message.replace(probe, "X")
                messages.setdefault(error["code"], set()).add(message)
                checked += 1
        if views[0]["game"]["status"] == "finished":
            break
        seat = 0 if views[0]["your_turn"] else 1
        move = rnd.choice(views[seat]["legal_moves"])["text"]
        answer = clients[seat].call(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": move, "expected_version": views[seat]["version"]},
        )
        assert answer.status_code == 200
        if seat == 0:
            after = answer.json()["view"]
            knowable = set(after["hand"]) | seen_in_public | public_cards(after)
            assert not mentioned_cards(answer.text, game_id) - knowable
    assert checked > 100
    assert all(len(texts) == 1 for texts in messages.values()), messages


def test_the_spectator_never_exists_for_strangers(api: LiveServer) -> None:
    game_id, _, stranger = game_and_stranger(api)
    for path in ("", "/log", "/wait?version=0&timeout=0"):
        response = stranger.call("GET", f"/games/{game_id}{path}")
        assert response.status_code == 403
        assert not mentioned_cards(response.text, game_id)
        error = response.json()["error"]  # what the status says already, and no more
        assert error["code"] == "forbidden"
        assert error["message"] == "this game is not public: only its players may look at it"
