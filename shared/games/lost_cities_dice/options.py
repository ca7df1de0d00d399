"""The settings a Roll & Write game is created with, and the `Rules` value they become.

The `sheet` option is checked here, so that a bad layout is refused when a game is created,
never discovered mid-game; `Rules` is the engine's typed reading of all the options, held by
every state so that a state alone says how its game goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from shared.engine import JSON, BadOptions, Option, choice_option, int_option
from shared.games.lost_cities_dice.sheet_data import (
    COLOURS,
    DEFAULT_SHEET,
    FIELDS,
    POINT_LIMIT,
)
from shared.immutable import by_fields
from shared.words import LATER

SIMULTANEOUS, CLOCKWISE = "simultaneous", "clockwise"
"""The values of the `order` option."""


@dataclass(frozen=True)
class Rules:
    """How one game goes: the sheet design, the order of the others' choices and who starts.
    Arrows and artefacts are kept as per-field flags (index 0 = field 1) because the engine asks
    "does field i of colour c carry an arrow" on every write."""

    arrows: tuple[tuple[bool, ...], ...]
    artefacts: tuple[tuple[bool, ...], ...]
    circle_only: int
    expedition_points: tuple[int, ...]
    artefact_points: tuple[int, ...]
    dice_points: tuple[int, ...]
    bridge_bonus: int
    clockwise: bool = False
    """The others choose one after another, seeing earlier choices (option `order`)."""
    first_player: int | None = None
    """The seat that rolls first; None: drawn from the seed."""

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return by_fields(self)

    @classmethod
    def from_options(cls, options: Mapping[str, JSON]) -> Rules:
        return replace(
            parse_sheet(options["sheet"]),
            clockwise=options["order"] == CLOCKWISE,
            first_player=options["first_player"],
        )

    def sheet(self) -> dict[str, Any]:
        """The `sheet` option value this design is created from (field numbers 1..9)."""
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


_SCALES = ("expedition_points", "artefact_points", "dice_points")


def parse_sheet(value: Any) -> Rules:
    """A sheet design from an option value, the other options at their defaults; missing
    entries take the default's.

    Raises ValueError with a reason that reads after "option 'sheet' ...". Nearly every game
    uses the default, and `new` parses the option each time, so the default is recognised
    rather than checked again.
    """
    if value == DEFAULT_SHEET:
        return HOUSE_SHEET
    return _checked_sheet(value)


def _checked_sheet(value: Any) -> Rules:
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
    return Rules(
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
    return parse_sheet(value).sheet()


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


def describe_layout(rules: Rules) -> str:
    """The layout in one line, as the rules file and docs/games.md quote it."""
    parts = []
    for index, colour in enumerate(COLOURS):
        symbols = [f"arrow {field}" for field in _field_numbers(rules.arrows[index])]
        symbols += [f"artefact {field}" for field in _field_numbers(rules.artefacts[index])]
        parts.append(f"{colour}: {', '.join(symbols) or 'plain'}")
    return " · ".join(parts)


HOUSE_SHEET: Rules = _checked_sheet(DEFAULT_SHEET)

OPTIONS: tuple[Option, ...] = (
    Option(
        "sheet",
        LATER.gettext(
            "the score sheet: per colour the fields (1-9) with an arrow or an artefact, and "
            "the points for 1-9 marks of each column; the default is a house layout, as the "
            "printed one is not known (%(layout)s)",
            layout=describe_layout(HOUSE_SHEET),
        ),
        DEFAULT_SHEET,
        sheet_option_value,
    ),
    choice_option(
        "order",
        LATER.gettext(
            "how the other players choose after the active player: all at once, each hidden "
            "until all have chosen (simultaneous), or one after another (clockwise)"
        ),
        SIMULTANEOUS,
        (SIMULTANEOUS, CLOCKWISE),
    ),
    int_option(
        "first_player",
        LATER.gettext("the seat that rolls first (default: drawn from the game's seed)"),
        None,
        0,
        4,
        fixes_chance=True,
    ),
)


def check_options(players: int, options: Mapping[str, JSON]) -> None:
    """What one option's parse cannot check alone: the first player among the seats."""
    first = options["first_player"]
    if first is not None and first >= players:
        raise BadOptions(
            "first_player",
            LATER.gettext(
                "option 'first_player' must be a seat from 0 to %(last)d", last=players - 1
            ),
        )
