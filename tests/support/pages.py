"""The web pages over real HTTP as a browser without JavaScript sees them, logged in by the
links read out of the mail the worker sent."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import requests
from bs4 import BeautifulSoup
from playwright.sync_api import Page

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import mover_of, start_game
from tests.support.jobs import Mail
from tests.support.letters import LOGIN_LINK, html_of, text_of


def login_link(mail: Mail, email: str) -> str:
    """The login link of the latest message to `email` (`mail.run()` sends what is due)."""
    messages = mail.inbox.to(email)
    assert messages, f"no mail to {email}"
    found = LOGIN_LINK.search(text_of(messages[-1]))
    assert found, text_of(messages[-1])
    assert f'href="{found.group(0)}"' in html_of(messages[-1])  # both parts carry it
    return found.group(0)


def form_fields(html: str, action: str | None = None) -> dict[str, str]:
    """The hidden fields of the page's first form that posts (to `action`, if given)."""
    page = BeautifulSoup(html, "html.parser")
    form = page.find("form", action=action) if action else page.select_one("main form[method=post]")
    assert form is not None, html
    return {
        str(field["name"]): str(field.get("value", ""))
        for field in form.find_all("input", type="hidden")
    }


def said(html: str) -> str:
    """What a page says, its markup left out."""
    return " ".join(BeautifulSoup(html, "html.parser").get_text(" ").split())


@dataclass
class Visitor:
    """A browser without JavaScript, as plain HTTP: a cookie jar and forms."""

    url: str
    http: requests.Session = field(default_factory=requests.Session)

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        return self.http.get(self.url + path, timeout=30, **kwargs)

    def post(self, path: str, data: dict[str, str], **kwargs: Any) -> requests.Response:
        return self.http.post(self.url + path, data=data, timeout=30, **kwargs)

    def log_in(self, link: str) -> requests.Response:
        path = link.removeprefix(self.url)
        shown = self.get(path)
        assert shown.status_code == 200, shown.text
        return self.post(path, form_fields(shown.text))

    def move(self, game_id: str, move: str, field: str = "move") -> requests.Response:
        """The move, sent with the form of the page as it is now."""
        page = self.get(f"/play/{game_id}")
        assert page.status_code == 200, page.text
        return self.post(f"/play/{game_id}", {**form_fields(page.text), field: move})


def logged_in(mail: Mail, url: str, player: ApiClient) -> Visitor:
    """A visitor logged in as `player` by the link of the latest mail to them."""
    visitor = Visitor(url)
    mail.run()
    answer = visitor.log_in(login_link(mail, player.player["email"]))
    assert answer.status_code == 200 and answer.history, answer.text
    return visitor


class MoverAtPage(NamedTuple):
    """A started game whose mover's browser is at its page: the game, its players, the seat to
    move, its view, and that seat's player logged in."""

    game_id: str
    clients: list[ApiClient]
    seat: int
    view: dict[str, Any]
    visitor: Visitor


def mover_at_page(api: LiveServer, mail: Mail, type_id: str, **options: Any) -> MoverAtPage:
    """A new game of `type_id` (`start_game`'s `options`), its mover logged in."""
    game_id, clients = start_game(api, type_id, **options)
    seat, view = mover_of(game_id, clients)
    return MoverAtPage(game_id, clients, seat, view, logged_in(mail, api.url, clients[seat]))


def logged_in_page(
    page: Page, mail: Mail, url: str, player: ApiClient, path: str = "/play"
) -> None:
    """The browser's page logged in as `player` through the pages alone: `path` asked for
    logged out, the login form it shows, the link mailed, and back at `path`."""
    page.goto(url + path)
    page.get_by_label("Your email address").fill(player.player["email"])
    page.get_by_role("button", name="Mail me a link").click()
    mail.run()
    page.goto(login_link(mail, player.player["email"]))
    page.get_by_role("button", name=f"Log in as {player.player['name']}").click()
    page.wait_for_url(url + path)
