"""Records and ratings: the worker counts each finished game once in its players' standings,
however often its jobs run and in whatever order; the leaderboard follows the ratings; games
whose chance was fixed count in the records but not in the ratings."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import redis

from server.notify import plan as planning
from server.storage.games.standings import key
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.jobs import Mail


def finished_game(creator: ApiClient, other: ApiClient, loser: ApiClient, **options: object) -> str:
    """A game of lost-cities between the two, ended by `loser` resigning."""
    body = {"type": "lost-cities", "invite": [other.player["name"]], "options": options}
    game_id = creator.ok("POST", "/games", json=body)["game"]["id"]
    other.ok("POST", f"/games/{game_id}/join")
    loser.ok("POST", f"/games/{game_id}/resign")
    return str(game_id)


def test_each_finished_game_counts_once_and_the_board_follows_the_ratings(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    ada, bo, cy = (api.client().register(name) for name in ("ada", "bo", "cy"))
    games = [
        finished_game(ada, bo, bo),
        finished_game(bo, cy, cy),
        finished_game(ada, cy, cy),
        finished_game(cy, ada, ada, first_player=0),  # chance fixed: unrated
    ]
    mail.run()
    for game_id in games:  # duplicate jobs, one after the other and at once
        planning.plan(mail.ctx, game_id)
        game = mail.ctx.games.loading.load(game_id)
        with ThreadPoolExecutor(4) as pool:
            outcomes = set(pool.map(mail.ctx.standings.settle, [game] * 4))
        assert outcomes == {"settled before"}
    mail.run()

    records = {c.player["name"]: c.ok("GET", f"/players/{c.player['name']}") for c in (ada, bo, cy)}
    lost_cities = {name: r["records"]["lost-cities"] for name, r in records.items()}
    counts = {n: (s["played"], s["won"], s["lost"], s["resigned"]) for n, s in lost_cities.items()}
    assert counts == {"ada": (3, 2, 1, 1), "bo": (2, 1, 1, 1), "cy": (3, 1, 2, 2)}
    assert {name: s["rating"]["rated_games"] for name, s in lost_cities.items()} == {
        "ada": 2,
        "bo": 2,
        "cy": 2,
    }
    assert all(s["rating"]["sigma"] < 25 / 3 for s in lost_cities.values())
    board = ada.ok("GET", "/game-types/lost-cities/leaderboard")["players"]
    assert [p["name"] for p in board] == ["ada", "bo", "cy"]
    ordinals = [p["rating"]["ordinal"] for p in board]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [p["rank"] for p in board] == [1, 2, 3]
    assert redis_client.scard(key("lost-cities", "settled")) == 4

    history = records["cy"]["games"]
    assert {g["id"] for g in history} == set(games[1:])
    (won,) = [g for g in history if g["won"]]
    assert won["opponents"] == ["ada"] and set(won["scores"]) == {"cy", "ada"}

    unknown = ada.call("GET", "/players/nobody")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "not_found"
    bad = ada.call("GET", "/game-types/chess/leaderboard")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "unknown_game_type"
    assert ada.ok("GET", "/game-types/livingstone/leaderboard")["players"] == []


def test_two_games_with_a_player_in_common_settled_at_once_both_count(
    api: LiveServer, mail: Mail
) -> None:
    ada, bo, cy = (api.client().register(name) for name in ("ada", "bo", "cy"))
    games = [finished_game(ada, bo, bo) for _ in range(3)] + [
        finished_game(ada, cy, cy) for _ in range(3)
    ]
    loaded = [mail.ctx.games.loading.load(game_id) for game_id in games]
    with ThreadPoolExecutor(6) as pool:
        outcomes = list(pool.map(mail.ctx.standings.settle, loaded * 2))
    assert sorted(outcomes) == ["settled"] * 6 + ["settled before"] * 6
    standing = ada.ok("GET", "/players/ada")["records"]["lost-cities"]
    assert (standing["played"], standing["won"], standing["rating"]["rated_games"]) == (6, 6, 6)
