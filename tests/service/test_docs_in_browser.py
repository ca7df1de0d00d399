"""The API's docs page, opened in a real browser (headless Chromium) with nothing beyond the
machine in reach: it shows every operation, having fetched nothing but from the service."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Route

from tests.parts import LiveServer
from tests.support.boards import CHROMIUM, chromium

pytestmark = pytest.mark.skipif(
    not CHROMIUM,
    reason="no Chromium to open the docs with: apt-get install chromium (.ci/run does)",
)


def test_the_docs_page_shows_the_operations_without_the_internet(api: LiveServer) -> None:
    outside: list[str] = []

    def only_loopback(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    with chromium() as browser:
        page = browser.new_page()
        page.route("**/*", only_loopback)
        page.goto(api.url + "/api/v1/docs")
        page.get_by_text("Make a move").first.wait_for(timeout=15_000)
        shown = page.locator(".opblock").count()
        page.close()
    document = api.client().ok("GET", "/openapi.json")
    methods = {"get", "put", "post", "delete", "patch"}
    assert shown == sum(len(methods & set(path)) for path in document["paths"].values())
    assert outside == []
