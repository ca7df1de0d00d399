"""Players and their bearer tokens. A token is shown once; Redis keeps only its SHA-256.

A token is `<player id>.<secret>`: the id says which profile to read, and the profile's
`token_hash` says whether the whole token is the right one. Authenticating is then one read of
one key (no index from token to player to keep in step), and rotating a token is one write: the
old token stops working the moment the new hash is stored.

A player's name index and profile live in different hash slots, so registering cannot be one
atomic step on Redis Cluster. It writes the profile first and claims the name last (SET NX): a
profile whose name was never claimed has no name to be found by and a token no one was told.
The index of addresses (for the login page, `by_email`) is only a hint, added to before a
profile takes an address and taken from after it leaves it: what counts is the profile's own.

The profile (`{p:ID}:profile`) is read and written here alone, as a `Player`
(`server.domain.players.player`): each field a string (`text`), read back by the type `Player`
gives it (`decode`), and left out while it holds its default. What other parts keep in it (a
vacation, `server.storage.players.vacations`; a calendar feed's hash,
`server.storage.players.calendars`) they write through `update` and `unset`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, get_args, get_type_hints

from server.domain.errors import N_, Conflict
from server.domain.games.lists import Position
from server.domain.players.player import Player
from server.storage import keys
from server.storage.ranges import Ranges
from server.storage.redis_client import Client, Pipe, as_text, hash_fields, members

PLAYER_ID = re.compile(r"p_[0-9a-f]{16}")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(player_id: str) -> str:
    return f"{player_id}.{secrets.token_urlsafe(32)}"


def token_generation(player: Player) -> str:
    """Names the player's current token without giving away its hash: a web session and a
    login link carry it, so rotating the token ends them."""
    return hashlib.sha256(b"generation:" + player.token_hash.encode()).hexdigest()[:32]


READ: dict[Any, Callable[[str], Any]] = {
    bool: lambda raw: raw == "true",
    int: int,
    float: float,
    str: str,
}
"""How a field of each type is read from its string (`text` writes it)."""


def _reader(hint: Any) -> Callable[[str], Any]:
    """How a field of the type `hint` (`X` or `X | None`) is read."""
    return READ[next((t for t in get_args(hint) if t is not type(None)), hint)]


FIELDS = dataclasses.fields(Player)
READERS = {name: _reader(hint) for name, hint in get_type_hints(Player).items()}
REQUIRED = [f.name for f in FIELDS if f.default is dataclasses.MISSING]


def text(value: object) -> str:
    """A field's value as the profile keeps it: booleans as JSON spells them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def decode(fields: Mapping[str, str]) -> Player | None:
    """The player a profile's fields make; None if one every profile has is missing (none
    there, or a write that came after its deletion). Fields `Player` does not know are left
    out."""
    if any(name not in fields for name in REQUIRED):
        return None
    return Player(**{name: READERS[name](raw) for name, raw in fields.items() if name in READERS})


def read_profile(pipe: Pipe, player_id: str) -> None:
    """The read of a player's profile, queued on `pipe`, whose reply `profiled` decodes: for
    an owner of other keys of the player that reads them with the player in one round trip
    (`web_sessions.py`)."""
    pipe.hgetall(keys.player(player_id, "profile"))


def profiled(raw: Mapping[bytes | str, bytes | str]) -> Player | None:
    """The player whose profile hash Redis gave as `raw` (None if it has none)."""
    return decode({as_text(k): as_text(v) for k, v in raw.items()})


def encode(player: Player, names: Iterable[str] | None = None) -> dict[str, str]:
    """The player's fields `names` as the profile keeps them (a None: not kept); without
    `names`, every field that does not hold its default (a new profile's)."""
    if names is None:
        names = [f.name for f in FIELDS if getattr(player, f.name) != f.default]
    return {name: text(value) for name in names if (value := getattr(player, name)) is not None}


ADDRESSES_INDEXED = "players:addresses-indexed"


