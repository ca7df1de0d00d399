"""Many clients at once: exactly one move per version, and idempotent retries apply once."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import redis

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import mover_of, start_game
from tests.support.stored import log_length, replayed_log

RACERS = 50


def test_racing_moves_on_one_version_apply_exactly_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    rnd = random.Random(11)
    for _ in range(6):
        seat, view = mover_of(game_id, clients)
        view = view
        moves = [rnd.choice(view["legal_moves"])["text"] for _ in range(RACERS)]
        mover = clients[seat]

        def send(text: str, version: int = view["version"], mover: ApiClient = mover) -> int:
            body = {"move": text, "expected_version": version}
            return mover.call("POST", f"/games/{game_id}/moves", json=body).status_code

        with ThreadPoolExecutor(RACERS) as pool:
            statuses = list(pool.map(send, moves))
        assert statuses.count(200) == 1, statuses
        assert statuses.count(409) == RACERS - 1
        assert log_length(redis_client, game_id) == view["version"] + 1
    log = clients[0].ok("GET", f"/games/{game_id}/log")["entries"]
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))


def test_racing_retries_of_one_request_apply_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    seat, view = mover_of(game_id, clients)
    body = {"move": view["legal_moves"][0]["text"], "expected_version": 0}

    def retry(_: int) -> dict[str, object]:
        response = clients[seat].call(
            "POST", f"/games/{game_id}/moves", json=body, headers={"Idempotency-Key": "k1"}
        )
        assert response.status_code == 200, response.text
        answer: dict[str, object] = response.json()
        return answer

    with ThreadPoolExecutor(RACERS) as pool:
        answers = list(pool.map(retry, range(RACERS)))
    assert all(answer == answers[0] for answer in answers)
    assert log_length(redis_client, game_id) == 1


def test_racing_clients_on_games_of_every_type_keep_every_log_whole(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """RACERS threads, each a player of one of three games (one of each type), read the game and
    send a legal move for the version they saw, a third of them twice with the same key. Every
    answer is 200 or 409; a resend gets the first answer back; each key that won is in the log
    once (so the log is as long as their applied steps together), and every log replays."""
    games = [
        start_game(api, "lost-cities", 2, ["la", "lb"], rounds=1),
        start_game(api, "lost-cities-dice", 3, ["da", "db", "dc"]),
        start_game(api, "livingstone", 3, ["va", "vb", "vc"]),
    ]
    won: dict[str, int] = {}  # idempotency key -> steps applied

    def race(racer: int) -> list[int]:
        game_id, players = games[racer % len(games)]
        seat = racer // len(games) % len(players)
        client = ApiClient(api.url, players[seat].token)
        rnd = random.Random(racer)
        statuses = []
        for attempt in range(4):
            view = client.ok("GET", f"/games/{game_id}")
            if not view["legal_moves"]:
                continue
            key = f"{racer}:{attempt}"
            body = {
                "move": rnd.choice(view["legal_moves"])["text"],
                "expected_version": view["version"],
            }
            sends = 2 if racer % 3 == 0 else 1
            answers = [
                client.call(
                    "POST", f"/games/{game_id}/moves", json=body, headers={"Idempotency-Key": key}
                )
                for _ in range(sends)
            ]
            statuses += [answer.status_code for answer in answers]
            if answers[0].status_code == 200:
                assert all(answer.json() == answers[0].json() for answer in answers)
                won[key] = len(answers[0].json()["applied"])
        return statuses

    with ThreadPoolExecutor(RACERS) as pool:
        statuses = [status for run in pool.map(race, range(RACERS)) for status in run]
    assert set(statuses) <= {200, 409} and 409 in statuses
    total = sum(len(replayed_log(redis_client, game_id)) for game_id, _ in games)
    assert total == sum(won.values()) > len(games)


def test_racing_registrations_of_one_name(api: LiveServer, redis_client: redis.Redis) -> None:
    """The name is claimed last (SET NX): one racer gets it, and the others' profiles,
    written before the claim, are taken back."""

    def register(_: int) -> int:
        body = {"name": "ada", "email": "ada@example.org"}
        return api.client().call("POST", "/players", json=body).status_code

    with ThreadPoolExecutor(RACERS) as pool:
        statuses = list(pool.map(register, range(RACERS)))
    assert sorted(statuses) == [201] + [409] * (RACERS - 1)
    assert len(list(redis_client.scan_iter(match="{p:*}:profile"))) == 1
