"""Before and after a game: cancelling, declining, private and full tables, and rematches, each
refusal clear and changing nothing; a rematch dealt anew, and a deck the creator set shown to no
one who may not know it (twins a viewer cannot tell apart get the same answers)."""

from __future__ import annotations

import itertools
import json
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest
import redis

from server.domain.players.player import Player
from server.domain.service.facade import GameService
from server.presenters import games as presenters
from shared.games.lost_cities.cards import CARD_ID, deck_codes
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support import memory
from tests.support.games import game_and_stranger, start_game
from tests.support.memory import MemoryGameStore, MemoryRoster
from tests.support.stored import stored

DECK = [CARD_ID[code] for code in deck_codes(5)]


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code, response.text


def invite(api: LiveServer, *names: str) -> tuple[list[ApiClient], str]:
    clients = [api.client().register(name) for name in names]
    body = {"type": "lost-cities-dice", "invite": list(names[1:])}
    return clients, clients[0].ok("POST", "/games", json=body)["game"]["id"]


def test_an_open_game_is_cancelled_by_its_creator_and_declined_by_an_invitee(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    (ada, bo, cy), game_id = invite(api, "ada", "bo", "cy")
    eve = api.client().register("eve")
    before = stored(redis_client)
    refused(bo.call("POST", f"/games/{game_id}/resign"), 409, "game_not_started")
    assert "creator can cancel" in bo.call("POST", f"/games/{game_id}/resign").text
    refused(bo.call("POST", f"/games/{game_id}/cancel"), 403, "not_creator")
    refused(eve.call("POST", f"/games/{game_id}/cancel"), 403, "forbidden")
    refused(eve.call("POST", f"/games/{game_id}/decline"), 403, "forbidden")
    refused(eve.call("POST", f"/games/{game_id}/join"), 403, "not_invited")  # a private table
    assert stored(redis_client) == before

    declined = cy.ok("POST", f"/games/{game_id}/decline")
    empty = {"seat": 2, "name": None, "joined": False, "bot": None, "bot_account": False}
    assert declined["game"]["seats"][2] == empty
    assert game_id not in [g["id"] for g in cy.ok("GET", "/games")["games"]]
    refused(cy.call("POST", f"/games/{game_id}/decline"), 403, "forbidden")
    bo.ok("POST", f"/games/{game_id}/join")
    refused(bo.call("POST", f"/games/{game_id}/decline"), 409, "already_joined")

    cancelled = ada.ok("POST", f"/games/{game_id}/cancel")
    assert cancelled["game"]["status"] == "cancelled"
    before = stored(redis_client)
    refused(eve.call("POST", f"/games/{game_id}/join"), 409, "game_cancelled")
    refused(ada.call("POST", f"/games/{game_id}/cancel"), 409, "game_cancelled")
    refused(
        bo.call("POST", f"/games/{game_id}/moves", json={"move": "x", "expected_version": 0}),
        409,
        "game_cancelled",
    )
    assert stored(redis_client) == before
    assert [g["status"] for g in bo.ok("GET", "/games")["games"]] == ["cancelled"]


def test_a_started_game_is_neither_cancelled_nor_joined(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, _), eve = game_and_stranger(api)
    before = stored(redis_client)
    refused(ada.call("POST", f"/games/{game_id}/cancel"), 409, "game_started")
    refused(eve.call("POST", f"/games/{game_id}/join"), 409, "game_started")
    assert stored(redis_client) == before


def test_a_rematch_seats_the_same_players_one_further_round_and_is_made_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, stall_limit=9)
    eve = api.client().register("eve")
    before = stored(redis_client)
    refused(ada.call("POST", f"/games/{game_id}/rematch"), 409, "not_finished")
    refused(eve.call("POST", f"/games/{game_id}/rematch"), 403, "forbidden")
    assert stored(redis_client) == before
    ada.ok("POST", f"/games/{game_id}/resign")
    refused(eve.call("POST", f"/games/{game_id}/rematch"), 403, "forbidden")

    with ThreadPoolExecutor(4) as pool:  # bo asks four times at once: one game
        asked = list(pool.map(lambda _: bo.ok("POST", f"/games/{game_id}/rematch"), range(4)))
    (next_id,) = {answer["game"]["id"] for answer in asked}
    game = asked[0]["game"]
    assert game["type"] == "lost-cities" and game["options"]["stall_limit"] == 9
    assert [(s["name"], s["joined"]) for s in game["seats"]] == [("bo", True), ("ada", False)]
    assert bo.ok("GET", f"/games/{game_id}")["game"]["rematch"] == next_id
    assert next_id in [g["id"] for g in ada.ok("GET", "/games?mine=waiting")["games"]]

    joined = ada.ok("POST", f"/games/{game_id}/rematch")  # asking again joins it
    assert joined["game"]["id"] == next_id and joined["game"]["status"] == "active"
    assert joined["seat"] == 1
    assert ada.ok("POST", f"/games/{game_id}/rematch")["game"]["id"] == next_id
    assert len(ada.ok("GET", "/games")["games"]) == 2


