"""Views and log events as plain text, for a terminal or an email.

Sheets are drawn as the printed pad is read: expeditions bottom to top, the bridge between
fields 6 and 7, symbols on the empty fields so a player can see the next arrow coming. Works
from the JSON view alone, as the client holds nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shared.engine import JSON, Event, seat_name, seats_named
from shared.games.lost_cities_dice.notation import format_move
from shared.games.lost_cities_dice.sheet_data import BRIDGE_MARK, COLOURS, COLUMNS, FIELDS
from shared.legend import Key, key_line
from shared.text import WIDTH, wrapped
from shared.words import ENGLISH, Words

CELL = 7
ARROW, ARTEFACT, TOP, VASE, DIE = "↑", "◆", "▲", "⚱", "⚄"
"""How the HTML board draws what the text writes `>`, `*`, `T`, and the two right columns."""
CIRCLE = {"marked": "x", "struck": "-", "open": "o"}
"""A double-point circle's states, in the text and on the board alike."""

KEYS = (
    Key(">", ARROW, "arrow"),
    Key("*", ARTEFACT, "artefact"),
    Key("T", TOP, "top artefact"),
    Key("", VASE, "vases"),
    Key("", DIE, "dice symbols"),
    Key("#", "dark:", "marked"),
    Key(".", "", "empty"),
    Key(CIRCLE["marked"], CIRCLE["marked"], "marked", "circle"),
    Key(CIRCLE["struck"], CIRCLE["struck"], "struck", "circle"),
    Key(CIRCLE["open"], CIRCLE["open"], "open", "circle"),
    Key("+N", "+N", "bonus", "bridge"),
    Key("0", "0", "crossed late", "bridge"),
    Key("=", "=", "not crossed", "bridge"),
    Key("0", "0", "is 10 (a circle if not yet begun)", "a die's"),
    Key("accel red", "", "an arrow accelerates red"),
)
"""What the sheets' symbols mean (`shared.legend`): the text's key and the board's legend."""


def render_view(
    view: dict[str, JSON],
    names: Sequence[str] = (),
    width: int = WIDTH,
    compact: bool = False,
    words: Words = ENGLISH,
) -> str:
    """Every sheet in full, or with `compact` the viewer's own in full and the others' on a
    line or two each."""
    rolled = f"Dice rolled by {seat_name(view['active'], names)}: "
    lines = [heading(view, names), rolled + dice_text(view["dice"]["rolled"])]
    lines += choosing_lines(view, names)
    brief = []
    for seat, sheet in enumerate(view["sheets"]):
        if compact and seat != view["seat"]:
            brief.append(_brief_sheet(view, seat, sheet, names))
        else:
            lines += ["", *_sheet_lines(view, seat, sheet, names)]
    if brief:
        lines += ["", *brief]
    lines += ["", key_line(KEYS)]
    return "\n".join(wrapped(lines, width))


def heading(view: dict[str, Any], names: Sequence[str]) -> str:
    text = f"Lost Cities: Roll & Write - turn {view['turn']}, {view['order']} choices"
    final = view["result"]
    if final is not None:
        winners = seats_named(final["winners"], names)
        return f"{text} - game over ({final['reason']}); won by {winners}"
    return text


