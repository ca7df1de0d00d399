"""A long poll (`GET /wait`; the page's `/play/GAME/wait` in tests/web/test_pages.py) wakes on
every change of a game its player may see, a move or not: a seat taken or given up, the start, a
cancel, the end. It answers the game as it is when it answers, and at once on a game that is
over. Table talk changes neither the version nor the revision, and wakes nobody (the answer
holds no talk)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
import redis

from server.storage import keys
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.polls import waiting

POLL = 30
"""Each poll's timeout: one that runs out answers `changed: false`, so `changed: true` says it
was woken, and an answer at once is one that came before it."""


@pytest.fixture
def polls() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(4) as pool:
        yield pool


def poll(
    pool: ThreadPoolExecutor, client: ApiClient, game_id: str, seen: dict[str, Any], **more: Any
) -> Future[tuple[Any, float]]:
    """A long poll from the view `seen`, sent in the background: its answer and how long it
    took. `more`: other query parameters (`revision=None` leaves the revision out)."""
    params = {"version": seen["version"], "revision": seen["revision"], "timeout": POLL, **more}

    def wait() -> tuple[Any, float]:
        started = time.monotonic()
        answer = client.ok(
            "GET",
            f"/games/{game_id}/wait",
            params={k: v for k, v in params.items() if v is not None},
        )
        return answer, time.monotonic() - started

    return pool.submit(wait)


def woken(
    redis_client: redis.Redis, watcher: ApiClient, answer: Future[tuple[Any, float]], change: Any
) -> Any:
    """The poll's answer to `change()`, made while the poll waits: woken by it."""
    waiting(redis_client, watcher)
    change()
    view, _ = answer.result(timeout=POLL + 30)
    assert view["changed"] is True, view
    return view


def ada_and_bo(api: LiveServer) -> tuple[ApiClient, ApiClient]:
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    return ada, bo


def invitation(ada: ApiClient) -> str:
    """A new game of Lost Cities by ada, bo invited: its id."""
    made = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})
    game_id: str = made["game"]["id"]
    return game_id


def joined(ada: ApiClient, bo: ApiClient) -> str:
    """A new game of Lost Cities by ada, bo joined: its id."""
    game_id = invitation(ada)
    bo.ok("POST", f"/games/{game_id}/join")
    return game_id


def test_a_poll_wakes_on_each_change_before_the_start_and_on_the_start_itself(
    api: LiveServer, redis_client: redis.Redis, polls: ThreadPoolExecutor
) -> None:
    ada, bo, cy, di = (api.client().register(name) for name in ("ada", "bo", "cy", "di"))
    made = ada.ok("POST", "/games", json={"type": "lost-cities-dice", "invite": ["bo", "cy"]})
    game_id = made["game"]["id"]
    seen = ada.ok("GET", f"/games/{game_id}")
    assert (seen["version"], seen["game"]["status"]) == (0, "open")

    def step(change: Callable[[], Any]) -> Any:
        view = woken(redis_client, ada, poll(polls, ada, game_id, seen), change)
        assert view["version"] == 0 and view["revision"] > seen["revision"]
        assert view == {**ada.ok("GET", f"/games/{game_id}"), "changed": True}  # as it is now
        return view

    seen = step(lambda: bo.ok("POST", f"/games/{game_id}/join"))
    assert [s["joined"] for s in seen["game"]["seats"]] == [True, True, False]
    seen = step(lambda: cy.ok("POST", f"/games/{game_id}/decline"))
    assert seen["game"]["seats"][2]["name"] is None
    seen = step(lambda: di.ok("POST", f"/games/{game_id}/join"))  # the last seat: the start
    assert seen["game"]["status"] == "active" and seen["to_act"] and seen["view"] is not None
    assert seen["your_turn"] == (0 in seen["to_act"])


def test_a_poll_wakes_on_a_cancel_and_on_the_end(
    api: LiveServer, redis_client: redis.Redis, polls: ThreadPoolExecutor
) -> None:
    ada, bo = ada_and_bo(api)
    game_id = invitation(ada)
    seen = bo.ok("GET", f"/games/{game_id}")  # invited: may look, and wait
    cancel = lambda: ada.ok("POST", f"/games/{game_id}/cancel")  # noqa: E731
    cancelled = woken(redis_client, bo, poll(polls, bo, game_id, seen), cancel)
    assert cancelled["game"]["status"] == "cancelled"

    game_id = joined(ada, bo)
    seen = bo.ok("GET", f"/games/{game_id}")
    resign = lambda: ada.ok("POST", f"/games/{game_id}/resign")  # noqa: E731
    ended = woken(redis_client, bo, poll(polls, bo, game_id, seen), resign)
    assert ended["game"]["status"] == "finished" and ended["version"] == seen["version"] + 1
    assert ended["to_act"] == [] and ended["game"]["result"] is not None


def test_a_change_made_before_the_poll_is_sent_answers_it_at_once(
    api: LiveServer, polls: ThreadPoolExecutor
) -> None:
    """What a client saw is its version and revision: a join between its look and its poll
    (no change of version) is not slept through, as it was when only the version counted."""
    ada, bo = ada_and_bo(api)
    game_id = invitation(ada)
    seen = ada.ok("GET", f"/games/{game_id}")
    bo.ok("POST", f"/games/{game_id}/join")
    view, _ = poll(polls, ada, game_id, seen).result()
    assert view["changed"] is True
    assert view["game"]["status"] == "active" and view["version"] == seen["version"]


def test_a_poll_without_a_revision_wakes_on_a_change_after_it_began(
    api: LiveServer, redis_client: redis.Redis, polls: ThreadPoolExecutor
) -> None:
    """A client from before revisions: changes from the game as the poll found it."""
    ada, bo = ada_and_bo(api)
    game_id = invitation(ada)
    seen = ada.ok("GET", f"/games/{game_id}")
    join = lambda: bo.ok("POST", f"/games/{game_id}/join")  # noqa: E731
    started = woken(redis_client, ada, poll(polls, ada, game_id, seen, revision=None), join)
    assert started["game"]["status"] == "active"


def test_a_poll_on_a_finished_or_cancelled_game_answers_at_once_and_holds_no_place(
    api: LiveServer, redis_client: redis.Redis, polls: ThreadPoolExecutor
) -> None:
    ada, bo = ada_and_bo(api)
    over = invitation(ada)
    ada.ok("POST", f"/games/{over}/cancel")
    finished = joined(ada, bo)
    bo.ok("POST", f"/games/{finished}/resign")
    place = keys.player(ada.player["id"], "waits")
    for game_id in (over, finished):
        seen = ada.ok("GET", f"/games/{game_id}")
        for revision in (seen["revision"], None):
            view, took = poll(polls, ada, game_id, seen, revision=revision).result()
            assert view == {**seen, "changed": False} and took < POLL  # before it ran out
        assert redis_client.zcard(place) == 0


def test_table_talk_wakes_no_poll(
    api: LiveServer, redis_client: redis.Redis, polls: ThreadPoolExecutor
) -> None:
    ada, bo = ada_and_bo(api)
    game_id = joined(ada, bo)
    seen = bo.ok("GET", f"/games/{game_id}")
    answer = poll(polls, bo, game_id, seen, timeout=2)
    waiting(redis_client, bo)
    ada.ok("POST", f"/games/{game_id}/messages", json={"text": "good luck"})
    view, took = answer.result()
    assert view["changed"] is False and took >= 2
    assert (view["version"], view["revision"]) == (seen["version"], seen["revision"])
