"""The numbers of Livingstone: what the rulebook gives as constants, and the one `board` table.

The rulebook's board and cards are pictures its text lacks, so some values had to be invented
(house data). Those live in `DEFAULT_BOARD`, the default of the `board` option, so a group that
owns the physical game can type in the printed values instead. Everything else here is sourced
and fixed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.immutable import by_fields

ROWS = 6
"""One row per face of a die: a tent goes on the row its die shows."""

TENTS_PER_PLAYER = 11
START_THALERS = 3
DICE_PER_PLAYER = 2
THRESHOLD_DICE = 4
"""Two players: after the game, this many dice are rolled; a donation below their sum loses."""

STONES = ("black", "clear", "blue", "red", "white")
"""Bag contents are counted in this order everywhere (tuples indexed like this)."""
BAG = (29, 15, 10, 5, 1)
BLACK, CLEAR, BLUE, RED, WHITE = range(len(STONES))
GEMS = ("clear", "blue", "red")
GEM_INDEX = {gem: STONES.index(gem) for gem in GEMS}
BANK_PRICE = {"clear": 1, "blue": 3, "red": 5}
MARKET_PRICE = {"clear": 1, "blue": 2, "red": 3}
"""With the Market card a gem brings this many thalers *and* as many VP."""

# Card ids: the names people type (`play lion`) and the keys of the `cards` table.
NO_COST_TENT = "no-cost-tent"
TWO_DICE = "two-dice"
IGNORE_DIE_VALUE = "ignore-die-value"
LION, RHINO, ANTELOPE = "lion", "rhino", "antelope"
EXTRA_TENT = "extra-tent"
MARKET = "market"
STEAMER_BACK = "steamer-back"
DRAW_3_STONES = "draw-3-stones"
TAKE_4_THALERS = "take-4-thalers"
MINE_COLLAPSE = "mine-collapse"
EXPEDITION = "expedition"

PRINTED_VERSION = 2
"""The rules version (`Livingstone.version`) from which the white stone and the Mine Collapse
work as printed. Games begun under version 1 keep its readings: a gem sold after the white
stone came out was set aside, and a drawn Mine Collapse was shuffled with the played cards into
the stack its replacement was then drawn from."""

ONE_SHUFFLE_VERSION = 3
"""The rules version from which the deck is shuffled by `Chance.shuffled`, the shuffle every game
uses; games begun under versions 1 and 2 keep `Chance.shuffled_by_position`. The rules of play
are those of version 2."""

CURRENT_VERSION = ONE_SHUFFLE_VERSION

SOLD_THIS_TURN, DRAWN_WITH_IT = "sold_this_turn", "drawn_with_it"
WHITE_STONE_READINGS = (SOLD_THIS_TURN, DRAWN_WITH_IT)
"""Which gems the white stone sends back into the bag when sold in the turn it came out: every
gem the drawing player sells in the rest of that turn (the rules file), or only the gems drawn
together with it (the rulebook's words)."""

ANIMAL_POINTS = {LION: 4, RHINO: 3, ANTELOPE: 2}
CARD_STONES = 3
CARD_THALERS = 4
EXPEDITION_HALVES = 2
"""The expedition is two cards (halves) played together; the deck counts halves."""

DEFAULT_BOARD: dict[str, Any] = {
    # House data: the rulebook only shows a tent costing 2, then 3 one round later.
    "costs": [1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
    # Sourced: a tent scores its row's number.
    "row_points": [1, 2, 3, 4, 5, 6],
    # 12, 10 and 2 are sourced; 8, 6, 4 are house data.
    "majority": [12, 10, 8, 6, 4, 2],
    # House data: only the total of 27 is sourced.
    "cards": {
        NO_COST_TENT: 3,
        TWO_DICE: 3,
        IGNORE_DIE_VALUE: 3,
        LION: 1,
        RHINO: 2,
        ANTELOPE: 3,
        EXTRA_TENT: 2,
        MARKET: 2,
        STEAMER_BACK: 1,
        DRAW_3_STONES: 2,
        TAKE_4_THALERS: 2,
        MINE_COLLAPSE: 1,
        EXPEDITION: 2,
    },
    # House rule: how often Steamer Back may take the steamer back to one column. Played cards
    # return to the deck, so without a bound players could replay a column round after round and
    # a game need never end; with it a game has at most columns * (1 + revisits) rounds.
    "revisits": 1,
    # House reading: which gems sold in the turn the white stone comes out go back into the bag.
    "white_stone": SOLD_THIS_TURN,
}
"""The default of the `board` option. Do not mutate: `parse_board` hands out copies."""

CARDS: tuple[str, ...] = tuple(DEFAULT_BOARD["cards"])
MAX_COLUMNS = 20
MAX_VALUE = 99
MAX_CARD_COUNT = 20


@dataclass(frozen=True, slots=True)
class Board:
    """The `board` option as the rules use it. Columns are 0-based here, 1-based for people."""

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


def board_from_table(table: Mapping[str, Any]) -> Board:
    """The rules' form of a table `parse_board` accepted."""
    return Board(
        costs=tuple(table["costs"]),
        row_points=tuple(table["row_points"]),
        majority=tuple(table["majority"]),
        cards=tuple((card, table["cards"][card]) for card in CARDS),
        revisits=table["revisits"],
        white_stone=table["white_stone"],
    )
