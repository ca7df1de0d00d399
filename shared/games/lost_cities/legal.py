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
    deal, mover, hands, _, expeditions, _, open_piles, _, stall, _ = state
    if seat != mover:
        return []
    played = expeditions[seat]
    piles = 0 if deal.rules.must_draw_deck(stall) else open_piles
    discards, plays_or_discards = DISCARDS[piles], PLAYS_OR_DISCARDS[piles]
    moves: list[Move] = []
    for card in hands[seat]:
        moves += discards[card] if played & BLOCKED_BY[card] else plays_or_discards[card]
    return moves
