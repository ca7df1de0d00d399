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
from shared.words import ENGLISH, LATER, Sentence, Words

CELL = 7
ARROW, ARTEFACT, TOP, VASE, DIE = "↑", "◆", "▲", "⚱", "⚄"
"""How the HTML board draws what the text writes `>`, `*`, `T`, and the two right columns."""
CIRCLE = {"marked": "x", "struck": "-", "open": "o"}
"""A double-point circle's states, in the text and on the board alike."""

KEYS = (
    Key(">", ARROW, LATER.gettext("arrow")),
    Key("*", ARTEFACT, LATER.gettext("artefact")),
    Key("T", TOP, LATER.gettext("top artefact")),
    Key("", VASE, LATER.gettext("vases")),
    Key("", DIE, LATER.gettext("dice symbols")),
    Key("#", "▮", LATER.gettext("marked")),
    Key(".", "", LATER.gettext("empty")),
    Key(CIRCLE["marked"], CIRCLE["marked"], LATER.gettext("marked"), LATER.gettext("circle")),
    Key(CIRCLE["struck"], CIRCLE["struck"], LATER.gettext("struck"), LATER.gettext("circle")),
    Key(CIRCLE["open"], CIRCLE["open"], LATER.pgettext("circle", "open"), LATER.gettext("circle")),
    Key("+N", "+N", LATER.gettext("bonus"), LATER.gettext("bridge")),
    Key("0", "0", LATER.gettext("crossed late"), LATER.gettext("bridge")),
    Key("=", "=", LATER.gettext("not crossed"), LATER.gettext("bridge")),
    Key("0", "0", LATER.gettext("is 10 (a circle if not yet begun)"), LATER.gettext("a die's")),
    Key("accel red", "", LATER.gettext("an arrow accelerates red")),
)
"""What the sheets' symbols mean (`shared.legend`): the text's key and the board's legend."""
REASONS: dict[str, Sentence] = {
    "resignation": LATER.gettext("all but one resigned"),
    "bridges": LATER.gettext("all bridges crossed"),
    "exhausted": LATER.gettext("all exhausted"),
}
"""Why a game ended (`result["reason"]`), as people read it."""
LABELS = {
    "top": LATER.gettext("top"),
    "bridge": LATER.gettext("bridge"),
    "circle": LATER.gettext("circle"),
    "points": LATER.gettext("points"),
    "vases": LATER.gettext("vases"),
    "dice": LATER.gettext("dice"),
    "artefacts": LATER.gettext("artefacts"),
}
"""The sheet's row and column labels (a few letters: a cell is seven wide)."""


COLOUR_WORDS: dict[str, tuple[Sentence, Sentence]] = {
    "red": (LATER.pgettext("colour", "red"), LATER.pgettext("sheet column", "red")),
    "orange": (LATER.pgettext("colour", "orange"), LATER.pgettext("sheet column", "orange")),
    "yellow": (LATER.pgettext("colour", "yellow"), LATER.pgettext("sheet column", "yellow")),
    "green": (LATER.pgettext("colour", "green"), LATER.pgettext("sheet column", "green")),
    "blue": (LATER.pgettext("colour", "blue"), LATER.pgettext("sheet column", "blue")),
    "purple": (LATER.pgettext("colour", "purple"), LATER.pgettext("sheet column", "purple")),
}
"""Each expedition's colour (a colour die's face) in the reader's words, and as a heading
over its column of a sheet drawn as text, in a cell's width (`czerw.`)."""


def colour_word(colour: str, words: Words) -> str:
    return COLOUR_WORDS[colour][0].said(words)


def column_word(column: str, words: Words) -> str:
    """A column of the sheet in the reader's words: an expedition by its colour, or the vases'
    (`artefacts`) and the dice symbols'."""
    return LABELS[column].said(words) if column in LABELS else colour_word(column, words)


def move_text(move: JSON, words: Words) -> str:
    """A move as the notation writes it (`blue 3 accel red`), its words in the reader's
    language, each of which the notation reads back (`niebieski 3 przyspiesz czerwony`)."""
    parts = format_move(move).split()
    said = {
        "refuse": words.pgettext("move", "refuse"),
        "accel": words.pgettext("move", "accel"),
        "none": words.gettext("none"),
    }
    return " ".join(
        colour_word(part, words) if part in COLOURS else said.get(part, part) for part in parts
    )


def view_lines(
    view: dict[str, JSON], names: Sequence[str], compact: bool, words: Words
) -> list[str]:
    """Every sheet in full, or with `compact` the viewer's own in full and the others' on a
    line or two each."""
    rolled = words.gettext(
        "Dice rolled by %(name)s: %(dice)s",
        name=seat_name(view["active"], names, words),
        dice=dice_text(view["dice"]["rolled"], words),
    )
    lines = [heading(view, names, words), rolled]
    lines += choosing_lines(view, names, words)
    brief = []
    for seat, sheet in enumerate(view["sheets"]):
        if compact and seat != view["seat"]:
            brief.append(_brief_sheet(view, seat, sheet, names, words))
        else:
            lines += ["", *_sheet_lines(view, seat, sheet, names, words)]
    if brief:
        lines += ["", *brief]
    lines += ["", key_line(KEYS, words)]
    return lines


