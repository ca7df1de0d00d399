"""`turnpost verify` holds the server to how the seed was made and to the log's chain; `join`
warns of what the creator set in place of chance; games from before all this verify as they
always did."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path
from typing import Any

import redis

from server.storage import keys
from server.storage.games.game_store import RedisGameStore
from server.storage.redis_client import as_text, hash_fields
from shared.fairness import entry_hash
from shared.games.lost_cities.cards import CARD_ID, deck_codes
from tests.support.terminal import PlayerFactory, finished_game, play_some, report


def failed(verified: dict[str, Any]) -> str:
    """The name of the check that failed (the checks stop at the first failure)."""
    assert not verified["ok"]
    names: list[str] = [check["name"] for check in verified["checks"] if not check["passed"]]
    (name,) = names
    return name


Meta = dict[str, str]
Log = list[dict[str, Any]]


@contextmanager
def tampered(
    redis_client: redis.Redis, game_id: str, change: Callable[[Meta, Log], None]
) -> Iterator[None]:
    """The game's meta and log as `change` leaves them, until the block ends (then as they
    were, byte for byte)."""
    meta_key, log_key = keys.game(game_id, "meta"), keys.game(game_id, "log")
    meta = {as_text(k): as_text(v) for k, v in redis_client.hgetall(meta_key).items()}
    stored = redis_client.lrange(log_key, 0, -1)
    log = [json.loads(raw) for raw in stored]
    originals = (dict(meta), stored)
    change(meta, log)
    write(redis_client, game_id, meta, [json.dumps(entry) for entry in log])
    try:
        yield
    finally:
        write(redis_client, game_id, *originals)


def write(redis_client: redis.Redis, game_id: str, meta: Meta, log: Sequence[bytes | str]) -> None:
    pipe = redis_client.pipeline()
    pipe.delete(keys.game(game_id, "meta"), keys.game(game_id, "log"))
    pipe.hset(keys.game(game_id, "meta"), mapping=hash_fields(meta))
    pipe.rpush(keys.game(game_id, "log"), *log)
    pipe.execute()


def contribution_of_bo(meta: Meta, log: Log) -> None:
    contributions = json.loads(meta["contributions"])
    contributions[1]["value"] = secrets.token_hex(32)
    meta["contributions"] = json.dumps(contributions)


def rechained(meta: Meta, log: Log) -> None:
    """History rewritten by someone holding the secret (the server): entry 2 happened at
    another time, and every hash after it is made anew, so the chain holds together."""
    log[1]["at"] += 60
    for before, entry in pairwise(log):
        entry["prev"] = entry_hash(meta["secret"], before)
    meta["head"] = entry_hash(meta["secret"], log[-1])


def test_verify_fails_on_a_tampered_secret_contribution_seed_entry_or_head(
    player: PlayerFactory, redis_client: redis.Redis
) -> None:
    game_id, (ada, bo) = finished_game(player)
    assert report(ada, game_id)["ok"] and report(bo, game_id)["ok"]
    other = secrets.token_hex(32)
    cases: list[tuple[Callable[[Meta, Log], None], str, str]] = [
        (lambda meta, log: meta.update(secret=other), "secret", "secret"),
        (contribution_of_bo, "seed", "contributions"),  # only bo knows what he sent
        (lambda meta, log: meta.update(seed=other), "seed", "seed"),
        (lambda meta, log: log[2].update(at=log[2]["at"] + 1), "chain", "chain"),
        (lambda meta, log: log[2].update(seat=1 - log[2]["seat"]), "chain", "chain"),
        (lambda meta, log: meta.update(head=other), "chain", "chain"),
    ]
    for change, for_ada, for_bo in cases:
        with tampered(redis_client, game_id, change):
            assert failed(report(ada, game_id)) == for_ada
            assert failed(report(bo, game_id)) == for_bo
    assert report(ada, game_id)["ok"]


def test_a_compacted_game_verifies_as_it_did(
    player: PlayerFactory, redis_client: redis.Redis
) -> None:
    """Its log is made again from the archive (`server.storage.games.archive`), chain and all."""
    game_id, players = finished_game(player)
    reports = [report(someone, game_id) for someone in players]
    assert all(verified["ok"] for verified in reports)
    assert RedisGameStore(redis_client).compact(game_id)
    assert not redis_client.exists(keys.game(game_id, "log"))
    assert [report(someone, game_id) for someone in players] == reports


def test_a_history_rewritten_whole_is_caught_by_the_heads_a_player_was_shown(
    player: PlayerFactory, redis_client: redis.Redis, tmp_path: Path
) -> None:
    game_id, (ada, bo) = finished_game(player)
    third_head = ada.json("log", game_id)["entries"][3]["prev"]  # the head at version 3
    token = json.loads((ada.config_dir / "config.json").read_text())["token"]
    elsewhere = {"TURNPOST_CONFIG_DIR": str(tmp_path / "elsewhere"), "TURNPOST_TOKEN": token}
    with tampered(redis_client, game_id, rechained):
        assert failed(report(ada, game_id)) == "chain"  # the heads ada's machine kept
        assert report(ada, game_id, **elsewhere)["ok"]  # a machine that kept none is fooled
        assert failed(report(ada, game_id, "--head", third_head, **elsewhere)) == "chain"
        looked = bo.run("show", game_id)  # bo saw the last version before: told at once
        heard = " ".join(looked.stderr.split())  # wrapped at the terminal's width
        assert looked.exit_code == 0 and "its history has changed" in heard
    assert report(ada, game_id, "--head", third_head, **elsewhere)["ok"]


def test_join_warns_when_the_creator_set_the_deck(player: PlayerFactory) -> None:
    ada, bo = player("ada"), player("bo")
    deck = json.dumps([CARD_ID[code] for code in deck_codes(5)])
    created = ada.json("new", "lost-cities", "--invite", "bo", "--option", f"deck={deck}")
    game_id = created["game"]["id"]
    invited = bo.ok("show", game_id)
    assert "Set by the creator, not by lot: deck (fingerprint " in invited
    said = " ".join(invited.split())  # the warning is wrapped at the terminal's width
    assert "The game is unrated." in said and "Nothing is dealt" in said
    joined = bo.run("join", game_id)
    assert joined.exit_code == 0
    assert joined.stderr.startswith("Warning: Set by the creator, not by lot: deck")
    plain = ada.json("new", "lost-cities", "--invite", "bo")["game"]["id"]
    assert "Set by the creator" not in bo.run("join", plain).stderr


def test_a_fixed_deck_verifies_for_the_players_only(player: PlayerFactory) -> None:
    """The deck is the players' to see once the game is over: their verify checks it and
    replays the game; a spectator is told it cannot, not that the server cheated."""
    ada, bo, eve = player("ada"), player("bo"), player("eve")
    deck = json.dumps([CARD_ID[code] for code in deck_codes(5)])
    options = ("--option", f"deck={deck}", "--option", "rounds=1")
    game_id = ada.json("new", "lost-cities", "--public", *options)["game"]["id"]
    bo.ok("join", game_id)
    bo.ok("resign", game_id, "--yes")
    assert report(bo, game_id)["ok"] and report(ada, game_id)["ok"]
    watched = report(eve, game_id)
    assert failed(watched) == "fixed options"
    (check,) = [c for c in watched["checks"] if c["name"] == "fixed options"]
    assert "shown only to the game's players" in check["detail"]


def test_a_game_from_before_contributions_plays_and_verifies_as_it_always_did(
    player: PlayerFactory, redis_client: redis.Redis
) -> None:
    ada, bo = player("ada"), player("bo")
    game_id = ada.json("new", "lost-cities", "--invite", "bo", "--option", "rounds=1")["game"]["id"]
    seed = secrets.token_hex(32)  # stored as games were: a seed the server drew, and its hash
    meta_key = keys.game(game_id, "meta")
    redis_client.hdel(meta_key, "secret", "contributions", "head")
    commitment = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    redis_client.hset(meta_key, mapping={"seed": seed, "commitment": commitment})
    bo.ok("join", game_id)
    play_some(game_id, [ada, bo], 4)
    bo.ok("resign", game_id, "--yes")

    stored = redis_client.lrange(keys.game(game_id, "log"), 0, -1)
    assert stored and all("prev" not in json.loads(raw) for raw in stored)
    shown = ada.json("show", game_id)["game"]
    assert shown["seed"] == seed and shown["seed_sha256"] == commitment
    assert shown["contributions"] is None and shown["head"] is None
    verified = report(ada, game_id)
    assert verified["ok"] and [note.split(":")[0] for note in verified["notes"]] == [
        "This game was made before seeds took the players' contributions and logs were chained"
    ]
    assert [check["name"] for check in verified["checks"]] == ["seed", "log", "replay", "result"]
    assert "no chain to check" in ada.ok("verify", game_id)
    with tampered(redis_client, game_id, lambda meta, log: meta.update(seed=secrets.token_hex(32))):
        assert failed(report(ada, game_id)) == "seed"
    assert RedisGameStore(redis_client).compact(game_id)  # an archive without a chain
    assert report(ada, game_id) == verified


def test_a_deal_no_other_player_contributed_to_is_one_verdict_saying_what_is_not_proven(
    player: PlayerFactory,
) -> None:
    ada = player("ada")
    game_id = ada.json("new", "lost-cities", "--bot", "random", "--option", "rounds=1")["game"][
        "id"
    ]
    ada.ok("resign", game_id, "--yes")
    verified = report(ada, game_id)
    assert verified["ok"] and not verified["deal_chosen_by_none"] and verified["notes"] == []
    said = " ".join(ada.ok("verify", game_id).split())
    assert "played this game fairly" not in said
    assert said.count("could have chosen") == 1 and "turnpost join" in said
