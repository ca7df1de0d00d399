"""What a newcomer meets on a first try: the start of an id from the lobby taken, a private
game's refusal that says why, an empty calendar feed said to be empty, an unknown option
answered with every option a game takes."""

from __future__ import annotations

import json
from collections import Counter

from tests.support.terminal import PlayerFactory


def said(text: str) -> str:
    """A screen's words, whatever the lines they were wrapped into."""
    return " ".join(text.split())


def test_the_start_of_an_id_from_the_lobby_joins_and_watches(player: PlayerFactory) -> None:
    ada, cy, di = player("ada"), player("cy"), player("di")
    game_id = ada.json("new", "lost-cities", "--public", "--seats", "2")["game"]["id"]
    lobby = said(cy.ok("lobby"))
    assert game_id in lobby and "Take a seat with: turnpost join GAME" in lobby
    assert "options: the defaults" in lobby
    watched = di.json("watch", game_id[:6])
    assert watched["game"]["id"] == game_id and watched["seat"] is None
    joined = cy.json("join", game_id[:6])
    assert joined["game"]["id"] == game_id and joined["seat"] == 1
    assert di.run("join", "zz").exit_code == 1  # no game's id starts so
    listed = [ada.json("new", "lost-cities", "--public")["game"]["id"] for _ in range(17)]
    first = Counter(game[0] for game in listed).most_common(1)[0][0]  # 17 ids, 16 hex digits
    refused = di.run("join", first)
    assert refused.exit_code == 1
    assert "games, yours or in the lobby; type more" in said(refused.stderr)


def test_watching_a_private_game_is_refused_as_not_public(player: PlayerFactory) -> None:
    ada, di = player("ada"), player("di")
    game_id = ada.json("new", "lost-cities")["game"]["id"]
    refused = di.run("watch", game_id)
    assert refused.exit_code == 1
    assert "this game is not public: only its players may look at it" in said(refused.stderr)
    answer = json.loads(di.run("watch", game_id, "--json").stdout)
    assert answer["error"]["code"] == "forbidden"
    unknown = di.run("watch", "0" * 24)
    assert unknown.exit_code == 1 and "no such game" in unknown.stderr


def test_a_calendar_feed_with_no_clocked_game_is_said_to_be_empty(player: PlayerFactory) -> None:
    ada = player("ada")
    shown = said(ada.ok("calendar"))
    assert "Subscribe to this address" in shown
    assert "Its feed is empty for now" in shown and "none of yours has one" in shown
    ada.ok("new", "lost-cities", "--option", "move_time=3d")
    assert "empty" not in ada.ok("calendar")
    assert "No calendar feed" in ada.ok("calendar", "--off")


def test_an_unknown_option_is_answered_with_every_option_the_game_takes(
    player: PlayerFactory,
) -> None:
    ada = player("ada")
    refused = ada.run("new", "livingstone", "--option", "first_player=0")
    assert refused.exit_code == 1
    heard = said(refused.stderr)
    assert "livingstone has no option 'first_player'" in heard
    assert "its options are board, move_time, time_bank, increment, on_timeout" in heard