def heading(view: dict[str, Any], names: Sequence[str], words: Words) -> str:
    if view["order"] == "clockwise":
        text = words.gettext(
            "Lost Cities: Roll & Write - turn %(turn)d, clockwise choices", turn=view["turn"]
        )
    else:
        text = words.gettext(
            "Lost Cities: Roll & Write - turn %(turn)d, simultaneous choices", turn=view["turn"]
        )
    final = view["result"]
    if final is not None:
        return words.gettext(
            "%(heading)s - game over (%(reason)s); won by %(winners)s",
            heading=text,
            reason=reason(final["reason"], words),
            winners=seats_named(final["winners"], names, words),
        )
    return text


def reason(ended_by: str, words: Words) -> str:
    return REASONS[ended_by].said(words) if ended_by in REASONS else ended_by


def choosing_lines(view: dict[str, Any], names: Sequence[str], words: Words) -> list[str]:
    """Who chose what from the dice, who is still to choose, and the bridges crossed."""
    dice = view["dice"]
    active = seat_name(view["active"], names, words)
    lines: list[str] = []
    taken = dice["active_choice"]
    if taken is not None:
        left = dice_text(dice["available"], words)
        if taken["action"] == "refuse":
            lines.append(
                words.gettext(
                    "Active player: %(name)s, who refused; left for the others: %(dice)s",
                    name=active,
                    dice=left,
                )
            )
        else:
            lines.append(
                words.gettext(
                    "Active player: %(name)s, who took %(move)s; left for the others: %(dice)s",
                    name=active,
                    move=move_text(taken, words),
                    dice=left,
                )
            )
    if view["to_act"]:
        lines.append(
            words.gettext("To choose: %(names)s", names=seats_named(view["to_act"], names, words))
        )
    if view["chosen"]:
        lines.append(
            words.gettext(
                "Chosen, hidden until all have chosen: %(names)s",
                names=seats_named(view["chosen"], names, words),
            )
        )
    if view["your_choice"] is not None:
        lines.append(
            words.gettext(
                "Your choice (hidden from the others): %(move)s",
                move=move_text(view["your_choice"], words),
            )
        )
    claimed = [
        words.gettext("%(column)s (turn %(turn)d)", column=column_word(column, words), turn=turn)
        for column, turn in view["bridges"].items()
        if turn
    ]
    if claimed:
        lines.append(words.gettext("Bridges crossed: %(bridges)s", bridges=", ".join(claimed)))
    else:
        lines.append(words.gettext("Bridges crossed: none yet"))
    return lines


def dice_text(dice: dict[str, Any], words: Words) -> str:
    colours = " ".join(colour_word(colour, words) for colour in dice["colours"])
    return f"{colours} | {' '.join(str(n) for n in dice['numbers'])}"


def label(name: str, words: Words) -> str:
    return LABELS[name].said(words)


def _sheet_lines(
    view: dict[str, Any], seat: int, sheet: dict[str, Any], names: Sequence[str], words: Words
) -> list[str]:
    expeditions, layout = sheet["expeditions"], view["layout"]
    points = sheet["points"]
    lines = [_notes(view, seat, sheet, names, words)]
    heads = [COLOUR_WORDS[colour][1].said(words) for colour in COLOURS]
    lines.append(_row("", [*heads, label("vases", words), label("dice", words)]))
    lines.append(
        _row(label("top", words), ["T" if expeditions[c]["top"] else "." for c in COLOURS])
    )
    for field in range(FIELDS, 0, -1):
        cells = [_field(expeditions[c]["numbers"], layout[c], field) for c in COLOURS]
        cells += ["#" if sheet[column] >= field else "." for column in ("vases", "dice")]
        lines.append(_row(str(field), cells))
        if field == BRIDGE_MARK:
            lines.append(
                _row(label("bridge", words), [_bridge(view, sheet, column) for column in COLUMNS])
            )
    lines.append(_row(label("circle", words), [_circle(expeditions[c]) for c in COLOURS]))
    columns = [str(points[c]) for c in (*COLOURS, "artefacts", "dice")]
    bridges = words.gettext("bridges %(points)d", points=points["bridges"])
    lines.append(f"{_row(label('points', words), columns)}   {bridges}")
    return lines


