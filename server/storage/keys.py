"""The Redis key layout, and which module owns each key: that module alone reads and writes it
(its scripts included), and everyone else asks it by a typed method, never by a key.

Every key of one game carries the hash tag `{g:ID}`, every key of one player `{p:ID}` and
every key of one game type's standings `{r:TYPE}`, so the atomic scripts touch one slot, also
on Redis Cluster.

By owner (in `server/storage/`):

- `games/game_log.py`: `{g:ID}:meta` (the record), `:log` (also the game's channel), `:snap`,
  `:requests` (the request index), `:idem:…` (requests' records from before the index) and
  `:archive` (the compact form, shaped by `games/archive.py`); its scripts are in
  `games/log_scripts.py`, and its LOAD reads the `:talk` (`games/game_talk.py`'s) along with
  the game for a game's page, in the same round trip.
- `games/game_talk.py`: `{g:ID}:talk` (the table talk); its script stamps a message with the
  game's version and announces it on the game's channel, on keys `games/game_log.py` names.
- `games/lobby_index.py`: `lobby` (public games that may still have a seat free).
- `games/mail_state.py`: `{g:ID}:mail` (how far the worker has planned the game's notices) and
  `:mail:lock` (who is planning it).
- `games/clocks.py`: `{g:ID}:clock` (running move clocks), `:banks` (time banks), and
  `clock:games` (when the worker looks at each game's clocks next); it announces a clock
  started or stopped on the game's `:log` channel (`games/game_log.py`'s), so a page waits for it.
- `hooks.py`: `{g:ID}:webhook` and `{p:ID}:webhook` (a game's and a player's webhook).
- `hook_posts.py`: `{g:ID}:webhook:waiting` and `{p:ID}:webhook:waiting` (what waits to be
  posted to each, and its job).
- `players/profiles.py`: `{p:ID}:profile` (others keep fields in it through `Players`: a vacation, a
  calendar feed's hash), `:games`, and the indexes `name:NAME`, `email:ADDRESS` and
  `players:addresses-indexed`.
- `players/vacations.py`: `{p:ID}:vacations` (past vacations).
- `players/invitations.py`: `{p:ID}:invitations:sent` (the invitations a player sent, not yet
  answered), `:invitations:waiting` (those waiting on their answer) and `:made` (the games
  they made in the last hour).
- `players/blocks.py`: `{p:ID}:blocks` (the players a player blocks) and `:blockers` (those who
  block them, so a deleted account's id leaves every set).
- `players/outbox.py`: `{p:ID}:outbox`, `:sending`, `:sent` (notices planned, being sent, sent), and
  `mail:due`, `mail:recheck` (whose mail is due, or is to be looked at again).
- `players/talk_carried.py`: `{p:ID}:talk` (what each player's notices have told them of each
game's talk).
- `players/wait_slots.py`: `{p:ID}:waits` (a player's open long polls).
- `players/login_links.py`: `{p:ID}:login:NONCE` (a login link spent).
- `players/web_sessions.py`: `{p:ID}:sessions` (a player's live web sessions; read with the player,
  whose profile `players/profiles.py` reads on the same pipeline).
- `players/events.py`: `{p:ID}:changes` (a player's events for their one wait: each game's
  latest, with its cursor, and the newest cursor made and dropped; also its channel), written
  by its own Lua (`EVENTS_LUA`), which `games/log_scripts.py`'s scripts run with the change
  they make, so a change and its events are one step.
- `games/standings.py`: `{r:TYPE}:standings`, `:board`, `:settled` (a game type's records and
  ratings).
- `games/watch.py`: `mail:games` (changed games to plan), `mail:logins` (login links asked for;
  also a channel), the games' `:log` channels the worker listens on (`games/game_log.py`
  announces on them, with the game's status), and in the queue's Redis
  `mail:queued:KIND:SUBJECT` (the one job of a kind queued for a subject: a game, a player, a
  hook; `mail:queued:KIND` for a job of none, such as the tick) and RQ's own keys, the play,
  mail and hooks' queues (a deleted player's jobs are dropped through RQ).
- `secret.py`: `server:secret` (the server's secret, when `TURNPOST_SECRET` is not set).

The rate limits' counters are the `limits` package's, under its own prefix.
"""

from __future__ import annotations

import hashlib


def game(game_id: str, part: str) -> str:
    """One of the game's keys (`part` as above)."""
    return f"{{g:{game_id}}}:{part}"


def game_of(key: str) -> str:
    """The game id in one of `game`'s keys (the relay hears a game's log channel by name)."""
    return key[len("{g:") : key.index("}")]


def idempotency(game_id: str, player_id: str, key: str) -> str:
    """Where a move made with `key` left its record, before the request index."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    return game(game_id, f"idem:{player_id}:{digest}")


def player(player_id: str, part: str) -> str:
    """One of the player's keys (`part` as above): their account's deletion takes every one
    of them (`Players.forget`)."""
    return f"{{p:{player_id}}}:{part}"


def scoped(scope: str, of: str, part: str) -> str:
    """A key that a game (`scope` "game") or a player may have alike, such as a webhook."""
    return game(of, part) if scope == "game" else player(of, part)


LOBBY = "lobby"
"""Sorted set: the ids of public games that may still have a seat free, by creation time."""


def player_name(name: str) -> str:
    return f"name:{name.casefold()}"


def player_email(email: str) -> str:
    """The players registered with an address (a set: one person may play as several)."""
    return f"email:{email.casefold()}"
