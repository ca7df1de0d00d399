"""A redeal of hidden cards: what a game looks like to someone who sees neither other players'
hands nor the order of the draw pile (used by the engines' `resample`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shared.chance import Chance


def redealt(
    chance: Chance, hands: Sequence[Sequence[Any]], rest: Sequence[Any]
) -> tuple[list[tuple[Any, ...]], list[Any]]:
    """The cards of `hands` and `rest` shuffled together and dealt again: hands of the same
    sizes (sorted, as a player holds them), and the rest in its new order.

    The pool is sorted before it is shuffled, so the deal depends on which cards are hidden and
    on `chance`, never on where they lay: two games a seat cannot tell apart are redealt alike,
    which is what lets a bot sample hidden cards from the true state and still know nothing
    more than its seat (`shared.bots`)."""
    pool = chance.shuffled(sorted([*(card for hand in hands for card in hand), *rest]))
    dealt = []
    for hand in hands:
        dealt.append(tuple(sorted(pool[: len(hand)])))
        pool = pool[len(hand) :]
    return dealt, pool
