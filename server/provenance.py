"""A game's provenance as its meta keeps it (the scheme is `shared.fairness`): the server's
secret and its commitment, each seat's contribution, the seed derived when the last seat fills,
the head of the log's hash chain, and what public data shows of them.

A game stored before these existed has a seed the server drew alone at creation, and a log
without a chain: it keeps both as they are (`chained` tells the two apart), so it replays and
verifies as it always did.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import orjson

from shared.chance import SEED_BYTES, commitment
from shared.engine import JSON, Engine
from shared.fairness import (
    derived_seed,
    entry_hash,
    genesis,
    option_sha256,
    server_contribution,
)


def chained(meta: dict[str, str]) -> bool:
    """Does the game take contributions and chain its log (every game made since they exist)?"""
    return "secret" in meta


def created(seats: int, contribution: str | None) -> dict[str, str]:
    """The meta fields of a new game: a fresh secret and its commitment, the creator's
    contribution (seat 0's), no seed yet, and the chain's genesis as its head."""
    secret = secrets.token_hex(SEED_BYTES)
    contributions: list[dict[str, str] | None] = [None] * seats
    contributions[0] = given(secret, 0, contribution)
    return {
        "secret": secret,
        "commitment": commitment(secret),
        "contributions": json.dumps(contributions),
        "seed": "",
        "head": genesis(secret),
    }


def seated(meta: dict[str, str], seat: int, contribution: str | None) -> dict[str, str]:
    """The meta fields that change as a player takes `seat`: their contribution, and the seed
    once every seat has one. (A game from before contributions drew its seed at creation, and
    ignores one.)"""
    if not chained(meta):
        return {}
    secret = meta["secret"]
    contributions = json.loads(meta["contributions"])
    contributions[seat] = given(secret, seat, contribution)
    changes = {"contributions": json.dumps(contributions)}
    if all(contributions):
        changes["seed"] = derived_seed(secret, [c["value"] for c in contributions])
    return changes


def given(secret: str, seat: int, contribution: str | None) -> dict[str, str]:
    """A seat's contribution as kept and shown: the player's own, or, for a seat taken without
    one (a browser's join, a script's creation), one the server makes from its secret, marked
    as such."""
    if contribution is None:
        return {"value": server_contribution(secret, seat), "made_by": "server"}
    return {"value": contribution, "made_by": "player"}


def linked(
    meta: dict[str, str], last_entry: bytes, entries: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The entries to append after `last_entry` (as stored; empty at version 0), each with its
    `prev`, and the meta's new head. An unchained game's entries go in as they are."""
    if not chained(meta):
        return entries, {}
    secret = meta["secret"]
    previous = head(meta, last_entry)["head"]
    linked_entries = []
    for entry in entries:
        entry = {**entry, "prev": previous}
        previous = entry_hash(secret, entry)
        linked_entries.append(entry)
    return linked_entries, {"head": previous}


def head(meta: dict[str, str], last_entry: bytes) -> dict[str, str]:
    """The meta's head for a log ending with `last_entry` (nothing for an unchained game)."""
    if not chained(meta):
        return {}
    secret = meta["secret"]
    return {"head": entry_hash(secret, orjson.loads(last_entry)) if last_entry else genesis(secret)}


def fixed_by_creator(engine: Engine[Any], options: dict[str, JSON]) -> dict[str, dict[str, str]]:
    """The options set at creation that replace a draw by lot, each with its fingerprint:
    shown to everyone from the start, hidden ones (a deck) without their value."""
    return {
        option.name: {"sha256": option_sha256(options[option.name])}
        for option in engine.options
        if option.fixes_chance and options.get(option.name, option.default) != option.default
    }


def public(
    meta: dict[str, str], engine: Engine[Any], options: dict[str, JSON], finished: bool
) -> dict[str, Any]:
    """The provenance anyone in the game may see: the secret and the seed only once it is over
    (their hashes before), the contributions and the head at every version."""
    is_chained = chained(meta)
    seed = meta["seed"]
    fixed = fixed_by_creator(engine, options)
    if not is_chained:
        seed_sha256: str | None = meta["commitment"]  # the seed's own, published at creation
    else:  # once there is a seed: what older clients check a finished game against
        seed_sha256 = commitment(seed) if seed else None
    return {
        "secret_sha256": meta["commitment"] if is_chained else None,
        "secret": meta["secret"] if is_chained and finished else None,
        "contributions": json.loads(meta["contributions"]) if is_chained else None,
        "seed_sha256": seed_sha256,
        "seed": seed if finished else None,
        "head": meta["head"] if is_chained else None,
        "fixed_by_creator": fixed,
        "rated": not fixed,
    }
