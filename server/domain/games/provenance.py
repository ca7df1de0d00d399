"""A game's provenance as its record keeps it (the scheme is `shared.fairness`): the server's
secret and its commitment, each seat's contribution, the seed derived when the last seat fills,
the head of the log's hash chain, and what public data shows of them.

A game stored before these existed has a seed the server drew alone at creation, and a log
without a chain: it keeps both as they are (`chained` tells the two apart), so it replays and
verifies as it always did.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence
from typing import Any

import orjson

from server.domain.games.record import FINISHED, Contribution, GameRecord, Seat
from shared.chance import SEED_BYTES, commitment
from shared.engine import Engine
from shared.fairness import (
    derived_seed,
    entry_hash,
    genesis,
    option_fingerprint,
    server_contribution,
)


def created(
    seats: Sequence[Seat], contribution: str | None, creator_seat: int = 0
) -> dict[str, Any]:
    """The record's fields for a new game: a fresh secret and its commitment, the creator's
    contribution (at their seat, 0 unless told) and one the server makes for each bot's seat,
    the seed if that fills every seat (no seat left for anyone to join), and the chain's
    genesis as its head."""
    secret = secrets.token_hex(SEED_BYTES)
    contributions: list[Contribution | None] = [None] * len(seats)
    contributions[creator_seat] = given(secret, creator_seat, contribution)
    for index, seat in enumerate(seats):
        if seat.bot:
            contributions[index] = given(secret, index, None)
    return {
        "secret": secret,
        "commitment": commitment(secret),
        "seed": "",
        "head": genesis(secret),
        **_with_seed(secret, contributions),
    }


def seated(record: GameRecord, seat: int, contribution: str | None) -> dict[str, Any]:
    """The record's fields that change as a player takes `seat`: their contribution, and the
    seed once every seat has one. (A game from before contributions drew its seed at creation,
    and ignores one.)"""
    if record.secret is None:
        return {}
    contributions = list(record.contributions)
    contributions[seat] = given(record.secret, seat, contribution)
    return _with_seed(record.secret, contributions)


def _with_seed(secret: str, contributions: list[Contribution | None]) -> dict[str, Any]:
    """The contributions, and the seed derived from them once every seat has one."""
    changes: dict[str, Any] = {"contributions": tuple(contributions)}
    if all(contributions):
        changes["seed"] = derived_seed(secret, [c.value for c in contributions if c is not None])
    return changes


def given(secret: str, seat: int, contribution: str | None) -> Contribution:
    """A seat's contribution as kept and shown: the player's own, or, for a seat taken without
    one (a browser's join, a script's creation), one the server makes from its secret, marked
    as such."""
    if contribution is None:
        return Contribution(server_contribution(secret, seat), "server")
    return Contribution(contribution, "player")


def linked(
    record: GameRecord, last_entry: bytes, entries: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], str | None]:
    """The entries to append after `last_entry` (as stored; empty at version 0), each with its
    `prev`, and the record's new head. An unchained game's entries go in as they are."""
    if record.secret is None:
        return entries, None
    previous = head(record, last_entry)
    linked_entries = []
    for entry in entries:
        entry = {**entry, "prev": previous}
        previous = entry_hash(record.secret, entry)
        linked_entries.append(entry)
    return linked_entries, previous


def head(record: GameRecord, last_entry: bytes) -> str | None:
    """The head of a log ending with `last_entry` (None for an unchained game)."""
    if record.secret is None:
        return None
    if not last_entry:
        return genesis(record.secret)
    return entry_hash(record.secret, orjson.loads(last_entry))


def knows_fixed(record: GameRecord, viewer: str | None) -> bool:
    """May `viewer` (a player's id; None: anyone at all) know the values of the options that fix
    chance? The game's creator, who chose them, and its players once it is over: no one else,
    ever (an invitee, a spectator, the lobby), as a deck seen tells every hand dealt from it."""
    return viewer is not None and (
        viewer == record.creator
        or (record.status == FINISHED and record.seat_of(viewer) is not None)
    )


def fixed(record: GameRecord, engine: Engine[Any]) -> list[str]:
    """The options that fix chance (`Engine.fixing_chance`) the game was made with set, in
    place of a draw by lot."""
    return [
        option.name
        for option in engine.options
        if option.name in engine.fixing_chance
        and record.options.get(option.name, option.default) != option.default
    ]


def shown_options(record: GameRecord, engine: Engine[Any], viewer: str | None) -> dict[str, Any]:
    """The game's options as `viewer` may see them: those set in place of a draw by lot
    (`fixed`) left out for anyone who may not know them (`knows_fixed`)."""
    hidden = () if knows_fixed(record, viewer) else fixed(record, engine)
    return {name: value for name, value in record.options.items() if name not in hidden}


def fixed_by_creator(
    record: GameRecord, engine: Engine[Any], viewer: str | None
) -> dict[str, dict[str, str | None]]:
    """The options set at creation in place of a draw by lot (`fixed`), each with its
    fingerprint: their names shown to everyone from the start, never their values
    (`shown_options`). The fingerprint is keyed with the game's secret
    (`shared.fairness.option_fingerprint`), so that it tells nothing of a value until the
    secret is revealed at the end; so that it tells nothing then either, only those at the
    table (`viewer` sits or is invited) see it, and a game without a secret shows none."""
    at_table = viewer is not None and record.sits_or_invited(viewer)
    return {
        name: {
            "fingerprint": (
                option_fingerprint(record.secret, name, record.options[name])
                if at_table and record.secret is not None
                else None
            )
        }
        for name in fixed(record, engine)
    }


def public(record: GameRecord, engine: Engine[Any], viewer: str | None) -> dict[str, Any]:
    """The provenance anyone in the game may see: the secret and the seed only once it is over
    (their hashes before), the contributions and the head at every version, the options fixed
    (their fingerprints to `viewer` if at the table: `fixed_by_creator`); and whether the game
    is rated: not when the creator fixed chance, nor with a bot at the table."""
    finished = record.status == FINISHED
    seed = record.seed
    fixed = fixed_by_creator(record, engine, viewer)
    if not record.chained:
        seed_sha256: str | None = record.commitment  # the seed's own, published at creation
    else:  # once there is a seed: what older clients check a finished game against
        seed_sha256 = commitment(seed) if seed else None
    return {
        "secret_sha256": record.commitment if record.chained else None,
        "secret": record.secret if finished else None,
        "contributions": (
            [dataclasses.asdict(c) if c else None for c in record.contributions]
            if record.chained
            else None
        ),
        "seed_sha256": seed_sha256,
        "seed": seed if finished else None,
        "head": record.head,
        "fixed_by_creator": fixed,
        "rated": not fixed and not any(seat.bot for seat in record.seats),
    }