def choosing_lines(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Who chose what from the dice, who is still to choose, and the bridges crossed."""
    dice = view["dice"]
    active = seat_name(view["active"], names)
    lines: list[str] = []
    taken = dice["active_choice"]
    if taken is not None:
        took = "refused" if taken["action"] == "refuse" else f"took {format_move(taken)}"
        lines.append(
            f"Active player: {active}, who {took}; left for the others: "
            f"{dice_text(dice['available'])}"
        )
    if view["to_act"]:
        lines.append("To choose: " + seats_named(view["to_act"], names))
    if view["chosen"]:
        lines.append("Chosen, hidden until all have chosen: " + seats_named(view["chosen"], names))
    if view["your_choice"] is not None:
        lines.append(f"Your choice (hidden from the others): {format_move(view['your_choice'])}")
    claimed = [f"{column} (turn {turn})" for column, turn in view["bridges"].items() if turn]
    lines.append("Bridges crossed: " + (", ".join(claimed) or "none yet"))
    return lines


def dice_text(dice: dict[str, Any]) -> str:
    return f"{' '.join(dice['colours'])} | {' '.join(str(n) for n in dice['numbers'])}"


def _sheet_lines(
    view: dict[str, Any], seat: int, sheet: dict[str, Any], names: Sequence[str]
) -> list[str]:
    expeditions, layout = sheet["expeditions"], view["layout"]
    points = sheet["points"]
    lines = [_notes(view, seat, sheet, names)]
    lines.append(_row("", [*COLOURS, "vases", "dice"]))
    lines.append(_row("top", ["T" if expeditions[c]["top"] else "." for c in COLOURS]))
    for field in range(FIELDS, 0, -1):
        cells = [_field(expeditions[c]["numbers"], layout[c], field) for c in COLOURS]
        cells += ["#" if sheet[column] >= field else "." for column in ("vases", "dice")]
        lines.append(_row(str(field), cells))
        if field == BRIDGE_MARK:
            lines.append(_row("bridge", [_bridge(view, sheet, column) for column in COLUMNS]))
    lines.append(_row("circle", [_circle(expeditions[c]) for c in COLOURS]))
    columns = [str(points[c]) for c in (*COLOURS, "artefacts", "dice")]
    lines.append(f"{_row('points', columns)}   bridges {points['bridges']}")
    return lines


def _notes(view: dict[str, Any], seat: int, sheet: dict[str, Any], names: Sequence[str]) -> str:
    """`Sheet of bo (you, 35 points, exhausted)`: whose, and what stands out."""
    notes = [f"{sheet['points']['total']} points"]
    if seat == view["seat"]:
        notes.insert(0, "you")
    if sheet["exhausted"]:
        notes.append("exhausted")
    if sheet["resigned"]:
        notes.append("resigned")
    return f"Sheet of {seat_name(seat, names)} ({', '.join(notes)})"


def _brief_sheet(
    view: dict[str, Any], seat: int, sheet: dict[str, Any], names: Sequence[str]
) -> str:
    """A sheet on a line: the expeditions begun (x: its circle marked, T: its top artefact),
    the vases and dice symbols marked, the bridges crossed."""
    begun = []
    for colour in COLOURS:
        expedition = sheet["expeditions"][colour]
        marks = [CIRCLE["marked"]] if expedition["circle"] else []
        marks += [str(number) for number in expedition["numbers"]]
        marks += ["T"] if expedition["top"] else []
        if marks:
            begun.append(" ".join([colour, *marks]))
    parts = [
        ", ".join(begun) or "no expedition begun",
        f"vases {sheet['vases']}, dice {sheet['dice']}",
    ]
    crossed = [
        f"{column} {_bridge(view, sheet, column)}" for column in COLUMNS if sheet["bridges"][column]
    ]
    if crossed:
        parts.append("bridges " + ", ".join(crossed))
    return f"{_notes(view, seat, sheet, names)}: {'; '.join(parts)}"


def _row(label: str, cells: list[str]) -> str:
    return f"{label:<{CELL}}" + "".join(f"{cell:>{CELL}}" for cell in cells).rstrip()


def _field(numbers: list[int], layout: dict[str, list[int]], field: int) -> str:
    if field <= len(numbers):
        return str(numbers[field - 1])
    if field in layout["arrows"]:
        return ">"
    return "*" if field in layout["artefacts"] else "."


def _circle(expedition: dict[str, Any]) -> str:
    if expedition["circle"]:
        return CIRCLE["marked"]
    return CIRCLE["struck" if expedition["numbers"] else "open"]


def _bridge(view: dict[str, Any], sheet: dict[str, Any], column: str) -> str:
    state = sheet["bridges"][column]
    if state == "bonus":
        return f"+{view['bridge_bonus']}"
    return "0" if state == "crossed" else "="


def render_event(event: Event, names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    parts = [_event_head(event, names)]
    for revealed in event.get("revealed", []):
        parts.append(f"{seat_name(revealed['seat'], names)} {_choice_text(revealed)}")
    if "next" in event:
        upcoming = event["next"]
        roller = seat_name(upcoming["active"], names)
        parts.append(f"turn {upcoming['turn']}: {roller} rolled {dice_text(upcoming)}")
    if "end" in event:
        end = event["end"]
        parts.append(
            f"game over ({end['reason']}): scores {', '.join(str(s) for s in end['scores'])}; "
            f"won by {seats_named(end['winners'], names)}"
        )
    return " · ".join(parts)


def _event_head(event: Event, names: Sequence[str]) -> str:
    head = f"turn {event['turn']}: {seat_name(event['seat'], names)}"
    if event["type"] == "resign":
        return f"{head} resigned"
    if "choice" not in event:
        if "revealed" in event:
            return f"{head} chose last; all choices revealed"
        return f"{head} has chosen (hidden until all have chosen)"
    role = " (active)" if event.get("active") else ""
    text = f"{head}{role} {_choice_text(event)}"
    if "left" in event:
        text += f"; left {dice_text(event['left'])}"
    if event.get("pending"):
        text += " (hidden from the others until all have chosen)"
    return text


def _choice_text(choice: dict[str, Any]) -> str:
    marks = ", ".join(_mark_text(mark) for mark in choice["marks"]) or "no effect"
    return f"{format_move(choice['choice'])} -> {marks}"


def _mark_text(mark: dict[str, Any]) -> str:
    kind = mark["mark"]
    if kind == "field":
        return f"{mark['colour']} field {mark['field']} = {mark['number']}"
    if kind == "circle":
        return f"{mark['colour']} circle"
    if kind == "top":
        return f"{mark['colour']} top artefact"
    if kind == "vase":
        return f"vase {mark['vase']}"
    if kind == "dice":
        return f"dice {mark['symbol']}" + (" (exhausted)" if mark["exhausted"] else "")
    bonus = f"+{mark['bonus']}" if mark["bonus"] else "no bonus"
    return f"{mark['column']} bridge {bonus}"
