"""A player is a typed record (`server.domain.players.player`), read and written by `Players`
alone: the profile hash keeps the fields and strings it always kept, and reads back as the same
player."""

from __future__ import annotations

import dataclasses

import redis

from server.domain.players.away import Away
from server.domain.players.held_mail import HeldMail
from server.domain.players.player import DEFAULT_QUIET_HOURS, Player
from server.presenters.players import profile
from server.storage import keys
from server.storage.players.profiles import Players, decode, encode
from server.storage.redis_client import as_text

STORED = ["id", "name", "email", "timezone", "created", "token_hash"]
"""What registering writes: a setting left at its default is not."""


def stored(client: redis.Redis, player_id: str) -> dict[str, str]:
    raw = client.hgetall(keys.player(player_id, "profile"))
    return {as_text(k): as_text(v) for k, v in raw.items()}


def test_a_profile_keeps_strings_and_reads_back_as_the_same_player(
    redis_client: redis.Redis,
) -> None:
    players = Players(redis_client)
    ada, _ = players.register("ada", "ada@example.org", "Europe/Warsaw")
    fields = stored(redis_client, ada.id)
    assert list(fields) == STORED and fields["created"] == str(ada.created)
    assert players.get(ada.id) == ada == decode(fields)
    assert encode(ada) == fields
    assert (ada.quiet_hours, ada.digest, ada.vacation_since) == (DEFAULT_QUIET_HOURS, False, None)

    changed = players.update(
        ada, {"digest": True, "quiet_hours": "none", "vacation_since": 1.5, "vacation_until": 9.0}
    )
    fields = stored(redis_client, ada.id)
    assert fields["digest"] == "true" and fields["quiet_hours"] == "none"
    assert (fields["vacation_since"], fields["vacation_until"]) == ("1.5", "9.0")
    assert players.get(ada.id) == changed
    assert players.update(changed, {"digest": False}).digest is False
    assert stored(redis_client, ada.id)["digest"] == "false"
    assert players.update(changed, {"vacation_since": None}).vacation_since is None
    assert "vacation_since" not in stored(redis_client, ada.id)


def test_a_profile_shows_what_it_always_showed() -> None:
    ada = Player("p_1", "ada", "ada@example.org", "UTC", 1_800_000_000, "hash")
    away, held = Away(False, None, None, 21.0), HeldMail(False, 0, None, {})
    assert profile(ada, away, held) == {
        "id": "p_1",
        "name": "ada",
        "email": "ada@example.org",
        "timezone": "UTC",
        "created": 1_800_000_000,
        "quiet_hours": DEFAULT_QUIET_HOURS,
        "bot_account": False,
        "digest": False,
        "language": "en",
        "invitations": "anyone",
        "vacation": {"on": False, "since": None, "until": None, "days_left": 21.0},
        "mail": {"held_now": False, "held_count": 0, "next_release": None},
    }
    assert profile(dataclasses.replace(ada, digest=True), away, held)["digest"] is True


def test_fields_it_does_not_know_are_passed_over_and_one_missing_is_no_player() -> None:
    """A field written by a newer version is left alone; a hash without a field every profile
    has (a write that came after the profile's deletion) is no player."""
    ada = Player("p_1", "ada", "ada@example.org", "UTC", 1_800_000_000, "hash")
    assert decode({**encode(ada), "written_later": "1"}) == ada
    assert decode({"id": "p_1", "digest": "true"}) is None
