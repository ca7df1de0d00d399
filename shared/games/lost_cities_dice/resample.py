"""A Roll & Write game as one seat cannot tell it apart: what is hidden from it drawn afresh.

Hidden from a seat: every roll still to come (the seed), and the others' pending simultaneous
choices, each of which could be any other the same player could have made from the same dice.
That is all: the sheets and the dice rolled are public, and a pending choice tells only that it
was made, so there is nothing more a seat has seen for a sample to keep.
"""

from __future__ import annotations

from shared.chance import Chance
from shared.engine import KNOWING, Seat
from shared.games.lost_cities_dice.legal import sheet_moves
from shared.games.lost_cities_dice.moves import decode
from shared.games.lost_cities_dice.state import State
from shared.immutable import replaced


def resample(state: State, seat: Seat | None, seed: str, knowing: int = KNOWING) -> State:
    """`knowing` changes nothing here: there is nothing more the seat has seen to keep."""
    chance = Chance(seed, "resample")
    pending = list(state.pending)
    for other, choice in enumerate(pending):
        if choice is not None and other != seat:
            choices = sheet_moves(state.sheets[other], state.rules, state.colours, state.numbers)
            pending[other] = decode(choices[chance.below(len(choices))])
    return replaced(state, seed=seed, pending=tuple(pending))
