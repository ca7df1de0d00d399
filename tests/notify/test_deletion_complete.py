"""A deleted account leaves nothing of its player in Redis once the worker's queues drain: a
scan of every key and every value of every type, compressed parts unpacked (the worker's jobs,
finished games' archives), finds neither their id, nor their name, nor their address: not in
the games they made or asked a rematch of (running, finished, compacted), not in the posts
waiting for another player's webhook, not in the rate limiter's counters, not in any queue.
The other players' games still replay and verify."""

from __future__ import annotations

import random

import redis

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import play_moves, play_out, verified
from tests.support.jobs import Mail
from tests.support.stored import everything

NAME, EMAIL = "zelda_q", "Zelda.Q@example.org"
"""Neither can turn up by chance in an id, a hash or a move (none is hex, or a card)."""


def new(creator: ApiClient, invited: str) -> str:
    body = {"type": "lost-cities", "invite": [invited], "options": {"rounds": 1}}
    game_id: str = creator.ok("POST", "/games", json=body)["game"]["id"]
    return game_id


def test_after_a_deletion_no_value_in_redis_names_the_player(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    rnd = random.Random(3)
    zelda = api.client().register(NAME, EMAIL)
    bo = api.client().register("bo")
    zid = zelda.player["id"]
    # bo's notices also go to a webhook that never answers: its posts wait, naming zelda.
    bo.ok("PUT", "/me/webhook", json={"kind": "standard", "url": "https://hooks.example/bo"})
    bo.ok("PATCH", "/me", json={"digest": True})  # and his mail waits for the day's digest
    mine, theirs = new(zelda, "bo"), new(bo, NAME)
    bo.ok("POST", f"/games/{mine}/join")
    zelda.ok("POST", f"/games/{theirs}/join")
    zelda.ok("POST", f"/games/{mine}/messages", json={"text": f"hello from {NAME}"})
    for game_id in (mine, theirs):
        play_out(game_id, [zelda, bo], rnd)
    mail.run()  # planned, told, compacted
    # She asks for both rematches: one she made (hers again), one bo made, which starts.
    again = zelda.ok("POST", f"/games/{mine}/rematch")["game"]["id"]
    asked = zelda.ok("POST", f"/games/{theirs}/rematch")["game"]["id"]
    bo.ok("POST", f"/games/{asked}/join")
    running = new(zelda, "bo")
    bo.ok("POST", f"/games/{running}/join")
    play_moves(running, [zelda, bo], 3, rnd)
    mail.run()
    assert zid.encode() in everything(redis_client)

    zelda.ok("DELETE", "/me", json={"confirm": NAME, "active_games": "resign"})
    mail.run()

    left = everything(redis_client)
    for trace in (zid, NAME, EMAIL, zelda.player["email"]):
        where = left.find(trace.lower().encode())
        assert where < 0, (trace, left[max(0, where - 300) : where + 100])
    for game_id in (mine, theirs, asked, running):
        assert verified(bo, game_id), game_id
    assert bo.ok("GET", f"/games/{again}")["game"]["status"] == "cancelled"
    for game_id in (asked, running):
        assert bo.ok("GET", f"/games/{game_id}")["game"]["status"] == "finished"
