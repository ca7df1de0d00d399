"""No one can choose the deal, and no one can rewrite a game's history, over real HTTP.

The test plays every party: the server (whose secret is committed at creation and revealed at
the end) and each player (whose contribution goes in with their seat), and checks the seed is
made from all of them, the log is a hash chain whose head every version shows, and options that
fix chance are shown to invitees before they join.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import redis

from server.storage import keys
from shared.fairness import (
    derived_seed,
    entry_hash,
    genesis,
    option_fingerprint,
    server_contribution,
)
from shared.games.lost_cities.cards import CARD_ID, deck_codes
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import sha256_of_hex
from tests.support.games import finish, play_moves


def contribution() -> str:
    return secrets.token_hex(32)


def seated_pair(api: LiveServer) -> tuple[ApiClient, ApiClient]:
    return api.client().register("ada"), api.client().register("bo")


def create(ada: ApiClient, given: str | None = None, **options: Any) -> dict[str, Any]:
    """A lost-cities game of one round made by ada, inviting bo; `given`: ada's contribution."""
    body: dict[str, Any] = {"type": "lost-cities", "invite": ["bo"], "options": {"rounds": 1}}
    body["options"].update(options)
    if given is not None:
        body["contribution"] = given
    created: dict[str, Any] = ada.ok("POST", "/games", json=body)
    return created


def test_the_seed_is_made_from_the_servers_secret_and_every_players_contribution(
    api: LiveServer,
) -> None:
    ada, bo = seated_pair(api)
    first, second, other = contribution(), contribution(), contribution()
    seeds = set()
    for mine, theirs in [(first, second), (first, second), (other, second), (first, other)]:
        created = create(ada, mine)
        game_id, shown = created["game"]["id"], created["game"]
        assert shown["status"] == "open" and created["view"] is None  # nothing dealt yet
        assert shown["secret"] is None and shown["seed"] is None and shown["seed_sha256"] is None
        assert shown["contributions"] == [{"value": mine, "made_by": "player"}, None]
        commitment = shown["secret_sha256"]
        invited = bo.ok("GET", f"/games/{game_id}")["game"]  # what bo sees before sending his
        assert invited["secret_sha256"] == commitment and invited["contributions"][0]["value"]

        started = bo.ok("POST", f"/games/{game_id}/join", json={"contribution": theirs})["game"]
        assert started["status"] == "active" and started["secret_sha256"] == commitment
        assert started["seed"] is None and started["secret"] is None  # still nobody's to know
        assert started["contributions"][1] == {"value": theirs, "made_by": "player"}

        over = finish(game_id, bo)
        secret, seed = over["secret"], over["seed"]
        assert sha256_of_hex(secret) == commitment  # the server's part, fixed at creation
        assert seed == derived_seed(secret, [mine, theirs])
        assert over["seed_sha256"] == started["seed_sha256"] == sha256_of_hex(seed)
        # each party's part changes the seed: no one of them alone could have known it
        fresh = contribution()
        for changed in ([fresh, theirs], [mine, fresh], [theirs, mine]):
            assert derived_seed(secret, changed) != seed
        assert derived_seed(secrets.token_hex(32), [mine, theirs]) != seed
        seeds.add(seed)
    assert len(seeds) == 4  # the same two contributions, twice, made two seeds: the secret's


def test_a_seat_taken_without_a_contribution_gets_one_the_server_makes_and_says_so(
    api: LiveServer,
) -> None:
    ada, bo = seated_pair(api)
    created = create(ada)  # a creation without one, as from a script or a browser
    game_id = created["game"]["id"]
    made = created["game"]["contributions"][0]
    assert made["made_by"] == "server"
    bo.ok("POST", f"/games/{game_id}/join")  # no body at all: a browser's join
    over = finish(game_id, bo)
    assert over["contributions"] == [
        {"value": server_contribution(over["secret"], seat), "made_by": "server"} for seat in (0, 1)
    ]
    assert over["seed"] == derived_seed(over["secret"], [c["value"] for c in over["contributions"]])


