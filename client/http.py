"""The turnpost API as Python calls, and its failures as two exceptions.

Every way a request can go wrong ends as one of two things the commands tell apart by exit
code: the server answered and said no (`Refused`, carrying its error body untouched, so the
person sees the server's own message), or no turnpost server answered at all (`Unreachable`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any, TypedDict, Unpack
from urllib.parse import quote

import requests

from client.words import _, language
from shared.numbers import whole_number

API_PREFIX = "/api/v1"
POLL_LATER = frozenset({"too_many_waits", "busy"})
"""Refusals of a long poll that say "not now": the poll is asked again after `Retry-After`."""
TIMEOUT_SECONDS = 30.0
ZIP = "application/zip"
RETRIES_WITH_KEY = 2
"""A request carrying an Idempotency-Key is safe to resend: the server answers a repeat with
the first answer, so a dropped connection need not leave the player wondering if they moved."""


class Refused(Exception):
    """The server's `{"error": {"code", "message", "details"}}`, as it sent it."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: dict[str, Any],
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.retry_after = retry_after
        """Seconds to wait before asking again, where the server said (`Retry-After`)."""


class Unreachable(Exception):
    """No turnpost server answered at the configured URL."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(
            _("cannot reach the turnpost server at %(url)s: %(reason)s", url=url, reason=reason)
        )
        self.message = str(self)
        self.details = {"url": url}


def readable_reason(error: requests.RequestException) -> str:
    """requests' connection errors nest three exceptions deep; the OS's own words are what
    helps (`connection refused`)."""
    if isinstance(error, requests.Timeout):
        return _("no answer in time")
    errno = re.search(r"\[Errno -?\d+\] ([^'\")]+)", str(error))
    return errno.group(1).strip().lower() if errno else str(error)


PAGE_LIMIT = 200
"""The longest page the server answers (`server.domain.games.lists.MAX_LIMIT`)."""


class Sending(TypedDict, total=False):
    """What a request may carry besides its method and path: a JSON body, the query, headers
    (an `Idempotency-Key` among them makes it safe to send again), and how long to wait."""

    json: Any
    params: dict[str, Any] | None
    headers: dict[str, str] | None
    timeout: float


class Api:
    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url.rstrip("/").removesuffix(API_PREFIX)
        self.session = requests.Session()
        # the server's refusals come in the language the command line speaks
        self.session.headers["Accept-Language"] = language()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def request(self, method: str, path: str, **sending: Unpack[Sending]) -> Any:
        """The answer's JSON body; raises `Refused` or `Unreachable`."""
        return self._answer(self._sent(method, path, **sending))

    def _sent(self, method: str, path: str, **sending: Unpack[Sending]) -> requests.Response:
        """The server's answer, whatever it says; raises `Unreachable`."""
        headers = sending.get("headers")
        resendable = headers is not None and "Idempotency-Key" in headers
        attempts = 1 + (RETRIES_WITH_KEY if resendable else 0)
        for attempt in range(1, attempts + 1):
            try:
                response = self.session.request(
                    method,
                    self.url + API_PREFIX + path,
                    json=sending.get("json"),
                    params=sending.get("params"),
                    headers=headers,
                    timeout=sending.get("timeout", TIMEOUT_SECONDS),
                )
                break
            except (requests.ConnectionError, requests.Timeout) as error:
                if attempt == attempts:
                    raise Unreachable(self.url, readable_reason(error)) from None
            except requests.RequestException as error:
                raise Unreachable(self.url, readable_reason(error)) from None
        return response

    def _answer(self, response: requests.Response) -> Any:
        try:
            body = response.json()
        except ValueError:
            body = None
        if response.ok and body is not None:
            return body
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict) or "message" not in error:
            raise Unreachable(
                self.url,
                _(
                    "HTTP %(status)s, not a turnpost answer; is the URL right?",
                    status=response.status_code,
                ),
            )
        retry_after = whole_number(response.headers.get("Retry-After", ""))
        raise Refused(
            response.status_code,
            str(error.get("code", "error")),
            str(error["message"]),
            error.get("details") or {},
            None if retry_after is None else float(retry_after),
        )

    # -- players ----------------------------------------------------------------------------

    def register(self, name: str, email: str, timezone: str, language: str | None) -> Any:
        body = {"name": name, "email": email, "timezone": timezone}
        return self.request(
            "POST", "/players", json={**body, **({"language": language} if language else {})}
        )

    def me(self, changes: dict[str, Any] | None = None) -> Any:
        """One's profile; with `changes`, changed first (PATCH)."""
        if changes:
            return self.request("PATCH", "/me", json=changes)
        return self.request("GET", "/me")

    def export(self) -> bytes:
        """Everything the server keeps about you, as the zip it sends."""
        response = self._sent("GET", "/me/export")
        if response.ok and response.headers.get("Content-Type") == ZIP:
            return response.content
        self._answer(response)  # a refusal: raised as such
        raise Unreachable(
            self.url,
            _("HTTP %(status)s, not the archive asked for", status=response.status_code),
        )

    def delete_account(self, confirm: str, active_games: str, bot: str | None) -> Any:
        body = {"confirm": confirm, "active_games": active_games}
        return self.request("DELETE", "/me", json={**body, **({"bot": bot} if bot else {})})

    def vacation(self, on: bool) -> Any:
        return self.request("POST" if on else "DELETE", "/me/vacation")

    def player(self, name: str) -> Any:
        return self.request("GET", f"/players/{quote(name, safe='')}")

    def blocks(self) -> Any:
        """The players one blocks."""
        return self.request("GET", "/me/blocks")

    def block(self, name: str, on: bool) -> Any:
        """Block the player called `name` (or, not `on`, stop); the players one blocks."""
        return self.request("PUT" if on else "DELETE", f"/me/blocks/{quote(name, safe='')}")

    def webhook(self, game_id: str | None, change: dict[str, str] | None, off: bool) -> Any:
        """One's webhook (or the game's): shown, set to `change` ({kind, url}), or removed."""
        path = game_path(game_id, "/webhook") if game_id else "/me/webhook"
        if off:
            return self.request("DELETE", path)
        if change:
            return self.request("PUT", path, json=change)
        return self.request("GET", path)

    def calendar(self, on: bool) -> Any:
        """A new calendar feed address (the one before stops working), or none."""
        return self.request("POST" if on else "DELETE", "/me/calendar")

    # -- games ------------------------------------------------------------------------------

    def leaderboard(self, type_id: str) -> Any:
        return self.request("GET", f"/game-types/{quote(type_id, safe='')}/leaderboard")

    def game_types(self) -> Any:
        return self.request("GET", "/game-types")

    def game_rules(self, type_id: str) -> Any:
        return self.request("GET", f"/game-types/{quote(type_id, safe='')}/rules")

    def create_game(
        self,
        type_id: str,
        seats: int | None,
        options: dict[str, Any],
        invite: list[str],
        contribution: str,
        bots: list[str],
        public: bool = False,
    ) -> Any:
        body: dict[str, Any] = {
            "type": type_id,
            "options": options,
            "invite": invite,
            "contribution": contribution,
            "public": public,
        }
        if bots:
            body["bots"] = bots
        if seats is not None:
            body["seats"] = seats
        return self.request("POST", "/games", json=body)

    def games(self, mine: str | None = None, most: int | None = None) -> Any:
        """My games (`mine`: of one kind), newest first: all of them, or the first `most`."""
        return self.paged("/games", {"mine": mine} if mine else {}, "games", most)

    def lobby(self, most: int | None = None) -> Any:
        """The lobby's games, oldest first: all of them, or the first `most`."""
        return self.paged("/games", {"open": "public"}, "games", most)

    def paged(self, path: str, params: dict[str, Any], key: str, most: int | None) -> Any:
        """A list the server answers in pages, page after page along each one's `next`, until
        there is none or `most` items are in: `{key: the items, "next": the cursor after
        them}`."""
        items: list[Any] = []
        while True:
            limit = PAGE_LIMIT if most is None else min(PAGE_LIMIT, most - len(items))
            page = self.request("GET", path, params={**params, "limit": limit})
            items.extend(page[key])
            if page["next"] is None or (most is not None and len(items) >= most):
                return {key: items, "next": page["next"]}
            params = {**params, "cursor": page["next"]}

    def game(self, game_id: str) -> Any:
        return self.request("GET", game_path(game_id))

    def join(self, game_id: str, contribution: str) -> Any:
        return self.request(
            "POST", game_path(game_id, "/join"), json={"contribution": contribution}
        )

    def move(self, game_id: str, move: Any, expected_version: int, idempotency_key: str) -> Any:
        return self.request(
            "POST",
            game_path(game_id, "/moves"),
            json={"move": move, "expected_version": expected_version},
            headers={"Idempotency-Key": idempotency_key},
        )

    def decline(self, game_id: str) -> Any:
        return self.request("POST", game_path(game_id, "/decline"))

    def cancel(self, game_id: str) -> Any:
        return self.request("POST", game_path(game_id, "/cancel"))

    def rematch(self, game_id: str, contribution: str) -> Any:
        return self.request(
            "POST", game_path(game_id, "/rematch"), json={"contribution": contribution}
        )

    def resign(self, game_id: str) -> Any:
        return self.request("POST", game_path(game_id, "/resign"))

    def say(self, game_id: str, text: str, idempotency_key: str) -> Any:
        return self.request(
            "POST",
            game_path(game_id, "/messages"),
            json={"text": text},
            headers={"Idempotency-Key": idempotency_key},
        )

    def messages(self, game_id: str, last: int) -> Any:
        return self.request("GET", game_path(game_id, "/messages"), params={"last": last})

    def login_link(self, game_id: str) -> Any:
        return self.request("POST", game_path(game_id, "/login-link"))

    def log(self, game_id: str, since: int = 0) -> Any:
        return self.request("GET", game_path(game_id, "/log"), params={"since": since})

    def my_wait(self, after: str | None, timeout: int) -> Any:
        """Long poll on all of one's games (`GET /me/wait`): the events after the cursor
        `after` (None: from now on). Asked again when the server has no room for it now, as
        `wait` is; `cursor_expired` is the caller's to handle."""
        params: dict[str, Any] = {"timeout": timeout, **({"after": after} if after else {})}
        nothing: dict[str, Any] = {"events": [], "cursor": after, "changed": False}
        return self._polled("/me/wait", params, timeout, lambda: nothing)

    def wait(self, game_id: str, seen: dict[str, Any], timeout: int) -> Any:
        """Long poll from `seen`, the game's view (or a wait's answer): answered when the game
        is no longer at its version and revision (a move, a join, a cancel…), and at once on a
        finished or cancelled game. The HTTP timeout leaves the server room to answer at its
        own deadline.
        A poll the server has no room for now (too many open for the player, or a worker busy
        with polls) is asked again when the server says, up to the poll's own length: the
        answer is then `changed: false`, as if it had waited."""
        params = {"version": seen["version"], "revision": seen["revision"], "timeout": timeout}
        unchanged = lambda: {**self.game(game_id), "changed": False}  # noqa: E731
        return self._polled(game_path(game_id, "/wait"), params, timeout, unchanged)

    def _polled(
        self, path: str, params: dict[str, Any], timeout: int, unchanged: Callable[[], Any]
    ) -> Any:
        """A long poll, asked again while the server says it has no room for it, up to its
        own length: then `unchanged()`, as if it had waited."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                return self.request("GET", path, params=params, timeout=timeout + TIMEOUT_SECONDS)
            except Refused as refused:
                if refused.code not in POLL_LATER or refused.retry_after is None:
                    raise
                pause = min(refused.retry_after, deadline - time.monotonic())
                if pause <= 0:
                    return unchanged()
                time.sleep(pause)


def game_path(game_id: str, rest: str = "") -> str:
    """A game's route; the id is quoted so a mistyped one cannot address another route."""
    return f"/games/{quote(game_id, safe='')}{rest}"
