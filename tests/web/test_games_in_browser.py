"""Whole games of every type, seen from two browsers (headless Chromium) that logged in by the
links their players were mailed: one with JavaScript off, which refreshes by its link, one with
it on, whose page refreshes itself when the game moves on. Each player makes their first moves
through the page's forms (its step controls, and typed steps), the rest of the game is played
over the API for speed, and both pages show the result. Nothing is fetched from beyond the
service, and the page fits a phone's width and a desktop's."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Route, expect

from server.domain.games.loaded import Game
from server.storage.services import Services
from shared.engine import RESIGN
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.boards import Shown
from tests.support.controls import play_move
from tests.support.games import start_game
from tests.support.jobs import Mail
from tests.support.pages import login_link

PAGE_MOVES = 3
"""Moves each player makes through their page before the API plays the game out."""
WIDTHS = (360, 900)
GAMES = [("lost-cities", {"rounds": 1}), ("lost-cities-dice", {}), ("livingstone", {})]


class Player:
    """One player at their own browser."""

    def __init__(self, browser: Browser, url: str, client: ApiClient, scripts: bool) -> None:
        self.client = client
        self.scripts = scripts
        self.context = browser.new_context(java_script_enabled=scripts)
        self.outside: list[str] = []
        self.page = self.context.new_page()
        self.page.route("**/*", self.only_loopback)
        self.url = url

    def only_loopback(self, route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def log_in(self, link: str, game_id: str) -> None:
        self.page.goto(link)
        self.page.get_by_role("button", name=f"Log in as {self.client.player['name']}").click()
        expect(self.page).to_have_url(f"{self.url}/play/{game_id}")

    def see_the_game_now(self) -> None:
        """With JavaScript the page has refreshed itself; without, its link refreshes it."""
        if not self.scripts:
            self.page.get_by_role("link", name="Refresh").click()

    def status(self) -> Any:
        return expect(self.page.locator("#status"))


def two_steps(services: Services, game_id: str, seat: int) -> str | None:
    """Two steps of one turn that the seat may send together, if its turn has such."""
    game: Game = services.games.loading.load(game_id)
    engine, state = game.engine, game.state
    for first in engine.legal_moves(state, seat):
        after = engine.apply(state, seat, first)
        if engine.reveals(state, seat, first, after) or seat not in engine.to_act(after):
            continue
        for second in engine.legal_moves(after, seat):
            if second != RESIGN:
                return f"{engine.format_move(first)}; {engine.format_move(second)}"
    return None


def played_out(game_id: str, clients: list[ApiClient]) -> dict[str, Any]:
    """The rest of the game over the API, each mover taking the first of its legal moves
    (drawing from the deck where it may, which ends a card game soonest); the last answer."""
    view: dict[str, Any] = clients[0].ok("GET", f"/games/{game_id}")
    while view["game"]["status"] != "finished":
        seat = view["to_act"][0]
        view = clients[seat].ok("GET", f"/games/{game_id}")
        texts = [move["text"] for move in view["legal_moves"]]
        move = next((text for text in texts if text.endswith("deck")), texts[0])
        view = clients[seat].ok(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": move, "expected_version": view["version"]},
        )
    return view


@pytest.mark.parametrize(("type_id", "options"), GAMES, ids=[game[0] for game in GAMES])
def test_a_whole_game_from_two_browsers_logged_in_by_mail(
    api: LiveServer, mail: Mail, browser: Browser, type_id: str, options: dict[str, Any]
) -> None:
    game_id, clients = start_game(api, type_id, **options)
    services: Services = api.app.extensions["turnpost"]
    players = [
        Player(browser, api.url, client, scripts=seat == 1) for seat, client in enumerate(clients)
    ]
    mail.run()
    for player in players:
        player.log_in(login_link(mail, player.client.player["email"]), game_id)
    made = [0, 0]
    typed = hidden = False
    while min(made) < PAGE_MOVES:
        views = [client.ok("GET", f"/games/{game_id}") for client in clients]
        movers = [seat for seat in (0, 1) if views[seat]["your_turn"] and made[seat] < PAGE_MOVES]
        if not movers:  # the other must move more than its share first
            seat = next(seat for seat in (0, 1) if views[seat]["your_turn"])
            text = views[seat]["legal_moves"][0]["text"]
            clients[seat].ok(
                "POST",
                f"/games/{game_id}/moves",
                json={"move": text, "expected_version": views[seat]["version"]},
            )
            continue
        seat = movers[0]
        player = players[seat]
        player.see_the_game_now()
        player.status().to_have_text("Your turn.")
        hidden |= player.page.get_by_text("stays hidden from the others").count() > 0
        if not typed:  # a turn of two steps where the game has them, else one move, typed
            batch = two_steps(services, game_id, seat) or views[seat]["legal_moves"][0]["text"]
            player.page.locator("#typed").fill(batch)
            player.page.get_by_role("button", name="Send").click()
            typed = True
        else:
            play_move(player.page)
        expect(player.page.locator(".flash.played")).to_be_visible()
        made[seat] += 1
    assert hidden == (type_id == "lost-cities-dice")
    for width in WIDTHS:
        for player in players:
            player.page.set_viewport_size({"width": width, "height": 800})
            assert Shown(player.page, []).overflow() == 0, f"wider than {width} px"
    for player in players:  # away from the game (its page would reload at every move)
        player.page.get_by_role("link", name="My games").click()
    final = played_out(game_id, clients)
    names = [seat["name"] for seat in final["game"]["seats"]]
    for player in players:
        player.page.get_by_role("link", name=f"{final['game']['title']} {game_id[:8]}").click()
        player.status().to_contain_text("Game over. Final scores:")
        player.status().to_contain_text(f"{names[0]} {final['game']['result']['scores'][0]}")
        assert player.outside == []
        player.context.close()
