"""The state of a Roll & Write game between two moves, and the dice of each turn.

A state is a NamedTuple: an immutable value that replays compare, snapshots pickle and random
playouts rebuild cheaply.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.chance import Chance
from shared.engine import Seat
from shared.games.lost_cities_dice.sheet import EMPTY_SHEET, Choice, Sheet
from shared.games.lost_cities_dice.sheet_data import (
    COLOURS,
    COLUMNS,
    NUMBER_FACES,
    SheetRules,
)

DICE_PER_KIND = 3


class State(NamedTuple):
    """A game between two moves. `colours`/`numbers` are the dice a chooser may use now (all
    rolled dice for the active player, what the active player left for the others);
    `waiting` lists the seats still to choose this turn, clockwise; `pending` holds hidden
    simultaneous choices per seat; `bridge_turns` the turn each bridge was first crossed."""

    rules: SheetRules
    seed: str
    clockwise: bool
    turn: int
    active: Seat
    rolled_colours: tuple[int, ...]
    rolled_numbers: tuple[int, ...]
    colours: tuple[int, ...]
    numbers: tuple[int, ...]
    active_choice: Choice | None
    waiting: tuple[Seat, ...]
    pending: tuple[Choice | None, ...]
    sheets: tuple[Sheet, ...]
    bridge_turns: tuple[int | None, ...]
    resigned: tuple[bool, ...]
    ended: str | None

    @property
    def players(self) -> int:
        return len(self.sheets)

    @property
    def to_act(self) -> tuple[Seat, ...]:
        return self.waiting[:1] if self.clockwise else self.waiting


_DICE_FACES = (len(COLOURS),) * DICE_PER_KIND + (NUMBER_FACES,) * DICE_PER_KIND
_ROLL_OUTCOMES = len(COLOURS) ** DICE_PER_KIND * NUMBER_FACES**DICE_PER_KIND


def roll(seed: str, turn: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The six dice of a turn: colour indices and number faces, from the turn's own stream.

    One draw over all 216,000 outcomes, split like the digits of a number, costs one hash
    per turn instead of two: rolling is a large share of the time of a random playout.
    """
    outcome = Chance(seed, f"roll/{turn}").below(_ROLL_OUTCOMES)
    faces = []
    for sides in _DICE_FACES:
        outcome, face = divmod(outcome, sides)
        faces.append(face)
    return tuple(faces[:DICE_PER_KIND]), tuple(faces[DICE_PER_KIND:])


def first_player(seed: str, players: int) -> Seat:
    return Chance(seed, "first_player").below(players)


def new_game(players: int, seed: str, rules: SheetRules, clockwise: bool, first: Seat) -> State:
    colours, numbers = roll(seed, 1)
    return State(
        rules=rules,
        seed=seed,
        clockwise=clockwise,
        turn=1,
        active=first,
        rolled_colours=colours,
        rolled_numbers=numbers,
        colours=colours,
        numbers=numbers,
        active_choice=None,
        waiting=(first,),
        pending=(None,) * players,
        sheets=(EMPTY_SHEET,) * players,
        bridge_turns=(None,) * len(COLUMNS),
        resigned=(False,) * players,
        ended=None,
    )
