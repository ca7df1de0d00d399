"""Chance.shuffled: a permutation, uniform, and a pure function of the chance stream."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import permutations
from typing import TypeVar

from hypothesis import given
from hypothesis import strategies as st

from shared.chance import DRAW_BOUND, Chance, _plan

T = TypeVar("T")


def shuffled(chance: Chance, items: Iterable[T]) -> list[T]:
    return chance.shuffled(list(items))


SEED = "5eed" * 8


@given(size=st.integers(0, 200), label=st.text(max_size=8))
def test_a_shuffle_is_a_permutation_fixed_by_the_seed(size: int, label: str) -> None:
    items = list(range(size))
    once = shuffled(Chance(SEED, label), items)
    assert sorted(once) == items
    assert shuffled(Chance(SEED, label), items) == once
    assert items == list(range(size))


def test_every_order_of_four_is_about_equally_likely() -> None:
    draws = 24_000
    counts = Counter(tuple(shuffled(Chance(SEED, f"four/{n}"), "abcd")) for n in range(draws))
    assert set(counts) == set(permutations("abcd"))
    expected = draws / 24
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square < 60  # 23 degrees of freedom: p < 1e-5 above 60


def test_every_card_reaches_every_place() -> None:
    places: Counter[tuple[int, int]] = Counter()
    for n in range(6_000):
        for place, card in enumerate(shuffled(Chance(SEED, f"deck/{n}"), range(60))):
            if place in (0, 59):
                places[place, card] += 1
    assert len(places) == 120 and min(places.values()) > 50


def test_a_deck_takes_few_draws() -> None:
    """Sixty positions need only a handful of 64-bit words, which is the point: the shuffle
    draws once per step of its plan, each step serving several positions, every position once."""
    plan = _plan(60)
    assert len(plan) <= 9 and all(product <= DRAW_BOUND for _, _, product in plan)
    served = [position for top, lowest, _ in plan for position in range(top, lowest, -1)]
    assert sorted(served) == list(range(1, 60))
