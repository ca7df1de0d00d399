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

Which move is made at the end is a version's `Settings`: the first made the one with the best
total; the second keeps the heuristic's favourite to the end and leaves it only for a move
that beats it sample by sample by more than two standard errors. Early in a Lost Cities game
the moves' payoffs differ by less than a point where a playout's noise is ten, and a search
that followed those differences made worse moves than its heuristic (against chikinn's
`committer`, from three wins in four to half); trusting the heuristic until the playouts are
sure kept most of both (docs/performance.md, Bots).

Determinized search like this (Perfect Information Monte Carlo) lets each sample's seats act on
what the sample shows them, which flatters moves whose worth hangs on hidden cards; searching
only the root, with seats played by the heuristic beyond it, keeps that to the playouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from shared.bots.heuristic import Heuristic
from shared.engine import KNOWING, Engine, Move, Seat


class Settings(NamedTuple):
    """How a version of the bots searches (`shared.bots.VERSIONS`)."""

    candidates: int = 8
    """The heuristic's best moves that the search compares."""
    first_samples: int = 6
    """Samples each candidate is played in at first; each halving doubles the next round's."""
    confidence: float | None = None
    """None: the move with the best total payoff is made. A number z: the heuristic's favourite
    is never dropped, and gives way only to a move whose advantage over it, sample by sample,
    is more than z standard errors: a playout's payoff is noisy, and a search that follows
    differences smaller than its noise plays worse than the heuristic it started from."""


FIRST = Settings()
"""The bots' first version: the best total wins."""


def search(
    engine: Engine[Any],
    state: Any,
    seat: Seat,
    heuristic: Heuristic,
    iterations: int,
    rnd: random.Random,
    out_of_time: Callable[[], bool] | None = None,
    settings: Settings = FIRST,
    knowing: int = KNOWING,
) -> tuple[Move, int]:
    """The move `seat` makes after at most `iterations` playouts (fewer when `out_of_time`
    says so, asked before each sample), and how many it made. `state` is read only through
    `resample` for `seat`, so the move depends on nothing the seat may not know."""
    moves = engine.legal_moves(state, seat)
    scores = heuristic.scores(state, seat, moves)
    ranked = sorted(range(len(moves)), key=lambda index: -scores[index])
    alive = [moves[index] for index in ranked[: settings.candidates]]
    confidence = settings.confidence
    totals = [0.0] * len(alive)
    gains = [0.0] * len(alive)
    """Per move, the sum over its samples of its payoff less the favourite's (`alive[0]`)..."""
    squares = [0.0] * len(alive)
    """... and of the squares of those differences."""
    samples = 0
    """The samples so far: every move alive now was played in each of them."""
    made = 0
    batch = settings.first_samples
    while len(alive) > 1:
        for _ in range(batch):
            if made + len(alive) > iterations or (out_of_time is not None and out_of_time()):
                if confidence is None:
                    return _best(alive, totals), made
                return _confident(alive, gains, squares, samples, confidence), made
            sample = engine.resample(state, seat, f"{rnd.getrandbits(128):032x}", knowing)
            luck = rnd.getrandbits(64)
            favourite = 0.0
            for index, move in enumerate(alive):
                after = engine.apply(sample, seat, move)
                payoff = heuristic.playout(engine, after, random.Random(luck))[seat]
                totals[index] += payoff
                if index == 0:
                    favourite = payoff
                gain = payoff - favourite
                gains[index] += gain
                squares[index] += gain * gain
            made += len(alive)
            samples += 1
        if len(alive) > 2:
            kept = _kept(totals, confidence)
            alive = [alive[index] for index in kept]
            totals = [totals[index] for index in kept]
            gains = [gains[index] for index in kept]
            squares = [squares[index] for index in kept]
        batch *= 2
    return alive[0], made


def _kept(totals: list[float], confidence: float | None) -> list[int]:
    """Which of the moves alive, by their `totals`, go on to the next round: half of them (the
    best, or with a `confidence` the favourite and the best of the others), in the heuristic's
    order, which breaks ties."""
    if confidence is None:
        kept = sorted(range(len(totals)), key=lambda index: -totals[index])[: len(totals) // 2]
    else:
        others = sorted(range(1, len(totals)), key=lambda index: -totals[index])
        kept = [0, *others[: max(1, len(totals) // 2 - 1)]]
    return sorted(kept)


def _best(moves: list[Move], totals: list[float]) -> Move:
    """The move with the best total payoff; the heuristic's order breaks ties."""
    return moves[max(range(len(moves)), key=lambda index: (totals[index], -index))]


def _confident(
    moves: list[Move], gains: list[float], squares: list[float], samples: int, z: float
) -> Move:
    """The heuristic's favourite (`moves[0]`), unless another's mean gain over it is more than
    `z` standard errors; then the one of those whose gain is surely the largest (the largest
    lower bound)."""
    chosen, bound = 0, 0.0
    if samples > 1:
        for index in range(1, len(moves)):
            mean = gains[index] / samples
            variance = max(squares[index] / samples - mean * mean, 0.0) * samples / (samples - 1)
            low = mean - z * math.sqrt(variance / samples)
            if low > bound:
                chosen, bound = index, low
    return moves[chosen]
