"""The printed score sheet as data: where the arrows and artefacts sit, and the point scales.

The rulebook text never shows the sheet, so the layout we play by is a house layout and the
scales' intermediate values are borrowed from the card game. A group that owns the printed pad
should be able to play by it without touching code: hence the `sheet` option, checked here so
that a bad layout is refused when a game is created, never discovered mid-game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.immutable import by_fields

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


@dataclass(frozen=True)
class SheetRules:
    """One sheet design. Arrows and artefacts are kept as per-field flags (index 0 = field 1)
    because the engine asks "does field i of colour c carry an arrow" on every write."""

    arrows: tuple[tuple[bool, ...], ...]
    artefacts: tuple[tuple[bool, ...], ...]
    circle_only: int
    expedition_points: tuple[int, ...]
    artefact_points: tuple[int, ...]
    dice_points: tuple[int, ...]
    bridge_bonus: int

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return by_fields(self)

    def to_json(self) -> dict[str, Any]:
        """The option value this design is created from (field numbers 1..9)."""
        return {
            "layout": {
                colour: {
                    "arrows": _field_numbers(self.arrows[index]),
                    "artefacts": _field_numbers(self.artefacts[index]),
                }
                for index, colour in enumerate(COLOURS)
            },
            "circle_only": self.circle_only,
            "expedition_points": list(self.expedition_points),
            "artefact_points": list(self.artefact_points),
            "dice_points": list(self.dice_points),
            "bridge_bonus": self.bridge_bonus,
        }


def _field_numbers(flags: tuple[bool, ...]) -> list[int]:
    return [index + 1 for index, flag in enumerate(flags) if flag]


def _flags(fields: list[int]) -> tuple[bool, ...]:
    return tuple(field in fields for field in range(1, FIELDS + 1))


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

_SCALES = ("expedition_points", "artefact_points", "dice_points")


def parse_sheet(value: Any) -> SheetRules:
    """A sheet design from an option value; missing entries take the default's.

    Raises ValueError with a reason that reads after "option 'sheet' ...". Nearly every game
    uses the default, and `new` parses the option each time, so the default is recognised
    rather than checked again.
    """
    if value == DEFAULT_SHEET:
        return HOUSE_SHEET
    return _checked_sheet(value)


def _checked_sheet(value: Any) -> SheetRules:
    if not isinstance(value, dict):
        raise ValueError("must be an object with layout, circle_only, scales and bridge_bonus")
    unknown = sorted(str(key) for key in set(value) - set(DEFAULT_SHEET))
    if unknown:
        raise ValueError(f"has no entry {unknown[0]!r}; its entries are {', '.join(DEFAULT_SHEET)}")
    merged = {**DEFAULT_SHEET, **value}
    arrows, artefacts = _parse_layout(merged["layout"])
    scales = {
        name: tuple(
            _points(name, points, index)
            for index, points in enumerate(_list_of(name, merged[name], FIELDS))
        )
        for name in _SCALES
    }
    return SheetRules(
        arrows=arrows,
        artefacts=artefacts,
        circle_only=_points("circle_only", merged["circle_only"]),
        expedition_points=scales["expedition_points"],
        artefact_points=scales["artefact_points"],
        dice_points=scales["dice_points"],
        bridge_bonus=_points("bridge_bonus", merged["bridge_bonus"]),
    )


def sheet_option_value(value: Any) -> dict[str, Any]:
    """The `sheet` option's parse: checked, completed and in canonical form."""
    return parse_sheet(value).to_json()


def _parse_layout(
    layout: Any,
) -> tuple[tuple[tuple[bool, ...], ...], tuple[tuple[bool, ...], ...]]:
    if not isinstance(layout, dict):
        raise ValueError("layout must map each colour to its arrows and artefacts")
    missing = [colour for colour in COLOURS if colour not in layout]
    extra = sorted(str(key) for key in set(layout) - set(COLOURS))
    if missing or extra:
        raise ValueError(
            f"layout must name exactly the colours {', '.join(COLOURS)}"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unknown {', '.join(extra)}" if extra else "")
        )
    arrows: list[tuple[bool, ...]] = []
    artefacts: list[tuple[bool, ...]] = []
    for colour in COLOURS:
        entry = layout[colour]
        if not isinstance(entry, dict) or set(entry) - {"arrows", "artefacts"}:
            raise ValueError(f"layout.{colour} must be an object with arrows and artefacts")
        arrow_fields = _fields(f"layout.{colour}.arrows", entry.get("arrows", []))
        artefact_fields = _fields(f"layout.{colour}.artefacts", entry.get("artefacts", []))
        both = sorted(set(arrow_fields) & set(artefact_fields))
        if both:
            raise ValueError(
                f"layout.{colour}: field {both[0]} has both an arrow and an artefact; "
                "a printed field carries one symbol"
            )
        adjacent = [field for field in arrow_fields if field + 1 in arrow_fields]
        if adjacent:
            raise ValueError(
                f"layout.{colour}: arrows on fields {adjacent[0]} and {adjacent[0] + 1} are "
                "adjacent; chains through adjacent arrows have too many orderings to list "
                "every legal move"
            )
        arrows.append(_flags(arrow_fields))
        artefacts.append(_flags(artefact_fields))
    return tuple(arrows), tuple(artefacts)


def _list_of(name: str, value: Any, length: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{name} must be a list of {length} values (for 1 to {length} marks)")
    return value


def _fields(name: str, value: Any) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list of field numbers 1 to {FIELDS}")
    for field in value:
        if isinstance(field, bool) or not isinstance(field, int) or not 1 <= field <= FIELDS:
            raise ValueError(f"{name} must hold field numbers 1 to {FIELDS}, not {field!r}")
    if len(set(value)) != len(value):
        raise ValueError(f"{name} names a field twice")
    return sorted(value)


def _points(name: str, value: Any, index: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > POINT_LIMIT:
        where = name if index is None else f"{name}[{index}]"
        raise ValueError(
            f"{where} must be a whole number from {-POINT_LIMIT} to {POINT_LIMIT}, not {value!r}"
        )
    return value


def describe_layout(rules: SheetRules) -> str:
    """The layout in one line, as the rules file and docs/games.md quote it."""
    parts = []
    for index, colour in enumerate(COLOURS):
        symbols = [f"arrow {field}" for field in _field_numbers(rules.arrows[index])]
        symbols += [f"artefact {field}" for field in _field_numbers(rules.artefacts[index])]
        parts.append(f"{colour}: {', '.join(symbols) or 'plain'}")
    return " · ".join(parts)


HOUSE_SHEET: SheetRules = _checked_sheet(DEFAULT_SHEET)
