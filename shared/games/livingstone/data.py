"""The numbers of Livingstone: what the rulebook gives as constants, and the one `board` table.

The rulebook's board and cards are pictures its text lacks, so some values had to be invented
(house data). Those live in `DEFAULT_BOARD`, the default of the `board` option, so a group that
owns the physical game can type in the printed values instead. Everything else here is sourced
and fixed.
"""

from __future__ import annotations

from typing import Any, Final

from shared.words import LATER

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
NO_STONES = (0,) * len(STONES)
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
CARD_NAMES: Final = {
    NO_COST_TENT: LATER.gettext("No Cost Tent"),
    TWO_DICE: LATER.gettext("Two Dice"),
    IGNORE_DIE_VALUE: LATER.gettext("Ignore Die Value"),
    LION: LATER.gettext("Lion"),
    RHINO: LATER.gettext("Rhino"),
    ANTELOPE: LATER.gettext("Antelope"),
    EXTRA_TENT: LATER.gettext("Extra Tent"),
    MARKET: LATER.gettext("Market"),
    STEAMER_BACK: LATER.gettext("Steamer Back"),
    DRAW_3_STONES: LATER.gettext("Draw 3 Stones"),
    TAKE_4_THALERS: LATER.gettext("Take 4 Thalers"),
    MINE_COLLAPSE: LATER.gettext("Mine Collapse"),
    EXPEDITION: LATER.gettext("Expedition"),
}
"""The cards' names as the rulebook prints them, said in the reader's words."""

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
"""The default of the `board` option. Do not mutate: `options.parse_board` hands out copies."""

CARDS: tuple[str, ...] = tuple(DEFAULT_BOARD["cards"])
