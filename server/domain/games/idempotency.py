"""Idempotency keys: a resent move gets its first answer back, and a key names one request.

A move sent with a key (an API client's `Idempotency-Key`, or a reply's Message-ID) is noted in
its game's request index (`{g:ID}:requests`) by the script that appends it: under a digest of
the player and the key, where its entries lie in the log (`Made`), the request's fingerprint,
and the steps its batch handed back untried. Nothing of the answer is kept: the log never
changes, so a resend is answered by building the first answer again from it (the mover's view
at the version after the move, and the move's own events: `GameService`).

The same key with another request is a client's mistake (a key reused for the next move), and
answering it with the first move's answer would drop the new move without a word: it is refused
with 422 `idempotency_key_reused`, and nothing is written, as the IETF draft on the
Idempotency-Key header has it. The fingerprint is the SHA-256 of the request as `submit` takes
it (the move and the version it was made against) in one canonical JSON, so key order and
spacing in the body do not count; the index keeps its first 16 hex digits.

A finished game, once compacted (its archive in the store), keeps of each such move only a
4-byte `tag` of its key's digest and fingerprint, at the move's first entry. A resend carries the
version its request was made against, and its move is the first of the player's seat from there on
(a move is made against a later version only if the seat has not moved since), so the tag there
tells whether it is the same request; a key reused in a finished game meets `game_over` instead.

Before the index, each such move left a record of its own (the store's `idempotency` key)
holding the fingerprint and then the whole answer (zlib's 0x78, or `{` for the oldest records, which
have no fingerprint and are replayed to any request); those are still read until they expire.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from server.domain.encoding import encoded
from server.domain.errors import N_, KeyReused
from shared.fairness import canonical

FINGERPRINT_LENGTH = 64
"""Hex digits of a SHA-256, at the start of every record written since fingerprints."""
KEPT_FINGERPRINT = 16
"""Hex digits of the fingerprint the index keeps."""
TAG_BYTES = 4

_FINGERPRINTED = re.compile(rb"[0-9a-f]{%d}" % FINGERPRINT_LENGTH)


def fingerprint(move: Any, expected_version: int) -> str:
    return hashlib.sha256(canonical([move, expected_version]).encode()).hexdigest()


def tag(field: bytes, kept_fingerprint: str) -> bytes:
    """What a compacted game keeps of a move made with a key: its field in the index and its
    request's fingerprint in a few bytes."""
    return hashlib.sha256(field + kept_fingerprint.encode()).digest()[:TAG_BYTES]


@dataclass(frozen=True)
class Made:
    """A move made with a key: its entries are the log's after `version`, `steps` of them, and
    it was answered with the steps after them `untried` (None: all were made)."""

    version: int
    steps: int
    fingerprint: str | None
    """The request's (the index keeps its start); None when there is none to check a resend
    against: a record from before fingerprints, or a compacted game's tag, which matched."""
    untried: list[Any] | None = None

    @property
    def end(self) -> int:
        """The version the move's answer shows."""
        return self.version + self.steps

    def noted(self) -> bytes:
        """As the index keeps it."""
        return encoded([self.version, self.steps, self.fingerprint, self.untried])

    @classmethod
    def from_index(cls, value: bytes) -> Made:
        version, steps, kept, untried = json.loads(value)  # untried steps may be any JSON
        return cls(version, steps, kept, untried)

    @classmethod
    def from_record(cls, record: bytes) -> Made:
        """What a record from before the index says of its move, read from its answer."""
        head = record[:FINGERPRINT_LENGTH]
        kept = head.decode() if _FINGERPRINTED.fullmatch(head) else None
        body = record[FINGERPRINT_LENGTH:] if kept else record
        answer = orjson.loads(body if body.startswith(b"{") else zlib.decompress(body))
        steps = len(answer["applied"])
        untried = answer["untried"]["steps"] if "untried" in answer else None
        return cls(answer["version"] - steps, steps, kept, untried)


@dataclass(frozen=True)
class Idempotency:
    """A move's key, as its field in the game's request index, and its request."""

    field: bytes
    fingerprint: str
    expected_version: int
    player_id: str
    key: str
    """The key as sent: where a record from before the index would be is the store's to say."""

    @classmethod
    def of(cls, player_id: str, key: str, move: Any, expected_version: int) -> Idempotency:
        field = hashlib.sha256(f"{player_id}\n{key}".encode()).digest()[:16]
        return cls(
            field,
            fingerprint(move, expected_version),
            expected_version,
            player_id,
            key,
        )

    def made(self, version: int, steps: int, untried: Sequence[Any]) -> Made:
        """This request's move, made at `version` into `steps` entries."""
        kept = self.fingerprint[:KEPT_FINGERPRINT]
        return Made(version, steps, kept, list(untried) if untried else None)

    @property
    def tag(self) -> bytes:
        return tag(self.field, self.fingerprint[:KEPT_FINGERPRINT])

    def check(self, made: Made) -> Made:
        """`made`, if this request made it; 422 if another request did, under this key."""
        if made.fingerprint is not None and not self.fingerprint.startswith(made.fingerprint):
            raise reused()
        return made


def reused() -> KeyReused:
    return KeyReused(
        N_(
            "this Idempotency-Key was already used for a different move; send a new move with "
            "a new key (a resend with the same key must repeat the same request)"
        ),
    )
