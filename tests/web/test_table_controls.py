"""Whole games of every type played only through the pages' step controls, by two players at
their own browsers (headless Chromium) logged in by the links they were mailed: one with
JavaScript off (a request per step), one with it on (the steps in place); in Lost Cities the
first plays by keyboard alone. Every choice offers legal options only, at most a dozen, the move
is shown in words before it is sent, and the page mid-choice passes axe-core at a phone's width
and a desktop's, light and dark."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.parts import LiveServer
from tests.support.accessibility import serious_violations
from tests.support.controls import Pick, opened_now, options, play_move, press
from tests.support.games import start_game
from tests.support.jobs import Mail
from tests.support.pages import login_link


def opened(browser: Browser, url: str, link: str, game_id: str, **context: Any) -> Page:
    page = browser.new_context(**context).new_page()
    page.goto(link)
    page.get_by_role("button", name=re.compile("^Log in as ")).click()
    expect(page).to_have_url(f"{url}/play/{game_id}")
    return page


def toward_the_end(rnd: random.Random) -> Pick:
    """Any option, at random, but mostly those that end a game soon: in Lost Cities the deck,
    in the dice game refusals after a few choices, in Livingstone the end of a turn."""
    moves = [0]

    def pick(labels: list[str], depth: int) -> int:
        moves[0] += depth == 0
        soon = (("Refuse the dice", moves[0] > 4), ("End my turn", 0.6), ("The deck", 0.95))
        for start, likely in soon:
            found = [i for i, label in enumerate(labels) if label.startswith(start)]
            if found and rnd.random() < likely:
                return found[0]
        return rnd.randrange(len(labels))

    return pick


GAMES = [
    ("lost-cities", {"rounds": 1}),
    ("lost-cities-dice", {}),
    ("livingstone", {"board": {"costs": [1, 2, 3, 4]}}),  # four columns: four rounds or so
]


@pytest.mark.long
@pytest.mark.parametrize(("type_id", "options_"), GAMES, ids=[game[0] for game in GAMES])
def test_a_whole_game_played_by_the_step_controls_alone(
    api: LiveServer, mail: Mail, browser: Browser, type_id: str, options_: dict[str, Any]
) -> None:
    game_id, clients = start_game(api, type_id, **options_)
    mail.run()
    pages = [
        opened(
            browser,
            api.url,
            login_link(mail, client.player["email"]),
            game_id,
            java_script_enabled=seat == 1,
        )
        for seat, client in enumerate(clients)
    ]
    keyboard = [type_id == "lost-cities", False]
    picks = [toward_the_end(random.Random(seat)) for seat in (0, 1)]
    url = f"{api.url}/play/{game_id}"
    seat, made, said = 0, 0, ""
    opened_now(pages[seat], url)
    while True:
        page = pages[seat]
        status = page.locator("#status").inner_text()
        if "Game over" in status:
            break
        if "Your turn." not in status:  # the other's turn: their page as it is now
            seat = 1 - seat
            opened_now(pages[seat], url)
            continue
        said = play_move(page, picks[seat], keyboard[seat], in_place=seat == 1)
        made += 1
        assert made < 400, "the game should have ended"
    assert said.startswith("Send: ")
    for page in pages:
        opened_now(page, url)
        expect(page.locator("#status")).to_contain_text("Game over. Final scores:")
        page.context.close()


def test_the_page_mid_choice_passes_axe_at_both_widths_light_and_dark(
    api: LiveServer, mail: Mail, browser: Browser
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    mover = next(
        seat
        for seat, client in enumerate(clients)
        if client.ok("GET", f"/games/{game_id}")["your_turn"]
    )
    mail.run()
    link = login_link(mail, clients[mover].player["email"])
    page = opened(browser, api.url, link, game_id)
    cards = options(page)
    press(page, page.locator("#move-options button").first, keyboard=False)
    page.get_by_role("link", name="Back one step").click()
    expect(page.locator("#move-chosen")).to_be_hidden()
    assert options(page) == cards and page.evaluate("document.activeElement.value") == cards[0]
    press(page, page.locator("#move-options button").first, keyboard=False)
    mid_choice = page.url
    assert "step=" in mid_choice and options(page) == [
        label for label in options(page) if label.startswith(("Play ", "Discard "))
    ]
    for scheme in ("light", "dark"):
        for width in (390, 1280):
            context = browser.new_context(
                color_scheme=scheme,
                viewport={"width": width, "height": 900},
                storage_state=page.context.storage_state(),
            )
            seen = context.new_page()
            seen.goto(mid_choice)
            expect(seen.locator("#move-asks")).to_be_visible()
            assert serious_violations(seen) == [], (scheme, width)
            context.close()
    page.context.close()
