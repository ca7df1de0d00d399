"""Lists in pages: a player's games, the lobby, a player's record and table talk each come a
page at a time (`limit`, `cursor`; `next` in the body and a `Link` header), every game met once
and in order while others change, and a bad limit or cursor refused with nothing changed."""

from __future__ import annotations

import time
from typing import Any

import redis
import requests

from server.domain.games.lists import MAX_LIMIT, Position
from server.storage.ranges import Ranges
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.stored import stored

API = "/api/v1"


def pages(
    client: ApiClient, path: str, key: str, between: Any = None
) -> tuple[list[dict[str, Any]], list[requests.Response]]:
    """Every item of a list, page by page through its `Link` headers, and the answers;
    `between(n)` runs after page n."""
    items: list[dict[str, Any]] = []
    answers: list[requests.Response] = []
    while True:
        answer = client.call("GET", path)
        assert answer.status_code == 200, answer.text
        answers.append(answer)
        body = answer.json()
        items.extend(body[key])
        link = answer.headers.get("Link")
        if body["next"] is None:
            assert link is None
            return items, answers
        assert link is not None and link.endswith('>; rel="next"'), link
        target = link[1 : -len('>; rel="next"')]
        assert target.startswith(API) and f"cursor={body['next']}" in target
        path = target[len(API) :]
        if between is not None:
            between(len(answers))


def test_paging_through_many_games_meets_each_once_newest_first(api: LiveServer) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    games = [
        ada.ok("POST", "/games", json={"type": "lost-cities", "public": i % 3 == 0})["game"]
        for i in range(260)
    ]
    # A list's order: by creation (a time in seconds), games made in one second by their ids.
    made = [game["id"] for game in sorted(games, key=lambda game: (game["created"], game["id"]))]
    public = {game["id"] for game in games[::3]}
    newest_first = made[::-1]
    later: list[dict[str, Any]] = []
    # Games made in the second of a page's last one sort by id around it, so one made later
    # may come on a later page; this test's later games are made in a later second.
    time.sleep(max(0.0, games[-1]["created"] + 1 - time.time()))

    on_page = [
        [game_id for game_id in newest_first[k : k + 100] if game_id in public] for k in (100, 200)
    ]
    started, cancelled = [on_page[0][5], on_page[1][5]], on_page[1][-1]  # public ones

    def meanwhile(page: int) -> None:
        """Games change and come and go between pages: none is met twice or passed over."""
        later.append(ada.ok("POST", "/games", json={"type": "lost-cities"})["game"])
        bo.ok("POST", f"/games/{started[page - 1]}/join")  # open becomes active
        if page == 1:
            ada.ok("POST", f"/games/{cancelled}/cancel")  # open becomes cancelled

    listed, answers = pages(ada, "/games?limit=100", "games", meanwhile)
    assert [game["id"] for game in listed] == newest_first  # the later ones: before page one
    assert [len(answer.json()["games"]) for answer in answers] == [100, 100, 60]
    assert not {game["id"] for game in later} & {game["id"] for game in listed}

    opened, _ = pages(ada, "/games?mine=open&limit=37", "games")
    gone = {*started, cancelled}
    every = sorted([*games, *later], key=lambda game: (game["created"], game["id"]), reverse=True)
    assert [game["id"] for game in opened] == [g["id"] for g in every if g["id"] not in gone]
    assert all(game["status"] == "open" and game["seat"] == 0 for game in opened)
    active, _ = pages(bo, "/games?mine=active&limit=1", "games")
    assert [game["id"] for game in active] == started
    first = ada.ok("GET", "/games")
    assert len(first["games"]) == 50 and first["next"] is not None  # the default limit

    lobby, answers = pages(bo, "/games?open=public&limit=20", "games")
    assert [game["id"] for game in lobby] == [
        game_id for game_id in made if game_id in public and game_id not in gone
    ]  # oldest first
    assert all(answer.json()["games"] for answer in answers)


