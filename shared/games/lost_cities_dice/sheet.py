"""One player's score sheet, and writing an action onto it.

Writing is also how a choice is checked: the rules of a write (circle only before the start,
numbers never go down, one acceleration per arrow reached) are easiest to state while doing it,
so `write` either returns the new sheet with every mark it made, or raises `IllegalMove` saying
which rule the choice broke. Marks are JSON-ready because they go straight into log events.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.engine import JSON, IllegalMove
from shared.games.lost_cities_dice.moves import Action
from shared.games.lost_cities_dice.options import Rules
from shared.games.lost_cities_dice.sheet_data import (
    ARTEFACT_COLUMN,
    BRIDGE_MARK,
    COLOURS,
    COLUMNS,
    DICE_COLUMN,
    FIELDS,
)
from shared.immutable import replace_at
from shared.words import LATER

Mark = dict[str, JSON]


class Sheet(NamedTuple):
    """Everything written on one sheet. `bonuses` (per bridge, in `COLUMNS` order) records the
    bridges whose 20 points this sheet earned: that depends on when others crossed, so it
    cannot be read off the fields later."""

    expeditions: tuple[tuple[int, ...], ...]
    circles: tuple[bool, ...]
    tops: tuple[bool, ...]
    vases: int
    refusals: int
    bonuses: tuple[bool, ...]

    def marks_in(self, column: int) -> int:
        """How far a bridge column is filled: fields, vases or dice symbols."""
        if column == ARTEFACT_COLUMN:
            return self.vases
        if column == DICE_COLUMN:
            return self.refusals
        return len(self.expeditions[column])

    @property
    def exhausted(self) -> bool:
        return self.refusals >= FIELDS


EMPTY_SHEET = Sheet(
    expeditions=((),) * len(COLOURS),
    circles=(False,) * len(COLOURS),
    tops=(False,) * len(COLOURS),
    vases=0,
    refusals=0,
    bonuses=(False,) * len(COLUMNS),
)


def write(
    sheet: Sheet,
    rules: Rules,
    action: Action,
    bridge_turns: tuple[int | None, ...],
    turn_number: int,
) -> tuple[Sheet, list[Mark], list[int]]:
    """The sheet after `action` in turn `turn_number`, the marks made, and the bridges crossed.

    `bridge_turns` holds the turn each bridge was first crossed (None: not yet): crossing
    earns the bonus if nobody crossed in an earlier turn.
    """
    pen = _Pen(sheet, rules, bridge_turns, turn_number)
    if action.colour is None:
        pen.refuse()
    else:
        pen.choose(action.colour, action.number, action.accelerate)
    return pen.finished(), pen.marks, pen.crossed


class _Pen:
    """A sheet while one choice is written: mutable working copies, frozen at the end."""

    __slots__ = (
        "bonuses",
        "bridge_turns",
        "circles",
        "crossed",
        "expeditions",
        "marks",
        "refusals",
        "rules",
        "tops",
        "turn_number",
        "vases",
    )

    def __init__(
        self,
        sheet: Sheet,
        rules: Rules,
        bridge_turns: tuple[int | None, ...],
        turn_number: int,
    ) -> None:
        self.rules = rules
        self.bridge_turns = bridge_turns
        self.turn_number = turn_number
        self.expeditions = list(sheet.expeditions)
        self.circles = sheet.circles
        self.tops = sheet.tops
        self.vases = sheet.vases
        self.refusals = sheet.refusals
        self.bonuses = sheet.bonuses
        self.marks: list[Mark] = []
        self.crossed: list[int] = []

    def finished(self) -> Sheet:
        return Sheet(
            tuple(self.expeditions),
            self.circles,
            self.tops,
            self.vases,
            self.refusals,
            self.bonuses,
        )

    def choose(self, colour: int, number: int, accelerate: tuple[int | None, ...]) -> None:
        name = COLOURS[colour]
        expedition = self.expeditions[colour]
        if number == 0 and not expedition:
            if self.circles[colour]:
                raise IllegalMove(
                    "circle_marked",
                    LATER.gettext(
                        "the circle of %(colour)s is marked already, and a 0 counts as 10 only "
                        "once %(colour)s has started",
                        colour=name,
                    ),
                )
            self.circles = replace_at(self.circles, colour, True)
            self.marks.append({"mark": "circle", "colour": name})
            reached_arrow = False
        else:
            value = number or 10
            if expedition and value < expedition[-1]:
                raise IllegalMove(
                    "number_too_low",
                    LATER.gettext(
                        "%(colour)s has reached %(last)d; a %(number)d would go down",
                        colour=name,
                        last=expedition[-1],
                        number=value,
                    ),
                )
            advanced = self.advance(colour, value)
            if advanced is None:
                raise IllegalMove(
                    "expedition_complete",
                    LATER.gettext(
                        "%(colour)s is full and its top artefact is marked: nothing more goes "
                        "there",
                        colour=name,
                    ),
                )
            reached_arrow = advanced
        self.accelerate(accelerate, reached_arrow)

    def accelerate(self, targets: tuple[int | None, ...], reached_arrow: bool) -> None:
        """One target per arrow reached, in order; each acceleration may reach another."""
        used = 0
        while reached_arrow:
            if used == len(targets):
                raise IllegalMove(
                    "acceleration_missing",
                    LATER.gettext(
                        "that write reaches an acceleration arrow: add 'accel <colour>' to "
                        "accelerate an expedition, or 'accel none' to decline"
                    ),
                )
            target = targets[used]
            used += 1
            if target is None:
                break
            expedition = self.expeditions[target]
            advanced = self.advance(target, expedition[-1] if expedition else 1)
            if advanced is None:
                raise IllegalMove(
                    "cannot_accelerate",
                    LATER.gettext(
                        "%(colour)s is full and its top artefact is marked: it cannot be "
                        "accelerated",
                        colour=COLOURS[target],
                    ),
                )
            reached_arrow = advanced
        if used < len(targets):
            raise IllegalMove(
                "acceleration_unused",
                LATER.ngettext(
                    "the move names %(num)d acceleration, more than the arrows it reaches "
                    "(%(used)d)",
                    "the move names %(num)d accelerations, more than the arrows it reaches "
                    "(%(used)d)",
                    len(targets),
                    used=used,
                ),
            )

    def advance(self, colour: int, value: int) -> bool | None:
        """One step up `colour`'s expedition, by a number or an acceleration: `value` written
        into its next field (`write_field`: True if that carries an arrow), or once its fields
        are full its top artefact marked (False); None where both are done, for the caller to
        refuse in its own words."""
        if len(self.expeditions[colour]) < FIELDS:
            return self.write_field(colour, value)
        if self.tops[colour]:
            return None
        self.mark_top(colour)
        return False

    def write_field(self, colour: int, value: int) -> bool:
        """Write into the lowest empty field; True if that field carries an arrow."""
        expedition = (*self.expeditions[colour], value)
        self.expeditions[colour] = expedition
        field = len(expedition)
        self.marks.append(
            {"mark": "field", "colour": COLOURS[colour], "field": field, "number": value}
        )
        if self.rules.artefacts[colour][field - 1]:
            self.mark_vase()
        if field == BRIDGE_MARK:
            self.cross(colour)
        return self.rules.arrows[colour][field - 1]

    def mark_top(self, colour: int) -> None:
        self.tops = replace_at(self.tops, colour, True)
        self.marks.append({"mark": "top", "colour": COLOURS[colour]})
        self.mark_vase()

    def mark_vase(self) -> None:
        if self.vases == FIELDS:
            return
        self.vases += 1
        self.marks.append({"mark": "vase", "vase": self.vases})
        if self.vases == BRIDGE_MARK:
            self.cross(ARTEFACT_COLUMN)

    def refuse(self) -> None:
        if self.refusals == FIELDS:
            return
        self.refusals += 1
        self.marks.append(
            {"mark": "dice", "symbol": self.refusals, "exhausted": self.refusals == FIELDS}
        )
        if self.refusals == BRIDGE_MARK:
            self.cross(DICE_COLUMN)

    def cross(self, column: int) -> None:
        first = self.bridge_turns[column]
        bonus = first is None or first == self.turn_number
        if bonus:
            self.bonuses = replace_at(self.bonuses, column, True)
        self.crossed.append(column)
        self.marks.append(
            {
                "mark": "bridge",
                "column": COLUMNS[column],
                "bonus": self.rules.bridge_bonus if bonus else 0,
            }
        )
