"""The lists a player can make grow, read a page at a time: their games (`mine`), the lobby, a
player's finished games.

Each list is kept in an index whose order never changes while an item is in it: a game's place
is its creation time, ties broken by its id (`Position`). A page ends at a position, and the
next page starts just after it, so a game that changes (a move, a join, its end) keeps its place
and is never skipped or met twice while one pages; a game added meanwhile comes before the first
page (games newest first) or after the last (the lobby, oldest first) and one removed is simply
not met. What a list keeps of its index (a player's games waiting on them, say) is judged as
each page is read: a game that leaves a list between two pages is not met again, one that joins
it is met if its place is still ahead. Reading a page reads at most `SCAN_FACTOR` times its limit
of the index, so a page may hold fewer games than asked for, even none, and still have a next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from server.domain.games.loaded import ACTIVE, OPEN
from server.domain.games.record import GameRecord

T = TypeVar("T")

DEFAULT_LIMIT = 50
"""A page's length when none is asked for."""
MAX_LIMIT = 200
"""The longest page one may ask for."""
SCAN_FACTOR = 4
"""How many times a page's limit of its index a page reads at most, looking for what it keeps."""

WAITING = "waiting"


@dataclass(frozen=True)
class Position:
    """An item's place in its list's order: the score its index keeps it by (a creation time)
    and its id, which orders items of one score."""

    score: int
    id: str


@dataclass(frozen=True)
class Page(Generic[T]):
    """A page of a list, and where the next starts (None: this was the last)."""

    items: list[T]
    next: Position | None


Read = Callable[[Position | None, int], list[tuple[T, Position]]]
"""Up to `count` items of an index after a position (None: from its start), each with its own."""


def filtered(
    read: Read[T | None], keep: Callable[[T], bool], after: Position | None, limit: int
) -> Page[T]:
    """A page of up to `limit` items that `keep` keeps, read from `after` on (items read as None,
    gone meanwhile, are passed over), in chunks of `limit`, at most `SCAN_FACTOR` of them."""
    items: list[T] = []
    for _ in range(SCAN_FACTOR):
        chunk = read(after, limit)
        for item, position in chunk:
            after = position
            if item is not None and keep(item):
                items.append(item)
                if len(items) == limit:
                    return Page(items, after)
        if len(chunk) < limit:
            return Page(items, None)
    return Page(items, after)


@dataclass(frozen=True)
class Listing:
    """What a game is in one player's list: their seat, whether they are only invited so far,
    whether it waits on them (their turn, or their answer to an invitation), and so the one
    category it is listed under (`waiting`, else its status)."""

    seat: int
    invited: bool
    waiting: bool
    category: str

    def shown_as(self, which: str | None) -> bool:
        """Whether `mine=which` lists it (None: every game; `active` the waiting ones too)."""
        return which is None or which == self.category or (which == ACTIVE and self.waiting)


def listing(record: GameRecord, player_id: str) -> Listing | None:
    """The game in the player's list (None if no seat in it is theirs: one given up, or not
    yet theirs: see `Seating.join`)."""
    seat = next((i for i, s in enumerate(record.seats) if s.player == player_id), None)
    if seat is None:
        return None
    invited = not record.seats[seat].joined
    waiting = (record.status == ACTIVE and seat in record.to_act) or (
        record.status == OPEN and invited
    )
    return Listing(seat, invited, waiting, WAITING if waiting else record.status)


def listed_as(record: GameRecord, player_id: str, which: str | None) -> bool:
    """Whether the player's list `mine=which` holds the game (`Listing.shown_as`)."""
    found = listing(record, player_id)
    return found is not None and found.shown_as(which)
