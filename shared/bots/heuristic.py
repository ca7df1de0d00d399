"""What a bot knows of one game: how good each move looks, and how a game goes on from here.

The search (`shared.bots.search`) is the same for every game; what it needs of a game beyond
the engine protocol is a `Heuristic`. Its `scores` rank a seat's legal moves (the `quick`
level plays the best; the search compares the best few), and its `playout` plays a
sampled game on to an end it can judge (the game's end, or a point where the outcome is
clear enough), returning a payoff per seat. Both see a state the bot sampled
(`Engine.resample`), so a heuristic that read another seat's hand would read a guess; they read
what the deciding seat may know.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Protocol

from shared.engine import Engine, Move, Seat

Payoffs = tuple[float, ...]
"""Per seat, how well the game went for it, from 0 (lost) to 1 (won alone)."""

WIN_SHARE = 0.75
"""How much of a payoff is winning; the rest rewards the margin, so that a playout that loses
narrowly counts for more than one that loses badly (a gradient for the search to follow)."""


class Heuristic(Protocol):
    def players(self, state: Any) -> int:
        """How many play the game: a playout's rounds take a turn of each."""

    def scores(self, state: Any, seat: Seat, moves: list[Move]) -> list[float]:
        """How good each of `moves` looks for `seat`, higher better (same order as `moves`)."""

    def patient(self, state: Any, seat: Seat) -> bool:
        """Whether the others at `seat`'s table play few of their cards, as their public play
        tells (a version of the bots may play such a table otherwise: `Bot.against_patient`)."""

    def playout(self, engine: Engine[Any], state: Any, rnd: random.Random) -> Payoffs:
        """Play on from `state` (a sample, free to be played through) and judge the outcome."""


def payoffs(scores: Sequence[float], winners: Sequence[Seat], spread: float) -> Payoffs:
    """At the end: each seat's share of the win, plus its `margins`."""
    return tuple(
        WIN_SHARE * (seat in winners) / len(winners or (0,)) + (1 - WIN_SHARE) * margin
        for seat, margin in enumerate(margins(scores, spread))
    )


def margins(scores: Sequence[float], spread: float) -> Payoffs:
    """Per seat, its lead over the best other seat squashed into 0..1 (`spread` points of lead
    is most of the way to certain): how a game stands when it is judged before its end."""
    result = []
    for seat, score in enumerate(scores):
        others = [other for index, other in enumerate(scores) if index != seat]
        result.append(squash((score - max(others, default=score)) / spread))
    return tuple(result)


def squash(x: float) -> float:
    """A smooth step from 0 to 1 through 0.5 at 0 (the logistic function)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def best(moves: list[Move], scores: list[float]) -> Move:
    """The first of the best-scored moves (deterministic on ties)."""
    return moves[max(range(len(moves)), key=scores.__getitem__)]
