"""Playing together from the command line: the lobby, watching, and a rematch."""

from __future__ import annotations

from server.storage.services import Services
from tests.parts import LiveServer
from tests.support.terminal import PlayerFactory


def test_a_public_game_is_found_in_the_lobby_joined_watched_and_played_again(
    player: PlayerFactory,
) -> None:
    ada, cy, di = player("ada"), player("cy"), player("di")
    assert "No public game has a seat free" in cy.ok("lobby")
    game_id = ada.json("new", "lost-cities", "--public", "--option", "rounds=1")["game"]["id"]
    listed = cy.ok("lobby")
    assert game_id in listed and "1 of 2 seats free" in listed and "ada (UTC)" in listed
    cy.ok("join", game_id)
    assert cy.json("lobby")["games"] == []

    watched = di.json("watch", game_id)
    assert watched["seat"] is None and "hand" not in watched["view"]
    screen = di.ok("watch", game_id)
    assert "Your hand" not in screen and "Expeditions of ada" in screen
    refused = di.run("say", game_id, "hello")
    assert refused.exit_code == 1 and "not a player" in refused.stderr

    cy.ok("resign", game_id, "--yes")
    again = cy.json("rematch", game_id)
    next_id = again["game"]["id"]
    assert [s["name"] for s in again["game"]["seats"]] == ["cy", "ada"]
    assert ada.json("rematch", game_id)["game"]["id"] == next_id
    assert ada.json("show", next_id)["game"]["status"] == "active"


def test_an_invitation_is_declined_and_an_open_game_cancelled(player: PlayerFactory) -> None:
    ada, bo, cy = player("ada"), player("bo"), player("cy")
    game = ada.json("new", "lost-cities-dice", "--invite", "bo", "--invite", "cy")["game"]
    assert f"Declined game {game['id']}." in bo.ok("decline", game["id"])
    assert game["id"] not in bo.ok("games")
    refused = cy.run("cancel", game["id"])
    assert refused.exit_code == 1 and "only the game's creator" in refused.stderr
    assert "Cancelled before it started." in ada.ok("cancel", game["id"])
    assert "cancelled" in cy.ok("games")
    refused = cy.run("join", game["id"])
    assert refused.exit_code == 1 and "cancelled" in refused.stderr


def test_history_and_ratings_once_the_worker_has_counted_a_game(
    player: PlayerFactory, api: LiveServer
) -> None:
    ada, bo = player("ada"), player("bo")
    game_id = ada.json("new", "lost-cities", "--invite", "bo")["game"]["id"]
    bo.ok("join", game_id)
    assert "No rated lost-cities game has finished yet." in ada.ok("ratings", "lost-cities")
    bo.ok("resign", game_id, "--yes")
    services: Services = api.app.extensions["turnpost"]
    assert (
        services.standings.settle(services.games.loading.load(game_id)) == "settled"
    )  # the worker's

    mine = ada.ok("history")
    assert "lost-cities: played 1, won 1, lost 0, resigned 0, timed out 0; rating" in mine
    assert f"{game_id}" in mine and "won with bo" in mine
    assert "resigned 1" in ada.ok("history", "bo")
    board = ada.json("ratings", "lost-cities")["players"]
    assert [p["name"] for p in board] == ["ada", "bo"]
    assert "1. ada" in ada.ok("ratings", "lost-cities")
    refused = ada.run("ratings", "chess")
    assert refused.exit_code == 1 and "no game type chess" in refused.stderr
