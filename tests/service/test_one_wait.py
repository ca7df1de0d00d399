"""A player's one wait on all their games (`GET /me/wait`): one poll for sixty games, woken by
each kind of event; a cursor resumed after a gap gets exactly what happened in between, and one
older than what is kept says so (410 `cursor_expired`). Events say only what the game's view
says (their fields are fixed here; `test_leaks.py` checks no hidden card shows in them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
import redis

from server.runtime.redis_process import RedisProcess
from tests.api_client import ApiClient
from tests.parts import LiveServer, service_config
from tests.support.polls import waiting
from tests.support.stored import events_memory

POLL = 30
FIELDS = {
    "cursor",
    "game",
    "type",
    "kind",
    "version",
    "status",
    "to_act",
    "your_turn",
    "rematch",
    "message",
}


@pytest.fixture
def polls() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(2) as pool:
        yield pool


def cursor_now(client: ApiClient) -> str:
    answer = client.ok("GET", "/me/wait", params={"timeout": 0})
    assert answer["events"] == [] and answer["changed"] is False
    return str(answer["cursor"])


def my_wait(pool: ThreadPoolExecutor, client: ApiClient, after: str) -> Future[Any]:
    return pool.submit(client.ok, "GET", "/me/wait", params={"after": after, "timeout": POLL})


def woken_by(
    redis_client: redis.Redis,
    pool: ThreadPoolExecutor,
    client: ApiClient,
    after: str,
    change: Callable[[], Any],
) -> list[dict[str, Any]]:
    """The events that wake the player's one wait, sent before `change()` is made."""
    answer = my_wait(pool, client, after)
    waiting(redis_client, client)
    change()
    found = answer.result(timeout=POLL + 30)
    assert found["changed"], found  # woken: a wait that runs out says nothing changed
    assert found["cursor"] == found["events"][-1]["cursor"]
    for event in found["events"]:
        assert set(event) == FIELDS, event
    return list(found["events"])


def new_game(maker: ApiClient, *invited: str, kind: str = "lost-cities") -> str:
    made = maker.ok("POST", "/games", json={"type": kind, "invite": list(invited)})
    return str(made["game"]["id"])


