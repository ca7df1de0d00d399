"""Pictures of each game as a player sees it, at a phone's width and a desktop's, for
docs/players.md: the turn email, from seeded games (and a Polish and a German one, at 390
pixels), and the game's web page (and a Polish and a German one, at 390 pixels), from a game
played on a service this script starts (its own redis-server and web server on loopback, gone
after); and the web table's other pages at a phone's width (`TABLE`), from a player with
something on each.
`.venv/bin/python -m docs.screenshots [FOLDER]` (default docs/screenshots). Needs Debian's
Chromium (`apt-get install chromium`), as the browser tests do."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page

from server.presenters.catalogs import words_for
from server.runtime.redis_process import RedisProcess, free_port
from server.storage.redis_client import connect
from tests.api_client import ApiClient
from tests.parts import LiveServer, service_config
from tests.support.boards import SAMPLES, Sample, chromium, shown
from tests.support.games import play_to_the_end, start_game
from tests.support.letters import html_of
from tests.support.site import busy_table

WIDTHS = {"phone": 360, "desktop": 900}
PAGE_WIDTHS = {"phone": 390, "desktop": 1280}
SHOWN = ("lost-cities-2p", "lost-cities-dice-2p", "livingstone-5p")
DARK = "livingstone-5p"
"""One picture in dark mode too, to show that the boards keep to it."""
LANGUAGES = {"pl": "livingstone-2p", "de": "lost-cities-2p"}
"""A turn mail in each language but English, of a game whose rulebook is in it."""
LANGUAGE_WIDTH = 390
PAGES = ("lost-cities-2p", "lost-cities-dice-2p", "livingstone-2p")
"""The games whose web page is pictured: played as far as its sample (the turn of the player
pictured), then to its end; its move controls after the first step."""
PHONE = 390
TABLE = {
    "my-games": "/play",
    "new-game": "/new?type=lost-cities",
    "lobby": "/lobby",
    "history": "/players/ada",
    "settings": "/settings",
}
"""The web table's pages pictured at a phone's width, by name; and the login form as a page
asked for logged out shows it."""


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with chromium() as browser:
        for sample in SAMPLES:
            if sample.name not in SHOWN:
                continue
            html = html_of(sample.message())
            for label, width in WIDTHS.items():
                modes = (False, True) if sample.name == DARK and label == "phone" else (False,)
                for dark in modes:
                    with shown(browser, html, width, dark) as page:
                        name = f"{sample.name}-{label}{'-dark' if dark else ''}.png"
                        page.page.screenshot(path=folder / name, full_page=True)
                        print(folder / name)
        for language, name in LANGUAGES.items():
            (sample,) = [sample for sample in SAMPLES if sample.name == name]
            html = html_of(sample.message(words_for(language)))
            with shown(browser, html, LANGUAGE_WIDTH, False) as page:
                path = folder / f"{name}-{language}-phone.png"
                page.page.screenshot(path=path, full_page=True)
                print(path)
        pages(browser, folder)


def pages(browser: Browser, folder: Path) -> None:
    """Each game of `PAGES` played on a service of its own to its sample's turn, and the page
    of the player whose turn it is then."""
    with tempfile.TemporaryDirectory() as data, RedisProcess(Path(data), port=free_port()) as db:
        server = LiveServer(service_config(db.url))
        try:
            for sample in SAMPLES:
                if sample.name in PAGES:
                    connect(db.url).flushall()  # each game between ada and bo
                    page_pictures(browser, server, sample, folder)
            for language, name in LANGUAGES.items():
                (sample,) = [sample for sample in SAMPLES if sample.name == name]
                connect(db.url).flushall()
                language_picture(browser, server, sample, language, folder)
            connect(db.url).flushall()
            table_pictures(browser, server, folder)
        finally:
            server.stop()


def page_pictures(browser: Browser, server: LiveServer, sample: Sample, folder: Path) -> None:
    game_id, clients = start_game(server, sample.type_id)
    mover = played(game_id, clients, sample)
    link = mover.ok("POST", f"/games/{game_id}/login-link")["url"]
    context = browser.new_context(java_script_enabled=False)  # a still picture: no long poll
    page = context.new_page()
    page.goto(link)
    page.get_by_role("button").filter(has_text="Log in as").click()
    pictured(page, folder / f"page-{sample.type_id}")
    # mid-choice: a first step that leaves more to choose
    page.locator("#move-options button").filter(has_not_text="End my turn").first.click()
    page.set_viewport_size({"width": PHONE, "height": 800})
    shot(page.locator("section.moves"), folder / f"page-{sample.type_id}-choosing.png")
    play_to_the_end(game_id, clients, random.Random(sample.name))
    page.reload()
    pictured(page, folder / f"page-{sample.type_id}-finished")
    context.close()


def language_picture(
    browser: Browser, server: LiveServer, sample: Sample, language: str, folder: Path
) -> None:
    """The page of the sample's game at a phone's width, for a player whose language is
    `language`."""
    game_id, clients = start_game(server, sample.type_id)
    mover = played(game_id, clients, sample)
    mover.ok("PATCH", "/me", json={"language": language})
    link = mover.ok("POST", f"/games/{game_id}/login-link")["url"]
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": PHONE, "height": 800}
    )
    page = context.new_page()
    page.goto(link)
    page.get_by_role("button").filter(has_text="Log in as").click()
    shot(page, folder / f"page-{sample.type_id}-{language}-phone.png")
    context.close()


def pictured(page: Page, stem: Path) -> None:
    """The page at each of `PAGE_WIDTHS`, as `STEM-LABEL.png`."""
    for label, width in PAGE_WIDTHS.items():
        page.set_viewport_size({"width": width, "height": 800})
        name = stem.with_name(f"{stem.name}-{label}.png")
        page.screenshot(path=name, full_page=True)
        print(name)


def table_pictures(browser: Browser, server: LiveServer, folder: Path) -> None:
    """The pages of `TABLE` as ada sees them, and the login form a page logged out shows."""
    ada = busy_table(server)
    game_id = ada.ok("GET", "/games")["games"][0]["id"]
    context = browser.new_context(viewport={"width": PHONE, "height": 800})
    page = context.new_page()
    page.goto(f"{server.url}/play")
    shot(page, folder / "table-login-phone.png")
    page.goto(ada.ok("POST", f"/games/{game_id}/login-link")["url"])
    page.get_by_role("button").filter(has_text="Log in as").click()
    for name, path in TABLE.items():
        page.goto(server.url + path)
        shot(page, folder / f"table-{name}-phone.png")
    context.close()


def shot(shown: Page | Locator, name: Path) -> None:
    if isinstance(shown, Page):
        shown.screenshot(path=name, full_page=True)
    else:
        shown.screenshot(path=name)
    print(name)


def played(game_id: str, clients: list[ApiClient], sample: Sample) -> ApiClient:
    """The sample's number of moves, each drawn as the sample draws them; the player to move
    next."""
    rnd = random.Random(sample.name)
    for _ in range(sample.turns):
        views = [client.ok("GET", f"/games/{game_id}") for client in clients]
        seat = rnd.choice([i for i, view in enumerate(views) if view["your_turn"]])
        texts = [move["text"] for move in views[seat]["legal_moves"]]
        move = rnd.choices(texts, [sample.weight(text) for text in texts])[0]
        clients[seat].ok(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": move, "expected_version": views[seat]["version"]},
        )
    view = clients[0].ok("GET", f"/games/{game_id}")
    first: int = view["to_act"][0]
    return clients[first]


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