def sheet_notes(view: dict[str, Any], seat: int, sheet: dict[str, Any], words: Words) -> str:
    """`you, 35 points, exhausted`: what stands out about a sheet (a list, each item whole)."""
    total = sheet["points"]["total"]
    notes = [words.ngettext("%(num)d point", "%(num)d points", total)]
    if seat == view["seat"]:
        notes.insert(0, words.gettext("you"))
    if sheet["exhausted"]:
        notes.append(words.gettext("exhausted"))
    if sheet["resigned"]:
        notes.append(words.gettext("resigned"))
    return ", ".join(notes)


def _notes(
    view: dict[str, Any], seat: int, sheet: dict[str, Any], names: Sequence[str], words: Words
) -> str:
    """`Sheet of bo (you, 35 points, exhausted)`: whose, and what stands out."""
    return words.gettext(
        "Sheet of %(name)s (%(notes)s)",
        name=seat_name(seat, names, words),
        notes=sheet_notes(view, seat, sheet, words),
    )


def _brief_sheet(
    view: dict[str, Any], seat: int, sheet: dict[str, Any], names: Sequence[str], words: Words
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
            begun.append(" ".join([colour_word(colour, words), *marks]))
    parts = [
        ", ".join(begun) or words.gettext("no expedition begun"),
        words.gettext("vases %(vases)d, dice %(dice)d", vases=sheet["vases"], dice=sheet["dice"]),
    ]
    crossed = [
        f"{column_word(column, words)} {_bridge(view, sheet, column)}"
        for column in COLUMNS
        if sheet["bridges"][column]
    ]
    if crossed:
        parts.append(words.gettext("bridges %(crossed)s", crossed=", ".join(crossed)))
    return f"{_notes(view, seat, sheet, names, words)}: {'; '.join(parts)}"


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
    parts = [_event_head(event, names, words)]
    for revealed in event.get("revealed", []):
        parts.append(f"{seat_name(revealed['seat'], names, words)} {_choice_text(revealed, words)}")
    if "next" in event:
        upcoming = event["next"]
        parts.append(
            words.gettext(
                "turn %(turn)d: %(name)s rolled %(dice)s",
                turn=upcoming["turn"],
                name=seat_name(upcoming["active"], names, words),
                dice=dice_text(upcoming, words),
            )
        )
    if "end" in event:
        end = event["end"]
        parts.append(
            words.gettext(
                "game over (%(reason)s): scores %(scores)s; won by %(winners)s",
                reason=reason(end["reason"], words),
                scores=", ".join(str(s) for s in end["scores"]),
                winners=seats_named(end["winners"], names, words),
            )
        )
    return " · ".join(parts)


def _event_head(event: Event, names: Sequence[str], words: Words) -> str:
    values = {"turn": event["turn"], "name": seat_name(event["seat"], names, words)}
    if event["type"] == "resign":
        return words.gettext("turn %(turn)d: %(name)s resigned", **values)
    if "choice" not in event:
        if "revealed" in event:
            return words.gettext(
                "turn %(turn)d: %(name)s chose last; all choices revealed", **values
            )
        return words.gettext(
            "turn %(turn)d: %(name)s has chosen (hidden until all have chosen)", **values
        )
    choice = _choice_text(event, words)
    if event.get("active"):
        text = words.gettext("turn %(turn)d: %(name)s (active) %(choice)s", choice=choice, **values)
    else:
        text = words.gettext("turn %(turn)d: %(name)s %(choice)s", choice=choice, **values)
    if "left" in event:
        text = words.gettext(
            "%(text)s; left %(dice)s", text=text, dice=dice_text(event["left"], words)
        )
    if event.get("pending"):
        text = words.gettext("%(text)s (hidden from the others until all have chosen)", text=text)
    return text


def _choice_text(choice: dict[str, Any], words: Words) -> str:
    marks = ", ".join(_mark_text(mark, words) for mark in choice["marks"])
    return f"{move_text(choice['choice'], words)} -> {marks or words.gettext('no effect')}"


def _mark_text(mark: dict[str, Any], words: Words) -> str:
    kind = mark["mark"]
    if kind == "field":
        return words.gettext(
            "%(colour)s field %(field)d = %(number)d",
            colour=colour_word(mark["colour"], words),
            field=mark["field"],
            number=mark["number"],
        )
    if kind == "circle":
        return words.gettext("%(colour)s circle", colour=colour_word(mark["colour"], words))
    if kind == "top":
        return words.gettext("%(colour)s top artefact", colour=colour_word(mark["colour"], words))
    if kind == "vase":
        return words.gettext("vase %(vase)d", vase=mark["vase"])
    if kind == "dice":
        if mark["exhausted"]:
            return words.gettext("dice %(symbol)d (exhausted)", symbol=mark["symbol"])
        return words.gettext("dice %(symbol)d", symbol=mark["symbol"])
    if mark["bonus"]:
        return words.gettext(
            "%(column)s bridge +%(bonus)d",
            column=column_word(mark["column"], words),
            bonus=mark["bonus"],
        )
    return words.gettext("%(column)s bridge no bonus", column=column_word(mark["column"], words))