def test_sixty_games_one_wait(
    api: LiveServer, redis_client: redis.Redis, polls: ThreadPoolExecutor
) -> None:
    """Ada has sixty games; one poll, one place, wakes when Bo's move in any of them makes it
    her turn, and names that game."""
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    games = [new_game(ada, "bo") for _ in range(60)]
    for game_id in games:
        bo.ok("POST", f"/games/{game_id}/join")
    views = {game_id: bo.ok("GET", f"/games/{game_id}") for game_id in games}
    bos = [game_id for game_id, view in views.items() if view["your_turn"]]
    assert bos, "who starts is drawn: in sixty games Bo starts some"
    chosen = bos[len(bos) // 2]
    view = views[chosen]

    def move() -> None:
        text = view["legal_moves"][0]["text"]
        bo.ok(
            "POST",
            f"/games/{chosen}/moves",
            json={"move": text, "expected_version": view["version"]},
        )

    events = woken_by(redis_client, polls, ada, cursor_now(ada), move)
    assert [(e["game"], e["kind"], e["your_turn"]) for e in events] == [(chosen, "turn", True)]
    assert events[0]["version"] == view["version"] + 1 and events[0]["to_act"] == [0]
    assert redis_client.zcard(f"{{p:{ada.player['id']}}}:waits") == 0  # its one place given back


def test_each_kind_of_event_wakes_the_one_wait(
    api: LiveServer, redis_client: redis.Redis, polls: ThreadPoolExecutor
) -> None:
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    after = cursor_now(ada)

    def step(change: Callable[[], Any]) -> list[tuple[str, str]]:
        nonlocal after
        events = woken_by(redis_client, polls, ada, after, change)
        after = events[-1]["cursor"]
        return [(e["kind"], e["game"]) for e in events]

    made: list[str] = []
    invited = step(lambda: made.append(new_game(bo, "ada")))
    called_off = made[0]
    assert invited == [("invited", called_off)]
    assert step(lambda: bo.ok("POST", f"/games/{called_off}/cancel")) == [("cancelled", called_off)]
    game_id = new_game(ada, "bo")
    begun = step(lambda: bo.ok("POST", f"/games/{game_id}/join"))
    view = ada.ok("GET", f"/games/{game_id}")
    assert begun == [("turn" if view["your_turn"] else "started", game_id)]
    said = step(lambda: bo.ok("POST", f"/games/{game_id}/messages", json={"text": "hello"}))
    assert said == [("talk", game_id)]
    assert step(lambda: bo.ok("POST", f"/games/{game_id}/resign")) == [("ended", game_id)]
    offered = step(lambda: bo.ok("POST", f"/games/{game_id}/rematch"))
    if len(offered) == 1:  # woken by the first of the two, the second follows at once
        more = ada.ok("GET", "/me/wait", params={"after": after, "timeout": 5})["events"]
        offered += [(e["kind"], e["game"]) for e in more]
    next_game = ada.ok("GET", f"/games/{game_id}")["game"]["rematch"]
    assert sorted(offered) == sorted([("rematch", game_id), ("invited", next_game)])


def test_a_change_refused_tells_nobody(api: LiveServer) -> None:
    """A move's events are written by the step that writes the move: a move refused as stale
    or illegal, or a seat refused, tells nobody anything; the move made then tells once."""
    ada, bo, cy = (api.client().register(name) for name in ("ada", "bo", "cy"))
    game_id = new_game(ada, "bo")
    bo.ok("POST", f"/games/{game_id}/join")
    mover, other = (ada, bo) if ada.ok("GET", f"/games/{game_id}")["your_turn"] else (bo, ada)
    view = mover.ok("GET", f"/games/{game_id}")
    start = cursor_now(other)
    text = view["legal_moves"][0]["text"]
    path = f"/games/{game_id}/moves"
    stale = mover.call("POST", path, json={"move": text, "expected_version": 7})
    illegal = mover.call("POST", path, json={"move": "discard Z9 draw deck", "expected_version": 0})
    taken = cy.call("POST", f"/games/{game_id}/join")
    assert (stale.status_code, illegal.status_code, taken.status_code) == (409, 422, 409)
    assert other.ok("GET", "/me/wait", params={"after": start, "timeout": 0})["events"] == []
    mover.ok("POST", path, json={"move": text, "expected_version": view["version"]})
    woken = other.ok("GET", "/me/wait", params={"after": start, "timeout": 5})["events"]
    assert [(e["kind"], e["version"]) for e in woken] == [("turn", view["version"] + 1)]


def test_a_cursor_resumed_after_a_gap_gets_each_game_that_changed_at_its_latest(
    api: LiveServer,
) -> None:
    """A game that changed twice in the gap is told once, with its latest change, after the
    games that changed before it last."""
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    first, second = (new_game(ada, "bo") for _ in range(2))
    for game_id in (first, second):
        bo.ok("POST", f"/games/{game_id}/join")
    start = cursor_now(ada)
    for game_id, text in ((first, "one"), (second, "two"), (first, "three")):
        bo.ok("POST", f"/games/{game_id}/messages", json={"text": text})
    gap = ada.ok("GET", "/me/wait", params={"after": start, "timeout": 5})
    assert [(e["game"], e["kind"], e["message"]) for e in gap["events"]] == [
        (second, "talk", 1),
        (first, "talk", 2),
    ]
    rest = ada.ok("GET", "/me/wait", params={"after": gap["events"][0]["cursor"], "timeout": 5})
    assert rest["events"] == gap["events"][1:]
    assert ada.ok("GET", "/me/wait", params={"after": gap["cursor"], "timeout": 0})["events"] == []
    resent = {"text": "three"}
    headers = {"Idempotency-Key": "k"}
    bo.ok("POST", f"/games/{first}/messages", json=resent, headers=headers)
    bo.ok("POST", f"/games/{first}/messages", json=resent, headers=headers)
    once = ada.ok("GET", "/me/wait", params={"after": gap["cursor"], "timeout": 5})
    assert [e["message"] for e in once["events"]] == [3]  # a resent message is told once


def test_an_expired_cursor_says_so_and_only_then(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    """Three games kept: many changes to one game drop nothing (each replaces the last), and a
    cursor is still good; changes to five games drop two, and a cursor from before is refused
    with the cursor to go on from; the oldest cursor still kept resumes."""
    server = LiveServer(service_config(redis_server.url, events_kept_count=3, talk_per_minute=100))
    try:
        ada, bo = (server.client().register(name) for name in ("ada", "bo"))
        games = [new_game(ada, "bo") for _ in range(5)]
        for game_id in games:
            bo.ok("POST", f"/games/{game_id}/join")
        start = cursor_now(ada)
        for n in range(6):
            bo.ok("POST", f"/games/{games[0]}/messages", json={"text": f"m{n}"})
        kept = ada.ok("GET", "/me/wait", params={"after": start, "timeout": 0})["events"]
        assert [(e["game"], e["message"]) for e in kept] == [(games[0], 6)]
        for game_id in games[1:]:
            bo.ok("POST", f"/games/{game_id}/messages", json={"text": "hello"})
        old = ada.call("GET", "/me/wait", params={"after": start, "timeout": 0})
        assert old.status_code == 410, old.text
        error = old.json()["error"]
        assert error["code"] == "cursor_expired"
        kept = ada.ok("GET", "/me/wait", params={"after": "0", "timeout": 0})["events"]
        assert [e["game"] for e in kept] == games[2:]
        assert error["details"]["cursor"] == kept[-1]["cursor"]
        resumed = ada.ok("GET", "/me/wait", params={"after": kept[0]["cursor"], "timeout": 0})
        assert [e["game"] for e in resumed["events"]] == games[3:]
    finally:
        server.stop()


def test_a_fresh_players_origin_is_fine_and_a_cursor_from_the_future_refused(
    api: LiveServer,
) -> None:
    ada = api.client().register("ada")
    for origin in ("0-0", "0"):
        answer = ada.ok("GET", "/me/wait", params={"after": origin, "timeout": 0})
        assert answer["events"] == [] and answer["cursor"] == origin
    now = cursor_now(ada)
    later = f"{int(now.split('-')[0]) + 3_600_000}-0"
    refused = ada.call("GET", "/me/wait", params={"after": later, "timeout": 0})
    assert refused.status_code == 400, refused.text
    error = refused.json()["error"]
    assert error["code"] == "cursor_from_future"
    assert ada.ok("GET", "/me/wait", params={"after": error["details"]["cursor"], "timeout": 0})


def play_round(clients: dict[str, ApiClient], games: list[str]) -> None:
    """In each game, the player to act makes their first legal move."""
    for game_id in games:
        for client in clients.values():
            view = client.ok("GET", f"/games/{game_id}")
            if view["your_turn"] and view["game"]["status"] == "active":
                text = view["legal_moves"][0]["text"]
                path = f"/games/{game_id}/moves"
                client.ok("POST", path, json={"move": text, "expected_version": view["version"]})
                break


def test_nothing_is_missed_and_what_is_kept_is_flat_in_moves(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """Three games played move by move, Ada asking now and then: at the end, every game whose
    turn is hers was told to her at its latest version; and what her one wait keeps is the
    same after many moves as after a few."""
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    games = [new_game(ada, "bo") for _ in range(3)]
    for game_id in games:
        bo.ok("POST", f"/games/{game_id}/join")
    clients = {"ada": ada, "bo": bo}
    cursor = cursor_now(ada)
    seen: dict[str, dict[str, Any]] = {}
    sizes = []
    for round_number in range(24):
        play_round(clients, games)
        if round_number % 5 in (1, 3):  # now and then, as a script that was busy would
            answer = ada.ok("GET", "/me/wait", params={"after": cursor, "timeout": 0})
            seen |= {event["game"]: event for event in answer["events"]}
            cursor = answer["cursor"]
        if round_number in (3, 23):
            sizes.append(events_memory(redis_client, ada.player["id"]))
    answer = ada.ok("GET", "/me/wait", params={"after": cursor, "timeout": 0})
    seen |= {event["game"]: event for event in answer["events"]}
    for game_id in games:
        view = ada.ok("GET", f"/games/{game_id}")
        if view["your_turn"]:
            event = seen[game_id]
            assert (event["your_turn"], event["version"]) == (True, view["version"]), event
    few, many = sizes
    assert many <= few + 64, sizes  # the numbers in the events grow a digit, not an event a move


def test_a_cursor_that_is_not_one_is_refused(api: LiveServer) -> None:
    ada = api.client().register("ada")
    for bad in ("x", "1-", "-1", "1-2-3", "9" * 20):
        answer = ada.call("GET", "/me/wait", params={"after": bad, "timeout": 0})
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_request"
