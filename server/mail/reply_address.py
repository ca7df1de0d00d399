"""The address a turn email is answered at: `play+<ticket>@<domain>`.

The ticket names the game, the seat and the version the email was written at, signed with the
server's secret (`server.storage.secret`), so a reply can move only for that seat and only while the
game is still where the email left it: once anyone moves, the ticket is stale, which makes it
single-use.

It is base32 (mail systems may change the case of an address) and short enough for the
64 characters RFC 5321 allows before the '@': 12 bytes of game id, one of seat, four of version
and a 96-bit HMAC-SHA256 make 47 characters.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
from dataclasses import dataclass

LOCAL_PREFIX = "play+"
PAYLOAD = struct.Struct(">12sBI")
MAC_BYTES = 12


@dataclass(frozen=True)
class Ticket:
    game_id: str
    seat: int
    version: int


def reply_address(ticket: Ticket, key: bytes, domain: str) -> str:
    payload = PAYLOAD.pack(bytes.fromhex(ticket.game_id), ticket.seat, ticket.version)
    return f"{LOCAL_PREFIX}{_encode(payload + _mac(payload, key))}@{domain}"


def read_reply_address(address: str, key: bytes) -> Ticket | None:
    """The ticket of a reply address, or None if it is not one of ours or its signature is
    wrong (a forged or altered address)."""
    local = address.strip().rpartition("@")[0].lower()
    if not local.startswith(LOCAL_PREFIX):
        return None
    token = local.removeprefix(LOCAL_PREFIX)
    try:
        raw = base64.b32decode(token.upper() + "=" * (-len(token) % 8))
    except (binascii.Error, ValueError):
        return None
    payload, mac = raw[: PAYLOAD.size], raw[PAYLOAD.size :]
    if len(raw) != PAYLOAD.size + MAC_BYTES or _encode(raw) != token:
        return None  # the last character's padding bits must be zero: one spelling per ticket
    if not hmac.compare_digest(mac, _mac(payload, key)):
        return None
    game_id, seat, version = PAYLOAD.unpack(payload)
    return Ticket(game_id.hex(), seat, version)


def _encode(raw: bytes) -> str:
    return base64.b32encode(raw).decode().rstrip("=").lower()


def _mac(payload: bytes, key: bytes) -> bytes:
    return hmac.new(key, payload, hashlib.sha256).digest()[:MAC_BYTES]
