"""A game's page in headless Chromium, for what a player does at the table besides moving: a
spectator following a public game as it is played, and replaying it move by move by links
anyone may be sent; talk, resigning and a rematch through the pages, with JavaScript and
without; a page that updates itself keeping its deadlines true; and every state of the page
free of serious accessibility violations, light and dark, at a phone's width and a desktop's,
and readable at 200% without scrolling sideways."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.accessibility import serious_violations
from tests.support.games import start_game
from tests.support.jobs import Mail

WIDTHS = (390, 1280)
TOO_WIDE = """
[...document.querySelectorAll('body, body *')]
  .filter((e) => e.scrollWidth > 320 || e.getBoundingClientRect().right > window.innerWidth)
  .slice(0, 8)
  .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.scrollWidth}`)
"""
"""The elements wider than a 640-px window at 200%: 320 CSS px as `zoom` counts their widths
(unzoomed), and where they end on the screen (zoomed)."""


def opened(browser: Browser, client: ApiClient, game_id: str, scripts: bool = True) -> Page:
    """A browser of the player's own, logged in by a link to `game_id` (one of their games),
    showing its page."""
    context = browser.new_context(java_script_enabled=scripts)
    page = context.new_page()
    page.goto(client.ok("POST", f"/games/{game_id}/login-link")["url"])
    page.get_by_role("button", name=f"Log in as {client.player['name']}").click()
    expect(page.locator("#status")).to_be_visible()
    return page


def moved(client: ApiClient, game_id: str) -> dict[str, Any]:
    """The player's first legal move, made over the API (drawing from the deck where it may)."""
    view = client.ok("GET", f"/games/{game_id}")
    texts = [move["text"] for move in view["legal_moves"]]
    move = next((text for text in texts if text.endswith("deck")), texts[0])
    made: dict[str, Any] = client.ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": move, "expected_version": view["version"]},
    )
    return made


def mover(game_id: str, clients: list[ApiClient]) -> int:
    views = [client.ok("GET", f"/games/{game_id}") for client in clients]
    return next(seat for seat, view in enumerate(views) if view["your_turn"])


def public_game(api: LiveServer) -> tuple[str, list[ApiClient]]:
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    game_id = ada.ok(
        "POST",
        "/games",
        json={"type": "lost-cities", "options": {"rounds": 1}, "invite": ["bo"], "public": True},
    )["game"]["id"]
    bo.ok("POST", f"/games/{game_id}/join")
    return game_id, [ada, bo]


def stranger(api: LiveServer, name: str) -> tuple[ApiClient, str]:
    """A player in none of the games so far, and a game of their own to log in by."""
    client = api.client().register(name)
    own = client.ok("POST", "/games", json={"type": "lost-cities", "invite": []})["game"]["id"]
    return client, own


def test_a_spectator_follows_a_public_game_live_and_steps_through_its_replay(
    api: LiveServer, browser: Browser
) -> None:
    game_id, clients = public_game(api)
    eve, own = stranger(api, "eve")
    page = opened(browser, eve, own)
    page.goto(f"{api.url}/play/{game_id}")
    expect(page.get_by_text("You are watching this public game")).to_be_visible()
    assert page.get_by_text("Your hand").count() == 0
    assert page.locator("form.say, form.resign, .moves").count() == 0
    page.evaluate("window.notReloaded = true")
    for turn in range(3):
        seat = mover(game_id, clients)
        moved(clients[seat], game_id)
        expect(page.locator("#live-history li")).to_have_count(turn + 1)
        expect(page.locator("#status")).to_have_text(
            f"Waiting for {clients[1 - seat].player['name']}."
        )
    assert page.evaluate("window.notReloaded") is True, "the page was put in place, not loaded"

    page.locator("#live-history li a").first.click()
    expect(page).to_have_url(re.compile(r"\?at=1$"))
    headline = page.locator("nav.replay .headline")
    expect(headline).to_have_text("Replay: the game as it stood after move 1 of 3.")
    for step, at in (("Next", 2), ("Last", 3), ("Previous", 2), ("First", 0)):
        page.get_by_role("link", name=step, exact=True).click()
        expect(page).to_have_url(re.compile(rf"\?at={at}$"))
    expect(headline).to_contain_text("at the start, before move 1 of 3")
    assert page.get_by_role("link", name="Previous", exact=True).count() == 0
    linked = page.context.new_page()  # a link sent in talk or mail opens that position
    linked.goto(f"{api.url}/play/{game_id}?at=2")
    expect(linked.locator("nav.replay .headline")).to_contain_text("after move 2 of 3")
    expect(linked.locator("#live-history li")).to_have_count(2)

    private, _ = start_game(api, "lost-cities", names=["cy", "di"], rounds=1)
    refused = page.goto(f"{api.url}/play/{private}")
    assert refused is not None and refused.status == 403
    expect(page.get_by_role("alert")).to_contain_text("This game is not public")
    page.context.close()


def test_players_talk_resign_and_rematch_through_their_pages(
    api: LiveServer, browser: Browser
) -> None:
    """ada's page runs its script, bo's has none: each sends the same forms."""
    game_id, clients = public_game(api)
    ada = opened(browser, clients[0], game_id)
    bo = opened(browser, clients[1], game_id, scripts=False)
    bo.get_by_label("Say something to the table").fill("good luck <b>ada</b>")
    bo.get_by_role("button", name="Say", exact=True).click()
    expect(bo).to_have_url(re.compile(r"#talk$"))
    expect(ada.locator("#live-talk")).to_contain_text("bo: good luck <b>ada</b>")  # live
    ada.get_by_label("Say something to the table").fill("thanks")
    ada.get_by_role("button", name="Say", exact=True).click()
    expect(ada.locator("#live-talk")).to_contain_text("ada: thanks")
    said = clients[1].ok("GET", f"/games/{game_id}/messages")["messages"]
    assert [message["text"] for message in said] == ["good luck <b>ada</b>", "thanks"]

    bo.get_by_role("button", name="Resign…").click()  # no script: a page that asks
    expect(bo.get_by_role("heading")).to_contain_text("Resign from Lost Cities")
    bo.get_by_role("link", name="No, back to the game").click()
    assert clients[1].ok("GET", f"/games/{game_id}")["game"]["status"] == "active"

    answers = iter([False, True])

    def answer(dialog: Dialog) -> None:
        assert "cannot be undone" in dialog.message
        (dialog.accept if next(answers) else dialog.dismiss)()

    ada.on("dialog", answer)
    ada.get_by_role("button", name="Resign…").click()
    assert clients[0].ok("GET", f"/games/{game_id}")["game"]["status"] == "active"
    ada.get_by_role("button", name="Resign…").click()
    expect(ada.locator("#status")).to_contain_text("Game over. Final scores:")

    bo.get_by_role("link", name="Refresh").click()
    expect(bo.locator("#status")).to_contain_text("Won by bo.")
    bo.get_by_role("button", name="Offer a rematch").click()
    expect(bo.locator("#status")).to_have_text("Waiting for every seat to be taken.")
    rematch = bo.url.rsplit("/", 1)[1]
    ada.reload()
    ada.get_by_role("button", name="Accept the rematch").click()
    expect(ada).to_have_url(f"{api.url}/play/{rematch}")
    expect(ada.locator("#status")).not_to_contain_text("Waiting for every seat")
    ada.goto(f"{api.url}/play/{game_id}")
    expect(ada.get_by_role("link", name="See the rematch")).to_be_visible()
    for page in (ada, bo):
        page.context.close()


def test_a_page_that_updates_itself_tells_the_deadline_of_the_move_now_due(
    api: LiveServer, mail: Mail, browser: Browser
) -> None:
    """After a move the page shows no deadline of the seat that moved, and, once the worker has
    started the next clock, the new one: with no reload."""
    services = api.app.extensions["turnpost"]
    api.app.extensions["turnpost"] = dataclasses.replace(services, clock=mail.clock)
    try:
        game_id, clients = start_game(api, "lost-cities", rounds=1, move_time="1d")
        mail.run()
        seat = mover(game_id, clients)
        names = [client.player["name"] for client in clients]
        waiting = opened(browser, clients[1 - seat], game_id)
        deadlines = waiting.locator("#live-status .deadline")
        expect(deadlines).to_have_text([re.compile(rf"^{names[seat]}'s move is due")])
        moved(clients[seat], game_id)
        expect(waiting.locator("#status")).to_have_text("Your turn.")
        expect(deadlines).to_have_count(0)
        mail.run()
        expect(deadlines).to_have_text([re.compile(r"^Your move is due")])
        waiting.context.close()
    finally:
        api.app.extensions["turnpost"] = services


def test_a_move_half_chosen_outlives_talk_and_the_controls_the_update_brings_work_in_place(
    api: LiveServer, browser: Browser
) -> None:
    """A message said while a move is half chosen updates the talk and keeps the choice; when
    the other player moves, the page's update brings new controls, which its script walks in
    place, as the page's first ones (no request per step)."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    seat = mover(game_id, clients)
    choosing = opened(browser, clients[seat], game_id)
    choosing.locator("#move-options button").first.click()
    expect(choosing.locator("#move-chosen")).to_be_visible()
    asked = choosing.locator("#move-asks").text_content()
    clients[1 - seat].ok("POST", f"/games/{game_id}/messages", json={"text": "take your time"})
    expect(choosing.locator("#live-talk")).to_contain_text("take your time")
    expect(choosing.locator("#move-chosen")).to_be_visible()
    expect(choosing.locator("#move-asks")).to_have_text(asked or "")
    waiting = opened(browser, clients[1 - seat], game_id)
    waiting.evaluate("window.notReloaded = true")
    moved(clients[seat], game_id)
    expect(waiting.locator("#status")).to_have_text("Your turn.")
    waiting.locator("#move-options button").first.click()
    expect(waiting.locator("#move-chosen")).to_be_visible()
    assert waiting.evaluate("window.notReloaded") is True  # walked in place, not a new page
    choosing.context.close()
    waiting.context.close()


@pytest.mark.long
def test_every_state_of_the_page_is_accessible_light_and_dark_and_reflows_at_200_percent(
    api: LiveServer, browser: Browser
) -> None:
    game_id, clients = public_game(api)
    seat = mover(game_id, clients)
    moved(clients[seat], game_id)
    finished, done = start_game(api, "lost-cities", names=["cy", "di"], rounds=1)
    done[0].ok("POST", f"/games/{finished}/resign")
    eve, own = stranger(api, "eve")
    states = {
        "my turn": (clients[1 - seat], game_id, ""),
        "waiting": (clients[seat], game_id, ""),
        "finished": (done[1], finished, ""),
        "spectator": (eve, game_id, ""),
        "replay": (eve, game_id, "?at=1"),
        "refused": (eve, finished, ""),
        "resign": (clients[seat], game_id, "/resign"),
    }
    found = []
    for state, (client, shown, path) in states.items():
        page = opened(browser, client, own if client is eve else shown)
        for dark in (False, True):
            page.emulate_media(color_scheme="dark" if dark else "light")
            if path == "/resign":  # the page a resign form without script answers with
                page.goto(f"{api.url}/play/{shown}")
                page.evaluate("document.querySelector('form.resign').submit()")
                expect(page.get_by_role("button", name="Yes, resign")).to_be_visible()
            else:
                page.goto(f"{api.url}/play/{shown}{path}")
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 900})
                found += [
                    f"{state}, {width} px{', dark' if dark else ''}: {violation}"
                    for violation in serious_violations(page)
                ]
            page.set_viewport_size({"width": 640, "height": 900})
            page.evaluate("document.documentElement.style.zoom = '2'")
            wide: list[str] = page.evaluate(TOO_WIDE)
            assert wide == [], f"{state} at 200%, wider than the window: {wide}"
        page.context.close()
    assert found == []
