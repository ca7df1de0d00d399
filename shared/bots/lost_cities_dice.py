"""How a Roll & Write bot judges a choice: what its sheet may still come to.

A sheet is worth what it would score at the end, as far as one can tell now: each started
expedition counts the fields it has and those it may still fill, which depends on the room
left above its top number (a 9 leaves little, a 2 a lot) and on how much of the game is left
(the share of the eight bridges nobody has crossed yet). A choice is judged by how it changes
that worth: writing a number far above an expedition's top throws room away, an arrow or an
artefact brings a field or a vase for free, a refusal moves along the dice column. Everything
on the sheets is public, so this reads nothing a seat may not know.

A playout plays every seat by that judgement for a few turns, then judges all sheets so.
"""

from __future__ import annotations

import random
from typing import Any

from shared.bots.heuristic import Payoffs, best, margins, payoffs
from shared.engine import Engine, Move, Seat
from shared.games.lost_cities_dice.moves import decode
from shared.games.lost_cities_dice.options import Rules
from shared.games.lost_cities_dice.sheet import Sheet, write
from shared.games.lost_cities_dice.sheet_data import COLUMNS, FIELDS
from shared.games.lost_cities_dice.state import State

GROWTH = 0.4
"""Fields an expedition may still gain per number of room above its top, early in the game."""
SPREAD = 30.0
"""A lead of this many points is most of the way to a sure win (`payoffs`)."""
PLAYOUT_TURNS = 4
"""Turns (a roll and every seat's choice) a playout plays before it judges the sheets."""
PLAYOUT_EPSILON = 0.1
"""How often a playout's choice is a random legal one."""


def _interpolated(scale: tuple[int, ...], marks: float) -> float:
    """The points of `marks` marks (a scale lists 1..9 marks; none is 0), in a straight line
    between whole marks."""
    marks = min(marks, FIELDS)
    low = int(marks)
    at_low = scale[low - 1] if low else 0
    return at_low if low == FIELDS else at_low + (scale[low] - at_low) * (marks - low)


def expedition_worth(numbers: tuple[int, ...], circle: bool, rules: Rules, pace: float) -> float:
    """What one expedition may score by the end, `pace` (1 at the start, 0 at the end) being
    how much of the game is left: its fields, and those its room above the top may bring."""
    filled = len(numbers)
    if not filled and not circle:
        return 0.0
    top = numbers[-1] if filled else 1
    marks = filled + min(FIELDS - filled, GROWTH * (11 - top) * pace)
    points = _interpolated(rules.expedition_points, marks) if marks >= 1 else rules.circle_only
    return 2 * points if circle else points


def columns_worth(sheet: Sheet, rules: Rules) -> float:
    """The artefacts, the dice column and the bridge bonuses as they stand."""
    total = rules.bridge_bonus * sum(sheet.bonuses)
    if sheet.vases:
        total += rules.artefact_points[sheet.vases - 1]
    if sheet.refusals:
        total += rules.dice_points[sheet.refusals - 1]
    return total


def worth(sheet: Sheet, rules: Rules, pace: float) -> float:
    """What `sheet` may score by the end."""
    expeditions = zip(sheet.expeditions, sheet.circles, strict=True)
    return columns_worth(sheet, rules) + sum(
        expedition_worth(numbers, circle, rules, pace) for numbers, circle in expeditions
    )


def pace(state: State) -> float:
    """How much of the game is left, by the bridges nobody has crossed yet."""
    return sum(first is None for first in state.bridge_turns) / len(COLUMNS)


def _scores(state: State, seat: Seat, moves: list[Move]) -> list[float]:
    """How each move changes the seat's `worth`, counting only the columns it wrote in (a
    write leaves the other expeditions' tuples as they were)."""
    sheet, rules, left = state.sheets[seat], state.rules, pace(state)
    columns = columns_worth(sheet, rules)
    scores = []
    for move in moves:
        choice = decode(move)
        assert choice is not None, "legal moves are choices"
        after = write(sheet, rules, choice, state.bridge_turns, state.turn_number)[0]
        score = columns_worth(after, rules) - columns
        for colour, numbers in enumerate(after.expeditions):
            before = sheet.expeditions[colour]
            circle = after.circles[colour]
            if numbers is not before or circle != sheet.circles[colour]:
                score += expedition_worth(numbers, circle, rules, left) - expedition_worth(
                    before, sheet.circles[colour], rules, left
                )
        scores.append(score)
    return scores


class LostCitiesDiceHeuristic:
    def players(self, state: State) -> int:
        return len(state.sheets)

    def patient(self, state: State, seat: Seat) -> bool:
        return False

    def scores(self, state: State, seat: Seat, moves: list[Move]) -> list[float]:
        return _scores(state, seat, moves)

    def playout(self, engine: Engine[Any], state: State, rnd: random.Random) -> Payoffs:
        """A few turns on, then judged: by the result at the end, else by the sheets' worth."""
        last = state.turn_number + PLAYOUT_TURNS
        while not state.over and state.turn_number < last:
            seat = state.to_act[0]
            moves = engine.legal_moves(state, seat)
            if rnd.random() < PLAYOUT_EPSILON:
                move = rnd.choice(moves)
            else:
                move = best(moves, _scores(state, seat, moves))
            state = engine.apply(state, seat, move)
        result = engine.result(state)
        if result is not None:
            return payoffs(result["scores"], result["winners"], SPREAD)
        left = pace(state)
        return margins([worth(sheet, state.rules, left) for sheet in state.sheets], SPREAD)


LOST_CITIES_DICE = LostCitiesDiceHeuristic()
