"""The web table outside a game's page, in headless Chromium with two players at their own
browsers, each logged in through the pages: a game made from the form (a refusal shown on it,
its fields kept), an invitation declined, a public game joined from the lobby, the records
page, and every setting changed through the settings page and read back from the API."""

from __future__ import annotations

import requests
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from server.storage.services import Services
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.jobs import Mail
from tests.support.pages import logged_in_page


def at_table(browser: Browser, api: LiveServer, mail: Mail, player: ApiClient) -> Page:
    """A browser of its own (no JavaScript: every form works without), logged in as `player`."""
    context: BrowserContext = browser.new_context(
        java_script_enabled=False, viewport={"width": 390, "height": 800}
    )
    page = context.new_page()
    logged_in_page(page, mail, api.url, player)
    return page


def nav(page: Page, name: str) -> Locator:
    return page.get_by_role("navigation", name="Main").get_by_role("link", name=name, exact=True)


def test_make_invite_decline_and_join_from_the_lobby_through_the_pages(
    api: LiveServer, mail: Mail, browser: Browser
) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    ada_page, bo_page = (at_table(browser, api, mail, player) for player in (ada, bo))

    nav(ada_page, "New game").click()
    ada_page.get_by_role("navigation", name="Game types").get_by_role(
        "link", name="Lost Cities", exact=True
    ).click()
    ada_page.get_by_label("Invite players by name").fill("bo, nobody")
    ada_page.get_by_label("rounds").select_option("1")
    ada_page.get_by_label("move time").fill("3d")
    ada_page.get_by_role("button", name="Make the game").click()
    expect(ada_page.get_by_role("alert")).to_contain_text("no player is called nobody")
    expect(ada_page.get_by_label("Invite players by name")).to_have_value("bo, nobody")
    expect(ada_page.get_by_label("rounds")).to_have_value("1")
    expect(ada_page.get_by_label("move time")).to_have_value("3d")
    ada_page.get_by_label("Invite players by name").fill("bo")
    ada_page.get_by_label("move time").fill("3 days")
    ada_page.get_by_role("button", name="Make the game").click()
    expect(ada_page.get_by_label("move time")).to_have_attribute("aria-invalid", "true")
    ada_page.get_by_label("move time").fill("3d")
    ada_page.get_by_role("button", name="Make the game").click()
    expect(ada_page.locator(".flash")).to_contain_text("Your game of Lost Cities is made.")
    invited = ada.ok("GET", "/games")["games"][0]
    assert invited["options"]["rounds"] == 1 and invited["clock"]["move_time"] == 3 * 86400
    assert [seat["name"] for seat in invited["seats"]] == ["ada", "bo"]

    nav(bo_page, "My games").click()
    invitations = bo_page.get_by_role("region", name="Invitations to you")
    expect(invitations).to_contain_text("Lost Cities")
    invitations.get_by_role("button", name="Decline").click()
    expect(bo_page.locator(".flash")).to_contain_text("You declined the invitation to Lost Cities.")
    expect(bo_page.get_by_role("region", name="Invitations to you")).to_have_count(0)
    assert ada.ok("GET", f"/games/{invited['id']}")["game"]["seats"][1]["name"] is None

    nav(ada_page, "New game").click()  # Livingstone, the first type
    ada_page.get_by_label("Public").check()
    ada_page.get_by_label("Bots (quick: the best move by a rule of thumb)").fill("1")
    ada_page.get_by_label("Seats at the table").fill("3")
    ada_page.get_by_role("button", name="Make the game").click()
    expect(ada_page.locator(".flash")).to_contain_text("Your game of Livingstone is made.")
    nav(bo_page, "Lobby").click()
    expect(bo_page.get_by_text("1 seat free")).to_be_visible()
    bo_page.get_by_role("button", name="Join").click()
    public = next(game for game in bo.ok("GET", "/games")["games"] if game["public"])
    bo_page.wait_for_url(f"{api.url}/play/{public['id']}")
    assert public["status"] == "active" and public["type"] == "livingstone"
    nav(bo_page, "Lobby").click()
    expect(bo_page.get_by_text("No public game is waiting for players now.")).to_be_visible()
    nav(ada_page, "My games").click()
    expect(ada_page.locator("main")).to_contain_text("Livingstone")
    nav(ada_page, "Ratings").click()
    expect(ada_page.get_by_role("heading", level=1)).to_have_text("Ratings: Livingstone")
    ada_page.context.close()
    bo_page.context.close()


def test_every_setting_through_the_settings_page(
    api: LiveServer, mail: Mail, browser: Browser
) -> None:
    ada = api.client().register("ada")
    page = at_table(browser, api, mail, ada)
    services: Services = api.app.extensions["turnpost"]
    nav(page, "Settings").click()

    page.get_by_label("Your time zone").select_option("America/Chicago")
    page.get_by_label("Quiet hours", exact=True).fill("25:00-08:00")
    page.get_by_label("one daily digest, when your quiet hours end").check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("quiet hours")
    expect(page.get_by_label("Quiet hours", exact=True)).to_have_value("25:00-08:00")
    expect(page.get_by_label("Your time zone")).to_have_value("America/Chicago")
    expect(page.get_by_label("one daily digest, when your quiet hours end")).to_be_checked()
    page.get_by_label("Quiet hours", exact=True).fill("23:00-07:30")
    page.get_by_label("A program plays this account").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".flash")).to_contain_text("Your settings are saved.")
    me = ada.ok("GET", "/me")
    assert (me["timezone"], me["quiet_hours"], me["digest"], me["bot_account"]) == (
        "America/Chicago",
        "23:00-07:30",
        True,
        True,
    )

    page.get_by_role("button", name="Start my vacation").click()
    expect(page.locator("#vacation")).to_contain_text("You are on vacation until")
    assert ada.ok("GET", "/me")["vacation"]["on"] is True
    page.get_by_role("button", name="I am back").click()
    assert ada.ok("GET", "/me")["vacation"]["on"] is False

    page.get_by_role("button", name="Make my calendar feed").click()
    expect(page.locator("#calendar")).to_contain_text("Its feed is empty for now")
    address = page.locator("#calendar code.address").inner_text()
    assert requests.get(address, timeout=10).status_code == 200
    page.get_by_role("button", name="Close the feed").click()
    expect(page.locator("#calendar")).to_contain_text("You have no calendar feed")
    assert requests.get(address, timeout=10).status_code == 404

    page.get_by_label("Its https:// address").fill("ftp://hooks.example.org/x")
    page.get_by_role("button", name="Set my webhook").click()
    expect(page.get_by_role("alert")).to_contain_text("https")
    expect(page.get_by_label("Its https:// address")).to_have_value("ftp://hooks.example.org/x")
    page.get_by_label("Kind").select_option("standard")
    page.get_by_label("Its https:// address").fill("https://hooks.example.org/x")
    page.get_by_role("button", name="Set my webhook").click()
    expect(page.locator("#webhook")).to_contain_text("Its signing secret, shown only now: whsec_")
    hook = services.hooks.get("player", ada.player["id"])
    assert hook is not None and hook.url == "https://hooks.example.org/x"
    services.hooks.failed(hook, services.clock(), 86400, "connection refused")
    nav(page, "Settings").click()
    expect(page.locator("#webhook")).to_contain_text("Failing since")
    page.get_by_role("button", name="Remove my webhook").click()
    expect(page.locator("#webhook")).to_contain_text("You have no webhook.")
    assert services.hooks.get("player", ada.player["id"]) is None
    page.context.close()