class Players:
    def __init__(self, client: Client) -> None:
        self.client = client
        self.ranges = Ranges(client)

    def register(
        self, name: str, email: str, timezone: str, language: str = "en"
    ) -> tuple[Player, str]:
        """A new player (as `get` reads them: show them through `public`) and their first
        token; the name is claimed atomically (SET NX), last."""
        player_id = "p_" + secrets.token_hex(8)
        if self.client.exists(keys.player_name(name)):
            raise name_taken(name)
        token = new_token(player_id)
        player = Player(
            id=player_id,
            name=name,
            email=email,
            timezone=timezone,
            language=language,
            created=int(time.time()),
            token_hash=hash_token(token),
        )
        self.client.sadd(keys.player_email(email), player_id)
        self.client.hset(keys.player(player_id, "profile"), mapping=hash_fields(encode(player)))
        if not self.client.set(keys.player_name(name), player_id, nx=True):
            # Lost a race for the name: take back the profile (unreachable either way).
            self.client.delete(keys.player(player_id, "profile"))
            self.client.srem(keys.player_email(email), player_id)
            raise name_taken(name)
        return player, token

    def by_token(self, token: str) -> Player | None:
        player_id, _, _ = token.partition(".")
        if not PLAYER_ID.fullmatch(player_id):
            return None
        player = self.get(player_id)
        if player is None or not hmac.compare_digest(player.token_hash, hash_token(token)):
            return None  # unknown, mistyped, or rotated away
        return player

    def get(self, player_id: str) -> Player | None:
        return profiled(self.client.hgetall(keys.player(player_id, "profile")))

    def by_name(self, name: str) -> Player | None:
        player_id = self.client.get(keys.player_name(name))
        return self.get(as_text(player_id)) if player_id else None

    def index_addresses(self) -> int:
        """Put players registered before the address index existed into it (the login page
        finds players by address); done once, then a marker says so. Returns how many."""
        if self.client.exists(ADDRESSES_INDEXED):
            return 0
        indexed = 0
        for key in self.client.scan_iter(match=keys.player("*", "profile"), count=1000):
            player_id, email = self.client.hmget(key, "id", "email")
            if player_id and email:
                self.client.sadd(keys.player_email(as_text(email)), as_text(player_id))
                indexed += 1
        self.client.set(ADDRESSES_INDEXED, "1")
        return indexed

    def by_email(self, email: str) -> list[Player]:
        """The players whose address is `email` (in any case)."""
        ids = sorted(as_text(member) for member in self.client.smembers(keys.player_email(email)))
        found = (self.get(player_id) for player_id in ids)
        return [p for p in found if p is not None and p.email.casefold() == email.casefold()]

    def update(self, player: Player, changes: Mapping[str, Any]) -> Player:
        """The player with `changes` (values of `Player`'s fields, by name), each written (a
        None taken out)."""
        changed = dataclasses.replace(player, **changes)
        moved = changed.email.casefold() != player.email.casefold()
        if moved:
            self.client.sadd(keys.player_email(changed.email), player.id)
        written = encode(changed, changes)
        if written:
            self.client.hset(keys.player(player.id, "profile"), mapping=hash_fields(written))
        if len(written) < len(changes):
            self.unset(player.id, [name for name in changes if name not in written])
        if moved:
            self.client.srem(keys.player_email(player.email), player.id)
        return changed

    def unset(self, player_id: str, fields: list[str], via: Client | Pipe | None = None) -> None:
        """Take fields out of the profile (through `via`, a caller's transaction, if given)."""
        (via or self.client).hdel(keys.player(player_id, "profile"), *fields)

    def rotate_token(self, player: Player) -> str:
        """A new token; the old one stops working at once (see the module's docstring)."""
        token = new_token(player.id)
        self.update(player, {"token_hash": hash_token(token)})
        return token

    def forget(self, player: Player) -> None:
        """The player gone: their name free for anyone, their address no longer theirs, and
        every key of theirs (`{p:ID}:*`) deleted, the profile last, so that a deletion cut
        short leaves a profile whose token can send it again."""
        name = keys.player_name(player.name)
        if as_text(self.client.get(name) or b"") == player.id:
            self.client.delete(name)
        self.client.srem(keys.player_email(player.email), player.id)
        profile = keys.player(player.id, "profile")
        for key in self.client.scan_iter(match=keys.player(player.id, "*"), count=1000):
            if as_text(key) != profile:
                self.client.delete(key)
        self.client.delete(profile)

    def add_game(self, player_id: str, game_id: str, created: float) -> None:
        self.client.zadd(keys.player(player_id, "games"), {game_id: created})

    def remove_game(self, player_id: str, game_id: str) -> None:
        self.client.zrem(keys.player(player_id, "games"), game_id)

    def game_ids(self, player_id: str) -> list[str]:
        return members(self.client.zrevrange(keys.player(player_id, "games"), 0, -1))

    def shared_games(self, player_id: str, other_id: str) -> list[str]:
        """The games in both players' lists: the shorter list, looked up in the other (the
        lists live in different slots)."""
        lists = [keys.player(player_id, "games"), keys.player(other_id, "games")]
        pipe = self.client.pipeline(transaction=False)
        for key in lists:
            pipe.zcard(key)
        sizes = pipe.execute()
        shorter, longer = lists if sizes[0] <= sizes[1] else lists[::-1]
        mine = members(self.client.zrevrange(shorter, 0, -1))
        if not mine:
            return []
        theirs = self.client.zmscore(longer, mine)
        return [game_id for game_id, score in zip(mine, theirs, strict=True) if score is not None]

    def game_page(self, player_id: str, after: Position | None, count: int) -> list[Position]:
        """Up to `count` of the player's games after `after`, newest first (by creation)."""
        return self.ranges.after(keys.player(player_id, "games"), after, count, newest_first=True)


def name_taken(name: str) -> Conflict:
    return Conflict(
        N_("the name %(name)s is taken; choose another"), code="name_taken", values={"name": name}
    )