def test_a_rematch_of_a_public_game_with_a_deck_is_dealt_anew_and_the_deck_stays_with_its_players(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """The report: ada makes a public game with her deck, bo joins and resigns, bo asks for a
    rematch, ada joins it. A stranger never reads the deck (in the lobby, watching, or once it
    is over), the rematch is not dealt from it, ada stays its creator and it says bo asked."""
    ada, bo, eve = (api.client().register(name) for name in ("ada", "bo", "eve"))
    body = {"type": "lost-cities", "public": True, "options": {"rounds": 1, "deck": DECK}}
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    (listed,) = eve.ok("GET", "/games?open=public")["games"]
    assert "deck" not in listed["options"]
    assert listed["fixed_by_creator"] == {"deck": {"fingerprint": None}}
    assert ada.ok("GET", f"/games/{game_id}")["game"]["options"]["deck"] == DECK  # she chose it
    bo.ok("POST", f"/games/{game_id}/join")
    assert "deck" not in bo.ok("GET", f"/games/{game_id}")["game"]["options"]
    assert "deck" not in eve.ok("GET", f"/games/{game_id}")["game"]["options"]
    bo.ok("POST", f"/games/{game_id}/resign")

    over = [client.ok("GET", f"/games/{game_id}")["game"] for client in (ada, bo, eve)]
    assert [game["options"].get("deck") for game in over] == [DECK, DECK, None]
    assert over[2]["secret"] and over[2]["fixed_by_creator"] == {"deck": {"fingerprint": None}}
    assert over[1]["fixed_by_creator"]["deck"]["fingerprint"]

    again = bo.ok("POST", f"/games/{game_id}/rematch")["game"]
    next_id = again["id"]
    assert again["asked_by"] == "bo" and again["options"]["deck"] is None
    assert again["fixed_by_creator"] == {} and again["rated"] is True
    before = stored(redis_client)
    refused(bo.call("POST", f"/games/{next_id}/cancel"), 403, "not_creator")  # ada's game
    assert stored(redis_client) == before
    joined = ada.ok("POST", f"/games/{next_id}/join")
    hands = [joined["view"]["hand"], bo.ok("GET", f"/games/{next_id}")["view"]["hand"]]
    assert sorted(DECK[:8]) not in [sorted(hand) for hand in hands]
    assert sorted(DECK[8:16]) not in [sorted(hand) for hand in hands]
    watched = eve.ok("GET", f"/games/{next_id}")
    assert watched["seat"] is None and watched["game"]["asked_by"] == "bo"
    assert "deck" not in eve.ok("GET", f"/games/{game_id}")["game"]["options"]


def answers(games: GameService, game_id: str, viewer: Player) -> list[Any]:
    """What `viewer` is told of the game: its view and its log, as the API answers them."""
    game, seat = games.loading.for_viewer(game_id, viewer)
    stored_log = games.loading.entries(game, 0)
    return [presenters.view(game, seat, viewer.id), presenters.log(game, seat, 0, stored_log)]


def world(monkeypatch: pytest.MonkeyPatch, options: dict[str, Any]) -> dict[str, Any]:
    """The report's games played in memory, every secret and id drawn the same way each time:
    what ada, bo and the stranger eve are told along the way, by who is told what."""
    drawn = itertools.count()
    monkeypatch.setattr(secrets, "token_hex", lambda size=32: f"{next(drawn):0{2 * size}x}")
    roster = MemoryRoster("ada", "bo", "eve")
    for name, player in roster.players.items():
        roster.players[name] = replace(player, timezone="Europe/Warsaw")  # as the lobby shows it
    games = memory.service(MemoryGameStore(), roster, clock=lambda: 1_800_000_000)
    ada, bo, eve = (roster.players[name] for name in ("ada", "bo", "eve"))
    game = games.seating.create(ada, "lost-cities", 2, {"rounds": 1, **options}, [], public=True)
    report: dict[str, Any] = {"eve: lobby": presenters.lobby(games.loading.lobby().items)}
    report["eve: open"] = answers(games, game.id, eve)
    games.seating.join(bo, game.id)
    games.moving.resign(bo, game.id)
    report["eve: over"] = answers(games, game.id, eve)
    report["players: over"] = [answers(games, game.id, p) for p in (ada, bo)]
    again = games.seating.rematch(bo, game.id)
    games.seating.rematch(ada, game.id)
    for person in (ada, bo, eve):
        report[f"{person.name}: rematch"] = answers(games, again.id, person)
    for person in (ada, bo):
        (listed,) = [
            g
            for g in presenters.game_list(games.loading.games_of(person, bool).items, person.id)
            if g["id"] == again.id
        ]
        report[f"{person.name}: rematch listed"] = listed
    return {who: json.dumps(said) for who, said in report.items()}


@pytest.mark.parametrize("fixed", ["deck", "first_player"])
def test_twins_differing_in_what_a_viewer_cannot_know_answer_alike_and_so_do_their_rematches(
    monkeypatch: pytest.MonkeyPatch, fixed: str
) -> None:
    """Two public games that differ only in an option that fixes chance: the stranger is told
    the same of both, from the lobby to the end, and everyone is told the same of their
    rematches; the players of the finished games, who may know the option, tell them apart."""
    twins: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
        "deck": ({"deck": DECK}, {"deck": DECK[::-1]}),
        "first_player": ({"first_player": 0}, {"first_player": 1}),
    }
    report = [world(monkeypatch, options) for options in twins[fixed]]
    assert report[0]["players: over"] != report[1]["players: over"]
    del report[0]["players: over"], report[1]["players: over"]
    assert report[0] == report[1]
