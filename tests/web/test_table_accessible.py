"""Every page of the web table outside a game's page, in each of its states (empty and with
items, a form refused, logged out, a refusal), at a phone's 390 px and a desktop's 1280 px, in
light and dark: no serious or critical axe-core violation, nothing wider than the window, and
the same with the text at 200% on the phone; nothing is fetched from beyond the service."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route

from tests.parts import LiveServer
from tests.support.accessibility import serious_violations
from tests.support.boards import Shown
from tests.support.jobs import Mail
from tests.support.pages import logged_in_page
from tests.support.site import busy_table

WIDTHS = (390, 1280)
SCHEMES = ("light", "dark")
Visit = Callable[[Page, str], None]


def to(path: str) -> Visit:
    def visit(page: Page, url: str) -> None:
        page.goto(url + path)

    return visit


def sent(path: str, fields: dict[str, str], button: str) -> Visit:
    """The page's form filled and sent: the page it answers with."""

    def visit(page: Page, url: str) -> None:
        page.goto(url + path)
        for label, value in fields.items():
            page.get_by_label(label, exact=True).fill(value)
        page.get_by_role("button", name=button, exact=True).click()

    return visit


@pytest.mark.long
def test_every_page_in_every_state_passes_axe_at_both_widths_light_and_dark(
    api: LiveServer, mail: Mail, browser: Browser
) -> None:
    empty = api.client().register("zoe")
    ada = busy_table(api)
    mail.run()  # the finished game's standings: a leaderboard
    logged_out: list[Visit] = [
        to("/"),
        to("/play"),
        to("/login"),
        sent("/login", {"Your email address": "someone@example.org"}, "Mail me a link"),
        to("/play/" + "0" * 24),
    ]
    pages: dict[str, list[Visit]] = {
        "zoe": [
            to("/play"),
            to("/lobby?empty"),
            to("/players/zoe"),
            to("/leaderboard?type=livingstone"),
        ],
        "ada": [
            to("/"),
            to("/play"),
            to("/new"),
            to("/new?type=lost-cities"),
            sent(
                "/new?type=lost-cities",
                {"Invite players by name": "nobody", "move time": "3x"},
                "Make the game",
            ),
            to("/lobby"),
            to("/players/ada"),
            to("/players/eve"),
            to("/leaderboard?type=lost-cities"),
            to("/settings"),
            sent("/settings", {"Quiet hours": "25:00"}, "Save"),
            sent("/settings", {"Its https:// address": "http://x.example"}, "Set my webhook"),
            to("/play/" + "0" * 24),
            to("/players/nobody-at-all"),
        ],
    }
    found: list[str] = []
    outside: list[str] = []

    def only_here(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    for who, visits in (("nobody", logged_out), *pages.items()):
        context = browser.new_context()
        page = context.new_page()
        page.route("**/*", only_here)
        if who != "nobody":
            logged_in_page(page, mail, api.url, ada if who == "ada" else empty)
        for visit in visits:
            visit(page, api.url)
            where = f"{who} {page.url.removeprefix(api.url)}"
            for width in WIDTHS:
                for scheme in SCHEMES:
                    page.set_viewport_size({"width": width, "height": 900})
                    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
                    seen = f"{where} {width}px {scheme}"
                    found += [f"{seen}: {violation}" for violation in serious_violations(page)]
                    if Shown(page, []).overflow():
                        found.append(f"{seen}: wider than the window")
            page.set_viewport_size({"width": WIDTHS[0], "height": 900})
            page.evaluate("document.documentElement.style.fontSize = '200%'")
            if Shown(page, []).overflow():
                found.append(f"{where}: wider than {WIDTHS[0]} px with the text at 200%")
        context.close()
    assert found == []
    assert outside == []
