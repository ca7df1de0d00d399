"""The settings page: a player's data downloaded, and their account deleted, over HTTP as a
browser without JavaScript sends its forms, and in headless Chromium at a phone's width."""

from __future__ import annotations

import io
import zipfile

import pytest
import redis
from playwright.sync_api import Browser, expect

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.boards import Shown
from tests.support.games import start_game
from tests.support.pages import Visitor, form_fields, said
from tests.support.stored import everything


def logged_in(api: LiveServer, client: ApiClient, game_id: str) -> Visitor:
    """A visitor logged in as `client` by a login link the API made."""
    visitor = Visitor(api.url)
    link = client.ok("POST", f"/games/{game_id}/login-link")["url"]
    assert visitor.log_in(link).status_code == 200
    return visitor


def test_the_settings_page_downloads_the_archive_and_deletes_the_account(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    visitor = logged_in(api, ada, game_id)
    assert 'href="/settings"' in visitor.get("/play").text
    page = visitor.get("/settings")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    download = visitor.get("/settings/export")
    assert download.headers["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(download.content)) as packed:
        names = packed.namelist()
    with zipfile.ZipFile(io.BytesIO(ada.call("GET", "/me/export").content)) as packed:
        assert names == packed.namelist()  # the API's archive

    form = form_fields(page.text, action="/settings/delete")
    wrong = visitor.post("/settings/delete", {**form, "active_games": "bot", "confirm": "bo"})
    assert wrong.status_code == 400
    assert "confirm with your player name, ada" in said(wrong.text)
    assert 'value="bot" checked' in wrong.text  # the choice kept
    unchosen = visitor.post("/settings/delete", {**form, "confirm": "ada"})
    assert unchosen.status_code == 400
    forged = visitor.post("/settings/delete", {"active_games": "resign", "confirm": "ada"})
    assert forged.status_code == 400 and "csrf" in forged.text.lower()
    assert ada.ok("GET", "/me")["name"] == "ada"

    done = visitor.post("/settings/delete", {**form, "active_games": "resign", "confirm": "ada"})
    assert done.status_code == 200 and done.history[0].status_code == 303
    assert "The account ada is deleted." in said(done.text)
    for path in ("/play", "/settings", "/settings/export"):
        assert visitor.get(path).status_code == 401, path
    assert ada.call("GET", "/me").status_code == 401
    game = bo.ok("GET", f"/games/{game_id}")["game"]
    assert game["status"] == "finished" and game["seats"][0]["name"] == "deleted player 1"
    assert b"ada@example.org" not in everything(redis_client)


def test_the_settings_page_at_a_phones_width_without_javascript(
    api: LiveServer, browser: Browser
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 390, "height": 800}, accept_downloads=True
    )
    page = context.new_page()
    page.goto(ada.ok("POST", f"/games/{game_id}/login-link")["url"])
    page.get_by_role("button", name="Log in as ada").click()
    page.get_by_role("link", name="My games").click()
    page.get_by_role("link", name="Settings").first.click()
    expect(page.get_by_role("heading", name="Delete my account")).to_be_visible()
    assert Shown(page, []).overflow() == 0, "wider than 390 px"
    with page.expect_download() as downloading:
        page.get_by_role("link", name="Download my data").click()
    assert downloading.value.suggested_filename.startswith("turnpost-ada-")
    page.get_by_label("a quick bot plays my seat to the end").check()
    page.get_by_label("Type your name, ada, to delete your account").fill("ada")
    page.get_by_role("button", name="Delete my account").click()
    expect(page.get_by_text("The account ada is deleted.")).to_be_visible()
    assert bo.ok("GET", f"/games/{game_id}")["game"]["seats"][0]["bot"] == "quick"
    context.close()


def test_the_settings_page_says_whom_one_takes_invitations_from_and_blocks_players(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    visitor = logged_in(api, ada, game_id)
    page = visitor.get("/settings")
    assert 'value="anyone" checked' in page.text and "You block nobody." in said(page.text)
    form = form_fields(page.text, action="/settings/invitations")
    saved = visitor.post("/settings/invitations", {**form, "invitations": "played"})
    assert saved.status_code == 200 and saved.history[0].status_code == 303
    assert ada.ok("GET", "/me")["invitations"] == "played"
    assert 'value="played" checked' in saved.text
    wrong = visitor.post("/settings/invitations", {**form, "invitations": "friends"})
    assert wrong.status_code == 400 and ada.ok("GET", "/me")["invitations"] == "played"

    blocks = form_fields(page.text, action="/settings/blocks")
    blocked = visitor.post("/settings/blocks", {**blocks, "block": "bo"})
    assert blocked.status_code == 200 and "You block bo." in said(blocked.text)
    assert ada.ok("GET", "/me/blocks") == {"blocked": ["bo"]}
    unknown = visitor.post("/settings/blocks", {**blocks, "block": "nobody-here"})
    assert unknown.status_code == 404 and "No player is called nobody-here" in said(unknown.text)
    assert 'value="nobody-here"' in unknown.text, "the name sent kept"
    bo.ok("POST", f"/games/{game_id}/messages", json={"text": "unheard words"})
    assert "unheard words" not in visitor.get(f"/play/{game_id}").text
    assert "unheard words" in bo.ok("GET", f"/games/{game_id}/messages")["messages"][0]["text"]
    lifted = visitor.post("/settings/blocks", {**blocks, "unblock": "bo"})
    assert "You no longer block bo." in said(lifted.text) and "You block nobody." in lifted.text
    assert "unheard words" in visitor.get(f"/play/{game_id}").text


@pytest.mark.parametrize("language", ["en", "pl", "de"])
def test_the_invitations_and_blocks_fit_a_phone_in_every_language(
    api: LiveServer, browser: Browser, language: str
) -> None:
    game_id, (ada, _) = start_game(api, "lost-cities", rounds=1)
    ada.ok("PATCH", "/me", json={"language": language, "invitations": "played"})
    long_name = "a-player-with-a-long-name-of-32c"
    api.client().register(long_name)
    for name in (long_name, "bo"):
        ada.ok("PUT", f"/me/blocks/{name}")
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto(ada.ok("POST", f"/games/{game_id}/login-link")["url"])
    page.locator("form button").first.click()
    page.goto(api.url + "/settings#invitations")
    expect(page.locator("#blocks-heading")).to_be_visible()
    assert Shown(page, []).overflow() == 0, "wider than 390 px"
    context.close()
