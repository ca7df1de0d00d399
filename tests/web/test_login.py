"""Logging in by mailed links: the login page answers every address alike and mails only
registered ones; a link works once and for its lifetime; rotating the token ends the
sessions; `turnpost open` prints a fresh link."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
import redis

from server.storage import keys
from tests.api_client import ApiClient
from tests.parts import LiveServer, service_config
from tests.support.games import start_game
from tests.support.jobs import Mail
from tests.support.pages import Visitor, form_fields, login_link, said
from tests.support.terminal import PlayerFactory


def ask_for_link(visitor: Visitor, email: str) -> tuple[int, str]:
    """The login page's answer, with the address it names taken out."""
    form = form_fields(visitor.get("/login").text, action="/login")
    answer = visitor.post("/login", {**form, "email": email})
    return answer.status_code, said(answer.text).replace(email, "ADDRESS")


def test_the_login_page_answers_alike_and_mails_a_link_to_a_registered_address(
    api: LiveServer, mail: Mail
) -> None:
    ada = api.client().register("ada")
    visitor = Visitor(api.url)
    registered = ask_for_link(visitor, "ADA@example.org")
    unknown = ask_for_link(visitor, "nobody@example.org")
    assert registered == unknown
    assert registered[0] == 200 and "link is on its way" in registered[1]
    mail.run()
    assert mail.inbox.to("nobody@example.org") == []
    (message,) = mail.inbox.to(ada.player["email"])
    assert message["Subject"] == "[turnpost] your login link, ada"
    link = login_link(mail, ada.player["email"])
    assert link.startswith(api.url + "/login/")
    # A proxy this server does not trust cannot say the request came over https.
    visitor.http.headers["X-Forwarded-Proto"] = "https"
    logged_in = visitor.log_in(link)
    assert logged_in.url == api.url + "/play"
    cookie = logged_in.history[0].headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    assert "My games" in said(visitor.get("/play").text)
    bad = ask_for_link(visitor, "not an address")
    assert bad[0] == 400 and "Not an address mail can be delivered to" in bad[1]


@pytest.fixture
def short_lived(api: LiveServer) -> Iterator[LiveServer]:
    """A second web process whose links work for a second, and whose login page mails two
    links an hour."""
    config = api.app.extensions["turnpost"].config
    server = LiveServer(
        service_config(
            config.redis_url, login_link_lifetime=timedelta(seconds=1), login_limit="2 per hour"
        )
    )
    yield server
    server.stop()


def test_a_link_works_once_and_not_after_its_lifetime(
    api: LiveServer, short_lived: LiveServer
) -> None:
    ada = api.client().register("ada")
    game = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": []})["game"]
    link = ada.ok("POST", f"/games/{game['id']}/login-link")["url"]
    first, second = Visitor(api.url), Visitor(api.url)
    assert first.log_in(link).url == f"{api.url}/play/{game['id']}"
    for path in (link, link + "x"):
        refused = second.get(path.removeprefix(api.url))
        assert refused.status_code in (400, 409), refused.text
    used = second.get(link.removeprefix(api.url))
    assert used.status_code == 409 and "used already" in said(used.text)
    assert second.get("/play").status_code == 401
    brief = ada.ok("POST", f"/games/{game['id']}/login-link")["url"]
    brief = brief.replace(api.url, short_lived.url)  # the same Redis, another lifetime
    time.sleep(2.1)
    expired = Visitor(short_lived.url).get(brief.removeprefix(short_lived.url))
    assert expired.status_code == 400 and "has expired" in said(expired.text)


def test_the_login_page_refuses_past_its_limit_alike_for_every_address(
    api: LiveServer, short_lived: LiveServer
) -> None:
    api.client().register("ada")
    visitor = Visitor(short_lived.url)
    assert ask_for_link(visitor, "ada@example.org")[0] == 200
    assert ask_for_link(visitor, "nobody@example.org")[0] == 200
    over = [ask_for_link(visitor, email) for email in ("ada@example.org", "nobody@example.org")]
    assert over[0][0] == over[1][0] == 429
    assert over[0][1] == over[1][1]


