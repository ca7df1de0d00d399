"""Playing a game through to its end by the public protocol alone.

Property tests, the engine benchmark and scripted players all need "play until it is over,
picking moves somehow"; the picking is passed in, so this stays free of randomness itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from shared.engine import Engine, Move, Seat

Pick = Callable[[tuple[Seat, ...]], Seat]
Choose = Callable[[list[Move]], Move]


def playout(
    engine: Engine[Any],
    state: Any,
    pick_seat: Pick,
    choose_move: Choose,
    max_moves: int = 100_000,
) -> tuple[Any, list[tuple[Seat, Move]]]:
    """Play from `state` to the end; returns the final state and the log of (seat, move).
    `pick_seat` is asked only when several seats are to act."""
    log: list[tuple[Seat, Move]] = []
    while len(log) < max_moves:
        seats = engine.to_act(state)
        if not seats:
            return state, log
        seat = seats[0] if len(seats) == 1 else pick_seat(seats)
        move = choose_move(engine.legal_moves(state, seat))
        state = engine.apply(state, seat, move)
        log.append((seat, move))
    raise RuntimeError(f"{engine.type_id} did not end within {max_moves} moves")


def replay(engine: Engine[Any], state: Any, log: Iterable[tuple[Seat, Move]]) -> Any:
    """The state a log leads to from `state` (a new game, or a snapshot part-way through):
    how the service and `turnpost verify` rebuild a game."""
    for seat, move in log:
        state = engine.apply(state, seat, move)
    return state
