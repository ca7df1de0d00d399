"""Players own their data, over real HTTP: all of it downloaded as one archive, holding only what
its player may see; and their account deleted, their seats in games that started kept under a
neutral name, so that the other players' games still replay and verify, and nothing of their
address or name left anywhere in Redis (job data and all)."""

from __future__ import annotations

import io
import json
import random
import zipfile
from typing import Any

import redis
from rq import Queue

from server.storage import keys
from server.storage.games.watch import LOGINS, QUEUE
from server.storage.services import Services
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import refused
from tests.support.games import play_moves, play_out, verified
from tests.support.stored import everything

NAME, EMAIL = "zelda_q", "Zelda.Q@example.org"
"""Neither can turn up by chance in an id, a hash or a move (none is hex, or a card)."""


def services_of(api: LiveServer) -> Services:
    found: Services = api.app.extensions["turnpost"]
    return found


def unpacked(body: bytes) -> dict[str, Any]:
    with zipfile.ZipFile(io.BytesIO(body)) as packed:
        return {name: json.loads(packed.read(name)) for name in packed.namelist()}


def test_export_then_delete_leaves_the_others_games_whole_and_nothing_of_the_player(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    rnd = random.Random(5)
    zelda = api.client().register(NAME, EMAIL)
    bo, cy = api.client().register("bo"), api.client().register("cy")
    found = services_of(api)

    def new(creator: ApiClient, invited: str) -> str:
        body = {"type": "lost-cities", "invite": [invited], "options": {"rounds": 1}}
        game_id: str = creator.ok("POST", "/games", json=body)["game"]["id"]
        return game_id

    over, running, mine_open, theirs_open = new(zelda, "bo"), new(bo, NAME), new(zelda, "cy"), ""
    theirs_open = new(cy, NAME)
    for game_id in (over, running):
        (bo if game_id == over else zelda).ok("POST", f"/games/{game_id}/join")
    for client, text in ((zelda, f"good luck from {NAME} <{EMAIL}>"), (bo, "and to you")):
        client.ok("POST", f"/games/{over}/messages", json={"text": text})
    play_out(over, [zelda, bo], rnd)
    assert found.standings.settle(found.games.loading.load(over)) == "settled"
    assert found.games.loading.compact(over)  # as the worker keeps a finished game
    play_moves(running, [bo, zelda], 3, rnd)
    zelda.ok("PUT", "/me/webhook", json={"kind": "slack", "url": f"https://x.example/{NAME}"})
    zelda.ok("PUT", f"/games/{mine_open}/webhook", json={"kind": "slack", "url": "https://y.ex"})
    zelda.ok("POST", "/me/calendar")
    zelda.ok("POST", "/me/vacation")
    found.logins.ask(zelda.player["email"], 1.0)
    jobs = Queue(QUEUE, connection=redis_client)
    named = jobs.enqueue("server.notify.jobs.deliver_hook", "game", over, "m", {"to": [NAME]})
    other = jobs.enqueue("server.notify.jobs.deliver_hook", "game", over, "m", {"to": ["bot"]})

    # -- the archive: everything, as the player may see it --------------------------------
    download = zelda.call("GET", "/me/export")
    assert download.status_code == 200, download.text
    assert download.headers["Content-Type"] == "application/zip"
    assert f'filename="turnpost-{NAME}-' in download.headers["Content-Disposition"]
    files = unpacked(download.content)
    games = {over, running, mine_open, theirs_open}
    assert set(files) == {"profile.json", "talk.json", "ratings.json"} | {
        f"games/{g}.json" for g in games
    }
    profile = files["profile.json"]
    assert profile["profile"]["email"] == zelda.player["email"]
    assert profile["profile"]["name"] == NAME and profile["vacations"]
    assert profile["webhooks"]["player"]["url"] == f"https://x.example/{NAME}"
    assert list(profile["webhooks"]["games"]) == [mine_open]
    assert "token_hash" not in download.text and "calendar_hash" not in download.text
    for game_id in games:
        kept = files[f"games/{game_id}.json"]
        # What the API shows her, and nothing else: her own view (the API's answers are held
        # to the twins property: tests/engines/test_what_answers_tell.py, test_leaks.py).
        shown = zelda.ok("GET", f"/games/{game_id}")
        del shown["clocks"]
        assert kept["game"] == shown
        history = zelda.ok("GET", f"/games/{game_id}/log")
        assert kept["log"] == history["entries"] and kept["talk"] == history["messages"]
    assert files["talk.json"] == {
        "games": [
            {
                "game": over,
                "messages": [m for m in files[f"games/{over}.json"]["talk"] if m["seat"] == 0],
            }
        ]
    }
    assert files["talk.json"]["games"][0]["messages"][0]["text"].startswith("good luck")
    ratings = files["ratings.json"]
    assert ratings["records"]["lost-cities"]["played"] == 1
    assert [g["id"] for g in ratings["games"]] == [over]

    # -- a deletion must name the player, and a refusal changes nothing -------------------
    before = redis_client.dbsize()
    for body, code in [
        ({"confirm": "bo", "active_games": "resign"}, "confirmation_mismatch"),
        ({"confirm": NAME, "active_games": "sulk"}, "invalid_request"),
        ({"confirm": NAME}, "invalid_request"),
        ({"confirm": NAME, "active_games": "bot", "bot": "genius"}, "invalid_request"),
    ]:
        refused(zelda.call("DELETE", "/me", json=body), 400, code, body)
    assert zelda.ok("GET", "/me")["name"] == NAME and redis_client.dbsize() == before

    # -- deleted -----------------------------------------------------------------------------
    held = everything(redis_client)
    assert all(
        trace.lower().encode() in held for trace in (NAME, EMAIL, f"{{p:{zelda.player['id']}}}")
    )
    answer = zelda.ok("DELETE", "/me", json={"confirm": NAME.upper(), "active_games": "resign"})
    assert answer == {
        "deleted": NAME,
        "games": {
            "cancelled": [mine_open],
            "freed": [theirs_open],
            "resigned": [running],
            "bot": [],
            "kept": [over],
        },
    }
    refused(zelda.call("GET", "/me"), 401, "unauthorized")
    refused(bo.call("GET", f"/players/{NAME}"), 404, "not_found")

    # The others' games: whole, her seat under a neutral name, and they still verify.
    for game_id in (over, running):
        game = bo.ok("GET", f"/games/{game_id}")["game"]
        assert game["status"] == "finished"
        assert [s["name"] for s in game["seats"]] == (
            ["deleted player 1", "bo"] if game_id == over else ["bo", "deleted player 1"]
        )
        assert verified(bo, game_id)
    talk = bo.ok("GET", f"/games/{over}/log")["messages"]
    assert [(m["name"], m["text"]) for m in talk] == [
        ("deleted player 1", "(removed: its writer deleted their account)"),
        ("bo", "and to you"),
    ]
    assert cy.ok("GET", f"/games/{mine_open}")["game"]["status"] == "cancelled"
    freed = cy.ok("GET", f"/games/{theirs_open}")["game"]
    assert freed["status"] == "open" and freed["seats"][1] == {
        "seat": 1,
        "name": None,
        "joined": False,
        "bot": None,
        "bot_account": False,
    }
    assert bo.ok("GET", "/players/bo")["records"]["lost-cities"]["played"] == 1
    assert jobs.fetch_job(named.id) is None and jobs.fetch_job(other.id) is not None

    # Nothing of her name or address anywhere, in any case, nor any key of hers.
    left = everything(redis_client)
    for trace in (NAME, EMAIL, zelda.player["email"], f"{{p:{zelda.player['id']}}}"):
        assert trace.lower().encode() not in left, trace
    assert not redis_client.zcard(LOGINS)
    assert not list(redis_client.scan_iter(match=keys.player(zelda.player["id"], "*")))

    # The name is anyone's again, and its new holder inherits nothing.
    again = api.client().register(NAME, "someone.else@example.org")
    assert again.ok("GET", "/games")["games"] == []
    assert again.ok("GET", f"/players/{NAME}")["games"] == []


def test_a_deleted_players_running_game_is_played_on_by_a_bot(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    rnd = random.Random(8)
    zelda, bo = api.client().register(NAME, EMAIL), api.client().register("bo")
    body = {"type": "lost-cities", "invite": ["bo"], "options": {"rounds": 1}}
    game_id = zelda.ok("POST", "/games", json=body)["game"]["id"]
    bo.ok("POST", f"/games/{game_id}/join")
    play_moves(game_id, [zelda, bo], 4, rnd)
    answer = zelda.ok(
        "DELETE", "/me", json={"confirm": NAME, "active_games": "bot", "bot": "random"}
    )
    assert answer["games"]["bot"] == [game_id]
    game = bo.ok("GET", f"/games/{game_id}")["game"]
    assert game["status"] == "active" and not game["rated"]
    assert game["seats"][0] == {
        "seat": 0,
        "name": "deleted player 1",
        "joined": True,
        "bot": "random",
        "bot_account": False,
    }
    games = services_of(api).games
    while (view := bo.ok("GET", f"/games/{game_id}"))["game"]["status"] == "active":
        if view["your_turn"]:
            play_moves(game_id, [bo], 1, rnd)
        else:
            assert games.worker_moves.play_bot(
                game_id
            )  # what the worker does when planning finds it
    assert verified(bo, game_id)
    left = everything(redis_client)
    assert NAME.encode() not in left and EMAIL.lower().encode() not in left