def test_a_bad_contribution_is_refused_and_changes_nothing(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo = seated_pair(api)
    bad: object
    for bad in ("ab" * 31, "AB" * 32, "zz" * 32, 7, None, "ab" * 33):
        refused = ada.call(
            "POST", "/games", json={"type": "lost-cities", "invite": ["bo"], "contribution": bad}
        )
        assert refused.status_code == 400, refused.text
        assert "contribution" in refused.json()["error"]["details"]["fields"]["json"]
    assert ada.ok("GET", "/games")["games"] == []
    game_id = create(ada, contribution())["game"]["id"]
    before = redis_client.hgetall(keys.game(game_id, "meta"))
    for bad in ("ab" * 31, "", 0, ["ab" * 32]):
        refused = bo.call("POST", f"/games/{game_id}/join", json={"contribution": bad})
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"]["code"] == "invalid_request"
    assert bo.call("POST", f"/games/{game_id}/join", data="x").status_code == 415
    assert redis_client.hgetall(keys.game(game_id, "meta")) == before


def test_the_log_is_a_hash_chain_whose_head_every_version_shows(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    ada, bo = seated_pair(api)
    game_id = create(ada, contribution())["game"]["id"]
    heads = [bo.ok("POST", f"/games/{game_id}/join", json={"contribution": contribution()})]
    rnd = random.Random(5)
    for _ in range(8):
        play_moves(game_id, [ada, bo], 1, rnd)
        heads.append(ada.ok("GET", f"/games/{game_id}"))
    shown = {answer["version"]: answer["game"]["head"] for answer in heads}
    assert len(set(shown.values())) == len(shown) == 9  # one head per version, 0 to 8

    over = finish(game_id, bo)
    secret = over["secret"]
    log = ada.ok("GET", f"/games/{game_id}/log")["entries"]
    stored = [json.loads(raw) for raw in redis_client.lrange(keys.game(game_id, "log"), 0, -1)]
    chain = [genesis(secret)]
    for entry, kept in zip(log, stored, strict=True):
        assert entry["prev"] == kept["prev"] == chain[-1]
        chain.append(entry_hash(secret, entry))
        assert entry_hash(secret, kept) == chain[-1]  # the log as shown hashes as stored
    assert over["head"] == chain[-1]
    for version, head in shown.items():
        assert chain[version] == head


def test_options_that_fix_chance_are_shown_to_invitees_and_unrate_the_game(
    api: LiveServer,
) -> None:
    ada, bo = seated_pair(api)
    deck = [CARD_ID[code] for code in deck_codes(5)]
    plain = create(ada, contribution())["game"]
    assert plain["fixed_by_creator"] == {} and plain["rated"] is True

    game_id = create(ada, contribution(), deck=deck)["game"]["id"]
    shown = bo.ok("GET", f"/games/{game_id}")["game"]["fixed_by_creator"]
    listed = next(g for g in bo.ok("GET", "/games")["games"] if g["id"] == game_id)
    assert listed["fixed_by_creator"] == shown and list(shown) == ["deck"]
    assert "deck" not in listed["options"] and listed["rated"] is False
    bo.ok("POST", f"/games/{game_id}/join", json={"contribution": contribution()})
    over = finish(game_id, bo)
    assert over["options"]["deck"] == deck and over["rated"] is False
    assert over["fixed_by_creator"] == shown
    fingerprint = option_fingerprint(over["secret"], "deck", deck)
    assert shown["deck"]["fingerprint"] == fingerprint  # checked once the secret is out

    # Keyed with each game's own secret: the same value shows a different fingerprint in
    # every game, so no one can confirm a guess of a hidden value (a deck but for a card or
    # two, a first player) by hashing it.
    starts = [create(ada, contribution(), first_player=1)["game"] for _ in range(2)]
    assert all(g["options"]["first_player"] == 1 and not g["rated"] for g in starts)
    prints = {g["fixed_by_creator"]["first_player"]["fingerprint"] for g in starts}
    assert len(prints) == 2
