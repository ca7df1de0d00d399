"""The printed score sheet as data: where the arrows and artefacts sit, and the point scales.

The rulebook text never shows the sheet, so the layout we play by is a house layout and the
scales' intermediate values are borrowed from the card game. A group that owns the printed pad
should be able to play by it without touching code: hence the `sheet` option, whose default is
here (`options` checks a value, so that a bad layout is refused when a game is created, never
discovered mid-game).
"""

from __future__ import annotations

from typing import Any

COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple")
"""The expeditions, left to right on the sheet; also the faces of the colour dice."""

COLUMNS: tuple[str, ...] = (*COLOURS, "artefacts", "dice")
"""Every column with a bridge, in sheet order; bridges are indexed by this."""

ARTEFACT_COLUMN = COLUMNS.index("artefacts")
DICE_COLUMN = COLUMNS.index("dice")

FIELDS = 9
"""Fields per expedition, vases in the artefact column, symbols in the dice column."""

BRIDGE_MARK = 7
"""The mark that crosses a column's bridge (its 7th field, vase or dice symbol)."""

NUMBER_FACES = 10
"""The number dice show 0..9; a 0 is a circle or, once an expedition has started, a 10."""

POINT_LIMIT = 1000
"""Bound on any single value of a scale: generous, but keeps a typo from producing silly totals."""


HOUSE_LAYOUT: dict[str, dict[str, list[int]]] = {
    "red": {"arrows": [3], "artefacts": [6]},
    "orange": {"arrows": [5], "artefacts": [2]},
    "yellow": {"arrows": [2], "artefacts": [8]},
    "green": {"arrows": [6], "artefacts": [4]},
    "blue": {"arrows": [4], "artefacts": [7]},
    "purple": {"arrows": [8], "artefacts": [5]},
}

DEFAULT_SHEET: dict[str, Any] = {
    "layout": HOUSE_LAYOUT,
    "circle_only": -50,
    "expedition_points": [-20, -15, -10, 5, 10, 15, 30, 35, 50],
    "artefact_points": [-40, -30, -20, 10, 20, 30, 60, 70, 100],
    "dice_points": [-40, -30, -20, 10, 20, 30, 60, 70, 0],
    "bridge_bonus": 20,
}
"""The default `sheet` option: the house layout (the printed one is unknown; 1 arrow and 1
artefact per colour, at different heights) and the scales of the rules file. Each scale lists
the points for 1..9 marks; `circle_only` is an expedition with its circle and no field."""
