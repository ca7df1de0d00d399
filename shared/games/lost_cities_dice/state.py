"""The state of a Roll & Write game between two moves, and the dice of each turn.

A state is a NamedTuple: an immutable value that replays compare, snapshots pickle and random
playouts rebuild cheaply.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.chance import Chance
from shared.engine import Seat
from shared.games.lost_cities_dice.moves import Action
from shared.games.lost_cities_dice.options import Rules
from shared.games.lost_cities_dice.sheet import EMPTY_SHEET, Sheet
from shared.games.lost_cities_dice.sheet_data import COLOURS, COLUMNS, NUMBER_FACES

DICE_PER_KIND = 3


class State(NamedTuple):
    """A game between two moves. `colours`/`numbers` are the dice a chooser may use now (all
    rolled dice for the active player, what the active player left for the others);
    `waiting` lists the seats still to choose this turn, clockwise; `pending` holds hidden
    simultaneous choices per seat; `bridge_turns` the turn each bridge was first crossed."""

    rules: Rules
    seed: str
    turn_number: int
    """The turns begun so far, this one included: 1 in the first."""
    active: Seat
    rolled_colours: tuple[int, ...]
    rolled_numbers: tuple[int, ...]
    colours: tuple[int, ...]
    numbers: tuple[int, ...]
    active_choice: Action | None
    waiting: tuple[Seat, ...]
    pending: tuple[Action | None, ...]
    sheets: tuple[Sheet, ...]
    bridge_turns: tuple[int | None, ...]
    resigned: tuple[bool, ...]
    ended_by: str | None
    """Why the game ended (`bridges`, `exhausted`, `resignation`); None while it runs."""

    @property
    def players(self) -> int:
        return len(self.sheets)

    @property
    def over(self) -> bool:
        return self.ended_by is not None

    @property
    def to_act(self) -> tuple[Seat, ...]:
        return self.waiting[:1] if self.rules.clockwise else self.waiting


_DICE_FACES = (len(COLOURS),) * DICE_PER_KIND + (NUMBER_FACES,) * DICE_PER_KIND
_ROLL_OUTCOMES = len(COLOURS) ** DICE_PER_KIND * NUMBER_FACES**DICE_PER_KIND


def roll(seed: str, turn_number: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The six dice of a turn: colour indices and number faces, from the turn's own stream.

    One draw over all 216,000 outcomes, split like the digits of a number, costs one hash
    per turn instead of two: rolling is a large share of the time of a random playout.
    """
    outcome = Chance(seed, f"roll/{turn_number}").below(_ROLL_OUTCOMES)
    faces = []
    for sides in _DICE_FACES:
        outcome, face = divmod(outcome, sides)
        faces.append(face)
    return tuple(faces[:DICE_PER_KIND]), tuple(faces[DICE_PER_KIND:])


def first_player(rules: Rules, players: int, seed: str) -> Seat:
    if rules.first_player is not None:
        return rules.first_player
    return Chance(seed, "first_player").below(players)


def new_game(rules: Rules, players: int, seed: str) -> State:
    """The first turn, rolled for the first player."""
    first = first_player(rules, players, seed)
    colours, numbers = roll(seed, 1)
    return State(
        rules=rules,
        seed=seed,
        turn_number=1,
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
        ended_by=None,
    )
