"""Playing through the API: a whole lost-cities match, and every refusal leaving the log alone."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import random
from pathlib import Path
from typing import Any

import redis

from server.presenters.games import public_game
from server.runtime.redis_process import RedisProcess
from server.storage import keys
from server.storage.services import Services
from shared.chance import commitment
from shared.engine import Engine
from shared.games import ENGINES
from shared.playout import replay
from tests.api_client import ApiClient
from tests.parts import LiveServer, service_config
from tests.support.games import mover_of, play_moves, play_to_the_end, start_game
from tests.support.livingstone_v1 import GAME as V1_GAME
from tests.support.livingstone_v1 import LOG as V1_LOG
from tests.support.stored import log_length


def test_a_whole_lost_cities_match_through_the_api(api: LiveServer) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=3)
    started = clients[0].ok("GET", f"/games/{game_id}")
    assert started["game"]["status"] == "active" and started["game"]["seed"] is None
    final = play_to_the_end(game_id, clients, random.Random(7))

    game = final["game"]
    seed = game["seed"]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == game["seed_sha256"]
    log = clients[1].ok("GET", f"/games/{game_id}/log")
    assert len(log["entries"]) == final["version"]
    names = [seat["name"] for seat in game["seats"]]
    for entry in log["entries"]:  # the log's texts name the players
        text = entry["text"]
        assert text.startswith(f"{names[entry['seat']]}: ") and "seat " not in text
    engine: Engine[Any] = ENGINES["lost-cities"]
    moves = [(entry["seat"], entry["move"]) for entry in log["entries"]]
    rebuilt = replay(engine, engine.new(2, seed, game["options"]), moves)
    assert engine.result(rebuilt) == game["result"]
    assert sorted(g["id"] for g in clients[0].ok("GET", "/games?mine=finished")["games"]) == [
        game_id
    ]


def test_refused_moves_change_nothing(api: LiveServer, redis_client: redis.Redis) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    view = ada.ok("GET", f"/games/{game_id}")
    mover, waiter = (ada, bo) if view["your_turn"] else (bo, ada)
    view = mover.ok("GET", f"/games/{game_id}")
    legal = view["legal_moves"][0]["text"]
    before = log_length(redis_client, game_id)

    stale = mover.call(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": legal, "expected_version": view["version"] + 1},
    )
    assert stale.status_code == 409
    assert stale.json()["error"]["details"]["current_version"] == view["version"]

    not_yours = waiter.call(
        "POST", f"/games/{game_id}/moves", json={"move": legal, "expected_version": view["version"]}
    )
    assert not_yours.status_code == 422

    nonsense = mover.call(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": "fly to the moon", "expected_version": view["version"]},
    )
    assert nonsense.status_code == 422
    error = nonsense.json()["error"]
    assert error["code"] == "bad_notation" and error["details"]["legal_moves"]

    for body in (
        {"move": {"action": "play", "card": 5}, "expected_version": view["version"]},
        {"move": [], "expected_version": view["version"]},
        {"move": legal, "expected_version": "0"},
        {"move": legal},
    ):
        response = mover.call("POST", f"/games/{game_id}/moves", json=body)
        assert response.status_code in (400, 422), response.text

    outsider = api.client().register("cy")
    assert outsider.call("GET", f"/games/{game_id}").status_code == 403
    assert (
        outsider.call(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": legal, "expected_version": view["version"]},
        ).status_code
        == 403
    )
    assert outsider.call("GET", f"/games/{game_id}/log").status_code == 403
    assert api.client("wrong").call("GET", f"/games/{game_id}").status_code == 401
    assert mover.call("GET", "/games/nope").status_code == 404
    assert log_length(redis_client, game_id) == before


def test_idempotent_retry_moves_once(api: LiveServer, redis_client: redis.Redis) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    seat, view = mover_of(game_id, clients)
    body = {
        "move": view["legal_moves"][0]["text"],
        "expected_version": view["version"],
    }
    headers = {"Idempotency-Key": "retry-me"}
    first = clients[seat].ok("POST", f"/games/{game_id}/moves", json=body, headers=headers)
    again = clients[seat].ok("POST", f"/games/{game_id}/moves", json=body, headers=headers)
    assert first == again
    assert log_length(redis_client, game_id) == 1


def test_bad_game_creation_is_refused(api: LiveServer, redis_client: redis.Redis) -> None:
    ada = api.client().register("ada")
    cases = [
        ({"type": "chess"}, "unknown_game_type"),
        ({"type": "lost-cities", "options": {"rounds": 7}}, "bad_options"),
        ({"type": "lost-cities", "options": {"colour": 6}}, "bad_options"),
        ({"type": "lost-cities", "seats": 3}, "bad_options"),
        ({"type": "lost-cities", "invite": ["nobody"]}, "unknown_player"),
        ({"type": "lost-cities", "extra": 1}, "invalid_request"),
    ]
    for body, code in cases:
        response = ada.call("POST", "/games", json=body)
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == code
    assert not list(redis_client.scan_iter(match="{g:*"))


def views_from(server: LiveServer, game_id: str, clients: list[ApiClient]) -> list[Any]:
    return [ApiClient(server.url, c.token).ok("GET", f"/games/{game_id}") for c in clients]


def test_held_states_and_snapshots_are_only_caches(
    api: LiveServer, holding_none: LiveServer, redis_client: redis.Redis
) -> None:
    """The same views from a state held in memory, from the snapshot, and from the whole log."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    play_moves(game_id, clients, 21, random.Random(3))
    assert redis_client.exists(keys.game(game_id, "snap"))
    cached = views_from(api, game_id, clients)
    assert views_from(holding_none, game_id, clients) == cached
    redis_client.delete(keys.game(game_id, "snap"))
    assert views_from(holding_none, game_id, clients) == cached


