"""Reply addresses: they carry their ticket, survive case changes, and refuse forgery."""

from __future__ import annotations

import redis

from server.mail.reply_address import Ticket, read_reply_address, reply_address
from server.storage.secret import ServerSecret

KEY = b"a secret"
BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
TICKET = Ticket(game_id="0123456789abcdef01234567", seat=2, version=417)


def test_an_address_reads_back_as_its_ticket_whatever_the_case() -> None:
    address = reply_address(TICKET, KEY, "turnpost.example")
    assert len(address.partition("@")[0]) <= 64
    assert read_reply_address(address, KEY) == TICKET
    assert read_reply_address(address.upper(), KEY) == TICKET


def test_a_forged_or_altered_address_reads_as_nothing() -> None:
    address = reply_address(TICKET, KEY, "turnpost.example")
    assert read_reply_address(address, b"another secret") is None
    local, _, domain = address.partition("@")
    middle = len(local) // 2
    flipped = local[:middle] + ("a" if local[middle] != "a" else "b") + local[middle + 1 :]
    assert read_reply_address(f"{flipped}@{domain}", KEY) is None
    last = local[-1]
    padding_changed = (
        local[:-1]
        + "abcdefghijklmnopqrstuvwxyz234567"["abcdefghijklmnopqrstuvwxyz234567".index(last) ^ 1]
    )
    assert read_reply_address(f"{padding_changed}@{domain}", KEY) is None
    other_seat = reply_address(Ticket(TICKET.game_id, 3, TICKET.version), b"x", "t.example")
    assert read_reply_address(other_seat, KEY) is None
    for junk in ["", "@", "ada@example.org", "play+@x", "play+!!!@x", "play+" + "a" * 300 + "@x"]:
        assert read_reply_address(junk, KEY) is None


def test_without_a_configured_secret_every_process_shares_one_kept_in_redis(
    redis_client: redis.Redis,
) -> None:
    first = ServerSecret("", redis_client).key()
    assert len(first) >= 32
    assert ServerSecret("", redis_client).key() == first
    assert ServerSecret("configured", redis_client).key() == b"configured"
