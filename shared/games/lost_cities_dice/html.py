"""A view as an HTML board: the dice of the turn, then every score sheet as the pad prints it,
your own first.

A sheet is a grid: the six expeditions (each its colour, headed by its letter), the vases and
the dice symbols, fields 9 at the top to 1 at the bottom, the bridge between 6 and 7, the
circles under field 1 and the points under all. An empty field shows what it carries (an arrow,
an artefact), a written one its number. Sheets are printed paper, light in dark mode too; they
sit side by side where the page is wide enough. Drawn from the JSON view alone, like the text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from shared.engine import JSON, seat_name
from shared.games.lost_cities_dice.render import (
    ARROW,
    ARTEFACT,
    CIRCLE,
    DIE,
    KEYS,
    TOP,
    VASE,
    choosing_lines,
    colour_word,
    column_word,
    heading,
    label,
    sheet_notes,
)
from shared.games.lost_cities_dice.sheet_data import BRIDGE_MARK, COLOURS, FIELDS
from shared.html import board, chip, h
from shared.legend import legend
from shared.words import ENGLISH, Words

LETTER = {colour: colour[0].upper() for colour in COLOURS}


def board_legend(words: Words) -> str:
    return words.gettext(
        "Expeditions %(colours)s fill from field 1 up. %(keys)s; struck-through dice are the "
        "active player's.",
        colours=", ".join(f"{LETTER[c]} {colour_word(c, words)}" for c in COLOURS),
        keys=legend(KEYS, board=True, words=words),
    )


PALETTE = {
    "red": ("#c3302a", "#ffffff", "#f7d6d3", "#8c221d"),
    "orange": ("#b5530f", "#ffffff", "#fbe0c8", "#8a3f0d"),
    "yellow": ("#f3c623", "#1f1b16", "#fbefbd", "#6b5405"),
    "green": ("#2b7a39", "#ffffff", "#d3ead6", "#1b4f25"),
    "blue": ("#1f5fbf", "#ffffff", "#d5e2f6", "#153f80"),
    "purple": ("#7b3fa3", "#ffffff", "#e7d8f1", "#4f2869"),
    "artefacts": ("#7a5a2e", "#ffffff", "#efe4cf", "#5a4220"),
    "dice": ("#3f3f46", "#ffffff", "#e4e4e7", "#3f3f46"),
}
"""Per column: the colour of a marked field and its text, of an empty field and its text."""

STYLE = (
    """