class Planted:
    """A pickle that makes a directory when it is loaded: code, not an engine state."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return os.mkdir, (str(self.path),)


def test_a_snapshot_naming_anything_but_engine_states_is_never_run(
    api: LiveServer, holding_none: LiveServer, redis_client: redis.Redis, tmp_path: Path
) -> None:
    """Whoever can write to Redis must not be able to run code on the web processes through a
    snapshot: the state is replayed instead, and the game is shown as it is."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    play_moves(game_id, clients, 6, random.Random(3))
    shown = views_from(api, game_id, clients)
    snap = keys.game(game_id, "snap")
    assert redis_client.hget(snap, "version") == b"4"
    redis_client.hset(snap, "state", pickle.dumps(Planted(tmp_path / "ran")))
    assert views_from(holding_none, game_id, clients) == shown
    assert not (tmp_path / "ran").exists()


def test_a_held_state_is_dropped_when_redis_lost_the_move_it_follows(
    api: LiveServer, holding_none: LiveServer, redis_client: redis.Redis
) -> None:
    """Redis acknowledged a move and then lost it (a failover to a replica that had not caught
    up), and another move took its place in the log: the process that held the state after the
    lost move must not build on it, to show the game or to make the next move."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    play_moves(game_id, clients, 5, random.Random(4))
    game_keys = [keys.game(game_id, part) for part in ("meta", "log", "snap")]
    before_the_move = {key: redis_client.dump(key) for key in game_keys}
    view = next(v for v in views_from(api, game_id, clients) if v["your_turn"])
    mover = clients[view["seat"]]
    lost, instead = view["legal_moves"][0]["text"], view["legal_moves"][-1]["text"]
    assert lost != instead
    moved = {"expected_version": view["version"]}
    mover.ok("POST", f"/games/{game_id}/moves", json={**moved, "move": lost})
    for key, dumped in before_the_move.items():
        redis_client.delete(key)
        if dumped is not None:
            redis_client.restore(key, 0, dumped)
    ApiClient(holding_none.url, mover.token).ok(
        "POST", f"/games/{game_id}/moves", json={**moved, "move": instead}
    )
    # A move sent to that process against the new version, which is also the version it holds
    # (with the lost move in it), is made on the state of the log as it is.
    next_view = next(v for v in views_from(holding_none, game_id, clients) if v["your_turn"])
    ApiClient(api.url, clients[next_view["seat"]].token).ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": next_view["legal_moves"][0]["text"], "expected_version": view["version"] + 1},
    )
    assert views_from(api, game_id, clients) == views_from(holding_none, game_id, clients)


def test_wait_returns_when_the_game_moves(api: LiveServer) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    seat, view = mover_of(game_id, clients)
    idle = clients[1 - seat].ok("GET", f"/games/{game_id}/wait?version=0&timeout=0")
    assert idle["changed"] is False
    clients[seat].ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": view["legal_moves"][0]["text"], "expected_version": 0},
    )
    moved = clients[1 - seat].ok("GET", f"/games/{game_id}/wait?version=0&timeout=5")
    assert moved["changed"] is True and moved["your_turn"] is True


def test_resigning_ends_a_two_player_game(api: LiveServer) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    finished = ada.ok("POST", f"/games/{game_id}/resign")
    assert finished["game"]["status"] == "finished"
    assert finished["game"]["result"]["winners"] == [1]
    assert bo.call("POST", f"/games/{game_id}/resign").status_code == 409


def test_whole_three_player_games_of_the_other_types(api: LiveServer) -> None:
    """The service holds no game-specific code: the dice game (simultaneous choices) and
    Livingstone (turns of several steps) play to their end the same way."""
    for number, type_id in enumerate(("lost-cities-dice", "livingstone")):
        names = [f"p{number}a", f"p{number}b", f"p{number}c"]
        game_id, clients = start_game(api, type_id, players=3, names=names)
        final = play_to_the_end(game_id, clients, random.Random(number))
        result = final["game"]["result"]
        assert len(result["scores"]) == 3
        log = clients[2].ok("GET", f"/games/{game_id}/log")["entries"]
        engine = ENGINES[type_id]
        moves = [(entry["seat"], entry["move"]) for entry in log]
        options = final["game"]["options"]
        rebuilt = replay(engine, engine.new(3, final["game"]["seed"], options), moves)
        assert engine.result(rebuilt) == result


def test_simultaneous_choices_may_come_in_any_order(api: LiveServer) -> None:
    """Another player's hidden choice moves the version on but changes nothing this player
    sees, so a choice sent against the earlier version is still taken."""
    game_id, clients = start_game(api, "lost-cities-dice", players=3)
    views = [c.ok("GET", f"/games/{game_id}") for c in clients]
    active = next(i for i, v in enumerate(views) if v["your_turn"])
    clients[active].ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": "refuse", "expected_version": views[active]["version"]},
    )
    views = [c.ok("GET", f"/games/{game_id}") for c in clients]
    first, second = [i for i, v in enumerate(views) if v["your_turn"]]
    seen = views[second]["version"]
    clients[first].ok(
        "POST", f"/games/{game_id}/moves", json={"move": "refuse", "expected_version": seen}
    )
    late = clients[second].ok(
        "POST", f"/games/{game_id}/moves", json={"move": "refuse", "expected_version": seen}
    )
    assert late["version"] == seen + 2


def test_a_stale_version_is_refused_when_the_view_changed(api: LiveServer) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    seat, view = mover_of(game_id, clients)
    clients[seat].ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": view["legal_moves"][0]["text"], "expected_version": 0},
    )
    other = clients[1 - seat].call(
        "POST",
        f"/games/{game_id}/moves",
        json={
            "move": clients[1 - seat].ok("GET", f"/games/{game_id}")["legal_moves"][0]["text"],
            "expected_version": 0,
        },
    )
    assert other.status_code == 409


def test_a_turn_of_several_steps_is_one_atomic_batch(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """Livingstone turns are steps; `a; b; c` applies all of them or none."""
    game_id, clients = start_game(api, "livingstone", players=2)
    seat, view = mover_of(game_id, clients)
    client, version = clients[seat], view["version"]
    takes = [m["text"] for m in view["legal_moves"] if m["text"].startswith("take")]

    refused = client.call(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": f"{takes[0]}; sell purple; end", "expected_version": version},
    )
    assert refused.status_code == 422
    assert refused.json()["error"]["details"]["step"] == 2
    assert log_length(redis_client, game_id) == version

    for take in (take for take in takes if take.endswith(("thalers", "tent"))):
        answer = client.call(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": f"{take}; end", "expected_version": version},
        )
        if answer.status_code == 200:
            assert answer.json()["version"] == version + 2
            assert len(answer.json()["applied"]) == 2
            assert "untried" not in answer.json()
            return
        assert log_length(redis_client, game_id) == version
    raise AssertionError("no die action could be followed by `end`")


def test_a_batch_ends_at_a_draw_and_hands_back_the_rest(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """`take N card; play no-cost-tent; donate 0` could once name the deck's top card by which
    step was refused. Now the draw is made and the rest handed back untried, whatever was drawn;
    the log holds the draw alone."""
    game_id, clients = start_game(api, "livingstone", players=2)
    seat, view = mover_of(game_id, clients)
    client, version = clients[seat], view["version"]
    take = next(m["text"] for m in view["legal_moves"] if m["text"].endswith("card"))
    answer = client.ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": f"{take}; play no-cost-tent; donate 0", "expected_version": version},
    )
    assert answer["version"] == version + 1 == log_length(redis_client, game_id)
    assert len(answer["applied"]) == 1
    untried = answer["untried"]
    assert untried["after_step"] == 1
    assert untried["steps"] == [
        {"action": "play", "card": "no-cost-tent"},
        {"action": "donate", "amount": 0},
    ]
    assert "not tried" in untried["message"]


def test_an_earlier_version_is_rebuilt_from_the_snapshot_as_from_the_start(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    """The game as it was at an earlier version (what notices, move clocks and late
    simultaneous choices read) is the same built on the snapshot as replayed from the start."""
    services = Services.build(service_config(redis_server.url), redis_client)
    games = services.games
    players = [services.players.register(n, f"{n}@example.org", "UTC")[0] for n in ("ed", "flo")]
    game = games.seating.create(players[0], "lost-cities", 2, {"rounds": 1}, ["flo"])
    games.seating.join(players[1], game.id)
    rnd = random.Random(5)
    for _ in range(23):
        game = games.loading.load(game.id)
        (seat,) = game.engine.to_act(game.state)
        move = rnd.choice(game.engine.legal_moves(game.state, seat))
        games.moving.submit(players[seat], game.id, move, game.version)
    game = games.loading.load(game.id)
    snapshot = games.loading.kept.snapshot(game.id)
    assert snapshot is not None and 0 < snapshot[0] < game.version
    log = games.loading.log_raw(game.id)
    engine, options = game.engine, dict(game.record.options)
    for version in range(game.version + 1):
        start = engine.new(2, game.record.seed, options)
        moves = [(entry["seat"], entry["move"]) for entry in map(json.loads, log[:version])]
        assert games.loading.at_version(game, version, log).state == replay(engine, start, moves)


def test_a_game_keeps_the_rules_version_it_was_created_with(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    """A stored Livingstone game whose meta says version 1 (one made before the rules were
    read as printed) plays on and replays from its log by version 1, while a game made now
    records and plays the current version."""
    services = Services.build(service_config(redis_server.url), redis_client)
    games = services.games
    names = ("gus", "hal", "ivy")
    players = [services.players.register(n, f"{n}@example.org", "UTC")[0] for n in names]
    game = games.seating.create(players[0], "livingstone", 3, {}, list(names[1:]))
    for player in players[1:]:
        games.seating.join(player, game.id)
    seed = V1_GAME["seed"]  # the deal the recorded game was played from, once every seat is in
    redis_client.hset(
        keys.game(game.id, "meta"),
        mapping={"seed": seed, "commitment": commitment(seed), "engine_version": "1"},
    )
    games = Services.build(service_config(redis_server.url), redis_client).games
    for version, (seat, move) in enumerate(V1_LOG):
        games.moving.submit(players[seat], game.id, move, version)
    final = V1_GAME["final"]
    redis_client.delete(keys.game(game.id, "snap"))
    fresh = Services.build(service_config(redis_server.url), redis_client).games
    for state in (games.loading.load(game.id).state, fresh.loading.load(game.id).state):
        assert state.version == 1
        assert [list(state.bag), list(state.set_aside), list(state.deck)] == [
            final["bag"],
            final["set_aside"],
            final["deck"],
        ]
    assert (
        public_game(fresh.loading.load(game.id).record, None)["result"] == final["view"]["result"]
    )
    now = games.seating.create(players[0], "livingstone", 2, {}, [names[1]])
    games.seating.join(players[1], now.id)
    assert now.record.engine_version == ENGINES["livingstone"].version
    assert games.loading.load(now.id).state.version == ENGINES["livingstone"].version
