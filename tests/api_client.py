"""A thin HTTP helper for tests: real requests, with the JSON bodies at hand."""

from __future__ import annotations

import itertools
from typing import Any

import requests


class ApiClient:
    """Speaks to the service at `url`; with `more_urls`, to each web process in turn, one
    request after the other (what a load balancer in front of several would do)."""

    def __init__(self, url: str, token: str | None = None, more_urls: tuple[str, ...] = ()) -> None:
        self.url = url
        self.more_urls = more_urls
        self._urls = itertools.cycle((url, *more_urls))
        self.session = requests.Session()
        self.token = token
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        return self.session.request(
            method, next(self._urls) + "/api/v1" + path, timeout=30, **kwargs
        )

    def ok(self, method: str, path: str, **kwargs: Any) -> Any:
        response = self.call(method, path, **kwargs)
        assert response.status_code < 300, (response.status_code, response.text)
        return response.json()

    def register(self, name: str, email: str | None = None) -> ApiClient:
        """A new player; returns a client that speaks as them."""
        body = {"name": name, "email": email or f"{name}@example.org", "timezone": "Europe/Warsaw"}
        answer = self.ok("POST", "/players", json=body)
        client = ApiClient(self.url, answer["token"], self.more_urls)
        client.player = answer["player"]
        return client

    player: dict[str, Any]


class Endpoints:
    """Web processes serving one service, as `start_game` expects of a server: `client()`
    spreads a client's requests over all of them."""

    def __init__(self, *urls: str) -> None:
        self.urls = urls

    def client(self, token: str | None = None) -> ApiClient:
        return ApiClient(self.urls[0], token, self.urls[1:])