def test_rotating_the_token_ends_the_session_and_the_links_made_before(
    api: LiveServer, mail: Mail
) -> None:
    game_id, (ada, _) = start_game(api, "lost-cities", rounds=1)
    visitor = Visitor(api.url)
    mail.run()
    visitor.log_in(login_link(mail, ada.player["email"]))
    assert visitor.get(f"/play/{game_id}").status_code == 200
    other = browsers(api, ada, 1)[0]
    unused = ada.ok("POST", f"/games/{game_id}/login-link")["url"]
    ada.ok("POST", "/me/token")
    for browser in (visitor, other):
        ended = browser.get(f"/play/{game_id}")
        assert ended.status_code == 401 and "token was rotated" in said(ended.text)
    refused = Visitor(api.url).get(unused.removeprefix(api.url))
    assert refused.status_code == 400 and "not valid" in said(refused.text)


def browsers(api: LiveServer, player: ApiClient, count: int) -> list[Visitor]:
    """`count` browsers, each logged in as the player by a link of its own."""
    game = player.ok("POST", "/games", json={"type": "lost-cities", "invite": []})["game"]
    found = []
    for _ in range(count):
        visitor = Visitor(api.url)
        visitor.log_in(player.ok("POST", f"/games/{game['id']}/login-link")["url"])
        assert visitor.get("/play").status_code == 200
        found.append(visitor)
    return found


def copy_of(visitor: Visitor) -> Visitor:
    """Another browser holding a copy of the visitor's cookies, as a thief would."""
    copy = Visitor(visitor.url)
    copy.http.cookies.update(visitor.http.cookies)
    return copy


def log_out(visitor: Visitor, action: str) -> None:
    form = form_fields(visitor.get("/settings").text, action=action)
    answer = visitor.post(action, form)
    assert answer.status_code == 200 and answer.history, answer.text
    assert "You are logged out" in said(answer.text)


def test_logging_out_ends_the_session_and_every_copy_of_its_cookie(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    ada = api.client().register("ada")
    first, second = browsers(api, ada, 2)
    stolen = copy_of(first)
    assert stolen.get("/play").status_code == 200
    log_out(first, "/logout")
    ended = stolen.get("/play")
    assert ended.status_code == 401 and "you logged out" in said(ended.text)
    assert first.get("/play").status_code == 401
    assert second.get("/play").status_code == 200  # another browser's session lives on
    live = keys.player(ada.player["id"], "sessions")
    assert redis_client.zcard(live) == 1
    assert 0 < redis_client.ttl(live) <= 31 * 86400


def test_logging_out_everywhere_ends_every_session_but_not_the_token(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    first, second = browsers(api, ada, 2)
    (others,) = browsers(api, bo, 1)
    stolen = copy_of(second)
    form = form_fields(stolen.get("/settings").text, action="/logout/everywhere")
    log_out(second, "/logout")
    refused = stolen.post("/logout/everywhere", form)  # a cookie logged out cannot ask it
    assert refused.status_code == 401, refused.text
    assert first.get("/play").status_code == 200
    log_out(first, "/logout/everywhere")
    assert [v.get("/play").status_code for v in (first, second, stolen)] == [401, 401, 401]
    assert not redis_client.exists(keys.player(ada.player["id"], "sessions"))
    assert others.get("/play").status_code == 200  # another player's sessions live on
    assert ada.ok("GET", "/me")["name"] == "ada"  # the API token still works
    browsers(api, ada, 1)  # and a new login works


def test_turnpost_open_prints_a_link_that_opens_the_game(
    api: LiveServer, player: PlayerFactory
) -> None:
    ada = player("ada")
    game_id = ada.json("new", "lost-cities")["game"]["id"]
    printed = ada.ok("open", game_id[:6]).strip()
    assert printed.startswith(f"{api.url}/login/")
    assert Visitor(api.url).log_in(printed).url == f"{api.url}/play/{game_id}"
    assert ada.json("open", game_id)["url"] != printed
