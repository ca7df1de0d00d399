"""A player: their profile as typed values, read once where the store reads it and passed whole.

The store keeps a profile as a hash of strings (`{p:ID}:profile`); its profiles are the one place
that knows how, reading and writing each field by its type here, so a field added to `Player` is
stored and read back without another word. Immutable: a change makes a new one
(`Players.update`), and the store writes only the fields that changed.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_QUIET_HOURS = "22:00-08:00"
ANYONE, PLAYED, NOBODY = "anyone", "played", "nobody"
INVITATIONS = (ANYONE, PLAYED, NOBODY)
"""Whom a player takes invitations from: anyone, the players they have played a game with, or
nobody (`server.domain.service.invitations`)."""
"""A player's quiet hours until they choose others (`server.domain.players.quiet`)."""


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    email: str
    timezone: str
    """An IANA zone, in which quiet hours, digests and deadlines are read."""
    created: int
    token_hash: str
    """The SHA-256 of their bearer token, never the token (the store keeps no other)."""
    quiet_hours: str = DEFAULT_QUIET_HOURS
    """`HH:MM-HH:MM` in their own zone, or `none`."""
    digest: bool = False
    """Mail held for a daily digest rather than sent as it comes."""
    vacation_since: float | None = None
    vacation_until: float | None = None
    """Where this year's vacation allowance runs out (as the store counts the allowance)."""
    calendar_hash: str | None = None
    """The SHA-256 of their calendar feed's address, if they have one."""
    language: str = "en"
    """The language their mail, pages and refusals are written in (`shared.words.LANGUAGES`)."""
    bot_account: bool = False
    """A program plays this account (`turnpost bot`), and it says so wherever its name is shown
    (`shared.engine.shown_name`). Not to be mistaken for the service's own bots, which take a
    seat with no account behind it (`Seat.bot`, `server.domain.games.bots`)."""
    invitations: str = ANYONE
    """Whom they take invitations from, one of `INVITATIONS`."""
