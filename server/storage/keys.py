"""The Redis key layout: every key of one game carries the hash tag `{g:ID}` and every key of
one player `{p:ID}`, so the atomic scripts touch one slot, also on Redis Cluster."""

from __future__ import annotations

import hashlib


def game(game_id: str, part: str) -> str:
    """`meta`, `log` (its name is also the game's channel), `snap`, `requests` (the request
    index, `server.domain.idempotency`), `archive` (a compacted game's log,
    `server.storage.archive`), and `idem:...` (requests' records from before the index), `talk` (the
    table talk, `server.domain.talk`, which compaction leaves alone); for the mail worker `mail`,
    `mail:lock`, `clock` and `banks`."""
    return f"{{g:{game_id}}}:{part}"


def game_of(key: str) -> str:
    """The game id in one of `game`'s keys (the relay hears a game's log channel by name)."""
    return key[len("{g:") : key.index("}")]


def idempotency(game_id: str, player_id: str, key: str) -> str:
    """Where a move made with `key` left its record, before the request index."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    return game(game_id, f"idem:{player_id}:{digest}")


def player(player_id: str, part: str) -> str:
    """`profile`, `games` (a sorted set of the player's game ids), `waits` (their open long
    polls, `server.storage.wait_slots`), `events` and `told` (their one wait's events,
    `server.storage.player_events`), `login:NONCE` (a login link used,
    `server.storage.login_links`) or `sessions` (their live web sessions, `server.web.sessions`)."""
    return f"{{p:{player_id}}}:{part}"


LOBBY = "lobby"
"""Sorted set: the ids of public games that may still have a seat free, by creation time."""


def player_name(name: str) -> str:
    return f"name:{name.casefold()}"


def player_email(email: str) -> str:
    """The players registered with an address (a set: one person may play as several)."""
    return f"email:{email.casefold()}"