def test_a_bad_limit_or_cursor_is_refused_and_changes_nothing(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    ada = api.client().register("ada")
    for _ in range(3):
        ada.ok("POST", "/games", json={"type": "lost-cities", "public": True})
    lobby_cursor = ada.ok("GET", "/games?open=public&limit=1")["next"]
    games_cursor = ada.ok("GET", "/games?limit=1")["next"]
    before = stored(redis_client)
    for path in ("/games", "/games?open=public", "/players/ada"):
        for limit in ("0", str(MAX_LIMIT + 1), "-1", "²", "١٢", "1.0", " 5", "5_0", "x", ""):
            answer = ada.call("GET", path, params={"limit": limit})
            assert answer.status_code == 400, (path, limit, answer.text)
            assert answer.json()["error"]["code"] == "invalid_request"
        foreign = games_cursor if "open" in path else lobby_cursor  # another list's
        for cursor in ("!", "abc", "Z2FtZXM6eDp5", games_cursor + "A", "a" * 81, foreign):
            answer = ada.call("GET", path, params={"cursor": cursor})
            assert answer.status_code == 400, (path, cursor, answer.text)
            assert answer.json()["error"]["code"] in ("bad_cursor", "invalid_request")
    refused = ada.call("GET", "/games", params={"cursor": lobby_cursor})  # another list's
    assert refused.json()["error"]["code"] == "bad_cursor"
    assert ada.call("GET", "/players/ada", params={"cursor": games_cursor}).status_code == 400
    assert ada.ok("GET", f"/games?limit={MAX_LIMIT}")["next"] is None
    assert stored(redis_client) == before


def test_a_players_record_pages_their_finished_games(api: LiveServer) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    finished = []
    for _ in range(12):
        game = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})["game"]
        bo.ok("POST", f"/games/{game['id']}/join")
        ada.ok("POST", f"/games/{game['id']}/resign")
        finished.append((game["created"], game["id"]))
    ada.ok("POST", "/games", json={"type": "lost-cities"})  # open: not on the record
    played, answers = pages(bo, "/players/ada?limit=5", "games")
    assert [game["id"] for game in played] == [game_id for _, game_id in sorted(finished)[::-1]]
    assert [len(answer.json()["games"]) for answer in answers] == [5, 5, 2]
    assert all(answer.json()["records"] == answers[0].json()["records"] for answer in answers)


def test_table_talk_comes_in_pages(api: LiveServer) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    for number in range(10):
        clients[number % 2].ok("POST", f"/games/{game_id}/messages", json={"text": f"m{number}"})
    said, answers = pages(clients[0], f"/games/{game_id}/messages?limit=3", "messages")
    assert [message["text"] for message in said] == [f"m{number}" for number in range(10)]
    assert [message["number"] for message in said] == list(range(1, 11))
    assert len(answers) == 4
    last, _ = pages(clients[1], f"/games/{game_id}/messages?last=4&limit=3", "messages")
    assert [message["number"] for message in last] == [7, 8, 9, 10]
    since, _ = pages(clients[1], f"/games/{game_id}/messages?since=8", "messages")
    assert [message["number"] for message in since] == [9, 10]
    refused = clients[0].call("GET", f"/games/{game_id}/messages", params={"limit": "٣"})
    assert refused.status_code == 400
    lobby = clients[0].ok("GET", "/games?open=public&limit=1")["next"]
    refused = clients[0].call("GET", f"/games/{game_id}/messages", params={"cursor": lobby or "x"})
    assert refused.status_code == 400


def test_a_page_after_a_game_gone_from_its_index_starts_where_it_was(
    redis_client: redis.Redis,
) -> None:
    """The range read by position, on Redis itself: games of one second ordered by id, and a
    page whose last game has left the index (declined) followed from where that game was."""
    ranges = Ranges(redis_client)
    scored = {f"{n:024x}": 100 + n // 4 for n in range(12)}  # four games a second
    redis_client.zadd("index", scored)
    for newest_first in (True, False):
        order = sorted(scored, key=lambda game: (scored[game], game), reverse=newest_first)
        met: list[str] = []
        after: Position | None = None
        while page := ranges.after("index", after, 5, newest_first):
            met.extend(place.id for place in page)
            after = page[-1]
            redis_client.zrem("index", after.id)  # gone before the next page is read
        assert met == order
        redis_client.zadd("index", scored)
    gone = Position(101, f"{5:024x}")
    redis_client.zrem("index", gone.id)
    assert [p.id for p in ranges.after("index", gone, 3, True)] == [f"{n:024x}" for n in (4, 3, 2)]
    assert [p.id for p in ranges.after("index", gone, 3, False)] == [f"{n:024x}" for n in (6, 7, 8)]
