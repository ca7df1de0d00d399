"""Logged out, a page that needs a login is the login form (401), and the link it mails brings
the browser that asked back to that page; a target naming anywhere else is dropped, so a login
is never a redirect off the site. Every form of the web table carries its CSRF token, and each
is refused without it, changing nothing."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from bs4 import BeautifulSoup

from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.jobs import Mail
from tests.support.pages import Visitor, form_fields, login_link, said
from tests.support.site import busy_table

ELSEWHERE = [
    "https://evil.example/play",
    "//evil.example/play",
    "/\\evil.example/play",
    "/\\/evil.example",
    "http:/play",
    "/play\r\nLocation: https://evil.example",
    "/api/v1/me",
    "/login",
    "/web/static/turnpost.css",
    "/nowhere",
    "javascript:alert(1)",
]


def logged_in_from(visitor: Visitor, mail: Mail, form: dict[str, str], email: str) -> str:
    """Asks for a link with the login form's fields, opens it in the same browser: the page the
    login lands on."""
    asked = visitor.post("/login", {**form, "email": email})
    assert asked.status_code == 200, asked.text
    mail.run()
    landed = visitor.log_in(login_link(mail, email))
    assert landed.status_code == 200 and landed.history, landed.text
    return landed.url.removeprefix(visitor.url)


def test_a_page_asked_for_logged_out_is_the_login_form_and_the_link_comes_back_to_it(
    api: LiveServer, mail: Mail
) -> None:
    game_id, (ada, _) = start_game(api, "lost-cities", rounds=1)
    for path in (f"/play/{game_id}", "/settings", "/lobby?", "/leaderboard?type=lost-cities"):
        visitor = Visitor(api.url)
        page = visitor.get(path)
        assert page.status_code == 401
        assert "Mail me a link" in said(page.text) and "Not done" not in said(page.text)
        form = form_fields(page.text, action="/login")
        assert form["next"] == path.rstrip("?")
        assert logged_in_from(visitor, mail, form, ada.player["email"]) == path.rstrip("?")


@pytest.mark.parametrize("target", ELSEWHERE)
def test_a_target_elsewhere_is_dropped(api: LiveServer, mail: Mail, target: str) -> None:
    ada = api.client().register("ada")
    visitor = Visitor(api.url)
    page = visitor.get("/login", params={"next": target})
    assert 'name="next"' not in page.text
    form = form_fields(page.text, action="/login")
    assert logged_in_from(visitor, mail, {**form, "next": target}, ada.player["email"]) == "/play"


POSTS = [
    "/new",
    "/settings/profile",
    "/settings/vacation",
    "/settings/calendar",
    "/settings/webhook",
    "/play/{game}/decline",
    "/play/{game}/join",
]


def test_every_form_carries_its_csrf_token_and_none_is_taken_without(
    api: LiveServer, mail: Mail
) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    game = bo.ok("POST", "/games", json={"type": "lost-cities", "invite": ["ada"], "public": True})
    game_id = game["game"]["id"]
    visitor = Visitor(api.url)
    page = visitor.get("/play")
    logged_in_from(visitor, mail, form_fields(page.text, action="/login"), ada.player["email"])
    for path in ("/", "/play", "/new", "/lobby", "/settings", "/players/ada", "/leaderboard"):
        shown = BeautifulSoup(visitor.get(path).text, "html.parser")
        forms = shown.find_all("form")
        assert forms, path
        for form in forms:
            token = form.find("input", attrs={"name": "csrf_token"})
            assert token is not None and token.get("value"), (path, form.get("action"))
    before = ada.ok("GET", "/me")
    for path in POSTS:
        refused = visitor.post(path.format(game=game_id), {"away": "on", "feed": "on"})
        assert refused.status_code == 400 and "csrf_failed" in refused.text, path
        assert "The form was not accepted" in said(refused.text)
    assert ada.ok("GET", "/me") == before
    assert bo.ok("GET", f"/games/{game_id}")["game"]["seats"][1]["joined"] is False


def test_my_games_lists_what_waits_on_me_first_with_my_deadline_in_my_zone(
    api: LiveServer, mail: Mail
) -> None:
    ada = busy_table(api)
    mail.run()  # the worker starts the move clocks
    listed = ada.ok("GET", "/games")["games"]
    clock = next(c for g in listed for c in g["clocks"] if c["name"] == "ada" and c["running"])
    due = datetime.fromisoformat(clock["due"])
    visitor = Visitor(api.url)
    page = visitor.get("/play")
    logged_in_from(visitor, mail, form_fields(page.text, action="/login"), ada.player["email"])
    shown = said(visitor.get("/play").text)
    waiting = shown.index("Waiting on you")
    assert waiting < shown.index("Invitations to you") < shown.index("Your other games")
    assert "Deadlines are in your time zone, Europe/Warsaw." in shown
    local = due.astimezone(ZoneInfo("Europe/Warsaw"))
    assert (
        f"due {local:%a}, {local:%b} {local.day}, {local.year}, {local.strftime('%-I:%M %p')}"
        in shown
    )
