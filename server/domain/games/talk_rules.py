"""Table talk: what the players of a game say to each other, beside its moves.

A message is plain text, short, and never part of the log: it goes into a list of its own
(`TableTalk.say`), so it never changes the game's version (no one's `expected_version` goes
stale for it) and compaction leaves it alone. It is stamped with the version it was said at, so
the history can show it in its place. The store appends it in one step that also counts the
seat's recent messages (the rate limit) and finds a message sent before under the same key (a
resent request, a mail delivered twice), so a message is said once.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

from server.domain.errors import N_, Invalid, NotAPlayer, NotFound, NotJoined
from server.domain.games.record import GameRecord

MAX_CHARS = 500
MAX_LINES = 12
WINDOW_SECONDS = 60
MAX_MESSAGES = 1000
"""A game's talk is bounded: its store stays small however long the table chats."""

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f" + "".join(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))
)
"""Characters that reorder the text around them: a message could make what follows it, in a
notice or a page, read otherwise than it is."""

SEEN = ("L", "N", "S", "P")
"""The categories (letters, digits, symbols, punctuation) of characters a reader sees: a
message needs one. Format characters (Cf: zero-width spaces and joiners, U+FEFF, tags), marks
alone, variation selectors (Mn) and spaces draw nothing."""

BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that draw nothing: the Hangul fillers and the blank Braille pattern."""

MAX_MARKS = 4
"""Combining marks drawn over or under one character (Mn, Me), joiners and other format
characters between them not counting as characters: enough for Tibetan stacks, Hebrew points
with cantillation or an emoji keycap, and short of marks piled up to spill over the lines
around the message."""


@dataclass(frozen=True)
class Limits:
    """How much one seat may say: `per_window` messages in `window` seconds, and how many
    messages a game keeps at most."""

    per_window: int = 5
    window: int = WINDOW_SECONDS
    most: int = MAX_MESSAGES


Spoken = Literal["said", "throttled", "full"]


@dataclass(frozen=True)
class TalkOutcome:
    """The store's answer to `say`: `said` (with the message's number, counting from 1, and
    the message as stored: new, or found under its key), `throttled` (`value`: seconds until
    the seat may speak again) or `full`."""

    outcome: Spoken
    value: int
    message: dict[str, Any] | None = None


def allowed(character: str) -> bool:
    if character == "\n":
        return True
    return unicodedata.category(character) not in ("Cc", "Cs") and character not in BIDI_CONTROLS


def seen(character: str) -> bool:
    """Whether the character draws something a reader sees."""
    return unicodedata.category(character)[0] in SEEN and character not in BLANKS


def most_marks(text: str) -> int:
    """The most combining marks that any one character of `text` carries."""
    most = marks = 0
    for character in text:
        category = unicodedata.category(character)
        if category in ("Mn", "Me"):
            marks += 1
            most = max(most, marks)
        elif category != "Cf":
            marks = 0
    return most


def checked(text: str) -> str:
    """A message's text as kept: plain text in NFC without control characters (line breaks
    only, no CR), at most `MAX_CHARS` characters and `MAX_LINES` lines, blank lines at the ends
    trimmed; something in it can be seen (`seen`), and no character carries more than
    `MAX_MARKS` marks. Markup is kept as typed; whatever draws it escapes it. Every way in
    (the API, a `say:` reply, lines under a move by mail) comes through here."""
    bad = next((ch for ch in text if not allowed(ch)), None)
    if bad is not None:
        code_point = f"U+{ord(bad):04X}"
        raise Invalid(
            N_(
                "a message is plain text: the control character %(character)s is not allowed "
                "(line breaks are \\n alone)"
            ),
            {"character": code_point},
            "bad_message",
            {"character": code_point},
        )
    text = "\n".join(line.rstrip() for line in text.strip().splitlines())
    text = unicodedata.normalize("NFC", text)
    if not any(seen(ch) for ch in text):
        raise Invalid(
            N_(
                "a message needs some text that can be seen: a letter, digit, symbol or "
                "punctuation mark"
            ),
            code="empty_message",
        )
    if most_marks(text) > MAX_MARKS:
        raise Invalid(
            N_("a message is plain text: at most %(max_marks)d combining marks on one character"),
            {"max_marks": MAX_MARKS},
            "bad_message",
            {"max_marks": MAX_MARKS},
        )
    if len(text) > MAX_CHARS or text.count("\n") >= MAX_LINES:
        raise Invalid(
            N_("a message is at most %(max_chars)d characters on %(max_lines)d lines"),
            {"max_chars": MAX_CHARS, "max_lines": MAX_LINES},
            "message_too_long",
            {"max_chars": MAX_CHARS, "max_lines": MAX_LINES},
        )
    return text


def key_digest(player_id: str, key: str) -> str:
    """What a message keeps of the key it was sent with: enough to know it again."""
    return hashlib.sha256(f"{player_id}\0{key}".encode()).hexdigest()[:16]


def speaker(record: GameRecord | None, player_id: str) -> int:
    """The seat of a player who may talk at this table: one who has taken a seat."""
    if record is None:
        raise NotFound(N_("no such game"))
    seat = record.seat_of(player_id)
    if seat is None:
        if record.sits_or_invited(player_id):
            raise NotJoined(N_("join the game before talking at its table"))
        raise NotAPlayer(N_("you are not a player in this game"))
    return seat