.roll-write .dice { margin: 4px 0 8px; }
.roll-write .number { background-color: #ffffff; color: #1f1b16; }
.roll-write .used { background-color: transparent; color: #6b6357; border-style: dashed;
  text-decoration: line-through; }
.roll-write .sheetbox { display: inline-block; width: 100%; max-width: 396px;
  vertical-align: top; margin: 0 10px 10px 0; }
.roll-write .sheet { width: 100%; table-layout: fixed; background-color: #fffdf7;
  color: #1f1b16; border: 1px solid #c9bfa9; border-radius: 6px; }
.roll-write .owner { font-weight: bold; padding: 4px; }
.roll-write .label { font-size: 11px; color: #5c554b; text-align: right; padding-right: 3px;
  line-height: 20px; }
.roll-write .head { text-align: center; font-weight: bold; font-size: 13px; line-height: 20px;
  border-radius: 4px; }
.roll-write .f { text-align: center; font-size: 13px; line-height: 20px; height: 20px;
  border-radius: 3px; }
.roll-write .full { font-weight: bold; }
.roll-write .mark { font-size: 9px; vertical-align: top; }
.roll-write .bridge { text-align: center; font-size: 11px; line-height: 14px;
  background-color: #d8c4a0; color: #3d2f17; }
.roll-write .bonus { font-weight: bold; background-color: #f5d77a; }
.roll-write .points { text-align: center; font-size: 11px; line-height: 18px; }
@media (prefers-color-scheme: dark) {
  .roll-write .used { color: #c9c1b3 !important; }
}
"""
    + "".join(
        f".roll-write .full-{column} {{ background-color: {full}; color: {full_text}; }}\n"
        f".roll-write .pale-{column} {{ background-color: {pale}; color: {pale_text}; }}\n"
        for column, (full, full_text, pale, pale_text) in PALETTE.items()
    )
    + ".roll-write .die.full-yellow { border-color: #a8850c; }\n"
)


def render_html(view: dict[str, JSON], names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    dice = view["dice"]
    rolled = h(
        "div",
        words.gettext("Dice rolled by %(name)s:", name=seat_name(view["active"], names, words)),
        " ",
        _dice(dice["rolled"], dice["available"]),
        cls="dice",
    )
    viewer = view["seat"]
    order = sorted(range(len(view["sheets"])), key=lambda seat: seat != viewer)  # yours first
    sheets = [
        h("div", _sheet(view, seat, view["sheets"][seat], names, words), cls="sheetbox")
        for seat in order
    ]
    notes = [h("div", line, cls="note") for line in choosing_lines(view, names, words)]
    title = heading(view, names, words)
    return board("roll-write", STYLE, title, rolled, notes, sheets, legend=board_legend(words))


def _dice(rolled: dict[str, Any], available: dict[str, Any]) -> list[Markup]:
    """The six dice, those the active player took struck through (the rest are available)."""
    left = Counter(available["colours"]) + Counter(f"n{n}" for n in available["numbers"])
    chips = []
    for colour in rolled["colours"]:
        chips.append(chip(LETTER[colour], _used(left, colour) + f"die full-{colour}", colour))
    for number in rolled["numbers"]:
        chips.append(chip(number, _used(left, f"n{number}") + "die number"))
    return chips


def _used(left: Counter[str], die: str) -> str:
    if left[die]:
        left[die] -= 1
        return ""
    return "used "


def _sheet(
    view: dict[str, Any], seat: int, sheet: dict[str, Any], names: Sequence[str], words: Words
) -> Markup:
    points = sheet["points"]
    owner = words.gettext(
        "%(name)s: %(notes)s; bridges %(bridges)d",
        name=seat_name(seat, names, words),
        notes=sheet_notes(view, seat, sheet, words),
        bridges=points["bridges"],
    )
    expeditions, layout = sheet["expeditions"], view["layout"]
    columns = (*COLOURS, "artefacts", "dice")
    rows = [
        h("tr", h("td", owner, cls="owner", colspan=len(columns) + 1)),
        _row(
            "",
            [h("td", LETTER[c], cls=f"head full-{c}", title=colour_word(c, words)) for c in COLOURS]
            + [
                h("td", VASE, cls="head pale-artefacts", title=label("vases", words)),
                h("td", DIE, cls="head pale-dice", title=column_word("dice", words)),
            ],
        ),
        _row(
            label("top", words),
            [_top(c, expeditions[c]["top"]) for c in COLOURS] + [h("td"), h("td")],
        ),
    ]
    for field in range(FIELDS, 0, -1):
        cells = [_field(c, expeditions[c]["numbers"], layout[c], field) for c in COLOURS]
        cells.append(_marked("artefacts", VASE, sheet["vases"] >= field))
        cells.append(_marked("dice", DIE, sheet["dice"] >= field))
        rows.append(_row(str(field), cells))
        if field == BRIDGE_MARK:
            rows.append(_row("", [_bridge(view, sheet["bridges"][c]) for c in columns]))
    circles = [_circle(c, expeditions[c]) for c in COLOURS] + [h("td"), h("td")]
    rows.append(_row(label("circle", words), circles))
    rows.append(_row(label("points", words), [h("td", points[c], cls="points") for c in columns]))
    return h("table", rows, cls="sheet")


def _row(label: str, cells: list[Markup]) -> Markup:
    return h("tr", h("td", label, cls="label"), cells)


def _field(colour: str, numbers: list[int], layout: dict[str, list[int]], field: int) -> Markup:
    symbol = ""
    if field in layout["arrows"]:
        symbol = ARROW
    elif field in layout["artefacts"]:
        symbol = ARTEFACT
    if field <= len(numbers):
        return h(
            "td",
            numbers[field - 1],
            h("span", symbol, cls="mark") if symbol else None,
            cls=f"f full full-{colour}",
        )
    return h("td", symbol, cls=f"f pale-{colour}")


def _marked(column: str, symbol: str, marked: bool) -> Markup:
    return h("td", symbol, cls=f"f {'full full' if marked else 'pale'}-{column}")


def _top(colour: str, marked: bool) -> Markup:
    return h("td", TOP, cls=f"f {'full full' if marked else 'pale'}-{colour}")


def _circle(colour: str, expedition: dict[str, Any]) -> Markup:
    if expedition["circle"]:
        return h("td", CIRCLE["marked"], cls=f"f full full-{colour}")
    return h("td", CIRCLE["struck" if expedition["numbers"] else "open"], cls=f"f pale-{colour}")


def _bridge(view: dict[str, Any], state: str | None) -> Markup:
    if state == "bonus":
        return h("td", f"+{view['bridge_bonus']}", cls="bridge bonus")
    return h("td", "0" if state == "crossed" else "=", cls="bridge")
