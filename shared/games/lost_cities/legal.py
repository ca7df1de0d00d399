"""Every legal move of a Lost Cities turn, from tables built once for each set of open piles.

The moves are the shared dicts of `moves`'s tables (a playout lists them on every turn), so
callers treat them as read-only.
"""

from __future__ import annotations

from shared.engine import Move
from shared.games.lost_cities.cards import BLOCKED_BY
from shared.games.lost_cities.moves import DISCARDS, PLAYS_OR_DISCARDS
from shared.games.lost_cities.state import State


def legal_moves(state: State, seat: int) -> list[Move]:
    """Only the fields it needs are read (a compiled engine reads a NamedTuple's field as a
    tuple item, and unpacking them all would check every one's type)."""
    mover = state.mover
    if mover is None or mover != seat:
        return []
    played = state.expeditions[seat]
    piles = 0 if state.deal.rules.must_draw_deck(state.stall) else state.open_piles
    discards, plays_or_discards = DISCARDS[piles], PLAYS_OR_DISCARDS[piles]
    moves: list[Move] = []
    for card in state.hands[seat]:
        moves.extend(discards[card] if played & BLOCKED_BY[card] else plays_or_discards[card])
    return moves
