"""Shuffling a whole deck from few draws of a `Chance` stream.

`Chance.shuffled` spends one `below()` (a Python call and a quarter of a SHA-256 block) on every
position of a Fisher-Yates shuffle: for a 60-card deck that is most of what starting a game
costs, which shows in playout benchmarks. Fisher-Yates only needs, at each position i, a uniform
index in 0..i; several consecutive ones can be read as the digits of one uniform number below the
product of their ranges (mixed radix), so one `below()` call serves up to eight positions. The
result is as uniform as `Chance.shuffled`, and as easy to recompute by hand: still Fisher-Yates
from the last position down, with the indices taken in that order from each drawn number, least
significant digit first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from shared.chance import Chance

T = TypeVar("T")

DRAW_BOUND = 1 << 56
"""The largest range asked of `below()` at once: far enough under 2**64 that its rejection
sampling almost never has to draw again."""


def shuffled(chance: Chance, items: Sequence[T]) -> list[T]:
    """A uniformly shuffled copy of `items`."""
    result = list(items)
    for top, lowest, product in _plan(len(result)):
        number = chance.below(product)
        for position in range(top, lowest, -1):
            number, index = divmod(number, position + 1)
            result[position], result[index] = result[index], result[position]
    return result


@cache
def _plan(length: int) -> tuple[tuple[int, int, int], ...]:
    """How a shuffle of `length` items draws: per number drawn, the positions top..lowest+1
    it serves and the range it is drawn from (`product`), the same for every shuffle of that
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


def redealt(
    chance: Chance, hands: Sequence[Sequence[Any]], rest: Sequence[Any]
) -> tuple[list[tuple[Any, ...]], list[Any]]:
    """The cards of `hands` and `rest` shuffled together and dealt again: hands of the same
    sizes (sorted, as a player holds them), and the rest in its new order. What a game looks like
    to someone who sees neither those hands nor the order of what is left to draw.

    The pool is sorted before it is shuffled, so the deal depends on which cards are hidden and
    on `chance`, never on where they lay: two games a seat cannot tell apart are redealt alike,
    which is what lets a bot sample hidden cards from the true state and still know nothing
    more than its seat (`shared.bots`)."""
    pool = shuffled(chance, sorted([*(card for hand in hands for card in hand), *rest]))
    dealt = []
    for hand in hands:
        dealt.append(tuple(sorted(pool[: len(hand)])))
        pool = pool[len(hand) :]
    return dealt, pool
