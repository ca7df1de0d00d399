"""A game's page is drawn from a position its web process may have kept from an earlier request
(`server/web/table/positions.py`): kept for one seat in one language, it is never shown to another
seat or in another language, and any change to the game draws it anew, a change that makes no
move (a rematch asked for) as much as a move."""

from __future__ import annotations

from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.jobs import Mail
from tests.support.pages import logged_in, said


def test_a_kept_position_is_one_seats_in_one_language_and_a_change_draws_it_anew(
    api: LiveServer, mail: Mail
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    ada, bo = (logged_in(mail, api.url, client) for client in clients)
    for _ in range(2):  # the second time, from the positions kept
        assert "ada (you)" in said(ada.get(f"/play/{game_id}").text)
        page = said(bo.get(f"/play/{game_id}").text)
        assert "bo (you)" in page and "ada (you)" not in page
    clients[0].ok("POST", f"/games/{game_id}/resign")
    assert "Offer a rematch" in said(bo.get(f"/play/{game_id}").text)
    version = clients[1].ok("GET", f"/games/{game_id}")["version"]
    clients[0].ok("POST", f"/games/{game_id}/rematch")
    assert clients[1].ok("GET", f"/games/{game_id}")["version"] == version  # no move made
    assert "Accept the rematch" in said(bo.get(f"/play/{game_id}").text)
    clients[1].ok("PATCH", "/me", json={"language": "de"})
    german = bo.get(f"/play/{game_id}").text
    assert 'lang="de"' in german and "Accept the rematch" not in said(german)
