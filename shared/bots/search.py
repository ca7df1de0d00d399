"""Search over sampled games: the heuristic's best moves compared on the same samples.

A seat cannot search the true game: it does not know the hidden cards, the others' money or
hidden choices, nor the dice to come. So it samples games it cannot tell from the true one
(`Engine.resample`, a fresh seed each time) and plays each candidate move in each of them,
the game going on by the heuristic's `playout` (every seat playing by what its sample shows
it). A playout's payoff swings with the luck of the sample far more than with the move it
started from, so every candidate is played in the *same* samples, with the same randomness in
its playout: the luck cancels out of the comparison (common random numbers), and a few dozen
samples tell moves apart that thousands of independent ones would not.

The budget goes where it tells most, by sequential halving (Karnin, Koren and Somekh, 2013):
the heuristic's `CANDIDATES` best moves are played in `FIRST_SAMPLES` samples; the better half
(by mean payoff over the samples all of them share) goes on, each in twice as many new
samples, and so on; once two are left, they go on in ever more samples while the budget lasts.
The schedule does not depend on the budget, which only says where it stops: a decision is a
function of what the seat knows, the seed and the number of playouts made, so it replays.

Determinized search like this (Perfect Information Monte Carlo) lets each sample's seats act on
what the sample shows them, which flatters moves whose worth hangs on hidden cards; searching
only the root, with seats played by the heuristic beyond it, keeps that to the playouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from shared.bots.heuristic import Heuristic
from shared.engine import Engine, Move, Seat

CANDIDATES = 8
"""The heuristic's best moves that the search compares."""
FIRST_SAMPLES = 6
"""Samples each candidate is played in at first; each halving doubles the next round's."""


def search(
    engine: Engine[Any],
    state: Any,
    seat: Seat,
    heuristic: Heuristic,
    iterations: int,
    rnd: random.Random,
    out_of_time: Callable[[], bool] | None = None,
) -> tuple[Move, int]:
    """The move `seat` makes after at most `iterations` playouts (fewer when `out_of_time`
    says so, asked before each sample), and how many it made. `state` is read only through
    `resample` for `seat`, so the move depends on nothing the seat may not know."""
    moves = engine.legal_moves(state, seat)
    scores = heuristic.scores(state, seat, moves)
    ranked = sorted(range(len(moves)), key=lambda index: -scores[index])
    alive = [moves[index] for index in ranked[:CANDIDATES]]
    totals = [0.0] * len(alive)
    made = 0
    batch = FIRST_SAMPLES
    while len(alive) > 1:
        for _ in range(batch):
            if made + len(alive) > iterations or (out_of_time is not None and out_of_time()):
                return _best(alive, totals), made
            sample = engine.resample(state, seat, f"{rnd.getrandbits(128):032x}")
            luck = rnd.getrandbits(64)
            for index, move in enumerate(alive):
                after = engine.apply(sample, seat, move)
                totals[index] += heuristic.playout(engine, after, random.Random(luck))[seat]
            made += len(alive)
        if len(alive) > 2:
            kept = sorted(range(len(alive)), key=lambda index: -totals[index])[: len(alive) // 2]
            kept.sort()  # in the heuristic's order, which breaks ties
            alive = [alive[index] for index in kept]
            totals = [totals[index] for index in kept]
        batch *= 2
    return alive[0], made


def _best(moves: list[Move], totals: list[float]) -> Move:
    """The move with the best total payoff; the heuristic's order breaks ties."""
    return moves[max(range(len(moves)), key=lambda index: (totals[index], -index))]
