"""Idempotency keys: a resent move gets its first answer back, and a key names one request.

A move sent with a key (an API client's `Idempotency-Key`, or a reply's Message-ID) leaves a
record under that key, written by the script that appends the move: the request's fingerprint,
then the answer it got. A resend with the same key and the same request is answered from the
record. The same key with another request is a client's mistake (a key reused for the next
move), and answering it with the first move's answer would drop the new move without a word:
it is refused with 422 `idempotency_key_reused`, and nothing is written, as the IETF draft on
the Idempotency-Key header has it.

The fingerprint is the SHA-256 of the request as `submit` takes it (the move and the version
it was made against) in one canonical JSON, so key order and spacing in the body do not count.
The game and the player are in the record's name already (`server.keys.idempotency`).
Records written before fingerprints begin with the answer itself (zlib's 0x78, or `{` for the
oldest, uncompressed ones), never with a hex digit, and are replayed to any request.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from server import keys
from server.domain.errors import KeyReused

FINGERPRINT_LENGTH = 64
"""Hex digits of a SHA-256, at the start of every record written since fingerprints."""

_FINGERPRINTED = re.compile(rb"[0-9a-f]{%d}" % FINGERPRINT_LENGTH)


def fingerprint(move: Any, expected_version: int) -> str:
    canonical = json.dumps([move, expected_version], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass(frozen=True)
class Idempotency:
    """A move's key, as the name of its record in Redis, and its request's fingerprint."""

    record_key: str
    fingerprint: str

    @classmethod
    def of(
        cls, game_id: str, player_id: str, key: str, move: Any, expected_version: int
    ) -> Idempotency:
        return cls(keys.idempotency(game_id, player_id, key), fingerprint(move, expected_version))

    def record(self, answer: bytes) -> bytes:
        """What is kept for the move: the fingerprint, then the answer compressed (zlib
        halves it; see `server.store`)."""
        return self.fingerprint.encode() + zlib.compress(answer, 6)

    def answer(self, record: bytes) -> str:
        """The first answer, from the record under this key; 422 if it was another request's."""
        head = record[:FINGERPRINT_LENGTH]
        if _FINGERPRINTED.fullmatch(head):
            if head.decode() != self.fingerprint:
                raise reused()
            record = record[FINGERPRINT_LENGTH:]
        return record.decode() if record.startswith(b"{") else zlib.decompress(record).decode()


def reused() -> KeyReused:
    return KeyReused(
        "this Idempotency-Key was already used for a different move; send a new move with a "
        "new key (a resend with the same key must repeat the same request)",
    )
