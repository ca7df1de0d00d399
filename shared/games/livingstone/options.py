"""The settings a Livingstone game is created with, and the `Rules` value they become.

One option, `board`: the printed values (`data.DEFAULT_BOARD` holds the house data), checked
here so that a bad table is refused when a game is created; `Rules` is the engine's typed
reading of it, held by every state so that a state alone says how its game goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.engine import Option
from shared.games.livingstone.data import CARDS, DEFAULT_BOARD, ROWS, WHITE_STONE_READINGS
from shared.immutable import by_fields
from shared.words import LATER

MAX_COLUMNS = 20
MAX_VALUE = 99
MAX_CARD_COUNT = 20


@dataclass(frozen=True, slots=True)
class Rules:
    """How one game goes: the `board` option as the rules use it. Columns are 0-based here,
    1-based for people."""

    costs: tuple[int, ...]
    row_points: tuple[int, ...]
    majority: tuple[int, ...]
    cards: tuple[tuple[str, int], ...]
    revisits: int
    white_stone: str

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return by_fields(self)

    @property
    def columns(self) -> int:
        return len(self.costs)

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        """The rules' form of the options, whose `board` table `parse_board` accepted."""
        table = options["board"]
        return cls(
            costs=tuple(table["costs"]),
            row_points=tuple(table["row_points"]),
            majority=tuple(table["majority"]),
            cards=tuple((card, table["cards"][card]) for card in CARDS),
            revisits=table["revisits"],
            white_stone=table["white_stone"],
        )

    def deck(self) -> tuple[str, ...]:
        """Every card of the game, unshuffled."""
        return tuple(card for card, count in self.cards for _ in range(count))


def _numbers(value: Any, key: str, length: range) -> list[int]:
    if not isinstance(value, list) or len(value) not in length:
        wanted = f"{length.start}" if len(length) == 1 else f"{length.start} to {length.stop - 1}"
        raise ValueError(f"needs {key!r} as a list of {wanted} whole numbers")
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"needs whole numbers in {key!r}, not {number!r}")
        if not 0 <= number <= MAX_VALUE:
            raise ValueError(f"needs numbers from 0 to {MAX_VALUE} in {key!r}, not {number}")
    return list(value)


def _count(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VALUE:
        raise ValueError(f"needs {key!r} as a whole number from 0 to {MAX_VALUE}, not {value!r}")
    return value


def _reading(value: Any, key: str, readings: tuple[str, ...]) -> str:
    if value not in readings:
        raise ValueError(f"needs {key!r} as one of {', '.join(readings)}, not {value!r}")
    return str(value)


def _card_counts(value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ValueError("needs 'cards' as an object of card name → count")
    unknown = sorted(set(value) - set(CARDS))
    if unknown:
        raise ValueError(f"has no card {unknown[0]!r}; the cards are {', '.join(CARDS)}")
    counts = {card: value.get(card, 0) for card in CARDS}
    for card, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"needs a whole number of {card!r} cards, not {count!r}")
        if not 0 <= count <= MAX_CARD_COUNT:
            raise ValueError(f"needs 0 to {MAX_CARD_COUNT} {card!r} cards, not {count}")
    return counts


def parse_board(value: Any) -> dict[str, Any]:
    """Check a `board` option; entries left out keep their defaults, but a `cards` table given
    is the whole deck (cards it leaves out are not in the game). Returns a fresh JSON table."""
    if not isinstance(value, Mapping):
        raise ValueError(f"must be an object with {', '.join(DEFAULT_BOARD)}")
    unknown = sorted(set(value) - set(DEFAULT_BOARD))
    if unknown:
        raise ValueError(f"has no entry {unknown[0]!r}; it has {', '.join(DEFAULT_BOARD)}")
    merged = {**DEFAULT_BOARD, **value}
    return {
        "costs": _numbers(merged["costs"], "costs", range(1, MAX_COLUMNS + 1)),
        "row_points": _numbers(merged["row_points"], "row_points", range(ROWS, ROWS + 1)),
        "majority": _numbers(merged["majority"], "majority", range(ROWS, ROWS + 1)),
        "cards": _card_counts(merged["cards"]),
        "revisits": _count(merged["revisits"], "revisits"),
        "white_stone": _reading(merged["white_stone"], "white_stone", WHITE_STONE_READINGS),
    }


OPTIONS: tuple[Option, ...] = (
    Option(
        "board",
        LATER.gettext(
            "the printed values: column costs, row VP, row majority bonus, card counts, how "
            "often Steamer Back may revisit a column, and which gems sold in the turn the white "
            "stone comes out go back into the bag (costs, the 8/6/4 bonuses, the card counts, "
            "revisits and white_stone are house data)"
        ),
        DEFAULT_BOARD,
        parse_board,
    ),
)
