"""What a seat may know. Every sheet and the dice are public; the one secret during play is a
pending simultaneous choice, shown to its own seat only (the others learn just that it has
been made, which `to_act` tells them anyway). The seed, and so every future roll, stays out."""

from __future__ import annotations

from shared.engine import Seat
from shared.games.lost_cities_dice.moves import encode
from shared.games.lost_cities_dice.options import CLOCKWISE, SIMULTANEOUS, Rules
from shared.games.lost_cities_dice.result import result
from shared.games.lost_cities_dice.scoring import breakdown
from shared.games.lost_cities_dice.shapes import Dice, Sheet, View
from shared.games.lost_cities_dice.sheet import Sheet as Paper
from shared.games.lost_cities_dice.sheet_data import BRIDGE_MARK, COLOURS, COLUMNS
from shared.games.lost_cities_dice.state import State


def view(state: State, seat: Seat | None) -> View:
    own_choice = state.pending[seat] if seat is not None and 0 <= seat < state.players else None
    return {
        "seat": seat,
        "players": state.players,
        "order": CLOCKWISE if state.rules.clockwise else SIMULTANEOUS,
        "turn": state.turn_number,
        "active": state.active,
        "to_act": list(state.to_act),
        "dice": {
            "rolled": _dice(state.rolled_colours, state.rolled_numbers),
            "available": _dice(state.colours, state.numbers),
            "active_choice": (None if state.active_choice is None else encode(state.active_choice)),
        },
        "chosen": [other for other, pending in enumerate(state.pending) if pending is not None],
        "your_choice": None if own_choice is None else encode(own_choice),
        "sheets": [
            _sheet(sheet, state.rules, state.resigned[index])
            for index, sheet in enumerate(state.sheets)
        ],
        "bridges": dict(zip(COLUMNS, state.bridge_turns, strict=True)),
        "layout": state.rules.sheet()["layout"],
        "bridge_bonus": state.rules.bridge_bonus,
        "result": result(state),
    }


def _dice(colours: tuple[int, ...], numbers: tuple[int, ...]) -> Dice:
    return {"colours": [COLOURS[colour] for colour in colours], "numbers": list(numbers)}


def _sheet(sheet: Paper, rules: Rules, resigned: bool) -> Sheet:
    return {
        "expeditions": {
            colour: {
                "numbers": list(sheet.expeditions[index]),
                "circle": sheet.circles[index],
                "top": sheet.tops[index],
            }
            for index, colour in enumerate(COLOURS)
        },
        "vases": sheet.vases,
        "dice": sheet.refusals,
        "exhausted": sheet.exhausted,
        "bridges": {column: _bridge(sheet, index) for index, column in enumerate(COLUMNS)},
        "points": breakdown(sheet, rules),
        "resigned": resigned,
    }


def _bridge(sheet: Paper, column: int) -> str | None:
    if sheet.bonuses[column]:
        return "bonus"
    return "crossed" if sheet.marks_in(column) >= BRIDGE_MARK else None
