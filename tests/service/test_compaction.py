"""A finished game in compact form (`server.storage.games.archive`): a few kilobytes of Redis, read
through the API exactly as before, and a resend of any of its moves still gets its first answer."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import redis

from server.storage import keys
from server.storage.games.game_store import RedisGameStore
from server.storage.games.safe_writes import Confirmation
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import refused
from tests.support.games import start_game
from tests.support.stored import events_memory, game_keys, games_of, stored

TARGET = 4 * 1024
"""Redis memory a finished 3-game match may keep, its players' events for their one wait
included (docs/performance.md)."""

Sent = tuple[ApiClient, dict[str, Any], dict[str, Any]]
"""A move as sent (the client, the request's body) and its answer."""


def send(client: ApiClient, game_id: str, body: dict[str, Any], key: str) -> Any:
    return client.call(
        "POST", f"/games/{game_id}/moves", json=body, headers={"Idempotency-Key": key}
    )


def play_with_keys(game_id: str, clients: list[ApiClient], rnd: random.Random) -> list[Sent]:
    """The game to its end, each move sent with a key of its own as the command line sends
    them; returns every move sent and its answer."""
    sent: list[Sent] = []
    while True:
        views = [client.ok("GET", f"/games/{game_id}") for client in clients]
        if views[0]["game"]["status"] == "finished":
            return sent
        seat = rnd.choice([i for i, view in enumerate(views) if view["your_turn"]])
        body = {
            "move": rnd.choice(views[seat]["legal_moves"])["text"],
            "expected_version": views[seat]["version"],
        }
        answer = send(clients[seat], game_id, body, f"move-{len(sent)}")
        assert answer.status_code == 200, answer.text
        sent.append((clients[seat], body, answer.json()))


def first_move(game_id: str, clients: list[ApiClient], key: str) -> Sent:
    """The first legal move of whoever's turn it is, sent with `key`."""
    mover = next(c for c in clients if c.ok("GET", f"/games/{game_id}")["your_turn"])
    view = mover.ok("GET", f"/games/{game_id}")
    body = {"move": view["legal_moves"][0]["text"], "expected_version": view["version"]}
    answer = send(mover, game_id, body, key)
    assert answer.status_code == 200, answer.text
    return mover, body, answer.json()


def seen(server: LiveServer, game_id: str, clients: list[ApiClient]) -> list[Any]:
    """Everything each player reads of the game through `server`: view, log, listing."""
    readers = [server.client(client.token) for client in clients]
    return [
        [
            reader.ok("GET", f"/games/{game_id}"),
            reader.ok("GET", f"/games/{game_id}/log"),
            reader.ok("GET", f"/games/{game_id}/log?since=7"),
            reader.ok("GET", "/games?mine=finished"),
        ]
        for reader in readers
    ]


def test_a_finished_match_is_kept_in_a_few_kilobytes_and_reads_as_before(
    api: LiveServer, holding_none: LiveServer, redis_client: redis.Redis
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=3)
    sent = play_with_keys(game_id, clients, random.Random(3))
    before = seen(api, game_id, clients)
    assert set(game_keys(redis_client, game_id)) == {"meta", "log", "snap", "requests"}

    assert games_of(api).loading.compact(game_id)
    kept = game_keys(redis_client, game_id)
    assert set(kept) == {"meta", "archive"}
    events = sum(events_memory(redis_client, client.player["id"]) for client in clients)
    assert sum(kept.values()) + events <= TARGET, (kept, events)
    # A process that held the game's last state, and one that holds none and so rebuilds the
    # whole log from the archive, show the same as the plain form did.
    assert seen(api, game_id, clients) == before
    assert seen(holding_none, game_id, clients) == before
    assert games_of(api).loading.compact(game_id) is False  # once is enough

    for number in (0, 1, len(sent) // 2, len(sent) - 1):
        client, body, answer = sent[number]
        for server in (api, holding_none):
            again = send(server.client(client.token), game_id, body, f"move-{number}")
            assert again.status_code == 200 and again.json() == answer
    # Any other request in a finished game is refused as game over, and changes nothing.
    client, body, _ = sent[0]
    unchanged = stored(redis_client)
    refused(send(client, game_id, body, "a new key"), 409, "game_over")
    other = {**body, "move": sent[2][1]["move"]}
    refused(send(client, game_id, other, "move-0"), 409, "game_over")
    assert stored(redis_client) == unchanged


def test_a_game_that_would_not_come_back_whole_stays_plain(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """An entry whose event the rules now make otherwise (older code wrote it, say) would
    change the game's history if it were made again: the game is left as it is."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    for number in range(4):
        first_move(game_id, clients, f"move-{number}")
    clients[0].ok("POST", f"/games/{game_id}/resign")
    log_key = keys.game(game_id, "log")
    entry = json.loads(redis_client.lindex(log_key, 1) or b"")
    entry["event"]["worded"] = "otherwise"
    redis_client.lset(log_key, 1, json.dumps(entry, separators=(",", ":")))
    unchanged = stored(redis_client)
    shown = clients[1].ok("GET", f"/games/{game_id}/log")

    assert games_of(api).loading.compact(game_id) is False
    assert stored(redis_client) == unchanged
    assert clients[1].ok("GET", f"/games/{game_id}/log") == shown


@pytest.mark.parametrize("form", ["plain", "compacted"])
def test_a_resend_is_answered_only_once_its_move_is_safe(
    api: LiveServer, redis_client: redis.Redis, form: str
) -> None:
    """With a confirmation (WAIT/WAITAOF), the first answer goes out again only once the move
    is as safe as a new one would be: here no replica ever has it, so the resend gets 503."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    mover, body, first = first_move(game_id, clients, "once")
    if form == "compacted":
        clients[0].ok("POST", f"/games/{game_id}/resign")
        assert games_of(api).loading.compact(game_id)
    store = games_of(api).loading.store  # the app's own, its confirmation changed a while
    assert isinstance(store, RedisGameStore)
    unconfirmed = store.confirm
    for replicas, safe in ((0, True), (1, False)):
        store.confirm = Confirmation("WAIT", (replicas,))
        try:
            again = send(mover, game_id, body, "once")
        finally:
            store.confirm = unconfirmed
        if safe:
            assert again.status_code == 200 and again.json() == first
        else:
            refused(again, 503, "unavailable")
    if form == "compacted":  # a request that is no resend waits for nothing
        store.confirm = Confirmation("WAIT", (1,))
        try:
            refused(send(mover, game_id, body, "another key"), 409, "game_over")
        finally:
            store.confirm = unconfirmed


def resign_all(game_id: str, clients: list[ApiClient]) -> None:
    """The game ends, each player resigning in turn until it does."""
    for client in clients:
        if client.ok("GET", f"/games/{game_id}")["game"]["status"] == "finished":
            return
        client.ok("POST", f"/games/{game_id}/resign")


def test_late_choices_and_batches_cut_short_get_their_first_answers_once_compacted(
    api: LiveServer, holding_none: LiveServer
) -> None:
    """A choice sent against a version that another player's choice moved on from is made at
    a later one, and found again from the version it was sent against; a batch that ended at
    a draw hands back its untried steps again."""
    game_id, clients = start_game(api, "lost-cities-dice", players=3)
    sent = [first_move(game_id, clients, "opening")]
    views = [c.ok("GET", f"/games/{game_id}") for c in clients]
    first, second = [clients[i] for i, view in enumerate(views) if view["your_turn"]]
    body = {"move": "refuse", "expected_version": views[0]["version"]}
    for chooser, key in ((first, "early"), (second, "late")):
        answer = send(chooser, game_id, body, key)
        assert answer.status_code == 200, answer.text
        sent.append((chooser, body, answer.json()))
    assert sent[-1][2]["version"] == body["expected_version"] + 2
    cut_game, cut_clients = start_game(api, "livingstone", names=["ed", "flo"])
    mover = next(c for c in cut_clients if c.ok("GET", f"/games/{cut_game}")["your_turn"])
    view = mover.ok("GET", f"/games/{cut_game}")
    take = next(m["text"] for m in view["legal_moves"] if m["text"].endswith("card"))
    cut = {"move": f"{take}; play no-cost-tent; donate 0", "expected_version": view["version"]}
    answer = send(mover, cut_game, cut, "cut short")
    assert answer.status_code == 200 and "untried" in answer.json()

    for game, players in ((game_id, clients), (cut_game, cut_clients)):
        resign_all(game, players)
        assert games_of(api).loading.compact(game)
    for server in (api, holding_none):
        for (client, request, first_answer), key in zip(
            sent, ("opening", "early", "late"), strict=True
        ):
            again = send(server.client(client.token), game_id, request, key)
            assert again.status_code == 200 and again.json() == first_answer
        again = send(server.client(mover.token), cut_game, cut, "cut short")
        assert again.status_code == 200 and again.json() == answer.json()
