"""Every shuffle and roll of a game, derived from its secret seed.

Players can check a finished game: the server reveals the seed, whose SHA-256 it published at
the start, and anyone replays the log. That promise needs randomness defined here, in a few
lines anyone can reimplement, rather than `random.Random`, whose shuffle and range algorithms
are not guaranteed across Python versions.

Each use of chance has a label (`"deal/2"`, `"roll/17"`), and every label is an independent
stream: SHA-256 over (seed, label, block counter), read as 64-bit numbers, rejection-sampled into
the range asked for. So the order in which an engine asks for chance never shifts later draws.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")

SEED_BYTES = 32
_WORD = 1 << 64
DRAW_BOUND = 1 << 56
"""The largest range a shuffle asks of `below()` at once: far enough under 2**64 that its
rejection sampling almost never has to draw again."""


def commitment(seed: str) -> str:
    """The hash published while the game runs: sha256 of the seed's bytes, hex."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


class Chance:
    """The stream of random numbers of one labelled use of a game's seed."""

    def __init__(self, seed: str, label: str) -> None:
        self._prefix = bytes.fromhex(seed) + b"\x00" + label.encode()
        self._block = 0
        self._words: list[int] = []

    def _word(self) -> int:
        if not self._words:
            digest = hashlib.sha256(self._prefix + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i : i + 8], "big") for i in (24, 16, 8, 0)]
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform whole number in 0..n-1."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _WORD - _WORD % n
        while True:
            word = self._word()
            if word < limit:
                return word % n

    def roll(self, faces: int) -> int:
        """A die with faces 1..faces."""
        return self.below(faces) + 1

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A uniformly shuffled copy: the one shuffle of every game.

        Fisher-Yates from the last position down, which needs at each position i a uniform
        index in 0..i. Several consecutive ones are read as the digits of one uniform number
        below the product of their ranges (mixed radix, least significant digit first), so one
        `below()` serves up to eight positions: a 60-card deck takes a handful of draws rather
        than sixty, which is most of what starting a game costs."""
        result = list(items)
        for top, lowest, product in _plan(len(result)):
            number = self.below(product)
            for position in range(top, lowest, -1):
                index = number % (position + 1)  # not divmod: a compiled engine would box both
                number //= position + 1
                result[position], result[index] = result[index], result[position]
        return result

    def shuffled_by_position(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates with one `below()` per position: how Livingstone games begun under its
        rules versions 1 and 2 shuffled, kept so that they replay and verify as they were."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


@cache
def _plan(length: int) -> tuple[tuple[int, int, int], ...]:
    """How a shuffle of `length` items draws: per number drawn, the positions top..lowest+1 it
    serves and the range it is drawn from (`product`); the same for every shuffle of that
    length, so worked out once."""
    plan = []
    position = length - 1
    while position > 0:
        product, lowest = 1, position
        while lowest > 0 and product * (lowest + 1) <= DRAW_BOUND:
            product *= lowest + 1
            lowest -= 1
        plan.append((position, lowest, product))
        position = lowest
    return tuple(plan)
